"""Folding expressions of plugin code into values, within bounds, without running anything.

A schema's descriptions, defaults and allowed values need the values
themselves, not their types, so this module computes them on the reader's
values (values.py): operators on plain values only, every result
size-checked (`'x' * 10 ** 7` is refused, not built), every node counted
against the module's budget, and `_('a') + 'b'` refused as oslo.i18n's
Message refuses it.  Names come from the namespaces the statements built
(execution.py), attributes from namespaces.py, calls from calls.py.
"""
from __future__ import annotations

import ast
import operator
import re
from typing import TYPE_CHECKING, Any

from hot_ls.catalog.plugins.values import (MAX_SIZE, MAX_STEPS, MISSING, Builtin, Message,
                                           PluginClass, PluginModule, TooMuch, Unresolved,
                                           formattable, hashable, limit, plain)

if TYPE_CHECKING:
    from hot_ls.catalog.plugins.execution import Interpreter

_BUILTINS = {'dict', 'list', 'tuple', 'set', 'frozenset', 'sorted', 'range', 'len', 'str',
             'int', 'float', 'bool', 'min', 'max', 'zip', 'enumerate', 'reversed', 'object',
             'True', 'False', 'None', 'isinstance', 'any', 'all', 'sum', 'repr'}
_CONSTANTS = {'True': True, 'False': False, 'None': None}

_COMPARE = {
    '==': operator.eq, '!=': operator.ne, '<': operator.lt, '<=': operator.le,
    '>': operator.gt, '>=': operator.ge, 'in': lambda a, b: a in b,
    'not in': lambda a, b: a not in b, 'is': operator.is_, 'is not': operator.is_not,
}
# Python's operators by their `ast` node class, as the symbols the methods below use.
OPERATORS = {
    ast.Add: '+', ast.Sub: '-', ast.Mult: '*', ast.Div: '/', ast.FloorDiv: '//', ast.Mod: '%',
    ast.Pow: '**', ast.BitOr: '|', ast.BitAnd: '&', ast.BitXor: '^', ast.LShift: '<<',
    ast.RShift: '>>', ast.MatMult: '@',
}
_COMPARISONS = {
    ast.Eq: '==', ast.NotEq: '!=', ast.Lt: '<', ast.LtE: '<=', ast.Gt: '>', ast.GtE: '>=',
    ast.In: 'in', ast.NotIn: 'not in', ast.Is: 'is', ast.IsNot: 'is not',
}
_UNARY = {ast.Not: 'not', ast.USub: '-', ast.UAdd: '+', ast.Invert: '~'}
_BINOPS = {
    '+': operator.add, '-': operator.sub, '*': operator.mul, '/': operator.truediv,
    '//': operator.floordiv, '%': operator.mod, '**': operator.pow, '|': operator.or_,
    '&': operator.and_, '^': operator.xor, '<<': operator.lshift, '>>': operator.rshift,
}


class Scope:
    """Where names are bound: a module's globals, a class body's or a function's locals."""

    def __init__(self, module: PluginModule, local: dict | None = None,
                 cls: PluginClass | None = None, parent: Scope | None = None):
        self.module = module
        self.local = local
        self.cls = cls
        self.parent = parent

    def lookup(self, name: str) -> Any:
        scope: Scope | None = self
        while scope is not None:
            if scope.local is not None and name in scope.local:
                return scope.local[name]
            scope = scope.parent
        if name in self.module.globals:
            return self.module.globals[name]
        if name in _CONSTANTS:
            return _CONSTANTS[name]
        if name in _BUILTINS:
            return Builtin(name)
        return MISSING

    def bind(self, name: str, value: Any) -> None:
        if self.local is not None:
            self.local[name] = value
        else:
            self.module.globals[name] = value


