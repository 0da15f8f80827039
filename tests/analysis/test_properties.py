"""The properties Heat hands a resource (hot_ls.analysis.properties), as `stack preview` shows.

tools/compare_preview.py holds these to Heat's own view over the corpus (every property
of 306 templates agrees); these cases pin what the corpus shows little of.
"""
from __future__ import annotations

import textwrap

from hot_ls.analysis.properties import catalog_attribute_names, preview
from hot_ls.catalog import effective_catalog
from hot_ls.config import Settings
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.model import Template
from hot_ls.syntax import parse

CATALOG = effective_catalog(Settings())


def resources(text: str, files: dict | None = None, raw: bool = False) -> dict:
    template = Template(parse(textwrap.dedent(text)), 'stack.yaml')
    evaluation = TemplateEvaluation(template, files=files,
                                    attribute_names=catalog_attribute_names(CATALOG))
    return preview(evaluation, CATALOG, raw=raw).to_json()['resources']


def test_what_heat_cannot_give_keeps_heats_message():
    found = resources('''\
        heat_template_version: 2021-04-16
        resources:
          port:
            type: OS::Neutron::Port
            properties: {network: a, network_id: b, admin_state_up: maybe}
          server:
            type: OS::Nova::Server
            properties: {image: cirros}
        ''')
    port = found['port']['properties']
    assert port['network'] == {'error': {'message': 'Property error: resources.port.properties.'
                                         'network: Cannot define the following properties at the '
                                         'same time: network, network_id'}}
    assert port['admin_state_up'] == {'error': {'message': 'Property error: resources.port.'
                                                'properties.admin_state_up: "maybe" is not a '
                                                'valid boolean'}}
    assert found['server']['properties']['flavor'] == {'error': {'message': 'Property error: '
                                                       'resources.server.properties.flavor: '
                                                       'Property flavor not assigned'}}


def test_a_provider_template_takes_its_parameters_as_properties():
    nested = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          name: {type: string, default: x}
          sizes: {type: comma_delimited_list}
          extra: {type: json}
          count: {type: number}
        ''')
    found = resources('''\
        heat_template_version: 2021-04-16
        resources:
          member:
            type: member.yaml
            properties: {sizes: '1,2', extra: [1], count: '3'}
        ''', files={'member.yaml': nested})
    assert found['member']['properties'] == {'name': None, 'sizes': ['1', '2'], 'extra': '[1]',
                                             'count': 3}


def test_deploy_time_values_pass_through_and_failures_land_where_a_translation_moves_them():
    found = resources('''\
        heat_template_version: 2021-04-16
        resources:
          net:
            type: OS::Neutron::Net
          port:
            type: OS::Neutron::Port
            properties:
              network_id: {get_resource: net}
              name: {str_split: [',', 'a,b', 5]}
        ''')
    port = found['port']['properties']
    assert port['network'] == '<<get_resource net>>' and port['network_id'] is None
    assert port['name']['error']['message'].startswith(
        'Property error: resources.port.properties.name: Incorrect index to "str_split"')


def test_an_infinite_integer_is_heats_overflow_not_a_crash():
    """`ip_version: .inf` (found by the long fuzz run): int() overflows; Heat lets its
    message through, as HOT704 reports it."""
    found = resources('''\
        heat_template_version: 2021-04-16
        resources:
          subnet:
            type: OS::Neutron::Subnet
            properties: {network: n, cidr: 10.0.0.0/24, ip_version: .inf}
        ''')
    assert found['subnet']['properties']['ip_version'] == {'error': {'message': (
        'Property error: resources.subnet.properties.ip_version: cannot convert float '
        'infinity to integer')}}


def test_a_json_parameter_given_a_list_with_a_deploy_time_value_is_not_serialised_yet():
    """A provider's json property given [{get_attr: ...}] (found by the long fuzz run: the
    preview's json.dumps failed on the attribute's placeholder): Heat serialises it once the
    attribute exists; until then the value passes through."""
    nested = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          extra: {type: json}
        ''')
    found = resources('''\
        heat_template_version: 2021-04-16
        resources:
          source: {type: OS::Heat::Value, properties: {value: x}}
          member:
            type: member.yaml
            properties: {extra: [1, {get_attr: [source, value]}]}
        ''', files={'member.yaml': nested})
    extra = found['member']['properties']['extra']
    assert isinstance(extra, list) and extra[0] == 1
