"""Completion, hover and definition in environment files.

An environment is read in the light of the workspace: its
`resource_registry` maps types (Heat's own, and the custom ones the
workspace's templates use) to types or template files (relative to the
environment); `parameters` and `parameter_defaults` name parameters the
templates declare.  Completion offers those names, hover says what each
entry stands for, definition goes to the template a mapping names or to
the declarations of a parameter.  With the `capabilities` setting, a list
of candidate templates (the resource-capabilities blueprint) is explained
by which candidate `requires` selects and why, and each candidate leads to
its template.
"""
from __future__ import annotations

import os
from typing import Any

from hot_ls.analysis import Analysis
from hot_ls.features.at import chain, path_of
from hot_ls.features.cross_file import parameter_declarations
from hot_ls.features.cursor import locate
from hot_ls.features.hover.markdown import code, first_paragraphs, type_markdown
from hot_ls.features.types import CompletionItem, CompletionResult, Hover, ItemKind, Location, Span
from hot_ls.model.environment import (EVENT_SINKS, PARAMETER_DEFAULTS,
                                      PARAMETER_MERGE_STRATEGIES, PARAMETERS, RESOURCE_REGISTRY,
                                      STRATEGIES)
from hot_ls.model.event_sinks import SINK_TYPES
from hot_ls.syntax import Mapping, Scalar, Sequence
from hot_ls.workspace.registry import HOOK_TYPES, HOOKS, RESOURCES, RESTRICTED, RESTRICTED_ACTIONS

SECTION_DOCS = {
    PARAMETERS: 'Values of the stack\'s own parameters (like `-P`); Heat refuses a name the '
                'template does not declare.',
    PARAMETER_DEFAULTS: 'Defaults for parameters of the template and of every nested template '
                        'that declares them.',
    RESOURCE_REGISTRY: 'Maps resource types to other types or to provider templates (files '
                       'relative to this environment).',
    'encrypted_param_names': 'Heat\'s own bookkeeping of hidden parameters; not written by hand.',
    'event_sinks': 'Where Heat sends the stack\'s events (`type: zaqar-queue`).',
    PARAMETER_MERGE_STRATEGIES: 'How a parameter set by several environments is merged: '
                                '`overwrite` (the default), `merge` or `deep_merge`; `default` '
                                'sets it for all.',
}
_TEMPLATE_SUFFIXES = ('.yaml', '.template')


# -- completion --------------------------------------------------------------------------

def complete(analysis: Analysis | None, text: str, offset: int, lines=None) -> CompletionResult:
    """Completion items in an environment document (the text may be half-typed)."""
    from hot_ls.features.completion import filter_items
    cursor = locate(text, offset, lines)
    if analysis is None or cursor.in_block_scalar:
        return CompletionResult([])
    raw = list(cursor.path)
    if len(raw) >= 2 and raw[0] == EVENT_SINKS and isinstance(raw[1], int):
        items = _sink_items(raw[2:], cursor.key_position)
        present = _sink_keys(analysis, raw[1]) if cursor.key_position else set()
        return filter_items([i for i in items if i.label not in present], cursor)
    path = [step for step in raw if isinstance(step, str)]
    items = _items(analysis, path, cursor.key_position)
    return filter_items(items, cursor)


def _sink_keys(analysis: Analysis, index: int) -> set:
    """The keys the analysed text gives the event sink at `index` (none when it has no such
    item, or it is not a mapping)."""
    root = analysis.tree.root
    section = root.get(EVENT_SINKS) if isinstance(root, Mapping) else None
    if isinstance(section, Sequence) and index < len(section.items) \
            and isinstance(section.items[index], Mapping):
        return set(section.items[index].index)
    return set()


def _sink_items(path: list, key: bool) -> list[CompletionItem]:
    """In an item of `event_sinks`: its keys, and the types Heat has."""
    if key and len(path) <= 1:
        return [CompletionItem('type', ItemKind.KEYWORD, 'the event sink plugin',
                               ', '.join(f'`{t}`' for t in SINK_TYPES), insert_text='type: '),
                CompletionItem('target', ItemKind.KEYWORD, 'the queue (zaqar-queue)',
                               "The name of the Zaqar queue Heat posts the stack's events to.",
                               insert_text='target: '),
                CompletionItem('ttl', ItemKind.KEYWORD, "the events' time to live (zaqar-queue)",
                               'Seconds each event message lives in the queue.',
                               insert_text='ttl: ')]
    if not key and path[:1] == ['type']:
        return [CompletionItem(name, ItemKind.VALUE, 'event sink type',
                               f'Heat builds it as {cls}({", ".join(required + optional)})')
                for name, (cls, required, optional) in SINK_TYPES.items()]
    return []


