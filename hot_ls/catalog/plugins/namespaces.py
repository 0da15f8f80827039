"""Names across modules and classes: imports, attributes, and class attributes along the MRO.

An import statement names a module by Python's rules (relative levels
from the module's package, as Heat's loader names it: modules.py), and
modules.py says which modules exist: the plugin directories', and stand-ins
for Heat's and `copy`, whose names heat.py and calls.py know.  What a
name *holds* comes from the namespaces the module and class bodies built
(execution.py), since those follow `.update()` and item assignment.

The MRO is C3 over the bases as the interpreter evaluated them, which
are the bases Heat's import gives the class: with `try: from vendorlib
import Base / except ImportError: Base = server.Server`, vendorlib's Base
(the happy path, as in a Heat that has vendorlib), not the fallback; in
an import cycle, what the partly run module has so far.  A base that
cannot be known stays in the MRO as an Unresolved value, so that a lookup
reaching it says it "may come from the base class vendorlib.Base" rather
than skipping it.
"""
from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

from hot_ls.catalog.plugins.calls import DICT_METHODS, LIST_METHODS, STR_METHODS
from hot_ls.catalog.plugins.modules import PLUGINS_PACKAGE, UnknownModule, absolute_name
from hot_ls.catalog.plugins.values import (MISSING, BoundMethod, Builtin, HeatClass,
                                           HeatSymbol, ModuleRef, Obj, PluginClass,
                                           PluginModule, Unresolved)

if TYPE_CHECKING:
    from hot_ls.catalog.plugins.evaluation import Scope
    from hot_ls.catalog.plugins.execution import Interpreter


