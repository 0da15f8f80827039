"""The semantic model: every symbol and every reference, with the exact range of the name."""
import textwrap

from hot_ls.model import Template
from hot_ls.model.symbols import CONDITION, PARAMETER, RESOURCE
from hot_ls.syntax import parse

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    parameters:
      net: {type: string, default: private}
      servers: {type: json, default: {a: [1, 2]}}
    parameter_groups:
      - label: net
        parameters: [net]
    conditions:
      prod: {equals: [{get_param: net}, prod]}
      not_prod: {not: prod}
      both: {and: [prod, not_prod]}
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network: {get_param: net}
          name: {get_param: [servers, a, 0]}
      server:
        type: OS::Nova::Server
        depends_on: port
        condition: prod
        properties:
          networks:
            - port: {get_resource: port}
          name: {get_param: OS::stack_name}
          metadata:
            ip: {get_attr: [port, fixed_ips, 0, ip_address]}
            pick: {if: [not_prod, {get_resource: port}, x]}
      extra:
        type: OS::Heat::None
        depends_on: [port, server]
    outputs:
      ip:
        value: {get_attr: [server, first_address]}
        condition: both
    ''')


def _template():
    return Template(parse(TEMPLATE))


def _at(ref):
    return TEMPLATE[ref.start:ref.end]


def test_symbols_have_the_ranges_of_their_names():
    template = _template()
    assert list(template.parameters) == ['net', 'servers']
    assert list(template.resources) == ['port', 'server', 'extra']
    assert list(template.conditions) == ['prod', 'not_prod', 'both']
    assert list(template.outputs) == ['ip']
    server = template.resources['server']
    assert TEMPLATE[server.key.start:server.key.end] == 'server'
    assert TEMPLATE.count('\n', 0, server.key.start) == 17
    assert server.type_name == 'OS::Nova::Server'
    assert [TEMPLATE[p.start:p.end] for p in template.parameter_groups[0].parameters] == ['net']


def test_parameter_references_including_list_paths_and_pseudo_parameters():
    refs = [r for r in _template().references if r.kind == PARAMETER]
    found = [(r.name, r.via, r.owner, _at(r)) for r in refs]
    assert ('net', 'get_param', ('resources', 'port'), 'net') in found
    assert ('servers', 'get_param', ('resources', 'port'), 'servers') in found
    assert ('OS::stack_name', 'get_param', ('resources', 'server'), 'OS::stack_name') in found
    assert ('net', 'get_param', ('conditions', 'prod'), 'net') in found
    assert ('net', 'parameter_groups', ('parameter_groups', None), 'net') in found
    servers = next(r for r in refs if r.name == 'servers')
    assert [node.value for node in servers.path] == ['a', 0]


def test_resource_references_from_get_resource_get_attr_and_depends_on():
    refs = [r for r in _template().references if r.kind == RESOURCE]
    found = sorted((r.owner[1], r.via, r.name, r.field, r.guarded) for r in refs)
    assert found == [
        ('extra', 'depends_on', 'port', 'depends_on', False),
        ('extra', 'depends_on', 'server', 'depends_on', False),
        ('ip', 'get_attr', 'server', 'value', False),
        ('server', 'depends_on', 'port', 'depends_on', False),
        ('server', 'get_attr', 'port', 'properties', False),
        ('server', 'get_resource', 'port', 'properties', False),
        ('server', 'get_resource', 'port', 'properties', True),  # inside an if branch
    ]
    get_attr = next(r for r in refs if r.via == 'get_attr' and r.owner == ('resources', 'server'))
    assert TEMPLATE[get_attr.attribute.start:get_attr.attribute.end] == 'fixed_ips'
    assert [n.value for n in get_attr.path] == ['fixed_ips', 0, 'ip_address']
    for ref in refs:
        assert _at(ref) == ref.name


def test_condition_references_from_resources_outputs_if_and_other_conditions():
    refs = [r for r in _template().references if r.kind == CONDITION]
    found = sorted((r.owner, r.via, r.name) for r in refs)
    assert found == [
        (('conditions', 'both'), 'and', 'not_prod'),
        (('conditions', 'both'), 'and', 'prod'),
        (('conditions', 'not_prod'), 'not', 'prod'),
        (('outputs', 'ip'), 'condition', 'both'),
        (('resources', 'server'), 'condition', 'prod'),
        (('resources', 'server'), 'if', 'not_prod'),
    ]
    for ref in refs:
        assert _at(ref) == ref.name


def test_a_condition_shared_through_a_yaml_alias_is_walked_in_each_place():
    """An anchored condition body reused by another condition (found by the long fuzz run:
    the walk of a shared node in the conditions section failed with TypeError)."""
    template = Template(parse(textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          p: {type: string, default: a}
        conditions:
          c1: &eq {equals: [{get_param: p}, a]}
          c2: {not: *eq}
        resources:
          r: {type: OS::Heat::None, condition: c2}
        ''')))
    found = sorted((r.owner, r.name) for r in template.references if r.kind == PARAMETER)
    assert found == [(('conditions', 'c1'), 'p'), (('conditions', 'c2'), 'p')]


def test_used_conditions_follow_references_between_conditions():
    template = Template(parse(textwrap.dedent('''\
        heat_template_version: 2021-04-16
        conditions:
          a: {not: b}
          b: true
          lonely: {not: b}
        resources:
          r: {type: OS::Heat::None, condition: a}
        ''')))
    assert template.used_conditions() == {'a', 'b'}


def test_function_calls_know_their_context_and_implementation():
    template = _template()
    calls = {(c.name, c.context, c.impl) for c in template.calls}
    assert ('equals', 'condition', 'Equals') in calls
    assert ('get_param', 'condition', 'GetParam') in calls
    assert ('get_attr', 'value', 'GetAttAllAttributes') in calls
    assert ('if', 'value', 'IfNullable') in calls


def test_version_specific_tables_decide_what_is_a_call():
    old = Template(parse(textwrap.dedent('''\
        heat_template_version: 2013-05-23
        parameters:
          p: {type: string}
        resources:
          r:
            type: OS::Heat::None
            properties:
              a: {Ref: p}
              b: {Ref: r2}
              c: {str_split: [',', 'a,b']}
              d: {get_attr: [r2, x]}
          r2: {type: OS::Heat::None}
        ''')))
    assert {(c.name, c.impl) for c in old.calls} == {('Ref', 'Ref'), ('get_attr', 'GetAttThenSelect')}
    refs = {(r.kind, r.name, r.via) for r in old.references}
    assert ('parameter', 'p', 'Ref') in refs
    assert ('resource', 'r2', 'Ref') in refs
    assert [key.value for _, key, _ in old.lookalikes] == ['str_split']


def test_a_broken_template_still_has_a_model():
    template = Template(parse('heat_template_version: 2021-04-16\nresources:\n  r:\n    type: [\n'))
    assert template.version is not None
    assert template.calls == []