class Expressions:
    """The expression half of the interpreter (a mixin of execution.Interpreter)."""

    def tick(self, scope: Scope, n: int = 1) -> None:
        scope.module.steps += n
        if scope.module.steps > MAX_STEPS:
            raise TooMuch()

    def eval(self: Interpreter, node: ast.expr, scope: Scope) -> Any:
        self.tick(scope)
        line = node.lineno
        path = scope.module.path
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            value = scope.lookup(node.id)
            if value is MISSING:
                return Unresolved(path, line, f'the name {node.id}, which is not defined')
            return value
        if isinstance(node, ast.Attribute):
            return self.get_attr(self.eval(node.value, scope), node.attr, line, scope)
        if isinstance(node, ast.Subscript):
            return self.subscript(self.eval(node.value, scope), node.slice, line, scope)
        if isinstance(node, ast.Call):
            return self.call(node, scope)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return self.sequence(node, scope)
        if isinstance(node, ast.Dict):
            return self.dict_display(node, scope)
        if isinstance(node, ast.BinOp):
            return self.binop(OPERATORS[type(node.op)], self.eval(node.left, scope),
                              self.eval(node.right, scope), line, scope)
        if isinstance(node, ast.UnaryOp):
            return self.unary(node, scope)
        if isinstance(node, ast.BoolOp):
            return self.boolop(node, scope)
        if isinstance(node, ast.Compare):
            return self.compare(node, scope)
        if isinstance(node, ast.IfExp):
            test = self.eval(node.test, scope)
            if isinstance(test, Unresolved) or not plain(test):
                return Unresolved(path, line, 'a conditional expression whose condition '
                                  'cannot be known')
            return self.eval(node.body if test else node.orelse, scope)
        if isinstance(node, ast.JoinedStr):
            return self.fstring(node, scope)
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

    def sequence(self, node: ast.List | ast.Tuple | ast.Set, scope: Scope) -> Any:
        items: list = []
        for elt in node.elts:
            if isinstance(elt, ast.Starred):
                more = self.iterate(self.eval(elt.value, scope), node.lineno, scope)
                if isinstance(more, Unresolved):
                    return more
                items.extend(more)
            else:
                items.append(self.eval(elt, scope))
        if isinstance(node, ast.List):
            return items
        if isinstance(node, ast.Tuple):
            return tuple(items)
        if not all(hashable(i) for i in items):
            return Unresolved(scope.module.path, node.lineno, 'a set of unknown values')
        return set(items)

    def dict_display(self, node: ast.Dict, scope: Scope) -> Any:
        path, line = scope.module.path, node.lineno
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
            if not hashable(key):
                key = Unresolved(path, line, 'a dict key that cannot be known')
            out[key] = self.eval(value_node, scope)
        return out

    def unary(self, node: ast.UnaryOp, scope: Scope) -> Any:
        operand = self.eval(node.operand, scope)
        if isinstance(operand, Unresolved):
            return operand
        op = _UNARY[type(node.op)]
        if op == 'not' and plain(operand):
            return not operand
        if isinstance(operand, (int, float)):
            if op == '-':
                return -operand
            if op == '+':
                return +operand
            if op == '~' and isinstance(operand, int):
                return ~operand
        return Unresolved(scope.module.path, node.lineno,
                          'an operation on a value that cannot be known')

    def boolop(self, node: ast.BoolOp, scope: Scope) -> Any:
        values = [self.eval(v, scope) for v in node.values]
        for value in values:
            if isinstance(value, Unresolved) or not plain(value):
                return value if isinstance(value, Unresolved) else Unresolved(
                    scope.module.path, node.lineno,
                    'a boolean operation on values that cannot be known')
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

    def compare(self, node: ast.Compare, scope: Scope) -> Any:
        path, line = scope.module.path, node.lineno
        left = self.eval(node.left, scope)
        for op_node, right_node in zip(node.ops, node.comparators):
            op = _COMPARISONS[type(op_node)]
            right = self.eval(right_node, scope)
            for side in (left, right):
                if isinstance(side, Unresolved):
                    return side
            if op in ('is', 'is not'):
                if not (left is None or right is None or isinstance(left, bool)
                        or isinstance(right, bool)):
                    return Unresolved(path, line, 'an identity comparison')
            if not (plain(left) and plain(right)):
                if op in ('==', '!=') and left is right:
                    result = op == '=='
                else:
                    return Unresolved(path, line, 'a comparison of values that cannot be known')
            else:
                try:
                    result = _COMPARE[op](left, right)
                except TypeError as exc:
                    return Unresolved(path, line, f'a comparison that fails ({exc})')
            if not result:
                return False
            left = right
        return True

    def fstring(self, node: ast.JoinedStr, scope: Scope) -> Any:
        path, line = scope.module.path, node.lineno
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
                continue
            assert isinstance(value, ast.FormattedValue)
            inner = self.eval(value.value, scope)
            if not plain(inner):
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
        return limit(''.join(parts), path, line)

    def comprehension(self: Interpreter,
                      node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
                      scope: Scope) -> Any:
        path, line = scope.module.path, node.lineno
        inner = Scope(scope.module, {}, scope.cls, scope)
        results: list = []

        def loop(index: int) -> Unresolved | None:
            if index == len(node.generators):
                if isinstance(node, ast.DictComp):
                    key = self.eval(node.key, inner)
                    results.append((key, self.eval(node.value, inner)))
                else:
                    results.append(self.eval(node.elt, inner))
                if len(results) > MAX_SIZE:
                    raise TooMuch()
                return None
            generator = node.generators[index]
            items = self.iterate(self.eval(generator.iter, inner), line, scope)
            if isinstance(items, Unresolved):
                return items
            for item in items:
                self.assign(generator.target, item, inner, node)
                keep = True
                for condition in generator.ifs:
                    test = self.eval(condition, inner)
                    if isinstance(test, Unresolved) or not plain(test):
                        return test if isinstance(test, Unresolved) else Unresolved(
                            path, line, 'a comprehension condition that cannot be known')
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
                if not hashable(key):
                    return Unresolved(path, line, 'a dict key that cannot be known')
                out[key] = value
            return out
        if isinstance(node, ast.SetComp):
            if not all(hashable(r) for r in results):
                return Unresolved(path, line, 'a set of unknown values')
            return set(results)
        return results

    def iterate(self, value: Any, line: int | None, scope: Scope) -> list | Unresolved:
        if isinstance(value, Unresolved):
            return value
        if isinstance(value, (list, tuple, str, set, frozenset, range)):
            if len(value) > MAX_SIZE:
                raise TooMuch()
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

    def binop(self, op: str, left: Any, right: Any, line: int | None, scope: Scope) -> Any:
        path = scope.module.path
        for side in (left, right):
            if isinstance(side, Unresolved):
                return side
        if op == '+' and (isinstance(left, Message) or isinstance(right, Message)):
            return Unresolved(path, line, 'a _() text joined with "+": oslo.i18n Message '
                              'objects do not support addition (Heat would fail to load this '
                              'plugin; use "%" or concatenate inside _())')
        if op == '%' and isinstance(left, str):
            if not formattable(right) or re.search(r'%[-#0 +]*\d{5,}', left):
                return Unresolved(path, line, 'a "%" format of values that cannot be known')
            try:
                result = str.__mod__(left, right)
                if isinstance(left, Message):
                    result = Message(result)
                return limit(result, path, line)
            except (TypeError, ValueError, KeyError) as exc:
                return Unresolved(path, line, f'a "%" format that fails ({exc})')
        if op == '|' and isinstance(left, dict) and isinstance(right, dict):
            return {**left, **right}
        if op == '+' and isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
            # Lists and tuples of Heat's constants are both stored as JSON lists.
            return limit(type(left)(list(left) + list(right)), path, line)
        if not (plain(left) and plain(right)):
            return Unresolved(path, line, 'an operation on values that cannot be known')
        if op == '*':
            count = right if isinstance(right, int) else left if isinstance(left, int) else 0
            other = left if isinstance(right, int) else right
            if isinstance(other, (str, list, tuple)) and count * len(other) > MAX_SIZE:
                return Unresolved(path, line, 'a repetition too large to build')
        if op == '**' and isinstance(right, (int, float)) and abs(right) > 64:
            return Unresolved(path, line, 'a power too large to compute')
        if op == '<<' and isinstance(right, int) and right > 64:
            return Unresolved(path, line, 'a shift too large to compute')
        function = _BINOPS.get(op)
        if function is None:
            return Unresolved(path, line, 'an operation hot-ls does not evaluate')
        try:
            return limit(function(left, right), path, line)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError) as exc:
            return Unresolved(path, line, f'an operation that fails ({exc})')

    def subscript(self, value: Any, index_node: ast.expr, line: int | None,
                  scope: Scope) -> Any:
        index = self.eval(index_node, scope)
        path = scope.module.path
        for side in (value, index):
            if isinstance(side, Unresolved):
                return side
        if isinstance(value, dict):
            if hashable(index) and index in value:
                return value[index]
            return Unresolved(path, line, f'the key {index!r}, which the dict does not have'
                              if plain(index) else 'a key that cannot be known')
        if isinstance(value, (list, tuple, str)):
            if isinstance(index, (int, slice)) and not isinstance(index, bool):
                try:
                    return value[index]
                except IndexError:
                    return Unresolved(path, line, f'the index {index}, which is out of range')
        return Unresolved(path, line, 'an item of a value that cannot be known')
