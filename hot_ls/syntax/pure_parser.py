"""The pure-Python event source, made to accept what libyaml 0.2.5 accepts.

When the C extension is missing, ruamel.yaml's pure parser produces the
events.  Out of the box it follows YAML 1.2 and its own tab rules, so it
disagrees with the libyaml that Heat's PyYAML uses:

- tabs: ruamel refuses a tab after a value indicator (`key:\tvalue`), inside
  or after a plain scalar (`a\tb`, `value\t` at the end of a line, `key\t:`)
  or after a block scalar header (`|\t`, also `|#`); libyaml treats them as
  blanks there and only refuses a tab where indentation is expected;
- YAML 1.2 parser rules: an empty key (`: v`, `{: 1}`) and an implicit
  document after `...`, which libyaml refuses;
- anchor names: libyaml stops at anything but [0-9A-Za-z_-] (`&name: v` is
  an anchored empty key), ruamel 1.2 reads `name:` as the name;
- a ':' where a flow token starts is a value indicator in libyaml even
  without a space after it (`['8080':, x]`), and `x:` followed by a flow
  indicator inside a flow plain scalar is an error, not the scalar `x:`;
- an empty node with the non-specific tag (`k: !`) resolves to null in
  ruamel, to the empty string in libyaml;
- the span of an empty value: libyaml puts `key:`'s empty value just after
  the `:` in block context, and at the next token in flow context;
- and speed: see LibyamlScanner's simple-key bookkeeping.

The subclasses below change exactly those, without copying ruamel's code
except the small plain-scalar blank scanner.  Only the scanner's YAML 1.2
plain-scalar rules are kept, since libyaml 0.2.5 also accepts `:` and `?`
inside flow plain scalars (`{get_param:Name}`).
"""
from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import FileMark
from ruamel.yaml.events import ScalarEvent
from ruamel.yaml.parser import Parser
from ruamel.yaml.scanner import Scanner, ScannerError
from ruamel.yaml.tokens import ScalarToken, ValueToken

_BREAKS = '\r\n\x85\u2028\u2029'
_END_SPACE_TAB = '\0 \t\r\n\x85\u2028\u2029'


class _Version11:
    """What the parser asks the resolver: the YAML version whose rules apply."""

    processing_version = (1, 1)


def _is_empty_scalar(event: Any) -> bool:
    """An event made by process_empty_scalar: no tag, no anchor, one mark for both ends."""
    return (type(event) is ScalarEvent and event.value == '' and event.tag is None
            and event.anchor is None and event.start_mark is event.end_mark)


class LibyamlParser(Parser):
    @property
    def resolver(self) -> Any:
        # The parser asks the resolver only for the YAML version; 1.1 rules
        # refuse empty keys and need `---` after `...`, as libyaml does.
        return _Version11

    def parse_node(self, block: bool = False, indentless_sequence: bool = False) -> Any:
        event = super().parse_node(block, indentless_sequence)
        if (type(event) is ScalarEvent and event.tag == '!' and event.value == ''
                and not event.style and event.implicit[0]):
            event.implicit = (False, False)  # libyaml: an empty node is implicit only untagged
        return event

    def parse_block_mapping_value(self) -> Any:
        value = self.scanner.peek_token() if self.scanner.check_token(ValueToken) else None
        event = super().parse_block_mapping_value()
        if value is not None and _is_empty_scalar(event):
            event.start_mark = event.end_mark = value.end_mark
        return event

    def parse_flow_mapping_value(self) -> Any:
        event = super().parse_flow_mapping_value()
        if _is_empty_scalar(event):
            event.start_mark = event.end_mark = self.scanner.peek_token().start_mark
        return event

    def parse_flow_sequence_entry_mapping_value(self) -> Any:
        event = super().parse_flow_sequence_entry_mapping_value()
        if _is_empty_scalar(event):
            event.start_mark = event.end_mark = self.scanner.peek_token().start_mark
        return event


def _anchor_char(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char in '_-')


