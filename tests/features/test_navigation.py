"""Definition, references, highlight and rename as pure functions of an analysis and an offset."""
from __future__ import annotations

import textwrap

import pytest

from hot_ls.features.definition import definition
from hot_ls.features.index import symbol_index
from hot_ls.features.references import highlight, references
from hot_ls.features.rename import plain_safe, prepare_rename, rename, render
from hot_ls.features.types import Location, RenameError
from hot_ls.rules import analyze

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    parameter_groups:
      - label: sizes
        parameters: [flavor, servers]
    parameters:
      flavor:
        type: string
        default: m1.small
      servers:
        type: json
        default: {web: {count: 2}}
      env:
        type: string
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
      not_prod: {not: is_prod}
      both: {and: [is_prod, {or: [not_prod, is_prod]}]}
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network: private
      server:
        type: OS::Nova::Server
        condition: is_prod
        depends_on: port
        properties:
          flavor: {get_param: flavor}
          image: {if: [is_prod, cirros, {get_param: [servers, web, count]}]}
          networks:
            - port: {get_resource: port}
          user_data:
            str_replace:
              template: echo flavor port server is_prod
              params: {port: {get_attr: [port, fixed_ips, 0]}}
      other:
        type: OS::Heat::None
        depends_on: [port, server]
    outputs:
      ip:
        value: {get_attr: [server, first_address]}
        condition: is_prod
      name:
        value: {get_param: OS::stack_name}
    ''')


def at(text: str, needle: str, nth: int = 0, inner: int = 1) -> int:
    """The offset `inner` characters into the `nth` occurrence of `needle`."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    return index + inner


def spans(text: str, needle: str) -> list[tuple[int, int]]:
    out, index = [], text.find(needle)
    while index != -1:
        out.append((index, index + len(needle)))
        index = text.find(needle, index + 1)
    return out


@pytest.fixture(scope='module')
def analysis():
    return analyze(TEMPLATE, '/tmp/nav/template.yaml')


def where(locations) -> list[str]:
    return [TEMPLATE[loc.start:loc.end] for loc in locations]


# -- definition ---------------------------------------------------------------------

def key_span(name: str, indent: int = 2) -> tuple[int, int]:
    start = TEMPLATE.index('\n' + ' ' * indent + name + ':') + 1 + indent
    return start, start + len(name)


@pytest.mark.parametrize('needle, nth, target', [
    ('get_param: flavor', 0, 'flavor'),                 # get_param (the first "flavor" use)
    ('[servers, web', 0, 'servers'),                  # list-path get_param, its first element
    ('get_resource: port', 0, 'port'),
    ('[port, fixed_ips', 0, 'port'),                  # get_attr's first element
    ('[server, first_address', 0, 'server'),
    ('depends_on: port', 0, 'port'),                  # depends_on: a string
    ('[port, server]', 0, 'port'),                    # depends_on: a list
    ('port, server]', 0, 'server'),
    ('condition: is_prod', 0, 'is_prod'),             # a resource's condition
    ('condition: is_prod', 1, 'is_prod'),             # an output's condition
    ('[is_prod, cirros', 0, 'is_prod'),               # if
    ('not: is_prod', 0, 'is_prod'),                   # not
    ('[is_prod, {or', 0, 'is_prod'),                  # and
    ('[not_prod, is_prod]', 0, 'not_prod'),           # or
    ('get_param: env', 0, 'env'),                     # get_param inside a condition
    ('[flavor, servers]', 0, 'flavor'),               # parameter_groups
])
def test_definition_from_every_reference_form(analysis, needle, nth, target):
    offset = at(TEMPLATE, needle, nth, needle.index(target) + 1)
    assert [(l.start, l.end) for l in definition(analysis, offset)] == [key_span(target)]


def test_definition_at_both_ends_of_the_name(analysis):
    start = TEMPLATE.index('get_param: flavor') + len('get_param: ')
    for offset in (start, start + len('flavor')):
        assert [(l.start, l.end) for l in definition(analysis, offset)] == [key_span('flavor')]


def test_no_definition_for_pseudo_parameters_strings_and_attributes(analysis):
    assert definition(analysis, at(TEMPLATE, 'OS::stack_name', inner=3)) == []
    assert definition(analysis, at(TEMPLATE, 'echo flavor', inner=6)) == []  # inside a string
    assert definition(analysis, at(TEMPLATE, 'first_address', inner=2)) == []
    assert definition(analysis, at(TEMPLATE, 'get_param: flavor', inner=2)) == []  # the function
    assert definition(None, 0) == []


def test_definition_of_a_definition_is_itself(analysis):
    start, end = key_span('server')
    assert [(l.start, l.end) for l in definition(analysis, start + 2)] == [(start, end)]


def test_definition_of_an_undefined_name_is_empty():
    text = TEMPLATE.replace('{get_resource: port}', '{get_resource: nowhere}')
    assert definition(analyze(text), at(text, 'nowhere')) == []


def test_provider_template_and_get_file_open_the_file(tmp_path):
    (tmp_path / 'nested').mkdir()
    (tmp_path / 'nested' / 'provider.yaml').write_text('heat_template_version: 2021-04-16\n')
    (tmp_path / 'script.sh').write_text('#!/bin/sh\n')
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        resources:
          nested:
            type: nested/provider.yaml
          missing:
            type: nested/none.yaml
          config:
            type: OS::Heat::SoftwareConfig
            properties:
              config: {get_file: script.sh}
              other: {get_file: absent.sh}
        ''')
    path = str(tmp_path / 'main.yaml')
    analysis = analyze(text, path)
    assert definition(analysis, at(text, 'nested/provider', inner=4)) == [
        Location(0, 0, str(tmp_path / 'nested' / 'provider.yaml'))]
    assert definition(analysis, at(text, 'script.sh', inner=3)) == [
        Location(0, 0, str(tmp_path / 'script.sh'))]
    assert definition(analysis, at(text, 'nested/none', inner=4)) == []
    assert definition(analysis, at(text, 'absent.sh', inner=2)) == []
    # an unsaved document has no directory to resolve against
    assert definition(analyze(text, None), at(text, 'script.sh', inner=3)) == []
    # file:// URLs and absolute paths
    absolute = text.replace('script.sh}', f'file://{tmp_path}/script.sh}}', 1)
    assert definition(analyze(absolute, path), at(absolute, '/script.sh', inner=3)) == [
        Location(0, 0, str(tmp_path / 'script.sh'))]


