"""Completion as a pure function: at every kind of place, in block and flow style, half-typed."""
from __future__ import annotations

import textwrap

import pytest

from hot_ls.features.completion import complete
from hot_ls.text.fuzzy import fuzzy_score
from hot_ls.rules import analyze

BASE = textwrap.dedent('''\
    heat_template_version: {version}
    parameters:
      flavor:
        type: string
        default: m1.small
      servers:
        type: json
        default: {{web: {{count: 2, zone: a}}, db: {{count: 1}}}}
    conditions:
      is_prod: {{equals: [{{get_param: flavor}}, m1.large]}}
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network: private
      server:
        type: OS::Nova::Server
        properties:
          flavor: {{get_param: flavor}}
          image: cirros
    outputs:
      ip:
        value: {{get_attr: [server, first_address]}}
    ''')


def complete_at(text: str, path: str | None = '/tmp/t.yaml', marker: str = '§', stale=None):
    offset = text.index(marker)
    text = text.replace(marker, '', 1)
    analysis = stale if stale is not None else analyze(text, path)
    return complete(analysis, text, offset)


def labels(result) -> list[str]:
    return [item.label for item in sorted(result.items, key=lambda i: i.sort_text)]


def item(result, label):
    return next(i for i in result.items if i.label == label)


def edit(old: str, new: str, version='2021-04-16') -> str:
    text = BASE.format(version=version)
    assert old in text
    return text.replace(old, new, 1)


def test_top_level_sections_for_the_version():
    old = complete_at(edit('outputs:', '§\noutputs:', version='2015-10-15'))
    assert 'conditions' not in labels(old)
    new = complete_at('heat_template_version: 2021-04-16\n§\n')
    assert labels(new)[:6] == ['description', 'parameter_groups', 'parameters', 'resources',
                               'outputs', 'conditions']
    empty = complete_at('§')
    assert labels(empty)[0] == 'heat_template_version'
    assert item(empty, 'heat_template_version').insert_text == 'heat_template_version: 2021-04-16\n'


def test_template_versions_dates_and_names():
    result = complete_at('heat_template_version: §\n')
    found = labels(result)
    assert found[:2] == ['2021-04-16', 'wallaby']
    assert {'2013-05-23', 'newton', 'pike'} <= set(found)


def test_parameter_keys_types_and_constraints_by_version():
    result = complete_at(edit('    default: m1.small', '    default: m1.small\n    §'))
    assert {'constraints', 'hidden', 'label', 'immutable', 'tags'} <= set(labels(result))
    assert 'type' not in labels(result)  # already there
    old = complete_at(edit('    default: m1.small', '    default: m1.small\n    §',
                           version='2017-09-01'))
    assert 'tags' not in labels(old)
    types = complete_at(edit('    type: string', '    type: §'))
    assert labels(types) == ['string', 'number', 'comma_delimited_list', 'json', 'boolean']
    keys = complete_at(edit('    default: m1.small', '    constraints:\n      - §'))
    assert 'modulo' in labels(keys)
    keys_2016 = complete_at(edit('    default: m1.small', '    constraints:\n      - §',
                                 version='2016-10-14'))
    assert 'modulo' not in labels(keys_2016)
    custom = complete_at(edit('    default: m1.small',
                              '    constraints:\n      - custom_constraint: nova.f§'))
    assert labels(custom)[0] == 'nova.flavor'
    assert 'nova service' in custom.items[0].documentation
    offline = complete_at(edit('    default: m1.small',
                               '    constraints:\n      - custom_constraint: ip_a§'))
    assert 'without a cloud' in next(i for i in offline.items if i.label == 'ip_addr').documentation
    assert len(complete_at(edit('    default: m1.small',
                                '    constraints:\n      - custom_constraint: §')).items) >= 60


def test_resource_keys_and_deletion_policies_by_version():
    new = labels(complete_at(edit('      network: private', '      network: private\n    §')))
    assert {'condition', 'external_id', 'metadata', 'depends_on'} <= set(new)
    assert 'type' not in new and 'properties' not in new
    old = labels(complete_at(edit('      network: private', '      network: private\n    §',
                                  version='2015-10-15')))
    assert 'condition' not in old
    policies = labels(complete_at(edit('      network: private',
                                       '      network: private\n    deletion_policy: §',
                                       version='2015-10-15')))
    assert policies == ['Delete', 'Retain', 'Snapshot']
    documented = complete_at(edit('      network: private',
                                  '      network: private\n    deletion_policy: §',
                                  version='2015-10-15')).items
    assert documented[1].documentation.startswith('Heat leaves the physical resource in place')
    assert 'retain' in labels(complete_at(edit('      network: private',
                                               '      network: private\n    deletion_policy: §')))


