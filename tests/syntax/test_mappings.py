"""Mappings as Heat's loader builds them: duplicate keys, merge keys, anchors and aliases, complex keys."""
from __future__ import annotations

import pytest
import yaml

from hot_ls.syntax import Mapping, Scalar, Sequence, parse
from yaml_oracle import heat_yaml, same


def issues(tree, kind=None):
    return [(i.kind, i.message, i.start, i.end, i.related) for i in tree.issues
            if kind is None or i.kind == kind]


# --- duplicate keys --------------------------------------------------------------------------

DUPLICATES = 'a: 1\nb: 2\na: 3\nc: 4\na: 5\n'
#             0    5    10   15   20


def test_duplicate_keys_last_wins_at_the_first_position(parser):
    tree = parse(DUPLICATES)
    got = tree.root.to_python()
    expected = heat_yaml(DUPLICATES)
    assert got == expected == {'a': 5, 'b': 2, 'c': 4}
    assert list(got.items()) == list(expected.items())  # 'a' keeps the first position


def test_duplicate_keys_are_all_kept_in_pairs_and_the_index_holds_the_last(parser):
    root = parse(DUPLICATES).root
    assert [(p.key.value, p.value.value, p.key.start) for p in root.pairs] == \
        [('a', 1, 0), ('b', 2, 5), ('a', 3, 10), ('c', 4, 15), ('a', 5, 20)]
    assert root.pair('a') is root.pairs[4]
    assert root.get('a').value == 5
    assert (root.get('a').start, root.get('a').end) == (23, 24)
    assert len(root) == 3


def test_duplicate_key_issues_point_at_the_first_definition(parser):
    tree = parse(DUPLICATES)
    assert issues(tree) == [
        ('duplicate-key', 'Duplicate key "a": the last one wins, as in Heat', 10, 11,
         [(0, 1, 'first defined here')]),
        ('duplicate-key', 'Duplicate key "a": the last one wins, as in Heat', 20, 21,
         [(0, 1, 'first defined here')]),
    ]


def test_duplicate_keys_by_value_not_by_spelling(parser):
    # 1, 1.0 and true are one key for a Python dict, as in Heat; null and ~ too
    text = '1: a\n1.0: b\ntrue: c\nnull: d\n~: e\n'
    tree = parse(text)
    got = tree.root.to_python()
    assert same(got, heat_yaml(text))
    assert got == {1: 'c', None: 'e'}
    assert [(i.kind, i.start, i.related[0][:2]) for i in tree.issues] == [
        ('duplicate-key', 5, (0, 1)), ('duplicate-key', 12, (0, 1)), ('duplicate-key', 28, (20, 24))]


def test_duplicate_keys_in_nested_and_flow_mappings(parser):
    text = 'r:\n  p: {x: 1, x: 2}\n  p: 3\n'
    tree = parse(text)
    assert tree.root.to_python() == heat_yaml(text) == {'r': {'p': 3}}
    assert [(i.start, i.end, i.related) for i in tree.issues] == [
        (15, 16, [(9, 10, 'first defined here')]),
        (23, 24, [(5, 6, 'first defined here')]),
    ]


# --- merge keys ------------------------------------------------------------------------------

MERGES = '''\
base: &base
  a: 1
  b: 2
more: &more
  b: 3
  c: 4
one:
  <<: *base
  a: 10
two:
  x: 0
  <<: [*base, *more]
  c: 40
three:
  <<: *more
  <<: {z: 9, b: 7}
'''


def test_merge_keys_values_and_order_match_pyyaml(parser):
    tree = parse(MERGES)
    got = tree.root.to_python()
    expected = heat_yaml(MERGES)
    assert same(got, expected)
    for key in ('one', 'two', 'three'):
        assert list(got[key].items()) == list(expected[key].items()), key
    # spelled out: explicit keys win over merged ones; in a list the first map wins;
    # merged keys come first, the list's maps in reverse order
    assert list(got['one'].items()) == [('a', 10), ('b', 2)]
    assert list(got['two'].items()) == [('b', 2), ('c', 40), ('a', 1), ('x', 0)]
    assert list(got['three'].items()) == [('b', 7), ('c', 4), ('z', 9)]
    assert tree.issues == []


def test_merged_pairs_are_marked_and_written_pairs_exclude_merge_keys(parser):
    root = parse(MERGES).root
    two = root.get('two')
    assert [p.key.value for p in two.pairs] == ['x', 'c']
    assert {key: pair.merged for key, pair in two.items()} == {'b': True, 'c': False, 'a': True, 'x': False}
    # a merged entry is the node of the anchored map, not a copy
    assert two.get('a') is root.get('base').get('a')
    assert two.get('b') is root.get('base').get('b')
    assert two.pair('c').key.start == MERGES.index('c: 40')


def test_nested_merges(parser):
    text = 'a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: *b, z: 3}\n'
    tree = parse(text)
    assert same(tree.root.to_python(), heat_yaml(text))
    assert tree.root.to_python()['c'] == {'x': 1, 'y': 2, 'z': 3}


@pytest.mark.parametrize('text, message, culprit', [
    ('c:\n  <<: 3\n', 'expected a mapping or list of mappings for merging', '3'),
    ('c:\n  <<: [{a: 1}, 2]\n', 'expected a mapping for merging', '2'),
    ('c:\n  <<: [1]\n', 'expected a mapping for merging', '1'),
])
def test_bad_merge_values(text, message, culprit, parser):
    with pytest.raises(yaml.constructor.ConstructorError):
        heat_yaml(text)
    tree = parse(text)
    start = text.rindex(culprit)
    assert issues(tree) == [('construct', message, start, start + 1, [])]


