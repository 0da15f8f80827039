"""Where the cursor is, from the text alone: the YAML path to it, even in half-typed YAML.

Completion is asked for in the middle of typing, when the line under the
cursor is rarely valid YAML (`flavor: {get_param: `, `    propert`, a new
empty line).  The parsed tree then has nothing at the cursor, so the path
is read from the text: upwards through the lines for block structure (by
indentation and `- ` markers, indentless sequences included), then along
the cursor's own line for flow collections (`{`, `[`, `,`, `key:`).

The result is a list of steps from the document root, keys (strings) and
list indexes (ints), and whether the cursor stands where a key goes or
where a value goes.  `hot_ls.features.place` gives it its meaning.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from hot_ls.text import LineIndex

_DASHES = re.compile(r'((?:-(?: +|$))*)')
_KEY = re.compile(r'''("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}\[\],&*!|>%@`][^#]*?)\s*:(?=\s|$)''')
_WORD_CHARS = frozenset('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./$%@~+*')


@dataclass
class Line:
    """One line's structure: indentation, `- ` markers, its key and what follows it."""

    indent: int
    dashes: list[int]  # columns of the `-` markers, outermost first
    content: int  # column where the content (a key or a value) starts
    key: str | None
    value: str | None  # text after `key:` (None: no key on this line)
    value_column: int  # column where `value` starts

    @property
    def element(self) -> int:
        """The column of the line's outermost element: its first dash, else its content."""
        return self.dashes[0] if self.dashes else self.content


def _unquote(key: str) -> str:
    if len(key) >= 2 and key[0] == key[-1] and key[0] in '"\'':
        body = key[1:-1]
        return body.replace("''", "'") if key[0] == "'" else body
    return key


def parse_line(text: str) -> Line:
    stripped = text.lstrip(' ')
    indent = len(text) - len(stripped)
    match = _DASHES.match(stripped)
    dashes = []
    position = 0
    marks = match.group(1)
    while position < len(marks):
        dashes.append(indent + position)
        position += 1
        while position < len(marks) and marks[position] == ' ':
            position += 1
    content = indent + len(marks)
    rest = text[content:]
    key_match = _KEY.match(rest)
    if key_match is None:
        return Line(indent, dashes, content, None, None, content)
    after = content + key_match.end()
    value = text[after:]
    value_column = after + (len(value) - len(value.lstrip(' ')))
    return Line(indent, dashes, content, _unquote(key_match.group(1).strip()),
                value.strip(), value_column)


def _is_blank(text: str) -> bool:
    body = text.strip()
    return not body or body.startswith('#') or body == '---'


@dataclass
class Frame:
    """An open flow collection on the cursor's line."""

    kind: str  # '{' or '['
    key: str | None = None  # in a map: the key whose value is being written
    index: int = 0  # in a list: the item being written
    expect_value: bool = False  # in a map: past the key's colon


@dataclass
class Cursor:
    text: str
    offset: int
    line: int
    column: int
    line_text: str
    prefix: str  # the line before the cursor
    word: str  # the partial word just before the cursor
    word_start: int  # its offset
    path: list = field(default_factory=list)  # keys and indexes from the root
    key_position: bool = False  # where a key goes (not a value)
    in_flow: bool = False  # inside a `{...}` or `[...]` on this line
    in_block_scalar: bool = False  # inside a `|` or `>` literal
    quoted: bool = False  # inside a quoted string

    @property
    def replace(self) -> tuple[int, int]:
        """The span a completion replaces: the partial word, through to its end on the line."""
        end = self.offset
        rest = self.line_text[self.column:]
        for char in rest:
            if char in _WORD_CHARS or char == ':' and end + 1 - self.offset < len(rest) \
                    and rest[end + 1 - self.offset:end + 2 - self.offset] == ':':
                end += 1
            else:
                break
        return self.word_start, end


def _word_before(prefix: str) -> str:
    """The partial word before the cursor: `OS::Nova::` or `get_pa`, but not `type:`'s colon."""
    index = len(prefix)
    while index > 0:
        char = prefix[index - 1]
        if char in _WORD_CHARS:
            index -= 1
            continue
        if char == ':':
            before = prefix[index - 2] if index >= 2 else ''
            after = prefix[index] if index < len(prefix) else ''
            if before == ':' or after == ':' or (after and after in _WORD_CHARS):
                index -= 1
                continue
        break
    return prefix[index:]


