"""Keep a usable tree while the user is typing broken YAML.

When libyaml stops at an error, the lines most likely to be at fault are
"neutralized": a `key: <broken value>` line keeps its `key:` (so the tree
still knows the key exists and what it belongs to), any other line becomes
blank.  Characters are replaced one for one, so every offset in the patched
text is the offset in the user's text.  Candidates are tried in order; a
patch that lets the parser get further is kept and the process repeats,
within a small budget of re-parses.
"""
from __future__ import annotations

import re

from hot_ls.syntax.yaml_builder import NON_PRINTABLE
from hot_ls.text.lines import LineIndex

MAX_PARSES = 12

_LEADING = re.compile(r'[ \t]*(?:-[ \t]+)*')
# Lines as LineIndex counts them (LF, CRLF, lone CR), not as str.splitlines
# does: it also splits at \x0b, \x0c, \x1c-\x1e, \x85, \u2028 and \u2029,
# which would shift every line number after one of them.
_LINE = re.compile(r'[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z')


def _key_prefix_end(line: str) -> int | None:
    """The index just past `key:` at the start of a line, if it starts with a key."""
    lead = _LEADING.match(line).end()
    index = lead
    length = len(line)
    if index >= length:
        return None
    quote = line[index]
    if quote in '"\'':
        close = line.find(quote, index + 1)
        while quote == "'" and close != -1 and close + 1 < length and line[close + 1] == "'":
            close = line.find(quote, close + 2)
        if close == -1:
            return None
        index = close + 1
        while index < length and line[index] in ' \t':
            index += 1
        if index < length and line[index] == ':':
            return index + 1
        return None
    if quote in '{[]}#&*!|>%@`,':
        return None
    while True:
        colon = line.find(':', index)
        if colon == -1:
            return None
        if '#' in line[lead:colon] and re.search(r'\s#', line[lead - 1 if lead else 0:colon]):
            return None
        if colon + 1 == length or line[colon + 1] in ' \t':
            return colon + 1
        index = colon + 1


def neutralize_line(line: str, keep_structure: bool = True) -> str:
    """Blank a broken line, keeping a leading `key:` or `-` so the structure survives.

    A tab in the indentation (which YAML forbids) blanks the rest of the
    line: made a space, it would move the key to another nesting level (a
    property would become a resource); only `-` indicators before it stay.
    With `keep_structure` False the whole line becomes blank.
    """
    if not keep_structure:
        return ' ' * len(line)
    lead = _LEADING.match(line).end()
    tab = line.find('\t', 0, lead)
    if tab != -1:
        dash = line.rfind('-', 0, tab)
        keep = dash + 1 if dash != -1 else 0
        return line[:keep] + ' ' * (len(line) - keep)
    end = _key_prefix_end(line)
    if end is not None:
        return line[:end] + ' ' * (len(line) - end)
    lead = _LEADING.match(line).end()
    if '-' in line[:lead]:
        dash = line.rindex('-', 0, lead)
        return line[:dash + 1] + ' ' * (len(line) - dash - 1)
    return ' ' * len(line)


