"""Plugins are read, never run: modules with side effects at import, native code beside them.

fixtures/plugins/side_effects holds modules that write a file, open a
socket, call sys.exit() and loop forever when imported, and a package
that imports two C extensions the tests put beside it as shared objects
(one named like a standard library module, which astroid left to itself
loads from a directory on sys.path).  Their schemas are read; an audit
hook sees that none of their code runs, none of them is imported, and
nothing is opened but their sources.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap

import pytest

from helpers import FIXTURES, ROOT
from hot_ls.catalog import bundled
from hot_ls.catalog.plugins import load_plugins

SIDE_EFFECTS = os.path.join(FIXTURES, 'plugins', 'side_effects')
SHARED_OBJECTS = ('_speedups', '_curses_panel')


def plugin_copy(tmp_path) -> str:
    directory = tmp_path / 'side_effects'
    shutil.copytree(SIDE_EFFECTS, directory)
    suffix = sysconfig.get_config_var('EXT_SUFFIX') or '.so'
    for folder in (directory, directory / 'native'):
        for name in SHARED_OBJECTS:
            (folder / f'{name}{suffix}').write_bytes(b'\x7fELF not really a shared object')
    return str(directory)


READER = textwrap.dedent('''
    import json, os, sys
    plugins = sys.argv[1]
    sys.path.insert(0, plugins)  # the worst case: the plugin directory is importable
    os.chdir(plugins)
    names = {'writes_file', 'opens_socket', 'exits', 'loops', 'native', 'native._speedups',
             '_speedups', '_curses_panel'}
    seen = []

    def hook(event, args):
        if event == 'exec' and getattr(args[0], 'co_filename', '').startswith(plugins):
            seen.append([event, args[0].co_filename])
        elif event == 'import' and args[0] in names:
            seen.append([event, args[0]])
        elif event == 'open' and isinstance(args[0], str) and \\
                os.path.abspath(args[0]).startswith(plugins) and \\
                not (args[0].endswith('.py') and args[1] in ('r', 'rb', None)):
            seen.append([event, args[0], args[1]])
        elif event.startswith(('socket.', 'subprocess.', 'os.system', 'os.exec', 'os.fork',
                               'os.posix_spawn', 'ctypes.dlopen')):
            seen.append([event])

    from hot_ls.catalog import bundled
    from hot_ls.catalog.plugins import load_plugins
    catalog = bundled()
    sys.addaudithook(hook)
    types, problems = load_plugins((plugins,), catalog)
    print(json.dumps({'types': {name: rtype.body for name, rtype in types.items()},
                      'problems': [list(p) for p in problems], 'seen': seen}))
''')


@pytest.fixture(scope='module')
def reading(tmp_path_factory):
    plugins = plugin_copy(tmp_path_factory.mktemp('never_run'))
    result = subprocess.run([sys.executable, '-c', READER, plugins], capture_output=True,
                            text=True, cwd=ROOT, env={**os.environ, 'PYTHONPATH': ROOT},
                            timeout=300)  # the looping module would never let it finish
    assert result.returncode == 0, result.stderr
    return plugins, json.loads(result.stdout)


def test_no_side_effect_happens(reading):
    plugins, read = reading
    assert read['seen'] == []
    assert not os.path.exists(os.path.join(plugins, 'WRITTEN'))


def test_every_schema_is_read(reading):
    plugins, read = reading
    types = read['types']
    assert sorted(types) == ['SideEffects::Fast', 'SideEffects::Listener',
                             'SideEffects::Quitter', 'SideEffects::Spinner',
                             'SideEffects::Writer']
    assert types['SideEffects::Writer']['properties']['path'] == {
        'type': 'string', 'description': 'Where to write.', 'required': True}
    assert types['SideEffects::Listener']['properties']['port']['default'] == 8080
    assert types['SideEffects::Quitter']['attributes']['code'] == {
        'description': 'The exit code.', 'type': 'integer'}
    assert types['SideEffects::Spinner']['properties']['speed']['type'] == 'number'
    fast = types['SideEffects::Fast']['properties']
    assert fast['level'] == {'type': 'integer', 'description': 'How fast.'}  # no default
    [problem] = read['problems']
    path, line, message, severity = problem
    assert path == os.path.join(plugins, 'native', '__init__.py')
    assert message.startswith('cannot resolve statically: ')
    assert 'native._speedups, which the plugin module does not define statically' in message
    assert '_curses_panel.version (from a module outside the plugin directories' in message


def test_astroid_global_state_is_left_alone(tmp_path):
    """astroid's caches, import hooks and module lookup are as they were after a reading."""
    from astroid import context
    from astroid.manager import AstroidManager

    def state():
        brain = AstroidManager.brain
        return (sorted(brain['astroid_cache']), dict(brain['_mod_file_cache']),
                len(context._INFERENCE_CACHE), AstroidManager.ast_from_module_name,
                list(brain['_failed_import_hooks']))

    before = state()
    directories = [plugin_copy(tmp_path)] + [os.path.join(FIXTURES, 'plugins', name)
                                             for name in ('nested', 'guide', 'unresolvable')]
    types, _problems = load_plugins(tuple(directories), bundled())
    assert 'ACME::Storage::Bucket' in types and 'SideEffects::Fast' in types
    assert state() == before


def test_astroid_is_never_asked_for_a_module(tmp_path, monkeypatch):
    """astroid's own lookup would load a stdlib-named shared object from a plugin directory."""
    from astroid.manager import AstroidManager

    def refuse(*args, **kwargs):
        raise AssertionError(f'astroid was asked for a module: {args[1:]}')

    monkeypatch.setattr(AstroidManager, 'ast_from_module_name', refuse)
    directories = [plugin_copy(tmp_path)] + [os.path.join(FIXTURES, 'plugins', name)
                                             for name in ('nested', 'guide', 'unresolvable')]
    types, problems = load_plugins(tuple(directories), bundled())
    assert len(types) == 10
    assert not [p for p in problems if 'could not read' in p.message]


def test_only_plugin_modules_and_heat_resolve(tmp_path):
    """A library hot-ls's own Python has (json, astroid) is never read for a plugin."""
    (tmp_path / 'uses_libraries.py').write_text(textwrap.dedent('''
        import json
        from astroid import nodes
        from heat.engine import properties, resource

        class Thing(resource.Resource):
            properties_schema = {
                'a': properties.Schema(properties.Schema.STRING, json.dumps('x')),
                'b': properties.Schema(properties.Schema.STRING, nodes.__name__),
            }

        def resource_mapping():
            return {'Lib::Thing': Thing}
    '''), encoding='utf-8')
    types, [problem] = load_plugins((str(tmp_path),), bundled())
    assert types['Lib::Thing'].properties['a'].description is None
    assert 'a call to json.dumps' in problem.message
    assert 'astroid.nodes.__name__ (from a module outside' in problem.message


def test_the_reader_has_no_way_to_heat():
    """The reader's modules import neither Heat nor anything but the catalog's and astroid."""
    import ast
    directory = os.path.join(ROOT, 'hot_ls', 'catalog', 'plugins')
    for name in sorted(os.listdir(directory)):
        if not name.endswith('.py'):
            continue
        with open(os.path.join(directory, name), encoding='utf-8') as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module or '']
            else:
                continue
            for module in modules:
                top = module.split('.')[0]
                assert top in ('__future__', 'ast', 'copy', 'inspect', 'operator', 'os', 're',
                               'typing', 'astroid', 'hot_ls'), (name, module)
                assert top != 'hot_ls' or module.startswith('hot_ls.catalog'), (name, module)
