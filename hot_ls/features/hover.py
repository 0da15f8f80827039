"""Hover: what the thing under the cursor is, in Markdown.

A pure function of an analysis (of the current text) and an offset.  What
stands at the offset comes from the parsed tree (`at.chain`) and the
model's calls and references, looked up by node in an index built once per
analysis; function values come from one `TemplateEvaluation` per analysis,
under the configured inputs (or the parameter defaults).
So a hover costs one walk down the tree to the cursor, not a scan of the
template.

On a function name: its summary, its argument forms for the document's
version, the version it arrived in and the document's version, and its
value with the defaults (or that it is Removed, not a function in this
version, or a condition function outside conditions).  On a resource type:
description, support-status lifecycle, substitute, properties (required
first).  On a property name at any depth: type, required, default,
constraints, immutable, update behaviour, support status.  On get_attr's
attribute: type, description, support status.  On a parameter (used or
declared): type, default, description, constraints.  On a get_resource,
get_attr or depends_on target: the resource's type and its line.  On a
condition (used or defined): its definition and value.  On an output name:
description and value.  On `# hot-ls: disable=CODE`: the rule's
documentation.  On section, resource, output and parameter keys: one line.
On a deletion policy: what it does (and whether the type can snapshot); on
a custom_constraint name: which service checks it, and whether hot-ls can.

Analyses of recovered broken YAML can hold odd trees (non-string keys,
aliases, merged keys): nothing here assumes a key is a string.
"""
from __future__ import annotations

import json
import re
import textwrap
from typing import Any

from hot_ls.features.at import Step, chain, path_of
from hot_ls.features.completion import (DELETION_POLICY_DOCS, OUTPUT_KEY_DOCS,
                                        PARAMETER_KEY_DOCS, RESOURCE_KEY_DOCS, SECTION_DOCS,
                                        custom_constraint_text)
from hot_ls.features.types import Hover, Span
from hot_ls.language import HotVersion, language
from hot_ls.language.function_docs import FunctionDoc, doc as function_doc
from hot_ls.model import symbols
from hot_ls.model.symbols import FunctionCall, Reference
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

#: The suppression comment, as `hot_ls.rules.engine` reads it.
SUPPRESSION = re.compile(r'#\s*hot-ls:\s*(disable|disable-file)\s*=\s*([A-Za-z0-9_,\- ]+)')

PSEUDO_PARAMETER_DOCS = {
    'OS::stack_name': 'The name of the stack.',
    'OS::stack_id': 'The ID of the stack.',
    'OS::project_id': 'The ID of the project (tenant) the stack belongs to.',
    'OS::region': 'Listed by Heat, but never defined: get_param fails on it.',
}

CONSTRAINT_KEY_DOCS = {
    'range': 'A number between `min` and `max` (either optional), inclusive.',
    'length': 'The length of a string, list or map between `min` and `max` (either optional).',
    'modulo': 'A number equal to `offset` modulo `step` (from 2017-02-24).',
    'allowed_values': 'The value must be one of these.',
    'allowed_pattern': 'The value must match this regular expression (from its start).',
    'custom_constraint': 'A check Heat makes against the cloud (an image, a flavor, a network...).',
    'description': 'The message shown when the value breaks the constraint.',
}

# What replaces a Removed function.
REPLACEMENTS = {
    'Fn::Select': 'a `get_param` path or `yaql`',
    'Ref': '`get_param` or `get_resource`',
    'Fn::Join': '`list_join`',
    'Fn::Split': '`str_split`',
    'Fn::Replace': '`str_replace`',
    'Fn::ResourceFacade': '`resource_facade`',
    'Fn::Base64': 'the plain string (Heat no longer encodes it)',
    'Fn::GetAZs': 'a parameter listing the availability zones',
    'Fn::MemberListToMap': 'a `json` parameter or `yaql`',
}

_MAP_ARGUMENTS = frozenset(('str_replace', 'str_replace_strict', 'str_replace_vstrict', 'repeat',
                            'yaql', 'make_url'))
_MAX_VALUE = 1500  # characters of an evaluated value shown
_MAX_DEFINITION_LINES = 15


