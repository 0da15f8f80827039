"""Calls in plugin code: Heat's schema constructors, `_()`, and the pure builtins and methods.

`properties.Schema(...)`, the constraints and `support.SupportStatus(...)`
become Obj values holding their bound arguments (collection.py turns them
into the catalog's JSON); `_()` gives a Message.  Of Python's own
callables only those that compute on plain values are evaluated (dict(),
sorted(), str.join, dict.update...), the mutating methods in place so
that later statements see their effect; a call to anything else (a plugin
function, a library) is an Unresolved value.
"""
from __future__ import annotations

import ast
import copy
import re
from typing import TYPE_CHECKING, Any

from hot_ls.catalog.plugins.heat import CALLABLES, IDENTITY
from hot_ls.catalog.plugins.values import (MAX_SIZE, BoundMethod, Builtin, Function, HeatClass,
                                           HeatSymbol, Message, ModuleRef, Obj, PluginClass,
                                           TooMuch, Unresolved, bind, hashable, limit, plain)

if TYPE_CHECKING:
    from hot_ls.catalog.plugins.evaluation import Scope
    from hot_ls.catalog.plugins.execution import Interpreter

STR_METHODS = {'format', 'join', 'lower', 'upper', 'strip', 'lstrip', 'rstrip', 'replace',
               'split', 'capitalize', 'title', 'startswith', 'endswith', 'rsplit'}
DICT_METHODS = {'copy', 'get', 'items', 'keys', 'values', 'update', 'pop', 'setdefault'}
LIST_METHODS = {'copy', 'append', 'extend', 'insert', 'index', 'count', 'remove', 'pop'}
_MUTATING = {'update', 'append', 'extend', 'insert', 'setdefault', 'pop', 'remove'}


