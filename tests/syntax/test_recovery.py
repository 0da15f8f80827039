"""Error recovery while typing: one diagnostic at the problem mark, a usable tree for the rest.

A realistic template is broken one line at a time, the way a user leaves it
mid-keystroke; each time the tree must keep every other resource with its
real values, name the blanked lines, and report one syntax issue exactly
where PyYAML reports it.
"""
from __future__ import annotations

import pytest
import yaml

from hot_ls.syntax import parse
from hot_ls.syntax.recovery import LineEditor, neutralize_line
from yaml_oracle import heat_yaml

TEMPLATE = '''\
heat_template_version: 2018-08-31

description: Two servers and a volume

parameters:
  flavor:
    type: string
    default: m1.small
  image:
    type: string

resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
      image: {get_param: image}
      networks:
        - network: private

  volume:
    type: OS::Cinder::Volume
    properties:
      size: 10
      name: data

  attachment:
    type: OS::Cinder::VolumeAttachment
    properties:
      instance_uuid: {get_resource: server}
      volume_id: {get_resource: volume}

outputs:
  server_ip:
    value:
      - get_attr: [server, first_address]
    description: The address
'''
LINES = TEMPLATE.split('\n')
GOOD = heat_yaml(TEMPLATE)


def broken(*edits: tuple[int, str]) -> str:
    lines = list(LINES)
    for number, text in edits:
        lines[number] = text
    return '\n'.join(lines)


def test_the_template_is_what_the_tests_think():
    assert LINES[13] == '    type: OS::Nova::Server'
    assert LINES[15] == '      flavor: {get_param: flavor}'
    assert LINES[22] == '    properties:'
    assert LINES[23] == '      size: 10'
    assert LINES[24] == '      name: data'
    assert LINES[35] == '      - get_attr: [server, first_address]'
    assert parse(TEMPLATE).issues == []


# (name, line, new text, problem offset, patched lines, resource it broke, what that resource is now)
BREAKS = [
    ('type', 13, '    type: OS::Nova::', 202, {13},
     'server', {'type': None, 'properties': GOOD['resources']['server']['properties']}),
    ('flow mapping', 15, '      flavor: {get_param: ', 264, {15},
     'server', {'type': 'OS::Nova::Server',
                'properties': {'flavor': None, 'image': {'get_param': 'image'},
                               'networks': [{'network': 'private'}]}}),
    ('flow sequence', 35, '      - get_attr: [server, ', 668, {35}, None, None),
    ('key without colon', 22, '    propert', 397, {22, 23, 24},
     'volume', {'type': 'OS::Cinder::Volume'}),
    ('unclosed double quote', 24, '      name: "data', 683, {24},
     'volume', {'type': 'OS::Cinder::Volume', 'properties': {'size': 10, 'name': None}}),
    ('unclosed single quote', 24, "      name: 'data", 683, {24},
     'volume', {'type': 'OS::Cinder::Volume', 'properties': {'size': 10, 'name': None}}),
    ('tab indentation', 23, '\t  size: 10', 391, {23},
     'volume', {'type': 'OS::Cinder::Volume', 'properties': {'name': 'data'}}),
    ('tabs before a first property', 15, '\t\tflavor: {get_param: flavor}', 226, {15},
     'server', {'type': 'OS::Nova::Server',
                'properties': {'image': {'get_param': 'image'}, 'networks': [{'network': 'private'}]}}),
]


@pytest.mark.parametrize('name, line, text, offset, patched, resource, now', BREAKS,
                         ids=[b[0] for b in BREAKS])