def hover(analysis: Any, offset: int) -> Hover | None:
    """The hover at `offset` of the analysed document, or None when there is nothing to say.

    `analysis` is a hot_ls.rules.Analysis of the current text (or None).
    """
    if analysis is None:
        return None
    found = _suppression(analysis, offset)
    if found is not None:
        return found
    template = analysis.template
    if template is None:
        return None
    steps = chain(analysis.tree.root, offset)
    if len(steps) < 2:
        return None
    return _Hover(analysis, template, steps).build()


# -- the per-analysis index ----------------------------------------------------------

class Index:
    """Calls, references and function look-alikes by node, built once per analysis."""

    def __init__(self, template: Any):
        self.template = template
        self.call_by_key: dict[int, FunctionCall] = {}
        self.call_by_node: dict[int, FunctionCall] = {}
        for call in template.calls:
            self.call_by_key[id(call.key)] = call
            self.call_by_node[id(call.node)] = call
        self.reference: dict[int, Reference] = {}
        self.attribute: dict[int, Reference] = {}
        for ref in template.references:
            self.reference.setdefault(id(ref.node), ref)
            attribute = ref.attribute
            if attribute is not None:
                self.attribute.setdefault(id(attribute), ref)
        self.lookalike: dict[int, tuple[Mapping, Scalar, str]] = {
            id(key): (node, key, context) for node, key, context in template.lookalikes}


def index_of(analysis: Any) -> Index:
    template = analysis.template
    return analysis.context.shared('hot_ls.features.hover', lambda: Index(template))


def evaluation_of(analysis: Any):
    """The template evaluated under the configured environments and parameter values, or
    with the parameter defaults when none are configured."""
    from hot_ls.features.evaluation import configured_evaluation
    return configured_evaluation(analysis)


# -- markdown helpers ------------------------------------------------------------------

def code(text: Any) -> str:
    """Inline code, whatever backticks the text holds."""
    text = str(text).replace('\n', ' ')
    fence = '``' if '`' in text else '`'
    pad = ' ' if text.startswith('`') or text.endswith('`') else ''
    return f'{fence}{pad}{text}{pad}{fence}'


def block(text: str, language_name: str = 'yaml') -> str:
    fence = '````' if '```' in text else '```'
    return f'{fence}{language_name}\n{text}\n{fence}'


def _json(value: Any, indent: int | None = None) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, indent=indent, default=str)
    except (TypeError, ValueError, RecursionError):
        return str(value)


def _clip(text: str, limit: int = _MAX_VALUE) -> str:
    return text if len(text) <= limit else text[:limit] + ' …'


def render_value(value: Any) -> str:
    """A value as Markdown: symbolic parts as their <<placeholders>>."""
    from hot_ls.evaluator import Symbolic, display
    if value is Ellipsis:  # `if` without a third argument, its condition false
        return '*removed* (the enclosing key or list item is left out)'
    if isinstance(value, Symbolic):
        return code(_clip(value.placeholder()))
    shown = display(value)
    if isinstance(shown, str) and '\n' in shown:
        return block(_clip(shown), 'text')
    flat = _json(shown)
    if len(flat) <= 80:
        return code(flat)
    return block(_clip(_json(shown, 2)), 'json')


def render_outcome(outcome: Any, what: str = 'Value', why: str = '') -> str:
    if outcome is None:
        return f'*{what}: not evaluated with the parameter defaults{why}.*'
    if outcome.error is not None:
        return f'**{what}** with the parameter defaults: error: {_clip(outcome.error.message, 500)}'
    return f'**{what}** with the parameter defaults: {render_value(outcome.value)}'


def _version_text(template: Any) -> str:
    if template.version is not None:
        return template.version.label
    if template.version_text:
        return f'{template.version_text} (unknown; read as {language().latest.label})'
    return f'none (read as {language().latest.label})'


def _first_paragraphs(text: str, limit: int = 900) -> str:
    text = (text or '').strip()
    if len(text) <= limit:
        return text
    out = ''
    for paragraph in text.split('\n\n'):
        if out and len(out) + len(paragraph) > limit:
            break
        out = f'{out}\n\n{paragraph}' if out else paragraph
    return _clip(out, limit)


