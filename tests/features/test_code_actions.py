"""Code actions as a pure function: each quick fix's exact edit, and that the edited template
parses and no longer has the diagnostic."""
from __future__ import annotations

import textwrap

import pytest

from hot_ls.config import Settings
from hot_ls.features.code_actions import code_actions
from hot_ls.features.quick_fixes import yaml_edit
from hot_ls.features.quick_fixes.yaml_edit import apply, scalar_text
from hot_ls.rules import analyze
from hot_ls.syntax import parse

PATH = '/tmp/t.yaml'


def yaml(text: str) -> str:
    return textwrap.dedent(text).lstrip('\n')


def diagnostic_of(analysis, code: str, index: int = 0):
    found = [d for d in analysis.diagnostics if d.code == code]
    assert found, [(d.code, d.message) for d in analysis.diagnostics]
    return found[index]


def actions_for(text: str, code: str, index: int = 0, settings: Settings | None = None):
    analysis = analyze(text, PATH, settings)
    diagnostic = diagnostic_of(analysis, code, index)
    return diagnostic, code_actions(analysis, diagnostic.start, diagnostic.end, [diagnostic])


def titles(actions) -> list[str]:
    return [a.title for a in actions]


def fixed(text: str, code: str, title: str | None = None, index: int = 0,
          settings: Settings | None = None) -> str:
    """The text after the action (`title`, or the preferred one) for the code's diagnostic.

    Checks that the result parses and that the diagnostic is gone."""
    diagnostic, actions = actions_for(text, code, index, settings)
    if title is None:
        action = next(a for a in actions if a.preferred)
    else:
        action = next((a for a in actions if a.title == title), None)
        assert action is not None, titles(actions)
    assert diagnostic in action.diagnostics
    new = apply(text, action.edits)
    assert not parse(new).syntax_errors, new
    def count(analysis):
        return sum(1 for d in analysis.diagnostics
                   if (d.code, d.message) == (diagnostic.code, diagnostic.message))
    assert count(analyze(new, PATH, settings)) < count(analyze(text, PATH, settings)), new
    return new


# -- did you mean -------------------------------------------------------------------------

SERVER = yaml('''
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string}
    resources:
      server:
        type: OS::Nova::Servr
        properties:
          flavor: {get_param: flavour}
          imag: cirros
    ''')


def test_one_action_per_replacement_the_first_preferred():
    _, actions = actions_for(SERVER, 'HOT701')
    assert titles(actions)[:3] == ['Change "OS::Nova::Servr" to "OS::Nova::Server"',
                                   'Change "OS::Nova::Servr" to "OS::Nova::ServerGroup"',
                                   'Change "OS::Nova::Servr" to "OS::Nova::Flavor"']
    assert [a.preferred for a in actions[:3]] == [True, False, False]
    assert all(a.kind == 'quickfix' for a in actions)
    assert fixed(SERVER, 'HOT701') == SERVER.replace('Servr', 'Server')


def test_a_misspelt_namespace_is_fixed_to_the_catalog_type():
    text = SERVER.replace('OS::Nova::Servr', 'OS::Nvoa::Server')
    assert fixed(text, 'HOT701') == SERVER.replace('Servr', 'Server')


def test_property_and_parameter_names():
    text = SERVER.replace('Servr', 'Server')
    assert fixed(text, 'HOT702') == text.replace('imag:', 'image:')
    assert fixed(text, 'HOT301') == text.replace('get_param: flavour', 'get_param: flavor')


def test_a_key_is_never_renamed_to_one_the_mapping_already_has():
    text = SERVER.replace('Servr', 'Server').replace('imag: cirros', 'imag: cirros\n      image: x')
    _, actions = actions_for(text, 'HOT702')
    assert not any(a.title.startswith('Change') for a in actions)


def test_references_to_resources_conditions_and_attributes():
    text = yaml('''
        heat_template_version: 2021-04-16
        conditions:
          is_prod: true
        resources:
          server:
            type: OS::Nova::Server
            properties: {flavor: m1.small, image: cirros}
          volume:
            type: OS::Cinder::Volume
            condition: is_prd
            properties: {size: 1}
        outputs:
          id: {value: {get_resource: servr}}
          ip: {value: {get_attr: [server, networkz]}}
        ''')
    assert fixed(text, 'HOT302') == text.replace('servr}', 'server}')
    assert fixed(text, 'HOT303') == text.replace('is_prd', 'is_prod')
    assert fixed(text, 'HOT706') == text.replace('networkz', 'networks')


def test_sections_resource_keys_output_keys_versions_and_deletion_policies():
    text = yaml('''
        heat_template_version: 2015-10-15
        descripton: x
        resources:
          r:
            type: OS::Heat::None
            dependson: []
            deletion_policy: retain
        outputs:
          o:
            value: 1
            descriptin: y
        ''')
    assert fixed(text, 'HOT110') == text.replace('descripton', 'description')
    assert fixed(text, 'HOT112') == text.replace('dependson', 'depends_on')
    assert fixed(text, 'HOT115') == text.replace('retain', 'Retain')
    assert fixed(text, 'HOT118') == text.replace('descriptin', 'description')
    constrained = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          flavor:
            type: string
            constraints:
              - custom_constraint: nova.flavr
        ''')
    assert fixed(constrained, 'HOT210') == constrained.replace('nova.flavr', 'nova.flavor')
    snapshot = text.replace('OS::Heat::None', 'OS::Neutron::Net').replace(
        '2015-10-15', '2016-10-14').replace('retain', 'snapshot')
    assert titles(actions_for(snapshot, 'HOT713')[1])[:2] == [
        'Change "snapshot" to "retain"', 'Change "snapshot" to "delete"']
    assert fixed(snapshot, 'HOT713') == snapshot.replace('snapshot', 'retain')
    unquoted = text.replace('  r:\n', '  yes:\n')
    assert titles(actions_for(unquoted, 'HOT120')[1])[0] == 'Quote the name: "yes"'
    assert fixed(unquoted, 'HOT120') == text.replace('  r:\n', '  "yes":\n')
    version = text.replace('2015-10-15', '2015-10-1')
    assert titles(actions_for(version, 'HOT103')[1])[0] == 'Change "2015-10-1" to "2015-10-15"'
    assert fixed(version, 'HOT103') == text


def test_parameter_schema_replacements():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          size:
            type: integer
            defualt: 1
        resources: {}
        ''')
    assert fixed(text, 'HOT204') == text.replace('integer', 'number')
    assert fixed(text, 'HOT202') == text.replace('defualt', 'default')


def test_replacements_keep_the_quoting_and_json_stays_json():
    quoted = SERVER.replace('OS::Nova::Servr', '"OS::Nova::Servr"')
    assert fixed(quoted, 'HOT701') == quoted.replace('Servr"', 'Server"')
    single = SERVER.replace('OS::Nova::Servr', "'OS::Nova::Servr'")
    assert fixed(single, 'HOT701') == single.replace("Servr'", "Server'")
    json_text = ('{"heat_template_version": "2021-04-16", "resources": {"r": '
                 '{"type": "OS::Heat::None", "propertie": {}}}}\n')
    assert fixed(json_text, 'HOT112') == json_text.replace('"propertie"', '"properties"')