def _items(analysis: Analysis, path: list[str], key: bool) -> list[CompletionItem]:
    depth = len(path)
    if depth == 0:
        return [CompletionItem(name, ItemKind.SECTION, 'environment section', doc,
                               insert_text=f'{name}:') for name, doc in SECTION_DOCS.items()] \
            if key else []
    section = path[0]
    if section == RESOURCE_REGISTRY:
        if depth == 1 and key:
            return _type_items(analysis) + [CompletionItem(
                RESOURCES, ItemKind.KEYWORD, 'per-resource mappings and hooks',
                'Mappings, `hooks` and `restricted_actions` for resources by name.',
                insert_text=f'{RESOURCES}:')]
        if depth == 2 and not key and path[1] != RESOURCES:
            return _implementation_items(analysis, path[1])
        if depth == 3 and path[1] == RESOURCES and key:
            return _type_items(analysis) + [
                CompletionItem(HOOKS, ItemKind.KEYWORD, 'breakpoints', 'Hooks: ' +
                               ', '.join(HOOK_TYPES), insert_text=f'{HOOKS}:'),
                CompletionItem(RESTRICTED, ItemKind.KEYWORD, 'refused actions',
                               'update or replace', insert_text=f'{RESTRICTED}:')]
        if depth == 4 and path[1] == RESOURCES and not key:
            if path[3] == HOOKS:
                return [CompletionItem(h, ItemKind.VALUE, 'hook') for h in HOOK_TYPES]
            if path[3] == RESTRICTED:
                return [CompletionItem(a, ItemKind.VALUE, 'action') for a in RESTRICTED_ACTIONS]
            return _implementation_items(analysis, path[3])
        return []
    if section in (PARAMETERS, PARAMETER_DEFAULTS) and depth == 1 and key:
        return _parameter_items(analysis)
    if section == PARAMETER_MERGE_STRATEGIES and depth == 1:
        if key:
            return _parameter_items(analysis) + [CompletionItem(
                'default', ItemKind.KEYWORD, 'every parameter', 'The strategy of parameters '
                'not named here.', insert_text='default: ')]
        return [CompletionItem(s, ItemKind.VALUE, 'merge strategy') for s in STRATEGIES]
    if section == PARAMETER_MERGE_STRATEGIES and depth == 2 and not key:
        return [CompletionItem(s, ItemKind.VALUE, 'merge strategy') for s in STRATEGIES]
    return []


def _type_items(analysis: Analysis) -> list[CompletionItem]:
    """Resource types a registry may map: the custom ones the workspace's templates use,
    then Heat's own."""
    catalog = analysis.catalog
    items = []
    custom: dict[str, list[str]] = {}
    for summary in analysis.workspace.index().templates():
        for resource in summary.template.resources:
            name = resource.type
            if isinstance(name, str) and '::' in name and catalog.get(name) is None:
                custom.setdefault(name, []).append(summary.path)
    for name, users in sorted(custom.items()):
        items.append(CompletionItem(name, ItemKind.RESOURCE_TYPE,
                                    f'used in {len(users)} template(s)',
                                    'Used by ' + ', '.join(code(_relative(p, analysis))
                                                           for p in users[:5]),
                                    insert_text=f'{name}: ', sort_text='0'))
    for rtype in catalog.types():
        items.append(CompletionItem(rtype.name, ItemKind.RESOURCE_TYPE, 'Heat resource type',
                                    first_paragraphs(rtype.description, 300),
                                    insert_text=f'{rtype.name}: ', sort_text='1',
                                    deprecated=rtype.support_status.is_deprecated))
    return items


def _implementation_items(analysis: Analysis, type_name: str) -> list[CompletionItem]:
    """What a type may map to: the workspace's templates (relative to this environment),
    the ones declaring that type in their capabilities first, then types."""
    base = _directory(analysis)
    items = []
    for summary in analysis.workspace.index().templates():
        relative = os.path.relpath(summary.path, base)
        declared = _declares(summary.template.capabilities, type_name)
        description = summary.template.description
        items.append(CompletionItem(
            relative, ItemKind.FILE, 'declares ' + type_name if declared else 'template',
            str(description) if description else None, sort_text='0' if declared else '1'))
    items.append(CompletionItem('OS::Heat::None', ItemKind.RESOURCE_TYPE,
                                'a resource that does nothing', sort_text='2'))
    return items


