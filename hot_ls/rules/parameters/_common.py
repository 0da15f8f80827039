"""What the parameter rules share: each parameter read once through the parameters library.

Every parameter rule looks at the same things (the schema mapping, its
constraints parsed by hot_ls.language.parameters, the schema to check the
default against), so they are computed once per template and cached.  The
library works on plain values and says *where* a problem is as a path into
the schema; `resolve` turns that path back into a node.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from hot_ls.evaluator.errors import detached
from hot_ls.language import language, parameters as params
from hot_ls.language.constraints import Constraint
from hot_ls.language.parameters import (
    Dialect, ParameterError, ParameterSchema, ParameterSchemaError,
)
from hot_ls.model.symbols import Definition
from hot_ls.model.template import Template
from hot_ls.rules.base import Finding
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis


@dataclass(eq=False)
class ConstraintView:
    """One item of a parameter's `constraints` list."""

    index: int
    node: Node
    constraint: Constraint | None = None  # when it parses
    error: ParameterSchemaError | None = None  # when it does not


@dataclass(eq=False)
class ParameterView:
    name: Any
    definition: Definition
    body: Mapping | None
    type: str | None = None  # the HOT type name, when present and valid
    constraints: list[ConstraintView] = field(default_factory=list)
    # The schema the default is checked against: the type and every constraint
    # that parses and suits the type (their positions in `schema_indexes`).
    schema: ParameterSchema | None = None
    schema_indexes: list[int] = field(default_factory=list)
    _default_problem: Any = field(default=False, repr=False)

    @property
    def default_problem(self) -> ParameterError | None:
        """What Heat says about the default: at template validation, else at stack create.

        A ParameterSchemaError (kind 'default-type' or 'default-invalid') from
        the schema check, else a ParameterValueError (kind 'type' or
        'constraint') from checking the default as the parameter's value,
        else None.  None too when there is no default or no valid type.
        """
        if self._default_problem is False:
            self._default_problem = None
            if self.schema is not None and self.schema.default is not None:
                try:
                    self.schema.validate_default()
                    self.schema.validate_value(self.schema.default)
                except ParameterError as exc:
                    self._default_problem = detached(exc)
        return self._default_problem

    def constraint_node(self, schema_index: int | None) -> Node | None:
        """The key of the constraint at `schema_index` in `schema.constraints`."""
        if schema_index is None or self.schema is None:
            return None
        cview = self.constraints[self.schema_indexes[schema_index]]
        return resolve(cview.node, [self.schema.constraints[schema_index].key], on_key=True)

    def node(self, key: str) -> Node | None:
        return self.body.get(key) if self.body is not None else None


class ParameterFacts:
    """The template's parameters as the parameter rules read them, each on first use."""

    def __init__(self, analysis: 'Analysis'):
        self.dialect: Dialect = params.dialect(analysis.template.facts)
        self._views: dict[Any, ParameterView] = {}

    def view(self, definition: Definition) -> ParameterView:
        found = self._views.get(definition.name)
        if found is None or found.definition is not definition:
            found = self._views[definition.name] = _view(definition, self.dialect)
        return found


def parameter_facts(analysis: 'Analysis') -> ParameterFacts:
    """The parameters read once per analysis, for all the parameter rules."""
    return analysis.derived(ParameterFacts)


def checked_parameters(analysis: 'Analysis'):
    """(facts, view) of each parameter `analysis.checking` holds."""
    facts = parameter_facts(analysis)
    for definition in analysis.checking.parameters:
        yield facts, facts.view(definition)


def _view(definition: Definition, dialect: Dialect) -> ParameterView:
    name = definition.name
    body = definition.mapping
    view = ParameterView(name, definition, body)
    if body is None:
        return view
    type_node = body.get('type')
    if isinstance(type_node, Scalar) and type_node.value in dialect.types:
        view.type = type_node.value
    items = body.get('constraints')
    if isinstance(items, Sequence):
        for index, item in enumerate(items.items):
            cview = ConstraintView(index, item)
            try:
                cview.constraint = params.parse_constraint(item.to_python(), dialect, name)
            except ParameterSchemaError as exc:
                cview.error = detached(exc)
            view.constraints.append(cview)
    if view.type is None:
        return view
    usable = [c for c in view.constraints
              if c.constraint is not None and c.constraint.applies_to(params.TYPE_KEYS[view.type])]
    default = body.get('default')
    view.schema = ParameterSchema(name, view.type, tuple(c.constraint for c in usable),
                                  default=default.to_python() if default is not None else None)
    view.schema_indexes = [c.index for c in usable]
    return view


def resolve(node: Node | None, path: Iterable, on_key: bool = False) -> Node | None:
    """The node a library path leads to, from `node` (as far as the path goes).

    With `on_key`, the last step's key is returned instead of its value.  A
    value with no width (an empty `key:`) gives its key, so that a finding
    always has something to underline.
    """
    steps = list(path)
    current = node
    for position, step in enumerate(steps):
        last = position == len(steps) - 1
        if isinstance(current, Mapping) and step in current.index:
            pair = current.index[step]
            if last and (on_key or pair.value.end <= pair.value.start):
                return pair.key
            current = pair.value
        elif isinstance(current, Sequence) and isinstance(step, int) and 0 <= step < len(current.items):
            current = current.items[step]
        else:
            break
    return current


def at_node(node: Node, message: str, fallback: Node | None = None, **kwargs) -> Finding:
    """A finding on `node`, or on `fallback` (its key) when the node has no width."""
    target = node if node.end > node.start or fallback is None else fallback
    return Finding(target.start, target.end, message, **kwargs)


def first_version(predicate) -> str | None:
    """The first HOT version for which `predicate(version_facts)` holds."""
    for version in language().hot_versions:
        if predicate(version):
            return version.version
    return None


def shown_type(value: Any) -> str:
    """A value's type as Python names it, as Heat's raw errors do ('list', 'NoneType')."""
    return type(value).__name__


# -- parameter_groups ------------------------------------------------------------------

def group_path(label: Any) -> str:
    """How Heat prints the path ['parameter_groups', label] (HeatExceptionWithPath).

    An integer label, or a string of digits, is shown as an index.  (Heat
    itself crashes on a label that is neither a string nor an integer; the
    label is then shown as str() would.)
    """
    if isinstance(label, int) or (isinstance(label, str) and label.isdigit()):
        return f'parameter_groups[{label}]'
    return f'parameter_groups.{label}'


def group_message(label: Any, text: str) -> str:
    return f'Parameter Groups error: {group_path(label)}: {text}'


@dataclass(eq=False)
class GroupView:
    node: Node
    label: Any  # as Heat reads it: group.get('label', '')
    parameters: Sequence | None  # the `parameters` list, when it is one


def parameter_groups(template: Template) -> list[GroupView]:
    """The items of a `parameter_groups` list that are mappings."""
    node = template.section('parameter_groups')
    if not isinstance(node, Sequence):
        return []
    groups = []
    for item in node.items:
        if not isinstance(item, Mapping):
            continue
        label = item.get('label')
        members = item.get('parameters')
        groups.append(GroupView(item, label.to_python() if label is not None else '',
                                members if isinstance(members, Sequence) else None))
    return groups
