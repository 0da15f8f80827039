"""Refactoring: extract a property's literal value into a new parameter.

On a scalar written as the value of a resource property (at any level of
its schema, outside functions): declare a parameter named after the
property (or `<resource>_<property>` when that is taken) with the
property's type and the literal as its default, and put `{get_param: name}`
in its place.
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import REFACTOR_EXTRACT, FixContext
from hot_ls.features.quick_fixes.declare import declaration_edit, schema_type
from hot_ls.features.quick_fixes.yaml_edit import merge_edits, scalar_text
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.language import constraints as constr
from hot_ls.syntax import Mapping, Scalar


def extract_parameter(ctx: FixContext, span: tuple[int, int]) -> list[CodeAction]:
    start, end = span
    template = ctx.template
    doc = ctx.doc
    if template is None or template.version is None or doc.is_json:
        return []
    resource = next((r for r in template.resources.values()
                     if r.body.start <= start and end <= r.body.end), None)
    if resource is None or not resource.type_name:
        return []
    properties = resource.get('properties')
    rtype = ctx.resource_type(resource)
    if not isinstance(properties, Mapping) or rtype is None:
        return []
    scalar = _scalar_containing(properties, start, end)
    if scalar is None or scalar.style in ('|', '>') or scalar.value is None:
        return []
    if not isinstance(scalar.value, (str, int, float, bool)):
        return []
    steps = doc.path_to(properties, scalar)
    if not steps:
        return []
    schemas, schema, name = rtype.properties, None, None
    for container, key in steps:
        if isinstance(container, Mapping):
            if schemas is None or key not in schemas:
                return []  # not a property (a function's argument, an unknown key)
            schema, name = schemas[key], key
        else:
            if schema is None or schema.item is None:
                return []
            schema = schema.item
        schemas = schema.schema if schema.type_key == constr.MAP else None
    if schema is None or schema.type_key in (constr.MAP, constr.LIST) or not isinstance(name, str):
        return []
    ptype = schema_type(schema) or _type_of_value(scalar.value)
    parameter = _free_name(template, name, resource.name)
    declaration = declaration_edit(ctx, parameter, {'type': ptype, 'default': scalar.value})
    if declaration is None:
        return []
    use = TextEdit(scalar.start, scalar.end, '{get_param: ' + scalar_text(parameter, flow=True) + '}')
    shown = scalar.value if isinstance(scalar.value, str) else scalar_text(scalar.value)
    return [CodeAction(f'Extract "{shown}" into parameter "{parameter}"', REFACTOR_EXTRACT,
                       merge_edits([(declaration, 0), (use, 0)]))]


def _scalar_containing(node, start: int, end: int) -> Scalar | None:
    while True:
        if isinstance(node, Scalar):
            return node if node.start <= start and end <= node.end else None
        children = []
        if isinstance(node, Mapping):
            for pair in node.pairs:
                if pair.key.start <= start and end <= pair.key.end:
                    return None  # on a key, not a value
                children.append(pair.value)
        elif hasattr(node, 'items'):
            children = node.items
        node = next((c for c in children if c.start <= start and end <= c.end), None)
        if node is None:
            return None


def _type_of_value(value) -> str:
    if isinstance(value, bool):
        return 'boolean'
    if isinstance(value, (int, float)):
        return 'number'
    return 'string'


def _free_name(template, prop: str, resource) -> str:
    taken = set(template.parameters) | set(template.resources)
    for candidate in (prop, f'{resource}_{prop}'):
        if candidate not in taken:
            return candidate
    number = 2
    while f'{resource}_{prop}_{number}' in taken:
        number += 1
    return f'{resource}_{prop}_{number}'