def test_one_break_one_issue_and_the_rest_of_the_tree(name, line, text, offset, patched, resource,
                                                       now, parser):
    source = broken((line, text))
    with pytest.raises(yaml.YAMLError) as info:
        heat_yaml(source)
    tree = parse(source)
    assert [issue.kind for issue in tree.issues] == ['syntax']
    issue = tree.issues[0]
    assert offset == info.value.problem_mark.index
    if name == 'key without colon':  # the key is where to fix it; the parser's mark is related
        assert (issue.start, issue.related[0][0]) == (info.value.context_mark.index, offset)
    else:
        assert issue.start == offset
    assert tree.patched_lines == frozenset(patched)
    got = tree.root.to_python()
    # everything outside the broken resource is exactly what Heat would load unbroken
    for section in ('heat_template_version', 'description', 'parameters'):
        assert got[section] == GOOD[section]
    for other, definition in GOOD['resources'].items():
        if other != resource:
            assert got['resources'][other] == definition, other
    if resource is not None:
        assert got['resources'][resource] == now
        assert got['outputs'] == GOOD['outputs']
    else:
        assert got['outputs'] == {'server_ip': {'value': [{'get_attr': None}],
                                                'description': 'The address'}}
    assert list(got['resources']) == ['server', 'volume', 'attachment']


def test_problem_in_a_later_line_than_the_break(parser):
    # `{get_param: ` runs into the next line: the issue is where libyaml gives up
    tree = parse(broken((15, '      flavor: {get_param: ')))
    start = tree.lines.position(tree.issues[0].start)
    assert (start.line, start.character) == (16, 11)
    assert tree.issues[0].related == [(240, 241, 'while parsing a flow mapping')]
    assert 'started at line 16, column 15' in tree.issues[0].message


def test_patched_lines_hide_only_the_blanked_text(parser):
    tree = parse(broken((13, '    type: OS::Nova::')))
    start = TEMPLATE.index('    type: OS::Nova::Server')
    assert tree.is_patched(start, start + 10)
    assert not tree.is_patched(0, 10)
    server = tree.root.get('resources').get('server')
    # the key survives the blanking, its value is an empty scalar right after the colon
    pair = server.pair('type')
    assert (pair.key.start, pair.key.end) == (start + 4, start + 8)
    assert (pair.value.start, pair.value.end) == (start + 9, start + 9)


@pytest.mark.parametrize('edits', [
    [(13, '    type: OS::Nova::')],
    [(13, '    type: OS::Nova::'), (35, '      - get_attr: [server, ')],
    [(14, '    properties: [')],  # (the block under it: lines 15-18)
    [(11, '  server: ['), (12, '  server:: x')],  # (11-13 blanked, 14-18 under them)
    [(14, '    properties: ['), (35, '      - get_attr: [server, ')],  # two runs
])
def test_a_span_is_patched_exactly_when_one_of_its_lines_is_affected(edits):
    """`is_patched` (runs of offsets, one bisection) says what its definition says: a line
    of the span is blanked, or under a blanked line; for spans at every offset, past the
    end included."""
    tree = parse(broken(*edits))
    assert tree.patched_lines
    lines = tree.lines
    affected = tree._affected_lines()
    size = len(tree.text)
    for start in range(size + 3):
        for end in (start, start + 1, start + 7, start + 40, size + 5):
            first, last = lines.line_of(start), lines.line_of(max(start, end - 1))
            expected = any(line in affected for line in range(first, last + 1))
            assert tree.is_patched(start, end) == expected, (start, end)


@pytest.mark.parametrize('first, second, offsets, patched', [
    ((13, '    type: OS::Nova::'), (35, '      - get_attr: [server, '), [202, 662], {13, 35}),
    ((15, '      flavor: {get_param: '), (29, '      instance_uuid: "abc'), [264, 657], {15, 29}),
    ((13, '    type: OS::Nova::'), (23, '\t  size: 10'), [202, 385], {13, 23}),
])
def test_two_breaks_far_apart(first, second, offsets, patched, parser):
    source = broken(first, second)
    tree = parse(source)
    assert [(issue.kind, issue.start) for issue in tree.issues] == [('syntax', o) for o in offsets]
    assert tree.patched_lines == frozenset(patched)
    got = tree.root.to_python()
    assert got['parameters'] == GOOD['parameters']
    assert list(got['resources']) == ['server', 'volume', 'attachment']
    assert got['resources']['volume']['type'] == 'OS::Cinder::Volume'
    assert got['resources']['attachment']['properties']['volume_id'] == {'get_resource': 'volume'}


