"""Schemas dumped from a live cloud (`openstack orchestration resource type show -f json`).

The fixtures in fixtures/catalogs/ were made by Heat itself
(tools/gen_cloud_dumps.py calls EngineService.resource_schema).
"""
from __future__ import annotations

import json
import os

from helpers import FIXTURES
from hot_ls.catalog import bundled
from hot_ls.catalog.dumps import load_dumps

CATALOGS = os.path.join(FIXTURES, 'catalogs')


def test_fixture_files_have_the_commands_format():
    with open(os.path.join(CATALOGS, 'OS_Nova_KeyPair.json'), encoding='utf-8') as fh:
        keypair = json.load(fh)
    assert list(keypair) == ['resource_type', 'properties', 'attributes', 'support_status',
                             'description']
    assert keypair['properties']['name'] == {
        'type': 'string', 'description': 'The name of the key pair.', 'required': True,
        'constraints': [{'length': {'min': 1, 'max': 255}}], 'update_allowed': False,
        'immutable': False}
    with open(os.path.join(CATALOGS, 'list.json'), encoding='utf-8') as fh:
        listed = json.load(fh)
    assert [entry['resource_type'] for entry in listed] == [
        'OS::Heat::RandomString', 'OS::Neutron::Net', 'OS::Octavia::Quota']
    assert all('description' not in entry for entry in listed)  # shown without --long


def test_one_file_a_list_and_a_directory():
    types, problems = load_dumps((os.path.join(CATALOGS, 'OS_Nova_KeyPair.json'),
                                  os.path.join(CATALOGS, 'list.json'),
                                  os.path.join(CATALOGS, 'vendor')), bundled())
    assert problems == []
    assert sorted(types) == ['OS::Heat::RandomString', 'OS::Neutron::Net', 'OS::Nova::KeyPair',
                             'OS::Nova::Server', 'OS::Octavia::Quota', 'Vendor::Storage::Volume']
    keypair = types['OS::Nova::KeyPair']
    assert keypair.source == os.path.join(CATALOGS, 'OS_Nova_KeyPair.json')
    assert keypair.properties['name'].constraints[0].max == 255
    assert keypair.description.startswith('A resource for creating Nova key pairs.')
    assert types['OS::Octavia::Quota'].support_status.since == '14.0.0'
    assert types['OS::Neutron::Net'].description == ''


def test_a_vendor_patched_cloud_overrides_the_bundled_schema():
    types, _ = load_dumps((os.path.join(CATALOGS, 'vendor'),), bundled())
    server = types['OS::Nova::Server']
    bundled_server = bundled().get('OS::Nova::Server')
    assert 'vendor_tier' not in bundled_server.properties
    tier = server.properties['vendor_tier']
    assert (tier.type, tier.default, tier.update_allowed) == ('string', 'gold', True)
    assert tier.constraints[0].allowed == ('gold', 'silver')
    assert 'vendor_host_group' in server.attributes
    # What the dump cannot carry comes from the bundled type: hidden and
    # unimplemented properties (which Heat still knows) and code behaviour.
    hidden = {n for n, p in bundled_server.properties.items() if p.support_status.is_hidden}
    assert hidden and hidden <= set(server.properties)
    assert server.update_policy == {}
    volume = types['Vendor::Storage::Volume']
    assert volume.properties['size'].required
    assert volume.support_status.since == '24.0.0'
    assert volume.update_policy is None  # unknown for a type only the cloud knows
    assert volume.accepts_any_attribute is False
    assert volume.supports_snapshot is None  # its class is the cloud's: not checked
    assert server.supports_snapshot is True  # the bundled class's behaviour


def test_dumps_override_in_the_effective_catalog():
    from hot_ls.catalog import build_catalog
    catalog = build_catalog(catalogs=(os.path.join(CATALOGS, 'vendor'),))
    assert 'vendor_tier' in catalog.resolve('OS::Nova::Server').properties
    assert catalog.resolve('OS::Nova::Server').source.endswith('OS_Nova_Server.json')
    assert catalog.resolve('Vendor::Storage::Volume') is not None
    assert catalog.resolve('OS::Nova::KeyPair').source == 'bundled'
    assert not catalog.heat_owns('Vendor::Storage::Nope')
    group = build_catalog(catalogs=(os.path.join(CATALOGS, 'list.json'),))
    assert group.resolve('OS::Heat::RandomString').source.endswith('list.json')


def test_bad_dump_files(tmp_path):
    (tmp_path / 'bad.json').write_text('{"resource_type": ', encoding='utf-8')
    (tmp_path / 'other.json').write_text('[{"nothing": 1}]', encoding='utf-8')
    (tmp_path / 'weird.json').write_text(json.dumps({
        'resource_type': 'X::Y', 'properties': {'p': {'type': 'strange'},
                                                'q': {'type': 'integer', 'constraints': [
                                                    {'range': {'min': 'a'}}]}}}),
        encoding='utf-8')
    types, problems = load_dumps((str(tmp_path), str(tmp_path / 'nope.json')), bundled())
    messages = sorted((os.path.basename(p.path), p.line, p.message) for p in problems)
    assert messages[0][:2] == ('bad.json', 1) and messages[0][2].startswith('not JSON')
    assert ('nope.json', None, 'catalog path does not exist') in messages
    assert ('other.json', None, 'entry 0 is not a resource type schema (no "resource_type"), '
            'ignored') in messages
    weird = [m for m in messages if m[0] == 'weird.json']
    assert [m[2] for m in weird] == [
        'X::Y: property "p": unknown type "strange", treated as "any"',
        'X::Y: property "q": constraint {\'range\': {\'min\': \'a\'}} is invalid '
        '(min/max must be numeric), ignored']
    assert types['X::Y'].properties['p'].type == 'any'