def test_scalar_text_quotes_only_what_would_read_differently():
    assert scalar_text('OS::Nova::Server') == 'OS::Nova::Server'
    assert scalar_text('2016-10-14') == '2016-10-14'  # dates stay strings in Heat
    for value in ('yes', 'null', '1.5', '07', '0x1F', '1:30', '', ' x', 'a: b', 'a #b', '- x', '*x', '@x'):
        assert scalar_text(value) == "'" + value + "'", value
    assert scalar_text('a,b') == 'a,b'
    assert scalar_text('a,b', flow=True) == "'a,b'"
    assert scalar_text("it's", "'") == "'it''s'"
    assert scalar_text('x\ty') == '"x\\ty"'
    assert scalar_text('x', '"') == '"x"'


# -- deprecated and hidden types ---------------------------------------------------------------

BAY_MODEL = yaml('''
    heat_template_version: 2021-04-16
    resources:
      bm:
        type: OS::Magnum::BayModel
        properties: {coe: kubernetes, external_network: public, image: fedora}
    ''')


def test_deprecated_type_replaced_by_its_substitute():
    settings = Settings(target_release='10.0.0')
    _, actions = actions_for(BAY_MODEL, 'HOT707', settings=settings)
    assert actions[0].title == 'Replace deprecated OS::Magnum::BayModel with OS::Magnum::ClusterTemplate'
    assert fixed(BAY_MODEL, 'HOT707', settings=settings) == \
        BAY_MODEL.replace('BayModel', 'ClusterTemplate')
    assert fixed(BAY_MODEL, 'HOT708') == BAY_MODEL.replace('BayModel', 'ClusterTemplate')


# -- functions -----------------------------------------------------------------------------

def test_unavailable_function_raises_the_version():
    text = yaml('''
        heat_template_version: 2014-10-16
        resources:
          r:
            type: OS::Heat::Value
            properties:
              value: {str_split: [',', 'a,b']}
        ''')
    _, actions = actions_for(text, 'HOT402')
    assert titles(actions)[0] == 'Raise heat_template_version to 2015-10-15, where str_split is a function'
    assert fixed(text, 'HOT402') == text.replace('2014-10-16', '2015-10-15')
    named = text.replace('2014-10-16', 'newton').replace("{str_split: [',', 'a,b']}",
                                                          '{filter: [null, [1, null]]}')
    assert fixed(named, 'HOT402') == named.replace('newton', 'ocata')


def test_raising_the_version_says_which_functions_it_removes():
    text = yaml('''
        heat_template_version: 2013-05-23
        resources:
          r:
            type: OS::Heat::Value
            properties:
              value: {digest: [sha256, {Fn::Join: ['', [a, b]]}]}
        ''')
    _, actions = actions_for(text, 'HOT402')
    assert actions[0].title == ('Raise heat_template_version to 2015-04-30, where digest is a '
                                'function (and Fn::Join is not a function there)')
    assert not actions[0].preferred
    assert fixed(text, 'HOT402', actions[0].title) == text.replace('2013-05-23', '2015-04-30')


LATER = yaml('''
    heat_template_version: 2016-04-08
    parameters:
      p: {type: string, default: a, tags: [x]}
      q:
        type: number
        default: 3
        constraints: [{modulo: {step: 2, offset: 1}}, {range: {min: 1}, modulo: {step: 2, offset: 1}}]
    conditions:
      c: {equals: [{get_param: p}, a]}
    resources:
      r:
        type: OS::Heat::Value
        condition: c
        deletion_policy: retain
        properties:
          value: {map_replace: [{a: 1}, {keys: {a: b}}]}
    outputs:
      o:
        value: {list_concat: [[1], [2]]}
        condition: c
    ''')


def test_one_raise_fixes_everything_that_needs_a_later_version():
    """Each diagnostic that needs a later version offers the version they all need (fixing
    them all, preferred), then its own when that is earlier."""
    analysis = analyze(LATER, PATH)
    needing = [d for d in analysis.diagnostics if (d.data or {}).get('needs_version')]
    assert [(d.code, d.data['needs_version']) for d in needing] == [
        ('HOT202', '2018-03-02'), ('HOT209', '2017-02-24'), ('HOT211', '2017-02-24'),
        ('HOT110', '2016-10-14'), ('HOT112', '2016-10-14'), ('HOT115', '2016-10-14'),
        ('HOT402', '2016-10-14'), ('HOT402', '2017-09-01'), ('HOT118', '2016-10-14')]
    diagnostic, actions = actions_for(LATER, 'HOT402')
    raises = [(a.title, a.preferred, len(a.diagnostics)) for a in actions
              if a.title.startswith('Raise')]
    assert raises == [
        ('Raise heat_template_version to 2018-03-02, which 9 diagnostics need', True, 9),
        ('Raise heat_template_version to 2016-10-14, which 5 diagnostics need', False, 5)]
    new = fixed(LATER, 'HOT402')
    assert new == LATER.replace('2016-04-08', '2018-03-02')
    # (lowercase policies included; the item with both range and modulo is another warning)
    assert [d.message for d in analyze(new, PATH).diagnostics] == [
        'Heat uses only one constraint per item (modulo here) and ignores range; give range '
        'its own list item']
    _, actions = actions_for(LATER, 'HOT202')
    assert [a.title for a in actions if a.title.startswith('Raise')] == [
        'Raise heat_template_version to 2018-03-02, which 9 diagnostics need']
    # (a lowercase deletion policy: capitalising it stays the preferred fix)
    _, actions = actions_for(LATER, 'HOT115')
    assert [(a.title, a.preferred) for a in actions if a.kind == 'quickfix'][:3] == [
        ('Change "retain" to "Retain"', True),
        ('Raise heat_template_version to 2018-03-02, which 9 diagnostics need', False),
        ('Raise heat_template_version to 2016-10-14, which 5 diagnostics need', False)]


def test_a_misspelt_condition_function_is_renamed():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          n: {type: number, default: 0}
        conditions:
          zero: {equlas: [{get_param: n}, 0]}
          one:
            "nto": zero
        ''')
    diagnostic, _ = actions_for(text, 'HOT119')
    assert diagnostic.message.endswith('; did you mean "equals"?')
    assert fixed(text, 'HOT119') == text.replace('equlas', 'equals')
    assert fixed(text, 'HOT119', index=1) == text.replace('"nto"', '"not"')


def test_a_misspelt_function_inside_a_condition_is_renamed():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          p: {type: string, default: ''}
        conditions:
          c:
            and:
              - nto: {equals: [{get_param: p}, '']}
              - true
        outputs:
          o:
            value: {if: [c, 1, 2]}
        ''')
    diagnostic, actions = actions_for(text, 'HOT803')
    assert diagnostic.message == 'Invalid condition "{\'nto\': True}"; did you mean "not"?'
    assert fixed(text, 'HOT803') == text.replace('nto:', 'not:')


def test_a_condition_function_of_a_later_version():
    text = LATER.replace('2016-04-08', '2016-10-14').replace(
        '  c: {equals: [{get_param: p}, a]}', '  c: {contains: [a, [a]]}')
    diagnostic, actions = actions_for(text, 'HOT119')
    assert diagnostic.message == ("The definition of condition \"c\" is invalid: {'contains': "
                                  "['a', ['a']]} (contains is a condition function from "
                                  'heat_template_version 2017-09-01)')
    assert fixed(text, 'HOT119') == text.replace('2016-10-14', '2018-03-02')
    assert fixed(text, 'HOT119', 'Raise heat_template_version to 2017-09-01, which 4 '
                 'diagnostics need') == text.replace('2016-10-14', '2017-09-01')