class Calls:
    """The call half of the interpreter (a mixin of execution.Interpreter)."""

    def call(self: Interpreter, node: ast.Call, scope: Scope) -> Any:
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
            return Unresolved(path, line, f'a call to {func.dotted}') if func.dotted else func
        if isinstance(func, HeatSymbol):
            return self.call_heat(func, args, kwargs, line, path)
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

    @staticmethod
    def call_heat(func: HeatSymbol, args: list, kwargs: dict, line: int | None,
                  path: str) -> Any:
        if func.path in IDENTITY:
            if len(args) == 1 and not kwargs and isinstance(args[0], str):
                return Message(args[0])
            if len(args) == 1 and isinstance(args[0], Unresolved):
                return args[0]
            if len(args) == 1 and isinstance(args[0], ModuleRef):
                return Unresolved(path, line, f'{args[0].name}, a name from Heat that '
                                  'hot-ls does not record')
            return Unresolved(path, line, '_() of something that is not a string')
        if func.path in CALLABLES:
            kind, signature = CALLABLES[func.path]
            bound = bind(signature, args, kwargs)
            if isinstance(bound, str):
                return Unresolved(path, line, f'{func.path.rpartition(".")[2]}(): {bound} '
                                  '(Heat would fail to load this plugin)')
            return Obj(kind, bound, line, path)
        return Unresolved(path, line, f'a call to {func.path}')

    def call_builtin(self: Interpreter, name: str, args: list, kwargs: dict, line: int | None,
                     scope: Scope) -> Any:
        path = scope.module.path
        for value in list(args) + list(kwargs.values()):
            if isinstance(value, Unresolved):
                return value
        if name in ('copy.copy', 'copy.deepcopy') and len(args) == 1 and not kwargs:
            made = copy.deepcopy(args[0]) if name == 'copy.deepcopy' else copy.copy(args[0])
            return self.copied(made, args[0])
        if name == 'dict':
            return self.call_dict(args, kwargs, line, scope)
        if kwargs and name not in ('sorted', 'min', 'max'):
            return Unresolved(path, line, f'{name}() with keyword arguments')
        if name in ('list', 'tuple', 'set', 'frozenset', 'sorted', 'reversed'):
            return self.call_collection(name, args, kwargs, line, scope)
        if name == 'range':
            if not all(isinstance(a, int) and not isinstance(a, bool) for a in args) or \
                    not 1 <= len(args) <= 3:
                return Unresolved(path, line, 'range() of values that cannot be known')
            result = range(*args)
            if len(result) > MAX_SIZE:
                return Unresolved(path, line, 'a range too large to build')
            return result
        if name in ('len', 'str', 'int', 'float', 'bool', 'repr', 'min', 'max', 'sum', 'any',
                    'all', 'zip', 'enumerate'):
            if not all(plain(a) for a in args):
                return Unresolved(path, line, f'{name}() of values that cannot be known')
            try:
                if name in ('zip', 'enumerate'):
                    result = list({'zip': zip, 'enumerate': enumerate}[name](*args))
                    return limit(result, path, line)
                function = {'len': len, 'str': str, 'int': int, 'float': float, 'bool': bool,
                            'repr': repr, 'min': min, 'max': max, 'sum': sum, 'any': any,
                            'all': all}[name]
                if name == 'int' and args and isinstance(args[0], str) and len(args[0]) > 100:
                    return Unresolved(path, line, 'int() of a very long string')
                return function(*args, **kwargs)
            except (TypeError, ValueError) as exc:
                return Unresolved(path, line, f'{name}() fails ({exc})')
        return Unresolved(path, line, f'a call to {name}()')

    def call_dict(self: Interpreter, args: list, kwargs: dict, line: int | None,
                  scope: Scope) -> Any:
        path = scope.module.path
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
                            and hashable(item[0])):
                        return Unresolved(path, line, 'dict() of items that cannot be known')
                    out[item[0]] = item[1]
        out.update(kwargs)
        return out

    def call_collection(self: Interpreter, name: str, args: list, kwargs: dict,
                        line: int | None, scope: Scope) -> Any:
        path = scope.module.path
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
            if set(kwargs) - {'reverse'} or not all(plain(i) for i in items):
                return Unresolved(path, line, 'sorted() of values that cannot be ordered')
            try:
                return sorted(items, reverse=bool(kwargs.get('reverse')))
            except TypeError as exc:
                return Unresolved(path, line, f'sorted() fails ({exc})')
        if not all(hashable(i) for i in items):
            return Unresolved(path, line, f'{name}() of values that cannot be known')
        return set(items) if name == 'set' else frozenset(items)

    def call_method(self: Interpreter, method: BoundMethod, args: list, kwargs: dict,
                    line: int | None, scope: Scope) -> Any:
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

    @staticmethod
    def _call_method(method: BoundMethod, args: list, kwargs: dict, line: int | None,
                     scope: Scope) -> Any:
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
                        or not all(plain(a) for a in args) or \
                        not all(plain(v) for v in kwargs.values()):
                    return Unresolved(path, line, 'a .format() that hot-ls does not evaluate')
            elif kwargs or not all(plain(a) for a in args):
                return Unresolved(path, line, f'str.{name}() of values that cannot be known')
            try:
                return limit(getattr(target, name)(*args, **kwargs), path, line)
            except (TypeError, ValueError, KeyError, IndexError) as exc:
                return Unresolved(path, line, f'str.{name}() fails ({exc})')
        if kwargs and not (isinstance(target, dict) and name == 'update'):
            return Unresolved(path, line, f'.{name}() with keyword arguments')
        try:
            if isinstance(target, dict):
                return _dict_method(target, name, args, kwargs, line, path)
            if isinstance(target, list):
                if name == 'copy':
                    return list(target)
                if name == 'extend' and args and not isinstance(args[0], (list, tuple)):
                    return Unresolved(path, line, '.extend() of something that is not a list')
                result = getattr(target, name)(*args)
                if len(target) > MAX_SIZE:
                    raise TooMuch()
                return result
        except (TypeError, ValueError, KeyError, IndexError) as exc:
            return Unresolved(path, line, f'.{name}() fails ({exc})')
        return Unresolved(path, line, f'.{name}() of a value that cannot be known')


def _dict_method(target: dict, name: str, args: list, kwargs: dict, line: int | None,
                 path: str) -> Any:
    if name == 'update':
        if len(args) > 1:
            return Unresolved(path, line, '.update() with several arguments')
        if args:
            if not isinstance(args[0], dict):
                return Unresolved(path, line, '.update() with something that is not a dict')
            target.update(args[0])
        target.update(kwargs)
        return None
    if name in ('get', 'pop', 'setdefault') and args and not hashable(args[0]):
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