def _status_lines(status: Any, what: str = '', always: bool = False) -> list[str]:
    """The lifecycle (unless it only says 'supported'); deprecated items say so first."""
    lines = []
    if status.is_deprecated:
        lines.append(f'**Deprecated**{what}: {status.current.text()}')
    elif status.is_hidden:
        lines.append(f'**Hidden**{what} (no longer offered): {status.current.text()}')
    elif status.is_unsupported:
        lines.append(f'**Unsupported**{what}: {status.current.text()}')
    if always or len(status.steps) > 1 or status.current.version or status.current.message:
        lines.append(f'*Lifecycle:* {status.text()}')
    return lines


def function_markdown(name: str, version: HotVersion, impl: str | None, fdoc: FunctionDoc | None,
                      version_text: str | None = None) -> list[str]:
    """The documentation of a function for a version: summary, forms, arrival, details."""
    lang = language()
    since = lang.first_version_with(name)
    version_text = version_text or version.label
    parts = [f'**{name}** · intrinsic function']
    if fdoc is not None:
        parts.append(fdoc.summary)
        forms = fdoc.forms(impl if impl not in (None, 'Removed', 'Invalid') else None)
        parts.append(block('\n'.join(form.label for form in forms)))
        arguments = []
        seen = set()
        for form in forms:
            for parameter, documentation in zip(form.parameters, form.documentation):
                if parameter not in seen:
                    seen.add(parameter)
                    arguments.append(f'- {code(parameter)}: {documentation}')
        if arguments:
            parts.append('\n'.join(arguments))
        parts.append(fdoc.details)
        note = fdoc.notes.get(impl or '')
        if note:
            parts.append(note)
    where = f' (Heat\'s `{impl}`)' if impl and impl not in ('Removed', 'Invalid') else ''
    parts.append(f'Since HOT {since or "?"}; this template: {version_text}{where}.')
    return parts


# -- the hover ------------------------------------------------------------------------------