REMOVED = yaml('''
    heat_template_version: 2016-10-14
    parameters:
      names: {type: comma_delimited_list}
    resources:
      r:
        type: OS::Heat::Value
        properties:
          value: {Fn::Join: [',', {Ref: names}]}
      s:
        type: OS::Heat::Value
        properties:
          value:
            Fn::Replace:
              - {$who: {Ref: r}}
              - hello $who
      t:
        type: OS::Heat::Value
        properties:
          value: {Fn::Base64: "text"}
          azs: {Fn::GetAZs: ''}
          split: {"Fn::Split": [',', 'a,b']}
    ''')


def test_removed_functions_become_their_hot_equivalents():
    assert fixed(REMOVED, 'HOT401', 'Replace Fn::Join with list_join') == \
        REMOVED.replace('Fn::Join', 'list_join')
    assert fixed(REMOVED, 'HOT401', 'Replace Ref with get_param', index=1) == \
        REMOVED.replace('Ref: names', 'get_param: names')
    assert fixed(REMOVED, 'HOT401', 'Replace Fn::Replace with str_replace', index=2) == \
        REMOVED.replace('Fn::Replace:\n          - {$who: {Ref: r}}\n          - hello $who',
                        'str_replace: {template: hello $who, params: {$who: {Ref: r}}}')
    assert fixed(REMOVED, 'HOT401', 'Replace Ref with get_resource', index=3) == \
        REMOVED.replace('Ref: r', 'get_resource: r')
    assert fixed(REMOVED, 'HOT401', index=4) == REMOVED.replace('{Fn::Base64: "text"}', '"text"')
    _, actions = actions_for(REMOVED, 'HOT401', index=5)  # Fn::GetAZs: nothing to offer
    assert all(a.title.startswith('Suppress') for a in actions)
    assert fixed(REMOVED, 'HOT401', index=6) == REMOVED.replace('"Fn::Split"', '"str_split"')


def test_a_hot_equivalent_only_where_the_version_has_it():
    text = REMOVED.replace('2016-10-14', '2014-10-16')  # str_split arrived in 2015-10-15
    _, actions = actions_for(text, 'HOT401', index=6)
    assert all(a.title.startswith('Suppress') for a in actions)


# -- missing required properties -----------------------------------------------------------------

def test_required_properties_added_all_at_once_with_placeholders_by_type():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          rule:
            type: OS::Neutron::QoSDscpMarkingRule
            properties:
              tenant_id: x
          share_type:
            type: OS::Manila::ShareType
            properties:
              is_public: true
          group:
            type: OS::Heat::AutoScalingGroup
            properties:
              cooldown: 60
        ''')
    _, actions = actions_for(text, 'HOT703')
    assert actions[0].title == 'Add the missing required properties: dscp_mark, policy'
    assert fixed(text, 'HOT703') == text.replace(
        'tenant_id: x\n', "tenant_id: x\n      dscp_mark: 0\n      policy: ''\n")
    assert fixed(text, 'HOT703', index=2) == text.replace(
        'is_public: true\n', "is_public: true\n      driver_handles_share_servers: false\n"
                             "      name: ''\n")
    assert fixed(text, 'HOT703', index=4) == text.replace(
        'cooldown: 60\n', 'cooldown: 60\n      max_size: 0\n      min_size: 0\n      resource: {}\n')


def test_a_missing_property_that_an_unknown_key_looks_like_renames_the_key():
    """`flavour` for `flavor`: adding `flavor` would leave the unknown key; renaming it
    fixes both diagnostics."""
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          server:
            type: OS::Nova::Server
            properties:
              image: cirros
              flavour: m1.small
          fip:
            type: OS::Neutron::FloatingIP
            properties: {"floating_netwrk": public, port_id: p}
        ''')
    analysis = analyze(text, PATH)
    assert [(d.code, d.message) for d in analysis.diagnostics] == [
        ('HOT703', 'Property flavor not assigned ("flavour" may be it, misspelt)'),
        ('HOT702', 'Unknown Property flavour; did you mean "flavor"?'),
        ('HOT703', 'Property floating_network not assigned ("floating_netwrk" may be it, '
                   'misspelt)'),
        ('HOT702', 'Unknown Property floating_netwrk; did you mean "floating_network" or '
                   '"floating_network_id" or "floating_subnet"?')]
    diagnostic, actions = actions_for(text, 'HOT703')
    assert [(a.title, a.preferred) for a in actions if a.kind == 'quickfix'][:1] == [
        ('Change "flavour" to "flavor"', True)]
    assert not any(a.title.startswith('Add') for a in actions)
    assert [d.code for d in actions[0].diagnostics] == ['HOT703', 'HOT702']
    assert fixed(text, 'HOT703') == text.replace('flavour:', 'flavor:')
    assert fixed(text, 'HOT703', index=1) == text.replace('"floating_netwrk"',
                                                          '"floating_network"')
    renamed = text.replace('flavour:', 'flavor:').replace('"floating_netwrk"',
                                                          '"floating_network"')
    assert analyze(renamed, PATH).diagnostics == []


def test_properties_under_a_misspelt_key_are_renamed_not_added():
    """`propertise:` leaves the resource without properties: HOT703 says where they are, the
    quick fix renames the key (its HOT112 goes too), and the server's own validation, of
    properties the resource does not have, is left out."""
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          server:
            type: OS::Nova::Server
            propertise:
              image: cirros
              flavor: m1.small
        ''')
    analysis = analyze(text, PATH)
    assert [(d.code, d.message) for d in analysis.diagnostics] == [
        ('HOT703', 'Property flavor not assigned ("propertise" may be "properties", misspelt)'),
        ('HOT112', '"propertise" is not a valid keyword inside a resource definition; did you '
                   'mean "properties"?')]
    _, actions = actions_for(text, 'HOT703')
    assert [(a.title, a.preferred, [d.code for d in a.diagnostics]) for a in actions][:1] == [
        ('Change "propertise" to "properties"', True, ['HOT703', 'HOT112'])]
    assert not any(a.title.startswith('Add') for a in actions)
    new = fixed(text, 'HOT703')
    assert new == text.replace('propertise', 'properties')
    assert analyze(new, PATH).diagnostics == []


def test_a_value_like_an_allowed_one_is_changed_to_it():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          protocol:
            type: string
            default: 'UDP'
            constraints: [{allowed_values: [tcp, udp, icmp]}]
        resources:
          rule:
            type: OS::Neutron::SecurityGroupRule
            properties: {security_group: sg, protocol: TCP, direction: ingres}
        ''')
    diagnostic, actions = actions_for(text, 'HOT213')
    assert diagnostic.message.endswith('; did you mean "udp"?')
    assert fixed(text, 'HOT213') == text.replace("'UDP'", "'udp'")
    assert fixed(text, 'HOT705') == text.replace('TCP', 'tcp')
    assert fixed(text, 'HOT705', index=1) == text.replace('ingres', 'ingress')
    _, actions = actions_for(text, 'HOT705', index=1)
    assert titles(actions)[:2] == ['Change "ingres" to "ingress"', 'Change "ingres" to "egress"']