def _flow(value: str) -> tuple[list[Frame], bool, bool]:
    """The open flow collections in `value` (the text after a key up to the cursor).

    Returns the frames, whether the cursor is inside a quoted string, and
    whether the value is a block scalar header (`|`, `>`).
    """
    frames: list[Frame] = []
    token = ''
    quote = None
    index = 0
    length = len(value)
    while index < length:
        char = value[index]
        if quote:
            if char == quote:
                if quote == "'" and index + 1 < length and value[index + 1] == "'":
                    index += 2
                    continue
                quote = None
            elif char == '\\' and quote == '"':
                index += 1
            else:
                token += char
            index += 1
            continue
        if char in '"\'' and not token.strip():
            quote = char
            token = ''
        elif char == '#' and (index == 0 or value[index - 1] in ' \t'):
            break
        elif char == '{':
            frames.append(Frame('{'))
            token = ''
        elif char == '[':
            frames.append(Frame('['))
            token = ''
        elif char in '}]':
            if frames:
                frames.pop()
            token = ''
        elif char == ',':
            if frames:
                frame = frames[-1]
                if frame.kind == '[':
                    frame.index += 1
                else:
                    frame.key, frame.expect_value = None, False
            token = ''
        elif char == ':' and (index + 1 == length or value[index + 1] in ' \t{[') and frames \
                and frames[-1].kind == '{' and not frames[-1].expect_value:
            frames[-1].key, frames[-1].expect_value = _unquote(token.strip()), True
            token = ''
        else:
            token += char
        index += 1
    block_scalar = not frames and value[:1] in ('|', '>')
    return frames, quote is not None, block_scalar


def locate(text: str, offset: int, lines: LineIndex | None = None) -> Cursor:
    """The cursor at `offset` (code points) in `text`."""
    lines = lines or LineIndex(text)
    offset = max(0, min(offset, len(text)))
    line = lines.line_of(offset)
    start = lines.line_start(line)
    line_text = lines.line_text(line)
    column = offset - start
    prefix = line_text[:column]
    word = _word_before(prefix)
    cursor = Cursor(text, offset, line, column, line_text, prefix, word, offset - len(word))
    here = parse_line(prefix)
    tail: list = []
    key_position = True
    if here.key is not None:
        frames, quoted, block = _flow(prefix[here.value_column:] if here.value else '')
        tail.append(here.key)
        key_position = False
        cursor.quoted = quoted
        if frames:
            cursor.in_flow = True
            for frame in frames:
                if frame.kind == '[':
                    tail.append(frame.index)
                    key_position = False
                elif frame.expect_value:
                    tail.append(frame.key)
                    key_position = False
                else:
                    key_position = True
        elif block and here.value and len(prefix) > here.value_column:
            cursor.in_block_scalar = True
    else:
        # No `key:` before the cursor: a key (or a list item's value) being typed, or flow
        # content starting at the line's content column (`- [a, |`).
        content = prefix[here.content:]
        frames, quoted, _ = _flow(content) if content[:1] in '{[' else ([], False, False)
        cursor.quoted = quoted
        if frames:
            cursor.in_flow = True
            key_position = False
            for frame in frames:
                if frame.kind == '[':
                    tail.append(frame.index)
                elif frame.expect_value:
                    tail.append(frame.key)
                else:
                    key_position = True
    cursor.key_position = key_position
    cursor.path = _ancestors(lines, line, here) + tail
    return cursor


def _ancestors(lines: LineIndex, line: int, here: Line) -> list:
    """The block path down to the cursor's line (not including its own key).

    Going up, a line whose outermost element stands left of ours is an
    ancestor: its key is our parent, or, when its key sits at our column
    after its `- `, we are a sibling key inside its list item.  Each `- `
    on a line makes that line an item of a list whose key is further up;
    the item's index is the number of sibling `- ` at the same column
    passed on the way.  A `key:` with nothing after it at the very column of
    our `- ` is the parent of an indentless sequence.
    """
    path: list = []
    items = list(here.dashes)  # the list items we are in, outermost first
    counts = [0] * len(items)
    need = here.element
    number = line - 1
    full = lines.text
    while number >= 0 and (need > 0 or items):
        start = lines.line_start(number)
        end = lines.line_start(number + 1) - 1 if number + 1 < lines.line_count else len(full)
        number -= 1
        # Cheap look first: most lines above are deeper than we are, and skipped.
        index = start
        while index < end and full[index] == ' ':
            index += 1
        indent = index - start
        if index >= end or full[index] in '#\r\n' or (indent > need) or (indent == need and not items):
            continue
        text = full[start:end].rstrip('\r')
        if _is_blank(text):
            continue
        above = parse_line(text)
        if items and above.dashes and above.dashes[0] == items[0]:
            counts[0] += 1  # an earlier item of our outermost list
            continue
        indentless = (items and not above.dashes and above.key is not None and not above.value
                      and above.content == items[0])
        if above.element >= need and not indentless:
            continue  # inside an earlier sibling, or a sibling key
        if above.content == need and not items:
            steps: list = []  # a sibling key in the same list item: we are in its items
        else:
            steps = ([above.key] if above.key is not None else []) + counts
        path[0:0] = steps
        items = list(above.dashes)
        counts = [0] * len(items)
        need = above.element
    if items:
        path[0:0] = counts
    return path
