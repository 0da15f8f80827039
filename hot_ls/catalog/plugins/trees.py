"""The modules a reading of plugin directories may see: astroid trees, parsed, never imported.

astroid parses each plugin module into the tree the interpreter walks
(execution.py, evaluation.py), and its rules turn an import statement
into an absolute module name (`relative_to_absolute_name`: levels,
packages).  Plugin modules are named as Heat's plugin loader names them,
`heat.engine.plugins.<name>`, so relative imports resolve as in Heat.
Trees.resolve() then answers for that name from the reading's own table:
a plugin module (its tree built from its file's bytes), or `heat`,
`heat.*` and `copy`, whose names hot-ls knows itself (heat.py, calls.py:
never Heat's code); any other name is an UnknownModule.

Why the reader never lets astroid's AstroidManager resolve a module
(`Module.import_module`, `ImportFrom.do_import_module`, inference): its
ast_from_module_name searches sys.path and the importing file's directory
(after an os.chdir() into it), imports any C extension whose name is a
standard library module's (`_can_load_extension` is true for every stdlib
name, whatever `always_load_extensions` and `extension_package_whitelist`
say: with the defaults, a file `_curses_panel.cpython-311-*.so` in a
directory on sys.path is dlopen()ed), imports built-in modules, and then
runs its failed-import hooks (the `gi` brain imports `gi.repository.*`).
No option turns that off, failed-import hooks run only after the search,
and astroid's internals call the method on fresh instances of the
manager, so confining it would mean replacing the method on the class.
The table being the reading's own anyway, the reader asks it instead.

A private cache: AstroidManager is a Borg whose caches are class-level
state shared by every instance, so a private manager cannot be had.  The
trees are kept in the reading's own table instead, built by astroid's
TreeRebuilder, which caches nothing, applies no transforms (astroid's
brain: plugin trees are read as written) and infers nothing; and the
reader asks astroid for no inference (namespaces.py and evaluation.py say
why).  So astroid's astroid_cache, _mod_file_cache and inference cache
are never written, which the tests check, and the trees go with the
reading.  (`optimize_ast` no longer does anything in astroid 4.)
"""
from __future__ import annotations

import ast
import inspect
from typing import Callable

from astroid import nodes
from astroid.manager import AstroidManager
from astroid.rebuilder import TreeRebuilder

from hot_ls.catalog.plugins.discovery import MAPPING_FUNCTIONS
from hot_ls.catalog.plugins.heat import ALIASES
from hot_ls.catalog.plugins.values import MAX_FILE, ModuleRef, PluginModule

PLUGINS_PACKAGE = 'heat.engine.plugins'  # where Heat's plugin loader puts plugin modules
_TOO_DEEP = 'plugin module nested too deeply to read statically; not read'
_BLOCKS = ('body', 'orelse', 'finalbody', 'handlers', 'cases')  # statement lists of a statement
_MAX_DEPTH = 150  # levels of a statement astroid's rebuilder surely takes (2 frames a level)


class UnknownModule(LookupError):
    """A module name that is neither a plugin module's nor Heat's nor `copy`."""


class ReadError(Exception):
    """A plugin file that cannot be read or parsed: line and message for its problem."""

    def __init__(self, line: int | None, message: str, severity: str = 'error'):
        super().__init__(message)
        self.line = line
        self.message = message
        self.severity = severity