def test_a_misspelt_type_key_is_renamed():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          server:
            tpye: OS::Nova::Server
            properties: {image: cirros, flavor: m1.small}
          other: {"Type": OS::Heat::None}
        ''')
    diagnostic, actions = actions_for(text, 'HOT113')
    assert diagnostic.message == 'Each resource must contain a type key. ("tpye" may be it, misspelt)'
    assert [(a.title, [d.code for d in a.diagnostics]) for a in actions][:1] == [
        ('Change "tpye" to "type"', ['HOT113', 'HOT112'])]
    assert fixed(text, 'HOT113') == text.replace('tpye', 'type')
    assert fixed(text, 'HOT113', index=1) == text.replace('"Type"', '"type"')
    assert analyze(text.replace('tpye', 'type').replace('"Type"', '"type"'), PATH).diagnostics == []


def test_a_misspelt_output_value_key_is_renamed():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          r: {type: OS::Heat::None}
        outputs:
          o:
            vaule: {get_resource: r}
            description: the ID
        ''')
    diagnostic, actions = actions_for(text, 'HOT117')
    assert diagnostic.message.endswith('("vaule" may be it, misspelt)')
    assert [(a.title, [d.code for d in a.diagnostics]) for a in actions][:1] == [
        ('Change "vaule" to "value"', ['HOT117', 'HOT118'])]
    assert fixed(text, 'HOT117') == text.replace('vaule', 'value')
    assert analyze(text.replace('vaule', 'value'), PATH).diagnostics == []


def test_a_parameter_without_a_type_gets_its_defaults_or_its_uses():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          image:
            tpye: string
          count:
            default: 3
          flavor:
            description: the flavor
          names: {default: [a, b]}
          ports: {}
        resources:
          s:
            type: OS::Nova::Server
            properties:
              flavor: {get_param: flavor}
              image: {get_param: image}
              networks: [{network: x}]
          g:
            type: OS::Heat::ResourceGroup
            properties:
              count: {get_param: ports}
              resource_def: {type: OS::Heat::None}
        ''')
    diagnostic, actions = actions_for(text, 'HOT203')
    assert diagnostic.message == ('Missing parameter type for parameter: image ("tpye" may be '
                                  'it, misspelt)')
    assert titles(actions)[:1] == ['Change "tpye" to "type"']
    assert not any(title.startswith('Add') for title in titles(actions))
    assert fixed(text, 'HOT203') == text.replace('tpye', 'type')
    assert titles(actions_for(text, 'HOT203', index=1)[1])[:1] == ['Add "type: number"']
    assert fixed(text, 'HOT203', index=1) == text.replace(
        'default: 3\n', 'default: 3\n    type: number\n')
    assert fixed(text, 'HOT203', index=2) == text.replace(
        'description: the flavor\n', 'description: the flavor\n    type: string\n')
    assert fixed(text, 'HOT203', index=3) == text.replace(
        '{default: [a, b]}', '{default: [a, b], type: comma_delimited_list}')
    assert fixed(text, 'HOT203', index=4) == text.replace('{}', '{type: number}')


def test_a_misspelt_file_is_offered_the_file_beside_it(tmp_path):
    (tmp_path / 'nested_server.yaml').write_text('heat_template_version: 2021-04-16\n')
    (tmp_path / 'nested_server.md').write_text('notes\n')
    (tmp_path / 'scripts').mkdir()
    (tmp_path / 'scripts' / 'install.sh').write_text('echo hi\n')
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          nested: {type: nested_sever.yaml}
          config:
            type: OS::Heat::SoftwareConfig
            properties:
              config: {get_file: scripts/instal.sh}
        ''')
    path = str(tmp_path / 'main.yaml')
    analysis = analyze(text, path)
    assert [(d.code, d.message) for d in analysis.diagnostics] == [
        ('HOT605', 'Could not fetch contents for nested_sever.yaml: the file does not exist; '
                   'did you mean "nested_server.yaml"?'),
        ('HOT608', 'Could not fetch contents for scripts/instal.sh: the file does not exist; did '
                   'you mean "scripts/install.sh"? (python-heatclient reads it when the stack is '
                   'created)')]
    edits = []
    for diagnostic in analysis.diagnostics:
        [action] = [a for a in code_actions(analysis, diagnostic.start, diagnostic.end,
                                            [diagnostic]) if a.preferred]
        edits += action.edits
    new = apply(text, edits)
    assert new == text.replace('nested_sever', 'nested_server').replace('instal.sh', 'install.sh')
    assert analyze(new, path).diagnostics == []


def test_a_deployment_on_a_server_without_software_config_sets_the_servers_format():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          format: {type: string, default: RAW}
        resources:
          server:
            type: OS::Nova::Server
            properties:
              image: cirros
              flavor: m1.small
              user_data_format: 'RAW'
          config: {type: OS::Heat::SoftwareConfig}
          deployment:
            type: OS::Heat::SoftwareDeployment
            properties: {config: {get_resource: config}, server: {get_resource: server}}
        ''')
    diagnostic, actions = actions_for(text, 'HOT730')
    assert diagnostic.message.startswith("Resource server's property user_data_format should")
    assert [(a.title, a.preferred) for a in actions][:1] == [
        ('Set user_data_format of "server" to SOFTWARE_CONFIG', True)]
    assert fixed(text, 'HOT730') == text.replace("'RAW'", "'SOFTWARE_CONFIG'")
    # (a value a parameter gives is changed where it comes from, not here)
    computed = text.replace("'RAW'", '{get_param: format}')
    _, actions = actions_for(computed, 'HOT730')
    assert not any(a.title.startswith('Set') for a in actions)


def test_a_reference_to_a_resource_left_out_puts_the_referrer_under_its_condition():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          enable: {type: boolean, default: false}
        conditions:
          enabled: {get_param: enable}
        resources:
          b:
            type: OS::Heat::None
            condition: enabled
          a:
            type: OS::Heat::Value
            properties:
              value: {get_resource: b}
          c: {type: OS::Heat::Value, properties: {value: {get_resource: b}}}
        outputs:
          o:
            value: {get_attr: [b, show]}
            description: b's
        ''')
    diagnostic, actions = actions_for(text, 'HOT304')
    assert [(a.title, a.preferred) for a in actions][:1] == [
        ('Give resource "a" the condition "enabled" of "b"', False)]
    assert fixed(text, 'HOT304', actions[0].title) == text.replace(
        '    type: OS::Heat::Value\n    properties:',
        '    type: OS::Heat::Value\n    condition: enabled\n    properties:')
    assert fixed(text, 'HOT304', 'Give resource "c" the condition "enabled" of "b"',
                 index=1) == text.replace(
        'properties: {value: {get_resource: b}}}', 'properties: {value: {get_resource: b}}, '
        'condition: enabled}')
    assert fixed(text, 'HOT304', 'Give output "o" the condition "enabled" of "b"',
                 index=2) == text.replace(
        '{get_attr: [b, show]}\n', '{get_attr: [b, show]}\n    condition: enabled\n')
    # (a referrer with a condition of its own: which one is meant is the user's to say)
    own = text.replace('    type: OS::Heat::Value\n    properties:',
                       '    type: OS::Heat::Value\n    condition: true\n    properties:')
    _, actions = actions_for(own, 'HOT304')
    assert not any(a.title.startswith('Give') for a in actions)


def test_a_default_its_type_refuses_offers_the_defaults_type():
    text = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          key_name:
            type: number
            default: mykey
          sizes: {type: number, default: [1, 2]}
          names:
            type: string
            default: [a, b]
        ''')
    expected = [('number\n    default: mykey', 'string\n    default: mykey'),
                ('{type: number, default: [1, 2]}', '{type: comma_delimited_list, default: [1, 2]}'),
                ('string\n    default: [a, b]', 'comma_delimited_list\n    default: [a, b]')]
    for index, (old, new) in enumerate(expected):
        diagnostic, actions = actions_for(text, 'HOT214', index)
        [action] = [a for a in actions if a.title.startswith('Change the type')]
        assert not action.preferred  # (the default may be the mistake)
        result = fixed(text, 'HOT214', action.title, index)
        assert result == text.replace(old, new)
        assert len([d for d in analyze(result, PATH).diagnostics if d.code == 'HOT214']) == 2


def test_a_key_like_one_missing_property_leaves_the_others_to_add():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          rule:
            type: OS::Neutron::QoSDscpMarkingRule
            properties:
              polcy: p
        ''')
    _, actions = actions_for(text, 'HOT703')
    assert actions[0].title == 'Add the missing required property dscp_mark'
    assert fixed(text, 'HOT703') == text.replace('polcy: p\n', 'polcy: p\n      dscp_mark: 0\n')
    assert fixed(text, 'HOT703', index=1) == text.replace('polcy', 'policy')