def test_resource_types_fuzzy_hidden_and_deprecated():
    prefix = complete_at(edit('type: OS::Nova::Server', 'type: OS::Nova::§'))
    assert labels(prefix)[:3] == ['OS::Nova::Flavor', 'OS::Nova::FloatingIP', 'OS::Nova::HostAggregate'] \
        or all(label.startswith('OS::Nova::') for label in labels(prefix))
    assert 'OS::Nova::FloatingIP' not in labels(prefix)  # hidden since 11.0.0
    assert all(label.startswith('OS::Nova::') for label in labels(prefix))
    assert prefix.incomplete
    fuzzy = complete_at(edit('type: OS::Nova::Server', 'type: Server§'))
    assert labels(fuzzy)[0] == 'OS::Nova::Server'
    for entry in fuzzy.items:
        assert entry.filter_text == 'Server'  # kept by the editor's own filter
    alarm = item(complete_at(edit('type: OS::Nova::Server', 'type: OS::Aodh::Ala§')), 'OS::Aodh::Alarm')
    assert alarm.deprecated


def test_choosing_a_type_inserts_its_required_properties():
    text = 'heat_template_version: 2021-04-16\nresources:\n  volume:\n    type: OS::Cinder::VolumeA§\n'
    attachment = item(complete_at(text), 'OS::Cinder::VolumeAttachment')
    assert attachment.snippet
    assert attachment.insert_text == ('OS::Cinder::VolumeAttachment\n    properties:\n'
                                      '      instance_uuid: ${1}\n      volume_id: ${2}')
    # Not when properties are already there.
    assert item(complete_at(edit('type: OS::Nova::Server', 'type: OS::Nova::Ser§')),
                'OS::Nova::Server').insert_text == 'OS::Nova::Server'


def test_property_names_required_first_with_their_shape():
    result = complete_at(edit('      image: cirros', '      image: cirros\n      §'))
    found = labels(result)
    assert 'flavor' not in found and 'image' not in found  # already given
    assert item(result, 'networks').insert_text == 'networks:\n  - $0'
    assert item(result, 'metadata').insert_text == 'metadata:\n  $0'
    assert item(result, 'name').insert_text == 'name: '
    missing = complete_at(edit('      flavor: {get_param: flavor}\n      image: cirros', '      §'))
    assert labels(missing)[0] == 'flavor'  # required first
    assert 'image' in labels(missing)
    assert item(missing, 'flavor').detail == 'string (required)'
    half = complete_at(edit('      image: cirros', '      image: cirros\n      key_n§'))
    assert labels(half) == ['key_name']


def test_nested_property_names_in_list_items_and_flow():
    block = complete_at(edit('      image: cirros', '      image: cirros\n      networks:\n        - §'))
    assert {'network', 'port', 'fixed_ip', 'subnet'} <= set(labels(block))
    second = complete_at(edit('      image: cirros',
                              '      image: cirros\n      networks:\n        - network: x\n          §'))
    assert 'network' not in labels(second) and 'port' in labels(second)
    flow = complete_at(edit('      image: cirros', '      image: cirros\n      networks: [{netw§'))
    assert labels(flow)[0] == 'network'
    assert item(flow, 'network').insert_text == 'network: '


def test_allowed_values_booleans_and_functions_for_values():
    result = complete_at(edit('      image: cirros', '      image: cirros\n      user_data_format: §'))
    assert labels(result)[:3] == ['HEAT_CFNTOOLS', 'RAW', 'SOFTWARE_CONFIG']
    assert 'get_param' in labels(result)
    booleans = complete_at(edit('      image: cirros', '      image: cirros\n      config_drive: §'))
    assert labels(booleans)[:2] == ['true', 'false']


