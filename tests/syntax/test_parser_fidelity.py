"""Inputs where a parser other than libyaml 0.2.5 used to disagree with Heat, with both our parsers.

The C path runs ruamel.yaml.clib's older libyaml; the fallback runs
ruamel.yaml's pure parser (YAML 1.2 rules, its own tab rules).  Each input
here is checked against PyYAML's CSafeLoader: the same value when Heat
accepts it, a syntax issue at PyYAML's problem mark when Heat refuses it.
"""
from __future__ import annotations

import pytest
import yaml

from hot_ls.syntax import parse
from yaml_oracle import heat_yaml, same

ACCEPTED = [
    # tabs libyaml takes as blanks
    ('k: a\tb\n', {'k': 'a\tb'}),
    ('k\t: v\n', {'k': 'v'}),
    ('k: v\t\n', {'k': 'v'}),                     # a trailing tab
    ('a:\tb\n', {'a': 'b'}),
    ('k: a\n \tb\n', {'k': 'a b'}),
    ('- a\t# c\n', ['a']),
    ('k: [a,\tb]\n', {'k': ['a', 'b']}),
    ('k: |\t\n  x\n', {'k': 'x\n'}),
    ('k: >-\t# c\n  x\n  y\n', {'k': 'x y'}),
    ('k: |#c\n  x\n', {'k': 'x\n'}),
    ('k: |2+\t\n   x\n\n', {'k': ' x\n\n'}),
    # ':' and '?' inside flow plain scalars (libyaml 0.2.3 and 0.2.5)
    ('{get_param:Name}', {'get_param:Name': None}),
    ('[a:b, c]', ['a:b', 'c']),
    ('{a?b: 1}', {'a?b': 1}),
    ('a: {get_?param: x}\n', {'a': {'get_?param': 'x'}}),
    ('a: [x?y, ?z]\n', {'a': ['x?y', {'z': None}]}),
    # a ':' starting a flow token is a value indicator
    ("c: ['nc', '8080':, '-l']\n", {'c': ['nc', {'8080': None}, '-l']}),
    ('["a":1]', [{'a': 1}]),
    # anchor names stop at anything but [0-9A-Za-z_-]
    ('&Oct: true\n', {None: True}),
    ('  &C: amqp1\n  D: 40\n', {None: 'amqp1', 'D': 40}),
    # an empty node with the non-specific tag is an empty string
    ('k: !\n', {'k': ''}),
    ("k: ! ''\n", {'k': None}),
    ('%YAML 1.1\n---\na: yes\n', {'a': True}),
    ('%YAML 1.2\n---\na: yes\n', {'a': True}),   # PyYAML keeps 1.1 resolution anyway
]


@pytest.mark.parametrize('text, value', ACCEPTED, ids=[repr(a[0]) for a in ACCEPTED])
def test_accepted_as_heat_accepts(text, value, parser):
    assert same(heat_yaml(text), value)
    tree = parse(text)
    assert tree.issues == []
    assert same(tree.root.to_python(), value)


REFUSED = [
    ': v\n',                       # an empty key (YAML 1.2 only)
    '{: 1}',
    'a:\n: v\n',
    'a: 1\n...\nb: 2\n',           # a document after `...` needs `---` in 1.1
    '[a:?b]',
    'a: &x.y 1\n',
    'a: &x[ 1\n',
    '- \ta\n',                     # tabs where indentation is expected
    '\tk: v\n',
    'k: a\n\tb\n',
    'k: |x\n  a\n',
    'k: |0\n a\n',
]


@pytest.mark.parametrize('text', REFUSED, ids=[repr(t) for t in REFUSED])
def test_refused_as_heat_refuses(text, parser):
    with pytest.raises(yaml.YAMLError) as info:
        heat_yaml(text)
    tree = parse(text)
    assert tree.issues and tree.issues[0].kind == 'syntax'
    assert tree.issues[0].start == info.value.problem_mark.index


#: libyaml refuses `x:` before a flow indicator; Heat then parses the text with PyYAML's
#: pure-Python parser (heat.common.template_format.simple_parse), which accepts it
FALLBACK = [
    ('v: { get_attr: [ext:, net] }\n', {'v': {'get_attr': [{'ext': None}, 'net']}}),
    ('{a:}', {'a': None}),
    ('o: {value: {get_attr:[r, value]}}\n', {'o': {'value': {'get_attr': ['r', 'value']}}}),
    ('a: [{k:[1]}, {x:{y: 1}}]\n', {'a': [{'k': [1]}, {'x': {'y': 1}}]}),
]


@pytest.mark.parametrize('text, value', FALLBACK, ids=[repr(a[0]) for a in FALLBACK])
def test_what_libyaml_refuses_is_read_as_heat_falls_back_to(text, value, parser):
    with pytest.raises(yaml.YAMLError) as info:
        heat_yaml(text)
    assert same(yaml.load(text, Loader=yaml.SafeLoader), value)
    tree = parse(text)
    assert tree.issues == []
    assert tree.fallback == (info.value.problem_mark.index, "found unexpected ':'")
    assert same(tree.root.to_python(), value)
