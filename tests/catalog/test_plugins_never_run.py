"""Plugins are read, never run: modules with side effects at import, native code beside them.

fixtures/plugins/side_effects holds modules that write a file, open a
socket, call sys.exit() and loop forever when imported, and a package
that imports two C extensions the tests put beside it as shared objects
(one named like a standard library module, which a module lookup that
searches sys.path would load from a plugin directory on it).  Their
schemas are read; an audit hook sees that none of their code runs, that
nothing is imported and nothing opened but their sources, and the import
system is left as it was: no plugin module in sys.modules, no finder
asked about a plugin directory.
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
    # Events a reading may raise: id() (values.py keys containers by it), listing and
    # reading the plugin directories, and parsing what was read (compile: ast.parse).
    ALLOWED = {'builtins.id', 'os.listdir', 'os.scandir', 'compile', 'open'}
    seen, opened, parsed = [], [], []

    def hook(event, args):
        if event == 'open' and args[1] in ('r', 'rb') and isinstance(args[0], str):
            opened.append(os.path.relpath(args[0], plugins))
        elif event == 'compile':
            parsed.append(os.path.relpath(args[1], plugins))
        elif event not in ALLOWED or event == 'open':
            seen.append([event, repr(args)[:200]])

    from hot_ls.catalog import bundled
    from hot_ls.catalog.plugins import load_plugins
    catalog = bundled()
    import_system = lambda: {
        'sys.modules': list(sys.modules), 'sys.path': list(sys.path),
        'sys.meta_path': list(map(repr, sys.meta_path)),
        'sys.path_hooks': list(map(repr, sys.path_hooks)),
        'sys.path_importer_cache': list(sys.path_importer_cache)}
    before = import_system()
    sys.addaudithook(hook)
    types, problems = load_plugins((plugins,), catalog)
    after = import_system()
    print(json.dumps({'types': {name: rtype.body for name, rtype in types.items()},
                      'problems': [list(p) for p in problems], 'seen': seen,
                      'opened': sorted(opened), 'parsed': sorted(parsed),
                      'import_system_changes': {
                          name: sorted(set(after[name]) ^ set(before[name]))
                          for name in before if after[name] != before[name]}}))
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
    """No code object runs, nothing is imported, written, connected or started."""
    plugins, read = reading
    assert read['seen'] == []
    assert not os.path.exists(os.path.join(plugins, 'WRITTEN'))


def test_only_the_plugin_sources_are_opened_and_parsed(reading):
    """The shared objects beside them are never opened, and each source is parsed once."""
    _plugins, read = reading
    sources = ['exits.py', 'loops.py', os.path.join('native', '__init__.py'),
               'opens_socket.py', 'writes_file.py']
    assert read['opened'] == sources
    assert read['parsed'] == sources


def test_the_import_system_is_left_as_it_was(reading):
    """No plugin module in sys.modules, sys.path and its finders and caches untouched."""
    _plugins, read = reading
    assert read['import_system_changes'] == {}


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


def test_a_reading_imports_nothing_with_the_plugin_directories_on_sys_path(tmp_path,
                                                                           monkeypatch):
    """sys.modules and the finders' cache are as they were, whatever the modules are named."""
    named_like_stdlib = tmp_path / 'stdlib_named'
    named_like_stdlib.mkdir()
    (named_like_stdlib / 'colorsys.py').write_text(textwrap.dedent('''
        from heat.engine import properties, resource

        class Colour(resource.Resource):
            properties_schema = {'hue': properties.Schema(properties.Schema.NUMBER)}

        def resource_mapping():
            return {'Stdlib::Named': Colour}
    '''), encoding='utf-8')
    directories = [plugin_copy(tmp_path), str(named_like_stdlib)] + [
        os.path.join(FIXTURES, 'plugins', name) for name in ('nested', 'guide', 'unresolvable')]
    for directory in directories:
        monkeypatch.syspath_prepend(directory)
    catalog = bundled()
    modules = dict(sys.modules)
    finders = dict(sys.path_importer_cache)
    assert 'colorsys' not in modules
    types, problems = load_plugins(tuple(directories), catalog)
    assert len(types) == 11
    assert types['Stdlib::Named'].properties['hue'].type == 'number'
    assert not [p for p in problems if 'could not read' in p.message]
    assert sys.modules == modules
    assert sys.path_importer_cache == finders


def test_only_plugin_modules_and_heat_resolve(tmp_path):
    """A library hot-ls's own Python has (json, ruamel.yaml, hot_ls) is never read for a plugin."""
    (tmp_path / 'uses_libraries.py').write_text(textwrap.dedent('''
        import json
        import hot_ls.catalog
        from ruamel import yaml
        from heat.engine import properties, resource

        class Thing(resource.Resource):
            properties_schema = {
                'a': properties.Schema(properties.Schema.STRING, json.dumps('x')),
                'b': properties.Schema(properties.Schema.STRING, yaml.__name__),
                'c': properties.Schema(properties.Schema.STRING, hot_ls.catalog.__doc__),
            }

        def resource_mapping():
            return {'Lib::Thing': Thing}
    '''), encoding='utf-8')
    types, [problem] = load_plugins((str(tmp_path),), bundled())
    assert [p.description for p in types['Lib::Thing'].properties.values()] == [None] * 3
    assert 'a call to json.dumps' in problem.message
    assert 'ruamel.yaml.__name__ (from a module outside' in problem.message
    assert 'hot_ls.catalog.__doc__ (from a module outside' in problem.message


def test_the_reader_has_no_way_to_heat():
    """The reader's modules import neither Heat nor anything but the catalog's and the stdlib's."""
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
                assert top in ('__future__', 'ast', 'copy', 'importlib', 'operator', 'os', 're',
                               'typing', 'hot_ls'), (name, module)
                assert top != 'hot_ls' or module.startswith('hot_ls.catalog'), (name, module)