class LineEditor:
    """The document split into lines, with some of them neutralized."""

    def __init__(self, text: str, index: LineIndex | None = None):
        """`index`: the text's line index, to cut lines from when they are asked for (an
        editor of a large text that reads a few of its lines)."""
        self.lines = _LINE.findall(text) if index is None else _IndexedLines(index)

    def line_count(self) -> int:
        return len(self.lines)

    def render(self, neutral: set[int], blank: frozenset[int] = frozenset()) -> str:
        """The text with `neutral` lines neutralized; those also in `blank` wholly blanked,
        and so is a line whose kept `key:` still holds a character YAML refuses."""
        return self.render_range(0, len(self.lines), neutral, blank)

    def render_range(self, first: int, stop: int, neutral: set[int],
                     blank: frozenset[int] = frozenset()) -> str:
        """Lines `first` to `stop` (excluded) of `render`'s text."""
        out = []
        for number in range(first, stop):
            line = self.lines[number]
            if number in neutral:
                body = line.rstrip('\r\n')
                kept = neutralize_line(body, number not in blank)
                if NON_PRINTABLE.search(kept):
                    kept = ' ' * len(body)
                out.append(kept + line[len(body):])
            else:
                out.append(line)
        return ''.join(out)

    def unreadable_lines(self) -> set[int]:
        """The lines holding a character YAML's reader refuses (NUL, other controls, a
        lone surrogate): each stops the parse, whatever else is on it."""
        return {number for number, line in enumerate(self.lines) if NON_PRINTABLE.search(line)}

    def is_blank(self, number: int) -> bool:
        body = self.lines[number].strip()
        return not body or body.startswith('#')

    def indent(self, number: int) -> int:
        line = self.lines[number]
        return len(line) - len(line.lstrip(' '))

    def block(self, number: int) -> set[int]:
        """Line `number` and the lines after it indented deeper (its children)."""
        indent = self.indent(number)
        block = {number}
        for after in range(number + 1, len(self.lines)):
            if self.is_blank(after):
                continue
            if self.indent(after) <= indent:
                break
            block.add(after)
        return block

    def previous_content_line(self, number: int) -> int | None:
        number -= 1
        while number >= 0:
            if not self.is_blank(number):
                return number
            number -= 1
        return None


class _IndexedLines:
    """A text's lines (as `_LINE` finds them: no empty line after a final line break), cut
    from its LineIndex when asked for."""

    def __init__(self, index: LineIndex):
        self._index = index
        text = index.text
        self._count = index.line_count - (1 if not text or text[-1] in '\r\n' else 0)

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, number: int) -> str:
        if not 0 <= number < self._count:
            raise IndexError(number)
        index = self._index
        end = index.line_start(number + 1) if number + 1 < index.line_count else len(index.text)
        return index.text[index.line_start(number):end]

    def __iter__(self):
        return (self[number] for number in range(self._count))


def candidates(editor: LineEditor, problem_line: int, context_line: int | None,
               neutral: set[int], key_without_colon: bool = False) -> list[tuple[set[int], bool]]:
    """Sets of lines to neutralize, most likely culprit first.

    Each comes as (lines, keep_structure); the same sets are tried again
    wholly blanked after every structure-keeping attempt failed.  One more
    set comes wholly blanked early: the broken (indented) line with its
    children.  A key without its colon (`    propert` above indented
    `size: 10`) otherwise only parses once the line before it loses its
    value, and the children then become that value (`type: {size: ...}`).
    When the error says the context line is such a key (`key_without_colon`:
    hot_ls.syntax.yaml_errors), that set comes first: otherwise the line the
    parser gave up at goes first, and the key's children become keys of its
    parent (`resources: {type: ..., properties: ...}`).
    """
    last = editor.line_count() - 1
    problem_line = min(problem_line, last)
    found: list[set[int]] = []
    early: list[set[int]] = []

    def add(lines, into=found):
        lines = {n for n in lines if n is not None and 0 <= n <= last} - neutral
        if lines and lines not in into:
            into.append(lines)

    add({problem_line})
    if context_line is not None and context_line != problem_line:
        add({context_line})
        add(set(range(min(context_line, problem_line), max(context_line, problem_line) + 1)))
    for line in (context_line, problem_line):
        if line is not None and line <= last and not editor.is_blank(line) and editor.indent(line):
            block = editor.block(line)
            if len(block) > 1:
                add(block, early)
    structured = len(found)
    previous = editor.previous_content_line(problem_line)
    add({previous})
    add({previous, problem_line})
    if previous is not None:
        add({editor.previous_content_line(previous), previous, problem_line})
    first: list[tuple[set[int], bool]] = []
    if key_without_colon and context_line is not None and context_line <= last \
            and not editor.is_blank(context_line):
        block = editor.block(context_line) - neutral
        if block:
            first.append((block, False))
    return (first + [(lines, True) for lines in found[:structured]]
            + [(lines, False) for lines in early]
            + [(lines, True) for lines in found[structured:]] + [(lines, False) for lines in found])
