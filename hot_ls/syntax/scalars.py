"""Resolve YAML scalars exactly as Heat's loader does.

Heat loads templates with PyYAML's CSafeLoader: the YAML 1.1 implicit types
(so `yes`/`no`/`on`/`off` are booleans, `0755` is octal, `1:30` is the
sexagesimal integer 90, `1e5` is a string because 1.1 floats need a dot),
except that timestamps and dates stay strings (heat/common/template_format.py).
The resolver tries candidates by the scalar's first character, in PyYAML's
registration order: bool, float, int, merge, null, timestamp, value.
"""
from __future__ import annotations

import base64
import binascii
import math
import re
from typing import Any

_BOOL = {
    'yes': True, 'Yes': True, 'YES': True, 'no': False, 'No': False, 'NO': False,
    'true': True, 'True': True, 'TRUE': True, 'false': False, 'False': False, 'FALSE': False,
    'on': True, 'On': True, 'ON': True, 'off': False, 'Off': False, 'OFF': False,
}
_NULL = frozenset(('~', 'null', 'Null', 'NULL', ''))

_FLOAT = re.compile(r'''(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    |[-+]?\.(?:inf|Inf|INF)
    |\.(?:nan|NaN|NAN))$''', re.X)
_INT = re.compile(r'''(?:[-+]?0b[0-1_]+
    |[-+]?0[0-7_]+
    |[-+]?(?:0|[1-9][0-9_]*)
    |[-+]?0x[0-9a-fA-F_]+
    |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$''', re.X)
_TIMESTAMP = re.compile(r'''(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]
    |[0-9][0-9][0-9][0-9] -[0-9][0-9]? -[0-9][0-9]?
    (?:[Tt]|[ \t]+)[0-9][0-9]?
    :[0-9][0-9] :[0-9][0-9] (?:\.[0-9]*)?
    (?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$''', re.X)

_NUMERIC_START = frozenset('-+0123456789.')
_BOOL_START = frozenset('yYnNtTfFoO')

MERGE = 'tag:yaml.org,2002:merge'
VALUE = 'tag:yaml.org,2002:value'
STR = 'tag:yaml.org,2002:str'


class ScalarError(ValueError):
    """A scalar that PyYAML's SafeLoader refuses to construct."""


class Special(str):
    """A plain `<<` or `=`: meaningful only as a mapping key."""

    tag: str

    def __new__(cls, text: str, tag: str):
        obj = super().__new__(cls, text)
        obj.tag = tag
        return obj


def construct_int(text: str) -> int:
    value = text.replace('_', '')
    sign = 1
    if value[0] == '-':
        sign = -1
    if value[0] in '+-':
        value = value[1:]
    if value == '0':
        return 0
    if value.startswith('0b'):
        return sign * int(value[2:], 2)
    if value.startswith('0x'):
        return sign * int(value[2:], 16)
    if value[0] == '0':
        return sign * int(value, 8)
    if ':' in value:
        digits = [int(part) for part in value.split(':')]
        digits.reverse()
        base, total = 1, 0
        for digit in digits:
            total += digit * base
            base *= 60
        return sign * total
    return sign * int(value)


def construct_float(text: str) -> float:
    value = text.replace('_', '').lower()
    sign = 1
    if value[0] == '-':
        sign = -1
    if value[0] in '+-':
        value = value[1:]
    if value == '.inf':
        return sign * math.inf
    if value == '.nan':
        return math.nan
    if ':' in value:
        digits = [float(part) for part in value.split(':')]
        digits.reverse()
        base, total = 1, 0.0
        for digit in digits:
            total += digit * base
            base *= 60
        return sign * total
    return sign * float(value)


def resolve_plain(text: str) -> Any:
    """The value of a plain (unquoted, untagged) scalar.

    Raises ScalarError where PyYAML's constructor fails on what its resolver
    matched: `0x_` and `0b_` resolve as ints but leave no digits (PyYAML
    raises a bare ValueError from `int('', 16)`, which Heat does not catch).
    """
    if not text:
        return None
    first = text[0]
    if first in _BOOL_START:
        value = _BOOL.get(text)
        if value is not None:
            return value
        if text in _NULL:
            return None
        return text
    if first in _NUMERIC_START:
        if _FLOAT.match(text):
            return construct_float(text)
        if first != '.' and _INT.match(text):
            try:
                return construct_int(text)
            except ValueError:
                raise ScalarError(f'invalid literal for int(): {text!r}') from None
        return text
    if first == '~' and text == '~':
        return None
    if first == '<' and text == '<<':
        return Special(text, MERGE)
    if first == '=' and text == '=':
        return Special(text, VALUE)
    return text


_TAG_PREFIX = 'tag:yaml.org,2002:'


def construct_tagged(text: str, tag: str) -> Any:
    """The value of a scalar with an explicit tag, as SafeLoader constructs it."""
    if not tag.startswith(_TAG_PREFIX):
        if tag == '!':
            return text
        raise ScalarError(f"could not determine a constructor for the tag '{tag}'")
    kind = tag[len(_TAG_PREFIX):]
    if kind in ('str', 'timestamp'):
        return text
    if kind == 'null':
        return None
    if kind == 'bool':
        try:
            return _BOOL[text] if text in _BOOL else {'yes': True, 'no': False, 'true': True,
                                                       'false': False, 'on': True,
                                                       'off': False}[text.lower()]
        except KeyError:
            raise ScalarError(f'invalid boolean {text!r}') from None
    if kind == 'int':
        try:
            return construct_int(text)
        except (ValueError, IndexError):
            raise ScalarError(f'invalid literal for int(): {text!r}') from None
    if kind == 'float':
        try:
            return construct_float(text)
        except (ValueError, IndexError):
            raise ScalarError(f'could not convert string to float: {text!r}') from None
    if kind == 'binary':
        try:
            return base64.decodebytes(text.encode('ascii'))
        except (binascii.Error, UnicodeEncodeError) as exc:
            raise ScalarError(f'failed to decode base64 data: {exc}') from None
    raise ScalarError(f"could not determine a constructor for the tag '{tag}'")


def is_timestamp(text: str) -> bool:
    """Whether PyYAML would resolve this plain scalar as a timestamp (Heat keeps it a string)."""
    return bool(text) and text[0].isdigit() and _TIMESTAMP.match(text) is not None
