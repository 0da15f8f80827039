"""The suppression comments: `# hot-ls: disable=CODE`, `disable-next-line=CODE`, `disable-file=CODE`.

The one reading of their grammar: the rules engine drops what they
suppress (and reports the codes that suppressed nothing), hover explains
the codes they name, and the quick fixes extend them or remove a code.  A
comment names codes (or rule names, or `all`) separated by commas; each
comma-separated part's first word is the code, so a reason may follow it:
`# hot-ls: disable=HOT301,HOT702 legacy`.  `disable` applies to the
comment's line, `disable-next-line` to the line after it, `disable-file`
to the whole document (and names rules itself: `all` is honoured on a line
only).  A diagnostic belongs to the line it starts on.  Lines are counted
as the diagnostics' lines are (LF, CRLF, lone CR).
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from hot_ls.text import LineIndex

MARKER = 'hot-ls:'
_COMMENT = re.compile(
    r'#\s*hot-ls:\s*(disable-next-line|disable-file|disable)\s*=\s*([A-Za-z0-9_,\- ]+)')
_WORD = re.compile(r'[A-Za-z0-9_-]+')
# The codes a new code is appended after: `HOT301, HOT302` but not a reason's words.
_CODE_LIST = re.compile(r'[A-Za-z0-9_-]+(?: *, *[A-Za-z0-9_-]+)*')
ALL = 'all'


class Scope(str, enum.Enum):
    LINE = 'disable'
    NEXT_LINE = 'disable-next-line'
    FILE = 'disable-file'

    @property
    def where(self) -> str:
        """What the comment covers, in words (hover, messages)."""
        return {Scope.LINE: 'this line', Scope.NEXT_LINE: 'the next line',
                Scope.FILE: 'this file'}[self]


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

    def naming(self, code: str, name: str) -> list[NamedCode]:
        """The codes of this comment that suppress rule `code`/`name` where it applies."""
        keys = (code, name) if self.scope is Scope.FILE else (code, name, ALL)
        return [c for c in self.codes if c.code in keys]

    @property
    def target_line(self) -> int | None:
        """The line whose diagnostics it suppresses (None: the whole file)."""
        if self.scope is Scope.FILE:
            return None
        return self.line + 1 if self.scope is Scope.NEXT_LINE else self.line


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
            target = comment.target_line
            if target is None:
                self._file.append(comment)
            else:
                self._by_line.setdefault(target, []).append(comment)

    @classmethod
    def of(cls, text: str, lines: LineIndex) -> 'Suppressions':
        return cls(find_suppressions(text, lines))

    def __bool__(self) -> bool:
        return bool(self.comments)

    def suppressing(self, code: str, name: str, line: int) -> list[tuple[Suppression, NamedCode]]:
        """Every (comment, code) that suppresses a diagnostic of rule `code`/`name` on `line`.

        Empty when nothing suppresses it.  All are returned, not the first:
        each of them counts as used (hot_ls.rules.engine).
        """
        found = []
        for comment in self._file:
            found.extend((comment, named) for named in comment.naming(code, name))
        for comment in self._by_line.get(line, ()):
            found.extend((comment, named) for named in comment.naming(code, name))
        return found
