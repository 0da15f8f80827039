"""Text edits on a YAML document that keep it valid and indented like its neighbours.

Quick fixes decide *what* to change; this module decides how it is written:
a scalar in the style of the one it replaces (quoted only where a plain
scalar would read differently), new keys at the column of their siblings,
block or flow as the surrounding collection is written, the document's own
line breaks.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from hot_ls.features.types import TextEdit
from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence, SyntaxTree
from hot_ls.syntax.scalars import ScalarError, resolve_plain
from hot_ls.text import LineIndex

_PLAIN_START = re.compile(r'[A-Za-z0-9_./$(<^=+~\\]')
_FLOW_INDICATORS = frozenset(',[]{}')


# -- scalars ------------------------------------------------------------------

def plain_ok(value: str, flow: bool) -> bool:
    """Whether `value` written plain reads back as this very string (Heat's resolution)."""
    if not value or value != value.strip() or not _PLAIN_START.match(value[0]):
        return False
    if any(c in value for c in '\n\r\t#') or ': ' in value or value.endswith(':'):
        return False
    if flow and (any(c in _FLOW_INDICATORS for c in value)):
        return False
    if not value.isprintable():
        return False
    try:
        resolved = resolve_plain(value)
    except ScalarError:
        return False
    return type(resolved) is str and resolved == value


def single_quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def double_quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def scalar_text(value: Any, style: str = '', flow: bool = False) -> str:
    """A value written as a YAML scalar; strings in `style` where it can hold them."""
    if value is None:
        return 'null'
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, (int, float)):
        return repr(value)
    value = str(value)
    if style == '"':
        return double_quoted(value)
    if style == "'" and '\n' not in value:
        return single_quoted(value)
    if value == '':
        return "''"
    if plain_ok(value, flow):
        return value
    return single_quoted(value) if value.isprintable() else double_quoted(value)


# -- values: placeholders as block or flow text -----------------------------------------

def flow_text(value: Any) -> str:
    if isinstance(value, dict):
        return '{' + ', '.join(f'{scalar_text(k, flow=True)}: {flow_text(v)}'
                               for k, v in value.items()) + '}'
    if isinstance(value, list):
        return '[' + ', '.join(flow_text(v) for v in value) + ']'
    return scalar_text(value, flow=True)


def block_entry(key: Any, value: Any, indent: int, step: int) -> list[str]:
    """`key: value` as block lines at `indent` (no line breaks in the strings)."""
    head = ' ' * indent + scalar_text(key) + ':'
    if isinstance(value, dict) and value:
        lines = [head]
        for k, v in value.items():
            lines += block_entry(k, v, indent + step, step)
        return lines
    if isinstance(value, list) and value:
        return [head] + block_items(value, indent + step, step)
    return [head + ' ' + flow_text(value)]


def block_items(items: list, indent: int, step: int) -> list[str]:
    lines = []
    for item in items:
        if isinstance(item, dict) and item:
            entries = []
            for k, v in item.items():
                entries += block_entry(k, v, indent + 2, step)
            first = entries[0]
            entries[0] = ' ' * indent + '- ' + first[indent + 2:]
            lines += entries
        else:
            lines.append(' ' * indent + '- ' + flow_text(item))
    return lines


# -- the document ------------------------------------------------------------------

@dataclass
class Found:
    """A node at an exact span, with what holds it."""

    node: Node
    parent: Node | None
    pair: Pair | None  # the pair, when the node is a key or a value of a mapping
    is_key: bool = False
    flow: bool = False  # inside a flow collection


