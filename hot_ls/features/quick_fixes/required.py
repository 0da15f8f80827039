"""HOT703: add every missing required property of a resource, in one action (not those
that an unknown key looks like: `rename_key.rename_misspelt` renames that key).

Each property gets a placeholder of its type: the first allowed value if
the schema lists them, else '' for strings, 0 (or the range's minimum) for
numbers, false for booleans; a map with a schema gets its own required
keys, a list of such maps one item, other maps `{}` and lists `[]`.
`properties:` is created when the resource has none.  Entries are written
block or flow as the mapping they join is written, at the column of their
siblings.
"""
from __future__ import annotations

import re
from typing import Any

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.rename_key import misspelt
from hot_ls.features.quick_fixes.yaml_edit import block_entry, flow_text, merge_edits
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.language import constraints as constr
from hot_ls.syntax import Mapping, Scalar

CODE = 'HOT703'
_STEP = re.compile(r'([^.\[\]]+)|\[(\d+)\]')
_MAX_DEPTH = 8


def add_required(ctx: FixContext, diagnostic) -> list[CodeAction]:
    template = ctx.template
    if template is None or ctx.doc.is_json:
        return []
    resource = _resource_at(template, diagnostic.start, diagnostic.end)
    if resource is None or not resource.type_name:
        return []
    rtype = ctx.resource_type(resource)
    if rtype is None:
        return []
    if misspelt(diagnostic):
        return []  # (rename_misspelt fixes it)
    missing = [d for d in ctx.analysis.diagnostics if d.code == CODE and _within(resource, d)
               and _property(d) is not None and not misspelt(d)]
    if not any(_same(d, diagnostic) for d in missing):
        missing.append(diagnostic)
    containers: dict[tuple[int, int], tuple[str, list[str]]] = {}
    for d in missing:
        path = (d.data or {}).get('path') or ''
        entry = containers.setdefault((d.start, d.end), (path, []))
        if _property(d) not in entry[1]:
            entry[1].append(_property(d))
    step = ctx.doc.indent_step()
    edits: list[tuple[TextEdit, int]] = []
    added: list[str] = []
    for (start, end), (path, names) in containers.items():
        schemas = container_schemas(rtype.properties, path)
        if schemas is None:
            continue
        entries = [(name, placeholder(schemas[name])) for name in names if name in schemas]
        if not entries:
            continue
        edit = _container_edit(ctx, resource, start, end, entries, step)
        if edit is None:
            continue
        edits.append((edit, len(list(_STEP.finditer(path)))))
        added += [f'{path}.{name}' if path else name for name, _ in entries]
    if not edits:
        return []
    title = ('Add the missing required properties: ' if len(added) > 1
             else 'Add the missing required property ') + ', '.join(added)
    fixed = [d for d in missing if d is not diagnostic]
    return [quickfix(title, merge_edits(edits), [diagnostic] + fixed, preferred=True)]


def _property(diagnostic) -> str | None:
    data = diagnostic.data
    name = data.get('property') if isinstance(data, dict) else None
    return name if isinstance(name, str) else None


def _same(a, b) -> bool:
    return (a.code, a.start, a.end, _property(a)) == (b.code, b.start, b.end, _property(b))


def _resource_at(template, start: int, end: int):
    for resource in template.resources.values():
        if resource.key.start <= start and end <= max(resource.body.end, resource.key.end):
            return resource
    return None


def _within(resource, diagnostic) -> bool:
    return resource.key.start <= diagnostic.start and \
        diagnostic.end <= max(resource.body.end, resource.key.end)


def container_schemas(properties: dict, path: str) -> dict | None:
    """The schemas of the mapping at a property path ('', 'resource_def', 'devices[0]')."""
    schemas: dict | None = properties
    schema = None
    for match in _STEP.finditer(path):
        if match.group(2) is not None:
            if schema is None or schema.item is None:
                return None
            schema = schema.item
        else:
            if schemas is None or match.group(1) not in schemas:
                return None
            schema = schemas[match.group(1)]
        schemas = schema.schema if schema.type_key == constr.MAP else None
    return schemas


def _required(schema) -> bool:
    return schema.required and schema.default is None


def placeholder(schema, depth: int = 0) -> Any:
    """A value of the property's type that its schema accepts where it can tell."""
    kind = schema.type_key
    allowed = next((c.allowed for c in schema.constraints if c.key == 'allowed_values'), None)
    if allowed and kind in (constr.STRING, constr.INTEGER, constr.NUMBER):
        return allowed[0]
    if kind in (constr.INTEGER, constr.NUMBER):
        bounds = next((c for c in schema.constraints if c.key == 'range'), None)
        if bounds is not None and bounds.min is not None and bounds.min > 0:
            return bounds.min
        if bounds is not None and bounds.max is not None and bounds.max < 0:
            return bounds.max
        return 0
    if kind == constr.BOOLEAN:
        return False
    if kind == constr.MAP:
        if schema.schema and depth < _MAX_DEPTH:
            return {name: placeholder(child, depth + 1)
                    for name, child in schema.schema.items() if _required(child)}
        return {}
    if kind == constr.LIST:
        item = schema.item
        length = next((c for c in schema.constraints if c.key == 'length'), None)
        at_least = length.min if length is not None and length.min else 0
        if item is not None and depth < _MAX_DEPTH:
            value = placeholder(item, depth + 1)
            if at_least or (isinstance(value, dict) and value):
                return [value] * max(1, at_least)
        return [''] * at_least if at_least else []
    return ''


def _container_edit(ctx: FixContext, resource, start: int, end: int,
                    entries: list[tuple[str, Any]], step: int) -> TextEdit | None:
    doc = ctx.doc
    body = resource.mapping
    if body is None:
        return None
    if (start, end) != (resource.key.start, resource.key.end):
        found = doc.find(start, end)
        if found is None or not isinstance(found.node, Mapping):
            return None
        container = found.node
        if not container.pairs and not container.flow:
            return None
        return doc.add_to_mapping(container, entries, step)
    # No properties, or `properties:` with nothing in it.
    pair = body.pair('properties')
    value = dict(entries)
    if pair is None:
        if not body.pairs:
            return None
        return doc.add_to_mapping(body, [('properties', value)], step)
    node = pair.value
    if not isinstance(node, Scalar) or node.value is not None:
        return None
    if body.flow or node.end > node.start:
        text = flow_text(value)
        return TextEdit(node.start, node.end, text if node.end > node.start or
                        doc.text[node.start - 1:node.start] == ' ' else ' ' + text)
    column = doc.column(pair.key.start) + step
    lines: list[str] = []
    for key, child in entries:
        lines += block_entry(key, child, column, step)
    return doc.insert_lines_after(doc.last_line(pair.key), lines)