def test_crlf_template_break(parser):
    source = broken((13, '    type: OS::Nova::')).replace('\n', '\r\n')
    with pytest.raises(yaml.YAMLError) as info:
        heat_yaml(source)
    tree = parse(source)
    assert [(i.kind, i.start) for i in tree.issues] == [('syntax', 215)]
    assert tree.issues[0].start == info.value.problem_mark.index
    assert tree.patched_lines == frozenset({13})
    assert tree.root.to_python()['resources']['volume'] == GOOD['resources']['volume']


def test_unicode_line_separator_does_not_shift_patched_lines(parser):
    # libyaml counts U+2028 as a line break, LineIndex (LSP) does not: recovery must blank
    # and report the line the user sees
    text = 'a: "x\u2028y"\nb: [1\nc: 2\n'
    tree = parse(text)
    assert [(i.kind, i.start) for i in tree.issues] == [('syntax', 16)]
    assert tree.patched_lines == frozenset({1})
    assert tree.root.to_python() == {'a': 'x\u2028y', 'b': None, 'c': 2}
    assert 'started at line 2, column 4' in tree.issues[0].message


def test_control_character_is_a_syntax_issue_on_its_line(parser):
    text = 'a: 1\nb: x\x00y\nc: 3\n'
    with pytest.raises(yaml.reader.ReaderError):
        heat_yaml(text)
    tree = parse(text)
    assert [(i.kind, i.start, i.message) for i in tree.issues] == [
        ('syntax', 9, 'YAML syntax error: unacceptable character #x0000: control characters are not allowed')]
    assert tree.patched_lines == frozenset({1})
    assert tree.root.to_python() == {'a': 1, 'b': None, 'c': 3}


def test_lone_surrogate_is_a_syntax_issue(parser):
    tree = parse('a: 1\nb: \ud800\nc: 3\n')
    assert [(i.kind, i.start) for i in tree.issues] == [('syntax', 8)]
    assert tree.root.to_python() == {'a': 1, 'b': None, 'c': 3}


# --- the line editor -------------------------------------------------------------------------

@pytest.mark.parametrize('line, kept', [
    ('    type: OS::Nova::', '    type:'),
    ('      flavor: {get_param: ', '      flavor:'),
    ('      - get_attr: [server, ', '      - get_attr:'),
    ('    propert', ''),
    ('  - item: [1', '  - item:'),
    ('  - [1, 2', '  -'),
    ('  "quoted key": {x', '  "quoted key":'),
    ("  'it''s': [", "  'it''s':"),
    ('  url: http://x:80/  # c', '  url:'),
    ('\t  size: 10', ''),            # a tab in the indentation: all blank
    ('  -\tx: 1', '  -'),            # dashes before the tab stay
])
def test_neutralize_line(line, kept):
    assert neutralize_line(line) == kept + ' ' * (len(line) - len(kept))
    assert neutralize_line(line, keep_structure=False) == ' ' * len(line)


def test_line_editor_splits_lines_as_line_index_does():
    text = 'a\r\nb\rc\u2028d\x85e\x0cf\ng'
    editor = LineEditor(text)
    assert editor.lines == ['a\r\n', 'b\r', 'c\u2028d\x85e\x0cf\n', 'g']
    assert editor.render({1}) == 'a\r\n \rc\u2028d\x85e\x0cf\ng'
    assert len(editor.render({0, 1, 2, 3}, frozenset({0, 1, 2, 3}))) == len(text)


def test_line_editor_block():
    editor = LineEditor('a:\n  b:\n    c: 1\n\n    # note\n    d: 2\n  e: 3\nf: 4\n')
    assert editor.block(1) == {1, 2, 5}
    assert editor.block(0) == {0, 1, 2, 5, 6}
    assert editor.block(6) == {6}
