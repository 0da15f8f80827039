"""Custom resource plugins, read by static analysis: their code is never imported or run.

Heat loads plugin modules from its `plugin_dirs` and registers what each
module's `available_resource_mapping()` (or else `resource_mapping()`)
returns: `{'My::Custom::Plugin': MyResourceClass}`.  hot-ls reads the same
modules with Python's `ast` and evaluates, in a small interpreter that only
knows pure operations, what the resource plugin guide lets a plugin write:

* imports (Heat's modules, the plugin directories' own modules), module and
  class namespaces, class-level constant tuples (`PROPERTIES = (A, B) =
  ('a', 'b')`), `_()`, string `+` / `%` / `.format()` / f-strings;
* `properties.Schema`, `attributes.Schema`, the constraints, and
  `support.SupportStatus` with `previous_status` and `substitute_class`;
* nested schemas, dict and list literals, comprehensions, `dict(...)`,
  `.copy()`, `.update(...)` and item assignment in class bodies;
* subclassing (a C3 MRO) of plugin classes and of Heat's classes, whose
  schemas come from the bundled catalog by class path (resource.Resource
  gives the `show` attribute).

A value it cannot work out (a call to an arbitrary function, a name from a
library outside the plugin directories...) is left out of the schema and
reported once per file, as a warning with its line; the rest is used.
"""
from __future__ import annotations

import ast
import copy
import os
import re
from typing import Any, Iterator

from hot_ls.catalog.catalog import Catalog, Problem
from hot_ls.catalog.schema import ResourceType, constraint_from_dict

_MISSING = object()
_MAX_STEPS = 200_000  # evaluation steps per plugin module
_MAX_SIZE = 100_000  # elements of a built list / characters of a built string
_MAX_FILE = 2_000_000  # bytes of a plugin file read


# -- values the interpreter works with --------------------------------------------

class Unresolved:
    """A value that cannot be known without running code: where, and what it was."""

    __slots__ = ('path', 'line', 'what', 'dotted')

    def __init__(self, path: str, line: int | None, what: str, dotted: str | None = None):
        self.path = path
        self.line = line
        self.what = what
        self.dotted = dotted  # for a name from an outside module: its dotted path

    def __repr__(self) -> str:
        return f'Unresolved({self.what!r} at {self.path}:{self.line})'


class ModuleRef:
    """A module: one of Heat's (kind 'heat'), a plugin directory's ('local'), or stdlib 'copy'."""

    __slots__ = ('kind', 'name', 'state')

    def __init__(self, kind: str, name: str, state: 'ModuleState | None' = None):
        self.kind = kind
        self.name = name
        self.state = state

    def __repr__(self) -> str:
        return self.name


class HeatSymbol:
    """A name from Heat the interpreter knows: properties.Schema, constraints.Range, _..."""

    __slots__ = ('path',)

    def __init__(self, path: str):
        self.path = path


class HeatClass:
    """A Heat resource class, read from the bundled catalog."""

    __slots__ = ('path', 'rtype', 'name')

    def __init__(self, path: str, rtype: ResourceType, name: str | None):
        self.path = path
        self.rtype = rtype
        self.name = name  # its registered type name, if registered


class PluginClass:
    """A class defined in a plugin module."""

    def __init__(self, name: str, qualname: str, module: 'ModuleState', bases: list,
                 line: int, doc: str | None, methods: set[str]):
        self.name = name
        self.qualname = qualname
        self.module = module
        self.bases = bases
        self.line = line
        self.doc = doc
        self.methods = methods
        self.ns: dict[str, Any] = {}
        self.issues: list[Unresolved] = []  # statements of its body that were skipped
        self._mro: list | None = None

    @property
    def path(self) -> str:
        return f'{self.module.name}.{self.qualname}'

    def mro(self) -> list:
        if self._mro is None:
            self._mro = _c3(self)
        return self._mro


class Function:
    __slots__ = ('name', 'node', 'module')

    def __init__(self, name: str, node: ast.AST, module: 'ModuleState'):
        self.name = name
        self.node = node
        self.module = module


class Obj:
    """What a Schema/constraint/SupportStatus constructor built: its kind and bound arguments."""

    __slots__ = ('kind', 'args', 'line', 'path', 'json')

    def __init__(self, kind: str, args: dict, line: int | None, path: str,
                 json: dict | None = None):
        self.kind = kind  # 'property', 'attribute', 'constraint:<key>', 'support'
        self.args = args
        self.line = line
        self.path = path
        self.json = json  # already in the catalog's form (from a Heat class)


class BoundMethod:
    __slots__ = ('target', 'name')

    def __init__(self, target: Any, name: str):
        self.target = target
        self.name = name


class _Message(str):
    """What Heat's `_()` returns: oslo.i18n's lazy Message (Heat enables lazy translation).

    Like the real one it refuses `+` (TypeError at import, so Heat fails to
    load the plugin) and keeps being a Message through `%`.
    """


class Builtin:
    __slots__ = ('name',)

    def __init__(self, name: str):
        self.name = name


# Fallbacks; the values of the catalog's data (generated from Heat) are used when present.
_PROPERTY_TYPES = ('Integer', 'String', 'Number', 'Boolean', 'Map', 'List', 'Any')
_ATTRIBUTE_TYPES = (None, 'String', 'Map', 'List', 'Integer', 'Boolean')
_STATUSES = ('UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED', 'HIDDEN')

_CALLABLES = {
    'heat.engine.properties.Schema': ('property', ('data_type', 'description', 'default',
                                                   'schema', 'required', 'constraints',
                                                   'implemented', 'update_allowed',
                                                   'immutable', 'support_status',
                                                   'allow_conversion')),
    'heat.engine.attributes.Schema': ('attribute', ('description', 'support_status',
                                                    'cache_mode', 'type')),
    'heat.engine.constraints.Range': ('constraint:range', ('min', 'max', 'description')),
    'heat.engine.constraints.Length': ('constraint:length', ('min', 'max', 'description')),
    'heat.engine.constraints.Modulo': ('constraint:modulo', ('step', 'offset', 'description')),
    'heat.engine.constraints.AllowedValues': ('constraint:allowed_values',
                                              ('allowed', 'description')),
    'heat.engine.constraints.AllowedPattern': ('constraint:allowed_pattern',
                                               ('pattern', 'description')),
    'heat.engine.constraints.CustomConstraint': ('constraint:custom_constraint',
                                                 ('name', 'description', 'environment')),
    'heat.engine.support.SupportStatus': ('support', ('status', 'message', 'version',
                                                      'previous_status', 'substitute_class')),
}
_IDENTITY = {'heat.common.i18n._'}
_SCHEMA_CLASSES = {'heat.engine.properties.Schema', 'heat.engine.attributes.Schema',
                   'heat.engine.constraints.Schema'}
_SYMBOL_MODULES = ('heat.engine.properties', 'heat.engine.attributes', 'heat.engine.constraints',
                   'heat.engine.support', 'heat.common.i18n')
# Where else Heat's code makes the same names available.
_ALIASES = {'heat.engine.resources.properties': 'heat.engine.properties'}

_BUILTINS = {'dict', 'list', 'tuple', 'set', 'frozenset', 'sorted', 'range', 'len', 'str',
             'int', 'float', 'bool', 'min', 'max', 'zip', 'enumerate', 'reversed', 'object',
             'True', 'False', 'None', 'isinstance', 'any', 'all', 'sum', 'repr'}
_STR_METHODS = {'format', 'join', 'lower', 'upper', 'strip', 'lstrip', 'rstrip', 'replace',
                'split', 'capitalize', 'title', 'startswith', 'endswith', 'rsplit'}
_DICT_METHODS = {'copy', 'get', 'items', 'keys', 'values', 'update', 'pop', 'setdefault'}
_LIST_METHODS = {'copy', 'append', 'extend', 'insert', 'index', 'count', 'remove', 'pop'}
_MUTATING = {'update', 'append', 'extend', 'insert', 'setdefault', 'pop', 'remove'}


class _TooMuch(Exception):
    pass


# -- the MRO ---------------------------------------------------------------------

def _c3(cls: PluginClass) -> list:
    def linear(base: Any) -> list:
        return base.mro() if isinstance(base, PluginClass) else [base]

    bases = [b for b in cls.bases if not (isinstance(b, Builtin) and b.name == 'object')]
    sequences = [linear(b) for b in bases] + [list(bases)]
    result = [cls]
    sequences = [list(s) for s in sequences if s]
    while sequences:
        for seq in sequences:
            head = seq[0]
            if not any(head in s[1:] for s in sequences):
                break
        else:  # inconsistent hierarchy: fall back to depth-first order
            for seq in sequences:
                for item in seq:
                    if item not in result:
                        result.append(item)
            return result
        result.append(head)
        sequences = [[x for x in s if x is not head] for s in sequences]
        sequences = [s for s in sequences if s]
    return result


# -- modules -----------------------------------------------------------------------

