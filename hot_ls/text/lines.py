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

    The lines from `_split` on start `_shift` after the offsets `_starts` lists for them: an
    edit moves the lines after it by changing one number, not each of their offsets (a
    keystroke in the first lines of a 10,000-line template; typing moves the same lines
    again and again).
    """

    __slots__ = ('text', '_starts', '_split', '_shift')

    def __init__(self, text: str, starts: list[int] | None = None, split: int | None = None,
                 shift: int = 0):
        self.text = text
        self._starts = starts if starts is not None else [0] + _starts(text, 0, len(text))
        self._split = len(self._starts) if split is None else split
        self._shift = shift

    def edited(self, text: str, start: int, old_end: int, new_end: int) -> 'LineIndex':
        """The index of `text`, made from this one's text with text[start:new_end] in place
        of this one's [start:old_end]: the lines around the edit are read again, the others
        only move."""
        starts, split, shift = self._starts, self._split, self._shift
        delta = new_end - old_end
        # from the line before the edit's (a CR there may pair with an LF typed) to two lines
        # after it (an LF there may pair with a CR typed): lines the edit cannot touch
        first = max(0, self._after(max(0, start - 1)) - 2)
        last = self._after(old_end + 1) + 1
        if split > first:
            head = starts[:first + 1]
        else:  # (moved by the last edit, which was before this one)
            head = starts[:split] + [offset + shift for offset in starts[split:first + 1]]
        if last >= len(starts):
            return LineIndex(text, head + _starts(text, self._start(first), len(text)))
        middle = _starts(text, self._start(first), self._start(last) + delta)
        if split <= last + 1 or shift == 0:
            tail = starts[last + 1:]
        else:  # (the lines between this edit and the last, which was after it, did not move)
            tail = [offset - shift for offset in starts[last + 1:split]] + starts[split:]
        return LineIndex(text, head + middle + tail, len(head) + len(middle), shift + delta)

    def _start(self, line: int) -> int:
        if line < 0:
            line += len(self._starts)
        offset = self._starts[line]
        return offset + self._shift if line >= self._split else offset

    def _after(self, offset: int) -> int:
        """bisect_right of `offset` among the lines' starts."""
        starts, split = self._starts, self._split
        if split < len(starts) and offset >= starts[split] + self._shift:
            return bisect.bisect_right(starts, offset - self._shift, split)
        return bisect.bisect_right(starts, offset, 0, split)

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def line_start(self, line: int) -> int:
        return self._start(line)

    def line_end(self, line: int) -> int:
        """Offset of the end of `line`, before its line break."""
        if line + 1 < len(self._starts):
            end = self._start(line + 1) - 1
            if end > 0 and self.text[end] == '\n' and self.text[end - 1] == '\r':
                end -= 1
            return end
        return len(self.text)

    def line_text(self, line: int) -> str:
        return self.text[self._start(line):self.line_end(line)]

    def line_of(self, offset: int) -> int:
        return self._after(offset) - 1

    def position(self, offset: int, encoding: Encoding = Encoding.UTF32) -> Position:
        """The position of a code-point offset, its column in `encoding` units."""
        offset = max(0, min(offset, len(self.text)))
        line = self._after(offset) - 1
        start = self._start(line)
        if encoding is Encoding.UTF32:
            return Position(line, offset - start)
        return Position(line, units_in(self.text[start:offset], encoding))

    def offset(self, line: int, character: int, encoding: Encoding = Encoding.UTF32) -> int:
        """The code-point offset of a position; out-of-range values clamp."""
        if line < 0:
            return 0
        if line >= len(self._starts):
            return len(self.text)
        start = self._start(line)
        end = self.line_end(line)
        return start + code_points_for_units(self.text[start:end], character, encoding)
