"""The open documents: text, version and the cached analysis, per URI.

This store, not pygls's workspace, is the one copy of each open document's
text.  It applies incremental edits with `hot_ls.text.LineIndex` in the
position encoding negotiated with the client, so the line breaks are exactly
LSP's (LF, CRLF, lone CR) and a column past the end of a line clamps to the
line's end.  (pygls's `TextDocument` splits lines with `str.splitlines`, which
also breaks at U+2028, U+0085, form feeds..., and clamps a column past the end
of the last line one character short.)

Plain Python: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Hashable, Iterable, Iterator

from hot_ls.analysis import Analysis
from hot_ls.text import Encoding, LineIndex

_revisions = itertools.count(1)


class DocumentNotOpen(KeyError):
    """A request named a document the client has not opened (or has closed)."""

    def __str__(self) -> str:
        return f'document is not open: {self.args[0]}'


@dataclass(frozen=True)
class Edit:
    """One content change: replace `start`..`end` (line, character in the
    negotiated encoding) with `text`; no range means the whole document."""

    text: str
    start: tuple[int, int] | None = None
    end: tuple[int, int] | None = None


@dataclass
class Document:
    uri: str
    path: str | None          # filesystem path for file:// URIs, else None
    text: str
    version: int | None       # the client's version number
    revision: int             # ours: unique across all texts this store has held
    analysis: Analysis | None = None
    analysis_key: Hashable = None  # what `analysis` was computed for
    _lines: tuple[int, LineIndex] | None = None

    @property
    def lines(self) -> LineIndex:
        """The line index of the current text (cached per revision)."""
        if self._lines is None or self._lines[0] != self.revision:
            self._lines = (self.revision, LineIndex(self.text))
        return self._lines[1]

    def offset(self, line: int, character: int, encoding: Encoding) -> int:
        return self.lines.offset(line, character, encoding)

    def apply(self, edits: Iterable[Edit], encoding: Encoding) -> None:
        """Apply content changes in order, each against the text the previous left (the line
        index edited with the text, not made again)."""
        text, lines = self.text, self.lines
        for edit in edits:
            text, lines = _applied(text, lines, edit, encoding)
        self.text = text
        self.revision = next(_revisions)
        self._lines = (self.revision, lines)


def apply_edit(text: str, edit: Edit, encoding: Encoding) -> str:
    return _applied(text, LineIndex(text), edit, encoding)[0]


def _applied(text: str, lines: LineIndex, edit: Edit, encoding: Encoding
             ) -> tuple[str, LineIndex]:
    """The text after one change, and its line index."""
    if edit.start is None or edit.end is None:
        return edit.text, LineIndex(edit.text)
    start = lines.offset(edit.start[0], edit.start[1], encoding)
    end = lines.offset(edit.end[0], edit.end[1], encoding)
    if end < start:
        start, end = end, start
    text = text[:start] + edit.text + text[end:]
    return text, lines.edited(text, start, end, start + len(edit.text))


class DocumentStore:
    def __init__(self) -> None:
        self._documents: dict[str, Document] = {}

    def open(self, uri: str, path: str | None, text: str, version: int | None) -> Document:
        document = Document(uri, path, text, version, next(_revisions))
        self._documents[uri] = document
        return document

    def change(self, uri: str, version: int | None, edits: Iterable[Edit],
               encoding: Encoding) -> Document:
        document = self.get(uri)
        document.apply(edits, encoding)
        document.version = version
        return document

    def replace(self, uri: str, text: str) -> Document:
        """Take the text a client sent with didSave, if it differs."""
        document = self.get(uri)
        if text != document.text:
            document.text = text
            document.revision = next(_revisions)
        return document

    def close(self, uri: str) -> Document | None:
        return self._documents.pop(uri, None)

    def get(self, uri: str) -> Document:
        try:
            return self._documents[uri]
        except KeyError:
            raise DocumentNotOpen(uri) from None

    def find(self, uri: str) -> Document | None:
        return self._documents.get(uri)

    def __iter__(self) -> Iterator[Document]:
        return iter(list(self._documents.values()))

    def __len__(self) -> int:
        return len(self._documents)
