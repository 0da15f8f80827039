"""What the inputs decide: which resources and outputs Heat creates, which `if` branches it takes.

`openstack stack create` without -P evaluates every condition with the
parameters' defaults (and the environments and values the settings
configure), builds only the resources and outputs whose condition holds,
and parses only the `if` branch each condition picks.  A check Heat makes
on what it builds is therefore an error where these inputs build it, and a
warning elsewhere, one that says which values would trigger it.  A
condition the inputs cannot decide (a parameter without a default) leaves
the check an error for resources (they may well be created) and a warning
inside `if` branches.

The answers come from the rules' evaluation (`Analysis.checked_evaluation`,
under `Analysis.inputs`); conditions that are false whatever the
parameters keep AlwaysDisabled's wording.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hot_ls.evaluator.snippet import evaluate_in
from hot_ls.model.symbols import CONDITION, PARAMETER, Guards
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

if TYPE_CHECKING:
    from hot_ls.analysis.document import Analysis


@dataclass(frozen=True)
class Absence:
    """A resource or output Heat does not build: always, or under these inputs."""

    what: str  # 'resource' | 'output'
    name: Any
    always: bool
    condition: str  # 'condition "prod"' or 'its condition'
    values: str  # ' (env is "dev")' or ''
    inputs: str  # 'with the default parameter values'
    trigger: str  # '; it fails when env is "prod"' or ''

    def description(self) -> str:
        """What is absent and why: for a reference to it."""
        if self.always:
            said = self.condition.strip('"') if self.condition.startswith('"') else 'false'
            return f'{self.what} "{self.name}" is always disabled by its condition ({said} is false)'
        return (f'{self.what} "{self.name}" is not created {self.inputs}: {self.condition} is '
                f'false{self.values}')

    def excuse(self) -> str:
        """Why a check inside it is no error: for a finding Heat does not make there."""
        if self.always:
            return (f'{self.what} "{self.name}" is never created: {self.condition} is false '
                    f'whatever the parameters, so Heat does not check it')
        return self.description() + ', so Heat does not check it' + self.trigger


class Presence:
    """One analysis' answers: is this resource, output or `if` branch there under the inputs?"""

    def __init__(self, analysis: 'Analysis'):
        self.template = analysis.template
        self.always = analysis.always_disabled
        self.described = analysis.inputs.described
        self.evaluation = analysis.checked_evaluation
        self._absent: dict[tuple[str, Any], Absence | None] = {}
        self._branches: dict[int, Any] = {}
        self._parameters: dict[Any, list] = {}  # condition name (or node id) -> parameters

    @property
    def inputs_text(self) -> str:
        return self.described

    # -- resources and outputs --------------------------------------------------------
    def absent(self, name: Any, section: str = 'resources') -> Absence | None:
        """Why Heat does not build this resource (or output) under the inputs, or None."""
        key = (section, name)
        if key not in self._absent:
            self._absent[key] = self._why_absent(name, section)
        return self._absent[key]

    def _why_absent(self, name: Any, section: str) -> Absence | None:
        template = self.template
        if template is None or template.version is None or not template.facts.has_conditions:
            return None
        definitions = template.resources if section == 'resources' else template.outputs
        definition = definitions.get(name)
        node = definition.get('condition') if definition is not None else None
        if node is None:
            return None
        what = 'resource' if section == 'resources' else 'output'
        if self.always.is_disabled(name, section):
            condition = f'"{node.value}"' if isinstance(node, Scalar) and isinstance(node.value, str) \
                else 'its condition'
            return Absence(what, name, True, condition, '', '', '')
        try:
            outcome = (self.evaluation.resource(name).enabled if section == 'resources'
                       else self.evaluation.output(name).enabled)
        except Exception:  # an evaluation that cannot be made decides nothing
            return None
        if outcome.error is not None or outcome.value is not False:
            return None
        return Absence(what, name, False, _condition_text(node), self._values(node),
                       self.inputs_text, self._trigger(node, True))

    def reason(self, start: int, end: int) -> str | None:
        """Why a finding at start..end is no error in Heat (inside what it never builds), or None."""
        template = self.template
        if template is None or template.version is None or not template.facts.has_conditions:
            return None
        definition = template.entry_at(start)
        if definition is None or definition.section not in ('resources', 'outputs') or \
                definition.get('condition') is None or end > definition.body.end:
            return None
        absence = self.absent(definition.name, definition.section)
        return absence.excuse() if absence is not None else None

    # -- if branches ----------------------------------------------------------------------
    def branch_reason(self, guards: Guards) -> str | None:
        """None when the inputs take every enclosing `if` branch; else why Heat may never see it."""
        for call, branch in guards:
            taken = self._condition_of(call)
            operand = _if_condition(call)
            if branch is None or operand is None:
                return 'it is inside a malformed "if", whose branches Heat never takes'
            condition = _condition_text(operand)
            wanted = 'true' if branch else 'false'
            if taken is None:
                return (f'it is inside an "if" branch Heat takes only when {condition} is '
                        f'{wanted}, which depends on values given at deploy time'
                        + self._missing(operand))
            if taken is not branch:
                return (f'it is inside an "if" branch Heat takes only when {condition} is '
                        f'{wanted}, and it is not {self.inputs_text}{self._values(operand)}'
                        + self._trigger(operand, branch))
        return None

    def _condition_of(self, call) -> bool | None:
        key = id(call.node)
        if key not in self._branches:
            operand = _if_condition(call)
            value = None
            if operand is not None:
                outcome = evaluate_in(self.evaluation.scope, operand, condition=True)
                value = outcome.value if outcome.error is None and isinstance(outcome.value, bool) \
                    else None
            self._branches[key] = value
        return self._branches[key]

    # -- naming the values ----------------------------------------------------------------
    def _parameters_of(self, node: Node) -> list:
        """The parameters a condition reads, through the conditions it names (kept per
        condition name, or per node: many resources share a condition)."""
        key = node.value if isinstance(node, Scalar) and isinstance(node.value, str) \
            else id(node)
        found = self._parameters.get(key)
        if found is None:
            found = self._parameters[key] = self._read_parameters(node, set())
        return found

    def _read_parameters(self, node: Node, seen: set) -> list:
        names: list = []
        template = self.template
        if isinstance(node, Scalar):
            if isinstance(node.value, str) and node.value not in seen:
                seen.add(node.value)
                definition = template.conditions.get(node.value)
                if definition is not None and definition.body is not None:
                    names += self._read_parameters(definition.body, seen)
            return names
        owner = template.entry_at(node.start)
        for ref in template.references_in(owner) if owner is not None else ():
            if node.start <= ref.start and ref.end <= node.end:
                if ref.kind == PARAMETER and ref.name not in names:
                    names.append(ref.name)
                elif ref.kind == CONDITION and ref.name not in seen:
                    seen.add(ref.name)
                    definition = template.conditions.get(ref.name)
                    if definition is not None and definition.body is not None:
                        names += [n for n in self._read_parameters(definition.body, seen)
                                  if n not in names]
        return names

    def _values(self, node: Node) -> str:
        shown = []
        for name in self._parameters_of(node)[:4]:
            outcome = self.evaluation.parameter(name)
            if outcome.error is None:
                shown.append(f'{name} is {_show(outcome.value)}')
        return f' ({", ".join(shown)})' if shown else ''

    def _missing(self, node: Node) -> str:
        missing = [str(name) for name in self._parameters_of(node)
                   if self.evaluation.parameter(name).error is not None]
        return f' ({", ".join(missing)} {"has" if len(missing) == 1 else "have"} no value)' \
            if missing else ''

    def _trigger(self, node: Node, want: bool) -> str:
        said = _trigger(self.template, node, want, 0)
        return f'; it fails when {said}' if said else ''


