"""The `conditions:` section as Heat evaluates it (heat/engine/conditions.py).

Definitions are parsed in the condition context on first use, all of them
at once as Heat does (so a broken definition breaks every `if`); leniently
(previews, checks), each when it is first looked at, since what one gives
then depends on it alone.  Each
condition is resolved once, on demand, with Heat's circularity detection:
'Condition validation error: Circular definition for condition "a"'.
A definition must resolve to a boolean: 'The definition of condition "c"
is invalid: ...'.  One that depends on a deploy-time value is Unknown.
"""
from __future__ import annotations

import inspect
import weakref
from typing import Any, Callable

from hot_ls.evaluator.errors import StackValidationFailed, detached, fresh
from hot_ls.evaluator.functions.base import Function, resolve, validate
from hot_ls.evaluator.values import Symbolic, Unknown, unknown

_IN_PROGRESS = object()


class Conditions:
    """heat.engine.conditions.Conditions over parsed definitions."""

    def __init__(self, parsed: dict, failures: dict | None = None, *,
                 unparsed: dict | None = None, parse: Callable[[Any, Any], Any] | None = None):
        """`parsed`: name -> parsed definition; `failures`: name -> why it does not parse;
        `unparsed`: name -> a definition not parsed yet, which `parse(name, definition)`
        parses when it is first looked at (lenient: a failure is kept as a failure)."""
        self._order = list(parsed) + list(failures or {}) + list(unparsed or {})
        self._conditions = parsed
        self._unparsed = dict(unparsed or {})
        # weakly: the scope that parses keeps these conditions (no cycle, see
        # tests/analysis/test_reference_cycles.py)
        self._parse = weakref.WeakMethod(parse) if inspect.ismethod(parse) else \
            (lambda: parse)
        self._resolved: dict = {}
        # Lenient mode (previews): a definition that failed to parse fails
        # only when it is used, instead of failing every condition.
        self._failures = {name: detached(exc) for name, exc in (failures or {}).items()}
        self.requested: set = set()  # every name looked up, for the rules
        #: the sets recording what is looked up now (see Scope.capture); the scope's list
        self.captures: list[set] = []
        #: name -> every name resolving it looked up (itself included), replayed when the
        #: resolved condition is asked again, so that what a capture records does not depend
        #: on what was asked before
        self._requests: dict = {}
        self._errors: dict = {}  # a condition that failed fails the same way when asked again

    def names(self):
        self._look_at_all()
        return self._conditions.keys()

    def _look(self, name: Any) -> None:
        """Parse the definition of `name` if it is not parsed yet."""
        try:
            definition = self._unparsed.pop(name)
        except (KeyError, TypeError):
            return
        try:
            self._conditions[name] = self._parse()(name, definition)
        except Exception as exc:
            self._failures[name] = detached(exc)

    def _look_at_all(self) -> None:
        for name in list(self._unparsed):
            self._look(name)
        self._conditions = {name: self._conditions[name] for name in self._order
                            if name in self._conditions}

    def parsed(self, name: Any) -> Any:
        """A definition as parsed (a Function, a boolean...), or None."""
        self._look(name)
        return self._conditions.get(name)

    def failure(self, name: Any) -> BaseException | None:
        """Lenient mode: why the definition of `name` does not parse (None: it does)."""
        self._look(name)
        return self._failures.get(name)

    @property
    def parse_failures(self) -> dict:
        """Lenient mode: the definitions that failed to parse, name -> error."""
        self._look_at_all()
        return {name: self._failures[name] for name in self._order if name in self._failures}

    def validate(self) -> None:
        self._look_at_all()
        for name, cond in self._conditions.items():
            self._check_condition_type(name, cond)
            validate(cond)

    def _resolve(self, condition_name: Any) -> Any:
        self._look(condition_name)
        resolved = resolve(self._conditions[condition_name])
        if isinstance(resolved, Symbolic):
            return resolved if isinstance(resolved, Unknown) else unknown('condition', resolved)
        self._check_condition_type(condition_name, resolved)
        return resolved

    @staticmethod
    def _check_condition_type(condition_name: Any, condition_defn: Any) -> None:
        if not isinstance(condition_defn, (bool, Function)):
            raise StackValidationFailed(
                error='Condition validation error',
                message='The definition of condition "%(cd)s" is invalid: %(definition)s'
                        % {'cd': condition_name, 'definition': condition_defn})

    def is_enabled(self, condition_name: Any) -> Any:
        """True, False, or Unknown; raises as Heat does for bad names and cycles."""
        if condition_name is None:
            return True
        if isinstance(condition_name, bool):
            return condition_name
        if isinstance(condition_name, Unknown):
            return condition_name
        if isinstance(condition_name, str):
            self._request((condition_name,))
            self._look(condition_name)
        if isinstance(condition_name, str) and condition_name in self._failures:
            raise fresh(self._failures[condition_name])
        if not (isinstance(condition_name, str) and condition_name in self._conditions):
            exc = ValueError('Invalid condition "%s"' % condition_name)
            exc.condition_name = condition_name  # a name (HOT303's) or some other value
            raise exc
        if condition_name in self._errors:
            # Heat stops at the first failure; a preview asks again and should hear the same.
            self._request(self._requests.get(condition_name, ()))
            raise fresh(self._errors[condition_name])
        if condition_name not in self._resolved:
            self._resolved[condition_name] = _IN_PROGRESS
            looked_up = {condition_name}
            self.captures.append(looked_up)
            try:
                self._resolved[condition_name] = self._resolve(condition_name)
            except Exception as exc:
                self._errors[condition_name] = detached(fresh(exc))  # exc itself goes on up
                raise
            finally:
                self.captures.pop()  # looked_up (what the resolution pushed, it popped)
                self._requests[condition_name] = frozenset(looked_up)
        else:
            self._request(self._requests.get(condition_name, ()))
        result = self._resolved[condition_name]
        if result is _IN_PROGRESS:
            raise StackValidationFailed(
                error='Condition validation error',
                message='Circular definition for condition "%s"' % condition_name)
        return result

    def _request(self, names) -> None:
        self.requested.update(names)
        for capture in self.captures:
            capture.update(names)

    def resolved(self) -> dict:
        """The conditions resolved so far (name -> True/False/Unknown)."""
        return {name: value for name, value in self._resolved.items()
                if value is not _IN_PROGRESS}
