"""YAML 1.1 scalar resolution, as Heat's loader (PyYAML CSafeLoader, timestamps as strings) does it.

Every row is checked twice: PyYAML must give the value written in the table
(so the table documents what Heat really does), and hot-ls must give the
same value and type, with the C parser and with the pure-Python fallback.
"""
from __future__ import annotations

import math

import pytest

from hot_ls.syntax import Scalar, parse
from yaml_oracle import heat_yaml, same

RESOLUTION = [
    # booleans: YAML 1.1 words, in three spellings each
    ('yes', True), ('Yes', True), ('YES', True), ('no', False), ('No', False), ('NO', False),
    ('on', True), ('On', True), ('ON', True), ('off', False), ('Off', False), ('OFF', False),
    ('true', True), ('True', True), ('TRUE', True), ('false', False), ('False', False),
    ('FALSE', False),
    # PyYAML's resolver has no y/n booleans (the 1.1 spec lists them, PyYAML does not)
    ('y', 'y'), ('Y', 'Y'), ('n', 'n'), ('N', 'N'),
    # other spellings are strings
    ('tRUE', 'tRUE'), ('oN', 'oN'), ('yES', 'yES'), ('nULL', 'nULL'),
    # integers
    ('0', 0), ('-0', 0), ('+0', 0), ('42', 42), ('-17', -17), ('+17', 17),
    ('0755', 493), ('-0755', -493), ('+0755', 493), ('00', 0), ('0_7', 7),
    ('0o755', '0o755'),                     # not 1.1 syntax: a string
    ('08', '08'), ('09', '09'),            # neither octal nor decimal in 1.1
    ('0x1F', 31), ('-0x1f', -31), ('0x_1_F', 31), ('0b101', 5), ('-0b1', -1), ('0b1_0', 2),
    ('1_000', 1000), ('1__0', 10),
    ('1:30', 90), ('-1:30', -90), ('1:0:0', 3600), ('1:5', 65), ('1:60', '1:60'), ('0:30', '0:30'),
    # floats: 1.1 needs a dot, so `1e5` is a string
    ('1.5', 1.5), ('.5', 0.5), ('-.5', '-.5'), ('-0.5', -0.5),  # a sign needs a digit before the dot
    ('1.', 1.0), ('1_000.5', 1000.5),
    ('1e5', '1e5'), ('1.5e+3', 1500.0), ('1.5e3', '1.5e3'), ('1.5E-3', 0.0015), ('+1.0e+5', 100000.0),
    ('190:20:30.15', 685230.15), ('1:30.5', 90.5),
    ('.inf', math.inf), ('.Inf', math.inf), ('.INF', math.inf), ('+.inf', math.inf),
    ('-.inf', -math.inf), ('-.Inf', -math.inf), ('.nan', math.nan), ('.NaN', math.nan),
    ('.NAN', math.nan), ('.Nan', '.Nan'), ('NaN', 'NaN'), ('inf', 'inf'),
    # null
    ('~', None), ('null', None), ('Null', None), ('NULL', None), ('', None),
    # timestamps and dates stay strings in Heat
    ('2013-05-23', '2013-05-23'), ('2021-04-16', '2021-04-16'),
    ('2001-12-14t21:59:43.10-05:00', '2001-12-14t21:59:43.10-05:00'),
    ('2001-12-14 21:59:43.10 -5', '2001-12-14 21:59:43.10 -5'),
    ('2001-12-15T02:59:43.1Z', '2001-12-15T02:59:43.1Z'),
    # strings that look like something else
    ('1.2.3', '1.2.3'), ('0.1_2', 0.12), ('_1', '_1'), ('0b2', '0b2'), ('0x', '0x'), ('+', '+'),
    ('.', '.'), ('-a', '-a'),
    ('OS::Nova::Server', 'OS::Nova::Server'), ('a b', 'a b'),
]


def _value(text: str):
    tree = parse(text)
    assert tree.root is not None, tree.issues
    return tree, tree.root.to_python()


@pytest.mark.parametrize('literal, expected', RESOLUTION, ids=[repr(r[0]) for r in RESOLUTION])
def test_plain_scalar_resolution(literal, expected, parser):
    text = f'k: {literal}\n'
    oracle = heat_yaml(text)['k']
    assert same(oracle, expected), f'PyYAML gives {oracle!r}, the table says {expected!r}'
    tree, got = _value(text)
    assert same(got['k'], expected), f'hot-ls gives {got["k"]!r}, Heat {expected!r}'
    assert tree.issues == []


@pytest.mark.parametrize('literal, expected', [
    ('yes', True), ('0755', 493), ('1:30', 90), ('.inf', math.inf), ('~', None), ('2013-05-23', '2013-05-23'),
])
def test_same_resolution_for_keys_and_sequence_items(literal, expected, parser):
    text = f'{literal}: v\nlist: [{literal}]\nblock:\n  - {literal}\n'
    oracle = heat_yaml(text)
    tree, got = _value(text)
    assert same(got, oracle)
    assert list(got)[0] == expected or same(list(got)[0], expected)
    assert same(got['list'][0], expected)
    assert same(got['block'][0], expected)


def test_nan_is_nan():
    tree, got = _value('a: .nan\nb: .NAN\n')
    assert math.isnan(got['a']) and math.isnan(got['b'])
    assert math.isnan(heat_yaml('a: .nan\n')['a'])


@pytest.mark.parametrize('literal', ['"yes"', "'0755'", '"1:30"', "'~'", '"2013-05-23"', '""', "''",
                                     '"1e5"', "'.inf'", '"<<"', '"="'])