def test_definition_in_a_2013_template_through_ref():
    text = textwrap.dedent('''\
        heat_template_version: 2013-05-23
        parameters:
          size: {type: number}
        resources:
          vol:
            type: OS::Cinder::Volume
            properties: {size: {Ref: size}}
          att:
            type: OS::Cinder::VolumeAttachment
            properties: {volume_id: {Ref: vol}, instance_uuid: {Ref: AWS::StackId}}
        ''')
    analysis = analyze(text)
    assert where_in(text, definition(analysis, at(text, 'Ref: size', inner=6))) == ['size']
    assert definition(analysis, at(text, 'Ref: size', inner=6))[0].start == text.index('size:')
    assert definition(analysis, at(text, 'Ref: vol', inner=6))[0].start == text.index('vol:')
    assert definition(analysis, at(text, 'AWS::StackId', inner=6)) == []


def where_in(text, locations):
    return [text[l.start:l.end] for l in locations]


# -- references and highlight ----------------------------------------------------------

def test_references_of_a_resource_through_every_form(analysis):
    port = [l for l in references(analysis, at(TEMPLATE, 'get_resource: port', inner=15))]
    assert where(port) == ['port'] * 5
    starts = [l.start for l in port]
    assert starts[0] == key_span('port')[0]  # the definition first (text order)
    assert at(TEMPLATE, 'depends_on: port', inner=12) in starts
    assert at(TEMPLATE, '[port, server]', inner=1) in starts
    assert at(TEMPLATE, '[port, fixed_ips', inner=1) in starts
    # not the str_replace template, not the params key "port", not the property "port"
    assert at(TEMPLATE, 'server is_prod', inner=-5) not in starts
    assert at(TEMPLATE, '{port: {get_attr', inner=1) not in starts
    assert at(TEMPLATE, '- port: {get', inner=2) not in starts


def test_references_from_the_definition_and_without_it(analysis):
    offset = key_span('is_prod')[0] + 1
    everything = references(analysis, offset)
    assert len(everything) == 7  # the definition, not, and, or, condition x2, if
    uses = references(analysis, offset, include_declaration=False)
    assert len(uses) == len(everything) - 1
    assert key_span('is_prod')[0] not in [l.start for l in uses]