class LibyamlScanner(Scanner):
    # ruamel walks every saved simple key (one per open flow level) for each
    # token, which is quadratic in the nesting depth: 10,000 `[` took 30 s.
    # Keys are saved in scan order, so the stale ones are a prefix and the
    # first one has the lowest token number; both walks stop early.

    def stale_possible_simple_keys(self) -> None:
        keys = self.possible_simple_keys
        if not keys:
            return
        line = self.reader.line
        index = self.reader.index
        stale = []
        for level, key in keys.items():
            if key.line == line and index - key.index <= 1024:
                break
            if key.required:
                raise ScannerError('while scanning a simple key', key.mark,
                                   "could not find expected ':'", self.reader.get_mark())
            stale.append(level)
        for level in stale:
            del keys[level]

    def next_possible_simple_key(self) -> Any:
        for key in self.possible_simple_keys.values():
            return key.token_number
        return None

    def check_value(self) -> Any:
        # libyaml: where a token starts in the flow context, ':' is always a
        # value indicator (`['8080':, x]`); ruamel 1.2 wants a space after it.
        if self.flow_level:
            return True
        return self.reader.peek(1) in _END_SPACE_TAB

    def scan_anchor(self, TokenClass: Any) -> Any:
        # libyaml: anchor and alias names are [0-9A-Za-z_-]+ followed by a
        # blank or one of ?:,]}%@` (ruamel 1.2 takes `&name:` as the name).
        peek = self.reader.peek
        start_mark = self.reader.get_mark()
        name = 'alias' if peek() == '*' else 'anchor'
        self.reader.forward()
        length = 0
        while _anchor_char(peek(length)):
            length += 1
        if not length or peek(length) not in _END_SPACE_TAB + '?:,]}%@`':
            self.reader.forward(length)
            raise ScannerError(f'while scanning an {name}', start_mark,
                               'did not find expected alphabetic or numeric character',
                               self.reader.get_mark())
        value = self.reader.prefix(length)
        self.reader.forward(length)
        return TokenClass(value, start_mark, self.reader.get_mark())

    def scan_to_next_token(self) -> Any:
        # libyaml skips tabs in the block context too, wherever a simple key
        # cannot start (after `key:`); elsewhere a tab is an error.
        peek = self.reader.peek
        forward = self.reader.forward
        while True:
            super().scan_to_next_token()
            if peek() != '\t' or self.allow_simple_key:
                return None
            while peek() in ' \t':
                forward()

    def scan_block_scalar_indicators(self, start_mark: Any) -> Any:
        # libyaml lets a tab or a comment follow `|`/`>` and their indicators
        # directly (`|\t`, `>-# note`); ruamel wants a space or a line break.
        try:
            return super().scan_block_scalar_indicators(start_mark)
        except ScannerError as error:
            if self.reader.peek() not in '\t#' or not str(error.problem).startswith(
                    'expected chomping or indentation indicators'):
                raise
        indicators = self.reader.buffer[start_mark.index + 1:self.reader.index]
        chomping = True if '+' in indicators else False if '-' in indicators else None
        digits = [char for char in indicators if char.isdigit()]
        return chomping, int(digits[0]) if digits else None

    def scan_block_scalar_ignored_line(self, start_mark: Any) -> Any:
        while self.reader.peek() in ' \t':  # libyaml: blanks, tabs included, before a comment
            self.reader.forward()
        return super().scan_block_scalar_ignored_line(start_mark)

    def scan_plain(self) -> Any:
        # libyaml 0.2.5 lets a flow plain scalar hold ':' (`{get_param:Name}`)
        # but refuses `x:` followed by one of ,?[]{} ("found unexpected ':'");
        # ruamel takes `x:` as the scalar.
        token = super().scan_plain()
        if self.flow_level:
            buffer = self.reader.buffer
            start, end = token.start_mark.index, token.end_mark.index
            colon = buffer.find(':', start, end)
            while colon != -1:
                if buffer[colon + 1] in ',?[]{}':
                    self.scan_plain_error(token, colon)
                colon = buffer.find(':', colon + 1, end)
        return token

    def scan_plain_error(self, token: Any, colon: int) -> Any:
        """libyaml's refusal of `x:` followed by a flow indicator in a flow plain scalar."""
        buffer = self.reader.buffer
        start = token.start_mark.index
        line = token.start_mark.line + buffer.count('\n', start, colon)
        column = colon - (buffer.rfind('\n', 0, colon) + 1)
        raise ScannerError('while scanning a plain scalar', token.start_mark,
                           "found unexpected ':'",
                           FileMark(token.start_mark.name, colon, line, column))

    def scan_plain_spaces(self, indent: Any, start_mark: Any) -> Any:
        # ruamel's version with tabs as blanks (libyaml's scan_plain_scalar),
        # and libyaml's one tab error: in the indentation of a continuation line.
        peek = self.reader.peek
        forward = self.reader.forward
        chunks = []
        length = 0
        while peek(length) in ' \t':
            length += 1
        whitespaces = self.reader.prefix(length)
        forward(length)
        if peek() in _BREAKS:
            line_break = self.scan_line_break()
            self.allow_simple_key = True
            prefix = self.reader.prefix(3)
            if (prefix == '---' or prefix == '...') and peek(3) in _END_SPACE_TAB:
                return None
            breaks = []
            while peek() in ' \t' + _BREAKS:
                char = peek()
                if char == ' ':
                    forward()
                elif char == '\t':
                    if self.reader.column < indent:
                        raise ScannerError('while scanning a plain scalar', start_mark,
                                           'found a tab character that violates indentation',
                                           self.reader.get_mark())
                    forward()
                else:
                    breaks.append(self.scan_line_break())
                    prefix = self.reader.prefix(3)
                    if (prefix == '---' or prefix == '...') and peek(3) in _END_SPACE_TAB:
                        return None
            if line_break != '\n':
                chunks.append(line_break)
            elif not breaks:
                chunks.append(' ')
            chunks.extend(breaks)
        elif whitespaces:
            chunks.append(whitespaces)
        return chunks