def test_functions_by_version_and_context():
    value = complete_at(edit('      image: cirros', '      image: §'))
    assert {'get_param', 'str_replace', 'if', 'yaql', 'list_concat'} <= set(labels(value))
    assert not {'equals', 'not', 'and', 'or', 'Fn::Select'} & set(labels(value))
    assert item(value, 'str_replace').insert_text == \
        '{str_replace: {template: ${1:text}, params: {${2:key}: ${3:value}}}}'
    old = complete_at(edit('      image: cirros', '      image: §', version='2015-10-15'))
    assert 'if' not in labels(old) and 'str_split' in labels(old) and 'yaql' not in labels(old)
    condition = complete_at(edit('  is_prod: {equals', '  is_dev: §\n  is_prod: {equals'))
    assert set(labels(condition)) == {'and', 'contains', 'equals', 'get_param', 'not', 'or', 'yaql'}
    block = complete_at(edit('    value: {get_attr: [server, first_address]}',
                             '    value:\n      str_re§'))
    assert item(block, 'str_replace').insert_text == \
        'str_replace:\n  template: ${1:text with \\$placeholder}\n  params:\n    ${2:\\$placeholder}: ${3:value}'


def test_get_param_arguments_and_json_default_keys():
    result = complete_at(edit('      image: cirros', '      image: {get_param: §}'))
    assert labels(result)[:2] == ['flavor', 'servers']
    assert {'OS::stack_name', 'OS::stack_id', 'OS::project_id'} <= set(labels(result))
    assert 'OS::region' not in labels(result)
    keys = complete_at(edit('      image: cirros', '      image: {get_param: [servers, §]}'))
    assert labels(keys) == ['web', 'db']
    deeper = complete_at(edit('      image: cirros', '      image: {get_param: [servers, web, §]}'))
    assert labels(deeper) == ['count', 'zone']


def test_resources_and_attributes():
    get_resource = complete_at(edit('      image: cirros', '      image: {get_resource: §}'))
    assert labels(get_resource) == ['port']  # not the resource itself
    depends = complete_at(edit('      network: private', '      network: private\n    depends_on: §'))
    assert labels(depends) == ['server']
    names = complete_at(edit('[server, first_address]', '[§]'))
    assert labels(names) == ['port', 'server']
    attributes = complete_at(edit('[server, first_address]', '[server, netw§]'))
    assert labels(attributes) == ['networks']
    assert 'first_address' not in labels(complete_at(edit('[server, first_address]', '[server, §]')))  # hidden
    all_attributes = labels(complete_at(edit('[server, first_address]', '[server, §]')))
    assert {'networks', 'name', 'show', 'addresses'} <= set(all_attributes)


def test_condition_names():
    on_resource = complete_at(edit('      network: private', '      network: private\n    condition: §'))
    assert labels(on_resource)[0] == 'is_prod'
    in_if = complete_at(edit('      image: cirros', '      image: {if: [§'))
    assert labels(in_if)[0] == 'is_prod'
    assert 'equals' in labels(in_if)


def test_get_file_offers_files_beside_the_template(tmp_path):
    (tmp_path / 'scripts').mkdir()
    (tmp_path / 'scripts' / 'boot.sh').write_text('#!/bin/sh\n')
    (tmp_path / 'notes.txt').write_text('x')
    path = str(tmp_path / 't.yaml')
    top = complete_at(edit('      image: cirros', '      image: {get_file: §}'), path=path)
    assert labels(top) == ['notes.txt', 'scripts/']
    inside = complete_at(edit('      image: cirros', '      image: {get_file: scripts/§}'), path=path)
    assert labels(inside) == ['scripts/boot.sh']


def test_while_the_yaml_is_broken_and_the_analysis_is_stale():
    clean = BASE.format(version='2021-04-16')
    stale = analyze(clean, '/tmp/t.yaml')
    typing = edit('      image: cirros', '      image: {get_param: §\n      name: x')
    result = complete_at(typing, stale=stale)
    assert labels(result)[:2] == ['flavor', 'servers']
    broken = edit('type: OS::Nova::Server', 'type: OS::Nova::Ser§\n    oops: [')
    assert labels(complete_at(broken))[0] == 'OS::Nova::Server'


def test_replace_span_covers_the_partial_word():
    text = edit('      image: cirros', '      image: {get_param: fla§vor}')
    result = complete_at(text)
    entry = item(result, 'flavor')
    clean = text.replace('§', '')
    assert clean[entry.replace.start:entry.replace.end] == 'flavor'


@pytest.mark.parametrize('word, candidate, matches', [
    ('Server', 'OS::Nova::Server', True), ('osnova', 'OS::Nova::Server', True),
    ('nvs', 'OS::Nova::Server', True), ('xyz', 'OS::Nova::Server', False), ('', 'x', True),
])
def test_fuzzy(word, candidate, matches):
    assert (fuzzy_score(word, candidate) is not None) is matches


def test_quoted_strings_get_nothing():
    assert complete_at(edit('      image: cirros', '      image: "cir§"')).items == []
