"""Exact spans (code-point offsets, end exclusive) of every kind of node."""
from __future__ import annotations

import pytest

from hot_ls.syntax import Mapping, Scalar, Sequence, parse

DOCUMENT = '''\
# comment
plain: hello world  # trailing
dq: "a b"
sq: 'c''d'
lit: |
  line1
  line2

fold: >-
  x
  y
empty:
empty2:   # c
flow: {a: 1, b: [x, y]}
seq:
  - 1
  - k: v
    k2: v2
  -
  - - nested
multi: first
  second
last: end
'''


def spans(node, text, out=None, depth=0):
    """(depth, kind, start, end, source text) for every node, depth first, keys before values."""
    out = [] if out is None else out
    out.append((depth, type(node).__name__, node.start, node.end, text[node.start:node.end]))
    if isinstance(node, Mapping):
        for pair in node.pairs:
            spans(pair.key, text, out, depth + 1)
            spans(pair.value, text, out, depth + 2)
    elif isinstance(node, Sequence):
        for item in node.items:
            spans(item, text, out, depth + 1)
    return out


EXPECTED = [
    # the root block mapping: from its first key to the end of its last value (no trailing newline)
    (0, 'Mapping', 10, 227, DOCUMENT[10:227]),
    (1, 'Scalar', 10, 15, 'plain'),
    (2, 'Scalar', 17, 28, 'hello world'),           # plain: no trailing spaces, no comment
    (1, 'Scalar', 41, 43, 'dq'),
    (2, 'Scalar', 45, 50, '"a b"'),                 # quoted: the quotes are in the span
    (1, 'Scalar', 51, 53, 'sq'),
    (2, 'Scalar', 55, 61, "'c''d'"),
    (1, 'Scalar', 62, 65, 'lit'),
    (2, 'Scalar', 67, 86, '|\n  line1\n  line2\n\n'),  # block: indicator to the next line's start
    (1, 'Scalar', 86, 90, 'fold'),
    (2, 'Scalar', 92, 103, '>-\n  x\n  y\n'),
    (1, 'Scalar', 103, 108, 'empty'),
    (2, 'Scalar', 109, 109, ''),                    # an empty value: zero width, just after ':'
    (1, 'Scalar', 110, 116, 'empty2'),
    (2, 'Scalar', 117, 117, ''),
    (1, 'Scalar', 124, 128, 'flow'),
    (2, 'Mapping', 130, 147, '{a: 1, b: [x, y]}'),  # flow: bracket to bracket
    (3, 'Scalar', 131, 132, 'a'),
    (4, 'Scalar', 134, 135, '1'),
    (3, 'Scalar', 137, 138, 'b'),
    (4, 'Sequence', 140, 146, '[x, y]'),
    (5, 'Scalar', 141, 142, 'x'),
    (5, 'Scalar', 144, 145, 'y'),
    (1, 'Scalar', 148, 151, 'seq'),
    (2, 'Sequence', 155, 195, '- 1\n  - k: v\n    k2: v2\n  -\n  - - nested'),  # block: first dash on
    (3, 'Scalar', 157, 158, '1'),
    (3, 'Mapping', 163, 178, 'k: v\n    k2: v2'),
    (4, 'Scalar', 163, 164, 'k'),
    (5, 'Scalar', 166, 167, 'v'),
    (4, 'Scalar', 172, 174, 'k2'),
    (5, 'Scalar', 176, 178, 'v2'),
    (3, 'Scalar', 182, 182, ''),                    # `-` with nothing after it
    (3, 'Sequence', 187, 195, '- nested'),
    (4, 'Scalar', 189, 195, 'nested'),
    (1, 'Scalar', 196, 201, 'multi'),
    (2, 'Scalar', 203, 217, 'first\n  second'),     # a multi-line plain scalar
    (1, 'Scalar', 218, 222, 'last'),
    (2, 'Scalar', 224, 227, 'end'),
]


def test_every_span(parser):
    tree = parse(DOCUMENT)
    assert tree.issues == []
    assert spans(tree.root, DOCUMENT) == EXPECTED


def test_values_behind_the_spans(parser):
    root = parse(DOCUMENT).root
    assert root.to_python() == {
        'plain': 'hello world', 'dq': 'a b', 'sq': "c'd", 'lit': 'line1\nline2\n', 'fold': 'x y',
        'empty': None, 'empty2': None, 'flow': {'a': 1, 'b': ['x', 'y']},
        'seq': [1, {'k': 'v', 'k2': 'v2'}, None, ['nested']], 'multi': 'first second', 'last': 'end'}
    assert not root.flow and root.get('flow').flow
    assert not root.get('seq').flow and root.get('flow').get('b').flow


