"""The cursor's YAML path, read from half-typed text."""
import pytest

from hot_ls.features.cursor import locate

TEMPLATE = '''\
heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
      networks:
        - network: private
        - port: {get_resource: port}
          fixed_ip: 10.0.0.4
      metadata:
        list:
        - a
        - b
'''


def at(text: str, marker: str = '|'):
    offset = text.index(marker)
    return locate(text.replace(marker, '', 1), offset)


def insert(line_no: int, new_line: str) -> str:
    lines = TEMPLATE.splitlines()
    lines.insert(line_no, new_line)
    return '\n'.join(lines) + '\n'


@pytest.mark.parametrize('line_no, new_line, path, key_position, word', [
    (5, '      fla|', ['resources', 'server', 'properties'], True, 'fla'),
    (5, '      |', ['resources', 'server', 'properties'], True, ''),
    (5, '    |', ['resources', 'server'], True, ''),
    (4, '    type: OS::Nova::|', ['resources', 'server', 'type'], False, 'OS::Nova::'),
    (5, '      image: {get_param: |', ['resources', 'server', 'properties', 'image', 'get_param'],
     False, ''),
    (5, '      image: {get_param: ima|}', ['resources', 'server', 'properties', 'image',
                                          'get_param'], False, 'ima'),
    (8, '        - network: priv|', ['resources', 'server', 'properties', 'networks', 1, 'network'],
     False, 'priv'),
    (9, '          |', ['resources', 'server', 'properties', 'networks', 1], True, ''),
    (10, '        - |', ['resources', 'server', 'properties', 'networks', 2], True, ''),
    (10, '        - get_attr: [server, |', ['resources', 'server', 'properties', 'networks', 2,
                                            'get_attr', 1], False, ''),
    (10, '        - {get_attr: [server, fi|]}', ['resources', 'server', 'properties', 'networks', 2,
                                                 'get_attr', 1], False, 'fi'),
    (14, '        - |', ['resources', 'server', 'properties', 'metadata', 'list', 2], True, ''),
    (14, '  |', ['resources'], True, ''),
    (14, '|', [], True, ''),
    (14, 'out|', [], True, 'out'),
])
def test_paths(line_no, new_line, path, key_position, word):
    cursor = at(insert(line_no, new_line))
    assert cursor.path == path
    assert cursor.key_position is key_position
    assert cursor.word == word


def test_existing_lines():
    cursor = at(TEMPLATE.replace('fixed_ip: 10', 'fixed_ip: 1|0'))
    assert cursor.path == ['resources', 'server', 'properties', 'networks', 1, 'fixed_ip']
    assert cursor.word == '1'
    cursor = at(TEMPLATE.replace('{get_resource: port}', '{get_resource: po|rt}'))
    assert cursor.path == ['resources', 'server', 'properties', 'networks', 1, 'port', 'get_resource']
    assert cursor.replace == (cursor.offset - 2, cursor.offset + 2)


def test_block_function_arguments():
    text = '''\
outputs:
  ip:
    value:
      get_attr:
        - server
        - |
'''
    cursor = at(text)
    assert cursor.path == ['outputs', 'ip', 'value', 'get_attr', 1]


def test_nested_flow_and_quotes():
    cursor = at('resources:\n  r:\n    properties:\n      v: {list_join: [",", [{get_param: |')
    assert cursor.path == ['resources', 'r', 'properties', 'v', 'list_join', 1, 0, 'get_param']
    cursor = at('a:\n  b: "unfinished {get_param: |')
    assert cursor.quoted
    cursor = at('a:\n  b: |\n    text {get_param: x|')
    assert cursor.path == ['a', 'b']


def test_key_positions_inside_flow_maps():
    cursor = at('resources:\n  r:\n    properties: {flavor: x, |')
    assert cursor.path == ['resources', 'r', 'properties']
    assert cursor.key_position


def test_word_keeps_double_colons_but_not_a_key_colon():
    assert at('type: OS::Heat::|').word == 'OS::Heat::'
    assert at('type:|').word == ''
    assert at('x: http://exa|').word == 'http://exa'