class Namespaces:
    """Imports and attribute lookups (a mixin of execution.Interpreter)."""

    # -- modules -------------------------------------------------------------------------
    def resolve(self: Interpreter, dotted: str) -> PluginModule | ModuleRef:
        """The module named `dotted`, run if it is a plugin's; UnknownModule if none."""
        found = self.table.resolve(dotted)
        return self.run(found) if isinstance(found, PluginModule) else found

    def import_module(self: Interpreter, dotted: str, line: int, scope: Scope) -> Any:
        """`import dotted`: the module, or why it cannot be known."""
        try:
            return self.resolve(dotted)
        except UnknownModule:
            return Unresolved(scope.module.path, line, f'{dotted} (a module outside the plugin '
                              'directories and Heat)', dotted)

    def import_from(self: Interpreter, stmt: ast.ImportFrom, scope: Scope) -> None:
        path, line = scope.module.path, stmt.lineno
        dotted = absolute_name(scope.module, stmt.module, stmt.level)
        if dotted is None or stmt.level and not (dotted == PLUGINS_PACKAGE or
                                                 dotted.startswith(PLUGINS_PACKAGE + '.')):
            # Above the plugin directory (Heat's own package, which a plugin cannot mean).
            for alias in stmt.names:
                scope.bind(alias.asname or alias.name, Unresolved(
                    path, line, 'relative import beyond the plugin directory'))
            return
        try:
            source: Any = self.resolve(dotted)
        except UnknownModule:
            shown = dotted.removeprefix(PLUGINS_PACKAGE + '.')
            source = Unresolved(path, line, f'{shown} (a module outside the plugin directories '
                                'and Heat)', shown)
        for alias in stmt.names:
            if alias.name == '*':
                if isinstance(source, PluginModule):
                    for key, value in source.globals.items():
                        if not key.startswith('_'):
                            scope.bind(key, value)
                continue
            scope.bind(alias.asname or alias.name, self.get_attr(source, alias.name, line, scope))

    def submodule(self: Interpreter, module: PluginModule, name: str) -> PluginModule | None:
        """A plugin package's submodule `name`, run, if there is one."""
        if not module.is_package:
            return None
        found = self.table.plugin(f'{module.name}.{name}')
        return self.run(found) if found is not None else None

    # -- attributes ----------------------------------------------------------------------
    def get_attr(self: Interpreter, value: Any, attr: str, line: int | None,
                 scope: Scope) -> Any:
        path = scope.module.path
        if isinstance(value, Unresolved):
            if value.dotted:
                return Unresolved(path, line, f'{value.dotted}.{attr} (from a module outside '
                                  'the plugin directories and Heat)', f'{value.dotted}.{attr}')
            return value
        if isinstance(value, PluginModule):
            if attr in value.globals:
                return value.globals[attr]
            sub = self.submodule(value, attr)
            if sub is not None:
                return sub
            return Unresolved(path, line, f'{value.name}.{attr}, which the plugin module '
                              'does not define statically')
        if isinstance(value, ModuleRef):
            if value.name == PLUGINS_PACKAGE:  # Heat's plugin loader's package
                found = self.table.plugin(attr)
                if found is not None:
                    return self.run(found)
            if value.kind == 'copy':
                if attr in ('copy', 'deepcopy'):
                    return Builtin(f'copy.{attr}')
                return Unresolved(path, line, f'copy.{attr}')
            return self.heat.name(f'{value.name}.{attr}', line, path)
        if isinstance(value, HeatSymbol):
            return self.heat.name(f'{value.path}.{attr}', line, path, symbol_only=True)
        if isinstance(value, HeatClass):
            return self.heat.class_attr(value, attr, line, path)
        if isinstance(value, PluginClass):
            return self.class_attr(value, attr, line, path)
        if isinstance(value, str) and attr in STR_METHODS or \
                isinstance(value, dict) and attr in DICT_METHODS or \
                isinstance(value, list) and attr in LIST_METHODS:
            return BoundMethod(value, attr)
        if isinstance(value, Obj) and value.kind == 'property' and attr in ('schema',
                                                                             'description'):
            return Unresolved(path, line, f'the {attr} of a schema object')
        return Unresolved(path, line, f'the attribute {attr} of a value that cannot be known')

    def class_attr(self: Interpreter, cls: PluginClass, attr: str, line: int | None,
                   path: str) -> Any:
        for klass in self.mro(cls):
            if isinstance(klass, PluginClass):
                if attr in klass.ns:
                    return klass.ns[attr]
            elif isinstance(klass, HeatClass):
                found = self.heat.class_attr(klass, attr, line, path)
                if not isinstance(found, Unresolved):
                    return found
            elif isinstance(klass, ModuleRef) and klass.kind == 'heat':
                # A Heat class that is not a resource (a mixin): its recorded data.
                found = self.heat.mixin_attr(klass, attr, line, path)
                if found is not MISSING:
                    return found
            elif isinstance(klass, Unresolved):
                return Unresolved(path, line, f'{attr}, which may come from the base class '
                                  f'{klass.dotted or klass.what}')
        return Unresolved(path, line, f'{cls.name}.{attr}, which is not defined')

    # -- the MRO ---------------------------------------------------------------------------
    @staticmethod
    def mro(cls: PluginClass) -> list:
        """cls, then its bases, in C3 order, as Heat's import evaluated them."""
        if cls.mro is None:
            cls.mro = _c3(cls)
        return cls.mro


def _c3(cls: PluginClass) -> list:
    def linear(base: Any) -> list:
        return Namespaces.mro(base) if isinstance(base, PluginClass) else [base]

    bases = [b for b in cls.bases if not (isinstance(b, Builtin) and b.name == 'object')]
    sequences = [list(s) for s in [linear(b) for b in bases] + [list(bases)] if s]
    result = [cls]
    while sequences:
        for seq in sequences:
            head = seq[0]
            if not any(head in s[1:] for s in sequences):
                break
        else:  # an inconsistent hierarchy (Heat would refuse it): depth-first order
            for seq in sequences:
                for item in seq:
                    if item not in result:
                        result.append(item)
            return result
        result.append(head)
        sequences = [s for s in ([x for x in s if x is not head] for s in sequences) if s]
    return result
