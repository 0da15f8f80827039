"""Module and class bodies, statement by statement, as Heat's import of them would build them.

Statements are followed in order because Heat's resources write
`properties_schema = {...}` and then
`properties_schema.update(Base.properties_schema)`, `schema[KEY] = ...`,
`del schema[KEY]`, and later classes copy the result.  So each module body
runs here on the reader's values, once, when first imported (an import
cycle sees the partial namespace, as in Python), and each class body with
it; a function body runs only for the resource mapping functions.
Nothing else of the plugin runs: a call to a plugin function is an
Unresolved value, and `if` whose condition cannot be known, loops over
unknown values and other statements are skipped and noted.  `try` is read
as its happy path (imports of optional libraries succeed).  A statement
whose expression is nested too deeply for the interpreter's recursion is
left out and reported; the rest of the module is read.
"""
from __future__ import annotations

import ast
from typing import Any

from hot_ls.catalog.catalog import Problem
from hot_ls.catalog.plugins.calls import Calls
from hot_ls.catalog.plugins.evaluation import OPERATORS, Expressions, Scope
from hot_ls.catalog.plugins.heat import HeatKnowledge
from hot_ls.catalog.plugins.modules import ModuleTable
from hot_ls.catalog.plugins.namespaces import Namespaces
from hot_ls.catalog.plugins.values import (MISSING, Function, PluginClass, PluginModule,
                                           TooMuch, Unresolved, hashable, plain)


_TOO_DEEP = 'an expression nested too deeply to read statically; its statement is left out'


class _Return(Exception):
    def __init__(self, value: Any):
        self.value = value


