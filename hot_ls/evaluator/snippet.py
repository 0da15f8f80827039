"""Evaluate one snippet, as Heat would inside a stack: parse, validate, resolve.

This is the oracle's procedure (heat-facts §4) with hot-ls's own engine:
the snippet is parsed in the value context (or the condition context),
every function's validate() runs, then the value is resolved.  As a
condition, the resolved value is then looked up the way a resource's or
output's `condition:` is (a name, a boolean, or a condition function).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping as MappingType

from hot_ls.evaluator.errors import PARSE, RESOLVE, VALIDATE, EvalError
from hot_ls.evaluator.from_python import from_python
from hot_ls.evaluator.functions.base import resolve, validate
from hot_ls.evaluator.parameters import ParameterTable, StackIdentity
from hot_ls.evaluator.scope import NOT_GIVEN, ResourceEntry, Scope
from hot_ls.evaluator.values import Symbolic, to_json
from hot_ls.language import HotVersion, language
from hot_ls.model.environment import Environment, EnvironmentError_, merge_environments
from hot_ls.syntax import Mapping, Node, Scalar

STACK = 'stack'  # phase: building the stack (parameter schemas) failed


@dataclass
class Outcome:
    """A value, or the error Heat would report instead."""

    value: Any = None
    error: EvalError | None = None
    scope: Scope | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None

    def to_json(self) -> dict:
        if self.error is not None:
            return {'error': self.error.to_json()}
        return {'value': to_json(self.value)}


def version_facts(version: HotVersion | str | None) -> HotVersion:
    """A HotVersion from a date, an alias, or None (the newest)."""
    if isinstance(version, HotVersion):
        return version
    if version is None:
        return language().latest
    found = language().hot(str(version))
    if found is None:
        raise ValueError(f'unknown heat_template_version: {version}')
    return found


def resource_entries(resources: MappingType[Any, Any] | None) -> dict[Any, ResourceEntry]:
    """Resources given as {name: type} or {name: {type, condition}} (python or nodes)."""
    entries = {}
    for name, spec in (resources or {}).items():
        if isinstance(spec, ResourceEntry):
            entries[name] = spec
            continue
        node = from_python(spec)
        if isinstance(node, Mapping):
            rtype = node.get('type')
            entries[name] = ResourceEntry(name, rtype.value if isinstance(rtype, Scalar) else None,
                                          node.get('condition'), node)
        else:
            entries[name] = ResourceEntry(name, node.value if isinstance(node, Scalar) else None,
                                          None, node)
    return entries


class StackError(Exception):
    """The stack itself cannot be built: a bad parameter declaration or environment."""

    def __init__(self, message: str, kind: str = '', node: Node | None = None):
        super().__init__(message)
        self.message = message
        self.kind = kind
        self.node = node

    def __str__(self) -> str:
        return self.message


def make_scope(version: HotVersion | str | None = None, *,
               parameters: MappingType[Any, Any] | None = None,
               values: MappingType[Any, Any] | None = None,
               parameter_defaults: MappingType[Any, Any] | None = None,
               environments: list | None = None,
               conditions: Any = NOT_GIVEN,
               resources: MappingType[Any, Any] | None = None,
               files: MappingType[str, str] | None = None,
               stack: StackIdentity | None = None, strict: bool = True,
               attribute_names: Any = None) -> Scope:
    """A Scope from plain inputs: parameter declarations, values, environments, conditions...

    `environments` (texts, or model Environments) are merged in order into
    the user's `values` as Heat merges `-e` files.  With `strict`, a
    parameter declaration Heat refuses raises StackError, as it stops Heat
    from loading the stack; otherwise only that parameter fails.
    `attribute_names(entry)` tells which attributes get_attr may name on a
    resource (None: any), as a resource catalog knows them.
    """
    facts = version_facts(version)
    declarations = dict(parameters or {})
    values = dict(values or {})
    defaults = dict(parameter_defaults or {})
    table = ParameterTable(facts, declarations, values, defaults, stack or StackIdentity())
    problem = table.first_schema_error()
    if problem is not None and strict:
        raise StackError(str(problem), type(problem).__name__)
    if environments:
        envs = [env if isinstance(env, Environment) else Environment.from_text(env, f'env{i}.yaml')
                for i, env in enumerate(environments)]
        types = {name: schema.type for name, schema in table.schemas.items()}
        try:
            merged = merge_environments(envs, types, values, defaults)
        except EnvironmentError_ as exc:
            raise StackError(exc.message, 'EnvironmentError', exc.node) from exc
        table = ParameterTable(facts, declarations, merged.parameters, merged.parameter_defaults,
                               stack or StackIdentity())
    if conditions is not NOT_GIVEN and conditions is not None and not isinstance(conditions, Node):
        conditions = from_python(conditions)
    return Scope(facts, table, conditions=conditions, resources=resource_entries(resources),
                 files=files, attribute_names=attribute_names)


def evaluate_in(scope: Scope, snippet: Any, *, condition: bool = False, path: str = '') -> Outcome:
    """Parse, validate and resolve `snippet` (a node or a plain value) in `scope`."""
    node = from_python(snippet)
    phase = PARSE
    try:
        parsed = scope.parse_condition(node, path) if condition else scope.parse(node, path)
        phase = VALIDATE
        validate(parsed)
        phase = RESOLVE
        value = resolve(parsed)
        if condition:
            value = scope.conditions().is_enabled(value) if not isinstance(value, Symbolic) \
                else value
    except RecursionError as exc:
        return Outcome(error=EvalError('maximum recursion depth exceeded', phase, node,
                                       type(exc).__name__), scope=scope)
    except Exception as exc:  # Heat lets raw Python errors escape; so do we, as errors
        return Outcome(error=EvalError.from_exception(exc, phase, node), scope=scope)
    return Outcome(value, scope=scope)


def evaluate(snippet: Any, version: HotVersion | str | None = None, *, condition: bool = False,
             parameters: MappingType[Any, Any] | None = None,
             values: MappingType[Any, Any] | None = None,
             parameter_defaults: MappingType[Any, Any] | None = None,
             environments: list | None = None,
             conditions: Any = NOT_GIVEN, resources: MappingType[Any, Any] | None = None,
             files: MappingType[str, str] | None = None,
             stack: StackIdentity | None = None, attribute_names: Any = None) -> Outcome:
    """Evaluate a snippet as Heat would in a stack with these parameters and conditions.

    A parameter declaration or an environment Heat refuses makes the whole
    evaluation fail, as it makes the stack fail to load (phase 'stack').
    """
    try:
        scope = make_scope(version, parameters=parameters, values=values,
                           parameter_defaults=parameter_defaults, environments=environments,
                           conditions=conditions, resources=resources, files=files, stack=stack,
                           attribute_names=attribute_names)
    except StackError as exc:
        return Outcome(error=EvalError(exc.message, STACK, exc.node, exc.kind))
    return evaluate_in(scope, snippet, condition=condition)
