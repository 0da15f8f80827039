"""Hover as a pure function of an analysis and an offset, on real templates."""
from __future__ import annotations

import glob
import os
import textwrap

import pytest

from hot_ls.catalog import bundled
from hot_ls.features.hover import hover
from hot_ls.language import language
from hot_ls.rules import analyze

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PERF = os.path.join(os.path.dirname(ROOT), 'shared', 'perf')

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    description: demo
    parameters:
      flavor:
        type: string
        default: m1.small
        description: The flavor of the servers.
        constraints:
          - allowed_values: [m1.small, m1.large]
            description: small or large
      env: {type: string, default: dev}
      servers: {type: json, default: {web: {count: 2}}}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
      is_dev: {not: is_prod}
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network: private
          fixed_ips:
            - ip_address: 10.0.0.3
              subnet: sub
      server:
        type: OS::Nova::Server   # hot-ls: disable=HOT302,HOT303
        condition: is_dev
        depends_on: [port]
        properties:
          flavor: {get_param: flavor}
          image: {if: [is_prod, rhel, cirros]}
          key_name: {get_param: [servers, web, count]}
          networks:
            - port: {get_resource: port}
            - {network: private, subnet: sub}
          user_data:
            str_replace:
              template: "echo $name on $ip"
              params: {$name: {get_param: env}, $ip: {get_attr: [port, fixed_ips, 0]}}
          metadata: {a: {equals: [1, 1]}}
    outputs:
      address:
        description: The port's addresses.
        value: {get_attr: [port, fixed_ips]}
      joined:
        value: {list_join: ['-', [{get_param: flavor}, x]]}
    ''')
ANALYSIS = analyze(TEMPLATE, '/tmp/hover.yaml')


def at(needle: str, nth: int = 0, shift: int = 1, text: str = TEMPLATE, analysis=None):
    """The hover `shift` characters into the nth occurrence of `needle`."""
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    return hover(analysis or (ANALYSIS if text is TEMPLATE else analyze(text, '/tmp/h.yaml')),
                 index + shift)


def spanned(result, text: str = TEMPLATE) -> str:
    return text[result.span.start:result.span.end]


# -- exact content -------------------------------------------------------------

def test_parameter_where_it_is_used():
    result = at('flavor}')
    assert spanned(result) == 'flavor'
    assert result.markdown == textwrap.dedent('''\
        **flavor** · parameter

        *string* · default `"m1.small"`

        The flavor of the servers.

        Constraints:
        - `allowed_values: ["m1.small", "m1.large"]` — small or large

        Defined at line 4.''')


def test_parameter_where_it_is_declared():
    result = at('  flavor:', shift=3)
    assert spanned(result) == 'flavor'
    assert result.markdown.startswith('**flavor** · parameter\n\n*string* · default `"m1.small"`')
    assert 'Defined at line' not in result.markdown


def test_resource_reference_names_its_type_and_line():
    result = at('port}')
    assert spanned(result) == 'port'
    assert result.markdown == ('**port** · resource\n\n'
                               'Type `OS::Neutron::Port`: A resource for managing Neutron ports.'
                               '\n\nDefined at line 17.')
    for needle in ('[port]', '[port, fixed_ips, 0]', '[port, fixed_ips]}'):
        assert at(needle).markdown == result.markdown  # depends_on, get_attr


def test_condition_definition_and_value_under_the_defaults():
    result = at('is_prod}')  # not: is_prod
    assert result.markdown == textwrap.dedent('''\
        **is_prod** · condition

        ```yaml
        is_prod: {equals: [{get_param: env}, prod]}
        ```

        **Value** with the parameter defaults: `false`

        Defined at line 14.''')
    definition = at('  is_dev:', shift=3)
    assert '**Value** with the parameter defaults: `true`' in definition.markdown
    assert at('is_dev\n').markdown == definition.markdown + '\n\nDefined at line 15.'
    assert at('is_prod, rhel').markdown == result.markdown  # if's condition


def test_suppression_comment_shows_the_rule():
    result = at('HOT303')
    assert spanned(result) == 'HOT303'
    assert result.markdown.startswith(
        '*Suppressed on this line:*\n\n**HOT303** `undefined-condition` · error\n\n'
        'A condition name that is not defined in `conditions`.')
    assert '**Why it matters**' in result.markdown
    both = at('hot-ls: disable')
    assert '**HOT302**' in both.markdown and '**HOT303**' in both.markdown
    unknown = hover(analyze('heat_template_version: 2021-04-16  # hot-ls: disable=NOPE\n'), 50)
    assert 'not a hot-ls rule' in unknown.markdown


def test_hover_on_a_disable_next_line_comment():
    text = ('heat_template_version: 2021-04-16\nresources:\n'
            '  # hot-ls: disable-next-line=HOT112, unused-suppression\n'
            '  r: {type: OS::Heat::None, foo: 1}\n')
    analysis = analyze(text)
    assert analysis.diagnostics == []
    result = hover(analysis, text.index('HOT112') + 2)
    assert result.markdown.startswith('*Suppressed on the next line:*\n\n**HOT112** `resource-keys`')
    assert (result.span.start, result.span.end) == (text.index('HOT112'),
                                                   text.index('HOT112') + 6)
    both = hover(analysis, text.index('disable-next-line'))
    assert '**HOT112**' in both.markdown and '**HOT010**' in both.markdown
    whole = hover(analyze('# hot-ls: disable-file=HOT110\nheat_template_version: 2021-04-16\n'
                          'foo: 1\n'), 26)
    assert whole.markdown.startswith('*Suppressed in this file:*\n\n**HOT110**')


def test_attribute_of_get_attr():
    result = at('fixed_ips]}')
    assert spanned(result) == 'fixed_ips'
    assert result.markdown.startswith('**fixed_ips** · attribute of `OS::Neutron::Port`\n\n*list*')
    assert 'Fixed IP addresses.' in result.markdown


# -- functions ---------------------------------------------------------------------

def test_function_forms_arrival_and_version():
    result = at('get_attr: [port, fixed_ips]}')
    assert spanned(result) == 'get_attr'
    md = result.markdown
    assert md.startswith('**get_attr** · intrinsic function\n\nAn attribute of a resource')
    assert ('```yaml\nget_attr: [<resource_name>, <attribute_name>, <key/index>...]\n'
            'get_attr: [<resource_name>]\n```') in md
    assert 'Since HOT 2013-05-23; this template: 2021-04-16 (wallaby) (Heat\'s `GetAttAllAttributes`).' in md
    assert md.endswith('**Value** with the parameter defaults: `<<get_attr port fixed_ips>>`')


def test_forms_follow_the_version():
    old = TEMPLATE.replace('2021-04-16', '2014-10-16').replace(
        "{list_join: ['-', [{get_param: flavor}, x]]}", "{list_join: ['-', [a, b]]}")
    md = at('get_attr: [port, fixed_ips]}', text=old).markdown
    assert 'get_attr: [<resource_name>]' not in md
    assert 'this template: 2014-10-16 (Heat\'s `GetAtt`)' in md
    joined = at('list_join', text=old).markdown
    assert 'list_join: [<delimiter>, [<string>...]]' in joined
    assert joined.endswith('`"a-b"`')


def test_evaluated_value_of_str_replace():
    md = at('str_replace').markdown
    assert md.endswith('**Value** with the parameter defaults: '
                       '`echo dev on <<get_attr port fixed_ips 0>>`')
    assert at('list_join').markdown.endswith('`"m1.small-x"`')
    assert at('if: [').markdown.endswith('`"cirros"`')
    # a get_param path item: the parameter, and the value it picks
    path = at('count]')
    assert spanned(path) == 'count' and path.markdown.endswith('with the parameter defaults: `2`')


def test_values_not_evaluated_say_why():
    text = TEMPLATE.replace('condition: is_dev', 'condition: is_prod')
    md = at('get_param: flavor}', text=text).markdown
    assert md.endswith("*Value: not evaluated with the parameter defaults "
                       "(the resource's condition is false).*")
    branch = at('get_param: env}, x', text=TEMPLATE.replace(
        'image: {if: [is_prod, rhel, cirros]}', 'image: {if: [is_prod, {get_param: env}, x]}'))
    assert branch.markdown.endswith('(in an `if` branch not taken).*')


def test_removed_unavailable_and_condition_only_functions():
    text = textwrap.dedent('''\
        heat_template_version: 2016-10-14
        resources:
          r:
            type: OS::Heat::None
            properties:
              a: {Fn::Select: [0, [a]]}
              b: {list_concat: [[a], [b]]}
              c: {equals: [1, 1]}
        conditions:
          c1: {get_resource: r}
        ''')
    removed = at('Fn::Select', text=text).markdown
    assert '**Removed** from HOT 2015-10-15' in removed
    assert 'Use a `get_param` path or `yaql` instead.' in removed
    assert 'Since HOT 2013-05-23; this template: 2016-10-14 (newton).' in removed
    unavailable = at('list_concat', text=text).markdown
    assert '`list_concat` is not a function in HOT 2016-10-14 (newton): Heat reads it as a plain ' \
           'map here. It exists from HOT 2017-09-01.' in unavailable
    condition_only = at('equals', text=text).markdown
    assert 'is a condition function' in condition_only and 'plain data' in condition_only
    invalid = at('get_resource', text=text).markdown
    assert '**Not allowed in conditions**' in invalid
    assert at('equals: [1', text=TEMPLATE).markdown.startswith('**equals** · not a function here')


def _versions_template(version, names, section):
    lines = [f'heat_template_version: {version.version}', 'parameters:',
             '  p: {type: string, default: x}', 'resources:', '  r:', '    type: OS::Heat::None',
             f'{section}:']
    for number, name in enumerate(names):
        if section == 'outputs':
            lines.append(f'  o{number}:\n    value: {{"{name}": [p, 1]}}')
        else:
            lines.append(f'  c{number}: {{"{name}": [p, 1]}}')
    return '\n'.join(lines) + '\n'


@pytest.mark.parametrize('section', ['outputs', 'conditions'])
def test_every_function_in_every_version_names_its_arrival(section):
    lang = language()
    names = sorted(lang.all_function_names | lang.all_condition_function_names)
    for version in lang.hot_versions:
        if section == 'conditions' and not version.has_conditions:
            continue
        text = _versions_template(version, names, section)
        analysis = analyze(text)
        for name in names:
            offset = text.index(f'"{name}"') + 1
            result = hover(analysis, offset)
            assert result is not None, (version.version, name)
            md = result.markdown
            arrival = lang.first_version_with(name)
            assert f'Since HOT {arrival}; this template: {version.label}' in md, (version.version, name)
            assert text[result.span.start:result.span.end] == f'"{name}"'
            info = version.functions.get(name)
            impl = version.condition_impl(name) if section == 'conditions' else (
                'Removed' if info and info.removed else info and info.impl)
            if impl == 'Removed':
                assert f'**Removed** from HOT {lang.function_removals[name]}' in md
            elif impl == 'Invalid':
                assert '**Not allowed in conditions**' in md
            elif impl is None:
                assert 'not a function here' in md, (version.version, name)
            else:
                assert f"(Heat's `{impl}`)" in md and 'with the parameter defaults' in md


# -- resource types, properties, attributes -----------------------------------------------

def test_every_resource_type_shows_its_lifecycle():
    catalog = bundled()
    types = list(catalog.types(include_hidden=True))
    lines = ['heat_template_version: 2021-04-16', 'resources:']
    for number, rtype in enumerate(types):
        lines.append(f'  r{number}:\n    type: {rtype.name}')
    text = '\n'.join(lines) + '\n'
    analysis = analyze(text)
    for rtype in types:
        offset = text.index(f'type: {rtype.name}\n') + 7
        result = hover(analysis, offset)
        md = result.markdown
        assert md.startswith(f'**{rtype.name}** · resource type'), rtype.name
        assert f'*Lifecycle:* {rtype.support_status.text()}' in md
        if rtype.support_status.substitute:
            assert f'Substitute: `{rtype.support_status.substitute}`' in md
        if rtype.support_status.is_deprecated:
            assert '**Deprecated**' in md
    assert len(types) > 190


def test_resource_type_summary_required_properties_first():
    md = at('OS::Nova::Server').markdown
    assert '**Properties**: 1 required, ' in md
    assert '- `flavor` *string* · required\n- `admin_pass` *string*' in md
    assert '`personality` *map* (deprecated)' in md
    assert '**Attributes**: `accessIPv4`' in md
    deprecated = at('OS::Aodh::Alarm', text='heat_template_version: 2021-04-16\nresources:\n'
                                            '  a:\n    type: OS::Aodh::Alarm\n').markdown
    assert '**Deprecated**: deprecated in 10.0.0' in deprecated
    alias = at('OS::Metering', text='heat_template_version: 2021-04-16\nresources:\n'
                                    '  a:\n    type: OS::Metering::Alarm\n').markdown
    assert alias.startswith('**OS::Aodh::Alarm** · resource type (written `OS::Metering::Alarm`, '
                            'an alias)')


def test_properties_at_every_nesting_level():
    port = at('port: {get_resource').markdown
    assert port.startswith('**networks[].port** · property of `OS::Nova::Server`\n\n'
                           '*string* · optional')
    assert '`custom_constraint: "neutron.port"`' in port
    assert port.endswith('Can be updated in place.')
    flow = at('subnet: sub}')
    assert spanned(flow) == 'subnet' and flow.markdown.startswith('**networks[].subnet**')
    address = at('ip_address').markdown
    assert address.startswith('**fixed_ips[].ip_address** · property of `OS::Neutron::Port`')
    assert 'IP address desired in the subnet for this port.' in address
    assert '`custom_constraint: "ip_addr"`' in address
    assert at('subnet: sub\n').markdown.startswith('**fixed_ips[].subnet**')
    top = at('fixed_ips:').markdown
    assert top.startswith('**fixed_ips** · property of `OS::Neutron::Port`\n\n*list of map* · optional')


def test_property_facts_required_default_replacement_deprecation():
    key_name = at('key_name').markdown
    assert 'Changing this replaces the resource.' in key_name
    flavor = at('  flavor: {get', shift=6).markdown
    assert '*string* · required' in flavor
    text = TEMPLATE.replace('      image: {if', '      personality: {}\n      user_data_format: RAW\n'
                                              '      image: {if')
    personality = at('personality', text=text).markdown
    assert '**Deprecated**: deprecated in' in personality
    assert 'Changing this replaces the resource.' in personality
    fmt = at('user_data_format', text=text).markdown
    assert 'default `"HEAT_CFNTOOLS"`' in fmt
    assert '`allowed_values: ["HEAT_CFNTOOLS", "RAW", "SOFTWARE_CONFIG"]`' in fmt
    nested = at('ip_address: 10', text=TEMPLATE.replace('OS::Neutron::Port', 'OS::Neutron::Port'))
    assert nested is not None
    trunk = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        resources:
          t:
            type: OS::Neutron::Trunk
            properties:
              port: p
        ''')
    assert '**Immutable**: a stack update that changes it fails.' in at('port: p', text=trunk).markdown