class _Hover:
    def __init__(self, analysis: Any, template: Any, steps: list[Step]):
        self.analysis = analysis
        self.template = template
        self.steps = steps
        self.path = path_of(steps)
        self.last = steps[-1]
        self.index = index_of(analysis)
        self.lines = analysis.tree.lines

    @property
    def evaluation(self):
        return evaluation_of(self.analysis)

    # -- helpers ------------------------------------------------------------------
    @property
    def catalog(self):
        context = self.analysis.context
        if context is not None:
            return context.catalog
        from hot_ls.catalog import bundled
        return bundled()

    def line_of(self, node: Node) -> int:
        return self.lines.line_of(node.start) + 1

    def span(self, node: Node | None = None) -> Span:
        node = node or self.last.node
        return Span(node.start, node.end)

    def result(self, parts: list[str], node: Node | None = None) -> Hover:
        return Hover('\n\n'.join(part for part in parts if part), self.span(node))

    def resource_type(self, name: Any):
        definition = self.template.resources.get(name)
        if definition is None or definition.type_name is None:
            return None
        return self.catalog.resolve(definition.type_name)

    def source(self, start_node: Node, end_node: Node) -> str:
        """The text from `start_node` (its line, in block style) to the end of `end_node`."""
        text = self.analysis.text
        start = self.lines.line_start(self.lines.line_of(start_node.start))
        if text[start:start_node.start].strip(' -'):
            start = start_node.start  # in a flow mapping: from the key itself
        lines = text[start:end_node.end].splitlines()
        if len(lines) > _MAX_DEFINITION_LINES:
            lines = lines[:_MAX_DEFINITION_LINES] + ['  …']
        return textwrap.dedent('\n'.join(lines))

    # -- dispatch -----------------------------------------------------------------
    def build(self) -> Hover | None:
        last, path, index = self.last, self.path, self.index
        node = last.node
        if last.on_key:
            call = index.call_by_key.get(id(node))
            if call is not None:
                return self.function(call)
            lookalike = index.lookalike.get(id(node))
            if lookalike is not None:
                return self.lookalike(*lookalike)
        elif isinstance(node, Scalar):
            ref = index.reference.get(id(node))
            if ref is not None:
                return self.reference(ref)
            ref = index.attribute.get(id(node))
            if ref is not None:
                return self.attribute(ref, node)
        if self.inside_call():
            return self.call_argument()
        section = path[0]
        depth = len(path)
        if depth == 1:
            if last.on_key:
                return self.section_key(section)
            if section == 'heat_template_version' and isinstance(node, Scalar):
                return self.version_value()
            return None
        if depth == 2 and last.on_key:
            return self.definition(section, path[1])
        if section == 'resources':
            return self.in_resource(path[1:])
        if section == 'parameters':
            return self.in_parameter(path[1:])
        if section == 'outputs' and depth == 3 and last.on_key:
            return self.keyword(path[2], OUTPUT_KEY_DOCS, 'output key')
        return None

    def inside_call(self) -> bool:
        calls = self.index.call_by_node
        return any(id(step.node) in calls for step in self.steps[1:-1]) or (
            not self.last.on_key and id(self.last.node) in calls)

    # -- functions --------------------------------------------------------------
    def function(self, call: FunctionCall) -> Hover:
        template = self.template
        version = template.facts
        name = call.name
        fdoc = function_doc(name)
        impl = call.impl
        parts = function_markdown(name, version, impl, fdoc, _version_text(template))
        if impl == 'Removed':
            removed = language().function_removals.get(name)
            instead = REPLACEMENTS.get(name)
            parts.insert(1, f'**Removed** from HOT {removed or "?"}: Heat refuses it in this '
                            f'template.' + (f' Use {instead} instead.' if instead else ''))
        elif impl == 'Invalid':
            parts.insert(1, f'**Not allowed in conditions**: Heat refuses {code(name)} here; '
                            'conditions take only condition functions.')
        else:
            parts.append(self.call_value(call))
        return self.result(parts, call.key)

    def call_value(self, call: FunctionCall) -> str:
        evaluation = self.evaluation
        outcome = evaluation.value_of(call.node)
        why = ''
        if outcome is None:
            owner = call.owner or (None, None)
            if owner[0] == 'resources' and owner[1] in self.template.resources \
                    and call.field == 'properties':
                enabled = evaluation.resource(owner[1]).enabled
                if enabled.value is False:
                    why = ' (the resource\'s condition is false)'
            elif owner[0] == 'outputs' and owner[1] in self.template.outputs:
                if evaluation.output(owner[1]).enabled.value is False:
                    why = ' (the output\'s condition is false)'
            if not why and call.guarded:
                why = ' (in an `if` branch not taken)'
            if not why and call.field not in ('properties', 'value', 'condition', 'definition'):
                why = f' (hot-ls evaluates properties, outputs and conditions, not {call.field})'
        return render_outcome(outcome, why=why)

    def lookalike(self, node: Mapping, key: Scalar, context: str) -> Hover:
        name = key.value
        version = self.template.facts
        lang = language()
        fdoc = function_doc(name)
        since = lang.first_version_with(name)
        parts = [f'**{name}** · not a function here']
        condition_only = version.has_conditions and \
            version.condition_impl(name) not in (None, 'Invalid', 'Removed')
        if context == symbols.VALUE and condition_only and name not in version.functions:
            parts.append(f'{code(name)} is a condition function: it works only in `conditions`, '
                         'in `condition:` and in the first argument of `if`. Here it is plain '
                         'data (a map with one key).')
        elif context == symbols.CONDITION_CONTEXT and name in version.functions:
            parts.append(f'{code(name)} is not a condition function: inside a condition it is '
                         'plain data (a map with one key).')
        else:
            parts.append(f'{code(name)} is not a function in HOT {_version_text(self.template)}: '
                         f'Heat reads it as a plain map here. It exists from HOT {since or "?"}.')
        if fdoc is not None:
            parts.append(fdoc.summary)
        parts.append(f'Since HOT {since or "?"}; this template: {_version_text(self.template)}.')
        return self.result(parts, key)

    def call_argument(self) -> Hover | None:
        """A key of a map-argument function (str_replace's `template`...): that argument;
        a path item of get_param or get_attr: the parameter or attribute, and the value."""
        last = self.last
        if not last.on_key and len(self.steps) >= 3 and isinstance(last.node, Scalar):
            call = self.index.call_by_node.get(id(self.steps[-3].node))
            args = self.steps[-2].node
            if call is not None and call.args is args and isinstance(args, Sequence) \
                    and args.items and call.name in ('get_param', 'get_attr'):
                first = self.index.reference.get(id(args.items[0]))
                if first is None:
                    return None
                if call.name == 'get_param':
                    return self.reference(first)
                if len(args.items) > 1 and isinstance(args.items[1], Scalar):
                    found = self.attribute(first, args.items[1])
                    if found is not None:
                        found.markdown += '\n\n' + self.call_value(call)
                        found.span = self.span()
                    return found
            return None
        if not last.on_key or not isinstance(last.key, str):
            return None
        parent = self.steps[-2].node if len(self.steps) >= 2 else None
        if len(self.steps) < 3:
            return None
        owner = self.steps[-3].node
        call = self.index.call_by_node.get(id(owner))
        if call is None or call.args is not parent or call.name not in _MAP_ARGUMENTS:
            return None
        fdoc = function_doc(call.name)
        if fdoc is None:
            return None
        for form in fdoc.forms(call.impl):
            for parameter, documentation in zip(form.parameters, form.documentation):
                if parameter == last.key:
                    return self.result([f'**{parameter}** · argument of {code(call.name)}',
                                        documentation])
        return None

    # -- references ----------------------------------------------------------------
    def reference(self, ref: Reference) -> Hover | None:
        if ref.kind == symbols.PARAMETER:
            parts = self.parameter_parts(ref.name, use=True)
            if parts is None:
                return None
            if ref.call is not None and ref.path:
                parts.append(self.call_value(ref.call))
            return self.result(parts)
        if ref.kind == symbols.RESOURCE:
            definition = self.template.resources.get(ref.name)
            if definition is None:
                return None
            return self.result(self.resource_parts(ref.name, definition, use=True))
        if ref.kind == symbols.CONDITION:
            parts = self.condition_parts(ref.name, use=True)
            return self.result(parts) if parts else None
        return None

    def attribute(self, ref: Reference, node: Scalar) -> Hover | None:
        rtype = self.resource_type(ref.name)
        name = node.value
        if rtype is None or not isinstance(name, str):
            return None
        schema = rtype.attribute(name)
        if schema is None:
            if rtype.accepts_any_attribute:
                return self.result([f'**{name}** · attribute of {code(rtype.name)}',
                                    f'{code(rtype.name)} accepts any attribute name.'])
            return None
        parts = [f'**{name}** · attribute of {code(rtype.name)}']
        if schema.type:
            parts.append(f'*{schema.type}*')
        parts.extend(_status_lines(schema.support_status))
        if schema.description:
            parts.append(schema.description)
        return self.result(parts)

    # -- definitions ------------------------------------------------------------------
    def definition(self, section: Any, name: Any) -> Hover | None:
        template = self.template
        if section == 'parameters':
            parts = self.parameter_parts(name, use=False)
            return self.result(parts) if parts else None
        if section == 'resources':
            definition = template.resources.get(name)
            if definition is None:
                return None
            return self.result(self.resource_parts(name, definition, use=False))
        if section == 'conditions':
            parts = self.condition_parts(name, use=False)
            return self.result(parts) if parts else None
        if section == 'outputs':
            return self.output(name)
        return None

    def parameter_parts(self, name: Any, use: bool) -> list[str] | None:
        definition = self.template.parameters.get(name)
        if definition is None:
            if name in self.template.facts.pseudo_parameters:
                return [f'**{name}** · pseudo parameter', PSEUDO_PARAMETER_DOCS.get(name, '')]
            return None
        parts = [f'**{name}** · parameter']
        body = definition.mapping
        if body is None:
            parts.append('*(not a mapping: Heat refuses this declaration)*')
            return parts
        facts = []
        ptype = body.get('type')
        if isinstance(ptype, Scalar):
            facts.append(f'*{ptype.value}*')
        default = body.get('default')
        if default is not None:
            facts.append('default ' + code(_clip(_json(default.to_python()), 200)))
        else:
            facts.append('no default: a value must be given')
        for flag in ('hidden', 'immutable'):
            value = body.get(flag)
            if isinstance(value, Scalar) and value.value in (True, 'true', 'True'):
                facts.append(flag)
        parts.append(' · '.join(facts))
        for key in ('label', 'description'):
            value = body.get(key)
            if isinstance(value, Scalar) and value.value not in (None, ''):
                parts.append(str(value.value) if key == 'description' else f'*{value.value}*')
        constraints = body.get('constraints')
        if isinstance(constraints, Sequence) and constraints.items:
            lines = ['Constraints:']
            for item in constraints.items:
                lines.append('- ' + _constraint_text(item))
            parts.append('\n'.join(lines))
        tags = body.get('tags')
        if isinstance(tags, Sequence) and tags.items:
            parts.append('Tags: ' + ', '.join(code(t.to_python()) for t in tags.items))
        if use:
            parts.append(f'Defined at line {self.line_of(definition.key)}.')
        return parts

    def resource_parts(self, name: Any, definition: Any, use: bool) -> list[str]:
        parts = [f'**{name}** · resource']
        type_name = definition.type_name
        if type_name is not None:
            rtype = self.catalog.resolve(type_name)
            line = f'Type {code(type_name)}'
            if rtype is not None:
                if rtype.name != type_name:
                    line += f' (an alias of {code(rtype.name)})'
                summary = rtype.description.strip().split('\n\n')[0].replace('\n', ' ')
                if summary:
                    line += f': {summary}'
            parts.append(line)
            if rtype is not None:
                parts.extend(_status_lines(rtype.support_status, ' type'))
        condition = definition.get('condition') if self.template.facts.has_conditions else None
        if isinstance(condition, Scalar) and condition.value is not None:
            parts.append(f'Condition: {code(condition.value)}')
        if use:
            parts.append(f'Defined at line {self.line_of(definition.key)}.')
        return parts

    def condition_parts(self, name: Any, use: bool) -> list[str] | None:
        definition = self.template.conditions.get(name)
        if definition is None:
            return None
        parts = [f'**{name}** · condition',
                 block(self.source(definition.key, definition.body))]
        if self.template.facts.has_conditions:
            outcome = self.evaluation.condition(name)
            parts.append(render_outcome(outcome))
        if use:
            parts.append(f'Defined at line {self.line_of(definition.key)}.')
        return parts

    def output(self, name: Any) -> Hover | None:
        definition = self.template.outputs.get(name)
        if definition is None:
            return None
        parts = [f'**{name}** · output']
        description = definition.get('description')
        if isinstance(description, Scalar) and description.value not in (None, ''):
            parts.append(str(description.value))
        if definition.get('value') is not None:
            preview = self.evaluation.output(name)
            if preview.enabled.value is False:
                parts.append('*Disabled with the parameter defaults (its condition is false).*')
            else:
                parts.append(render_outcome(preview.value))
        return self.result(parts)

    # -- the sections ----------------------------------------------------------------------
    def section_key(self, section: Any) -> Hover | None:
        text = SECTION_DOCS.get(section) if isinstance(section, str) else None
        if text is None:
            return None
        parts = [f'**{section}** · section', text]
        if section not in self.template.facts.sections and self.template.version is not None:
            parts.append(f'*Not a section of HOT {_version_text(self.template)}.*')
        return self.result(parts)

    def version_value(self) -> Hover | None:
        version = self.template.version
        if version is None:
            return None
        functions = sorted(n for n, f in version.functions.items() if not f.removed)
        parts = [f'**HOT {version.label}**',
                 'Functions: ' + ', '.join(code(n) for n in functions)]
        if version.has_conditions:
            conditions = sorted(n for n, impl in version.condition_context.items()
                                if impl not in ('Invalid', 'Removed'))
            parts.append('Condition functions: ' + ', '.join(code(n) for n in conditions))
        else:
            parts.append('No `conditions` section (from 2016-10-14).')
        return self.result(parts)

    def keyword(self, key: Any, docs: dict, what: str) -> Hover | None:
        text = docs.get(key) if isinstance(key, str) else None
        if text is None:
            return None
        return self.result([f'**{key}** · {what}', text])

    # -- inside a resource -----------------------------------------------------------------
    def in_resource(self, rest: list) -> Hover | None:
        last = self.last
        name = rest[0]
        if len(rest) == 2:
            if last.on_key:
                return self.keyword(rest[1], RESOURCE_KEY_DOCS, 'resource key')
            if rest[1] == 'type' and isinstance(last.node, Scalar):
                return self.type_hover(last.node.value)
            if rest[1] == 'deletion_policy' and isinstance(last.node, Scalar):
                return self.deletion_policy(name, last.node.value)
            return None
        if len(rest) >= 3 and last.on_key and rest[1] in ('properties', 'update_policy'):
            rtype = self.resource_type(name)
            if rtype is None:
                return None
            schemas = rtype.properties if rest[1] == 'properties' else rtype.update_policy
            if not schemas:
                return None
            return self.property(rtype, schemas, rest[2:], rest[1] == 'properties')
        return None

    def deletion_policy(self, resource: Any, policy: Any) -> Hover | None:
        text = DELETION_POLICY_DOCS.get(policy.lower()) if isinstance(policy, str) else None
        if text is None:
            return None
        parts = [f'**{policy}** · deletion policy', text]
        if policy not in self.template.facts.deletion_policies:
            parts.append(f'*Not a deletion policy of HOT {_version_text(self.template)}'
                         + (': lowercase policies need 2016-10-14 or later.*'
                            if policy.islower() else '.*'))
        elif policy.lower() == 'snapshot':
            rtype = self.resource_type(resource)
            if rtype is not None and rtype.supports_snapshot is not None:
                parts.append(f'{code(rtype.name)} '
                             + ('can' if rtype.supports_snapshot else '**cannot**')
                             + ' take a snapshot before it is deleted.')
        return self.result(parts)

    def type_hover(self, type_name: Any) -> Hover | None:
        if not isinstance(type_name, str):
            return None
        lookup = self.catalog.lookup(type_name)
        if lookup is None:
            if type_name.endswith(('.yaml', '.yml', '.template', '.json')) or '/' in type_name:
                return self.result([f'**{type_name}** · provider template',
                                    'A nested stack: the template\'s parameters are this '
                                    'resource\'s properties, its outputs its attributes.'])
            return None
        if lookup.type is None:
            return self.result([f'**{type_name}** · template alias',
                                f'Heat\'s global environment maps it to the template '
                                f'{code(lookup.template)}.'])
        return self.result(type_markdown(lookup.type, type_name if lookup.via_alias else None))

    def property(self, rtype: Any, schemas: dict, steps: list, is_property: bool) -> Hover | None:
        schema = None
        current: dict | None = schemas
        trail: list[str] = []
        for step in steps:
            if isinstance(step, int) and not isinstance(step, bool):
                if schema is None or schema.item is None:
                    return None
                schema = schema.item
                current = schema.schema if schema.type == 'map' else None
                trail.append('[]')
                continue
            if current is None or not isinstance(step, str) or step not in current:
                return None
            schema = current[step]
            current = schema.schema if schema.type == 'map' else None
            trail.append(('.' if trail else '') + step)
        if schema is None:
            return None
        top = schemas.get(steps[0]) if isinstance(steps[0], str) else None
        return self.result(property_markdown(''.join(trail), schema, rtype.name, top,
                                             is_property))

    # -- parameter declarations ---------------------------------------------------------------
    def in_parameter(self, rest: list) -> Hover | None:
        last = self.last
        if not last.on_key:
            if len(rest) == 4 and rest[1] == 'constraints' and rest[3] == 'custom_constraint' \
                    and isinstance(last.node, Scalar):
                return self.custom_constraint(last.node.value)
            return None
        if len(rest) == 2:
            return self.keyword(rest[1], PARAMETER_KEY_DOCS, 'parameter key')
        if len(rest) == 4 and rest[1] == 'constraints':
            return self.keyword(rest[3], CONSTRAINT_KEY_DOCS, 'constraint')
        return None

    def custom_constraint(self, name: Any) -> Hover | None:
        if not isinstance(name, str) or not name:
            return None
        info = self.catalog.custom_constraints.get(name)
        what = f'custom constraint ({info.service})' if info and info.service else 'custom constraint'
        return self.result([f'**{name}** · {what}', custom_constraint_text(name, info)])