class Interpreter(Namespaces, Calls, Expressions):
    """Reads plugin modules (their `ast` trees), against what hot-ls knows of Heat."""

    def __init__(self, modules: list[PluginModule], heat: HeatKnowledge,
                 table: ModuleTable, problems: list[Problem]):
        self.modules = modules
        self.heat = heat
        self.table = table
        self.problems = problems
        # Failed mutations of a dict or list (an .update() with an unknown value...),
        # by the container's id: reported if the container ends up in a schema.
        self._container_issues: dict[int, tuple[Any, list[Unresolved]]] = {}

    # -- what is known to be missing from a dict or list ----------------------------------
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

    # -- modules ----------------------------------------------------------------------------
    def run(self, module: PluginModule) -> PluginModule:
        if module.state != 'new':
            return module  # done, or running (an import cycle sees the partial namespace)
        module.state = 'running'
        tree = self.table.parse(module)
        module.globals['__name__'] = module.name
        try:
            self.exec_block(tree.body, Scope(module))
        except TooMuch:
            self.problems.append(Problem(module.path, None, 'plugin module too large or too '
                                         'complex to evaluate statically; partly read'))
        module.state = 'done'
        return module

    # -- statements ---------------------------------------------------------------------------
    def exec_block(self, body: list[ast.stmt], scope: Scope) -> None:
        for stmt in body:
            self.exec_stmt(stmt, scope)

    @staticmethod
    def skipped(stmt: ast.stmt, scope: Scope, what: str) -> None:
        if scope.cls is not None:
            scope.cls.issues.append(Unresolved(scope.module.path, stmt.lineno, what))

    def exec_stmt(self, stmt: ast.stmt, scope: Scope) -> None:
        self.tick(scope)
        try:
            self._exec_stmt(stmt, scope)
        except RecursionError:
            # An expression nested deeper than the interpreter's recursion can follow.
            self.problems.append(Problem(scope.module.path, stmt.lineno, _TOO_DEEP, 'warning'))

    def _exec_stmt(self, stmt: ast.stmt, scope: Scope) -> None:
        if isinstance(stmt, ast.Expr):
            self.eval(stmt.value, scope)  # a call such as x.update({...})
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
                    scope.bind(alias.asname, self.import_module(alias.name, stmt.lineno, scope))
                else:
                    self.import_module(alias.name, stmt.lineno, scope)
                    top = alias.name.split('.')[0]
                    scope.bind(top, self.import_module(top, stmt.lineno, scope))
        elif isinstance(stmt, ast.ImportFrom):
            self.import_from(stmt, scope)
        elif isinstance(stmt, ast.ClassDef):
            scope.bind(stmt.name, self.class_def(stmt, scope))
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scope.bind(stmt.name, Function(stmt.name, stmt, scope.module))
        elif isinstance(stmt, ast.If):
            test = self.eval(stmt.test, scope)
            if isinstance(test, Unresolved) or not plain(test):
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

    def class_def(self, stmt: ast.ClassDef, scope: Scope) -> PluginClass:
        bases = [self.eval(b, scope) for b in stmt.bases]
        methods = {s.name for s in stmt.body
                   if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))}
        qualname = stmt.name if scope.cls is None else f'{scope.cls.qualname}.{stmt.name}'
        cls = PluginClass(stmt.name, stmt.lineno, qualname, scope.module, bases,
                          ast.get_docstring(stmt, clean=True), methods)
        self.exec_block(stmt.body, Scope(scope.module, cls.ns, cls))
        return cls

    def for_loop(self, stmt: ast.For, scope: Scope) -> None:
        items = self.iterate(self.eval(stmt.iter, scope), stmt.lineno, scope)
        if isinstance(items, Unresolved):
            self.skipped(stmt, scope, f'a "for" loop over {items.what}')
            return
        for item in items:
            self.tick(scope)
            self.assign(stmt.target, item, scope, stmt)
            self.exec_block(stmt.body, scope)
        self.exec_block(stmt.orelse, scope)

    def assign(self, target: ast.expr, value: Any, scope: Scope, stmt: ast.AST) -> None:
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
            self.assign_item(target, value, scope, stmt)
        elif isinstance(target, ast.Attribute):
            owner = self.eval(target.value, scope)
            if isinstance(owner, PluginClass):
                owner.ns[target.attr] = value
            else:
                self.skipped(stmt, scope, 'an attribute assignment that cannot be followed')
        else:
            self.skipped(stmt, scope, 'an assignment that cannot be followed')

    def assign_item(self, target: ast.Subscript, value: Any, scope: Scope,
                    stmt: ast.AST) -> None:
        container = self.eval(target.value, scope)
        key = self.eval(target.slice, scope)
        if isinstance(container, dict) and hashable(key):
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

    def load_target(self, target: ast.expr, scope: Scope) -> Any:
        """The current value of an assignment target (for `x += ...`)."""
        if isinstance(target, ast.Name):
            found = scope.lookup(target.id)
            if found is not MISSING:
                return found
            return Unresolved(scope.module.path, target.lineno,
                              f'the name {target.id}, which is not defined')
        if isinstance(target, ast.Subscript):
            return self.subscript(self.eval(target.value, scope), target.slice, target.lineno,
                                  scope)
        if isinstance(target, ast.Attribute):
            return self.get_attr(self.eval(target.value, scope), target.attr, target.lineno,
                                 scope)
        return Unresolved(scope.module.path, target.lineno, 'an assignment that cannot be '
                          'followed')

    def aug_assign(self, stmt: ast.AugAssign, scope: Scope) -> None:
        current = self.load_target(stmt.target, scope)
        value = self.eval(stmt.value, scope)
        op = OPERATORS[type(stmt.op)]
        if op == '|' and isinstance(current, dict) and isinstance(value, dict):
            current.update(value)  # in place, as Python does
            return
        if op == '+' and isinstance(current, list) and isinstance(value, (list, tuple)):
            current.extend(value)
            return
        self.assign(stmt.target, self.binop(op, current, value, stmt.lineno, scope), scope,
                    stmt)

    def delete(self, target: ast.expr, scope: Scope, stmt: ast.stmt) -> None:
        if isinstance(target, ast.Subscript):
            container = self.eval(target.value, scope)
            key = self.eval(target.slice, scope)
            if isinstance(container, dict) and hashable(key) and key in container:
                del container[key]
                return
        elif isinstance(target, ast.Name):
            if scope.local is not None:
                scope.local.pop(target.id, None)
            else:
                scope.module.globals.pop(target.id, None)
            return
        self.skipped(stmt, scope, 'a "del" that cannot be followed')

    # -- functions (only the mapping functions are run) ---------------------------------
    def run_function(self, func: Function) -> Any:
        node = func.node
        arguments = node.args
        positional = arguments.posonlyargs + arguments.args
        defaults = arguments.defaults
        if len(positional) > len(defaults):
            return Unresolved(func.module.path, node.lineno,
                              f'{func.name}() takes arguments hot-ls cannot supply')
        local: dict = {}
        scope = Scope(func.module, local)
        for arg, default in zip(positional, defaults):
            local[arg.arg] = self.eval(default, Scope(func.module))
        try:
            self.exec_block(node.body, scope)
        except _Return as result:
            return result.value
        except TooMuch:
            return Unresolved(func.module.path, node.lineno,
                              f'{func.name}() is too complex to evaluate statically')
        return None
