"""Folding ranges: mappings and sequences that span lines, block scalars, comment blocks.

A mapping entry folds from its key's line to the last line of its value; a
list item that is a collection folds from its own line.  Flow collections
whose closing bracket stands on a line of its own keep that line visible.
Ranges are whole lines; two ranges never start on the same line (the larger
one is kept).  Comment blocks are two or more lines of YAML comments, outside
block scalars (a shell script's `#` lines are text, not comments).
"""
from __future__ import annotations


from hot_ls.analysis import Analysis
from hot_ls.features.index import token_span
from hot_ls.features.types import FoldingKind, FoldingRange
from hot_ls.syntax import Mapping, Node, Scalar, Sequence
from hot_ls.syntax.gc_pause import gc_paused


def folding_ranges(analysis: Analysis) -> list[FoldingRange]:
    if analysis is None or analysis.tree is None:
        return []
    with gc_paused():  # see hot_ls.syntax.gc_pause
        return _Folder(analysis.text, analysis.tree.lines).run(analysis.tree.root)


class _Folder:
    def __init__(self, text: str, lines):
        self.text = text
        self.lines = lines
        self.by_start: dict[int, FoldingRange] = {}
        self.text_lines: list[tuple[int, int]] = []  # line ranges of multi-line scalars

    def add(self, start_line: int, end_line: int, kind: FoldingKind | None = None) -> None:
        if end_line <= start_line:
            return
        current = self.by_start.get(start_line)
        if current is None or current.end_line < end_line:
            self.by_start[start_line] = FoldingRange(start_line, end_line, kind)

    def last_line(self, node: Node) -> int:
        """The last line holding the node's text; for a flow collection whose closing
        bracket opens its line, the line before it."""
        text, end = self.text, node.end
        start = node.start
        while end > start and text[end - 1] in ' \t\r\n':
            end -= 1
        line = self.lines.line_of(max(start, end - 1))
        if isinstance(node, (Mapping, Sequence)) and node.flow and end > start \
                and text[end - 1] in '}]':
            if not text[self.lines.line_start(line):end - 1].strip():
                line -= 1
        return line

    def fold(self, start: int, node: Node) -> None:
        if isinstance(node, Scalar):
            if node.style not in ('|', '>') and '\n' not in self.text[node.start:node.end]:
                return
            first = self.lines.line_of(node.start)
            last = self.last_line(node)
            if last > first:
                self.text_lines.append((first, last))
        elif not isinstance(node, (Mapping, Sequence)) or not len(node):
            return
        self.add(self.lines.line_of(start), self.last_line(node))

    def run(self, root: Node | None) -> list[FoldingRange]:
        seen: set[int] = set()
        stack = [root] if root is not None else []
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, Mapping):
                for pair in node.pairs:
                    value = pair.value
                    if value.start >= pair.key.end and id(value) not in seen:
                        self.fold(token_span(self.text, pair.key)[0], value)
                        stack.append(value)
            elif isinstance(node, Sequence):
                for item in node.items:
                    if item.start >= node.start and id(item) not in seen:
                        self.fold(item.start, item)
                        stack.append(item)
        self.comments()
        return [self.by_start[line] for line in sorted(self.by_start)]

    def comments(self) -> None:
        inside = set()
        for first, last in self.text_lines:
            inside.update(range(first, last + 1))
        lines = self.lines
        run_start = None
        previous = None
        for number in range(lines.line_count):
            if number in inside:
                is_comment = False
            else:
                is_comment = lines.line_text(number).lstrip(' \t').startswith('#')
            if is_comment:
                if run_start is None:
                    run_start = number
                previous = number
            elif run_start is not None:
                self.add(run_start, previous, FoldingKind.COMMENT)
                run_start = None
        if run_start is not None:
            self.add(run_start, previous, FoldingKind.COMMENT)