def test_references_of_a_list_path_parameter_and_parameter_groups(analysis):
    found = where(references(analysis, at(TEMPLATE, '[servers, web', inner=2)))
    assert found == ['servers', 'servers', 'servers']  # group entry, definition, get_param
    flavor = references(analysis, key_span('flavor')[0])
    assert len(flavor) == 3  # the group entry, the definition, get_param


def test_references_of_outputs_and_pseudo_parameters(analysis):
    assert where(references(analysis, key_span('ip')[0])) == ['ip']
    assert references(analysis, key_span('ip')[0], include_declaration=False) == []
    assert where(references(analysis, at(TEMPLATE, 'OS::stack_name', inner=2))) == ['OS::stack_name']
    assert references(analysis, at(TEMPLATE, 'echo flavor', inner=6)) == []


def test_same_name_of_another_kind_is_another_thing():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          db: {type: string}
        conditions:
          db: {equals: [{get_param: db}, x]}
        resources:
          r:
            type: OS::Heat::None
            condition: db
            properties: {value: {get_param: db}}
        ''')
    analysis = analyze(text)
    parameter = references(analysis, text.index('  db: {type') + 2)
    condition = references(analysis, text.index('condition: db') + 11)
    assert len(parameter) == 3 and len(condition) == 2
    assert not {l.start for l in parameter} & {l.start for l in condition}


def test_highlight_marks_the_definition_as_write(analysis):
    found = highlight(analysis, at(TEMPLATE, 'get_param: flavor', inner=12))
    assert [(h.write, TEMPLATE[h.start:h.end]) for h in found] == [
        (False, 'flavor'), (True, 'flavor'), (False, 'flavor')]
    assert highlight(analysis, 0) == []


def test_quoted_names_are_spanned_without_quotes():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        resources:
          "my server":
            type: OS::Heat::None
          b:
            type: OS::Heat::None
            depends_on: ['my server']
        ''')
    analysis = analyze(text)
    found = references(analysis, text.index("'my server'") + 3)
    assert where_in(text, found) == ['my server', 'my server']


# -- rename -----------------------------------------------------------------------------

def apply(text: str, result) -> str:
    for edit in sorted(result.edits, key=lambda e: e.start, reverse=True):
        text = text[:edit.start] + edit.new_text + text[edit.end:]
    return text


def test_rename_a_resource_everywhere_and_nothing_else(analysis):
    result = rename(analysis, at(TEMPLATE, 'get_resource: port', inner=15), 'nic')
    renamed = apply(TEMPLATE, result)
    assert len(result.edits) == 5
    assert '  nic:\n    type: OS::Neutron::Port' in renamed
    assert 'depends_on: nic' in renamed and '[nic, server]' in renamed
    assert '{get_resource: nic}' in renamed and '[nic, fixed_ips, 0]' in renamed
    assert 'echo flavor port server is_prod' in renamed  # string contents untouched
    assert '{port: {get_attr' in renamed and '- port: {get_resource' in renamed
    after = analyze(renamed)
    assert after.template.references_to('resource', 'port') == []
    assert not [d for d in after.diagnostics if d.severity <= 1]


def test_rename_a_parameter_from_a_group_entry(analysis):
    result = rename(analysis, at(TEMPLATE, '[flavor, servers]', inner=2), 'size')
    renamed = apply(TEMPLATE, result)
    assert '[size, servers]' in renamed and '  size:\n    type: string' in renamed
    assert '{get_param: size}' in renamed and 'echo flavor' in renamed
    assert 'flavor: {get_param' in renamed  # the property named flavor stays


def test_rename_a_condition_and_an_output(analysis):
    renamed = apply(TEMPLATE, rename(analysis, key_span('is_prod')[0], 'prod'))
    assert renamed.count('is_prod') == 1  # the one in the str_replace template
    assert '{not: prod}' in renamed and 'condition: prod' in renamed
    renamed = apply(TEMPLATE, rename(analysis, key_span('ip')[0] + 1, 'address'))
    assert '  address:\n    value: {get_attr' in renamed


def test_rename_to_the_same_name_changes_nothing(analysis):
    assert rename(analysis, key_span('ip')[0], 'ip').edits == []