class Doc:
    """The analysed text, with the lookups and edit builders the quick fixes share."""

    def __init__(self, tree: SyntaxTree):
        self.tree = tree
        self.text = tree.text
        self.lines: LineIndex = tree.lines
        self.is_json = tree.format == 'json'
        self.newline = '\r\n' if '\r\n' in self.text else '\n'

    # -- finding nodes
    def find(self, start: int, end: int, root: Node | None = None) -> Found | None:
        """The node spanning exactly start..end (a scalar, a key, or a collection)."""
        node = root if root is not None else self.tree.root
        if node is None or not (node.start <= start and end <= node.end):
            return None
        found = Found(node, None, None)
        while True:
            current = found.node
            if isinstance(current, Scalar):
                break
            flow = found.flow or bool(getattr(current, 'flow', False))
            children: list[tuple[Node, Pair | None, bool]] = []
            if isinstance(current, Mapping):
                for pair in current.pairs:
                    children += [(pair.key, pair, True), (pair.value, pair, False)]
            elif isinstance(current, Sequence):
                children = [(item, None, False) for item in current.items]
            step = None
            for child, pair, is_key in children:
                if child.start <= start and end <= child.end and (
                        child.end > child.start or start == end):
                    step = Found(child, current, pair, is_key, flow)
                    break
            if step is None:
                break
            found = step
        node = found.node
        return found if (node.start, node.end) == (start, end) else None

    def scalar_at(self, start: int, end: int) -> Found | None:
        found = self.find(start, end)
        if found is None or not isinstance(found.node, Scalar):
            return None
        if found.node.start != start or found.node.end != end:
            return None
        return found

    def path_to(self, root: Node, target: Node) -> list[tuple[Node, Any]] | None:
        """The (container, key or index) steps from `root` down to `target` (by identity)."""
        steps: list[tuple[Node, Any]] = []
        node = root
        while node is not target:
            step = None
            if isinstance(node, Mapping):
                for key, pair in node.index.items():
                    value = pair.value
                    if value is target or (value.start <= target.start and target.end <= value.end
                                           and value.end > value.start):
                        step = (node, key, value)
                        break
            elif isinstance(node, Sequence):
                for index, item in enumerate(node.items):
                    if item is target or (item.start <= target.start and target.end <= item.end):
                        step = (node, index, item)
                        break
            if step is None:
                return None
            steps.append((step[0], step[1]))
            node = step[2]
        return steps

    # -- lines and columns
    def column(self, offset: int) -> int:
        return offset - self.lines.line_start(self.lines.line_of(offset))

    def content_end(self, node: Node) -> int:
        """Where the node's text ends, trailing blank lines (of a block scalar) left out."""
        end = node.end
        while end > node.start and self.text[end - 1] in ' \t\r\n':
            end -= 1
        return end

    def last_line(self, node: Node, floor: Node | None = None) -> int:
        """The line of the node's last character (or of `floor`'s, if later: a key with no value)."""
        end = self.content_end(node)
        if floor is not None:
            end = max(end, floor.end)
        return self.lines.line_of(max(end - 1, 0))

    def block_key_column(self, mapping: Mapping) -> int | None:
        if mapping.flow or not mapping.pairs:
            return None
        return self.column(mapping.pairs[0].key.start)

    def indent_step(self) -> int:
        """The document's indentation step: how far `resources:` (or any section) indents."""
        root = self.tree.root
        if isinstance(root, Mapping):
            for pair in root.pairs:
                value = pair.value
                if isinstance(value, Mapping) and not value.flow and value.pairs:
                    column = self.column(value.pairs[0].key.start) - self.column(pair.key.start)
                    if column > 0:
                        return column
        return 2

    def is_inside_multiline_scalar(self, offset: int) -> bool:
        """Whether `offset` (a line's end) falls inside a scalar that goes on past it."""
        stack = [self.tree.root] if self.tree.root is not None else []
        while stack:
            node = stack.pop()
            if not (node.start <= offset <= node.end):
                continue
            if isinstance(node, Scalar):
                if node.start < offset < node.end:
                    # a block scalar's header line may end with a comment
                    header = node.style in ('|', '>') and \
                        self.lines.line_of(offset) == self.lines.line_of(node.start)
                    if not header:
                        return True
            elif isinstance(node, Mapping):
                for pair in node.pairs:
                    stack.append(pair.key)
                    stack.append(pair.value)
            elif isinstance(node, Sequence):
                stack.extend(node.items)
        return False

    # -- edits
    def replace(self, node: Node, new_text: str) -> TextEdit:
        return TextEdit(node.start, node.end, new_text)

    def insert_lines_after(self, line: int, lines: list[str]) -> TextEdit:
        """New lines after `line` (at its end, before its line break)."""
        offset = self.lines.line_end(line)
        nl = self.newline
        return TextEdit(offset, offset, nl + nl.join(lines))

    def add_to_mapping(self, mapping: Mapping, entries: list[tuple[Any, Any]], step: int,
                       flow_values: bool = False) -> TextEdit:
        """Append `key: value` entries to a mapping, block or flow as it is written
        (`flow_values`: in a block mapping, each value on its key's line, in flow style)."""
        if mapping.flow:
            inner = ', '.join(f'{scalar_text(k, flow=True)}: {flow_text(v)}' for k, v in entries)
            if mapping.pairs:
                last = mapping.pairs[-1]
                at = max(last.value.end, last.key.end)
                return TextEdit(at, at, ', ' + inner)
            close = mapping.end - 1  # the closing brace
            return TextEdit(close, close, inner)
        column = self.block_key_column(mapping) or 0
        lines: list[str] = []
        for key, value in entries:
            if flow_values:
                lines.append(' ' * column + f'{scalar_text(key)}: {flow_text(value)}')
            else:
                lines += block_entry(key, value, column, step)
        last = mapping.pairs[-1]
        return self.insert_lines_after(self.last_line(last.value, last.key), lines)


def merge_edits(edits: list[tuple[TextEdit, int]]) -> list[TextEdit]:
    """Edits of one action, sorted; inserts at one offset joined (deeper first)."""
    by_offset: dict[tuple[int, int], list[tuple[int, TextEdit]]] = {}
    for edit, depth in edits:
        by_offset.setdefault((edit.start, edit.end), []).append((depth, edit))
    merged = []
    for (start, end), group in sorted(by_offset.items()):
        group.sort(key=lambda item: -item[0])
        merged.append(TextEdit(start, end, ''.join(edit.new_text for _, edit in group)))
    return merged


def apply(text: str, edits: list[TextEdit]) -> str:
    """The text with non-overlapping edits applied (for tests and checks)."""
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        text = text[:edit.start] + edit.new_text + text[edit.end:]
    return text