def _declares(capabilities: Any, type_name: str) -> bool:
    """Whether a template's capabilities section names the type (the blueprint's
    `resource_type`, a string or a list)."""
    from hot_ls.workspace.capabilities import Capabilities
    return type_name in Capabilities.of(capabilities).types


def _parameter_items(analysis: Analysis) -> list[CompletionItem]:
    """Parameters the workspace's templates declare (those of this environment's stacks
    first when the configuration says which)."""
    found: dict[Any, list] = {}
    for summary in analysis.workspace.index().templates():
        for name, info in summary.template.parameters.items():
            if isinstance(name, str):
                found.setdefault(name, []).append((summary.path, info))
    items = []
    for name, places in sorted(found.items()):
        path, info = places[0]
        schema = info.schema
        detail = schema.type if schema is not None else 'parameter'
        where = ', '.join(code(_relative(p, analysis)) for p, _ in places[:3])
        if len(places) > 3:
            where += f' and {len(places) - 3} more'
        documentation = (f'{info.description}\n\n' if info.description else '') + \
            f'Declared in {where}.'
        items.append(CompletionItem(name, ItemKind.PARAMETER, detail, documentation,
                                    insert_text=f'{name}: '))
    return items


# -- hover --------------------------------------------------------------------------------

def hover(analysis: Analysis | None, offset: int) -> Hover | None:
    if analysis is None or analysis.tree.root is None:
        return None
    steps = chain(analysis.tree.root, offset)
    if len(steps) < 2:
        return None
    path = path_of(steps)
    last = steps[-1]
    span = Span(last.node.start, last.node.end)
    section = path[0]
    if len(path) == 1 and last.on_key and section in SECTION_DOCS:
        return Hover(f'**{section}** · environment section\n\n{SECTION_DOCS[section]}', span)
    if section == RESOURCE_REGISTRY and len(path) == 3 and isinstance(path[2], int):
        return _candidate_hover(analysis, path[:2], path[2], span)
    if section == RESOURCE_REGISTRY and len(path) == 2 and path[1] != RESOURCES:
        return _registry_hover(analysis, path[1], last, span)
    if section == RESOURCE_REGISTRY and len(path) == 4 and path[1] == RESOURCES \
            and path[3] not in (HOOKS, RESTRICTED):
        return _registry_hover(analysis, path[3], last, span, resource=path[2])
    if section in (PARAMETERS, PARAMETER_DEFAULTS) and len(path) == 2 and last.on_key:
        return _parameter_hover(analysis, path[1], span)
    return None


def _registry_hover(analysis: Analysis, type_name: Any, last, span: Span,
                    resource: Any = None) -> Hover | None:
    pair = last.pair
    value = pair.value if pair is not None else None
    parts = [f'**{type_name}** · resource type mapping' +
             (f' for resource {code(resource)}' if resource is not None else '')]
    catalog = analysis.catalog
    if isinstance(type_name, str) and catalog.get(type_name) is not None:
        parts.append('Maps one of Heat\'s own types: the template stands in for it (a '
                     'facade), and Heat checks it offers the type\'s required properties and '
                     'attributes.')
    if isinstance(value, Scalar) and isinstance(value.value, str):
        target = value.value
        if target.endswith(_TEMPLATE_SUFFIXES) or '::' not in target:
            located = analysis.workspace.locator.locate(target, _directory(analysis))
            summary = analysis.workspace.summary(located.path) if located.readable else None
            if summary is not None and summary.template is not None:
                parts.extend(_template_parts(analysis, summary))
            elif located.refusal is not None:
                parts.append(f'{code(target)}: not read ({located.refusal}).')
            else:
                parts.append(f'{code(target)} does not exist.')
        else:
            rtype = catalog.get(target)
            if rtype is not None:
                parts.extend(type_markdown(rtype)[1:])
            else:
                parts.append(f'An alias of {code(target)}.')
    elif isinstance(value, Scalar) and value.value is None:
        parts.append('`null`: Heat\'s engine would delete the mapping, but python-heatclient '
                     '(`openstack stack create`) refuses a null value.')
    return Hover('\n\n'.join(parts), span)


def _choices(analysis: Analysis, path: list) -> list:
    """The capabilities blueprint's choices for the list at `path`, one per stack."""
    if not analysis.settings.capabilities or analysis.summary.environment is None:
        return []
    from hot_ls.workspace.capabilities import list_choices
    loaded = analysis.summary.environment.loaded
    return [found for found in list_choices(analysis.workspace, loaded)
            if list(found.path) == list(path[1:])]