class Trees:
    """The modules one reading may see, by absolute name."""

    def __init__(self, plugins: list[PluginModule],
                 on_read_error: Callable[[PluginModule, ReadError], None]):
        self._plugins: dict[str, PluginModule] = {}
        for module in plugins:  # the first directory that has a name wins, as in Heat
            self._plugins.setdefault(module.name, module)
        self._on_read_error = on_read_error
        self._manager = AstroidManager()  # TreeRebuilder wants one; it keeps nothing there

    def resolve(self, modname: str) -> PluginModule | ModuleRef:
        """The module named `modname` (absolute), its tree built, or UnknownModule."""
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
        """The plugin module named `name` (relative to the directories), its tree built."""
        found = self._plugins.get(name)
        if found is not None:
            self.plugin_tree(found)
        return found

    def plugin_tree(self, plugin: PluginModule) -> nodes.Module:
        """The plugin module's tree, built from its source text on first use."""
        if plugin.node is None:
            modname = f'{PLUGINS_PACKAGE}.{plugin.name}'  # as Heat's plugin loader names it

            def report(problem: ReadError) -> None:
                self._on_read_error(plugin, problem)

            try:
                tree = self._build(_source(plugin.path), modname, plugin.path,
                                   plugin.is_package, report)
            except ReadError as problem:
                report(problem)
                tree = self._build('', modname, plugin.path, plugin.is_package, report)
            plugin.node = tree
        return plugin.node

    def _build(self, source: bytes | str, modname: str, path: str | None, package: bool,
               report: Callable[[ReadError], None]) -> nodes.Module:
        """astroid's tree of `source`, function bodies left out but the mapping functions'.

        Only module and class bodies and the resource mapping functions are
        ever evaluated: the other functions' bodies, arguments and
        decorators, most of a resource module, are not turned into astroid
        nodes (that more than halves astroid's time on Heat's own tree).
        """
        try:
            tree = ast.parse(source, filename=path or modname)
        except SyntaxError as exc:
            raise ReadError(exc.lineno, f'syntax error, plugin not read: {exc.msg}')
        except (ValueError, MemoryError) as exc:
            raise ReadError(None, f'cannot read plugin: {exc}')
        except RecursionError:
            raise ReadError(None, _TOO_DEEP, 'warning')
        try:
            _leave_out_function_bodies(tree.body)
            module = TreeRebuilder(self._manager).visit_module(tree, modname, path or '<?>',
                                                               package)
        except RecursionError:
            # astroid's rebuilder recurses twice per level of an expression: leave out
            # the statements nested deeper than it can take, and read the rest.
            left_out = _leave_out_deep_statements(tree.body)
            try:
                module = TreeRebuilder(self._manager).visit_module(tree, modname,
                                                                   path or '<?>', package)
            except RecursionError:
                raise ReadError(None, _TOO_DEEP, 'warning')
            for line in left_out:
                report(ReadError(line, 'an expression nested too deeply to read '
                                       'statically; its statement is left out', 'warning'))
        # No directory for astroid's guess that a module beside no __init__.py is a script
        # (relative imports would then resolve from the file system): as in Heat, relative
        # imports resolve within heat.engine.plugins.
        module.path = []
        return module


def _leave_out_function_bodies(body: list) -> None:
    """Reduce each function but the mapping functions to `def name(): pass` (in place)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name not in MAPPING_FUNCTIONS:
                node.body = [ast.copy_location(ast.Pass(), node.body[0])]
                node.args = ast.arguments(posonlyargs=[], args=[], kwonlyargs=[],
                                          kw_defaults=[], defaults=[])
                node.decorator_list, node.returns = [], None
            continue
        for field in _BLOCKS:
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                _leave_out_function_bodies(inner)


def _leave_out_deep_statements(body: list) -> list[int]:
    """Replace by `pass` the simple statements nested deeper than _MAX_DEPTH; their lines."""
    left_out = []
    for index, node in enumerate(body):
        blocks = [block for block in (getattr(node, f, None) for f in _BLOCKS)
                  if isinstance(block, list)]
        if blocks:  # a class, a compound statement, an except clause: what is inside
            for block in blocks:
                left_out.extend(_leave_out_deep_statements(block))
        elif _depth(node) > _MAX_DEPTH:
            body[index] = ast.copy_location(ast.Pass(), node)
            left_out.append(node.lineno)
    return left_out


def _depth(node: ast.AST) -> int:
    """How deep the tree under `node` goes (without recursing: it may be very deep)."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        current, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(current))
    return deepest


def _source(path: str) -> bytes:
    """The file's bytes: ast.parse decodes them as Python does (coding cookie, BOM)."""
    try:
        with open(path, 'rb') as fh:
            data = fh.read(MAX_FILE + 1)
    except OSError as exc:
        raise ReadError(None, f'cannot read plugin: {exc}')
    if len(data) > MAX_FILE:
        raise ReadError(None, f'cannot read plugin: larger than {MAX_FILE} bytes, not read')
    return data


def docstring(node: nodes.ClassDef) -> str | None:
    """The class's docstring, cleaned as ast.get_docstring(clean=True) does."""
    doc = node.doc_node.value if node.doc_node is not None else None
    return inspect.cleandoc(doc) if isinstance(doc, str) else None
