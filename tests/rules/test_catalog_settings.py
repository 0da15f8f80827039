"""The catalog checks follow the settings: custom plugins, cloud dumps, the target release."""
import os

from helpers import FIXTURES, check
from hot_ls.config import settings_from_dict

PLUGINS = os.path.join(FIXTURES, 'plugins', 'guide')
VENDOR = os.path.join(FIXTURES, 'catalogs', 'vendor')

FOO = '''\
heat_template_version: 2021-04-16
resources:
  foo:
    type: Resource::Foo
    properties:
      bar: 11
      baz: 1
outputs:
  a: {value: {get_attr: [foo, Attr_1]}}
  b: {value: {get_attr: [foo, Attr_3]}}
'''


def found(analysis):
    return [(d.code, d.message) for d in analysis.diagnostics]


def test_without_the_plugin_the_type_is_unknown():
    assert found(check(FOO)) == [
        ('HOT701', "The Resource Type (Resource::Foo) could not be found in Heat's catalog; it must "
                   "be mapped by an environment's resource_registry, and no environment is known "
                   "for this template (name them in the settings, `environments` or `stacks`, or "
                   "with hot-ls check -e)")]


def test_a_plugin_read_statically_is_checked_like_a_heat_type():
    analysis = check(FOO, settings=settings_from_dict({'plugin_paths': [PLUGINS]}))
    assert found(analysis) == [
        ('HOT705', 'bar: 11 is out of range (min: 5, max: 10)'),
        ('HOT702', 'Unknown Property baz; did you mean "bar"?'),
        ('HOT706', 'The Referenced Attribute (foo Attr_3) is incorrect: Resource::Foo has no '
                   'attribute "Attr_3"; did you mean "Attr_2" or "Attr_1"?'),
    ]


def test_required_property_of_a_plugin():
    analysis = check('''\
        heat_template_version: 2021-04-16
        resources:
          foo: {type: Resource::Foo}
        ''', settings=settings_from_dict({'plugin_paths': [PLUGINS]}))
    assert found(analysis) == [('HOT703', 'Property bar not assigned')]


SERVER = '''\
heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Nova::Server
    properties: {flavor: m1.small, image: cirros, vendor_tier: gold}
  volume:
    type: Vendor::Storage::Volume
    properties: {size: 1, tier: premium}
outputs:
  host: {value: {get_attr: [server, vendor_host_group]}}
'''


def test_a_cloud_dump_overrides_the_bundled_schema():
    plain = {d.code for d in check(SERVER).diagnostics}
    assert {'HOT701', 'HOT702', 'HOT706'} <= plain
    vendor = check(SERVER, settings=settings_from_dict({'catalogs': [VENDOR]}))
    assert found(vendor) == []


def test_target_release_reports_what_arrived_later():
    template = '''\
        heat_template_version: 2018-08-31
        resources:
          quota:
            type: OS::Octavia::Quota
            properties: {project: demo, pool: 10}
        '''
    assert found(check(template)) == []
    old = check(template, settings=settings_from_dict({'target_release': 'train'}))
    assert found(old) == [('HOT710', 'OS::Octavia::Quota is available since 14.0.0 (Ussuri); '
                                     'the target release is Train (13.0.0)')]