def _if_condition(call) -> Node | None:
    args = call.args
    return args.items[0] if isinstance(args, Sequence) and args.items else None


def _condition_text(node: Node) -> str:
    if isinstance(node, Scalar) and isinstance(node.value, str):
        return f'condition "{node.value}"'
    return 'its condition'


def _show(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True)
    except (TypeError, ValueError):
        return str(value)


def _trigger(template, node: Node, want: bool, depth: int) -> str | None:
    """The parameter values that give the condition the value `want`, when simply said."""
    if depth > 8:
        return None
    if isinstance(node, Scalar):
        if isinstance(node.value, str):
            definition = template.conditions.get(node.value)
            if definition is not None and definition.body is not None:
                return _trigger(template, definition.body, want, depth + 1)
        return None
    if not isinstance(node, Mapping) or len(node.pairs) != 1:
        return None
    name, args = node.pairs[0].key.value, node.pairs[0].value
    if name == 'not':
        return _trigger(template, args, not want, depth + 1)
    if name == 'get_param' and isinstance(args, Scalar):
        return f'{args.value} is {"true" if want else "false"}'
    if name == 'equals' and isinstance(args, Sequence) and len(args.items) == 2:
        for param, literal in (args.items, reversed(args.items)):
            if isinstance(param, Mapping) and len(param.pairs) == 1 and \
                    param.pairs[0].key.value == 'get_param' and \
                    isinstance(param.pairs[0].value, Scalar) and isinstance(literal, Scalar):
                return (f'{param.pairs[0].value.value} is {"" if want else "not "}'
                        f'{_show(literal.value)}')
        return None
    if name in ('and', 'or') and isinstance(args, Sequence):
        # and: all must hold for true, one failing suffices for false (or: the converse)
        joined = (name == 'and') == want
        parts = [_trigger(template, item, want, depth + 1) for item in args.items]
        if joined and all(parts):
            return ' and '.join(parts)
        if not joined and any(parts):
            return ' or '.join(part for part in parts if part)
    return None
