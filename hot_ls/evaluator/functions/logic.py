"""Condition functions (equals, not, and, or), the `if` macro, and Removed.

Ported from heat/engine/hot/functions.py.  `if` is decided at parse time,
as in Heat: its condition is parsed in the condition context (path 'if'),
resolved, looked up among the template's conditions, and only the branch
taken is parsed.  With 2021-04-16's IfNullable, a false 2-argument `if`
yields Ellipsis, which `resolve` drops from the enclosing map or list.

A condition that depends on a deploy-time value (OS::stack_name when the
stack name is not given) is `Unknown`; an `if` over it parses neither
branch and is Unknown itself.
"""
from __future__ import annotations

import collections.abc

from hot_ls.evaluator.errors import HeatError, InvalidTemplateVersion, tag
from hot_ls.evaluator.functions.base import Function, Macro, resolve, validate
from hot_ls.evaluator.values import Symbolic, Unknown, find_symbolic, unknown
from hot_ls.syntax import Mapping, Sequence


class Equals(Function):
    """equals: [value_1, value_2] -> Python ==, so 1 == 1.0 but 1 != '1'."""

    heat_class = 'Equals'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        try:
            if not self.args or not isinstance(self.args, list):
                raise ValueError()
            self.value1, self.value2 = self.args
        except ValueError:
            raise ValueError('Arguments to "%s" must be of the form: [value_1, value_2]'
                             % self.fn_name)

    def result(self):
        resolved_v1 = resolve(self.value1)
        resolved_v2 = resolve(self.value2)
        if find_symbolic([resolved_v1, resolved_v2]) is not None:
            if resolved_v1 == resolved_v2:
                return True
            return unknown(self.fn_name, resolved_v1, resolved_v2)
        return resolved_v1 == resolved_v2


class If(Macro):
    """if: [condition, value_if_true, value_if_false], decided while parsing."""

    heat_class = 'If'

    def _read_args(self, items):
        return items

    def parse_args(self, parse_func):
        node = self.args
        try:
            if not isinstance(node, Sequence) or not node.items:
                raise ValueError()
            condition, value_if_true, value_if_false = self._read_args(list(node.items))
        except ValueError:
            raise ValueError('Arguments to "%s" must be of the form: '
                             '[condition_name, value_if_true, value_if_false]' % self.fn_name)
        cond = self.scope.parse_condition(condition, self.fn_name)
        if self.scope.explore is not None:
            return self._explore(condition, cond, parse_func, value_if_true, value_if_false)
        cd = self._get_condition(resolve(cond))
        self.condition = cd
        if isinstance(cd, Unknown):
            return cd
        return parse_func(value_if_true if cd else value_if_false)

    def _explore(self, condition, cond, parse_func, value_if_true, value_if_false):
        """Static checks: parse both branches, whatever the condition.

        The branch the condition picks with the default parameter values is
        the one Heat's template validation parses: it is not guarded; the
        other one is (and both are, when the condition cannot be decided).
        """
        try:
            self.condition = self._get_condition(resolve(cond))
        except Exception as exc:
            if not isinstance(cond, str) and _fails_as_written(exc) \
                    and not self._reads_parameter_values(cond):
                raise tag(exc, condition)  # Heat stops at this `if`: it has no condition
            self.condition = unknown('if')
        taken = self.condition if isinstance(self.condition, bool) else None
        self.branches = []
        for branch, value in ((True, value_if_true), (False, value_if_false)):
            guarded = taken is None or branch is not taken
            self.scope.guard_depth += guarded
            try:
                self.branches.append(parse_func(value))
            finally:
                self.scope.guard_depth -= guarded
        if taken is not None:
            return self.branches[0 if taken else 1]
        return self.branches[0]

    def _reads_parameter_values(self, cond) -> bool:
        """Whether a `get_param` in the parsed condition names a parameter: its
        failure may then hold only for the default values the static checks see (an
        environment may give others, and `and`/`or` stop early on some values)."""
        parameters = self.scope.parameters
        stack = [cond]
        while stack:
            item = stack.pop()
            if isinstance(item, Function):
                if item.fn_name == 'get_param':
                    args = item.args
                    name = args[0] if isinstance(args, list) and args else args
                    try:
                        if name in parameters:
                            return True
                    except TypeError:  # an unhashable name names nothing
                        pass
                stack.append(item.args)
            elif isinstance(item, dict):
                stack.extend(item.values())
            elif isinstance(item, (list, tuple)):
                stack.extend(item)
        return False

    def validate(self):
        branches = getattr(self, 'branches', None)
        if branches is None:
            return super().validate()
        for branch in branches:  # static checks: each branch as if it were taken
            validate(branch)

    def _get_condition(self, cond):
        if isinstance(cond, bool):
            return cond
        if isinstance(cond, Symbolic):
            return unknown('if', cond)
        return self.scope.conditions().is_enabled(cond)

    def result(self):
        if isinstance(self.parsed, Unknown):
            return self.parsed
        return super().result()