def test_nested_schemas_get_their_yaml_shape():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          gateway:
            type: OS::Neutron::NetworkGateway
            properties:
              name: gw
          group:
            type: OS::Heat::ResourceGroup
            properties:
              count: 2
        ''')
    assert fixed(text, 'HOT703') == text.replace('name: gw\n', yaml('''
        name: gw
              devices:
                - id: ''
                  interface_name: ''
        '''))
    assert fixed(text, 'HOT703', index=1) == text.replace('count: 2\n', yaml('''
        count: 2
              resource_def:
                type: ''
        '''))


def test_properties_created_when_absent_or_empty():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          server:
            type: OS::Nova::Server
            metadata: {a: 1}
          other:
            type: OS::Nova::Server
            properties:
          flow: {type: OS::Nova::Server}
          empty:
            type: OS::Nova::Server
            properties: {}
        ''')
    assert fixed(text, 'HOT703') == text.replace(
        'metadata: {a: 1}\n', "metadata: {a: 1}\n    properties:\n      flavor: ''\n")
    assert fixed(text, 'HOT703', index=1) == text.replace(
        '    properties:\n  flow', "    properties:\n      flavor: ''\n  flow")
    assert fixed(text, 'HOT703', index=2) == text.replace(
        '{type: OS::Nova::Server}', "{type: OS::Nova::Server, properties: {flavor: ''}}")
    assert fixed(text, 'HOT703', index=3) == text.replace('{}', "{flavor: ''}")


def test_nested_and_top_level_missing_properties_in_one_action():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          gateway:
            type: OS::Neutron::L2Gateway
            properties:
              devices:
                - interfaces:
                  - segmentation_id: [1]
        ''')
    diagnostic, actions = actions_for(text, 'HOT703')
    action = actions[0]
    assert action.title == ('Add the missing required properties: name, devices[0].device_name, '
                            'devices[0].interfaces[0].name')
    assert len(action.diagnostics) == 3
    new = apply(text, action.edits)
    assert new == text + "            name: ''\n          device_name: ''\n      name: ''\n"
    assert not [d for d in analyze(new, PATH).diagnostics if d.code == 'HOT703']


def test_flow_containers_and_list_items():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          server:
            type: OS::Nova::Server
            properties:
              flavor: m1.small
              block_device_mapping: [{volume_size: 1}]
        ''')
    assert fixed(text, 'HOT703') == text.replace('{volume_size: 1}',
                                                 "{volume_size: 1, device_name: ''}")


# -- declare a parameter ---------------------------------------------------------------------

def declare_in(text: str) -> str:
    return fixed(text, 'HOT301', next(t for t in titles(actions_for(text, 'HOT301')[1])
                                      if t.startswith('Declare')))


def test_declare_creates_the_section_before_resources():
    text = yaml('''
        heat_template_version: 2021-04-16
        description: x

        # the resources
        resources:
          server:
            type: OS::Nova::Server
            properties:
              flavor: {get_param: flavor}
        ''')
    _, actions = actions_for(text, 'HOT301')
    assert titles(actions)[0] == 'Declare parameter "flavor" (string)'
    assert actions[0].preferred
    assert declare_in(text) == text.replace(
        '# the resources', 'parameters:\n  flavor:\n    type: string\n\n# the resources')


def test_declare_appends_to_the_section_as_its_neighbours_are_written():
    block = yaml('''
        heat_template_version: 2021-04-16
        parameters:
          image:
            type: string
            default: cirros
        resources:
          server:
            type: OS::Nova::Server
            properties:
              flavor: {get_param: size}
              image: {get_param: image}
        ''')
    assert declare_in(block) == block.replace(
        'default: cirros\n', 'default: cirros\n  size:\n    type: string\n')
    flow = block.replace('image:\n    type: string\n    default: cirros', 'image: {type: string}')
    assert declare_in(flow) == flow.replace(
        'image: {type: string}\n', 'image: {type: string}\n  size: {type: string}\n')
    empty = block.replace('\n  image:\n    type: string\n    default: cirros', ' {}')
    assert declare_in(empty) == empty.replace('parameters: {}', 'parameters: {size: {type: string}}')
    bare = block.replace('\n  image:\n    type: string\n    default: cirros', '')
    assert declare_in(bare).startswith(yaml('''
        heat_template_version: 2021-04-16
        parameters:
          size:
            type: string
        resources:
        '''))


def test_declared_types_are_inferred_from_the_use():
    base = yaml('''
        heat_template_version: 2021-04-16
        resources:
          r:
            type: {rtype}
            properties:
              {prop}: {value}
        ''')
    cases = [
        ('OS::Cinder::Volume', 'size', '{get_param: p}', 'number'),
        ('OS::Neutron::Port', 'admin_state_up', '{get_param: p}', 'boolean'),
        ('OS::Nova::Server', 'security_groups', '{get_param: p}', 'comma_delimited_list'),
        ('OS::Nova::Server', 'networks', '{get_param: p}', 'json'),
        ('OS::Nova::Server', 'metadata', '{get_param: p}', 'json'),
        ('OS::Nova::Server', 'name', '{get_param: [p, name]}', 'json'),
        ('OS::Nova::Server', 'security_groups', '[{get_param: p}]', 'string'),
        ('OS::Heat::Value', 'value', "{list_join: [',', {get_param: p}]}",
         'comma_delimited_list'),
        ('OS::Heat::Value', 'value', '{repeat: {for_each: {x: {get_param: p}}, template: x}}',
         'comma_delimited_list'),
        ('OS::Heat::Value', 'value', '{map_merge: [{get_param: p}, {}]}', 'json'),
        ('OS::Heat::Value', 'value', "{str_replace: {template: x, params: {x: {get_param: p}}}}",
         'string'),
    ]
    for rtype, prop, value, expected in cases:
        text = base.replace('{rtype}', rtype).replace('{prop}', prop).replace('{value}', value)
        new = declare_in(text)
        assert f'parameters:\n  p:\n    type: {expected}\n' in new, (rtype, prop, value, new)


def test_json_gets_no_declarations_and_no_comments():
    json_text = ('{"heat_template_version": "2021-04-16", "resources": {"r": {"type": '
                 '"OS::Heat::Value", "properties": {"value": {"get_param": "p"}}}}}\n')
    _, actions = actions_for(json_text, 'HOT301')
    assert actions == []  # JSON: no declarations written, and no comments


# -- suppression ----------------------------------------------------------------------------------

def test_suppress_on_the_line_and_in_the_file():
    text = SERVER.replace('Servr', 'Server')
    _, actions = actions_for(text, 'HOT702')
    assert titles(actions)[-2:] == ['Suppress HOT702 on this line', 'Suppress HOT702 in this file']
    assert not any(a.preferred for a in actions[-2:])
    assert fixed(text, 'HOT702', 'Suppress HOT702 on this line') == \
        text.replace('imag: cirros', 'imag: cirros  # hot-ls: disable=HOT702')
    assert fixed(text, 'HOT702', 'Suppress HOT702 in this file') == \
        '# hot-ls: disable-file=HOT702\n' + text


