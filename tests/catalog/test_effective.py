"""The catalog a set of settings produces: precedence, problems, target release, caching."""
from __future__ import annotations

import os
import shutil
import time

from helpers import FIXTURES
from hot_ls.catalog import build_catalog, bundled, clear_cache, effective_catalog
from hot_ls.config.settings import Settings, settings_from_dict

PLUGINS = os.path.join(FIXTURES, 'plugins')
CATALOGS = os.path.join(FIXTURES, 'catalogs')


def test_default_settings_give_the_bundled_catalog():
    assert effective_catalog(Settings()) is bundled()
    assert bundled().target == bundled().releases.latest
    assert bundled().problems == ()


def test_plugins_and_dumps_join_the_bundled_types():
    settings = Settings(plugin_paths=(os.path.join(PLUGINS, 'guide'),),
                        catalogs=(os.path.join(CATALOGS, 'vendor'),))
    catalog = effective_catalog(settings)
    assert len(catalog) == 201 + 2  # Resource::Foo and Vendor::Storage::Volume
    assert catalog.resolve('Resource::Foo').properties['bar'].required
    assert 'vendor_tier' in catalog.resolve('OS::Nova::Server').properties
    assert catalog.resolve('OS::Quantum::Net').name == 'OS::Neutron::Net'  # aliases still apply
    assert catalog.problems == ()
    assert 'Resource::Foo' in catalog.names()
    assert bundled().get('Resource::Foo') is None  # the bundled catalog is not modified


def test_plugins_win_over_dumps(tmp_path):
    plugin = tmp_path / 'plugins'
    plugin.mkdir()
    (plugin / 'keypair.py').write_text(
        'from heat.engine import resource, properties\n'
        'class KeyPair(resource.Resource):\n'
        '    properties_schema = {"from_plugin": properties.Schema(properties.Schema.STRING)}\n'
        'def resource_mapping():\n'
        '    return {"OS::Nova::KeyPair": KeyPair}\n', encoding='utf-8')
    catalog = build_catalog(plugin_paths=(str(plugin),),
                            catalogs=(os.path.join(CATALOGS, 'OS_Nova_KeyPair.json'),))
    keypair = catalog.resolve('OS::Nova::KeyPair')
    assert list(keypair.properties) == ['from_plugin']
    assert keypair.source == str(plugin / 'keypair.py')
    dumps_only = build_catalog(catalogs=(os.path.join(CATALOGS, 'OS_Nova_KeyPair.json'),))
    assert dumps_only.resolve('OS::Nova::KeyPair').source.endswith('OS_Nova_KeyPair.json')


def test_problems_are_collected():
    catalog = build_catalog(plugin_paths=(os.path.join(PLUGINS, 'unresolvable'), '/nonexistent'),
                            catalogs=('/nonexistent.json',), target_release='trian')
    messages = [(p.path, p.severity, p.message) for p in catalog.problems]
    assert ('target_release', 'error', 'unknown Heat release "trian"; using the newest, '
            '2026.2 Hibiscus (27.0.0)') in messages
    assert ('/nonexistent.json', 'error', 'catalog path does not exist') in messages
    assert ('/nonexistent', 'error', 'plugin path does not exist') in messages
    assert any(p.path.endswith('dynamic.py') and p.line == 32 for p in catalog.problems)
    assert catalog.target == catalog.releases.latest


def test_target_release_from_settings():
    settings = settings_from_dict({'targetRelease': 'Train'})
    catalog = effective_catalog(settings)
    assert catalog.target.number == '13.0.0'
    quota = catalog.resolve('OS::Octavia::Quota')
    assert catalog.availability(quota.name, quota.support_status) == (
        'OS::Octavia::Quota is available since 14.0.0 (Ussuri); '
        'the target release is Train (13.0.0)')
    assert effective_catalog(Settings(target_release='13.0.0')).target.name == 'train'


def test_cache_is_keyed_on_settings_and_files(tmp_path):
    clear_cache()
    shutil.copytree(os.path.join(PLUGINS, 'guide'), tmp_path / 'guide')
    settings = Settings(plugin_paths=(str(tmp_path / 'guide'),))
    first = effective_catalog(settings)
    assert effective_catalog(Settings(plugin_paths=(str(tmp_path / 'guide'),))) is first
    assert effective_catalog(Settings(plugin_paths=(str(tmp_path / 'guide'),),
                                      target_release='train')) is not first
    path = tmp_path / 'guide' / 'resource_foo.py'
    text = path.read_text(encoding='utf-8').replace("'Resource::Foo'", "'Resource::Bar'")
    time.sleep(0.01)
    path.write_text(text, encoding='utf-8')
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10_000_000))
    changed = effective_catalog(settings)
    assert changed is not first
    assert changed.resolve('Resource::Bar') is not None and changed.resolve('Resource::Foo') is None