def _fails_as_written(exc: BaseException) -> bool:
    """Whether deciding an `if` written with no condition name failed for what it wrote.

    A map (a misspelt condition function), a list or a number where the
    condition goes ('Invalid condition "{'get_parma': 'flag'}"'), or a call in
    it with bad arguments ('Function "get_param" must have arguments'): Heat
    raises these as it parses the `if`, whatever the parameter values.  A
    named condition's failures are reported at its definition (the caller
    leaves those out), an unknown name is undefined-condition's, and Heat's
    own exceptions (a missing parameter, a cycle) are other rules'.
    """
    if isinstance(exc, HeatError) or not isinstance(exc, (ValueError, TypeError, KeyError)):
        return False
    return not isinstance(getattr(exc, 'condition_name', None), str)


class IfNullable(If):
    """if from 2021-04-16: a 2-argument form whose false case removes the enclosing item."""

    heat_class = 'IfNullable'

    def _read_args(self, items):
        if not (2 <= len(items) <= 3):
            raise ValueError()
        if len(items) == 2:
            condition, value_if_true = items
            return condition, value_if_true, Ellipsis
        return items


class ConditionBoolean(Function):
    """The common base of not, and, or."""

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        self._check_args()

    def _check_args(self):
        if not (isinstance(self.args, collections.abc.Sequence)
                and not isinstance(self.args, str)):
            raise ValueError('Arguments to "%s" must be a list of conditions' % self.fn_name)
        if not self.args or len(self.args) < 2:
            raise ValueError('The minimum number of condition arguments to "%s" is 2.'
                             % self.fn_name)

    def _get_condition(self, arg):
        if isinstance(arg, bool):
            return arg
        if isinstance(arg, Symbolic):
            return unknown(self.fn_name, arg)
        return self.scope.conditions().is_enabled(arg)


class Not(ConditionBoolean):
    """not: <condition>."""

    heat_class = 'Not'

    def _check_args(self):
        self.condition = self.args
        if self.args is None:
            raise ValueError('Argument to "%s" must be a condition' % self.fn_name)

    def result(self):
        cd = self._get_condition(resolve(self.condition))
        if isinstance(cd, Unknown):
            return cd
        return not cd


class And(ConditionBoolean):
    """and: [condition, condition, ...] (at least two)."""

    heat_class = 'And'
    _stop_at = False

    def result(self):
        pending = None
        for cd in resolve(self.args):
            try:
                value = self._get_condition(cd)
            except Exception:
                if pending is not None:  # Heat might have stopped at the unknown one
                    return pending
                raise
            if isinstance(value, Unknown):
                pending = pending or value
            elif bool(value) is self._stop_at:
                return self._stop_at
        return pending if pending is not None else not self._stop_at


class Or(And):
    """or: [condition, condition, ...] (at least two)."""

    heat_class = 'Or'
    _stop_at = True


class Removed(Function):
    """A function this version no longer has: validating it fails."""

    heat_class = 'Removed'

    def validate(self):
        raise InvalidTemplateVersion(
            explanation='The function %s is not supported in this version of HOT.'
            % self.fn_name)

    def result(self):
        return {self.fn_name: resolve(self.args)}


__all__ = ['Equals', 'If', 'IfNullable', 'Not', 'And', 'Or', 'Removed', 'Mapping']