def _constraint_text(item: Node) -> str:
    if not isinstance(item, Mapping):
        return code(_json(item.to_python()))
    words = []
    description = None
    for key, pair in item.index.items():
        if key == 'description':
            description = pair.value.to_python()
            continue
        words.append(code(f'{key}: {_clip(_json(pair.value.to_python()), 200)}'))
    text = ', '.join(words)
    if description not in (None, ''):
        text += f' — {description}'
    return text


def type_markdown(rtype: Any, requested: str | None = None) -> list[str]:
    """A resource type: description, lifecycle, substitute, properties (required first)."""
    status = rtype.support_status
    title = f'**{rtype.name}** · resource type'
    if requested:
        title += f' (written {code(requested)}, an alias)'
    parts = [title]
    parts.extend(_status_lines(status, always=True))
    if status.substitute:
        parts.append(f'Substitute: {code(status.substitute)}')
    description = _first_paragraphs(rtype.description)
    if description:
        parts.append(description)
    required, optional = [], []
    for name, schema in rtype.properties.items():
        if schema.support_status.is_hidden:
            continue
        label = f'{code(name)} *{_type_label(schema)}*'
        if schema.support_status.is_deprecated:
            label += ' (deprecated)'
        (required if schema.required else optional).append(label)
    if required or optional:
        lines = [f'**Properties**: {len(required)} required, {len(optional)} optional']
        lines.extend(f'- {label} · required' for label in required)
        if optional:
            lines.append('- ' + ', '.join(optional))
        parts.append('\n'.join(lines))
    attributes = [code(name) for name, schema in rtype.attributes.items()
                  if not schema.support_status.is_hidden]
    if attributes:
        parts.append('**Attributes**: ' + ', '.join(attributes))
    return parts


