"""Quick fixes that rewrite a name in place: did-you-mean, substitutes, HOT functions, the version.

- any diagnostic whose data has `replacements` (HOT701 types, HOT702
  properties, HOT301-303 references, HOT706 attributes, HOT110 sections,
  HOT112 resource keys, HOT103 versions, HOT118 output keys, HOT115
  deletion policies, HOT210 custom constraints, HOT707/HOT708 substitutes...): one action per
  replacement, the first preferred;
- HOT401, a removed CloudFormation function: its HOT equivalent where the
  rewrite is mechanical (Fn::Join -> list_join, Fn::Split -> str_split,
  Fn::Replace -> str_replace, Fn::ResourceFacade -> resource_facade, Ref ->
  get_param or get_resource, Fn::Base64 -> its argument);
- HOT301/HOT302, a resource named with get_param or a parameter with
  get_resource: call the other function;
- any diagnostic whose data names the version it needs (HOT402's function of
  a later version, parameter tags, the conditions section, a resource's
  condition...): raise heat_template_version to the latest version the
  document's diagnostics need, fixing them all, and to the diagnostic's own
  when that is earlier (not preferred when the version has removed a
  function the template uses).
"""
from __future__ import annotations

from hot_ls.analysis.findings import NEEDS_VERSION
from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.yaml_edit import Found, scalar_text
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.language import language
from hot_ls.language.removed_functions import replacement
from hot_ls.model.symbols import CONDITION_CONTEXT
from hot_ls.syntax import Mapping, Scalar, Sequence

_SUBSTITUTE_CODES = {'HOT707': 'deprecated', 'HOT708': 'hidden'}


def replacements(ctx: FixContext, diagnostic) -> list[CodeAction]:
    names = (diagnostic.data or {}).get('replacements') or []
    if not isinstance(names, list) or not names:
        return []
    found = ctx.doc.scalar_at(diagnostic.start, diagnostic.end) or _call_key(ctx, diagnostic)
    if found is None or not isinstance(found.node.value, str):
        return []
    node = found.node
    taken = set(found.parent.index) if found.is_key and isinstance(found.parent, Mapping) else set()
    style = '"' if ctx.doc.is_json else (node.style if node.style in ('"', "'") else '')
    actions = []
    for name in names:
        if not isinstance(name, str) or not name or name == node.value or name in taken:
            continue
        status = _SUBSTITUTE_CODES.get(diagnostic.code)
        title = (f'Replace {status} {node.value} with {name}' if status
                 else f'Change "{node.value}" to "{name}"')
        text = scalar_text(name, style, found.flow)
        actions.append(quickfix(title, [TextEdit(node.start, node.end, text)], [diagnostic],
                                preferred=not actions))
    return actions


def _call_key(ctx: FixContext, diagnostic) -> Found | None:
    """The key of the one-key mapping (a call) the diagnostic spans: the name to replace of
    a misspelt function (HOT119's condition definition)."""
    found = ctx.doc.find(diagnostic.start, diagnostic.end)
    if found is None or not isinstance(found.node, Mapping) or len(found.node.pairs) != 1:
        return None
    pair = found.node.pairs[0]
    return Found(pair.key, found.node, pair, True, found.flow or found.node.flow)


# -- HOT301/HOT302: a resource named with get_param, a parameter with get_resource -----

def call_instead(ctx: FixContext, diagnostic) -> list[CodeAction]:
    """Call the function that reads what the name names (the rule says which): the name is
    the argument of a one-key call mapping, whose key is the function's name."""
    name = (diagnostic.data or {}).get('function')
    found = ctx.doc.scalar_at(diagnostic.start, diagnostic.end)
    if not isinstance(name, str) or found is None or found.is_key or found.pair is None \
            or not isinstance(found.parent, Mapping) or len(found.parent.pairs) != 1:
        return []
    key = found.pair.key
    if not isinstance(key, Scalar) or key.value not in _REFERENCE_FUNCTIONS:
        return []
    style = key.style if key.style in ('"', "'") else ''
    return [quickfix(f'Change "{key.value}" to "{name}"',
                     [TextEdit(key.start, key.end, f'{style}{name}{style}')], [diagnostic],
                     preferred=not (diagnostic.data or {}).get('replacements'))]


_REFERENCE_FUNCTIONS = frozenset({'get_param', 'get_resource', 'get_attr'})


# -- HOT120: a name YAML reads as a number, boolean or null -------------------------------

def quote_name(ctx: FixContext, diagnostic) -> list[CodeAction]:
    """Quote the name as written, so that it stays the text the user typed."""
    found = ctx.doc.scalar_at(diagnostic.start, diagnostic.end)
    if found is None or found.node.style in ('"', "'"):
        return []
    node = found.node
    written = ctx.doc.text[node.start:node.end]
    return [quickfix(f'Quote the name: "{written}"',
                     [TextEdit(node.start, node.end, scalar_text(written, '"', found.flow))],
                     [diagnostic], preferred=True)]


# -- HOT401: removed CloudFormation functions ---------------------------------------------