class PyyamlScanner(LibyamlScanner):
    """The scanner as PyYAML's pure-Python one differs from libyaml: in the flow context,
    a ':' followed by one of ,[]{} ends a plain scalar and is the value indicator
    (`{get_attr:[server, name]}` is a mapping), where libyaml 0.2.5 raises "found
    unexpected ':'".  Heat parses a template with it when libyaml refuses the text
    (heat.common.template_format.simple_parse)."""

    def scan_plain(self) -> Any:
        token = Scanner.scan_plain(self)  # (ruamel's: `x:` is the scalar)
        if not self.flow_level:
            return token
        reader = self.reader
        buffer = reader.buffer
        start, end = token.start_mark.index, token.end_mark.index
        colon = buffer.find(':', start, end)
        while colon != -1 and buffer[colon + 1] not in ',?[]{}':
            colon = buffer.find(':', colon + 1, end)
        if colon == -1:
            return token
        if buffer[colon + 1] == '?' or '\n' in buffer[start:reader.pointer] or \
                reader.pointer != reader.index:
            self.scan_plain_error(token, colon)  # (not a case this reading knows)
        back = reader.index - colon  # un-read the ':' (and any blanks after the scalar)
        reader.pointer -= back
        reader.index -= back
        reader.column -= back
        mark = FileMark(token.start_mark.name, colon, token.start_mark.line,
                        token.start_mark.column + colon - start)
        return ScalarToken(buffer[start:colon], True, token.start_mark, mark)


def events(text: str, pyyaml: bool = False):
    """The event stream of `text` from the adjusted pure-Python parser (`pyyaml`: as
    PyYAML's pure-Python parser reads it, not libyaml)."""
    yaml = YAML(typ='safe', pure=True)
    yaml.Parser = LibyamlParser
    yaml.Scanner = PyyamlScanner if pyyaml else LibyamlScanner
    try:
        yield from yaml.parse(text)
    finally:
        # ruamel's loader and its reader, scanner and parser refer to each other (and the
        # parser's state is one of its own methods): forget them all, so that no reference
        # cycle keeps the text until the cyclic collector runs
        parser = vars(yaml).get('_parser')
        if parser is not None:
            parser.state = None
        vars(yaml).clear()