@pytest.mark.parametrize('offset_of, new, message', [
    (lambda: key_span('port')[0], 'server', 'resource with that name already exists'),
    (lambda: key_span('port')[0], 'env', 'a parameter with that name exists'),
    (lambda: key_span('env')[0], 'server', 'a resource with that name exists'),
    (lambda: key_span('env')[0], 'flavor', 'parameter with that name already exists'),
    (lambda: key_span('is_prod')[0], 'both', 'condition with that name already exists'),
    (lambda: key_span('ip')[0], 'name', 'output with that name already exists'),
    (lambda: key_span('port')[0], 'a/b', 'must not contain "/"'),
    (lambda: key_span('port')[0], '', 'must not be empty'),
    (lambda: key_span('port')[0], '  ', 'must not be empty'),
    (lambda: key_span('port')[0], 'a\nb', 'one line'),
    (lambda: key_span('env')[0], 'OS::stack_id', 'pseudo parameter'),
    (lambda: at(TEMPLATE, 'OS::stack_name'), 'x', 'pseudo parameter'),
])
def test_rename_refusals(analysis, offset_of, new, message):
    with pytest.raises(RenameError, match=message.replace('(', r'\(')):
        rename(analysis, offset_of(), new)


def test_a_condition_may_share_a_name_with_a_resource(analysis):
    renamed = apply(TEMPLATE, rename(analysis, key_span('is_prod')[0], 'server'))
    assert 'condition: server' in renamed


def test_rename_nothing_and_undefined_names(analysis):
    with pytest.raises(RenameError, match='no parameter, resource'):
        rename(analysis, at(TEMPLATE, 'echo flavor', inner=6), 'x')
    text = TEMPLATE.replace('{get_resource: port}', '{get_resource: nowhere}')
    with pytest.raises(RenameError, match='No resource named "nowhere"'):
        rename(analyze(text), at(text, 'nowhere'), 'x')


def test_no_rename_while_the_yaml_is_broken():
    text = TEMPLATE.replace('      flavor: {get_param: flavor}', '      flavor: {get_param: flavor')
    analysis = analyze(text)
    assert definition(analysis, at(text, 'get_resource: port', inner=15))  # still navigates
    with pytest.raises(RenameError, match='syntax error'):
        rename(analysis, at(text, 'get_resource: port', inner=15), 'nic')


def test_prepare_rename(analysis):
    offset = at(TEMPLATE, 'get_param: flavor', inner=12)
    span = prepare_rename(analysis, offset)
    assert TEMPLATE[span.start:span.end] == 'flavor'
    assert prepare_rename(analysis, at(TEMPLATE, 'echo flavor', inner=6)) is None
    assert prepare_rename(analysis, 0) is None
    with pytest.raises(RenameError, match='pseudo parameter'):
        prepare_rename(analysis, at(TEMPLATE, 'OS::stack_name'))


@pytest.mark.parametrize('name, plain', [
    ('web_server', True), ('web-server.1', True), ('a/b', True), ('123', False), ('true', False),
    ('yes', False), ('null', False), ('1e3', False), ('1.5e3', False), ('nan', False), ('x1', True), ('2021-04-16', False), ('a b', False),
    ('a: b', False), ('a#b', False), ('-x', False), ('OS::x', False), ('<<', False), ('0x1F', False),
])
def test_plain_only_when_yaml_reads_back_the_same_string(name, plain):
    assert plain_safe(name) is plain


@pytest.mark.parametrize('new', ['123', 'true', "it's", 'a: b', '[x]', 'naïve 😀', '#x', 'a "q"'])
def test_renamed_yaml_reads_back_the_new_name(analysis, new):
    renamed = apply(TEMPLATE, rename(analysis, key_span('port')[0], new))
    after = analyze(renamed)
    assert new in after.template.resources
    assert len(after.template.references_to('resource', new)) == 4
    assert not after.tree.syntax_errors


