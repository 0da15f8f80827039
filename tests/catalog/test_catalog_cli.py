"""`hot-ls catalog list|show`, and the catalog options of `check`, through the real command."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from helpers import FIXTURES, ROOT

PLUGINS = os.path.join(FIXTURES, 'plugins')
CATALOGS = os.path.join(FIXTURES, 'catalogs')


def run(*args, cwd=None):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True,
                          text=True, cwd=cwd or ROOT, env={**os.environ, 'PYTHONPATH': ROOT})


def test_list_leaves_hidden_types_out_unless_all():
    visible = run('catalog', 'list')
    assert visible.returncode == 0, visible.stderr
    names = visible.stdout.splitlines()
    assert len(names) == 163 and names == sorted(names)
    assert 'OS::Nova::Server' in names and 'OS::Neutron::LBaaS::Pool' not in names
    everything = run('catalog', 'list', '--all').stdout.splitlines()
    assert len(everything) == 201 and 'OS::Neutron::LBaaS::Pool' in everything


def test_list_with_plugins_and_dumps():
    result = run('catalog', 'list', '--plugin-path', os.path.join(PLUGINS, 'nested'),
                 '--plugin-path', os.path.join(PLUGINS, 'unresolvable'),
                 '--catalog', os.path.join(CATALOGS, 'vendor'))
    assert result.returncode == 0
    names = result.stdout.splitlines()
    assert {'ACME::Storage::Bucket', 'Dynamic::Thing', 'Vendor::Storage::Volume'} <= set(names)
    assert 'ACME::Storage::OldBucket' not in names  # HIDDEN
    [warning] = result.stderr.splitlines()
    assert warning.startswith('hot-ls: warning: ') and 'dynamic.py:32: cannot resolve' in warning


def test_list_from_a_config_file(tmp_path):
    (tmp_path / '.hot-ls.toml').write_text(
        f'plugin_paths = ["{os.path.join(PLUGINS, "guide")}"]\n', encoding='utf-8')
    result = run('catalog', 'list', cwd=str(tmp_path))
    assert 'Resource::Foo' in result.stdout.splitlines()


def test_show_json():
    result = run('catalog', 'show', 'OS::Nova::Server', '--format', 'json')
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data['resource_type'] == 'OS::Nova::Server'
    assert data['properties']['flavor']['required'] is True
    assert data['properties']['flavor']['constraints'] == [{'custom_constraint': 'nova.flavor'}]
    assert data['source'] == 'bundled'
    alias = json.loads(run('catalog', 'show', 'OS::Quantum::Net', '--format', 'json').stdout)
    assert (alias['resource_type'], alias['requested'], alias['alias']) == (
        'OS::Neutron::Net', 'OS::Quantum::Net', 'OS::Quantum*')


def test_show_text_summary():
    result = run('catalog', 'show', 'OS::Heat::SoftwareDeployments', '--format', 'text')
    lines = result.stdout.splitlines()
    assert lines[:2] == ['OS::Heat::SoftwareDeployments', '  No description available']
    assert ('Support status: deprecated in 2014.2 → hidden in 7.0.0: Please use '
            'OS::Heat::SoftwareDeploymentGroup instead.') in lines
    assert '  config: string, update allowed' in lines
    assert '  servers: map, required, update allowed' in lines
    assert ('  actions: list, default ["CREATE", "UPDATE"], update allowed, one of "CREATE", '
            '"UPDATE", "DELETE", "SUSPEND", "RESUME"') in lines
    policy = lines.index('Update policy:')
    assert lines[policy + 1:policy + 4] == [
        '  batch_create: map', '      [since 7.0.0 (Newton)]',
        '      max_batch_size: integer, default 1, range >= 1']
    assert '  (get_attr accepts any attribute name on this type)' in lines


def test_show_text_with_target_release():
    result = run('catalog', 'show', 'OS::Octavia::Quota', '--target-release', 'train')
    assert '  OS::Octavia::Quota is available since 14.0.0 (Ussuri); the target release is ' \
           'Train (13.0.0)' in result.stdout.splitlines()
    port = run('catalog', 'show', 'OS::Neutron::Port', '--target-release', 'train').stdout
    assert '      [since 16.0.0 (Wallaby); not in the target release Train (13.0.0)]' in \
        port.splitlines()
    assert '  fixed_ips: list of map, update allowed' in port.splitlines()
    assert '      subnet: string, custom constraint neutron.subnet' in port.splitlines()


def test_show_plugin_type_and_constraints_text():
    result = run('catalog', 'show', 'Resource::Foo', '--plugin-path',
                 os.path.join(PLUGINS, 'guide'))
    lines = result.stdout.splitlines()
    assert '  bar: integer, required, range 5..10' in lines
    assert '  foo: string, required, default "foo"' in lines
    assert f'Source: {os.path.join(PLUGINS, "guide", "resource_foo.py")}' in lines
    assert '  Attr_1: string' in lines and '      [since 5.0.0 (Liberty)]' in lines


def test_show_unknown_type_and_template_alias():
    unknown = run('catalog', 'show', 'OS::Nova::Servr')
    assert unknown.returncode == 1
    assert unknown.stderr == ('hot-ls: unknown resource type "OS::Nova::Servr"; did you mean '
                              'OS::Nova::Server, OS::Nova::ServerGroup, OS::Nova::Flavor?\n')
    template = run('catalog', 'show', 'AWS::CloudWatch::Alarm', '--format', 'json')
    assert json.loads(template.stdout) == {
        'resource_type': 'AWS::CloudWatch::Alarm',
        'template': 'file:///etc/heat/templates/AWS_CloudWatch_Alarm.yaml'}


def test_bad_target_release_is_an_error():
    for command in (['catalog', 'list'], ['check', os.path.join(FIXTURES, 'examples')]):
        result = run(*command, '--target-release', 'bogus')
        assert result.returncode == 2
        assert result.stdout == ''
        assert result.stderr == (
            'hot-ls: error: target_release (from --target-release): "bogus" is not a Heat release '
            '(a name such as flamingo, gazpacho, hibiscus, or a number such as 27.0.0)\n')


def test_list_with_a_target_release_lists_what_it_has():
    newest = run('catalog', 'list').stdout.splitlines()
    train = run('catalog', 'list', '--target-release', 'train').stdout.splitlines()
    assert set(train) < set(newest)
    # added in 14.0.0 (Ussuri), after Train
    assert 'OS::Neutron::QoSMinimumBandwidthRule' in newest
    assert 'OS::Neutron::QoSMinimumBandwidthRule' not in train
    assert 'OS::Nova::Server' in train


def test_missing_catalog_and_plugin_paths_are_errors(tmp_path):
    template = os.path.join(FIXTURES, 'examples', 'server.yaml')
    result = run('check', '--catalog', str(tmp_path / 'dump.json'), '--plugin-path',
                 str(tmp_path / 'plugins'), template)
    assert result.returncode == 2 and result.stdout == ''
    assert result.stderr == (f'hot-ls: error: {tmp_path / "dump.json"}: catalog path does not '
                             f'exist\nhot-ls: error: {tmp_path / "plugins"}: plugin path does not '
                             'exist\n')


def test_show_suggests_the_types_a_word_names():
    result = run('catalog', 'show', 'Server')
    assert result.returncode == 1
    assert result.stderr == ('hot-ls: unknown resource type "Server"; did you mean '
                             'OS::Nova::Server, OS::Nova::ServerGroup, OS::Heat::DeployedServer?\n')


def test_check_accepts_the_catalog_options():
    from hot_ls.cli.main import settings_for, build_parser
    args = build_parser().parse_args([
        'check', '--plugin-path', 'plugins', '--plugin-path', '/abs', '--catalog', 'c.json',
        '--target-release', 'train', 'x.yaml'])
    settings = settings_for(args)
    assert settings.origins['plugin_paths'] == ('--plugin-path',)
    assert settings.plugin_paths[-2:] == (os.path.abspath('plugins'), '/abs')
    assert settings.catalogs[-1] == os.path.abspath('c.json')
    assert settings.target_release == 'train'
    result = run('check', '--target-release', 'train', '--plugin-path',
                 os.path.join(PLUGINS, 'guide'), os.path.join(FIXTURES, 'examples', 'server.yaml'))
    assert result.returncode == 0, result.stdout + result.stderr


def test_catalog_without_subcommand_is_a_usage_error():
    result = run('catalog')
    assert result.returncode == 2