def test_property_names_inside_functions_are_not_properties():
    assert at('template: "echo').markdown.startswith('**template** · argument of `str_replace`')
    assert at('$name:') is None
    assert at('a: {equals', shift=0) is None  # metadata is a map without schema


def test_deprecated_attribute_says_so():
    text = TEMPLATE.replace('{get_attr: [port, fixed_ips]}', '{get_attr: [server, accessIPv4]}')
    md = at('accessIPv4', text=text).markdown
    assert md.startswith('**accessIPv4** · attribute of `OS::Nova::Server`')
    assert '**Deprecated**: deprecated in 14.0.0' in md
    assert '*Lifecycle:* supported since 2015.1 → deprecated in 14.0.0' in md


# -- keys and the rest -------------------------------------------------------------------

def test_section_and_keyword_lines():
    assert at('resources:', shift=0).markdown == '**resources** · section\n\nThe resources of the stack.'
    assert at('depends_on').markdown == ('**depends_on** · resource key\n\n'
                                         'Resources that must be created first.')
    assert at('    description: The port', shift=5).markdown.startswith('**description** · output key')
    assert at('    default: m1', shift=5).markdown.startswith('**default** · parameter key')
    assert at('allowed_values').markdown.startswith('**allowed_values** · constraint')
    version = at('2021-04-16').markdown
    assert version.startswith('**HOT 2021-04-16 (wallaby)**\n\nFunctions: `contains`')


