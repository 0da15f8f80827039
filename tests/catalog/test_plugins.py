"""Custom resource plugins read statically: the guide's example, Heat's own answers, problems.

fixtures/plugins/golden.json is what Heat itself made of the guide and
nested fixtures (tools/gen_plugin_golden.py loads them with Heat's plugin
loader); the static reading must give the same schemas.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

from helpers import FIXTURES, HEAT_RESOURCES, ROOT
from hot_ls.catalog import bundled
from hot_ls.catalog.plugins import discover, load_plugins
from hot_ls.language import constraints as constr

PLUGINS = os.path.join(FIXTURES, 'plugins')


def load(*names):
    return load_plugins(tuple(os.path.join(PLUGINS, n) for n in names), bundled())


def comparable(body: dict) -> dict:
    out = {k: v for k, v in body.items()
           if k not in ('path', 'line', 'update_policy_known', 'class')}
    if not out.get('update_policy'):
        out.pop('update_policy', None)
    return out


def test_the_guide_example():
    types, problems = load('guide')
    assert problems == []
    assert list(types) == ['Resource::Foo']
    foo = types['Resource::Foo']
    assert foo.source == os.path.join(PLUGINS, 'guide', 'resource_foo.py')
    assert foo.description == "The example resource of Heat's plugin guide."
    assert list(foo.properties) == ['foo', 'bar']
    prop_foo, prop_bar = foo.properties['foo'], foo.properties['bar']
    assert (prop_foo.type, prop_foo.required, prop_foo.default, prop_foo.description) == (
        'string', True, 'foo', 'foo prop description')
    assert (prop_bar.type, prop_bar.required, prop_bar.default) == ('integer', True, None)
    [bar_range] = prop_bar.constraints
    assert isinstance(bar_range, constr.Range)
    assert (bar_range.min, bar_range.max) == (5, 10)
    assert prop_bar.value_schema().validate_constraints(11) == (
        '11 is out of range (min: 5, max: 10)')
    assert prop_bar.value_schema().validate_constraints('7') is None
    assert sorted(foo.attributes) == ['Attr_1', 'Attr_2', 'show']
    assert foo.attributes['Attr_1'].type == 'string'
    assert foo.attributes['Attr_1'].support_status.since == '5.0.0'
    assert foo.attributes['Attr_2'].type == 'map'
    assert foo.attributes['show'].description == 'Detailed information about resource.'
    assert foo.update_policy == {}
    assert not foo.accepts_any_attribute
    assert foo.supports_snapshot is False
    assert foo.support_status.text() == 'supported'


@pytest.mark.parametrize('directory', ['guide', 'nested'])
def test_static_reading_matches_heat(directory):
    with open(os.path.join(PLUGINS, 'golden.json'), encoding='utf-8') as fh:
        golden = json.load(fh)
    expected = {name: entry['schema'] for name, entry in golden.items()
                if entry['directory'] == directory}
    types, problems = load(directory)
    assert problems == []
    assert sorted(types) == sorted(expected)
    for name, rtype in types.items():
        assert comparable(rtype.body) == expected[name], name


def test_nested_schemas_support_status_and_inheritance():
    types, _ = load('nested')
    bucket = types['ACME::Storage::Bucket']
    rules = bucket.properties['rules']
    assert rules.item.type == 'map'
    principal = rules.item.schema['principal']
    assert principal.required and principal.constraints[0].name == 'keystone.user'
    prefixes = rules.item.schema['prefixes']
    assert isinstance(prefixes.item.constraints[0], constr.Length)
    assert rules.item.schema['access'].description == 'The access granted: read, write.'
    assert bucket.properties['name'].description == (
        'The name of the resource. Lower case letters, digits and dashes.')
    assert bucket.properties['size'].default == 'small'  # from the imported helper module
    assert bucket.support_status.text() == 'supported since 16.0.0: Buckets arrived in Wallaby.'
    legacy = bucket.properties['legacy_acl'].support_status
    assert legacy.text() == ('supported since 16.0.0 → deprecated in 17.0.0 → hidden in 18.0.0: '
                             'Use "rules".')
    old = types['ACME::Storage::OldBucket']
    assert old.hidden and old.substitute == 'ACME::Storage::Bucket'
    assert 'replicas' not in old.properties and old.properties['region'].required
    group = types['ACME::Storage::BucketGroup']
    assert group.accepts_any_attribute  # inherited from ResourceGroup's get_attribute
    # `deletion_policy: Snapshot` needs handle_snapshot_delete, here or in a base class
    assert (bucket.supports_snapshot, old.supports_snapshot, group.supports_snapshot) == (
        True, True, False)
    assert 'name_prefix' in group.properties and 'resource_def' in group.properties
    assert 'rolling_update' in group.update_policy
    assert 'ACME::Test::Fake' not in types  # `tests` packages are skipped, as Heat does


def test_unresolvable_constructs_are_reported_once_with_their_line():
    types, problems = load('unresolvable')
    thing = types['Dynamic::Thing']
    assert sorted(thing.properties) == ['name', 'size']  # 'zone' is left out, the rest is used
    assert thing.properties['name'].required
    assert thing.properties['size'].description is None  # _() + '...' fails in Heat
    assert thing.properties['size'].default == 1
    assert thing.attributes['Attr_1'].type == 'string'
    assert thing.attributes['Attr_1'].support_status.text() == 'supported'
    [problem] = problems
    path = os.path.join(PLUGINS, 'unresolvable', 'dynamic.py')
    assert (problem.path, problem.severity) == (path, 'warning')
    with open(path, encoding='utf-8') as fh:
        lines = fh.read().splitlines()
    assert lines[problem.line - 1].strip() == 'ZONE: _zone_schema(),'
    assert problem.message.startswith('cannot resolve statically: a call to _zone_schema()')
    assert 'line 35: a _() text joined with "+"' in problem.message
    assert 'line 44: heat.engine.support.Status, which Heat does not define' in problem.message
    assert str(problem).startswith(f'{path}:{problem.line}: cannot resolve statically')


def test_harmful_plugin_is_never_executed(tmp_path):
    shutil.copytree(os.path.join(PLUGINS, 'harmful'), tmp_path / 'harmful')
    types, problems = load_plugins((str(tmp_path / 'harmful'),), bundled())
    assert not (tmp_path / 'harmful' / 'IMPORTED').exists()
    assert sorted(types) == ['Evil::Looks::Harmless']
    assert types['Evil::Looks::Harmless'].properties['name'].required
    assert problems == []


def test_no_plugin_code_object_is_ever_run(tmp_path):
    """An audit hook sees every exec of a code object and every import: none is the plugin's."""
    shutil.copytree(os.path.join(PLUGINS, 'harmful'), tmp_path / 'harmful')
    shutil.copytree(os.path.join(PLUGINS, 'nested'), tmp_path / 'nested')
    script = textwrap.dedent(f'''
        import sys
        plugins = {str(tmp_path)!r}
        seen = []
        def hook(event, args):
            if event == 'exec' and getattr(args[0], 'co_filename', '').startswith(plugins):
                seen.append(('exec', args[0].co_filename))
            if event == 'import' and args[0] in ('evil', 'acme', 'acme.storage'):
                seen.append(('import', args[0]))
            if event == 'open' and isinstance(args[0], str) and args[0].endswith('IMPORTED'):
                seen.append(('open', args[0]))
        from hot_ls.catalog import bundled
        from hot_ls.catalog.plugins import load_plugins
        sys.addaudithook(hook)
        types, problems = load_plugins((plugins + '/harmful', plugins + '/nested'), bundled())
        print(sorted(types), seen)
    ''')
    result = subprocess.run([sys.executable, '-c', script], capture_output=True, text=True,
                            cwd=ROOT, env={**os.environ, 'PYTHONPATH': ROOT})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "['ACME::Storage::Bucket', 'ACME::Storage::BucketGroup', 'ACME::Storage::OldBucket', "
        "'Evil::Looks::Harmless'] []")


