"""Build the spanned tree for a JSON document.

Heat tries `json.loads` before YAML, so any text that is valid JSON is a JSON
template, with JSON's types (`1e5` is a float, there are no YAML 1.1
booleans).  This parser is only called after `json.loads` accepted the text;
it walks the same grammar to record where each value is, using the json
module's own string scanner so that values are identical.
"""
from __future__ import annotations

import json.decoder
import re

from hot_ls.syntax.nodes import Mapping, Node, Pair, Scalar, Sequence
from hot_ls.syntax.yaml_builder import BuildIssue

_scanstring = json.decoder.scanstring
_WS = re.compile(r'[ \t\n\r]*')
_NUMBER = re.compile(r'(-?(?:0|[1-9]\d*))(\.\d+)?([eE][-+]?\d+)?')
_CONSTANTS = {'true': True, 'false': False, 'null': None,
              'NaN': float('nan'), 'Infinity': float('inf'), '-Infinity': float('-inf')}


class _JsonParser:
    """Walks the JSON grammar with an explicit stack: json.loads accepts nesting
    (about 900 levels) deeper than a recursive walk could follow."""

    def __init__(self, text: str):
        self.text = text
        self.issues: list[BuildIssue] = []
        self.depth = 0

    def skip(self, index: int) -> int:
        return _WS.match(self.text, index).end()

    def scalar(self, index: int) -> tuple[Scalar, int]:
        """The string, number or constant at `index` (after whitespace)."""
        text = self.text
        if text[index] == '"':
            value, end = _scanstring(text, index + 1)
            return Scalar(value, index, end, '"'), end
        for literal, constant in _CONSTANTS.items():
            if text.startswith(literal, index):
                return Scalar(constant, index, index + len(literal)), index + len(literal)
        match = _NUMBER.match(text, index)
        integer, fraction, exponent = match.groups()
        if fraction or exponent:
            number = float(integer + (fraction or '') + (exponent or ''))
        else:
            number = int(integer)
        return Scalar(number, index, match.end()), match.end()

    def key(self, index: int) -> tuple[Scalar, int]:
        """An object key and the index just past its ':'."""
        index = self.skip(index)
        value, end = _scanstring(self.text, index + 1)
        return Scalar(value, index, end, '"'), self.skip(end) + 1

    def add(self, frame: list, value: Node) -> None:
        mapping, key, seen = frame
        pair = Pair(key, value)
        mapping.pairs.append(pair)
        previous = seen.setdefault(key.value, pair)
        if previous is not pair:
            self.issues.append(BuildIssue(
                'duplicate-key', f'Duplicate key "{key.value}": the last one wins, as in Heat',
                key.start, key.end, [(previous.key.start, previous.key.end, 'first defined here')]))
        mapping.index[key.value] = pair

    def document(self) -> Node:
        text = self.text
        skip = self.skip
        stack: list[list] = []  # [Mapping, pending key, first pair per key] or [Sequence]
        index = 0
        while True:
            index = skip(index)
            char = text[index]
            if char == '{' or char == '[':
                opened = (Mapping if char == '{' else Sequence)(index, index, flow=True)
                index = skip(index + 1)
                if text[index] in '}]':
                    opened.end = index + 1
                    node, index = opened, index + 1
                    self.depth = max(self.depth, len(stack) + 1)  # as the YAML builder counts
                elif char == '{':
                    key, index = self.key(index)
                    stack.append([opened, key, {}])
                    self.depth = max(self.depth, len(stack))
                    continue
                else:
                    stack.append([opened])
                    self.depth = max(self.depth, len(stack))
                    continue
            else:
                node, index = self.scalar(index)
            # attach `node`, then close every container that ends here
            while True:
                if not stack:
                    return node
                frame = stack[-1]
                container = frame[0]
                if type(container) is Mapping:
                    self.add(frame, node)
                else:
                    container.items.append(node)
                index = skip(index)
                if text[index] == ',':
                    if type(container) is Mapping:
                        frame[1], index = self.key(index + 1)
                    else:
                        index += 1
                    break
                container.end = index + 1
                index += 1
                stack.pop()
                node = container


def build_json(text: str) -> tuple[Node, list[BuildIssue], int]:
    """The spanned tree of a text that `json.loads` accepts, its issues and its nesting depth."""
    parser = _JsonParser(text)
    return parser.document(), parser.issues, parser.depth
