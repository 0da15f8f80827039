"""What Heat's functions see of the stack: the `stack` argument of every Function.

A Scope holds the template version (which decides the function tables),
the parameter table, the condition definitions (parsed on first use, all at
once as Heat's Template.conditions does; leniently, each when first looked
at), the resources and their
`condition`s, the files sent along, and a trace of every call's value for
the editor.  It parses snippets with Heat's parser in the value or the
condition context.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping as MappingType

from hot_ls.evaluator import parsing
from hot_ls.evaluator.conditions import Conditions
from hot_ls.evaluator.errors import EvaluationLimit, StackValidationFailed, tag
from hot_ls.evaluator.functions.base import Function, resolve
from hot_ls.evaluator.functions.table import condition_table, value_table
from hot_ls.evaluator.parameters import ParameterTable
from hot_ls.evaluator.values import Unknown
from hot_ls.language import HotVersion
from hot_ls.syntax import Mapping, Node

#: `conditions` not given at all (a template without a conditions section), as
#: opposed to given as None (a conditions section left empty)
NOT_GIVEN = object()


@dataclass
class ResourceEntry:
    """A resource as the functions see it: its type and its `condition` (a node, or None)."""

    name: Any
    type: Any = None
    condition: Node | None = None
    node: Node | None = None


class Scope:
    """The stack of one evaluation (Heat's StackDefinition, seen from the functions)."""

    def __init__(self, version: HotVersion, parameters: ParameterTable, *,
                 conditions: Any = NOT_GIVEN, resources: MappingType[Any, ResourceEntry] | None = None,
                 files: MappingType[str, str] | None = None,
                 attribute_names: Callable[[ResourceEntry], Any] | None = None,
                 lenient: bool = False, expansion: Any = None):
        self.version = version
        self.parameters = parameters
        self._condition_source = conditions
        self.resources: dict[Any, ResourceEntry] = dict(resources or {})
        self.files = files if hasattr(files, "get") else dict(files or {})
        self._attribute_names = attribute_names
        self.lenient = lenient  # previews: a broken condition fails only where it is used
        #: a document with aliases: what measures a value, aliases expanded (calls.Expansion)
        self.expansion = expansion
        self.explore: list | None = None  # static checks: where parse errors are collected
        self.guard_depth = 0  # static checks: how many `if` branches deep the parser is
        #: the rules' checks: a parameter without a value (given at deploy time) and a
        #: file not found here (the client sends it) are Unknown, so that what else
        #: fails in the same value is still found
        self.missing_values_unknown = False
        #: the checks of what Heat computes when it validates a stack before creating it:
        #: get_attr is None then, and get_resource what this answers for a resource name,
        #: (True, its reference) or (False, None) when that is not known
        self.validation_reference: Callable[[Any], tuple[bool, Any]] | None = None
        self._conditions: Conditions | None = None
        self._enabled: dict[Any, Any] = {}
        #: what deciding each resource's condition looked up (replayed when it is asked again)
        self._enabled_requests: dict[Any, frozenset] = {}
        #: the sets recording the condition names looked up now (`capture`)
        self._captures: list[set] = []
        #: every evaluated call's value, by node (None: not recorded, for checks)
        self.trace: dict[int, tuple[Node, Any]] | None = {}

    # -- parsing -------------------------------------------------------------------
    def parse(self, node: Any, path: str = '') -> Any:
        self._check_size(node)
        return parsing.parse(value_table(self.version), self, node, path)

    def parse_condition(self, node: Any, path: str = '') -> Any:
        self._check_size(node)
        return parsing.parse(condition_table(self.version), self, node, path)

    def _check_size(self, node: Any) -> None:
        """A value that aliases make too large to walk is not parsed (EvaluationLimit)."""
        if self.expansion is not None and self.expansion.too_large(node):
            raise EvaluationLimit(self.expansion.limit)

    # -- conditions ----------------------------------------------------------------
    def conditions(self) -> Conditions:
        """All condition definitions, parsed on first use (Heat's Template.conditions)."""
        if self._conditions is None:
            source = self._condition_source
            if not self.version.has_conditions or source is NOT_GIVEN:
                self._conditions = Conditions({})
                self._conditions.captures = self._captures
                return self._conditions
            if source is not None and not isinstance(source, (Mapping, dict)):
                kind = _type_name(source)
                raise StackValidationFailed(
                    error='Conditions validation error',
                    message='Condition definitions must be a map. Found a %s instead' % kind)
            if source is None:
                raise StackValidationFailed(
                    error='Conditions validation error',
                    message='Condition definitions must be a map. Found a NoneType instead')
            items = source.index.items() if isinstance(source, Mapping) else source.items()
            definitions = {name: pair.value if isinstance(source, Mapping) else pair
                           for name, pair in items}
            if self.lenient:  # each parsed when first looked at: what it gives is its own
                self._conditions = Conditions({}, unparsed=definitions, parse=self._definition)
            else:
                self._conditions = Conditions({name: self._definition(name, node)
                                               for name, node in definitions.items()})
            self._conditions.captures = self._captures
        return self._conditions

    def _definition(self, name: Any, node: Any) -> Any:
        """A condition's definition parsed (in whatever parse it is first looked at from:
        not part of that parse's exploration)."""
        explore, depth = self.explore, self.guard_depth
        self.explore, self.guard_depth = None, 0
        try:
            return self.parse_condition(node, '.'.join(['conditions', str(name)]))
        finally:
            self.explore, self.guard_depth = explore, depth

    def capture(self) -> set:
        """Start recording every condition name looked up, into the set returned, until
        `captured` (the same names whatever was looked up before: resolved conditions replay
        what they looked up)."""
        looked_up: set = set()
        self._captures.append(looked_up)
        return looked_up

    def captured(self) -> frozenset:
        """Stop the innermost recording (`capture`): what it recorded."""
        return frozenset(self._captures.pop())

    # -- resources -----------------------------------------------------------------
    def has_resource(self, name: Any) -> bool:
        """`name in stack` for Ref: any resource of the template, enabled or not."""
        return name in self.resources

    def resource(self, name: Any) -> ResourceEntry:
        """The enabled resource `name`; KeyError when there is none (Heat: stack[name])."""
        entry = self.resources[name]
        if self.enabled(name) is False:
            raise KeyError(name)
        return entry

    def enabled(self, name: Any) -> Any:
        """Whether the resource's condition holds: True, False or Unknown."""
        if name in self._enabled:
            looked_up = self._enabled_requests.get(name)
            if looked_up:
                for capture in self._captures:
                    capture.update(looked_up)
            return self._enabled[name]
        self.capture()  # (the captures around it record them too)
        try:
            value = self._decide(name)
        finally:
            looked_up = self.captured()
        self._enabled[name] = value
        self._enabled_requests[name] = looked_up
        return value

    def _decide(self, name: Any) -> Any:
        entry = self.resources[name]
        if entry.condition is None or not self.version.has_conditions:
            return True
        cond = self.parse_condition(entry.condition,
                                    '.'.join(['resources', str(name), 'condition']))
        if not isinstance(cond, (str, bool, Function)):
            # Heat's _parse_resource_field refuses it before deciding anything
            problem = StackValidationFailed(
                message='Resource %s condition type must be string_or_boolean' % name)
            problem.field_type = True
            tag(problem, entry.condition)
            raise problem
        try:
            return self.conditions().is_enabled(resolve(cond))
        except Exception as exc:
            if not _is_value_error(exc):
                raise
            wrapped = StackValidationFailed(path=['resources', name, 'condition'],
                                            message=str(exc))
            tag(wrapped, entry.condition)
            raise wrapped from exc

    def attribute_names(self, entry: ResourceEntry) -> Any:
        """The attributes get_attr may name on this resource, or None when any may be."""
        return self._attribute_names(entry) if self._attribute_names else None

    # -- the trace -----------------------------------------------------------------
    def record(self, node: Node, value: Any) -> None:
        if self.trace is not None:
            self.trace[id(node)] = (node, value)

    def value_of(self, node: Node) -> Any:
        """The recorded value of a call node, or raise KeyError if it was never evaluated."""
        return self.trace[id(node)][1]


def _is_value_error(exc: BaseException) -> bool:
    """A ValueError in Heat: ours, or a parameter value error Heat raises as a bare ValueError."""
    if isinstance(exc, ValueError):
        return True
    return type(exc).__name__ == 'ParameterValueError' and isinstance(exc.__cause__, ValueError)


def _type_name(value: Any) -> str:
    from hot_ls.syntax import Scalar, Sequence
    if isinstance(value, Scalar):
        return type(value.value).__name__
    if isinstance(value, Sequence):
        return 'list'
    return type(value).__name__


__all__ = ['Scope', 'ResourceEntry', 'Unknown']