def _candidate_hover(analysis: Analysis, path: list, index: int, span: Span) -> Hover | None:
    choices = _choices(analysis, path)
    if not choices:
        return None
    parts = [f'**{path[1]}** · candidate {index + 1} of a list (resource capabilities)']
    for found in choices:
        choice = found.choice
        if index >= len(choice.candidates):
            continue
        candidate = choice.candidates[index]
        stack = (' (the stack of ' + ', '.join(code(_relative(f, analysis)) for f in found.files)
                 + ')') if found.files else ''
        parts.append(f'{choice.verdict()}{stack}.')
        parts.append(f'{code(candidate.name)}: {candidate.why(choice.requires)}')
        if candidate.path is not None:
            summary = analysis.workspace.summary(candidate.path)
            if summary is not None and summary.template is not None:
                parts.extend(_template_parts(analysis, summary)[1:])
    return Hover('\n\n'.join(parts), span)


def _template_parts(analysis: Analysis, summary) -> list[str]:
    template = summary.template
    parts = [f'Implemented by {code(_relative(summary.path, analysis))}']
    if template.description:
        parts.append(first_paragraphs(str(template.description), 400))
    required = [n for n, i in template.parameters.items()
                if i.schema is not None and i.schema.default is None]
    parts.append(f'{_count(len(template.parameters), "parameter")} (the properties; '
                 f'{len(required)} without a default), '
                 f'{_count(len(template.outputs), "output")} (the attributes)')
    return parts


def _count(number: int, noun: str) -> str:
    return f'{number} {noun}' + ('' if number == 1 else 's')


def _parameter_hover(analysis: Analysis, name: Any, span: Span) -> Hover | None:
    places = []
    for summary in analysis.workspace.index().templates():
        info = summary.template.parameters.get(name)
        if info is not None:
            places.append((summary.path, info))
    parts = [f'**{name}** · parameter']
    if not places:
        parts.append('No template of the workspace declares it.')
        return Hover('\n\n'.join(parts), span)
    path, info = places[0]
    if info.description:
        parts.append(str(info.description))
    lines = []
    for path, info in places[:10]:
        schema = info.schema
        facts = schema.type if schema is not None else '?'
        if schema is not None and schema.default is not None:
            facts += f', default {code(schema.default)}'
        lines.append(f'- {code(_relative(path, analysis))}: {facts}')
    if len(places) > 10:
        lines.append(f'- and {len(places) - 10} more')
    parts.append(f'Declared in {len(places)} template(s):\n' + '\n'.join(lines))
    return Hover('\n\n'.join(parts), span)


# -- definition -----------------------------------------------------------------------------

def definition(analysis: Analysis | None, offset: int) -> list[Location]:
    if analysis is None or analysis.tree.root is None:
        return []
    steps = chain(analysis.tree.root, offset)
    if len(steps) < 3:
        return []
    path = path_of(steps)
    section = path[0]
    if section in (PARAMETERS, PARAMETER_DEFAULTS, PARAMETER_MERGE_STRATEGIES) and len(path) == 2:
        return parameter_declarations(analysis.workspace, path[1])
    if section == RESOURCE_REGISTRY and len(path) in (2, 3) and path[1] != RESOURCES:
        leaf = _leaf(analysis, path[1])
        if leaf is not None and leaf.candidates is not None:
            candidates = leaf.candidates if len(path) == 2 or not isinstance(path[2], int) \
                else leaf.candidates[path[2]:path[2] + 1]
            return [Location(0, 0, c.target.path) for c in candidates
                    if analysis.workspace.files.exists(c.target)]
    if section == RESOURCE_REGISTRY and (len(path) == 2 and path[1] != RESOURCES or
                                         len(path) == 4 and path[1] == RESOURCES):
        pair = steps[-1].pair
        value = pair.value if pair is not None else None
        if isinstance(value, Scalar) and isinstance(value.value, str):
            located = analysis.workspace.locator.locate(value.value, _directory(analysis))
            if analysis.workspace.files.exists(located):
                return [Location(0, 0, located.path)]
    return []


def _leaf(analysis: Analysis, key: Any):
    summary = analysis.summary.environment
    if summary is None:
        return None
    found = summary.loaded.registry.get(key)
    return found if not isinstance(found, dict) else None


def _directory(analysis: Analysis) -> str:
    return os.path.dirname(os.path.abspath(analysis.path)) if analysis.path else os.getcwd()


def _relative(path: str, analysis: Analysis) -> str:
    return os.path.relpath(path, _directory(analysis))
