"""Entries written at the wrong level of a resource.

- HOT112, a property of the resource's type written beside `properties`: the entry's
  lines (its key line to its value's last) move, re-indented to the column of the
  properties' keys, after the last of them; `properties:` is created where the resource
  has none.  Offered for block mappings only (the resource's and its properties'), and not
  when the properties have that key already.
- HOT113, a "resource" named after a resource key (`properties:` written one level too
  far left): its lines are indented one step, under the resource above, when that
  resource is a block mapping without that key.
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.syntax import Mapping, Scalar


def move_under_properties(ctx: FixContext, diagnostic) -> list[CodeAction]:
    key = _named(ctx, diagnostic, 'property_key')
    if key is None:
        return []
    template, doc = ctx.template, ctx.doc
    resource = next((r for r in template.resources.values()
                     if isinstance(r.body, Mapping) and r.body.start <= diagnostic.start
                     and diagnostic.end <= r.body.end), None)
    if resource is None or resource.body.flow:
        return []
    body = resource.body
    pair = body.pair(key)
    lines = doc.lines
    if pair is None or pair.key.start != diagnostic.start:
        return []
    first = lines.line_of(pair.key.start)
    if first == 0 or doc.text[lines.line_start(first):pair.key.start].strip():
        return []  # (not the first thing on its line)
    last = doc.last_line(pair.value, pair.key)
    column = pair.key.start - lines.line_start(first)
    moved = [lines.line_text(number) for number in range(first, last + 1)]
    start, end = lines.line_end(first - 1), lines.line_end(last)  # (the lines and a break)
    nl = doc.newline
    step = doc.indent_step()
    properties = body.pair('properties')
    if properties is None:
        new = nl + ' ' * column + 'properties:' + nl + nl.join(_shift(moved, step))
        edits = [TextEdit(start, end, new)]
    else:
        value = properties.value
        if isinstance(value, Mapping) and not value.flow and value.pairs:
            if key in value.index:
                return []
            target = doc.block_key_column(value)
        elif isinstance(value, Scalar) and value.value is None:  # `properties:` alone
            target = doc.column(properties.key.start) + step
        else:
            return []
        after = doc.last_line(value, properties.key)
        text = nl + nl.join(_shift(moved, target - column))
        if after == first - 1:  # right above the entry: one edit
            edits = [TextEdit(start, end, text)]
        else:
            at = lines.line_end(after)
            edits = sorted([TextEdit(start, end, ''), TextEdit(at, at, text)],
                           key=lambda edit: edit.start)
    related = [d for d in ctx.analysis.diagnostics if d.code == 'HOT703'
               and (d.data or {}).get('property') == key and not (d.data or {}).get('path')
               and resource.key.start <= d.start <= body.end]
    return [quickfix(f'Move "{key}" under "properties"', edits, [diagnostic] + related,
                     preferred=True)]


def _named(ctx: FixContext, diagnostic, data_key: str) -> str | None:
    """The key the diagnostic's data names for a fix of a YAML template, else None."""
    key = (diagnostic.data or {}).get(data_key)
    if not isinstance(key, str) or ctx.template is None or ctx.doc.is_json:
        return None
    return key


def _shift(lines: list[str], by: int) -> list[str]:
    """The lines indented `by` columns more (fewer, when negative; blank lines kept)."""
    if by >= 0:
        return [' ' * by + line if line.strip() else line for line in lines]
    return [line[-by:] if line[:-by].strip(' ') == '' else line.lstrip(' ') for line in lines]


def indent_under_resource_above(ctx: FixContext, diagnostic) -> list[CodeAction]:
    key = _named(ctx, diagnostic, 'resource_key')
    if key is None:
        return []
    template, doc = ctx.template, ctx.doc
    resources = list(template.resources.values())
    position = next((i for i, r in enumerate(resources) if r.key.start == diagnostic.start), None)
    if not position:  # (none found, or the first resource: nothing above it)
        return []
    above, entry = resources[position - 1], resources[position]
    if not isinstance(above.body, Mapping) or above.body.flow or key in above.body.index:
        return []
    lines = doc.lines
    first = lines.line_of(entry.key.start)
    if doc.text[lines.line_start(first):entry.key.start].strip() or \
            above.body.end > lines.line_start(first):
        return []
    last = doc.last_line(entry.body, entry.key)
    step = doc.column(above.body.pairs[0].key.start) - doc.column(above.key.start) \
        if above.body.pairs else doc.indent_step()
    if step <= 0:
        return []
    edits = [TextEdit(lines.line_start(number), lines.line_start(number), ' ' * step)
             for number in range(first, last + 1) if lines.line_text(number).strip()]
    return [quickfix(f'Indent "{key}" under "{above.name}"', edits, [diagnostic],
                     preferred=True)]
