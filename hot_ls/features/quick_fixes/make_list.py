"""A single value where a list goes (HOT704 a property, HOT205 tags, HOT206 constraints,
HOT215 parameter_groups): make it the list's one item.

A scalar or a flow mapping on its line becomes `[value]`; a block mapping becomes the
list's first item (`- ` before its first key, its other lines indented to match).  Not
offered for a multi-line scalar, nor a scalar whose text would read otherwise inside
brackets (commas, brackets, braces, a comment).
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.syntax import Mapping, Scalar

_FLOW_SPECIAL = frozenset(',[]{}#')


def make_list(ctx: FixContext, diagnostic) -> list[CodeAction]:
    if not (diagnostic.data or {}).get('make_list') or ctx.doc.is_json:
        return []
    doc = ctx.doc
    found = doc.find(diagnostic.start, diagnostic.end)
    if found is None or found.pair is None or found.is_key:
        return []
    node, name = found.node, found.pair.key.value
    text = doc.text[node.start:node.end]
    lines = doc.lines
    if isinstance(node, Scalar) or (isinstance(node, Mapping) and node.flow):
        if '\n' in text or '\r' in text or node.start == node.end or (
                isinstance(node, Scalar) and node.style not in ('"', "'")
                and (_FLOW_SPECIAL & set(text) or node.style in ('|', '>'))):
            return []
        edits = [TextEdit(node.start, node.end, f'[{text}]')]
    elif isinstance(node, Mapping) and node.pairs:
        first = lines.line_of(node.start)
        if doc.text[lines.line_start(first):node.start].strip():
            return []  # (the mapping does not start its line)
        last = doc.last_line(node)
        edits = [TextEdit(node.start, node.start, '- ')]
        edits += [TextEdit(lines.line_start(number), lines.line_start(number), '  ')
                  for number in range(first + 1, last + 1) if lines.line_text(number).strip()]
    else:
        return []
    return [quickfix(f'Make "{name}" a list of this value', edits, [diagnostic],
                     preferred=True)]