def _type_label(schema: Any) -> str:
    item = schema.item
    if item is not None:
        return f'list of {item.type}'
    return schema.type


def property_markdown(label: str, schema: Any, type_name: str, top: Any,
                      is_property: bool = True) -> list[str]:
    """A property (or nested key) of a resource type."""
    what = 'property' if is_property else 'update_policy key'
    parts = [f'**{label}** · {what} of {code(type_name)}']
    facts = [f'*{_type_label(schema)}*', 'required' if schema.required else 'optional']
    if schema.default is not None:
        facts.append('default ' + code(_clip(_json(schema.default), 200)))
    parts.append(' · '.join(facts))
    parts.extend(_status_lines(schema.support_status))
    if schema.description:
        parts.append(schema.description)
    if schema.constraints:
        lines = ['Constraints:']
        for constraint in schema.constraints:
            line = '- ' + code(f'{constraint.key}: {_clip(_json(constraint.definition()), 200)}')
            if constraint.description:
                line += f' — {constraint.description}'
            lines.append(line)
        parts.append('\n'.join(lines))
    if schema.immutable:
        parts.append('**Immutable**: a stack update that changes it fails.')
    if not schema.implemented:
        parts.append('*Not implemented: Heat accepts it and ignores it.*')
    if is_property and top is not None:
        if not top.update_allowed:
            nested = f' (through {code(top.name)})' if top is not schema else ''
            parts.append(f'Changing this replaces the resource{nested}.')
        else:
            parts.append('Can be updated in place.')
    return parts


