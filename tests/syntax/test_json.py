"""JSON documents: Heat tries json.loads first, so valid JSON has JSON semantics and spans."""
from __future__ import annotations

import json
import math

import pytest

from hot_ls.syntax import Mapping, Scalar, Sequence, parse
from yaml_oracle import heat_load, same

TEMPLATE = '''{
  "heat_template_version": "2013-05-23",
  "resources": {
    "server": {
      "type": "OS::Nova::Server",
      "properties": {"count": 1e5, "on": true, "off": false, "none": null, "ratio": -1.5E-2,
                     "date": 2013, "when": "2013-05-23", "yes": "yes", "big": 123456789012345678901}
    }
  }
}
'''


def test_json_template_has_json_semantics():
    tree = parse(TEMPLATE)
    assert tree.format == 'json'
    assert tree.issues == []
    got = tree.root.to_python()
    assert same(got, json.loads(TEMPLATE))
    props = got['resources']['server']['properties']
    assert props == {'count': 100000.0, 'on': True, 'off': False, 'none': None, 'ratio': -0.015,
                     'date': 2013, 'when': '2013-05-23', 'yes': 'yes', 'big': 123456789012345678901}
    assert type(props['count']) is float and type(props['date']) is int


def test_json_spans_of_keys_and_values():
    tree = parse(TEMPLATE)
    root = tree.root
    assert isinstance(root, Mapping) and root.flow
    assert (root.start, root.end) == (0, len(TEMPLATE) - 1)  # the closing brace, not the newline
    version = root.pair('heat_template_version')
    # keys and strings include their quotes
    assert (version.key.start, version.key.end) == (4, 27)
    assert TEMPLATE[version.key.start:version.key.end] == '"heat_template_version"'
    assert (version.value.start, version.value.end) == (29, 41)
    assert version.value.style == '"'
    props = root.get('resources').get('server').get('properties')
    for key, literal in [('count', '1e5'), ('on', 'true'), ('none', 'null'), ('ratio', '-1.5E-2'),
                         ('big', '123456789012345678901'), ('when', '"2013-05-23"')]:
        node = props.get(key)
        assert TEMPLATE[node.start:node.end] == literal, key
    assert TEMPLATE[props.start:props.end].startswith('{"count"')
    assert TEMPLATE[props.start:props.end].endswith('123456789012345678901}')
    server = root.get('resources').get('server')
    assert TEMPLATE[server.start] == '{' and TEMPLATE[server.end - 1] == '}'


def test_json_string_escapes_keep_the_source_span():
    text = '{"k\\u00e9y": "a\\n\\"b\\" \\ud83d\\ude00"}'
    tree = parse(text)
    pair = tree.root.pairs[0]
    assert pair.key.value == 'kéy'
    assert pair.value.value == 'a\n"b" 😀'
    assert text[pair.key.start:pair.key.end] == '"k\\u00e9y"'
    assert text[pair.value.start:pair.value.end] == '"a\\n\\"b\\" \\ud83d\\ude00"'


def test_json_duplicate_keys():
    text = '{"a": 1, "b": 2, "a": 3, "a": 4}'
    tree = parse(text)
    assert tree.format == 'json'
    got = tree.root.to_python()
    assert list(got.items()) == list(json.loads(text).items()) == [('a', 4), ('b', 2)]
    assert [(i.kind, i.start, i.end, i.related) for i in tree.issues] == [
        ('duplicate-key', 17, 20, [(1, 4, 'first defined here')]),
        ('duplicate-key', 25, 28, [(1, 4, 'first defined here')]),
    ]
    assert [p.value.value for p in tree.root.pairs] == [1, 2, 3, 4]


@pytest.mark.parametrize('text, kind, value', [
    ('[1, "two", {"three": 3}]', Sequence, [1, 'two', {'three': 3}]),
    ('"just a string"', Scalar, 'just a string'),
    ('42', Scalar, 42),
    ('null', Scalar, None),
    ('[]', Sequence, []),
    ('{}', Mapping, {}),
])
def test_json_document_that_is_not_an_object(text, kind, value):
    tree = parse(text)
    assert tree.format == 'json'
    assert type(tree.root) is kind
    assert tree.root.to_python() == value == json.loads(text)
    assert (tree.root.start, tree.root.end) == (0, len(text))


def test_json_constants_python_accepts():
    text = '{"a": NaN, "b": Infinity, "c": -Infinity}'
    tree = parse(text)
    assert tree.format == 'json'
    got = tree.root.to_python()
    assert math.isnan(got['a']) and got['b'] == math.inf and got['c'] == -math.inf
    assert [text[n.start:n.end] for n in (p.value for p in tree.root.pairs)] == \
        ['NaN', 'Infinity', '-Infinity']


def test_valid_json_after_leading_whitespace():
    text = '  \n\t\r\n {"a": 1e5, "b": [true]}  \n'
    tree = parse(text)
    assert tree.format == 'json'
    assert tree.root.to_python() == {'a': 100000.0, 'b': [True]}
    assert (tree.root.start, tree.root.end) == (7, 30)
    assert (tree.root.get('a').start, tree.root.get('a').end) == (13, 16)


@pytest.mark.parametrize('text, value', [
    ('{"a": 1,}', {'a': 1}),                       # trailing comma: not JSON, fine as YAML
    ('{a: 1e5}', {'a': '1e5'}),                    # unquoted key; 1e5 is a YAML 1.1 string
    ('{"a": yes}', {'a': True}),                   # YAML boolean
    ("{'a': 1}", {'a': 1}),                        # single quotes
    ('\ufeff{"a": 1e5}', {'a': '1e5'}),            # json.loads refuses the BOM, YAML skips it
    ('{"a": 1} # comment', {'a': 1}),
])
def test_invalid_json_falls_back_to_yaml(text, value):
    with pytest.raises(ValueError):
        json.loads(text)
    tree = parse(text)
    assert tree.format == 'yaml'
    assert tree.issues == []
    assert tree.root.to_python() == value == heat_load(text)


def test_invalid_json_that_is_invalid_yaml_is_a_syntax_error():
    text = '{"a": 1, "b": }}'
    tree = parse(text)
    assert tree.format == 'yaml'
    assert [i.kind for i in tree.issues] == ['syntax']
    assert tree.issues[0].start == 15


def test_deep_json_is_json():
    # json.loads accepts ~900 levels; the tree builder must not stop earlier
    depth = 800
    text = '{"a": ' * depth + '1' + '}' * depth
    tree = parse(text)
    assert tree.format == 'json'
    assert tree.issues == []
    node = tree.root
    for _ in range(depth - 1):
        node = node.get('a')
    assert node.get('a').value == 1
    assert (node.start, node.end) == (6 * (depth - 1), 6 * depth + 1 + 1)


@pytest.mark.parametrize('text', ['[]', '{}', '[[]]', '{"a": {}}', '[1, [2, [3, []]]]',
                                  '{"a": [1], "b": [[{}]]}'])
def test_json_depth_is_counted_as_yaml_counts_it(text):
    """HOT008 says how deep a document nests: the same for JSON as for YAML, empty innermost
    collections included."""
    tree = parse(text)
    assert tree.format == 'json'
    assert tree.depth == parse('--- ' + text).depth