def test_discovery_follows_heats_plugin_loader():
    found = [name for _path, name, _pkg in discover(os.path.join(PLUGINS, 'nested'))]
    assert found == ['acme', 'acme.common', 'acme.storage']
    assert list(discover(os.path.join(PLUGINS, 'guide', 'resource_foo.py'))) == [
        (os.path.join(PLUGINS, 'guide', 'resource_foo.py'), 'resource_foo', False)]


def write(directory, name, text):
    path = directory / name
    path.write_text(textwrap.dedent(text), encoding='utf-8')
    return str(path)


def test_class_level_constant_tuples_and_legacy_forms(tmp_path):
    write(tmp_path, 'consts.py', '''
        from heat.engine import properties, resource, constraints
        from heat.engine.properties import Schema
        from heat.common.i18n import _

        DESCRIPTIONS = {'a': 'First. ', 'b': 'Second.'}

        class Thing(resource.Resource):
            PROPERTIES = (A, B, C) = ('a', 'b', 'c')
            ATTRIBUTES = (OUT,) = ('out',)
            properties_schema = {
                A: Schema(Schema.STRING, DESCRIPTIONS[A] + DESCRIPTIONS['b']),
                B: properties.Schema(properties.Schema.LIST, _('B %s') % 'list',
                                     default=list(range(3)), schema=properties.Schema(
                                         properties.Schema.INTEGER)),
                C: {'Type': 'Number', 'MinValue': 1, 'MaxValue': 2, 'Required': True},
            }
            properties_schema.update({k + '_copy': v for k, v in properties_schema.items()
                                      if k != C})
            properties_schema[A + '_f'] = Schema(Schema.MAP, f'{A}-{len(PROPERTIES)}')

        def available_resource_mapping():
            return {'My::Thing': Thing}
    ''')
    types, problems = load_plugins((str(tmp_path),), bundled())
    assert problems == []
    thing = types['My::Thing']
    assert sorted(thing.properties) == ['a', 'a_copy', 'a_f', 'b', 'b_copy', 'c']
    assert thing.properties['a'].description == 'First. Second.'
    assert thing.properties['b'].description == 'B list'
    assert thing.properties['b'].default == [0, 1, 2]
    assert thing.properties['b'].item.type == 'integer'
    c = thing.properties['c']
    assert (c.type, c.required, c.constraints[0].min, c.constraints[0].max) == (
        'number', True, 1, 2)
    assert thing.properties['a_f'].description == 'a-3'


