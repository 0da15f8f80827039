"""A key typed without its ':', the commonest YAML slip: where the diagnostic points, what it
says, and what error recovery keeps (hot_ls.syntax.yaml_errors), with the C parser and the
pure fallback; PyYAML (Heat's loader) refuses each text with the marks the tests name."""
from __future__ import annotations

import pytest
import yaml

from hot_ls.syntax import parse
from yaml_oracle import heat_yaml

HEAD = 'heat_template_version: 2021-04-16\n'


def place(text: str, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of an offset."""
    line = text.count('\n', 0, offset)
    return line + 1, offset - (text.rfind('\n', 0, offset) + 1) + 1


def only_issue(text: str):
    with pytest.raises(yaml.YAMLError):
        heat_yaml(text)
    tree = parse(text)
    [issue] = tree.issues
    return tree, issue


def test_a_key_without_its_colon_above_its_body_is_named(parser):
    """`my_server` runs on into `type` (one plain scalar over two lines), whose ':' cannot
    end a key: the parser gives up there; the hint names the line to fix, and recovery drops
    that resource alone."""
    text = (HEAD + 'resources:\n  my_server\n    type: OS::Nova::Server\n    properties:\n'
            '      flavor: m1.small\n  other:\n    type: OS::Heat::None\n')
    tree, issue = only_issue(text)
    assert place(text, issue.start) == (4, 9)  # the ':' after type, where PyYAML stops too
    assert issue.message.startswith('YAML syntax error: mapping values are not allowed ')
    assert issue.hint == (' (the plain scalar before this ":" starts at line 3, column 3 and '
                          'spans lines, so it cannot be a key: is a ":" missing on line 3?)')
    [(start, end, note)] = issue.related
    assert (text[start:end], note) == ('my_server', 'where the plain scalar starts')
    assert tree.root.to_python()['resources'] == {'other': {'type': 'OS::Heat::None'}}


def test_a_key_without_its_colon_among_keys_is_where_the_diagnostic_is(parser):
    """Among keys of a mapping already started, `flavor` stays a key that never gets its ':'
    (libyaml's context mark): the diagnostic is on it, the parser's mark related."""
    text = (HEAD + 'parameters:\n  image:\n    type: string\n  flavor\n  size:\n'
            '    type: number\n')
    tree, issue = only_issue(text)
    assert text[issue.start:issue.end] == 'flavor'
    assert issue.message == ("YAML syntax error: could not find expected ':' (while scanning a "
                             'simple key, which starts here; the parser gave up at line 6, '
                             'column 3)')
    assert [(place(text, start), note) for start, _, note in issue.related] == [
        ((6, 3), "where the parser gave up looking for the ':'")]
    assert tree.root.to_python()['parameters'] == {'image': {'type': 'string'},
                                                   'size': {'type': 'number'}}


@pytest.mark.parametrize('text', [
    # a value that spans lines, with ': ' in it: no key is missing a ':'
    HEAD + 'description: this is\n  a long: text\n',
    # on one line
    HEAD + 'resources:\n  r: {type: OS::Heat::None}\n  s: type: x\n',
    # a comment ends a plain scalar: what runs on is not known without the scanner
    HEAD + 'resources:\n  r # the server\n    type: x\n',
    # quoted
    HEAD + 'resources:\n  "r"\n    type: x\n',
], ids=['value-spanning-lines', 'one-line', 'comment', 'quoted'])
def test_no_guess_where_the_text_says_otherwise(text, parser):
    with pytest.raises(yaml.YAMLError):
        heat_yaml(text)
    issues = parse(text).issues
    assert issues and issues[0].kind == 'syntax'
    assert issues[0].hint == ''
    assert 'where the plain scalar starts' not in [note for _, _, note in issues[0].related]