def removed_function(ctx: FixContext, diagnostic) -> list[CodeAction]:
    template = ctx.template
    if template is None:
        return []
    call = next((c for c in template.calls
                 if c.key.start == diagnostic.start and c.key.end == diagnostic.end), None)
    if call is None or call.context == CONDITION_CONTEXT:
        return []
    live = {name for name, info in template.facts.functions.items() if not info.removed}
    key = call.key
    style = '"' if ctx.doc.is_json else (key.style if key.style in ('"', "'") else '')
    flow = ctx.doc.find(key.start, key.end)
    in_flow = bool(flow and flow.flow)
    new_key = None
    instead = replacement(call.name)
    if instead is not None and instead.rename is not None:
        new_key = instead.rename
    elif call.name == 'Ref' and isinstance(call.args, Scalar) and isinstance(call.args.value, str):
        name = call.args.value
        pseudo = set(template.facts.pseudo_parameters)
        if name in template.parameters or name in pseudo:
            new_key = 'get_param'
        elif name in template.resources:
            new_key = 'get_resource'
    if new_key is not None:
        if new_key not in live:
            return []
        edit = TextEdit(key.start, key.end, scalar_text(new_key, style, in_flow))
        return [quickfix(f'Replace {call.name} with {new_key}', [edit], [diagnostic], True)]
    if ctx.doc.is_json:
        return []  # the rewrites below write YAML flow text
    node = call.node
    if call.name == 'Fn::Base64':
        argument = _one_line(ctx, call.args)
        if argument is None:
            return []
        return [quickfix('Replace Fn::Base64 with its argument (Heat never encoded it)',
                         [TextEdit(node.start, node.end, argument)], [diagnostic], True)]
    if call.name == 'Fn::Replace' and 'str_replace' in live:
        args = call.args
        if not isinstance(args, Sequence) or len(args.items) != 2:
            return []
        params, text = (_one_line(ctx, item) for item in args.items)
        if params is None or text is None or not isinstance(args.items[0], Mapping):
            return []
        body = f'str_replace: {{template: {text}, params: {params}}}'
        new_text = f'{{{body}}}' if node.flow else body
        return [quickfix('Replace Fn::Replace with str_replace',
                         [TextEdit(node.start, node.end, new_text)], [diagnostic], True)]
    return []


def _one_line(ctx: FixContext, node) -> str | None:
    """The node's source text, when it fits on one line and stands alone in flow text."""
    text = ctx.doc.text[node.start:node.end]
    if not text or '\n' in text or '\r' in text or '#' in text:
        return None
    if isinstance(node, Scalar) and node.style in ('|', '>'):
        return None
    if isinstance(node, Scalar) and not node.style and isinstance(node.value, str):
        return scalar_text(node.value, '', True)  # a plain scalar may need quotes in flow
    if isinstance(node, (Mapping, Sequence)) and not node.flow:
        return None
    return text


# -- what a later version has: raise heat_template_version -----------------------------

def raise_version(ctx: FixContext, diagnostic) -> list[CodeAction]:
    """A diagnostic whose data names the version it needs (NEEDS_VERSION: HOT402's function,
    parameter tags, a conditions section...): raise heat_template_version to the latest
    version any diagnostic of the document needs, fixing them all; and, when that is later,
    to this one's own too."""
    needed = _needs(diagnostic)
    template = ctx.template
    if needed is None or template is None or template.version is None \
            or template.version_pair is None or not isinstance(template.version_pair.value, Scalar):
        return []
    current = template.version
    waiting = [d for d in ctx.analysis.diagnostics
               if _needs(d) is not None and _needs(d) > current.version]
    targets = sorted({max([needed] + [_needs(d) for d in waiting]), needed}, reverse=True)
    actions = []
    for version in targets:
        if version <= current.version:
            continue
        fixed = [diagnostic] + [d for d in waiting if d is not diagnostic and _needs(d) <= version]
        actions.append(_raise_to(ctx, diagnostic, version, fixed,
                                 preferred=not actions and not (diagnostic.data or {}).get(
                                     'replacements')))
    return [action for action in actions if action is not None]


def _needs(diagnostic) -> str | None:
    version = (diagnostic.data or {}).get(NEEDS_VERSION)
    return version if isinstance(version, str) else None


def _raise_to(ctx: FixContext, diagnostic, version: str, fixed: list,
              preferred: bool) -> CodeAction | None:
    template = ctx.template
    target = next((v for v in language().hot_versions if v.version == version), None)
    if target is None:
        return None
    current = template.version
    used = {call.name for call in template.calls if call.impl not in ('Removed', 'Invalid')}
    # Removal is for good: a version that drops a function in use says so, and is not preferred.
    dropped = sorted(n for n in used
                     if target.functions.get(n) is not None and target.functions[n].removed)
    node = template.version_pair.value
    written = template.version_text
    value = target.aliases[0] if written in current.aliases and target.aliases else target.version
    style = '"' if ctx.doc.is_json else (node.style if node.style in ('"', "'") else '')
    edit = TextEdit(node.start, node.end, scalar_text(value, style))
    title = f'Raise heat_template_version to {value}'
    if len(fixed) > 1:
        title += f', which {len(fixed)} diagnostics need'
    elif diagnostic.code == 'HOT402':
        found = ctx.doc.scalar_at(diagnostic.start, diagnostic.end)
        if found is not None and isinstance(found.node.value, str):
            title += f', where {found.node.value} is a function'
    if dropped:
        title += ' (and ' + ', '.join(dropped) + (' is' if len(dropped) == 1 else ' are') + \
            ' not a function there)'
    return quickfix(title, [edit], fixed, preferred=preferred and not dropped)