def test_subclassing_a_heat_resource_by_module_path(tmp_path):
    write(tmp_path, 'myserver.py', '''
        from heat.engine.resources.openstack.nova import server
        from heat.engine import properties

        class MyServer(server.Server):
            """A server with a colour."""
            properties_schema = dict(server.Server.properties_schema)
            properties_schema[server.Server.FLAVOR] = properties.Schema(
                properties.Schema.STRING, 'Only small flavors.', required=True)
            properties_schema['colour'] = properties.Schema(properties.Schema.STRING)

        def resource_mapping():
            return {'My::Server': MyServer, 'My::PlainServer': server.Server}
    ''')
    types, problems = load_plugins((str(tmp_path),), bundled())
    assert problems == []
    mine = types['My::Server']
    original = bundled().get('OS::Nova::Server')
    assert set(mine.properties) == set(original.properties) | {'colour'}
    assert mine.properties['flavor'].description == 'Only small flavors.'
    assert mine.properties['image'].constraints[0].name == 'glance.image'
    assert set(mine.attributes) == set(original.attributes)
    assert mine.description == 'A server with a colour.'
    assert mine.support_status == original.support_status
    plain = types['My::PlainServer']
    assert set(plain.properties) == set(original.properties)


def test_problems_of_broken_plugins(tmp_path):
    write(tmp_path, 'broken.py', 'def resource_mapping(:\n')
    write(tmp_path, 'weird.py', '''
        from heat.engine import resource
        from vendorlib import Base

        class FromOutside(Base):
            pass

        class Fine(resource.Resource):
            properties_schema = {}

        def resource_mapping():
            return {'X::Outside': FromOutside, 'X::Fine': Fine, 'X::Bad': 42}
    ''')
    missing = str(tmp_path / 'missing')
    types, problems = load_plugins((str(tmp_path), missing), bundled())
    assert sorted(types) == ['X::Fine', 'X::Outside']
    assert list(types['X::Fine'].attributes) == ['show']
    by_path = {p.path: p for p in problems}
    assert by_path[missing].message == 'plugin path does not exist'
    broken = by_path[str(tmp_path / 'broken.py')]
    assert (broken.line, broken.severity) == (1, 'error')
    assert broken.message.startswith('syntax error, plugin not read')
    weird = by_path[str(tmp_path / 'weird.py')]
    assert 'vendorlib.Base' in weird.message and 'the class registered as X::Bad' in weird.message


def test_pathological_code_is_bounded(tmp_path):
    write(tmp_path, 'big.py', '''
        from heat.engine import resource, properties
        HUGE = 'x' * 10 ** 9
        MANY = list(range(10 ** 9))
        POWER = 10 ** 10 ** 10
        WIDE = '%01000000000d' % 1
        class Big(resource.Resource):
            properties_schema = {'a': properties.Schema(properties.Schema.STRING, HUGE),
                                 'b': properties.Schema(properties.Schema.STRING, WIDE)}
        def resource_mapping():
            return {'Big::Thing': Big}
    ''')
    types, problems = load_plugins((str(tmp_path),), bundled())
    big = types['Big::Thing']
    assert big.properties['a'].description is None
    assert big.properties['b'].description is None
    [problem] = problems
    assert 'a repetition too large to build' in problem.message