def test_quoted_scalars_stay_strings(literal, parser):
    text = f'k: {literal}\n'
    tree, got = _value(text)
    assert same(got['k'], heat_yaml(text)['k'])
    assert got['k'] == literal[1:-1]
    assert tree.root.get('k').style == literal[0]


@pytest.mark.parametrize('text, expected', [
    ('k: |\n  yes\n', 'yes\n'),
    ('k: >-\n  0755\n', '0755'),
    ('k: |-\n  ~\n', '~'),
])
def test_block_scalars_stay_strings(text, expected, parser):
    tree, got = _value(text)
    assert got['k'] == expected == heat_yaml(text)['k']


TAGGED = [
    ('!!str 1', '1'), ('!!str yes', 'yes'), ('!!str', ''), ('!!str ~', '~'),
    ('!!int "0x1F"', 31), ('!!int "0755"', 493), ('!!int 1_000', 1000),
    ('!!float "1e5"', 100000.0), ('!!float 1', 1.0), ('!!float .INF', math.inf),
    ('!!bool "yes"', True), ('!!bool TRUE', True), ('!!bool Off', False),
    ('!!null abc', None), ('!!null ""', None),
    ('!!binary aGVsbG8=', b'hello'), ('!!binary "aGVs\\nbG8="', b'hello'),
    ('!!timestamp 2001-01-01', '2001-01-01'),
    ('!<tag:yaml.org,2002:str> 5', '5'),
    # the non-specific tag `!` resolves as if untagged, whatever the quoting (libyaml plain_implicit)
    ('! 12', 12), ('! "12"', 12), ("! 'yes'", True), ("! ''", None), ('! abc', 'abc'),
    ('!!map {a: 1}', {'a': 1}), ('!!seq [1]', [1]), ('! {a: 1}', {'a': 1}),
]


@pytest.mark.parametrize('literal, expected', TAGGED, ids=[r[0] for r in TAGGED])
def test_explicit_tags(literal, expected, parser):
    text = f'k: {literal}\n'
    oracle = heat_yaml(text)['k']
    assert same(oracle, expected)
    tree, got = _value(text)
    assert same(got['k'], expected)
    assert tree.issues == []


REFUSED = [
    # (literal, what PyYAML raises, hot-ls message)
    ('!foo bar', 'ConstructorError', "could not determine a constructor for the tag '!foo'"),
    ('!foo {a: 1}', 'ConstructorError', "could not determine a constructor for the tag '!foo'"),
    ('!!python/none x', 'ConstructorError',
     "could not determine a constructor for the tag 'tag:yaml.org,2002:python/none'"),
    ('!!int abc', 'ValueError', "invalid literal for int(): 'abc'"),
    ('!!float abc', 'ValueError', "could not convert string to float: 'abc'"),
    ('!!bool maybe', 'KeyError', "invalid boolean 'maybe'"),
    ('!!bool y', 'KeyError', "invalid boolean 'y'"),
    ('0x_', 'ValueError', "invalid literal for int(): '0x_'"),
    ('0b_', 'ValueError', "invalid literal for int(): '0b_'"),
    ('=', 'ConstructorError', "could not determine a constructor for the tag 'tag:yaml.org,2002:value'"),
    ('<<', 'ConstructorError', "could not determine a constructor for the tag 'tag:yaml.org,2002:merge'"),
    ('! <<', 'ConstructorError', "could not determine a constructor for the tag 'tag:yaml.org,2002:merge'"),
]


@pytest.mark.parametrize('literal, raised, message', REFUSED, ids=[r[0] for r in REFUSED])
def test_refused_scalars_are_construct_issues(literal, raised, message, parser):
    text = f'a: 1\nk: {literal}\nz: 2\n'
    with pytest.raises(Exception) as info:
        heat_yaml(text)
    assert type(info.value).__name__ == raised
    tree = parse(text)
    assert [(issue.kind, issue.message) for issue in tree.issues] == [('construct', message)]
    issue = tree.issues[0]
    value_start = text.index(literal, 5)
    # the issue covers the node from its tag; for a collection, the tag and the opening bracket
    length = len('!foo {') if literal == '!foo {a: 1}' else len(literal)
    assert (issue.start, issue.end) == (value_start, value_start + length)
    # the rest of the document is still there; the refused value keeps its text
    got = tree.root.to_python()
    assert got['a'] == 1 and got['z'] == 2
    assert isinstance(tree.root.get('k'), (Scalar,)) or literal.startswith('!foo {')


def test_plain_equals_and_merge_text_as_keys(parser):
    text = '=: 1\nx: {=: 2}\n'
    assert heat_yaml(text) == {'=': 1, 'x': {'=': 2}}
    tree, got = _value(text)
    assert got == {'=': 1, 'x': {'=': 2}}
    assert type(list(got)[0]) is str  # not the internal marker class
    assert tree.issues == []


def test_merge_key_with_non_specific_tag_merges(parser):
    text = '! <<: {a: 1}\nb: 2\n'
    assert heat_yaml(text) == {'a': 1, 'b': 2}
    tree, got = _value(text)
    assert got == {'a': 1, 'b': 2}


def test_scalar_styles():
    tree = parse('a: plain\nb: "dq"\nc: \'sq\'\nd: |\n  lit\ne: >\n  fold\n')
    assert [tree.root.get(k).style for k in 'abcde'] == ['', '"', "'", '|', '>']