class ModuleState:
    def __init__(self, path: str, name: str, is_package: bool):
        self.path = path
        self.name = name  # dotted, relative to its plugin directory
        self.is_package = is_package
        self.globals: dict[str, Any] = {}
        self.state = 'new'  # 'running', 'done'
        self.steps = 0

    @property
    def package(self) -> str:
        return self.name if self.is_package else self.name.rpartition('.')[0]


def discover(root: str) -> Iterator[tuple[str, str, bool]]:
    """(path, dotted name, is_package) of the modules Heat's plugin loader would load.

    Like pkgutil.walk_packages: the directory's modules, and packages (with
    an __init__.py) recursively; `tests` packages and `setup` modules skipped.
    """
    if os.path.isfile(root):
        if root.endswith('.py'):
            yield root, os.path.splitext(os.path.basename(root))[0], False
        return

    seen: set[str] = set()

    def walk(directory: str, prefix: str) -> Iterator[tuple[str, str, bool]]:
        real = os.path.realpath(directory)
        if real in seen:  # a symbolic link loop
            return
        seen.add(real)
        try:
            entries = sorted(os.listdir(directory))
        except OSError:
            return
        for entry in entries:
            if entry.startswith('.'):
                continue
            full = os.path.join(directory, entry)
            if os.path.isdir(full):
                init = os.path.join(full, '__init__.py')
                if entry.isidentifier() and entry != 'tests' and os.path.isfile(init):
                    yield init, prefix + entry, True
                    yield from walk(full, prefix + entry + '.')
            elif entry.endswith('.py') and entry != '__init__.py':
                stem = entry[:-3]
                if stem.isidentifier() and stem != 'setup':
                    yield full, prefix + stem, False

    yield from walk(root, '')


# -- the interpreter ------------------------------------------------------------------

class _Scope:
    def __init__(self, module: ModuleState, local: dict | None = None,
                 cls: PluginClass | None = None, parent: '_Scope | None' = None):
        self.module = module
        self.local = local
        self.cls = cls
        self.parent = parent

    def lookup(self, name: str) -> Any:
        scope: _Scope | None = self
        while scope is not None:
            if scope.local is not None and name in scope.local:
                return scope.local[name]
            scope = scope.parent
        if name in self.module.globals:
            return self.module.globals[name]
        if name in ('True', 'False', 'None'):
            return {'True': True, 'False': False, 'None': None}[name]
        if name in _BUILTINS:
            return Builtin(name)
        return _MISSING

    def bind(self, name: str, value: Any) -> None:
        if self.local is not None:
            self.local[name] = value
        else:
            self.module.globals[name] = value


class _Return(Exception):
    def __init__(self, value: Any):
        self.value = value