# --- anchors and aliases ---------------------------------------------------------------------

ANCHORS = 'x: &v {a: 1}\ny: *v\nz: [*v, &s hi, *s]\n'
#          0     6          13 16   21   27     34


def test_aliases_share_the_anchored_node(parser):
    tree = parse(ANCHORS)
    root = tree.root
    assert same(root.to_python(), heat_yaml(ANCHORS))
    anchored = root.get('x')
    assert isinstance(anchored, Mapping)
    assert root.get('y') is anchored
    z = root.get('z')
    assert z.items[0] is anchored
    assert z.items[2] is z.items[1]
    assert [(start, end, node) for start, end, node in tree.aliases] == [
        (16, 18, anchored), (23, 25, anchored), (34, 36, z.items[1])]
    # the anchored node's span includes its anchor
    assert (anchored.start, anchored.end) == (3, 12)
    assert (z.items[1].start, z.items[1].end) == (27, 32)


def test_undefined_alias(parser):
    text = 'a: *nope\nb: 1\n'
    with pytest.raises(yaml.composer.ComposerError, match='found undefined alias'):
        heat_yaml(text)
    tree = parse(text)
    assert issues(tree) == [('construct', "found undefined alias 'nope'", 3, 8, [])]
    assert tree.root.to_python() == {'a': None, 'b': 1}
    assert tree.aliases == []


def test_alias_before_its_anchor_is_undefined(parser):
    text = 'a: *x\nb: &x 1\n'
    with pytest.raises(yaml.composer.ComposerError, match='found undefined alias'):
        heat_yaml(text)
    tree = parse(text)
    assert issues(tree) == [('construct', "found undefined alias 'x'", 3, 5, [])]
    assert tree.root.to_python() == {'a': None, 'b': 1}


def test_duplicate_anchor(parser):
    text = 'a: &x 1\nb: &x 2\nc: *x\n'
    with pytest.raises(yaml.composer.ComposerError, match='found duplicate anchor'):
        heat_yaml(text)
    tree = parse(text)
    assert issues(tree) == [('construct', "found duplicate anchor 'x'", 11, 15, [(3, 7, 'first occurrence')])]


@pytest.mark.parametrize('text', ['a: &x [1, *x]\n', 'a: &x {b: *x}\n'])
def test_recursive_alias_is_refused_and_the_tree_stays_acyclic(text, parser):
    tree = parse(text)
    start = text.index('*x')
    assert issues(tree) == [('construct', "found recursive alias 'x': a node cannot contain itself",
                             start, start + 2, [])]
    value = tree.root.to_python()['a']  # must not recurse forever
    assert value in ([1, None], {'b': None})


# --- complex keys ----------------------------------------------------------------------------

@pytest.mark.parametrize('text, key', [
    ('? [a, b]\n: 1\nc: 2\n', '[a, b]'),
    ('? {a: 1}\n: 1\nc: 2\n', '{a: 1}'),
    ('[a, b]: 1\nc: 2\n', '[a, b]'),
    ('? - a\n  - b\n: 1\nc: 2\n', '- a\n  - b'),
])
def test_collection_keys_are_unhashable(text, key, parser):
    with pytest.raises(yaml.constructor.ConstructorError, match='found unhashable key'):
        heat_yaml(text)
    tree = parse(text)
    start = text.index(key)
    assert issues(tree) == [('construct', 'found unhashable key', start, start + len(key), [])]
    assert tree.root.to_python() == {'c': 2}
    assert isinstance(tree.root.pairs[0].key, (Mapping, Sequence))  # still in the written pairs


def test_deeply_nested_collection_key_does_not_recurse():
    # as deep as the parser reads (DEPTH_LIMIT, with the mapping around it): deeper than a
    # recursive walk gets under Python's default recursion limit
    from hot_ls.syntax.yaml_builder import DEPTH_LIMIT
    depth = DEPTH_LIMIT - 1
    text = '? ' + '[' * depth + ']' * depth + '\n: 1\nc: 2\n'
    tree = parse(text)
    assert [i.kind for i in tree.issues] == ['construct']
    assert tree.root.to_python() == {'c': 2}
    assert (tree.depth, tree.truncated) == (DEPTH_LIMIT, False)


def test_explicit_scalar_keys(parser):
    text = '? a\n: 1\n? |\n  block\n: 2\n? "q"\n'
    tree = parse(text)
    assert tree.root.to_python() == heat_yaml(text) == {'a': 1, 'block\n': 2, 'q': None}
    # a block scalar ends after its last line break
    assert [(p.key.start, p.key.end) for p in tree.root.pairs] == [(2, 3), (10, 20), (26, 29)]


def test_alias_as_key(parser):
    text = 'a: &k name\n*k : 1\n'
    tree = parse(text)
    assert tree.root.to_python() == heat_yaml(text) == {'a': 'name', 'name': 1}
    assert tree.root.pairs[1].key is tree.root.get('a')


def test_empty_mapping_and_value_kinds(parser):
    text = 'e: {}\nl: []\nn:\ns: x\n'
    root = parse(text).root
    assert root.to_python() == heat_yaml(text) == {'e': {}, 'l': [], 'n': None, 's': 'x'}
    assert isinstance(root.get('e'), Mapping) and root.get('e').flow
    assert isinstance(root.get('l'), Sequence) and root.get('l').flow
    assert isinstance(root.get('n'), Scalar) and root.get('n').value is None
    assert 'n' in root and 'missing' not in root
    assert root.get('missing') is None and root.pair('missing') is None
    assert list(root.keys()) == ['e', 'l', 'n', 's']
