"""A progress bar for `hot-ls check` over many files: on stderr, on a terminal only.

It never touches the report's stream (stdout or --output), is off with
--quiet and whenever stderr is not a terminal (CI logs, pipes, pre-commit),
redraws at most ten times a second, and erases itself when the run ends,
so the report and the summary start on a clean line.
"""
from __future__ import annotations

import shutil
import time
from typing import TextIO

_REDRAW_EVERY = 0.1  # seconds
_BAR_WIDTH = 24


class Progress:
    def __init__(self, total: int, stream: TextIO, enabled: bool):
        self.total = total
        self.stream = stream
        self.enabled = enabled
        self.done = 0
        self._drawn_at = 0.0
        self._drawn = False

    @classmethod
    def for_terminal(cls, total: int, stream: TextIO, quiet: bool) -> 'Progress':
        isatty = getattr(stream, 'isatty', None)
        return cls(total, stream, not quiet and bool(isatty and isatty()))

    def advance(self, path: str) -> None:
        self.done += 1
        if not self.enabled or self.total < 2:
            return
        now = time.monotonic()
        if self._drawn and now - self._drawn_at < _REDRAW_EVERY and self.done < self.total:
            return
        self._drawn_at = now
        self._draw(path)

    def line(self, path: str) -> str:
        """The bar's text for the files done so far, fitted to the terminal's width."""
        filled = _BAR_WIDTH * self.done // self.total
        bar = '#' * filled + '-' * (_BAR_WIDTH - filled)
        head = f'[{bar}] {self.done}/{self.total} '
        width = shutil.get_terminal_size((80, 24)).columns - 1
        room = width - len(head)
        if room < 4:
            return head[:width]
        if len(path) > room:
            path = '...' + path[-(room - 3):]
        return head + path

    def _draw(self, path: str) -> None:
        self.stream.write('\r\x1b[K' + self.line(path))
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self.stream.write('\r\x1b[K')
            self.stream.flush()
            self._drawn = False