@pytest.mark.parametrize('text, start, end', [
    ('a: 1', 0, 4),
    ('a: 1\n\n\n', 0, 4),                  # trailing blank lines are not in the root
    ('a: 1  # c\n# more\n', 0, 4),
    ('\n\n  a: 1\n  b: 2\n', 4, 15),       # starts at the first key, wherever it is
    ('a:\n  b: 1\n  c:\n', 0, 14),          # ends at the last (empty) value, after `c:`
    ('- a\n- b\n', 0, 7),
    ('a: |\n  x\n', 0, 9),
    ('a: |\n  x', 0, 8),
    ('k:', 0, 2),
    ('{a: 1}\n', 0, 6),
    ('---\na: 1\n...\n', 4, 8),
    ('a: 1\r\nb: 2\r\n', 0, 10),
])
def test_root_span(text, start, end, parser):
    root = parse(text).root
    assert (root.start, root.end) == (start, end)


def test_nested_block_mapping_ends_at_its_last_value(parser):
    text = 'r:\n  a:\n    b: 1\n    c: [1,\n      2]\n  d: x\n'
    root = parse(text).root
    a = root.get('r').get('a')
    assert text[a.start:a.end] == 'b: 1\n    c: [1,\n      2]'
    r = root.get('r')
    assert (r.start, r.end) == (5, 43)
    assert text[r.start:r.end] == 'a:\n    b: 1\n    c: [1,\n      2]\n  d: x'


def test_tagged_and_anchored_nodes_start_at_their_properties(parser):
    text = 'a: !!str 1\nb: &x 2\nc: !!map\n  d: 1\n'
    root = parse(text).root
    assert (root.get('a').start, root.get('a').end) == (3, 10)
    assert (root.get('b').start, root.get('b').end) == (14, 18)
    assert (root.get('c').start, root.get('c').end) == (22, 34)


def test_spans_count_code_points_not_bytes(parser):
    text = 'd: "日本語 😀"\nk: v\n'
    root = parse(text).root
    assert (root.get('d').start, root.get('d').end) == (3, 10)
    assert root.get('d').value == '日本語 😀'
    assert root.pairs[1].key.start == 11


def test_flow_collections_spanning_lines(parser):
    text = 'f: {a: 1,\n    b: [x,\n        y]}\n'
    root = parse(text).root
    f = root.get('f')
    assert (f.start, f.end) == (3, 32)
    assert (f.get('b').start, f.get('b').end) == (17, 31)


def test_sequence_of_mappings_in_a_mapping_at_the_same_indent(parser):
    text = 'k:\n- a: 1\n- b\nz: 0\n'
    root = parse(text).root
    seq = root.get('k')
    assert (seq.start, seq.end) == (3, 13)
    assert [(i.start, i.end) for i in seq.items] == [(5, 9), (12, 13)]
    assert root.to_python() == {'k': [{'a': 1}, 'b'], 'z': 0}


@pytest.mark.parametrize('text, spans_of_nulls', [
    ('a:\nb: 1\n', [(2, 2)]),                 # block: just after the ':'
    ('a:   # c\nb: 1\n', [(2, 2)]),           # not after the spaces or the comment
    ('a:\n  b:\n    c:\n', [(14, 14)]),
    ('- \n- a\n', [(1, 1)]),                  # just after the '-'
    ('? a\n', [(4, 4)]),                      # no value at all: where the next token starts
    ('{a: , b: 1}', [(4, 4)]),                # flow: where the next token starts
    ('[a: , b]', [(4, 4)]),
    ('k: {a:\n  }\n', [(9, 9)]),
    ('{a, b: 1}', [(2, 2)]),
])
def test_empty_value_spans(text, spans_of_nulls, parser):
    """Where the empty value of `key:` sits: libyaml's marks, with either parser."""
    found = []

    def walk(node):
        if isinstance(node, Scalar) and node.value is None:
            found.append((node.start, node.end))
        elif isinstance(node, Mapping):
            for pair in node.pairs:
                walk(pair.key)
                walk(pair.value)
        elif isinstance(node, Sequence):
            for item in node.items:
                walk(item)

    tree = parse(text)
    assert tree.issues == []
    walk(tree.root)
    assert found == spans_of_nulls
