"""A YAML syntax error as the person who made it needs it: where to fix it, and why.

libyaml reports an error at the place it gave up, with the place a construct
started as context; Heat shows both.  The diagnostic is at the place it gave
up, with the context related, except where the context is the mistake:

- "could not find expected ':'" while scanning a simple key: the key that
  has no ':' (`  my_server` on its own line) is where to fix it; the parser
  gave up at the next line that is a key of its own, which is fine.
- "mapping values are not allowed in this context" after a plain scalar that
  spans lines: a key without its ':' (`  my_server` above `    type: ...`)
  runs on into the next line's key, and the ':' there cannot end a key that
  spans lines.  Where that scalar starts is found in the text (the parser's
  error does not say), and named, with a hint; the diagnostic stays where
  the parser gave up, as only that place is certain.
"""
from __future__ import annotations

from ruamel.yaml.error import MarkedYAMLError

from hot_ls.syntax.yaml_builder import BuildIssue
from hot_ls.text.lines import LineIndex

_NO_COLON = "could not find expected ':'"
_SIMPLE_KEY = 'while scanning a simple key'
# (libyaml's words; the pure parser's, as PyYAML's, end "here")
_VALUE_HERE = ('mapping values are not allowed in this context', 'mapping values are not allowed here')


def syntax_issue(error: MarkedYAMLError, text: str, lines: LineIndex) -> BuildIssue:
    """The diagnostic's place, message and related places for the parser's `error`."""
    mark = error.problem_mark or error.context_mark
    index = min(mark.index, len(text)) if mark is not None else 0
    end = index + 1 if index < len(text) and text[index] not in '\r\n' else index
    problem = error.problem or error.context or 'invalid YAML'
    if problem.startswith('found character') and index < len(text) and text[index] == '\t':
        return BuildIssue('syntax', 'YAML syntax error: found a tab character where a token was '
                                    'expected; YAML does not allow tabs for indentation',
                          index, end)
    message = f'YAML syntax error: {problem}'
    related = []
    hint = ''
    colon_at = None
    same_place = (error.context_mark is not None and mark is not None
                  and error.context_mark.index == mark.index)
    if error.context and error.context_mark is not None and error.problem and not same_place:
        context_index = min(error.context_mark.index, len(text))
        # Not the mark's own line/column: libyaml also counts \x85, \u2028
        # and \u2029 as line breaks, editors do not.
        line = lines.line_of(context_index)
        if error.problem == _NO_COLON and error.context == _SIMPLE_KEY:
            gave_up = lines.line_of(index)
            message += (f' ({error.context}, which starts here; the parser gave up at line '
                        f'{gave_up + 1}, column {index - lines.line_start(gave_up) + 1})')
            key_end = min(max(context_index + 1, _key_end(lines, line)), len(text))
            return BuildIssue('syntax', message, context_index, key_end,
                              [(index, end, "where the parser gave up looking for the ':'")],
                              colon_at=key_end)
        message += (f' ({error.context}, started at line {line + 1},'
                    f' column {context_index - lines.line_start(line) + 1})')
        related.append((context_index, context_index + 1, error.context))
    elif error.problem in _VALUE_HERE and index < len(text) and text[index] == ':':
        start = multiline_scalar_start(text, lines, index)
        if start is not None:
            line = lines.line_of(start)
            hint = (f' (the plain scalar before this ":" starts at line {line + 1}, column '
                    f'{start - lines.line_start(line) + 1} and spans lines, so it cannot be a '
                    f'key: is a ":" missing on line {line + 1}?)')
            colon_at = max(start + 1, _key_end(lines, line))
            related.append((start, colon_at, 'where the plain scalar starts'))
    return BuildIssue('syntax', message, index, end, related, hint, colon_at)


def context_line(error: MarkedYAMLError, text: str, lines: LineIndex) -> tuple[int | None, bool]:
    """The line of the place the error names besides the one the parser gave up at (its
    context, or the start of a plain scalar that spans lines), and whether it is a key
    without its ':' (error recovery then tries that line, with what is indented under it,
    first: the rest of the document parses as written)."""
    if error.context_mark is not None:
        return (lines.line_of(error.context_mark.index),
                error.problem == _NO_COLON and error.context == _SIMPLE_KEY)
    mark = error.problem_mark
    if error.problem in _VALUE_HERE and mark is not None and mark.index < len(text) \
            and text[mark.index] == ':':
        start = multiline_scalar_start(text, lines, mark.index)
        if start is not None:
            return lines.line_of(start), True
    return None, False


def multiline_scalar_start(text: str, lines: LineIndex, colon: int) -> int | None:
    """Where the plain scalar that ends at `colon` starts, when it starts on an earlier line
    (None: it does not, or the text is not that simple: quotes, flow collections, comments)."""
    last = lines.line_of(colon)
    head = text[lines.line_start(last):colon].strip(' ')
    if not head or _value_start(head) is not None or _unusual(head):
        return None
    first = None  # the earliest line of the scalar found so far
    number = last - 1
    while number >= 0:
        line = lines.line_text(number)
        stripped = line.strip(' ')
        if not stripped:  # (a blank line folds into a plain scalar)
            number -= 1
            continue
        if _unusual(stripped):
            return None
        if _value_start(line) is not None:
            # `key:` or `-` with nothing after: the scalar starts on a line of its own, where a
            # key may (`key: value` before it: a value spanning lines, not a key: no guess)
            if line[_value_start(line):].strip(' '):
                return None
            break
        first = number
        number -= 1
    if first is None:
        return None
    line = lines.line_text(first)
    return lines.line_start(first) + len(line) - len(line.lstrip(' '))


def _value_start(line: str) -> int | None:
    """Where a value would start on a block line with a mapping or sequence indicator (the
    offset after it), or None for a line without one."""
    body = line.lstrip(' ')
    if body == '-' or body.startswith('- '):
        return len(line) - len(body) + 1
    position = line.find(': ')
    if position >= 0:
        return position + 1
    if line.rstrip(' ').endswith(':'):
        return len(line.rstrip(' '))
    return None


def _unusual(text: str) -> bool:
    """Quotes, flow collections, comments, tabs, complex keys: not a simple plain scalar."""
    return any(char in text for char in '"\'{}[]#\t') or text.startswith('? ')


def _key_end(lines: LineIndex, line: int) -> int:
    """The end of the plain scalar a line holds: before a comment and trailing blanks."""
    text = lines.line_text(line)
    for marker in (' #', '\t#'):
        if marker in text:
            text = text[:text.index(marker)]
    return lines.line_start(line) + len(text.rstrip(' \t'))
