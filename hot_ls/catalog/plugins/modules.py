"""The modules a reading of plugin directories may see: parsed with `ast`, never imported.

Each plugin module is parsed from its file's bytes with Python's `ast`
(which decodes them as Python does: coding cookie, BOM) into the tree the
interpreter walks (execution.py, evaluation.py).  Plugin modules are
named as Heat's plugin loader names them, `heat.engine.plugins.<name>`,
so that a relative import resolves as in Heat (absolute_name).
ModuleTable.resolve() answers for a name from the reading's own table: a
plugin module, or `heat`, `heat.*` and `copy`, whose names hot-ls knows
itself (heat.py, calls.py: never Heat's code); any other name is an
UnknownModule.  Nothing here searches sys.path or asks Python's import
system for a module.
"""
from __future__ import annotations

import ast
from importlib.util import resolve_name
from typing import Callable

from hot_ls.catalog.plugins.discovery import MAPPING_FUNCTIONS
from hot_ls.catalog.plugins.heat import ALIASES
from hot_ls.catalog.plugins.values import MAX_FILE, ModuleRef, PluginModule

PLUGINS_PACKAGE = 'heat.engine.plugins'  # where Heat's plugin loader puts plugin modules
_TOO_DEEP = 'plugin module nested too deeply to read statically; not read'
_BLOCKS = ('body', 'orelse', 'finalbody', 'handlers', 'cases')  # statement lists of a statement


class UnknownModule(LookupError):
    """A module name that is neither a plugin module's nor Heat's nor `copy`."""


class ReadError(Exception):
    """A plugin file that cannot be read or parsed: line and message for its problem."""

    def __init__(self, line: int | None, message: str, severity: str = 'error'):
        super().__init__(message)
        self.line = line
        self.message = message
        self.severity = severity


class ModuleTable:
    """The modules one reading may see, by absolute name."""

    def __init__(self, plugins: list[PluginModule],
                 on_read_error: Callable[[PluginModule, ReadError], None]):
        self._plugins: dict[str, PluginModule] = {}
        for module in plugins:  # the first directory that has a name wins, as in Heat
            self._plugins.setdefault(module.name, module)
        self._on_read_error = on_read_error

    def resolve(self, modname: str) -> PluginModule | ModuleRef:
        """The module named `modname` (absolute), or UnknownModule."""
        in_plugins = modname.startswith(PLUGINS_PACKAGE + '.')
        plugin = self.plugin(modname.removeprefix(PLUGINS_PACKAGE + '.'))
        if plugin is not None:
            return plugin
        if in_plugins:
            raise UnknownModule(modname)
        if modname == 'heat' or modname.startswith('heat.'):
            return ModuleRef('heat', ALIASES.get(modname, modname))
        if modname == 'copy':
            return ModuleRef('copy', 'copy')
        raise UnknownModule(modname)

    def plugin(self, name: str) -> PluginModule | None:
        """The plugin module named `name` (relative to the directories), if there is one."""
        return self._plugins.get(name)

    def parse(self, plugin: PluginModule) -> ast.Module:
        """The plugin module's tree, parsed from its file (empty if it cannot be).

        The interpreter asks once per module and keeps the tree only while
        it runs the module's body: a whole directory's trees kept alive made
        Python's garbage collector slow the reading of Heat's tree by a third.
        """
        try:
            return _parse(plugin.path)
        except ReadError as problem:
            self._on_read_error(plugin, problem)
            return ast.Module(body=[], type_ignores=[])


def absolute_name(module: PluginModule, name: str | None, level: int) -> str | None:
    """The module `from <level dots><name> import ...` names in `module`, None if none.

    The importing module's package is worked out from the name Heat's
    loader gives it; importlib.util.resolve_name then applies the levels
    (string arithmetic only: it looks nothing up and imports nothing).
    """
    if not level:
        return name or None
    dotted = f'{PLUGINS_PACKAGE}.{module.name}'
    package = dotted if module.is_package else dotted.rpartition('.')[0]
    try:
        return resolve_name('.' * level + (name or ''), package)
    except ImportError:  # more levels than the package has
        return None


def _parse(path: str) -> ast.Module:
    """The tree of the file at `path`, or ReadError."""
    try:
        with open(path, 'rb') as fh:
            source = fh.read(MAX_FILE + 1)
    except OSError as exc:
        raise ReadError(None, f'cannot read plugin: {exc}')
    if len(source) > MAX_FILE:
        raise ReadError(None, f'cannot read plugin: larger than {MAX_FILE} bytes, not read')
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as exc:
        raise ReadError(exc.lineno, f'syntax error, plugin not read: {exc.msg}')
    except ValueError as exc:  # a NUL byte
        raise ReadError(None, f'cannot read plugin: {exc}')
    except (RecursionError, MemoryError):  # how Python's parser says a file nests too deeply
        raise ReadError(None, _TOO_DEEP, 'warning')
    _leave_out_function_bodies(tree.body)
    return tree


def _leave_out_function_bodies(body: list[ast.stmt]) -> None:
    """Reduce each function but the mapping functions to `def name(): pass`, in place.

    Only module and class bodies and the mapping functions are ever run.
    The other functions, most of a resource module, freed as soon as it is
    parsed: the reading of Heat's tree peaks at 8 MB instead of 30, and
    takes about a fifth less time, the garbage collector having that much
    less to walk.
    """
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name not in MAPPING_FUNCTIONS:
                node.body = [ast.Pass(lineno=node.lineno, col_offset=node.col_offset)]
                node.args = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[],
                                          kw_defaults=[], defaults=[])
                node.decorator_list, node.returns = [], None
            continue
        for field in _BLOCKS:
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                _leave_out_function_bodies(inner)
