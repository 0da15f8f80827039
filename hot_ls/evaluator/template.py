"""A whole template evaluated as Heat would create it: parameters, conditions, resources, outputs.

`TemplateEvaluation` builds the stack once (parameters with the user's
values and the merged environments, the conditions section, the resources
and their conditions) and evaluates each item on demand, each on its own:
a broken item gives an error for that item only, never one failure for
everything (Heat itself stops at the first).  Paths and messages are the
ones Heat uses for templates ('resources.r.properties.value.list_join: ...',
'Property error: resources.r.properties.value: ...', 'outputs.o.value...').

Every call evaluated is recorded against its node, so an editor can ask
for the value of any call (`value_of`).

With `errors_only=True` (what the rules use), only what can fail is
evaluated (hot_ls.evaluator.calls): the errors of each item are the same,
except that an error due only to a deploy-time value (a parameter's value,
a missing resource or file), or hot-ls's own RecursionError or
EvaluationLimit, may be left out; no value is computed, so `preview` and
`value_of` are not available.  It also takes a parameter without a value,
or a file get_file names that is not found, as a value given at deploy
time (Unknown, `unknown_inputs`), as Heat has it when the stack is created
with -P and the client's files: what else fails in the same value is then
still found ('Function "get_param" must have arguments' beside a get_param
of a parameter without a default).  A resource's values are still there to
be had (`resource_values`, what the plugin checks read): what finding its
errors parsed and evaluated is kept, and only the calls it left out are
evaluated then.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Iterable

from hot_ls.evaluator.calls import LIVE, QUIET, SURE, CallSites, level, sure
from hot_ls.evaluator.errors import PARSE, RESOLVE, VALIDATE, EvalError, detached
from hot_ls.evaluator.functions.base import resolve, validate, validate_each
from hot_ls.evaluator.parameters import Declarations, ParameterTable, StackIdentity
from hot_ls.evaluator.scope import NOT_GIVEN, ResourceEntry, Scope
from hot_ls.evaluator.snippet import STACK, Outcome
from hot_ls.model.environment import Environment, EnvironmentError_, merge_environments
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, Node, Scalar, Sequence


@dataclass
class ResourcePreview:
    """A resource: its type, whether its condition holds, and its resolved properties."""

    name: Any
    type: Any
    enabled: Outcome
    properties: Outcome
    property_errors: dict = field(default_factory=dict)  # key -> EvalError
    order: list = field(default_factory=list)  # property keys as written
    #: the conditions evaluating it looked up (Heat evaluates those when it creates the stack)
    requested: frozenset = frozenset()


@dataclass
class OutputPreview:
    name: Any
    enabled: Outcome
    value: Outcome
    requested: frozenset = frozenset()  # as ResourcePreview's


class TemplateEvaluation:
    """One template, one set of inputs: every item's value, evaluated lazily and cached."""

    def __init__(self, template: Template, environments: Iterable[Any] = (),
                 parameter_values: dict | None = None, *, files: Any = None,
                 stack: StackIdentity | None = None,
                 attribute_names: Callable[[ResourceEntry], Any] | None = None,
                 errors_only: bool = False, sites: CallSites | None = None,
                 unknown_inputs: bool | None = None,
                 validation_reference: Callable[[Any], tuple[bool, Any]] | None = None):
        self.template = template
        self.errors_only = errors_only
        self.sites = sites if sites is not None else CallSites(template)
        self.version = template.facts
        self.problems: list[EvalError] = []
        values = dict(parameter_values or {})
        self.stack = stack or StackIdentity()
        self.declarations = Declarations(template.parameters)
        table = ParameterTable(self.version, self.declarations, values, {}, self.stack)
        envs = [env if isinstance(env, Environment) else Environment.from_text(str(env))
                for env in environments]
        if envs:
            types = {name: schema.type for name, schema in table.schemas.items()}
            try:
                merged = merge_environments(envs, types, values, {})
            except EnvironmentError_ as exc:
                self.problems.append(EvalError(exc.message, STACK, exc.node, 'EnvironmentError'))
            else:
                table = ParameterTable(self.version, self.declarations, merged.parameters,
                                       merged.parameter_defaults, self.stack)
        self.parameters = table
        conditions_pair = template.sections.get('conditions')
        self.scope = Scope(self.version, table,
                           conditions=conditions_pair.value if conditions_pair else NOT_GIVEN,
                           resources=self.sites.resource_entries(),
                           files=files if files is not None else {},
                           attribute_names=attribute_names, lenient=True,
                           expansion=self.sites.expansion)
        if errors_only:
            self.scope.trace = None  # no value_of(): the values are not kept
        # The checks (errors_only, unless told otherwise): a parameter without a value and a
        # file not sent are Unknown, so one of them does not hide what else fails.
        self.scope.missing_values_unknown = errors_only if unknown_inputs is None else unknown_inputs
        self.scope.validation_reference = validation_reference
        self._resources: dict[Any, ResourcePreview] = {}
        self._outputs: dict[Any, OutputPreview] = {}
        self._failures: dict[int, tuple[Node, EvalError]] = {}
        #: errors_only: what finding a resource's errors parsed and evaluated, for
        #: resource_values (its top calls, their Functions, the values of those evaluated)
        self._calls_seen: dict[Any, tuple[list, dict, dict]] = {}
        self._values: dict[Any, ResourcePreview] = {}
        self._all_done = False
        #: the conditions Heat itself evaluates when it creates the stack: those its
        #: resources and outputs look up (see evaluate_all)
        self.heat_conditions: set = set()

    @classmethod
    def complete(cls, template: Template, *args: Any, **kwargs: Any) -> 'TemplateEvaluation':
        """An evaluation with every item evaluated.

        A template nested too deeply for Python to walk gives an evaluation
        with nothing in it (every item unevaluated), never a crash.
        """
        evaluation = cls(template, *args, **kwargs)
        try:
            evaluation.evaluate_all()
        except RecursionError:
            evaluation = cls(template, *args, **kwargs)
            evaluation._all_done = True
        return evaluation

    # -- parameters and conditions ---------------------------------------------------
    def parameter(self, name: Any) -> Outcome:
        """The parameter's value as a stack create checks it (type, constraints, presence)."""
        try:
            return Outcome(self.parameters.check(name))
        except Exception as exc:
            return Outcome(error=EvalError(str(exc), STACK, self._parameter_node(name),
                                           type(exc).__name__))

    def _parameter_node(self, name: Any) -> Node | None:
        definition = self.template.parameters.get(name)
        return definition.key if definition else None

    def condition(self, name: Any) -> Outcome:
        """Whether a condition of the conditions section holds (True, False or Unknown)."""
        try:
            return Outcome(self.scope.conditions().is_enabled(name))
        except Exception as exc:
            return self._failure(exc, RESOLVE, self._condition_node(name))

    def _condition_node(self, name: Any) -> Node | None:
        definition = self.template.conditions.get(name)
        return definition.body if definition else None

    # -- resources -------------------------------------------------------------------------
    def resource(self, name: Any) -> ResourcePreview:
        found = self._resources.get(name)
        if found is None:
            self.scope.capture()
            try:
                found = self._resource(name)
            finally:
                looked_up = self.scope.captured()
            found.requested = looked_up
            self._resources[name] = found
        return found

    def _resource(self, name: Any) -> ResourcePreview:
        entry = self.scope.resources[name]
        try:
            enabled = Outcome(self.scope.enabled(name))
        except Exception as exc:
            enabled = self._failure(exc, RESOLVE, entry.condition)
        definition = self.template.resources[name]
        props_node = definition.get('properties')
        if props_node is None:
            return ResourcePreview(name, entry.type, enabled, Outcome({}))
        path = '.'.join(['resources', str(name), 'properties'])
        if self.errors_only:
            calls = self.sites.of(props_node)
            if calls is None:  # too large to evaluate (aliases): nothing is known
                return ResourcePreview(name, entry.type, enabled, Outcome(None))
            if type(props_node) is Mapping and not (calls and calls[0].node is props_node):
                return self._property_errors(name, entry, enabled, props_node, path, calls)
        try:
            parsed = self.scope.parse(props_node, path)
        except Exception as exc:
            return ResourcePreview(name, entry.type, enabled, self._failure(exc, PARSE, props_node))
        if enabled.value is False or enabled.error is not None:
            return ResourcePreview(name, entry.type, enabled, Outcome(None))
        try:
            validate(parsed, ['resources', name, 'properties'])
        except Exception as exc:
            return ResourcePreview(name, entry.type, enabled,
                                   self._failure(exc, VALIDATE, props_node))
        if not isinstance(parsed, dict):
            try:
                return ResourcePreview(name, entry.type, enabled, Outcome(resolve(parsed)))
            except Exception as exc:
                return ResourcePreview(name, entry.type, enabled, self._failure(
                    exc, RESOLVE, props_node, prefix='Property error: %s: ' % path))
        values, errors = {}, {}
        for key, sub in parsed.items():
            try:
                value = resolve(sub, nullable=True)
            except Exception as exc:
                key_path = '.'.join([path, str(key)])
                node = props_node.get(key) if isinstance(props_node, Mapping) else props_node
                errors[key] = self._failure(exc, RESOLVE, node,
                                            prefix='Property error: %s: ' % key_path).error
                continue
            if value is not Ellipsis:
                values[key] = value
        preview = ResourcePreview(name, entry.type, enabled, Outcome(values))
        preview.property_errors = errors
        preview.order = list(parsed)
        return preview

    def _property_errors(self, name: Any, entry: ResourceEntry, enabled: Outcome,
                         props_node: Mapping, path: str, calls: list) -> ResourcePreview:
        """_resource's errors, evaluating only the calls that can fail (errors_only)."""
        scope = self.scope
        levels = [level(call, scope, values=False) for call in calls]
        live = [call for call, grade in zip(calls, levels) if grade == LIVE]
        if live and any(self.sites.too_large(call) for call in live):
            return ResourcePreview(name, entry.type, enabled, Outcome(None))
        parsed: dict = {}
        try:
            for call in live:
                parsed[call] = call.parse(scope, path)
        except Exception as exc:
            return ResourcePreview(name, entry.type, enabled, self._failure(exc, PARSE, props_node))
        if enabled.value is False or enabled.error is not None:
            return ResourcePreview(name, entry.type, enabled, Outcome(None))
        if parsed:
            base = ['resources', name, 'properties']
            try:
                validate_each((fn, partial(call.validate_path, base)) for call, fn in parsed.items())
            except Exception as exc:
                return ResourcePreview(name, entry.type, enabled,
                                       self._failure(exc, VALIDATE, props_node))
        # A property is resolved when one of its calls can fail for another reason than
        # a deploy-time value; its first failure, in the walk's order, is its error.
        loud = {call.key for call, grade in zip(calls, levels) if grade < QUIET}
        errors: dict = {}
        results: dict = {}  # call -> its value, for those evaluated
        if loud:
            for call, grade in zip(calls, levels):
                key = call.key
                if grade == SURE or key not in loud or key in errors or \
                        (grade == QUIET and sure(call, scope)):
                    continue
                fn = parsed.get(call)
                try:
                    if fn is None:
                        fn = parsed[call] = call.parse(scope, path)
                    results[call] = fn.evaluate()
                except Exception as exc:
                    key_path = '.'.join([path, str(key)])
                    errors[key] = self._failure(exc, RESOLVE, props_node.get(key),
                                                prefix='Property error: %s: ' % key_path).error
        preview = ResourcePreview(name, entry.type, enabled, Outcome(None))
        if errors:
            preview.property_errors = {key: errors[key] for key in props_node.index
                                       if key in errors}
        preview.order = list(props_node.index)
        if self.sites.expansion is None:
            self._calls_seen[name] = (calls, parsed, results)
        return preview

    def resource_values(self, name: Any) -> ResourcePreview | None:
        """(errors_only) The resource as an evaluation with values has it (whether it is
        enabled; its property values, or the error that stops them all; the properties that
        fail, with an error each), from what finding its errors parsed and evaluated: only
        the calls left out are parsed and evaluated now, in the whole walk's order.  None
        for a document with aliases: evaluate it with values."""
        if not self.errors_only or self.sites.expansion is not None:
            return None
        found = self._values.get(name)
        if found is not None:
            return found
        preview = self.resource(name)
        seen = self._calls_seen.pop(name, None)
        if seen is not None:
            preview = self._values_from(preview, seen)
        # else decided without the calls one by one: no properties, a failure, not enabled,
        # or properties that are not a mapping of their own (their values are computed)
        self._values[name] = preview
        return preview

    def _values_from(self, preview: ResourcePreview, seen: tuple[list, dict, dict]
                     ) -> ResourcePreview:
        calls, parsed, results = seen
        name = preview.name
        props_node = self.template.resources[name].get('properties')
        path = '.'.join(['resources', str(name), 'properties'])
        scope = self.scope
        of_key: dict = {}
        for call in calls:
            of_key.setdefault(call.key, []).append(call)
        failed = preview.property_errors
        values, errors = {}, {}
        for key, pair in props_node.index.items():
            if key in failed:
                errors[key] = failed[key]
                continue
            key_calls = of_key.get(key)
            if key_calls is None:  # (no call: what parsing and resolving it give is its data)
                values[key] = pair.value.to_python()
                continue
            found: dict = {}
            try:
                for call in key_calls:
                    if call in results:
                        found[id(call.node)] = results[call]
                        continue
                    fn = parsed.get(call)
                    if fn is None:
                        fn = call.parse(scope, path)
                    found[id(call.node)] = resolve(fn, nullable=True)
            except Exception as exc:
                key_path = '.'.join([path, str(key)])
                errors[key] = self._failure(exc, RESOLVE, props_node.get(key),
                                            prefix='Property error: %s: ' % key_path).error
                continue
            value = substituted(pair.value, found)
            if value is not Ellipsis:
                values[key] = value
        out = ResourcePreview(name, preview.type, preview.enabled, Outcome(values))
        out.property_errors = errors
        out.order = preview.order
        return out

    # -- outputs ----------------------------------------------------------------------------
    def output(self, name: Any) -> OutputPreview:
        found = self._outputs.get(name)
        if found is None:
            self.scope.capture()
            try:
                found = self._output(name)
            finally:
                looked_up = self.scope.captured()
            found.requested = looked_up
            self._outputs[name] = found
        return found

    def _output(self, name: Any) -> OutputPreview:
        definition = self.template.outputs[name]
        enabled = Outcome(True)
        if self.version.has_conditions and definition.get('condition') is not None:
            node = definition.get('condition')
            try:
                cond = self.scope.parse_condition(node, '.'.join(['outputs', str(name),
                                                                  'condition']))
                enabled = Outcome(self.scope.conditions().is_enabled(resolve(cond)))
            except Exception as exc:
                enabled = self._failure(exc, RESOLVE, node)
        if enabled.error is not None or enabled.value is False:
            return OutputPreview(name, enabled, Outcome(None))
        node = definition.get('value')
        if node is None:
            return OutputPreview(name, enabled, Outcome(error=EvalError(
                'Each output definition must contain a value key.', PARSE, definition.key)))
        if self.errors_only:
            calls = self.sites.of(node)
            if calls is None:  # too large to evaluate (aliases): nothing is known
                return OutputPreview(name, enabled, Outcome(None))
            return self._output_errors(name, enabled, node, calls)
        phase = PARSE
        try:
            parsed = self.scope.parse(node, '.'.join(['outputs', str(name), 'value']))
            phase = VALIDATE
            validate(parsed, ['outputs', name, 'value'])
            phase = RESOLVE
            value = resolve(parsed)
        except Exception as exc:
            return OutputPreview(name, enabled, self._failure(exc, phase, node))
        return OutputPreview(name, enabled, Outcome(value))

    def _output_errors(self, name: Any, enabled: Outcome, node: Node, calls: list
                       ) -> OutputPreview:
        """_output's error, evaluating only the calls that can fail (errors_only)."""
        scope = self.scope
        path = '.'.join(['outputs', str(name), 'value'])
        levels = [level(call, scope, values=False) for call in calls]
        if any(self.sites.too_large(call) for call, grade in zip(calls, levels) if grade == LIVE):
            return OutputPreview(name, enabled, Outcome(None))
        phase = PARSE
        try:
            parsed = {call: call.parse(scope, path)
                      for call, grade in zip(calls, levels) if grade == LIVE}
            phase = VALIDATE
            base = ['outputs', name, 'value']
            validate_each((fn, partial(call.validate_path, base)) for call, fn in parsed.items())
            phase = RESOLVE
            if levels and min(levels) < QUIET:
                for call, grade in zip(calls, levels):
                    if grade != SURE and not (grade == QUIET and sure(call, scope)):
                        fn = parsed.get(call)
                        (fn if fn is not None else call.parse(scope, path)).evaluate()
        except Exception as exc:
            return OutputPreview(name, enabled, self._failure(exc, phase, node))
        return OutputPreview(name, enabled, Outcome(None))

    # -- everything --------------------------------------------------------------------------
    def evaluate_all(self) -> None:
        if self._all_done:
            return
        self._all_done = True
        if not self.errors_only:
            for name in self.template.parameters:
                self.parameter(name)
        self.heat_conditions = set()
        for name in self.template.resources:
            self.heat_conditions.update(self.resource(name).requested)
        for name in self.template.outputs:
            self.heat_conditions.update(self.output(name).requested)
        if self.version.has_conditions:
            for name in self.template.conditions:
                self.condition(name)

    def value_of(self, node: Node) -> Outcome | None:
        """The value of a function call (its mapping node), or its error; None if never evaluated.

        A call inside an `if` branch that is not taken, or inside a disabled
        resource, is never evaluated.
        """
        self._values_needed('value_of')
        self.evaluate_all()
        found = self.scope.trace.get(id(node))
        if found is not None:
            return Outcome(found[1])
        failed = self._failures.get(id(node))
        if failed is not None:
            return Outcome(error=failed[1])
        return None

    def _failure(self, exc: BaseException, phase: str, node: Node | None,
                 prefix: str = '') -> Outcome:
        detached(exc)  # its traceback would tie the analysis into a reference cycle
        message = prefix + str(exc)
        error = EvalError(message, phase, getattr(exc, '_hot_ls_node', None) or node,
                          type(exc).__name__)
        if error.node is not None:
            self._failures.setdefault(id(error.node), (error.node, error))
        return Outcome(error=error)

    def _values_needed(self, what: str) -> None:
        if self.errors_only:
            raise ValueError(f'{what}() needs the values, which errors_only does not compute')

    def preview(self, properties_of=None):
        """The whole template's values (see Preview.build for `properties_of`)."""
        from hot_ls.evaluator.preview import Preview
        self._values_needed('preview')
        self.evaluate_all()
        return Preview.build(self, properties_of)


def substituted(node: Node, values: dict) -> Any:
    """resolve() of the parse of `node` whose calls are resolved already (`values`: the id
    of each call's node -> its value): what resolves to Ellipsis is left out of its list or
    mapping, as resolve() leaves it out."""
    kind = type(node)
    if kind is Scalar:
        return node.value
    if kind is Mapping:
        if id(node) in values:
            return values[id(node)]
        out = {}
        for key, pair in node.index.items():
            value = substituted(pair.value, values)
            if value is not Ellipsis:
                out[key] = value
        return out
    if kind is Sequence:
        return [value for value in (substituted(item, values) for item in node.items)
                if value is not Ellipsis]
    return node.to_python()  # pragma: no cover - every node kind is handled above