def test_suppress_extends_an_existing_comment():
    text = SERVER.replace('Servr', 'Server').replace(
        'imag: cirros', 'imag: cirros   # hot-ls: disable=HOT999 reason')
    assert fixed(text, 'HOT702', 'Suppress HOT702 on this line') == \
        text.replace('HOT999', 'HOT999,HOT702')
    top = '# hot-ls: disable-file=HOT998, HOT999\n' + text
    assert fixed(top, 'HOT702', 'Suppress HOT702 in this file') == \
        top.replace('HOT999\n', 'HOT999,HOT702\n')


def test_suppress_keeps_line_breaks_bom_and_trailing_spaces():
    text = ('\ufeff' + SERVER.replace('Servr', 'Server').replace('imag: cirros', 'imag: cirros  ')
            ).replace('\n', '\r\n')
    assert fixed(text, 'HOT702', 'Suppress HOT702 on this line') == \
        text.replace('imag: cirros  ', 'imag: cirros  # hot-ls: disable=HOT702')
    assert fixed(text, 'HOT702', 'Suppress HOT702 in this file') == \
        '\ufeff# hot-ls: disable-file=HOT702\r\n' + text[1:]


def test_no_line_comment_where_it_would_change_a_value():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          r:
            type: OS::Heat::Value
            properties:
              value: "first line
                second"
        ''')
    analysis = analyze(text, PATH)
    assert analysis.diagnostics == []
    # a diagnostic on the first line of a multi-line string: a comment would end it there
    value = text.index('"first')
    line = [a.title for a in code_actions(analysis, value, value, [_fake('HOT702', value)])
            if a.title.startswith('Suppress')]
    assert line == ['Suppress HOT702 in this file']
    header = yaml('''
        heat_template_version: 2021-04-16
        resources:
          r:
            type: OS::Heat::Value
            properties:
              valu: |
                text
        ''')
    assert fixed(header, 'HOT702', 'Suppress HOT702 on this line') == \
        header.replace('valu: |', 'valu: |  # hot-ls: disable=HOT702')


def test_nothing_to_suppress_in_json_or_for_syntax_errors():
    _, actions = actions_for('heat_template_version: 2021-04-16\nresources: [\n', 'HOT001')
    assert actions == []


@pytest.mark.parametrize('broken, key', [
    # the key runs on into the line below (a plain scalar over two lines)
    ('resources:\n  my_server\n    type: OS::Heat::None\n', 'my_server'),
    # among keys: the parser says it is this key that has no ':'
    ('parameters:\n  a: {type: string}\n  flavor  # the size\n  b: {type: string}\n'
     'resources: {}\n', 'flavor'),
])
def test_a_key_without_its_colon_gets_it(broken, key):
    text = 'heat_template_version: 2021-04-16\n' + broken
    diagnostic, actions = actions_for(text, 'HOT001')
    assert [(a.title, a.preferred) for a in actions] == [(f'Add ":" after "{key}"', True)]
    new = fixed(text, 'HOT001')
    assert new == text.replace(key, key + ':', 1)
    # (the template parses: a parameter with no body is then what is wrong with it)
    assert [d.code for d in analyze(new, PATH).diagnostics] == \
        ([] if key == 'my_server' else ['HOT201'])


def test_a_colon_libyaml_refuses_before_a_flow_indicator_gets_a_space():
    """libyaml refuses `{get_attr:[...]}`; Heat then reads the text with PyYAML's
    pure-Python parser, which accepts it: a warning, and a space after the ':' makes
    libyaml accept it too."""
    text = ("heat_template_version: '2021-04-16'\nresources:\n  r: {type: OS::Heat::RandomString}\n"
            'outputs:\n  o: {value: {get_attr:[r, value]}}\n')
    diagnostic, actions = actions_for(text, 'HOT001')
    assert diagnostic.severity.label == 'warning'
    assert text[diagnostic.start:diagnostic.end] == ':'
    assert [(a.title, a.preferred) for a in actions] == [('Write a space after ":"', True)]
    new = fixed(text, 'HOT001')
    assert new == text.replace('get_attr:[', 'get_attr: [')
    assert analyze(new, PATH).diagnostics == []


MISPLACED = 'heat_template_version: 2021-04-16\nresources:\n  server:\n    type: OS::Nova::Server\n'


@pytest.mark.parametrize('broken, expected', [
    # just below the properties: one edit
    ('    properties:\n      image: cirros\n    flavor: m1.small\n',
     '    properties:\n      image: cirros\n      flavor: m1.small\n'),
    # above them, a block value: the lines move, re-indented
    ('    flavor:\n      m1.small\n    properties:\n      image: cirros\n',
     '    properties:\n      image: cirros\n      flavor:\n        m1.small\n'),
    # no properties at all
    ('    flavor: m1.small\n', '    properties:\n      flavor: m1.small\n'),
    # `properties:` with nothing in it
    ('    properties:\n    flavor: m1.small\n', '    properties:\n      flavor: m1.small\n'),
], ids=['below', 'above', 'none', 'empty'])
def test_a_property_beside_properties_moves_under_them(broken, expected):
    text = MISPLACED + broken
    diagnostic, actions = actions_for(text, 'HOT112')
    assert diagnostic.message == ('"flavor" is not a valid keyword inside a resource definition '
                                  '(flavor is a property of OS::Nova::Server: indent it under '
                                  '"properties")')
    assert titles(actions)[0] == 'Move "flavor" under "properties"'
    assert fixed(text, 'HOT112') == MISPLACED + expected
    # the missing required property it stood for is fixed by the same action
    assert [d.code for d in actions[0].diagnostics] == ['HOT112', 'HOT703']


def test_no_move_into_flow_properties_or_onto_a_key_they_have():
    for broken in ('    properties: {image: cirros}\n    flavor: m1.small\n',
                   '    properties:\n      flavor: m1.tiny\n    flavor: m1.small\n'):
        _, actions = actions_for(MISPLACED + broken, 'HOT112')
        assert 'Move "flavor" under "properties"' not in titles(actions)


def test_properties_written_too_far_left_are_indented_under_the_resource_above():
    text = MISPLACED + '  properties:\n    image: cirros\n\n    flavor: m1.small\n'
    diagnostic, actions = actions_for(text, 'HOT113')
    assert diagnostic.message.endswith('("properties" is a key of a resource definition: is it '
                                       'indented too little, under the resource above?)')
    assert titles(actions)[0] == 'Indent "properties" under "server"'
    assert fixed(text, 'HOT113') == (MISPLACED + '    properties:\n      image: cirros\n\n'
                                     '      flavor: m1.small\n')
    # the resource above has properties already: no guess
    _, actions = actions_for(MISPLACED + '    properties: {}\n  properties:\n    image: x\n',
                             'HOT113')
    assert not any(title.startswith('Indent') for title in titles(actions))


CONFUSED = yaml('''
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string, default: m1.small}
    resources:
      port: {type: OS::Heat::None}
      v:
        type: OS::Heat::Value
        properties: {value: {get_param: port}}
      w:
        type: OS::Heat::Value
        properties: {value: {"get_resource": flavor}}
    ''')


def test_a_resource_named_with_get_param_and_a_parameter_with_get_resource():
    diagnostic, actions = actions_for(CONFUSED, 'HOT301')
    assert diagnostic.message == ('The Parameter (port) is not defined in this template ("port" is '
                                  'a resource: get_resource gives its ID)')
    # (no declaration: Heat refuses a parameter named as a resource, "Duplicate names")
    assert [(a.title, a.preferred) for a in actions if a.kind == 'quickfix'][:1] == [
        ('Change "get_param" to "get_resource"', True)]
    assert not any(a.title.startswith('Declare') for a in actions)
    assert fixed(CONFUSED, 'HOT301') == CONFUSED.replace('get_param: port', 'get_resource: port')
    diagnostic, actions = actions_for(CONFUSED, 'HOT302')
    assert diagnostic.message.endswith('("flavor" is a parameter: get_param reads it)')
    assert fixed(CONFUSED, 'HOT302') == CONFUSED.replace('"get_resource": flavor',
                                                         '"get_param": flavor')


LISTS = MISPLACED + '    properties:\n      image: cirros\n      flavor: m1.small\n'


@pytest.mark.parametrize('broken, expected', [
    ('      security_groups: default\n', '      security_groups: [default]\n'),
    ('      security_groups: "my group"\n', '      security_groups: ["my group"]\n'),
    ('      networks: {network: private}\n', '      networks: [{network: private}]\n'),
    ('      networks:\n        network: private\n        fixed_ip: 10.0.0.5\n',
     '      networks:\n        - network: private\n          fixed_ip: 10.0.0.5\n'),
], ids=['word', 'quoted', 'flow-mapping', 'block-mapping'])
def test_a_single_value_where_a_list_is_wanted_becomes_its_item(broken, expected):
    text = LISTS + broken
    _, actions = actions_for(text, 'HOT704')
    assert titles(actions)[0].startswith('Make "') and titles(actions)[0].endswith(
        '" a list of this value')
    assert fixed(text, 'HOT704') == LISTS + expected
    assert analyze(LISTS + expected, PATH).diagnostics == []


@pytest.mark.parametrize('code, broken, expected', [
    ('HOT205', '    tags: x\n', '    tags: [x]\n'),
    ('HOT206', '    constraints:\n      range: {min: 1}\n',
     '    constraints:\n      - range: {min: 1}\n'),
    ('HOT215', None, None),
], ids=['tags', 'constraints', 'parameter-groups'])
def test_a_parameters_single_value_where_a_list_goes_becomes_its_item(code, broken, expected):
    head = 'heat_template_version: 2021-04-16\nparameters:\n  a:\n    type: number\n'
    if code == 'HOT215':
        text = ('heat_template_version: 2021-04-16\nparameter_groups:\n  label: g\n'
                '  parameters: [a]\nparameters:\n  a: {type: number}\n')
        result = text.replace('  label: g\n  parameters: [a]\n',
                              '  - label: g\n    parameters: [a]\n')
    else:
        text, result = head + broken, head + expected
    _, actions = actions_for(text, code)
    assert titles(actions)[0].startswith('Make "')
    assert fixed(text, code) == result
    assert analyze(result, PATH).diagnostics == []


def test_no_list_made_of_what_would_read_otherwise_in_brackets():
    _, actions = actions_for(LISTS + '      security_groups: a, b\n', 'HOT704')
    assert not any(title.startswith('Make') for title in titles(actions))


@pytest.mark.parametrize('broken', ['      networks: private\n',
                                    '      tags: {name: default}\n'],
                         ids=['word-for-mappings', 'mapping-for-strings'])
def test_no_list_made_of_a_value_its_items_cannot_be(broken):
    """`[private]` where the items are mappings would only move the error to the item."""
    diagnostic, actions = actions_for(LISTS + broken, 'HOT704')
    assert diagnostic.message.endswith('is not a list')
    assert not any(title.startswith('Make') for title in titles(actions))


def test_the_other_function_after_an_edit_above_the_finding():
    """A finding carried over from the previous analysis moves with its entry: the quick fix
    finds the function's name from where the finding is now."""
    from hot_ls.rules.incremental import reanalyze
    previous = analyze(CONFUSED, PATH)
    edited = CONFUSED.replace('  port: {type: OS::Heat::None}',
                              '  port: {type: OS::Heat::None, metadata: {a: 1}}')
    analysis, _ = reanalyze(previous, edited, PATH)
    [diagnostic] = [d for d in analysis.diagnostics if d.code == 'HOT301']
    [action] = [a for a in code_actions(analysis, diagnostic.start, diagnostic.end, [diagnostic])
                if a.title == 'Change "get_param" to "get_resource"']
    assert apply(edited, action.edits) == edited.replace('get_param: port', 'get_resource: port')


@pytest.mark.parametrize('above, tabbed, expected', [
    ('  server:\n', '\ttype: OS::Heat::None\n', '    type: OS::Heat::None\n'),
    ('  server:\n    type: OS::Heat::None\n', '\tmetadata: {a: 1}\n', '    metadata: {a: 1}\n'),
    ('  server:\n    type: OS::Heat::None\n    depends_on:\n      - other\n',
     '\t  - another\n', '      - another\n'),
    ('  server:\n    type: OS::Heat::None\n    metadata:\n      - a: 1\n',
     '\tb: 2\n', '        b: 2\n'),
], ids=['after-a-key', 'sibling', 'sequence-item', 'in-an-item'])
def test_a_tab_in_the_indentation_becomes_spaces(above, tabbed, expected):
    head = 'heat_template_version: 2021-04-16\nresources:\n  other: {type: OS::Heat::None}\n'
    text = head + above + tabbed
    diagnostic, actions = actions_for(text, 'HOT001')
    assert 'tab character' in diagnostic.message
    assert titles(actions)[0] == 'Indent with spaces instead of a tab'
    assert fixed(text, 'HOT001') == head + above + expected


def test_every_line_begun_with_a_tab_is_fixed_with_the_first():
    """The parser stops at the first tab; the others get the width that puts the first at its
    column (here 4: a dedent after `value` comes back to 4, not to the line above's 6).  A
    script's tab inside a block scalar is content, and stays."""
    text = ('heat_template_version: 2021-04-16\nresources:\n  r:\n'
            '\ttype: OS::Heat::SoftwareConfig\n'
            '\tproperties:\n'
            '\t  config: |\n'
            '\t    if true; then\n'
            '\t    \techo tab\n'
            '\t    fi\n'
            '\tmetadata: {a: 1}\n')
    _, actions = actions_for(text, 'HOT001')
    assert titles(actions)[0] == 'Indent with spaces instead of tabs (7 lines)'
    # (asked on a later tab, under a line indented with tabs: the same fix, the width the
    # first tab-begun line tells)
    count = len([d for d in analyze(text, PATH).diagnostics if d.code == 'HOT001'])
    assert count > 1
    assert {fixed(text, 'HOT001', index=index) for index in range(count)} == {fixed(text, 'HOT001')}
    assert fixed(text, 'HOT001') == (
        'heat_template_version: 2021-04-16\nresources:\n  r:\n'
        '    type: OS::Heat::SoftwareConfig\n'
        '    properties:\n'
        '      config: |\n'
        '        if true; then\n'
        '        \techo tab\n'
        '        fi\n'
        '    metadata: {a: 1}\n')


def test_the_colon_after_edits_in_and_above_the_broken_entry():
    from hot_ls.rules.incremental import reanalyze
    text = ('heat_template_version: 2021-04-16\nresources:\n  first: {type: OS::Heat::None}\n'
            '  my_server\n    type: OS::Heat::None\n  other:\n    type: OS::Heat::None\n')
    analysis = analyze(text, PATH)
    for old, new in (('type: OS::Heat::None\n  other', 'type: OS::Heat::Nonex\n  other'),
                     ('first: {type: OS::Heat::None}', 'first: {type: OS::Heat::None, metadata: {}}')):
        text = text.replace(old, new)
        analysis, _ = reanalyze(analysis, text, PATH)
        [diagnostic] = [d for d in analysis.diagnostics if d.code == 'HOT001']
        [action] = code_actions(analysis, diagnostic.start, diagnostic.end, [diagnostic])
        assert apply(text, action.edits) == text.replace('my_server\n', 'my_server:\n')


UNUSED = yaml('''
    heat_template_version: 2021-04-16
    resources:
      port: {type: OS::Heat::None}
      server:
        type: OS::Heat::None
        dependson: port  # hot-ls: disable=HOT302, HOT112 legacy
    ''')


def test_unused_suppression_code_removed_from_its_comment():
    diagnostic, actions = actions_for(UNUSED, 'HOT010')
    assert titles(actions)[0] == 'Remove unused suppression HOT302'
    assert actions[0].preferred
    assert fixed(UNUSED, 'HOT010') == UNUSED.replace('HOT302, HOT112', 'HOT112')
    last = UNUSED.replace('HOT302, HOT112', 'HOT112 ,HOT302')
    assert fixed(last, 'HOT010') == UNUSED.replace('HOT302, HOT112', 'HOT112')
    middle = UNUSED.replace('HOT302, HOT112', 'resource-keys, HOT302, HOT112')
    assert fixed(middle, 'HOT010') == UNUSED.replace('HOT302, HOT112', 'resource-keys, HOT112')


def test_unused_suppression_comment_removed_when_it_is_the_last_code():
    text = UNUSED.replace('  # hot-ls: disable=HOT302, HOT112 legacy', '') + \
        '  other: {type: OS::Heat::None}   # hot-ls: disable=HOT302 was broken\n'
    assert fixed(text, 'HOT010', index=0) == \
        text.replace('   # hot-ls: disable=HOT302 was broken', '')
    alone = yaml('''
        heat_template_version: 2021-04-16
        resources:
          # hot-ls: disable-next-line=HOT302
          port: {type: OS::Heat::None}
        ''').replace('\n', '\r\n')
    assert fixed(alone, 'HOT010') == alone.replace('  # hot-ls: disable-next-line=HOT302\r\n', '')
    two = UNUSED.replace('legacy', '# hot-ls: disable-file=HOT999')
    assert fixed(two, 'HOT010', index=1) == two.replace(' # hot-ls: disable-file=HOT999', '')
    assert 'disable=HOT302, HOT112 #' in two


def _fake(code: str, offset: int):
    from hot_ls.analysis import Diagnostic, Severity
    return Diagnostic(code, 'fake', Severity.ERROR, 'fake', offset, offset)


# -- refactoring: extract a parameter ------------------------------------------------------------

def test_extract_a_property_value_into_a_parameter():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          volume:
            type: OS::Cinder::Volume
            properties:
              size: 10
              name: data
        ''')
    analysis = analyze(text, PATH)
    offset = text.index('10\n')
    actions = code_actions(analysis, offset, offset, [])
    assert [(a.title, a.kind) for a in actions] == [
        ('Extract "10" into parameter "size"', 'refactor.extract')]
    new = apply(text, actions[0].edits)
    assert new == text.replace('resources:', yaml('''
        parameters:
          size:
            type: number
            default: 10
        resources:''')).replace('size: 10', 'size: {get_param: size}')
    assert analyze(new, PATH).diagnostics == []
    # the name is taken: <resource>_<property>
    second = new + '  other:\n    type: OS::Cinder::Volume\n    properties: {size: 20}\n'
    analysis = analyze(second, PATH)
    offset = second.index('size: 20') + 6
    action = code_actions(analysis, offset, offset + 2, [])[0]
    assert action.title == 'Extract "20" into parameter "other_size"'
    assert apply(second, action.edits) == second.replace(
        'default: 10\n', 'default: 10\n  other_size:\n    type: number\n    default: 20\n'
    ).replace('{size: 20}', '{size: {get_param: other_size}}')