class Analyzer:
    """Reads plugin modules under some directories, against a catalog of Heat's classes."""

    def __init__(self, roots: tuple[str, ...], catalog: Catalog):
        self.catalog = catalog
        self.roots = roots
        self.modules: dict[str, ModuleState] = {}  # by path
        self.by_name: dict[str, list[ModuleState]] = {}
        self.order: list[ModuleState] = []
        self.problems: list[Problem] = []

        def from_data(path: str, name: str, fallback: tuple) -> tuple:
            value = (catalog.heat_constants(path) or {}).get(name)
            return tuple(value) if isinstance(value, list) and value else fallback

        self.property_types = from_data('heat.engine.properties.Schema', 'TYPES', _PROPERTY_TYPES)
        self.attribute_types = from_data('heat.engine.attributes.Schema', 'TYPES',
                                         _ATTRIBUTE_TYPES)
        self.statuses = from_data('heat.engine.support', 'SUPPORT_STATUSES', _STATUSES)
        # Failed mutations of a dict or list (an .update() with an unknown value...),
        # by the container's id: reported if the container ends up in a schema.
        self._container_issues: dict[int, tuple[Any, list[Unresolved]]] = {}
        for root in roots:
            for path, name, is_package in discover(root):
                state = ModuleState(os.path.abspath(path), name, is_package)
                self.modules[state.path] = state
                self.by_name.setdefault(name, []).append(state)
                self.order.append(state)

    def container_issue(self, container: Any, issue: Unresolved) -> None:
        entry = self._container_issues.get(id(container))
        if entry is None or entry[0] is not container:
            entry = (container, [])
            self._container_issues[id(container)] = entry
        entry[1].append(issue)

    def container_issues(self, container: Any) -> list[Unresolved]:
        entry = self._container_issues.get(id(container))
        return entry[1] if entry is not None and entry[0] is container else []

    def copied(self, new: Any, old: Any) -> Any:
        """`new`, a copy of `old`, inherits what is known to be missing from `old`."""
        for issue in self.container_issues(old):
            self.container_issue(new, issue)
        return new

    # -- loading --------------------------------------------------------------------
    def run(self, state: ModuleState) -> ModuleState:
        if state.state != 'new':
            return state  # done, or running (an import cycle sees the partial namespace)
        state.state = 'running'
        state.globals['__name__'] = state.name
        try:
            with open(state.path, 'rb') as fh:
                source = fh.read(_MAX_FILE + 1)
            if len(source) > _MAX_FILE:
                raise ValueError(f'larger than {_MAX_FILE} bytes, not read')
            tree = ast.parse(source, filename=state.path)
        except SyntaxError as exc:
            self.problems.append(Problem(state.path, exc.lineno,
                                         f'syntax error, plugin not read: {exc.msg}', 'error'))
            state.state = 'done'
            return state
        except (OSError, ValueError) as exc:
            self.problems.append(Problem(state.path, None, f'cannot read plugin: {exc}',
                                         'error'))
            state.state = 'done'
            return state
        scope = _Scope(state)
        try:
            self.exec_block(tree.body, scope)
        except _TooMuch:
            self.problems.append(Problem(state.path, None, 'plugin module too large or too '
                                         'complex to evaluate statically; partly read'))
        except RecursionError:
            self.problems.append(Problem(state.path, None, 'plugin module nested too deeply '
                                         'to evaluate statically; partly read'))
        state.state = 'done'
        return state

    def local_module(self, dotted: str) -> ModuleState | None:
        for prefix in ('heat.engine.plugins.', ''):
            if dotted.startswith(prefix):
                found = self.by_name.get(dotted[len(prefix):])
                if found:
                    return found[0]
        return None

    def import_module(self, dotted: str, line: int, state: ModuleState) -> Any:
        local = self.local_module(dotted)
        if local is not None:
            return ModuleRef('local', local.name, self.run(local))
        if dotted == 'heat' or dotted.startswith('heat.'):
            return ModuleRef('heat', _ALIASES.get(dotted, dotted))
        if dotted == 'copy':
            return ModuleRef('copy', 'copy')
        return Unresolved(state.path, line, f'{dotted} (a module outside the plugin '
                          'directories and Heat)', dotted)

    # -- statements -----------------------------------------------------------------------
    def exec_block(self, body: list[ast.stmt], scope: _Scope) -> None:
        for stmt in body:
            self.exec_stmt(stmt, scope)

    def tick(self, scope: _Scope, n: int = 1) -> None:
        scope.module.steps += n
        if scope.module.steps > _MAX_STEPS:
            raise _TooMuch()

    def skipped(self, stmt: ast.stmt, scope: _Scope, what: str) -> None:
        issue = Unresolved(scope.module.path, stmt.lineno, what)
        if scope.cls is not None:
            scope.cls.issues.append(issue)

    def exec_stmt(self, stmt: ast.stmt, scope: _Scope) -> None:
        self.tick(scope)
        if isinstance(stmt, ast.Expr):
            self.eval(stmt.value, scope)  # a docstring, or a call such as x.update({...})
        elif isinstance(stmt, ast.Assign):
            value = self.eval(stmt.value, scope)
            for target in stmt.targets:
                self.assign(target, value, scope, stmt)
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.assign(stmt.target, self.eval(stmt.value, scope), scope, stmt)
        elif isinstance(stmt, ast.AugAssign):
            self.aug_assign(stmt, scope)
        elif isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.asname:
                    scope.bind(alias.asname, self.import_module(alias.name, stmt.lineno,
                                                                scope.module))
                else:
                    top = alias.name.split('.')[0]
                    self.import_module(alias.name, stmt.lineno, scope.module)
                    scope.bind(top, self.import_module(top, stmt.lineno, scope.module))
        elif isinstance(stmt, ast.ImportFrom):
            self.import_from(stmt, scope)
        elif isinstance(stmt, ast.ClassDef):
            scope.bind(stmt.name, self.class_def(stmt, scope))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scope.bind(stmt.name, Function(stmt.name, stmt, scope.module))
        elif isinstance(stmt, ast.If):
            test = self.eval(stmt.test, scope)
            if isinstance(test, Unresolved) or not _plain(test):
                self.skipped(stmt, scope, 'an "if" whose condition cannot be known statically')
                return
            self.exec_block(stmt.body if test else stmt.orelse, scope)
        elif isinstance(stmt, ast.Try):
            # Assume the happy path: imports of optional libraries succeed.
            self.exec_block(stmt.body, scope)
            self.exec_block(stmt.orelse, scope)
            self.exec_block(stmt.finalbody, scope)
        elif isinstance(stmt, ast.For):
            self.for_loop(stmt, scope)
        elif isinstance(stmt, ast.Delete):
            for target in stmt.targets:
                self.delete(target, scope, stmt)
        elif isinstance(stmt, ast.Return):
            raise _Return(None if stmt.value is None else self.eval(stmt.value, scope))
        elif isinstance(stmt, (ast.Pass, ast.Global, ast.Nonlocal, ast.Assert)):
            pass
        else:
            self.skipped(stmt, scope, f'a "{type(stmt).__name__.lower()}" statement')

    def import_from(self, stmt: ast.ImportFrom, scope: _Scope) -> None:
        module = stmt.module or ''
        if stmt.level:
            package = scope.module.package.split('.') if scope.module.package else []
            up = stmt.level - 1
            if up > len(package):
                base = None
            else:
                base = '.'.join(package[:len(package) - up] if up else package)
            dotted = '.'.join(p for p in (base, module) if p) if base is not None else None
            if dotted is None:
                for alias in stmt.names:
                    scope.bind(alias.asname or alias.name,
                               Unresolved(scope.module.path, stmt.lineno,
                                          f'relative import beyond the plugin directory'))
                return
        else:
            dotted = module
        source = self.import_module(dotted, stmt.lineno, scope.module) if dotted else None
        for alias in stmt.names:
            if alias.name == '*':
                if isinstance(source, ModuleRef) and source.state is not None:
                    for key, value in source.state.globals.items():
                        if not key.startswith('_'):
                            scope.bind(key, value)
                continue
            sub = self.local_module(f'{dotted}.{alias.name}') if dotted else \
                self.local_module(alias.name)
            if sub is not None:
                value = ModuleRef('local', sub.name, self.run(sub))
            elif source is None:
                value = Unresolved(scope.module.path, stmt.lineno,
                                   f'{alias.name} (relative import)')
            else:
                value = self.get_attr(source, alias.name, stmt.lineno, scope)
            scope.bind(alias.asname or alias.name, value)

    def class_def(self, stmt: ast.ClassDef, scope: _Scope) -> PluginClass:
        bases = [self.eval(b, scope) for b in stmt.bases]
        methods = {s.name for s in stmt.body if isinstance(s, (ast.FunctionDef,
                                                                 ast.AsyncFunctionDef))}
        qualname = stmt.name if scope.cls is None else f'{scope.cls.qualname}.{stmt.name}'
        cls = PluginClass(stmt.name, qualname, scope.module, bases, stmt.lineno,
                          ast.get_docstring(stmt, clean=True), methods)
        body_scope = _Scope(scope.module, cls.ns, cls)
        self.exec_block(stmt.body, body_scope)
        return cls

    def for_loop(self, stmt: ast.For, scope: _Scope) -> None:
        iterable = self.eval(stmt.iter, scope)
        items = self.iterate(iterable, stmt.lineno, scope)
        if isinstance(items, Unresolved):
            self.skipped(stmt, scope, f'a "for" loop over {items.what}')
            return
        for item in items:
            self.tick(scope)
            self.assign(stmt.target, item, scope, stmt)
            self.exec_block(stmt.body, scope)
        self.exec_block(stmt.orelse, scope)

    def assign(self, target: ast.expr, value: Any, scope: _Scope, stmt: ast.stmt) -> None:
        if isinstance(target, ast.Name):
            scope.bind(target.id, value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            items = self.iterate(value, stmt.lineno, scope)
            names = target.elts
            if isinstance(items, Unresolved) or len(items) != len(names) or \
                    any(isinstance(n, ast.Starred) for n in names):
                why = items if isinstance(items, Unresolved) else Unresolved(
                    scope.module.path, stmt.lineno, 'an unpacking whose sizes do not match')
                for name in names:
                    self.assign(name.value if isinstance(name, ast.Starred) else name, why,
                                scope, stmt)
                return
            for name, item in zip(names, items):
                self.assign(name, item, scope, stmt)
        elif isinstance(target, ast.Subscript):
            container = self.eval(target.value, scope)
            key = self.eval(target.slice, scope)
            if isinstance(container, dict) and _hashable(key):
                container[key] = value
            elif isinstance(container, list) and isinstance(key, int) and \
                    -len(container) <= key < len(container):
                container[key] = value
            else:
                self.skipped(stmt, scope, 'an item assignment that cannot be followed')
                if isinstance(container, (dict, list)):
                    self.container_issue(container, Unresolved(
                        scope.module.path, stmt.lineno, 'an item assignment with a key that '
                        'cannot be known'))
        elif isinstance(target, ast.Attribute):
            owner = self.eval(target.value, scope)
            if isinstance(owner, PluginClass):
                owner.ns[target.attr] = value
            else:
                self.skipped(stmt, scope, 'an attribute assignment that cannot be followed')
        else:
            self.skipped(stmt, scope, 'an assignment that cannot be followed')

    def aug_assign(self, stmt: ast.AugAssign, scope: _Scope) -> None:
        load = copy.copy(stmt.target)
        load.ctx = ast.Load()
        current = self.eval(load, scope)
        value = self.eval(stmt.value, scope)
        if isinstance(stmt.op, ast.BitOr) and isinstance(current, dict) and \
                isinstance(value, dict):
            current.update(value)  # in place, as Python does
            return
        if isinstance(stmt.op, ast.Add) and isinstance(current, list) and \
                isinstance(value, (list, tuple)):
            current.extend(value)
            return
        self.assign(stmt.target, self.binop(stmt.op, current, value, stmt.lineno, scope),
                    scope, stmt)

    def delete(self, target: ast.expr, scope: _Scope, stmt: ast.stmt) -> None:
        if isinstance(target, ast.Subscript):
            container = self.eval(target.value, scope)
            key = self.eval(target.slice, scope)
            if isinstance(container, dict) and _hashable(key) and key in container:
                del container[key]
                return
        elif isinstance(target, ast.Name):
            if scope.local is not None:
                scope.local.pop(target.id, None)
            else:
                scope.module.globals.pop(target.id, None)
            return
        self.skipped(stmt, scope, 'a "del" that cannot be followed')

    # -- expressions ------------------------------------------------------------------
    def eval(self, node: ast.expr, scope: _Scope) -> Any:
        self.tick(scope)
        line = getattr(node, 'lineno', None)
        path = scope.module.path
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            value = scope.lookup(node.id)
            if value is _MISSING:
                return Unresolved(path, line, f'the name {node.id}, which is not defined')
            return value
        if isinstance(node, ast.Attribute):
            return self.get_attr(self.eval(node.value, scope), node.attr, line, scope)
        if isinstance(node, ast.Subscript):
            return self.subscript(self.eval(node.value, scope), node.slice, line, scope)
        if isinstance(node, ast.Call):
            return self.call(node, scope)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items: list = []
            for elt in node.elts:
                if isinstance(elt, ast.Starred):
                    more = self.iterate(self.eval(elt.value, scope), line, scope)
                    if isinstance(more, Unresolved):
                        return more
                    items.extend(more)
                else:
                    items.append(self.eval(elt, scope))
            if isinstance(node, ast.List):
                return items
            if isinstance(node, ast.Tuple):
                return tuple(items)
            if not all(_hashable(i) for i in items):
                return Unresolved(path, line, 'a set of unknown values')
            return set(items)
        if isinstance(node, ast.Dict):
            out: dict = {}
            for key_node, value_node in zip(node.keys, node.values):
                if key_node is None:  # {**other}
                    other = self.eval(value_node, scope)
                    if not isinstance(other, dict):
                        return other if isinstance(other, Unresolved) else Unresolved(
                            path, line, '"**" of something that is not a dict')
                    out.update(other)
                    continue
                key = self.eval(key_node, scope)
                if not _hashable(key):
                    key = Unresolved(path, line, 'a dict key that cannot be known')
                out[key] = self.eval(value_node, scope)
            return out
        if isinstance(node, ast.BinOp):
            return self.binop(node.op, self.eval(node.left, scope),
                              self.eval(node.right, scope), line, scope)
        if isinstance(node, ast.UnaryOp):
            operand = self.eval(node.operand, scope)
            if isinstance(operand, Unresolved):
                return operand
            if isinstance(node.op, ast.Not) and _plain(operand):
                return not operand
            if isinstance(operand, (int, float)):
                if isinstance(node.op, ast.USub):
                    return -operand
                if isinstance(node.op, ast.UAdd):
                    return +operand
                if isinstance(node.op, ast.Invert) and isinstance(operand, int):
                    return ~operand
            return Unresolved(path, line, 'an operation on a value that cannot be known')
        if isinstance(node, ast.BoolOp):
            values = [self.eval(v, scope) for v in node.values]
            for value in values:
                if isinstance(value, Unresolved) or not _plain(value):
                    return value if isinstance(value, Unresolved) else Unresolved(
                        path, line, 'a boolean operation on values that cannot be known')
            if isinstance(node.op, ast.And):
                result = values[0]
                for value in values:
                    result = value
                    if not value:
                        break
                return result
            for value in values:
                if value:
                    return value
            return values[-1]
        if isinstance(node, ast.Compare):
            return self.compare(node, scope)
        if isinstance(node, ast.IfExp):
            test = self.eval(node.test, scope)
            if isinstance(test, Unresolved) or not _plain(test):
                return Unresolved(path, line, 'a conditional expression whose condition '
                                  'cannot be known')
            return self.eval(node.body if test else node.orelse, scope)
        if isinstance(node, ast.JoinedStr):
            parts = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    parts.append(str(value.value))
                    continue
                assert isinstance(value, ast.FormattedValue)
                inner = self.eval(value.value, scope)
                if not _plain(inner):
                    return inner if isinstance(inner, Unresolved) else Unresolved(
                        path, line, 'an f-string of values that cannot be known')
                spec = ''
                if value.format_spec is not None:
                    spec_value = self.eval(value.format_spec, scope)
                    if not isinstance(spec_value, str) or re.search(r'\d{5,}', spec_value):
                        return Unresolved(path, line, 'an f-string format that cannot be used')
                    spec = spec_value
                if value.conversion == ord('r'):
                    inner = repr(inner)
                elif value.conversion == ord('a'):
                    inner = ascii(inner)
                elif value.conversion == ord('s'):
                    inner = str(inner)
                try:
                    parts.append(format(inner, spec))
                except (ValueError, TypeError) as exc:
                    return Unresolved(path, line, f'an f-string that fails ({exc})')
            return _limit(''.join(parts), path, line)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            return self.comprehension(node, scope)
        if isinstance(node, ast.Slice):
            parts = [None if n is None else self.eval(n, scope)
                     for n in (node.lower, node.upper, node.step)]
            if all(p is None or isinstance(p, int) for p in parts):
                return slice(*parts)
            return Unresolved(path, line, 'a slice that cannot be known')
        if isinstance(node, ast.Lambda):
            return Unresolved(path, line, 'a lambda (a function hot-ls does not run)')
        return Unresolved(path, line, f'an expression of kind {type(node).__name__}')

    def compare(self, node: ast.Compare, scope: _Scope) -> Any:
        line = node.lineno
        left = self.eval(node.left, scope)
        for op, right_node in zip(node.ops, node.comparators):
            right = self.eval(right_node, scope)
            for side in (left, right):
                if isinstance(side, Unresolved):
                    return side
            if isinstance(op, (ast.Is, ast.IsNot)):
                if not (left is None or right is None or isinstance(left, bool)
                        or isinstance(right, bool)):
                    return Unresolved(scope.module.path, line, 'an identity comparison')
            if not (_plain(left) and _plain(right)):
                if isinstance(op, (ast.Eq, ast.NotEq)) and (left is right):
                    result = isinstance(op, ast.Eq)
                else:
                    return Unresolved(scope.module.path, line,
                                      'a comparison of values that cannot be known')
            else:
                try:
                    result = _COMPARE[type(op)](left, right)
                except TypeError as exc:
                    return Unresolved(scope.module.path, line, f'a comparison that fails ({exc})')
            if not result:
                return False
            left = right
        return True

    def comprehension(self, node: ast.expr, scope: _Scope) -> Any:
        line = node.lineno
        local: dict = {}
        inner = _Scope(scope.module, local, scope.cls, scope)
        results: list = []

        def loop(index: int) -> Unresolved | None:
            if index == len(node.generators):
                if isinstance(node, ast.DictComp):
                    key = self.eval(node.key, inner)
                    results.append((key, self.eval(node.value, inner)))
                else:
                    results.append(self.eval(node.elt, inner))
                if len(results) > _MAX_SIZE:
                    raise _TooMuch()
                return None
            generator = node.generators[index]
            items = self.iterate(self.eval(generator.iter, inner), line, scope)
            if isinstance(items, Unresolved):
                return items
            for item in items:
                self.assign(generator.target, item, inner, node)  # type: ignore[arg-type]
                keep = True
                for condition in generator.ifs:
                    test = self.eval(condition, inner)
                    if isinstance(test, Unresolved) or not _plain(test):
                        return test if isinstance(test, Unresolved) else Unresolved(
                            scope.module.path, line, 'a comprehension condition that cannot '
                            'be known')
                    if not test:
                        keep = False
                        break
                if keep:
                    failed = loop(index + 1)
                    if failed is not None:
                        return failed
            return None

        failed = loop(0)
        if failed is not None:
            return failed
        if isinstance(node, ast.DictComp):
            out = {}
            for key, value in results:
                if not _hashable(key):
                    return Unresolved(scope.module.path, line, 'a dict key that cannot be known')
                out[key] = value
            return out
        if isinstance(node, ast.SetComp):
            if not all(_hashable(r) for r in results):
                return Unresolved(scope.module.path, line, 'a set of unknown values')
            return set(results)
        return results

    def iterate(self, value: Any, line: int | None, scope: _Scope) -> list | Unresolved:
        if isinstance(value, Unresolved):
            return value
        if isinstance(value, (list, tuple, str, set, frozenset, range)):
            if len(value) > _MAX_SIZE:
                raise _TooMuch()
            items = list(value)
            if isinstance(value, (set, frozenset)):
                try:
                    items = sorted(items)
                except TypeError:
                    pass
            return items
        if isinstance(value, dict):
            return list(value)
        return Unresolved(scope.module.path, line, 'iteration over a value that cannot be known')

    def binop(self, op: ast.operator, left: Any, right: Any, line: int | None,
              scope: _Scope) -> Any:
        path = scope.module.path
        for side in (left, right):
            if isinstance(side, Unresolved):
                return side
        if isinstance(op, ast.Add) and (isinstance(left, _Message) or
                                        isinstance(right, _Message)):
            return Unresolved(path, line, 'a _() text joined with "+": oslo.i18n Message '
                              'objects do not support addition (Heat would fail to load this '
                              'plugin; use "%" or concatenate inside _())')
        if isinstance(op, ast.Mod) and isinstance(left, str):
            if not _formattable(right) or re.search(r'%[-#0 +]*\d{5,}', left):
                return Unresolved(path, line, 'a "%" format of values that cannot be known')
            try:
                result = str.__mod__(left, right)
                if isinstance(left, _Message):
                    result = _Message(result)
                return _limit(result, path, line)
            except (TypeError, ValueError, KeyError) as exc:
                return Unresolved(path, line, f'a "%" format that fails ({exc})')
        if isinstance(op, ast.BitOr) and isinstance(left, dict) and isinstance(right, dict):
            return {**left, **right}
        if isinstance(op, ast.Add) and isinstance(left, (list, tuple)) and \
                isinstance(right, (list, tuple)):
            # Lists and tuples of Heat's constants are both stored as JSON lists.
            return _limit(type(left)(list(left) + list(right)), path, line)
        if not (_plain(left) and _plain(right)):
            return Unresolved(path, line, 'an operation on values that cannot be known')
        if isinstance(op, ast.Mult):
            count = right if isinstance(right, int) else left if isinstance(left, int) else 0
            other = left if isinstance(right, int) else right
            if isinstance(other, (str, list, tuple)) and count * len(other) > _MAX_SIZE:
                return Unresolved(path, line, 'a repetition too large to build')
        if isinstance(op, ast.Pow) and isinstance(right, (int, float)) and abs(right) > 64:
            return Unresolved(path, line, 'a power too large to compute')
        if isinstance(op, ast.LShift) and isinstance(right, int) and right > 64:
            return Unresolved(path, line, 'a shift too large to compute')
        function = _BINOPS.get(type(op))
        if function is None:
            return Unresolved(path, line, 'an operation hot-ls does not evaluate')
        try:
            return _limit(function(left, right), path, line)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError) as exc:
            return Unresolved(path, line, f'an operation that fails ({exc})')

    def subscript(self, value: Any, index_node: ast.expr, line: int | None,
                  scope: _Scope) -> Any:
        index = self.eval(index_node, scope)
        path = scope.module.path
        for side in (value, index):
            if isinstance(side, Unresolved):
                return side
        if isinstance(value, dict):
            if _hashable(index) and index in value:
                return value[index]
            return Unresolved(path, line, f'the key {index!r}, which the dict does not have'
                              if _plain(index) else 'a key that cannot be known')
        if isinstance(value, (list, tuple, str)):
            if isinstance(index, (int, slice)) and not isinstance(index, bool):
                try:
                    return value[index]
                except IndexError:
                    return Unresolved(path, line, f'the index {index}, which is out of range')
        return Unresolved(path, line, 'an item of a value that cannot be known')

    # -- attributes ------------------------------------------------------------------------
    def get_attr(self, value: Any, attr: str, line: int | None, scope: _Scope) -> Any:
        path = scope.module.path
        if isinstance(value, Unresolved):
            if value.dotted:
                return Unresolved(path, line, f'{value.dotted}.{attr} (from a module outside '
                                  'the plugin directories and Heat)', f'{value.dotted}.{attr}')
            return value
        if isinstance(value, ModuleRef):
            if value.kind == 'local':
                assert value.state is not None
                if attr in value.state.globals:
                    return value.state.globals[attr]
                sub = self.local_module(f'{value.name}.{attr}')
                if sub is not None:
                    return ModuleRef('local', sub.name, self.run(sub))
                return Unresolved(path, line, f'{value.name}.{attr}, which the plugin module '
                                  'does not define statically')
            if value.kind == 'copy':
                if attr in ('copy', 'deepcopy'):
                    return Builtin(f'copy.{attr}')
                return Unresolved(path, line, f'copy.{attr}')
            return self.heat_name(f'{value.name}.{attr}', line, path)
        if isinstance(value, HeatSymbol):
            return self.heat_name(f'{value.path}.{attr}', line, path, symbol_only=True)
        if isinstance(value, HeatClass):
            return self.heat_class_attr(value, attr, line, path)
        if isinstance(value, PluginClass):
            return self.class_attr(value, attr, line, path)
        if isinstance(value, str) and attr in _STR_METHODS or \
                isinstance(value, dict) and attr in _DICT_METHODS or \
                isinstance(value, list) and attr in _LIST_METHODS:
            return BoundMethod(value, attr)
        if isinstance(value, Obj) and value.kind == 'property' and attr in ('schema',
                                                                             'description'):
            return Unresolved(path, line, f'the {attr} of a schema object')
        return Unresolved(path, line, f'the attribute {attr} of a value that cannot be known')

    def heat_name(self, dotted: str, line: int | None, path: str,
                  symbol_only: bool = False) -> Any:
        parent, _, name = dotted.rpartition('.')
        constants = self.catalog.heat_constants(parent)
        if constants is not None and name in constants:
            return self.decode(constants[name], line, path)
        if dotted in _CALLABLES or dotted in _IDENTITY or dotted in _SCHEMA_CLASSES:
            return HeatSymbol(dotted)
        found = self.catalog.heat_class(dotted)
        if found is not None:
            return HeatClass(dotted, found, found.name or None)
        if symbol_only or parent in _SYMBOL_MODULES:
            return Unresolved(path, line, f'{dotted}, which Heat does not define '
                              '(Heat would fail to load this plugin)')
        return ModuleRef('heat', dotted)

    def decode(self, value: Any, line: int | None, path: str, top: bool = True) -> Any:
        """A constant from the catalog's data as an interpreter value."""
        if isinstance(value, dict):
            if len(value) == 1:
                (tag, data), = value.items()
                if tag == '$property':
                    return Obj('property', {}, line, path, json=data)
                if tag == '$attribute':
                    return Obj('attribute', {}, line, path, json=data)
                if tag == '$constraint':
                    key = next(k for k in data if k != 'description')
                    return Obj(f'constraint:{key}', {}, line, path, json=data)
                if tag == '$support':
                    return Obj('support', {}, line, path, json={'chain': data})
            return {k: self.decode(v, line, path, False) for k, v in value.items()}
        if isinstance(value, list):
            items = [self.decode(v, line, path, False) for v in value]
            return tuple(items) if top else items
        return value

    def heat_class_attr(self, value: HeatClass, attr: str, line: int | None, path: str) -> Any:
        body = value.rtype.body
        if attr == 'properties_schema':
            return {k: Obj('property', {}, line, path, json=v)
                    for k, v in (body.get('properties') or {}).items()}
        if attr == 'attributes_schema':
            return {k: Obj('attribute', {}, line, path, json=v)
                    for k, v in (body.get('attributes') or {}).items() if k != 'show'}
        if attr == 'base_attributes_schema':
            base = self.catalog.heat_class('heat.engine.resource.Resource')
            attrs = base.body.get('attributes', {}) if base is not None else {}
            return {k: Obj('attribute', {}, line, path, json=v) for k, v in attrs.items()}
        if attr == 'update_policy_schema':
            return {k: Obj('property', {}, line, path, json=v)
                    for k, v in (body.get('update_policy') or {}).items()}
        if attr == 'support_status':
            return Obj('support', {}, line, path, json={'chain': body.get('support_status')})
        constants = body.get('constants') or {}
        if attr in constants:
            return self.decode(constants[attr], line, path)
        base = self.catalog.heat_class('heat.engine.resource.Resource')
        if base is not None and attr in (base.body.get('constants') or {}):
            return self.decode(base.body['constants'][attr], line, path)
        return Unresolved(path, line, f'{value.path}.{attr}, which hot-ls does not record '
                          'for Heat classes')

    def class_attr(self, cls: PluginClass, attr: str, line: int | None, path: str) -> Any:
        for klass in cls.mro():
            if isinstance(klass, PluginClass):
                if attr in klass.ns:
                    return klass.ns[attr]
            elif isinstance(klass, HeatClass):
                found = self.heat_class_attr(klass, attr, line, path)
                if not isinstance(found, Unresolved):
                    return found
            elif isinstance(klass, ModuleRef) and klass.kind == 'heat':
                # A Heat class that is not a resource (a mixin): its recorded data.
                constants = self.catalog.heat_constants(klass.name)
                if constants is not None and attr in constants:
                    return self.decode(constants[attr], line, path)
            elif isinstance(klass, Unresolved):
                return Unresolved(path, line, f'{attr}, which may come from the base class '
                                  f'{klass.dotted or klass.what}')
        return Unresolved(path, line, f'{cls.name}.{attr}, which is not defined')

    # -- calls ---------------------------------------------------------------------------------
    def call(self, node: ast.Call, scope: _Scope) -> Any:
        path, line = scope.module.path, node.lineno
        func = self.eval(node.func, scope)
        args: list = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                more = self.iterate(self.eval(arg.value, scope), line, scope)
                if isinstance(more, Unresolved):
                    return more
                args.extend(more)
            else:
                args.append(self.eval(arg, scope))
        kwargs: dict = {}
        for keyword in node.keywords:
            value = self.eval(keyword.value, scope)
            if keyword.arg is None:
                if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
                    return value if isinstance(value, Unresolved) else Unresolved(
                        path, line, '"**" of something that is not a dict')
                kwargs.update(value)
            else:
                kwargs[keyword.arg] = value
        if isinstance(func, Unresolved):
            return Unresolved(path, line, f'a call to {func.dotted or func.what}', None) \
                if func.dotted else func
        if isinstance(func, HeatSymbol):
            if func.path in _IDENTITY:
                if len(args) == 1 and not kwargs and isinstance(args[0], str):
                    return _Message(args[0])
                if len(args) == 1 and isinstance(args[0], Unresolved):
                    return args[0]
                if len(args) == 1 and isinstance(args[0], ModuleRef):
                    return Unresolved(path, line, f'{args[0].name}, a name from Heat that '
                                      'hot-ls does not record')
                return Unresolved(path, line, '_() of something that is not a string')
            if func.path in _CALLABLES:
                kind, signature = _CALLABLES[func.path]
                bound = _bind(signature, args, kwargs)
                if isinstance(bound, str):
                    return Unresolved(path, line, f'{func.path.rpartition(".")[2]}(): {bound} '
                                      '(Heat would fail to load this plugin)')
                return Obj(kind, bound, line, path)
            return Unresolved(path, line, f'a call to {func.path}')
        if isinstance(func, Builtin):
            return self.call_builtin(func.name, args, kwargs, line, scope)
        if isinstance(func, BoundMethod):
            return self.call_method(func, args, kwargs, line, scope)
        if isinstance(func, Function):
            return Unresolved(path, line, f'a call to {func.name}() (hot-ls does not run '
                              'plugin functions)')
        if isinstance(func, (PluginClass, HeatClass)):
            return Unresolved(path, line, f'an instance of {getattr(func, "name", "a class")}')
        return Unresolved(path, line, 'a call to something that cannot be known')

    def call_builtin(self, name: str, args: list, kwargs: dict, line: int | None,
                     scope: _Scope) -> Any:
        path = scope.module.path
        for value in list(args) + list(kwargs.values()):
            if isinstance(value, Unresolved):
                return value
        if name in ('copy.copy', 'copy.deepcopy') and len(args) == 1 and not kwargs:
            made = copy.deepcopy(args[0]) if name == 'copy.deepcopy' else copy.copy(args[0])
            return self.copied(made, args[0])
        if name == 'dict':
            if len(args) > 1:
                return Unresolved(path, line, 'dict() with several arguments')
            out: dict = {}
            if args:
                source = args[0]
                if isinstance(source, dict):
                    out.update(source)
                    self.copied(out, source)
                else:
                    items = self.iterate(source, line, scope)
                    if isinstance(items, Unresolved):
                        return items
                    for item in items:
                        if not (isinstance(item, (list, tuple)) and len(item) == 2
                                and _hashable(item[0])):
                            return Unresolved(path, line, 'dict() of items that cannot be known')
                        out[item[0]] = item[1]
            out.update(kwargs)
            return out
        if kwargs and name not in ('sorted', 'min', 'max'):
            return Unresolved(path, line, f'{name}() with keyword arguments')
        if name in ('list', 'tuple', 'set', 'frozenset', 'sorted', 'reversed'):
            items = self.iterate(args[0], line, scope) if args else []
            if isinstance(items, Unresolved):
                return items
            if name == 'list':
                return list(items)
            if name == 'tuple':
                return tuple(items)
            if name == 'reversed':
                return list(reversed(items))
            if name == 'sorted':
                if set(kwargs) - {'reverse'} or not all(_plain(i) for i in items):
                    return Unresolved(path, line, 'sorted() of values that cannot be ordered')
                try:
                    return sorted(items, reverse=bool(kwargs.get('reverse')))
                except TypeError as exc:
                    return Unresolved(path, line, f'sorted() fails ({exc})')
            if not all(_hashable(i) for i in items):
                return Unresolved(path, line, f'{name}() of values that cannot be known')
            return set(items) if name == 'set' else frozenset(items)
        if name == 'range':
            if not all(isinstance(a, int) and not isinstance(a, bool) for a in args) or \
                    not 1 <= len(args) <= 3:
                return Unresolved(path, line, 'range() of values that cannot be known')
            result = range(*args)
            if len(result) > _MAX_SIZE:
                return Unresolved(path, line, 'a range too large to build')
            return result
        if name in ('len', 'str', 'int', 'float', 'bool', 'repr', 'min', 'max', 'sum', 'any',
                    'all', 'zip', 'enumerate'):
            if not all(_plain(a) for a in args):
                return Unresolved(path, line, f'{name}() of values that cannot be known')
            try:
                if name in ('zip', 'enumerate'):
                    result = list({'zip': zip, 'enumerate': enumerate}[name](*args))
                    return _limit(result, path, line)
                function = {'len': len, 'str': str, 'int': int, 'float': float, 'bool': bool,
                            'repr': repr, 'min': min, 'max': max, 'sum': sum, 'any': any,
                            'all': all}[name]
                if name == 'int' and args and isinstance(args[0], str) and len(args[0]) > 100:
                    return Unresolved(path, line, 'int() of a very long string')
                return function(*args, **kwargs)
            except (TypeError, ValueError) as exc:
                return Unresolved(path, line, f'{name}() fails ({exc})')
        return Unresolved(path, line, f'a call to {name}()')

    def call_method(self, method: BoundMethod, args: list, kwargs: dict, line: int | None,
                    scope: _Scope) -> Any:
        target, name = method.target, method.name
        result = self._call_method(method, args, kwargs, line, scope)
        if isinstance(result, Unresolved) and isinstance(target, (dict, list)) and \
                name in _MUTATING:
            self.container_issue(target, result)
            if scope.cls is not None:
                scope.cls.issues.append(result)
        elif name == 'copy' and isinstance(target, (dict, list)):
            self.copied(result, target)
        return result

    def _call_method(self, method: BoundMethod, args: list, kwargs: dict, line: int | None,
                     scope: _Scope) -> Any:
        path = scope.module.path
        target, name = method.target, method.name
        for value in list(args) + list(kwargs.values()):
            if isinstance(value, Unresolved):
                return value
            if isinstance(value, ModuleRef) and value.kind == 'heat':
                return Unresolved(path, line, f'{value.name}, a name from Heat that hot-ls '
                                  'does not record')
        if isinstance(target, str):
            if name == 'format':
                if re.search(r'\{[^}]*[.\[]', target) or re.search(r':[^}]*\d{5,}', target) \
                        or not all(_plain(a) for a in args) or \
                        not all(_plain(v) for v in kwargs.values()):
                    return Unresolved(path, line, 'a .format() that hot-ls does not evaluate')
            elif kwargs or not all(_plain(a) for a in args):
                return Unresolved(path, line, f'str.{name}() of values that cannot be known')
            try:
                return _limit(getattr(target, name)(*args, **kwargs), path, line)
            except (TypeError, ValueError, KeyError, IndexError) as exc:
                return Unresolved(path, line, f'str.{name}() fails ({exc})')
        if kwargs and not (isinstance(target, dict) and name == 'update'):
            return Unresolved(path, line, f'.{name}() with keyword arguments')
        try:
            if isinstance(target, dict):
                if name == 'update':
                    if len(args) > 1:
                        return Unresolved(path, line, '.update() with several arguments')
                    if args:
                        if not isinstance(args[0], dict):
                            return Unresolved(path, line, '.update() with something that is '
                                              'not a dict')
                        target.update(args[0])
                    target.update(kwargs)
                    return None
                if name in ('get', 'pop', 'setdefault') and args and not _hashable(args[0]):
                    return Unresolved(path, line, f'.{name}() of a key that cannot be known')
                if name == 'items':
                    return [(k, v) for k, v in target.items()]
                if name == 'keys':
                    return list(target.keys())
                if name == 'values':
                    return list(target.values())
                if name == 'copy':
                    return dict(target)
                return getattr(target, name)(*args)
            if isinstance(target, list):
                if name == 'copy':
                    return list(target)
                if name == 'extend' and args and not isinstance(args[0], (list, tuple)):
                    return Unresolved(path, line, '.extend() of something that is not a list')
                result = getattr(target, name)(*args)
                if len(target) > _MAX_SIZE:
                    raise _TooMuch()
                return result
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            return Unresolved(path, line, f'.{name}() fails ({exc})')
        return Unresolved(path, line, f'.{name}() of a value that cannot be known')

    # -- functions (only the mapping functions are run) ---------------------------------
    def run_function(self, func: Function) -> Any:
        node = func.node
        assert isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        local: dict = {}
        arguments = node.args
        positional = arguments.posonlyargs + arguments.args
        defaults = arguments.defaults
        if len(positional) > len(defaults):
            return Unresolved(func.module.path, node.lineno,
                              f'{func.name}() takes arguments hot-ls cannot supply')
        scope = _Scope(func.module, local)
        for arg, default in zip(positional, defaults):
            local[arg.arg] = self.eval(default, _Scope(func.module))
        try:
            self.exec_block(node.body, scope)
        except _Return as result:
            return result.value
        except (_TooMuch, RecursionError):
            return Unresolved(func.module.path, node.lineno,
                              f'{func.name}() is too complex to evaluate statically')
        return None


