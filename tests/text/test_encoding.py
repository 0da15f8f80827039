"""Encoding: negotiation and unit counting."""
from __future__ import annotations

import pytest

from hot_ls.text import Encoding
from hot_ls.text.encoding import code_points_for_units, unit_length, units_in


@pytest.mark.parametrize('offered, chosen', [
    (None, Encoding.UTF16),
    ([], Encoding.UTF16),
    (['utf-16'], Encoding.UTF16),
    (['utf-8'], Encoding.UTF8),
    (['utf-8', 'utf-16'], Encoding.UTF8),
    (['utf-16', 'utf-8'], Encoding.UTF8),
    (['utf-16', 'utf-8', 'utf-32'], Encoding.UTF32),
    (['utf-32'], Encoding.UTF32),
    (['latin-1', 'ucs-2'], Encoding.UTF16),    # nothing we know: the mandatory default
    (['UTF-8'], Encoding.UTF16),               # LSP encoding kinds are lower-case strings
])
def test_negotiate(offered, chosen):
    assert Encoding.negotiate(offered) is chosen


def test_encoding_values_are_the_lsp_strings():
    assert [e.value for e in Encoding] == ['utf-8', 'utf-16', 'utf-32']
    assert Encoding('utf-16') is Encoding.UTF16


@pytest.mark.parametrize('char, utf8, utf16', [
    ('a', 1, 1), ('\x7f', 1, 1), ('\x80', 2, 1), ('é', 2, 1), ('\u07ff', 2, 1), ('\u0800', 3, 1),
    ('日', 3, 1), ('\uffff', 3, 1), ('\U00010000', 4, 2), ('😀', 4, 2), ('\U0010ffff', 4, 2),
])
def test_unit_length(char, utf8, utf16):
    assert unit_length(char, Encoding.UTF8) == utf8 == len(char.encode('utf-8'))
    assert unit_length(char, Encoding.UTF16) == utf16 == len(char.encode('utf-16-le')) // 2
    assert unit_length(char, Encoding.UTF32) == 1


def test_units_in():
    text = 'x日😀'
    assert units_in(text, Encoding.UTF8) == 8
    assert units_in(text, Encoding.UTF16) == 4
    assert units_in(text, Encoding.UTF32) == 3
    assert units_in('', Encoding.UTF16) == 0


def test_code_points_for_units():
    text = 'x日😀y'
    # UTF-16 units: x 0, 日 1, 😀 2-3, y 4
    assert [code_points_for_units(text, n, Encoding.UTF16) for n in range(7)] == [0, 1, 2, 3, 3, 4, 4]
    # UTF-8 bytes: x 0, 日 1-3, 😀 4-7, y 8
    assert [code_points_for_units(text, n, Encoding.UTF8) for n in range(11)] == \
        [0, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4]
    assert [code_points_for_units(text, n, Encoding.UTF32) for n in range(6)] == [0, 1, 2, 3, 4, 4]
