"""HOT301: declare the missing parameter, with a type inferred from how it is used; HOT203:
give a parameter without a type the one its default has, else the one its uses tell; HOT214:
the type of a default the parameter's type refuses.

The type comes from the first use that tells it:
- a `get_param` path (`[servers, web]`): json;
- the value of a property: its schema's type (integer or number: number,
  boolean: boolean, map: json, list of scalars: comma_delimited_list,
  list of maps or lists: json);
- an argument that must be a list (list_join's lists, list_concat,
  contains' sequence, repeat's for_each): comma_delimited_list; a map
  (map_merge, map_replace): json;
otherwise string.  The declaration goes at the end of `parameters:`,
written as its neighbours are (block, or flow bodies); without the section,
it is created where Heat's section order puts it.
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.rename_key import misspelt
from hot_ls.features.quick_fixes.yaml_edit import block_entry, scalar_text
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.language import constraints as constr
from hot_ls.model.symbols import PARAMETER
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

STRING, NUMBER, BOOLEAN, LIST, JSON = 'string', 'number', 'boolean', 'comma_delimited_list', 'json'


def declare_parameter(ctx: FixContext, diagnostic) -> list[CodeAction]:
    data = diagnostic.data or {}
    name = data.get('name')
    template = ctx.template
    if (data.get('undefined') != 'parameter' or not isinstance(name, str) or not name
            or template is None or ctx.doc.is_json or name in template.parameters
            or name in template.resources):  # (Heat refuses a parameter named as a resource)
        return []
    ptype = infer_type(ctx, name)
    edit = declaration_edit(ctx, name, {'type': ptype})
    if edit is None:
        return []
    return [quickfix(f'Declare parameter "{name}" ({ptype})', [edit], [diagnostic],
                     preferred=not (data.get('replacements')))]


def add_parameter_type(ctx: FixContext, diagnostic) -> list[CodeAction]:
    """HOT203 (not for a misspelt `type` key: rename_key renames it)."""
    template = ctx.template
    if template is None or ctx.doc.is_json or misspelt(diagnostic):
        return []
    found = ctx.doc.scalar_at(diagnostic.start, diagnostic.end)
    if found is None or not found.is_key:
        return []
    name = found.node.value
    definition = template.parameters.get(name)
    body = definition.mapping if definition is not None else None
    if not isinstance(body, Mapping) or not (body.pairs or body.flow) or 'type' in body.index:
        return []
    ptype = _type_of_default(body.get('default')) or infer_type(ctx, name)
    edit = ctx.doc.add_to_mapping(body, [('type', ptype)], ctx.doc.indent_step())
    return [quickfix(f'Add "type: {ptype}"', [edit], [diagnostic], preferred=True)]


def type_of_default(ctx: FixContext, diagnostic) -> list[CodeAction]:
    """HOT214, a default the parameter's type refuses (or a string parameter's list or
    mapping): give the parameter the default's type.  Not preferred: the default may be
    the mistake."""
    template = ctx.template
    if template is None:
        return []
    for name, definition in template.parameters.items():
        body = definition.mapping
        default = body.pair('default') if body is not None else None
        if default is None or (default.value.start, default.value.end) != \
                (diagnostic.start, diagnostic.end):
            continue
        written = body.pair('type')
        wanted = _type_of_default(default.value)
        if written is None or not isinstance(written.value, Scalar) or wanted is None \
                or written.value.value == wanted:
            return []
        node = written.value
        style = '"' if ctx.doc.is_json else (node.style if node.style in ('"', "'") else '')
        text = scalar_text(wanted, style, body.flow)
        return [quickfix(f'Change the type of "{name}" to {wanted}, its default\'s',
                         [TextEdit(node.start, node.end, text)], [diagnostic])]
    return []


def _type_of_default(node: Node | None) -> str | None:
    if node is None:
        return None
    value = node.to_python()
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, (int, float)):
        return NUMBER
    if isinstance(value, dict):
        return JSON
    if isinstance(value, list):
        return JSON if any(isinstance(item, (dict, list)) for item in value) else LIST
    return STRING if isinstance(value, str) else None


# -- the type -------------------------------------------------------------------------

def infer_type(ctx: FixContext, name: str) -> str:
    for ref in ctx.template.references_to(PARAMETER, name):
        found = _type_of_use(ctx, ref)
        if found is not None:
            return found
    return STRING


def schema_type(schema) -> str | None:
    """The parameter type that feeds a property of this schema (None: any will do)."""
    kind = schema.type_key
    if kind in (constr.INTEGER, constr.NUMBER):
        return NUMBER
    if kind == constr.BOOLEAN:
        return BOOLEAN
    if kind == constr.MAP:
        return JSON
    if kind == constr.LIST:
        item = schema.item
        if item is not None and item.type_key in (constr.MAP, constr.LIST):
            return JSON
        return LIST
    if kind == constr.STRING:
        return STRING
    return None


def _type_of_use(ctx: FixContext, ref) -> str | None:
    if ref.via not in ('get_param', 'Ref') or ref.call is None:
        return None
    if ref.path:
        return JSON
    node = ref.call.node
    by_argument = _argument_type(ctx, node)
    if by_argument is not None:
        return by_argument
    template = ctx.template
    if not ref.owner or ref.owner[0] != 'resources' or ref.field != 'properties':
        return None
    resource = template.resources.get(ref.owner[1])
    if resource is None or not resource.type_name:
        return None
    rtype = ctx.resource_type(resource)
    properties = resource.get('properties')
    if rtype is None or properties is None:
        return None
    steps = ctx.doc.path_to(properties, node)
    if not steps:
        return None
    schemas, schema = rtype.properties, None
    for container, key in steps:
        if isinstance(container, Mapping):
            if schemas is None or key not in schemas:
                return None
            schema = schemas[key]
        else:
            if schema is None or schema.item is None:
                return None
            schema = schema.item
        schemas = schema.schema if schema.type_key == constr.MAP else None
    return schema_type(schema) if schema is not None else None


def _argument_type(ctx: FixContext, node: Node) -> str | None:
    """The type an enclosing function needs of the value `node` stands for."""
    for call in ctx.template.calls:
        args = call.args
        name = call.name
        if isinstance(args, Sequence):
            items = args.items
            position = next((i for i, item in enumerate(items) if item is node), None)
            if position is None:
                continue
            if name == 'list_join' and position >= 1:
                return LIST
            if name in ('list_concat', 'list_concat_unique'):
                return LIST
            if name == 'contains' and position == 1:
                return LIST
            if name == 'map_merge' or (name == 'map_replace' and position == 0):
                return JSON
            return None
        if isinstance(args, Mapping) and name == 'repeat':
            for_each = args.get('for_each')
            if isinstance(for_each, Mapping) and any(p.value is node for p in for_each.index.values()):
                return LIST
    return None


# -- where it goes ----------------------------------------------------------------------

def declaration_edit(ctx: FixContext, name: str, body: dict) -> TextEdit | None:
    """An edit declaring `name: body` in `parameters:`, creating the section if need be."""
    doc = ctx.doc
    template = ctx.template
    step = doc.indent_step()
    pair = template.sections.get('parameters')
    if pair is not None:
        section = pair.value
        if isinstance(section, Mapping):
            if not section.pairs and not section.flow:
                return None
            last = section.pairs[-1].value if section.pairs else None
            flow_bodies = isinstance(last, Mapping) and last.flow
            return doc.add_to_mapping(section, [(name, body)], step, flow_values=flow_bodies)
        if isinstance(section, Scalar) and section.value is None and section.end == section.start:
            column = doc.column(pair.key.start) + step
            return doc.insert_lines_after(doc.last_line(pair.key),
                                          block_entry(name, body, column, step))
        return None
    root = template.root
    if not root.pairs or root.flow:
        return None
    lines = ['parameters:'] + block_entry(name, body, step, step)
    order = list(template.facts.section_order)
    later = set(order[order.index('parameters') + 1:]) if 'parameters' in order else set()
    anchor = next((p for p in root.pairs if isinstance(p.key, Scalar) and p.key.value in later),
                  None)
    nl = doc.newline
    if anchor is None:
        last = root.pairs[-1]
        return doc.insert_lines_after(doc.last_line(last.value, last.key), lines)
    line = doc.lines.line_of(anchor.key.start)
    while line > 0 and doc.lines.line_text(line - 1).lstrip().startswith('#'):
        line -= 1  # the comments that introduce the next section stay with it
    blank_before = line > 0 and not doc.lines.line_text(line - 1).strip()
    offset = doc.lines.line_start(line)
    text = nl.join(lines) + nl + (nl if blank_before else '')
    return TextEdit(offset, offset, text)
