"""A line index over a document: code-point offsets <-> (line, column) positions."""
from __future__ import annotations

import bisect
from typing import NamedTuple

from hot_ls.text.encoding import Encoding, code_points_for_units, units_in


class Position(NamedTuple):
    """A zero-based line and a column counted in the units of some encoding."""

    line: int
    character: int


def _starts(text: str, begin: int, end: int) -> list[int]:
    """The offsets of the lines that start after a line break in text[begin:end]."""
    starts = []
    if '\r' in text:
        index = begin
        length = len(text)
        while index < end:
            char = text[index]
            if char == '\n':
                starts.append(index + 1)
            elif char == '\r':
                if index + 1 < length and text[index + 1] == '\n':
                    index += 1
                starts.append(index + 1)
            index += 1
    else:
        find = text.find
        index = find('\n', begin, end)
        while index != -1:
            starts.append(index + 1)
            index = find('\n', index + 1, end)
    return starts


class LineIndex:
    """Maps offsets to positions and back, in any LSP position encoding.

    Line breaks are LF, CRLF or a lone CR, as in the LSP specification.
    """

    __slots__ = ('text', '_starts')

    def __init__(self, text: str, starts: list[int] | None = None):
        self.text = text
        self._starts = starts if starts is not None else [0] + _starts(text, 0, len(text))

    def edited(self, text: str, start: int, old_end: int, new_end: int) -> 'LineIndex':
        """The index of `text`, made from this one's text with text[start:new_end] in place
        of this one's [start:old_end]: the lines around the edit are read again, the others
        only move."""
        old = self._starts
        delta = new_end - old_end
        # from the line before the edit's (a CR there may pair with an LF typed) to two lines
        # after it (an LF there may pair with a CR typed): lines the edit cannot touch
        first = max(0, bisect.bisect_right(old, max(0, start - 1)) - 2)
        last = bisect.bisect_right(old, old_end + 1) + 1
        head = old[:first + 1]
        if last < len(old):
            middle = _starts(text, old[first], old[last] + delta)
            tail = [offset + delta for offset in old[last + 1:]] if delta else old[last + 1:]
        else:
            middle = _starts(text, old[first], len(text))
            tail = []
        return LineIndex(text, head + middle + tail)

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def line_start(self, line: int) -> int:
        return self._starts[line]

    def line_end(self, line: int) -> int:
        """Offset of the end of `line`, before its line break."""
        if line + 1 < len(self._starts):
            end = self._starts[line + 1] - 1
            if end > 0 and self.text[end] == '\n' and self.text[end - 1] == '\r':
                end -= 1
            return end
        return len(self.text)

    def line_text(self, line: int) -> str:
        return self.text[self._starts[line]:self.line_end(line)]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset) - 1

    def position(self, offset: int, encoding: Encoding = Encoding.UTF32) -> Position:
        """The position of a code-point offset, its column in `encoding` units."""
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self._starts, offset) - 1
        start = self._starts[line]
        if encoding is Encoding.UTF32:
            return Position(line, offset - start)
        return Position(line, units_in(self.text[start:offset], encoding))

    def offset(self, line: int, character: int, encoding: Encoding = Encoding.UTF32) -> int:
        """The code-point offset of a position; out-of-range values clamp."""
        if line < 0:
            return 0
        if line >= len(self._starts):
            return len(self.text)
        start = self._starts[line]
        end = self.line_end(line)
        return start + code_points_for_units(self.text[start:end], character, encoding)