def test_relative_imports_resolve_as_heat_names_plugin_modules(tmp_path):
    """Plugin modules are heat.engine.plugins.<name>: levels count from there, not beyond."""
    write(tmp_path, 'helpers.py', "NAME = 'from helpers'\n")
    (tmp_path / 'pkg').mkdir()
    write(tmp_path / 'pkg', '__init__.py', "from .sub import SUB\n")
    write(tmp_path / 'pkg', 'sub.py', "SUB = 'from pkg.sub'\n")
    write(tmp_path / 'pkg', 'mod.py', '''
        from heat.engine import properties, resource
        from . import SUB as PACKAGED
        from .sub import SUB
        from .. import helpers
        from ..pkg import sub
        from heat.engine.plugins.helpers import NAME
        from ... import beyond

        class Mod(resource.Resource):
            properties_schema = {
                'a': properties.Schema('String', PACKAGED),
                'b': properties.Schema('String', SUB + ' / ' + sub.SUB),
                'c': properties.Schema('String', helpers.NAME + ' / ' + NAME),
                'd': properties.Schema('String', beyond),
            }

        def resource_mapping():
            return {'Rel::Mod': Mod}
    ''')
    types, [problem] = load_plugins((str(tmp_path),), bundled())
    props = types['Rel::Mod'].properties
    assert [props[k].description for k in 'abcd'] == [
        'from pkg.sub', 'from pkg.sub / from pkg.sub', 'from helpers / from helpers', None]
    assert problem.path == str(tmp_path / 'pkg' / 'mod.py')
    assert problem.line == 8
    assert problem.message.startswith(
        'cannot resolve statically: relative import beyond the plugin directory')


def test_statements_nested_too_deeply_are_left_out_and_reported(tmp_path):
    """One statement too deep for the interpreter is left out; a file too deep to parse is not read.

    The first expression parses (Python's parser takes several times the
    recursion limit) but nests deeper than the interpreter's recursion can
    follow; the second is too deep for the parser itself.
    """
    deep = '+'.join(["'a'"] * (2 * sys.getrecursionlimit()))
    write(tmp_path, 'deep.py', f'''
        from heat.engine import properties, resource
        BEFORE = 'before'
        DEEP = {deep}
        AFTER = 'after'

        class Deep(resource.Resource):
            DEEPER = {deep}
            properties_schema = {{'a': properties.Schema('String', BEFORE + ' ' + AFTER)}}

        def resource_mapping():
            return {{'Deep::Thing': Deep}}
    ''')
    write(tmp_path, 'deepest.py', 'X = ' + '-' * (100 * sys.getrecursionlimit()) + '1\n')
    types, problems = load_plugins((str(tmp_path),), bundled())
    assert types['Deep::Thing'].properties['a'].description == 'before after'
    deep_py, deepest_py = str(tmp_path / 'deep.py'), str(tmp_path / 'deepest.py')
    assert [tuple(p) for p in problems] == [
        (deep_py, 4, 'an expression nested too deeply to read statically; its statement is '
                     'left out', 'warning'),
        (deep_py, 8, 'an expression nested too deeply to read statically; its statement is '
                     'left out', 'warning'),
        (deepest_py, None, 'plugin module nested too deeply to read statically; not read',
         'warning')]


@pytest.mark.skipif(HEAT_RESOURCES is None, reason='needs the Heat virtual environment')
def test_reading_heats_own_resource_modules_statically():
    """Heat's resource modules, read as plugins (never imported), give the bundled schemas.

    The 7 types that differ take defaults from oslo.config (cfg.CONF, at class
    definition) or allowed values from neutron_lib, which no static reading
    can know; each of their files is reported.
    """
    catalog = bundled()
    types, problems = load_plugins((HEAT_RESOURCES,), catalog)
    assert len(types) == 201
    keys = ('properties', 'attributes', 'support_status', 'description', 'update_policy',
            'any_attribute')
    differ = sorted(name for name, rtype in types.items()
                    if any((rtype.body.get(k) or None) != (catalog.get(name).body.get(k) or None)
                           for k in keys))
    assert differ == ['OS::Heat::DeployedServer', 'OS::Heat::SoftwareDeployment',
                      'OS::Heat::SoftwareDeploymentGroup', 'OS::Heat::SoftwareDeployments',
                      'OS::Neutron::IKEPolicy', 'OS::Neutron::IPsecPolicy', 'OS::Nova::Server']
    flagged = {os.path.relpath(p.path, HEAT_RESOURCES): p.message for p in problems}
    assert sorted(flagged) == ['openstack/heat/deployed_server.py',
                               'openstack/heat/software_deployment.py',
                               'openstack/neutron/vpnservice.py', 'openstack/nova/server.py']
    assert 'oslo_config.cfg.CONF.default_user_data_format' in flagged['openstack/nova/server.py']
    assert 'neutron_lib' in flagged['openstack/neutron/vpnservice.py']