def test_no_refactoring_on_keys_functions_or_outside_properties():
    text = yaml('''
        heat_template_version: 2021-04-16
        resources:
          volume:
            type: OS::Cinder::Volume
            properties:
              size: {get_param: x}
        ''')
    analysis = analyze(text, PATH)
    for word in ('size', 'x}', 'OS::Cinder'):
        offset = text.index(word) + 1
        assert code_actions(analysis, offset, offset, []) == []


# -- robustness ---------------------------------------------------------------------------------

def test_a_failing_fix_costs_only_its_own_actions(monkeypatch):
    from hot_ls.features import code_actions as module

    def broken(ctx, diagnostic):
        raise RuntimeError('bug')

    monkeypatch.setitem(module.FIXERS, 'HOT702', [broken])
    _, actions = actions_for(SERVER.replace('Servr', 'Server'), 'HOT702')
    assert titles(actions) == ['Suppress HOT702 on this line', 'Suppress HOT702 in this file']


def test_identical_actions_are_merged():
    text = SERVER.replace('Servr', 'Server').replace('imag: cirros', 'imag: {get_param: a}')
    analysis = analyze(text, PATH)
    found = [d for d in analysis.diagnostics if d.code in ('HOT702', 'HOT301')]
    assert len(found) == 3
    line = [d for d in found if d.code == 'HOT702' or 'a)' in d.message]
    actions = code_actions(analysis, line[0].start, line[-1].end, line)
    suppress = [a for a in actions if a.title.startswith('Suppress')]
    assert len(suppress) == 4  # per code: line and file
    assert all(len(a.diagnostics) == 1 for a in suppress)
    two = code_actions(analysis, 0, len(text), [line[0], line[0]])
    assert len([a for a in two if a.title == 'Suppress HOT702 on this line']) == 1