def test_rename_keeps_the_quotes_used_and_writes_json_in_json():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        resources:
          'a':
            type: OS::Heat::None
          b:
            type: OS::Heat::None
            depends_on: ["a", a]
        ''')
    renamed = apply(text, rename(analyze(text), text.index("'a'") + 1, "x'y"))
    assert "'x''y':" in renamed and 'depends_on: ["x\'y", \'x\'\'y\']' in renamed
    json_text = ('{"heat_template_version": "2021-04-16", "resources": {"a": {"type": '
                 '"OS::Heat::None"}, "b": {"type": "OS::Heat::None", "depends_on": ["a"]}}}')
    analysis = analyze(json_text)
    renamed = apply(json_text, rename(analysis, json_text.index('"a"') + 1, 'new "one"'))
    import json
    data = json.loads(renamed)
    assert 'new "one"' in data['resources']
    assert data['resources']['b']['depends_on'] == ['new "one"']
    assert render('x', '', True) == '"x"'


def test_rename_refuses_names_written_through_aliases_or_merges():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          p: {type: string, default: &n p}
        resources:
          r:
            type: OS::Heat::None
            properties: {value: {get_param: *n}}
        ''')
    analysis = analyze(text)
    with pytest.raises(RenameError, match='alias'):
        rename(analysis, text.index('  p:') + 2, 'q')
    merged = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          base: &base {type: string}
        resources:
          r: &common
            type: OS::Heat::None
          s:
            <<: *common
            depends_on: r
        ''')
    analysis = analyze(merged)
    # r itself is written once (its body is what is shared): renaming it is fine
    renamed = apply(merged, rename(analysis, merged.index('depends_on: r') + 12, 't'))
    assert 't: &common' in renamed and 'depends_on: t' in renamed


def test_references_inside_an_anchored_block_are_written_once():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          debug: {type: boolean}
        conditions:
          loud: {equals: [{get_param: debug}, true]}
        resources:
          settings:
            type: OS::Heat::Value
            properties:
              value: &common
                a: {get_attr: [settings, value]}
                b: {get_param: debug}
                c: {if: [loud, 1, 2]}
          other:
            type: OS::Heat::Value
            depends_on: [&first settings, *first]
            properties: {value: *common}
        ''')
    analysis = analyze(text)
    renamed = apply(text, rename(analysis, text.index('  debug:') + 2, 'verbose'))
    assert renamed.count('verbose') == 3 and 'debug' not in renamed
    renamed = apply(text, rename(analysis, text.index('  settings:') + 2, 'config'))
    assert '[config, value]' in renamed and '[&first config, *first]' in renamed
    renamed = apply(text, rename(analysis, text.index('  loud:') + 2, 'enabled'))
    assert '{if: [enabled, 1, 2]}' in renamed


def test_rename_refuses_a_non_string_key():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        resources:
          123:
            type: OS::Heat::None
          b:
            type: OS::Heat::None
            depends_on: 123
        ''')
    with pytest.raises(RenameError, match='not named by a string'):
        rename(analyze(text), text.index('123'), 'x')


def test_2013_ref_renames_with_its_kind():
    text = textwrap.dedent('''\
        heat_template_version: 2013-05-23
        parameters:
          size: {type: number}
        resources:
          vol:
            type: OS::Cinder::Volume
            properties: {size: {Ref: size}, name: {get_param: size}}
        ''')
    renamed = apply(text, rename(analyze(text), text.index('Ref: size') + 6, 'gb'))
    assert '  gb: {type' in renamed and '{Ref: gb}' in renamed and '{get_param: gb}' in renamed
    assert 'properties: {size:' in renamed


# -- the index ------------------------------------------------------------------------------

def test_the_index_is_built_once_per_analysis(analysis):
    assert symbol_index(analysis) is symbol_index(analysis)


@pytest.mark.parametrize('text', [
    '', 'heat_template_version: 2021-04-16\nresources: [1, 2]\n', 'a: [',
    'heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::None\n    depends_on: [r, {x: 1}, [2]]\n  ? [k]\n  : v\n',
    'heat_template_version: 2021-04-16\nresources:\n  r: &a\n    type: OS::Heat::None\n  s: *a\n  t:\n    <<: *a\n    depends_on: [s, r]\n',
    'heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::None\n    properties:\n      a: {get_attr: [r, b\n',
    'heat_template_version: 2021-04-16\nconditions:\n  c: {not: {not: c}}\n  d: {or: [c, true, null, 1]}\n',
    'heat_template_version: 2021-04-16\nparameters:\n  1: {type: string}\n  null: {}\n  true: {}\nresources:\n  r: {type: OS::Heat::None, properties: {a: {get_param: 1}}}\n',
])
def test_odd_trees_never_crash(text):
    analysis = analyze(text)
    for offset in range(len(text) + 1):
        definition(analysis, offset)
        references(analysis, offset)
        highlight(analysis, offset)
        try:
            prepare_rename(analysis, offset)
            rename(analysis, offset, 'renamed')
        except RenameError:
            pass
