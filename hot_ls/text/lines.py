"""A line index over a document: code-point offsets <-> (line, column) positions."""
from __future__ import annotations

import bisect
from typing import NamedTuple

from hot_ls.text.encoding import Encoding, code_points_for_units, units_in


class Position(NamedTuple):
    """A zero-based line and a column counted in the units of some encoding."""

    line: int
    character: int


class LineIndex:
    """Maps offsets to positions and back, in any LSP position encoding.

    Line breaks are LF, CRLF or a lone CR, as in the LSP specification.
    """

    __slots__ = ('text', '_starts')

    def __init__(self, text: str):
        self.text = text
        starts = [0]
        if '\r' in text:
            index = 0
            length = len(text)
            while index < length:
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
            index = find('\n')
            while index != -1:
                starts.append(index + 1)
                index = find('\n', index + 1)
        self._starts = starts

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