def test_outputs_show_their_value():
    md = at('  address:', shift=3).markdown
    assert md == ("**address** · output\n\nThe port's addresses.\n\n"
                  '**Value** with the parameter defaults: `<<get_attr port fixed_ips>>`')


def test_pseudo_parameters_and_nothing_useful():
    text = TEMPLATE.replace('{get_param: [servers, web, count]}', '{get_param: OS::stack_name}')
    assert at('OS::stack_name', text=text).markdown == \
        '**OS::stack_name** · pseudo parameter\n\nThe name of the stack.'
    assert at('cirros]') is None
    assert at('demo') is None
    assert hover(None, 3) is None
    assert hover(analyze('key: value\n'), 1) is None  # not a template


# -- robustness --------------------------------------------------------------------------

ODD = [
    # non-string keys, aliases and merge keys
    textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          1: {type: string}
          null: {type: number, default: 2}
          base: &base {type: string, default: x}
          other: *base
          [a, b]: {type: string}
        resources:
          3:
            type: OS::Nova::Server
            properties: &props
              flavor: {get_param: 1}
              networks: [{port: {get_resource: 3}}, *props]
              true: {get_attr: [3, 4, 5]}
          copy:
            <<: {type: OS::Heat::None}
            properties:
              <<: *props
              image: {get_param: [base, 0, null]}
        outputs:
          ? {a: b}
          : {value: 1}
          o: {value: {get_attr: [copy]}}
        '''),
    # recovered broken YAML while typing
    'heat_template_version: 2021-04-16\nresources:\n  s:\n    type: OS::Nova::Server\n'
    '    properties:\n      flavor: {get_param: \n      networks:\n        - port: [\n'
    '      image: {str_replace: {template: x, params: {\n',
    # JSON
    '{"heat_template_version": "2021-04-16", "resources": {"s": {"type": "OS::Nova::Server",'
    ' "properties": {"flavor": {"get_param": "f"}, "networks": [{"port": "p"}]}}}}',
    # not a mapping, bare scalars
    '- a\n- b\n', 'heat_template_version: 2021-04-16\nresources: 3\noutputs: [a]\n',
    'heat_template_version: 2021-04-16\nconditions:\n  c: true\n  d: {and: [c, {not: c}]}\n'
    'resources:\n  r: {type: OS::Heat::None, condition: {or: [c, d]}}\n',
    # a template of no known version (found by the long fuzz run): nothing is evaluated, and
    # hover on a function, a condition or an output said so with an AttributeError
    '😀heat_template_version: 2014-10-16\nresources:\n  c:\n    type: OS::Heat::SoftwareConfig\n'
    '    properties:\n      config: {get_file: fragments/x.sh}\noutputs:\n'
    '  o: {value: {get_resource: c}}\n',
    'conditions:\nnested.yaml|\n  heat_template_version: 2021-04-16\n',
    'conditions:\n  c: {equals: [1, 1]}\nresources:\n  r: {type: OS::Heat::None, condition: c}\n'
    'outputs:\n  o: {value: {get_attr: [r, x]}, condition: c}\nx: {get_param: p}\n',
]


@pytest.mark.parametrize('text', ODD)
def test_odd_trees_never_crash(text):
    analysis = analyze(text, '/tmp/odd.yaml')
    for offset in range(len(text) + 1):
        result = hover(analysis, offset)
        if result is not None:
            assert result.markdown
            assert 0 <= result.span.start <= offset <= result.span.end <= len(text)


def test_odd_trees_still_answer():
    text = ODD[0]
    analysis = analyze(text, '/tmp/odd.yaml')
    assert hover(analysis, text.index('get_param: 1') + 1).markdown.startswith('**get_param**')
    assert hover(analysis, text.index('[base') + 2).markdown.startswith('**base** · parameter')
    assert hover(analysis, text.index('flavor:') + 1).markdown.startswith('**flavor** · property')


@pytest.mark.skipif(not os.path.isdir(PERF), reason='no ../shared/perf corpus')
@pytest.mark.parametrize('path', sorted(glob.glob(os.path.join(PERF, '*.yaml'))),
                         ids=os.path.basename)
def test_corpus_hovers_never_crash(path):
    with open(path, encoding='utf-8') as fh:
        text = fh.read()
    analysis = analyze(text, path)
    lines = text.splitlines(keepends=True)
    offset = 0
    answered = 0
    for number, line in enumerate(lines):
        if number % 5 == 0:
            for column in range(0, len(line), 7):
                if hover(analysis, offset + column) is not None:
                    answered += 1
        offset += len(line)
    assert answered > 0


def test_condition_definitions_in_flow_and_block_style():
    text = ('heat_template_version: 2021-04-16\nparameters: {env: {type: string, default: prod}}\n'
            'conditions: {a: {equals: [{get_param: env}, prod]}, b: {not: a}}\n'
            'resources:\n  r: {type: OS::Heat::None, condition: b}\n'
            'outputs:\n  o:\n    condition:\n      and:\n        - a\n        - b\n    value: 1\n')
    first = at('a: {equals', shift=0, text=text).markdown
    assert '```yaml\na: {equals: [{get_param: env}, prod]}\n```' in first
    assert first.endswith('**Value** with the parameter defaults: `true`')
    used = at('b\n', text=text, nth=0, shift=0).markdown
    assert '```yaml\nb: {not: a}\n```' in used and '`false`' in used
    disabled = at('  o:', shift=2, text=text).markdown
    assert disabled.endswith('*Disabled with the parameter defaults (its condition is false).*')


def test_an_if_that_removes_its_key():
    text = TEMPLATE.replace('image: {if: [is_prod, rhel, cirros]}', 'image: {if: [is_prod, rhel]}')
    assert at('if: [', text=text).markdown.endswith(
        '**Value** with the parameter defaults: *removed* (the enclosing key or list item is left out)')


def test_suppression_comment_with_a_reason():
    text = ('heat_template_version: 2021-04-16\nresources:\n'
            '  r: {type: OS::Heat::None}  # hot-ls: disable=HOT302 legacy name, HOT303\n')
    result = at('legacy', text=text)
    assert result.markdown.count('**HOT30') == 2  # on the reason: the whole comment
    only = at('HOT302', text=text)
    assert text[only.span.start:only.span.end] == 'HOT302'
    assert '**HOT303**' not in only.markdown


def test_deletion_policies_and_custom_constraints():
    text = textwrap.dedent('''\
        heat_template_version: 2015-10-15
        parameters:
          address:
            type: string
            constraints:
              - custom_constraint: ip_addr
              - custom_constraint: nova.flavor
              - custom_constraint: acme.bucket
        resources:
          net: {type: OS::Neutron::Net, deletion_policy: Snapshot}
          volume: {type: OS::Cinder::Volume, deletion_policy: Snapshot, properties: {size: 1}}
          kept: {type: OS::Heat::None, deletion_policy: retain}
        ''')
    offline = at('ip_addr', text=text)
    assert offline.markdown.splitlines()[0] == '**ip_addr** · custom constraint'
    assert 'without a cloud' in offline.markdown and spanned(offline, text) == 'ip_addr'
    assert at('nova.flavor', text=text).markdown.splitlines()[0] == (
        '**nova.flavor** · custom constraint (nova)')
    assert 'Not a custom constraint of Heat' in at('acme.bucket', text=text).markdown
    net = at('Snapshot', text=text).markdown
    assert net.startswith('**Snapshot** · deletion policy')
    assert net.endswith('`OS::Neutron::Net` **cannot** take a snapshot before it is deleted.')
    assert at('Snapshot', nth=1, text=text).markdown.endswith(
        '`OS::Cinder::Volume` can take a snapshot before it is deleted.')
    assert at('retain', text=text).markdown.endswith(
        '*Not a deletion policy of HOT 2015-10-15: lowercase policies need 2016-10-14 or later.*')


# -- get_file: the file it names -------------------------------------------------

def test_a_get_file_path_shows_the_file_or_why_it_is_not_read(tmp_path):
    (tmp_path / 'scripts').mkdir()
    (tmp_path / 'scripts' / 'boot.sh').write_text(
        '#!/bin/sh\n' + ''.join(f'echo {n}\n' for n in range(30)))
    text = ('heat_template_version: 2021-04-16\nresources:\n  config:\n'
            '    type: OS::Heat::SoftwareConfig\n    properties:\n'
            '      config: {get_file: scripts/boot.sh}\n')
    path = str(tmp_path / 't.yaml')
    found = hover(analyze(text, path), text.index('boot.sh'))
    assert spanned(found, text) == 'scripts/boot.sh'
    assert found.markdown == '\n\n'.join([
        '**scripts/boot.sh** · file for `get_file` (31 lines)',
        f'`{tmp_path}/scripts/boot.sh`',
        '```sh\n#!/bin/sh\n' + ''.join(f'echo {n}\n' for n in range(19)) + '…\n```'])
    for written, why in (('scripts/gone.sh', f'`{tmp_path}/scripts/gone.sh` does not exist: '
                          'python-heatclient cannot read it, and `openstack stack create` '
                          'stops.'),
                         ('https://example.com/x.sh', 'Not read: a URL: hot-ls never fetches '
                          'anything.'),
                         ('../../../etc/passwd', 'Not read: outside the workspace folders and '
                          'search paths.')):
        other = text.replace('scripts/boot.sh', written)
        found = hover(analyze(other, path), other.index(written) + 2)
        assert found.markdown == f'**{written}** · file for `get_file`\n\n{why}'
