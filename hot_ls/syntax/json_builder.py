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
    def __init__(self, text: str):
        self.text = text
        self.issues: list[BuildIssue] = []

    def skip(self, index: int) -> int:
        return _WS.match(self.text, index).end()

    def value(self, index: int) -> tuple[Node, int]:
        text = self.text
        index = self.skip(index)
        char = text[index]
        if char == '{':
            return self.object(index)
        if char == '[':
            return self.array(index)
        if char == '"':
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

    def object(self, start: int) -> tuple[Mapping, int]:
        text = self.text
        mapping = Mapping(start, start, flow=True)
        seen: dict = {}
        index = self.skip(start + 1)
        if text[index] == '}':
            mapping.end = index + 1
            return mapping, index + 1
        while True:
            index = self.skip(index)
            key_value, key_end = _scanstring(text, index + 1)
            key = Scalar(key_value, index, key_end, '"')
            index = self.skip(key_end) + 1  # past ':'
            value, index = self.value(index)
            pair = Pair(key, value)
            mapping.pairs.append(pair)
            previous = seen.setdefault(key_value, pair)
            if previous is not pair:
                self.issues.append(BuildIssue(
                    'duplicate-key', f'Duplicate key "{key_value}": the last one wins, as in Heat',
                    key.start, key.end, [(previous.key.start, previous.key.end, 'first defined here')]))
            mapping.index[key_value] = pair
            index = self.skip(index)
            if text[index] == ',':
                index += 1
                continue
            mapping.end = index + 1
            return mapping, index + 1

    def array(self, start: int) -> tuple[Sequence, int]:
        text = self.text
        sequence = Sequence(start, start, flow=True)
        index = self.skip(start + 1)
        if text[index] == ']':
            sequence.end = index + 1
            return sequence, index + 1
        while True:
            item, index = self.value(index)
            sequence.items.append(item)
            index = self.skip(index)
            if text[index] == ',':
                index += 1
                continue
            sequence.end = index + 1
            return sequence, index + 1


def build_json(text: str) -> tuple[Node, list[BuildIssue]]:
    """The spanned tree of a text that `json.loads` accepts."""
    parser = _JsonParser(text)
    root, _ = parser.value(0)
    return root, parser.issues