@pytest.mark.parametrize('value, expected', [
    ({'a': ''}, ["k:", "  a: ''"]),
    ([{'a': 1, 'b': [{'c': ''}]}], ['k:', '  - a: 1', '    b:', "      - c: ''"]),
    ([], ['k: []']),
    ({}, ['k: {}']),
])
def test_block_entries(value, expected):
    assert yaml_edit.block_entry('k', value, 0, 2) == expected


def test_every_quick_fix_on_the_rule_fixtures_parses_and_fixes():
    """Over every rule fixture: each quick fix leaves YAML that parses, and fewer of its
    diagnostic (suppressions included)."""
    import glob
    import os

    from helpers import FIXTURES
    from hot_ls.text.source import read_source
    checked = 0
    for path in sorted(glob.glob(os.path.join(FIXTURES, 'rules', '*', '*.yaml'))):
        source = read_source(path)
        if not source.ok:
            continue  # nothing to fix but the file's encoding
        text = source.text
        analysis = analyze(text, path)
        if analysis.tree.syntax_errors:
            continue

        def count(result, diagnostic):
            return sum(1 for d in result.diagnostics
                       if (d.code, d.message) == (diagnostic.code, diagnostic.message))
        for diagnostic in analysis.diagnostics:
            for action in code_actions(analysis, diagnostic.start, diagnostic.end, [diagnostic]):
                if action.kind != 'quickfix':
                    continue
                # (an edit of another file: the settings file a stack entry goes to)
                own = [edit for edit in action.edits if edit.path in (None, path)]
                if not own:
                    continue
                new = apply(text, own)
                assert not parse(new).syntax_errors, (path, action.title)
                assert count(analyze(new, path), diagnostic) < count(analysis, diagnostic), \
                    (path, action.title)
                checked += 1
    assert checked > 300