def rule_markdown(rule: Any) -> str:
    documentation = rule.documentation()
    documentation = re.sub(r'^#+\s*(.+)$', r'**\1**', documentation, flags=re.MULTILINE)
    return f'**{rule.code}** {code(rule.name)} · {rule.severity.label}\n\n{documentation}'


def _suppression(analysis: Any, offset: int) -> Hover | None:
    text = analysis.text
    lines = analysis.tree.lines
    if 'hot-ls:' not in text:
        return None
    line = lines.line_of(offset)
    line_text = lines.line_text(line)
    if 'hot-ls:' not in line_text:
        return None
    start = lines.line_start(line)
    column = offset - start
    from hot_ls.rules.engine import rule_by_code
    for match in SUPPRESSION.finditer(line_text):
        if not match.start() <= column <= match.end():
            continue
        codes = []
        position = match.start(2)
        for word in match.group(2).split(','):
            if word.strip():  # the code is the part's first word; a reason may follow
                first = word.split()[0]
                begin = position + word.index(first)
                codes.append((first, begin, begin + len(first)))
            position += len(word) + 1
        chosen = [c for c in codes if c[1] <= column <= c[2]] or codes
        parts = []
        for name, begin, end in chosen:
            if name == 'all':
                parts.append('**all**: every rule')
                continue
            rule = rule_by_code(name)
            parts.append(rule_markdown(rule) if rule is not None
                         else f'**{name}**: not a hot-ls rule code or name')
        if len(chosen) == 1:
            span = Span(start + chosen[0][1], start + chosen[0][2])
        else:
            span = Span(start + match.start(), start + match.end())
        scope = 'this file' if match.group(1) == 'disable-file' else 'this line'
        return Hover(f'*Suppressed on {scope}:*\n\n' + '\n\n---\n\n'.join(parts), span)
    return None