_COMPARE = {
    ast.Eq: lambda a, b: a == b, ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b, ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b, ast.GtE: lambda a, b: a >= b,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
    ast.Is: lambda a, b: a is b, ast.IsNot: lambda a, b: a is not b,
}

_BINOPS = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b, ast.Pow: lambda a, b: a ** b,
    ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b,
    ast.BitXor: lambda a, b: a ^ b, ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b,
}


def _plain(value: Any) -> bool:
    """A value made only of Python literals (safe to compute with)."""
    if value is None or isinstance(value, (str, int, float, bool, bytes)):
        return True
    if isinstance(value, (list, tuple, set, frozenset, range)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(k) and _plain(v) for k, v in value.items())
    return False


def _formattable(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return _plain(value)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _limit(value: Any, path: str, line: int | None) -> Any:
    if isinstance(value, (str, list, tuple)) and len(value) > _MAX_SIZE:
        return Unresolved(path, line, 'a value too large to build')
    return value


def _bind(signature: tuple[str, ...], args: list, kwargs: dict) -> dict | str:
    if len(args) > len(signature):
        return f'takes at most {len(signature)} positional arguments'
    bound = dict(zip(signature, args))
    for key, value in kwargs.items():
        if key not in signature:
            return f'got an unexpected keyword argument "{key}"'
        if key in bound:
            return f'got multiple values for "{key}"'
        bound[key] = value
    return bound


# -- from interpreter values to the catalog's JSON ---------------------------------------

class _Collector:
    """Turns values into catalog JSON, noting each Unresolved that had to be left out."""

    def __init__(self, analyzer: Analyzer, class_names: dict[int, str]):
        self.analyzer = analyzer
        self.class_names = class_names
        self.issues: dict[tuple[str, int | None, str], Unresolved] = {}

    def note(self, value: Unresolved) -> None:
        self.issues.setdefault((value.path, value.line, value.what), value)

    @staticmethod
    def not_a(value: Any, path: str, line: int | None, what: str) -> Unresolved:
        if isinstance(value, ModuleRef) and value.kind == 'heat':
            return Unresolved(path, line, f'{value.name}, a name from Heat that hot-ls does not '
                              'record')
        return Unresolved(path, line, what)

    def bad(self, obj: Obj | None, path: str, line: int | None, what: str) -> None:
        self.note(Unresolved(obj.path if obj else path, obj.line if obj else line, what))

    def text(self, value: Any, obj: Obj, field: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if isinstance(value, (str, int, float)):
            return str(value)
        self.bad(obj, obj.path, obj.line, f'the {field}, which is not a string')
        return None

    def json_value(self, value: Any, obj: Obj, field: str) -> Any:
        if isinstance(value, Unresolved):
            self.note(value)
            return _MISSING
        if isinstance(value, str):
            return str(value)
        if value is None or isinstance(value, (int, float, bool)):
            return value
        if isinstance(value, (list, tuple)):
            items = [self.json_value(v, obj, field) for v in value]
            return _MISSING if any(i is _MISSING for i in items) else items
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                converted = self.json_value(item, obj, field)
                if not isinstance(key, str) or converted is _MISSING:
                    if isinstance(key, Unresolved):
                        self.note(key)
                    return _MISSING
                out[key] = converted
            return out
        self.bad(obj, obj.path, obj.line, f'the {field}, which is not a plain value')
        return _MISSING

    def flag(self, value: Any, obj: Obj, default: bool) -> bool:
        if isinstance(value, Unresolved):
            self.note(value)
            return default
        if value is None:
            return default
        if _plain(value):
            return bool(value)
        self.bad(obj, obj.path, obj.line, 'a flag that cannot be known')
        return default

    def support(self, value: Any, context: Obj | None, path: str, line: int | None
                ) -> list[dict] | None:
        """A support_status chain (newest first), or None for the default."""
        if value is None:
            return None
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if not (isinstance(value, Obj) and value.kind == 'support'):
            self.bad(context, path, line, 'a support_status that is not a support.SupportStatus')
            return None
        if value.json is not None:
            chain = value.json.get('chain')
            return copy.deepcopy(chain) if chain else None
        args = value.args
        status = args.get('status', 'SUPPORTED')
        step: dict = {}
        if isinstance(status, Unresolved):
            self.note(status)
            status = 'SUPPORTED'
        message = self.text(args.get('message'), value, 'support message')
        version = args.get('version')
        if status not in self.analyzer.statuses:  # Heat: an invalid status becomes UNKNOWN
            step = {'status': 'UNKNOWN', 'message': 'Specified status is invalid, defaulting '
                    'to UNKNOWN'}
            return [step]
        step['status'] = status
        if version is not None:
            version_text = self.text(version, value, 'support version')
            if version_text is not None:
                step['version'] = version_text
        if message is not None:
            step['message'] = message
        substitute = args.get('substitute_class')
        if isinstance(substitute, PluginClass):
            step['substitute'] = self.class_names.get(id(substitute), substitute.path)
        elif isinstance(substitute, HeatClass):
            step['substitute'] = substitute.name or substitute.path
        elif isinstance(substitute, Unresolved):
            self.note(substitute)
        chain = [step]
        previous = args.get('previous_status')
        if previous is not None:
            older = self.support(previous, value, path, line)
            chain.extend(older or [{'status': 'SUPPORTED'}])
        return chain

    def constraint(self, value: Any, context: Obj) -> dict | None:
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if not (isinstance(value, Obj) and value.kind.startswith('constraint:')):
            self.bad(context, context.path, context.line, 'a constraint that is not one of '
                     'heat.engine.constraints')
            return None
        if value.json is not None:
            return copy.deepcopy(value.json)
        key = value.kind.partition(':')[2]
        args = value.args
        description = self.text(args.get('description'), value, 'constraint description')
        if key in ('range', 'length', 'modulo'):
            names = ('step', 'offset') if key == 'modulo' else ('min', 'max')
            definition = {}
            for name in names:
                item = self.json_value(args.get(name), value, f'{key} {name}')
                if item is _MISSING:
                    return None
                if item is not None:
                    definition[name] = item
        else:
            field = {'allowed_values': 'allowed', 'allowed_pattern': 'pattern',
                     'custom_constraint': 'name'}[key]
            definition = self.json_value(args.get(field), value, key)
            if definition is _MISSING:
                return None
        out = {key: definition}
        if description is not None:
            out['description'] = description
        problems: list[str] = []
        if constraint_from_dict(out, problems.append) is None:
            self.bad(value, value.path, value.line, problems[0] if problems else 'a constraint')
            return None
        return out

    def prop(self, value: Any, path: str, line: int | None) -> dict | None:
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if isinstance(value, dict):
            return self.legacy_prop(value, path, line)
        if not (isinstance(value, Obj) and value.kind == 'property'):
            self.note(self.not_a(value, path, line, 'a property schema that is not a '
                                 'properties.Schema'))
            return None
        if value.json is not None:
            return copy.deepcopy(value.json)
        args = value.args
        ptype = args.get('data_type')
        if isinstance(ptype, Unresolved):
            self.note(ptype)
            ptype = 'Any'
        elif ptype not in self.analyzer.property_types:
            self.bad(value, path, line, f'the property type {ptype!r}, which Heat rejects '
                     '(Invalid type)')
            ptype = 'Any'
        out: dict = {'type': ptype.lower()}
        description = self.text(args.get('description'), value, 'description')
        if description is not None:
            out['description'] = description
        default = self.json_value(args.get('default'), value, 'default')
        if default is not _MISSING and default is not None:
            out['default'] = default
        for flag, default_flag in (('required', False), ('update_allowed', False),
                                   ('immutable', False), ('implemented', True)):
            if self.flag(args.get(flag), value, default_flag) != default_flag:
                out[flag] = not default_flag
        constraints = args.get('constraints')
        if isinstance(constraints, Unresolved):
            self.note(constraints)
        elif constraints is not None:
            if not isinstance(constraints, (list, tuple)):
                self.bad(value, path, line, 'constraints that are not a list')
            else:
                made = [self.constraint(c, value) for c in constraints]
                made = [c for c in made if c is not None]
                if made:
                    out['constraints'] = made
        schema = args.get('schema')
        if isinstance(schema, Unresolved):
            self.note(schema)
        elif schema is not None:
            if isinstance(schema, Obj):
                if ptype != 'List':
                    self.bad(value, path, line, f'a single nested schema on a {ptype} '
                             '(Heat: valid only for List)')
                else:
                    item = self.prop(schema, value.path, value.line)
                    if item is not None:
                        out['schema'] = {'*': item}
            elif isinstance(schema, dict):
                if ptype not in ('List', 'Map'):
                    self.bad(value, path, line, f'a nested schema on a {ptype} '
                             '(Heat: valid only for List or Map)')
                else:
                    out['schema'] = self.props(schema, value.path, value.line)
            else:
                self.bad(value, path, line, 'a nested schema that is not a dict or a Schema')
        chain = self.support(args.get('support_status'), value, path, line)
        if chain and chain != [{'status': 'SUPPORTED'}]:
            out['support_status'] = chain
        return out

    def legacy_prop(self, value: dict, path: str, line: int | None) -> dict | None:
        """Heat's legacy dict schema ({'Type': 'String', 'Required': True...})."""
        keys = {'Type', 'Default', 'Schema', 'AllowedPattern', 'MinValue', 'MaxValue',
                'AllowedValues', 'MinLength', 'MaxLength', 'Required', 'Description',
                'UpdateAllowed', 'Immutable', 'Implemented'}
        if not all(isinstance(k, str) and k in keys for k in value) or 'Type' not in value:
            self.note(Unresolved(path, line, 'a legacy property schema Heat rejects'))
            return None
        args: dict = {'data_type': value['Type'], 'description': value.get('Description'),
                      'default': value.get('Default'), 'required': value.get('Required'),
                      'update_allowed': value.get('UpdateAllowed'),
                      'immutable': value.get('Immutable'),
                      'implemented': value.get('Implemented', True)}
        constraints = []
        if 'MinValue' in value or 'MaxValue' in value:
            constraints.append(Obj('constraint:range', {'min': value.get('MinValue'),
                                                        'max': value.get('MaxValue')},
                                   line, path))
        if 'MinLength' in value or 'MaxLength' in value:
            constraints.append(Obj('constraint:length', {'min': value.get('MinLength'),
                                                         'max': value.get('MaxLength')},
                                   line, path))
        if 'AllowedValues' in value:
            constraints.append(Obj('constraint:allowed_values',
                                   {'allowed': value['AllowedValues']}, line, path))
        if 'AllowedPattern' in value:
            constraints.append(Obj('constraint:allowed_pattern',
                                   {'pattern': value['AllowedPattern']}, line, path))
        args['constraints'] = constraints
        if 'Schema' in value:
            nested = value['Schema']
            if value['Type'] == 'List' and isinstance(nested, dict) and 'Type' in nested:
                args['schema'] = Obj('property', {}, line, path,
                                     json=self.legacy_prop(nested, path, line))
            else:
                args['schema'] = nested
        return self.prop(Obj('property', args, line, path), path, line)

    def props(self, value: Any, path: str, line: int | None) -> dict:
        if isinstance(value, Unresolved):
            self.note(value)
            return {}
        if not isinstance(value, dict):
            self.note(self.not_a(value, path, line, 'a schema that is not a dict'))
            return {}
        for issue in self.analyzer.container_issues(value):
            self.note(issue)
        out = {}
        for key, item in value.items():
            if isinstance(key, Unresolved):
                self.note(key)
                continue
            if not isinstance(key, str):
                self.note(Unresolved(path, line, f'the property name {key!r}, not a string'))
                continue
            made = self.prop(item, path, line)
            if made is not None:
                out[key] = made
        return out

    def attr(self, value: Any, path: str, line: int | None) -> dict | None:
        if isinstance(value, Unresolved):
            self.note(value)
            return None
        if not (isinstance(value, Obj) and value.kind == 'attribute'):
            self.note(self.not_a(value, path, line, 'an attribute schema that is not an '
                                 'attributes.Schema'))
            return None
        if value.json is not None:
            return copy.deepcopy(value.json)
        args = value.args
        out: dict = {}
        description = self.text(args.get('description'), value, 'description')
        if description is not None:
            out['description'] = description
        atype = args.get('type')
        if isinstance(atype, Unresolved):
            self.note(atype)
        elif atype not in self.analyzer.attribute_types:
            self.bad(value, value.path, value.line, f'the attribute type {atype!r}, which Heat '
                     'rejects (Invalid type)')
        elif atype is not None:
            out['type'] = atype.lower()
        chain = self.support(args.get('support_status'), value, path, line)
        if chain and chain != [{'status': 'SUPPORTED'}]:
            out['support_status'] = chain
        return out

    def attrs(self, value: Any, path: str, line: int | None) -> dict:
        if isinstance(value, Unresolved):
            self.note(value)
            return {}
        if not isinstance(value, dict):
            self.note(self.not_a(value, path, line, 'an attributes schema that is not a dict'))
            return {}
        for issue in self.analyzer.container_issues(value):
            self.note(issue)
        out = {}
        for key, item in value.items():
            if isinstance(key, Unresolved):
                self.note(key)
                continue
            if not isinstance(key, str):
                continue
            made = self.attr(item, path, line)
            if made is not None:
                out[key] = made
        return out

    def resource_type(self, cls: PluginClass | HeatClass, path: str, line: int | None) -> dict:
        if isinstance(cls, HeatClass):
            body = copy.deepcopy(cls.rtype.body)
            body['update_policy_known'] = True
            return body
        analyzer = self.analyzer
        for issue in (i for klass in cls.mro() if isinstance(klass, PluginClass)
                      for i in klass.issues):
            self.note(issue)

        def lookup(attr: str, default: Any) -> Any:
            found = analyzer.class_attr(cls, attr, cls.line, cls.module.path)
            if isinstance(found, Unresolved) and found.what.endswith('which is not defined'):
                return default
            return found

        properties = self.props(lookup('properties_schema', {}), cls.module.path, cls.line)
        attributes = self.attrs(lookup('attributes_schema', {}), cls.module.path, cls.line)
        base_attributes = lookup('base_attributes_schema', None)
        if base_attributes is None:
            base_attributes = self._default_base_attributes()
        base_attributes = self.attrs(base_attributes, cls.module.path, cls.line)
        attributes.update(base_attributes)
        update_policy = self.props(lookup('update_policy_schema', {}), cls.module.path, cls.line)
        chain = self.support(lookup('support_status', None), None, cls.module.path, cls.line)
        any_attribute = snapshot = False
        known = True  # every class of the MRO read: whether Snapshot is refused is certain
        for klass in cls.mro():
            if isinstance(klass, PluginClass):
                any_attribute = any_attribute or bool({'get_attribute', 'FnGetAtt'} & klass.methods)
                snapshot = snapshot or 'handle_snapshot_delete' in klass.methods
            elif isinstance(klass, HeatClass):
                any_attribute = any_attribute or bool(klass.rtype.body.get('any_attribute'))
                snapshot = snapshot or bool(klass.rtype.body.get('snapshot_delete'))
            elif not isinstance(klass, Builtin):
                known = False
        doc = cls.doc
        if doc is not None:
            doc = re.sub('^ *\n', '', doc.rstrip())  # pydoc.getdoc
        body = {
            'class': cls.path,
            'description': doc if doc is not None else 'No description available',
            'support_status': chain or [{'status': 'SUPPORTED'}],
            'properties': properties,
            'attributes': dict(sorted(attributes.items())),
            'update_policy': update_policy,
            'update_policy_known': True,
            'path': cls.module.path,
            'line': cls.line,
        }
        if any_attribute:
            body['any_attribute'] = True
        if snapshot or known:
            body['snapshot_delete'] = snapshot
        return body

    def _default_base_attributes(self) -> dict:
        base = self.analyzer.catalog.heat_class('heat.engine.resource.Resource')
        if base is None:
            return {}
        return {k: Obj('attribute', {}, None, '', json=v)
                for k, v in (base.body.get('attributes') or {}).items()}


def _mapping_function(state: ModuleState) -> Function | None:
    for name in ('available_resource_mapping', 'resource_mapping'):
        found = state.globals.get(name)
        if isinstance(found, Function):
            return found
    return None


def load_plugins(paths: tuple[str, ...] | list[str], catalog: Catalog
                 ) -> tuple[dict[str, ResourceType], list[Problem]]:
    """The resource types the plugin modules under `paths` register, and the problems found.

    Nothing is imported or executed: each module is parsed with `ast` and
    evaluated by the static interpreter of this module.
    """
    problems: list[Problem] = []
    roots = []
    for path in paths:
        if not os.path.exists(path):
            problems.append(Problem(path, None, 'plugin path does not exist', 'error'))
        else:
            roots.append(path)
    analyzer = Analyzer(tuple(roots), catalog)
    mappings: list[tuple[ModuleState, Function, Any]] = []
    for state in analyzer.order:
        try:
            analyzer.run(state)
            function = _mapping_function(state)
            if function is not None:
                mappings.append((state, function, analyzer.run_function(function)))
        except Exception as exc:  # a reader bug must not take the server down
            problems.append(Problem(state.path, None, f'hot-ls could not read this plugin '
                                    f'({type(exc).__name__}: {exc}); please report it'))
    # Registered names of plugin classes, for substitute_class.
    class_names: dict[int, str] = {}
    for _state, _function, mapping in mappings:
        if isinstance(mapping, dict):
            for name, cls in sorted(mapping.items(), key=lambda kv: str(kv[0])):
                if isinstance(name, str) and isinstance(cls, PluginClass):
                    class_names.setdefault(id(cls), name)
    types: dict[str, ResourceType] = {}
    origin: dict[str, str] = {}
    issues_by_file: dict[str, list[Unresolved]] = {}
    for state, function, mapping in mappings:
        collector = _Collector(analyzer, class_names)
        line = function.node.lineno  # type: ignore[attr-defined]
        if isinstance(mapping, Unresolved) or not isinstance(mapping, dict):
            collector.note(mapping if isinstance(mapping, Unresolved) else Unresolved(
                state.path, line, f'{function.name}() does not return a dict'))
            mapping = {}
        for name, cls in mapping.items():
            if isinstance(name, Unresolved):
                collector.note(name)
                continue
            if not isinstance(name, str):
                collector.note(Unresolved(state.path, line, f'the type name {name!r}'))
                continue
            if isinstance(cls, Unresolved):
                collector.note(cls)
                continue
            if not isinstance(cls, (PluginClass, HeatClass)):
                collector.note(Unresolved(state.path, line, f'the class registered as {name}'))
                continue
            try:
                body = collector.resource_type(cls, state.path, line)
            except RecursionError:
                collector.note(Unresolved(state.path, line, f'the schema of {name}, nested too '
                                          'deeply'))
                continue
            except Exception as exc:  # a reader bug must not take the server down
                problems.append(Problem(state.path, line, f'hot-ls could not read {name} '
                                        f'({type(exc).__name__}: {exc}); please report it'))
                continue
            if name in origin and origin[name] != state.path:
                problems.append(Problem(state.path, line, f'{name} is also registered by '
                                        f'{origin[name]}; this one is used'))
            origin[name] = state.path
            types[name] = ResourceType(name, body, source=state.path)
        for issue in collector.issues.values():
            issues_by_file.setdefault(issue.path, []).append(issue)
    for path in sorted(issues_by_file):
        issues = sorted(issues_by_file[path], key=lambda i: (i.line or 0, i.what))
        first = issues[0]
        message = f'cannot resolve statically: {first.what}'
        if len(issues) > 1:
            more = '; '.join(f'line {i.line}: {i.what}' for i in issues[1:6])
            extra = f' and {len(issues) - 6} more' if len(issues) > 6 else ''
            message += f' (also {more}{extra})'
        message += ('. hot-ls reads plugins without running them; that part of the schema '
                    'is left out and the rest is used')
        problems.append(Problem(path, first.line, message))
    problems.extend(analyzer.problems)
    return types, problems
