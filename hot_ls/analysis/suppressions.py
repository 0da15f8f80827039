"""The suppression comments, `# hot-ls: disable=CODE` and `# hot-ls: disable-file=CODE`.

The one reading of their grammar: the rules engine drops what they
suppress, hover explains the codes they name, and the quick fixes extend
them.  A comment names codes (or rule names, or `all`) separated by
commas; each comma-separated part's first word is the code, so a reason
may follow it: `# hot-ls: disable=HOT301,HOT702 legacy`.  `disable`
applies to the comment's line, `disable-file` to the whole document.
Lines are counted as the diagnostics' lines are (LF, CRLF, lone CR).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from hot_ls.text import LineIndex

MARKER = 'hot-ls:'
_COMMENT = re.compile(r'#\s*hot-ls:\s*(disable|disable-file)\s*=\s*([A-Za-z0-9_,\- ]+)')
_WORD = re.compile(r'[A-Za-z0-9_-]+')
# The codes a new code is appended after: `HOT301, HOT302` but not a reason's words.
_CODE_LIST = re.compile(r'[A-Za-z0-9_-]+(?: *, *[A-Za-z0-9_-]+)*')
ALL = 'all'


class Scope(str, enum.Enum):
    LINE = 'disable'
    FILE = 'disable-file'


@dataclass(frozen=True)
class NamedCode:
    """One code (or rule name, or `all`) a comment names, with its offsets in the document."""

    code: str
    start: int
    end: int


@dataclass(frozen=True)
class Suppression:
    """One `# hot-ls: ...` comment."""

    scope: Scope
    line: int         # the comment's line (0-based)
    start: int        # the comment's `#`
    end: int          # the end of its code list (and reason)
    codes: tuple[NamedCode, ...]
    append_at: int    # where `,CODE` extends the list of codes

    def names(self, code: str, name: str | None = None) -> bool:
        """Whether this comment names the rule (by code or name), or all rules."""
        return any(c.code in (code, name, ALL) for c in self.codes)


def line_comment(code: str) -> str:
    return f'# {MARKER} {Scope.LINE.value}={code}'


def file_comment(code: str) -> str:
    return f'# {MARKER} {Scope.FILE.value}={code}'


def comments_on_line(lines: LineIndex, line: int) -> list[Suppression]:
    """The suppression comments of one line."""
    text = lines.line_text(line)
    if MARKER not in text:
        return []
    base = lines.line_start(line)
    found = []
    for match in _COMMENT.finditer(text):
        codes = []
        position = match.start(2)
        for part in match.group(2).split(','):
            word = _WORD.search(part)
            if word is not None:
                codes.append(NamedCode(word.group(0), base + position + word.start(),
                                       base + position + word.end()))
            position += len(part) + 1
        listed = _CODE_LIST.match(text, match.start(2))
        append_at = listed.end() if listed is not None else match.start(2)
        found.append(Suppression(Scope(match.group(1)), line, base + match.start(),
                                 base + match.end(), tuple(codes), base + append_at))
    return found


def find_suppressions(text: str, lines: LineIndex) -> list[Suppression]:
    """Every suppression comment of a document, in order."""
    if MARKER not in text:
        return []
    found: list[Suppression] = []
    for line in range(lines.line_count):
        found.extend(comments_on_line(lines, line))
    return found


class Suppressions:
    """What a document's comments suppress: by line, and for the whole file."""

    def __init__(self, comments: list[Suppression]):
        self.comments = comments
        self._by_line: dict[int, list[Suppression]] = {}
        self._file: list[Suppression] = []
        for comment in comments:
            if comment.scope is Scope.FILE:
                self._file.append(comment)
            else:
                self._by_line.setdefault(comment.line, []).append(comment)

    @classmethod
    def of(cls, text: str, lines: LineIndex) -> 'Suppressions':
        return cls(find_suppressions(text, lines))

    def __bool__(self) -> bool:
        return bool(self.comments)

    def suppressing(self, code: str, name: str, line: int) -> Suppression | None:
        """The comment that suppresses a diagnostic of rule `code`/`name` on `line`, if any.

        A file-wide comment must name the rule itself; `all` applies on a line only.
        """
        for comment in self._file:
            if any(c.code in (code, name) for c in comment.codes):
                return comment
        for comment in self._by_line.get(line, ()):
            if comment.names(code, name):
                return comment
        return None
