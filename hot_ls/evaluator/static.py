"""Every failure Heat would report while parsing and validating a template's functions.

Heat stops at the first problem; a checker should list them all.  So the
template is parsed with Heat's parser in *exploring* mode (a call whose
arguments fail is noted and parsing goes on; both branches of every `if`
are parsed, marked as guarded), then validated with Heat's validate()
repeatedly, each failing call being set aside once reported, so every
message is the one Heat would give once the earlier ones were fixed.

What is parsed and validated, and when it is certain, follows Heat
(template validate, checked with tools/heat_validate.py):

* resources: every field is parsed, enabled or not; validate() runs only
  for resources whose condition holds (under the default parameters);
* outputs: the condition is parsed; the value is parsed and validated only
  when the output's condition holds;
* conditions: every definition is parsed and validated, used or not;
* inside an `if`, Heat parses only the branch the condition picks: the
  branch picked with the default parameter values is certain, the other
  one only possible (both are, when the condition cannot be decided);
  an `if` whose condition, written in place and reading no parameter, is
  no condition at all ('Invalid condition "{'get_parma': 'x'}"') fails
  itself, as Heat's parser does.

`cause` tells the rules apart: 'arguments' (a function's arguments or
shape), 'removed', 'invalid-context', 'reference' (get_resource/get_attr
of a missing resource), 'attribute', 'condition' (an unknown condition
name), 'condition-definition', 'circular', 'field-type' (a resource
field of the wrong type).  Resources' and outputs'
conditions are also decided, as Heat decides them when it loads the
template; a failure there for want of a parameter value is only possible.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from hot_ls.evaluator.errors import (detached,
    PARSE, VALIDATE, InvalidTemplateAttribute, InvalidTemplateReference, InvalidTemplateVersion,
    beyond_limit, located,
)
from hot_ls.evaluator.calls import LIVE, CallSites, level
from hot_ls.evaluator.functions.base import Function, Macro, validate, validate_each
from hot_ls.evaluator.parameters import (Declarations, ParameterTable, StackIdentity,
                                         from_declaration)
from hot_ls.evaluator.scope import NOT_GIVEN, ResourceEntry, Scope
from hot_ls.model.symbols import Definition
from hot_ls.model.template import Template
from hot_ls.syntax import Node

IF_BRANCH = ('it is inside an "if" branch that the condition does not pick with the default '
             'parameter values, and Heat parses only the branch it picks')
RESOURCE_FIELDS = ('properties', 'metadata', 'update_policy', 'deletion_policy', 'external_id')
DEPLOY_TIME = 'it depends on parameter values, which are given at deploy time'
_PARAMETER_ERRORS = frozenset({'UserParameterMissing', 'ParameterMissingError',
                               'ParameterValueError', 'ParameterError', 'ParameterSchemaError'})


@dataclass
class StaticIssue:
    """A parse- or validate-time failure Heat reports, where it arises, and how sure it is."""

    message: str  # Heat's message
    node: Node | None  # the call's mapping (or the field) where it arises
    phase: str  # 'parse' or 'validate'
    certain: bool  # False: only possible (see `reason`)
    cause: str  # 'arguments', 'removed', 'invalid-context', 'reference', 'parameter-declaration'...
    owner: tuple  # ('resources', name), ('outputs', name), ('conditions', name)
    field: str  # 'properties', 'value', 'condition', 'definition', ...
    reason: str | None = None  # why it is only possible
    call: Any = None  # the Function, when known

    @property
    def key(self) -> Node | None:
        """The function name's node, for a diagnostic's range."""
        site = getattr(self.call, 'site', None)
        return site.key if site is not None else None


def _innermost(exc: BaseException) -> BaseException:
    while exc.__cause__ is not None:
        exc = exc.__cause__
    return exc


def _parameter_missing(exc: BaseException) -> bool:
    """Whether `exc` was raised for want of a parameter value (Heat's UserParameterMissing),
    read while deciding a condition."""
    link: BaseException | None = exc
    while link is not None:
        if type(link).__name__ in ('UserParameterMissing', 'ParameterMissingError'):
            return True
        link = link.__cause__
    return False


def _cause(exc: BaseException) -> str:
    inner = _innermost(exc)
    text = str(inner)
    if from_declaration(exc):
        return 'parameter-declaration'  # which the parameter rules report
    if getattr(inner, 'field_type', False):
        return 'field-type'
    if isinstance(inner, InvalidTemplateVersion):
        return 'removed'
    if isinstance(inner, InvalidTemplateReference):
        return 'reference'
    if isinstance(inner, InvalidTemplateAttribute):
        return 'attribute'
    if text.endswith('is invalid in this context'):
        return 'invalid-context'
    if text.startswith('Invalid condition "'):
        # an unknown name is HOT303's; a list or a number where a condition goes is an argument
        return 'condition' if isinstance(getattr(inner, 'condition_name', ''), str) \
            else 'arguments'
    if 'The definition of condition "' in text:
        return 'condition-definition'
    if 'Circular definition for condition "' in text:
        return 'circular'
    return 'arguments'


def _functions(parsed: Any):
    """Every Function in a parsed value, both branches of explored `if`s included."""
    stack = [parsed]
    while stack:
        item = stack.pop()
        if isinstance(item, Function):
            yield item
            if isinstance(item, Macro):
                stack.extend(getattr(item, 'branches', None) or [item.parsed])
            else:
                stack.append(item.args)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


class _Checker:
    def __init__(self, template: Template, attribute_names: Callable | None,
                 sites: CallSites | None = None):
        self.template = template
        self.sites = sites if sites is not None else CallSites(template)
        version = template.facts
        table = ParameterTable(version, Declarations(template.parameters), {}, {}, StackIdentity())
        pair = template.sections.get('conditions')
        self.scope = Scope(version, table, conditions=pair.value if pair else NOT_GIVEN,
                           resources=self.sites.resource_entries(),
                           attribute_names=attribute_names, lenient=True,
                           expansion=self.sites.expansion)
        self.scope.trace = None  # nobody asks for the values
        self.issues: list[StaticIssue] = []

    # -- one field -------------------------------------------------------------------
    def explore(self, node: Node, path: str, owner: tuple, field: str, *, condition: bool = False,
                guard: str | None = None) -> Any:
        """Parse in exploring mode; note every parse failure.  Returns the parsed value."""
        found: list = []
        self.scope.explore = found
        try:
            parsed = (self.scope.parse_condition(node, path) if condition
                      else self.scope.parse(node, path))
        except Exception as exc:  # a failure outside any call (e.g. a condition name)
            parsed = None
            if not beyond_limit(exc):  # too large to walk (aliases): nothing is known
                found.append((exc, False, exc))
        finally:
            self.scope.explore = None
        self._parse_issues(found, node, owner, field, guard)
        return parsed

    def _parse_issues(self, found: list, node: Node, owner: tuple, field: str,
                      guard: str | None) -> None:
        for wrapped, guarded, original in found:
            detached(wrapped)
            detached(original)
            reason = guard or (IF_BRANCH if guarded else None)
            self.issues.append(StaticIssue(str(wrapped), located(wrapped) or node, PARSE,
                                           reason is None, _cause(original), owner, field, reason))

    def check_value(self, node: Node, path: str, base: list, owner: tuple, field: str,
                    parse_guard: str | None, guard: str | None) -> None:
        """explore() then validate() of a value field, looking only at the calls that can fail.

        A call whose parse and validate cannot fail (`calls.INERT` and above)
        and plain values are left out: what is left is parsed and validated
        in the order, and with the paths, of the whole field's walk, so the
        issues are the same.  A value too large to walk (aliases) is left
        out.
        """
        calls = self.sites.of(node)
        if calls is None:
            return
        scope = self.scope
        live = [call for call in calls if level(call, scope, values=False) == LIVE]
        if not live or any(self.sites.too_large(call) for call in live):
            return
        found: list = []
        scope.explore = found
        parsed: list | None = []
        try:
            for call in live:
                parsed.append((call.parse(scope, path), partial(call.validate_path, base)))
        except Exception as exc:  # a failure outside any call: the field's parse stops there
            detached(exc)
            parsed = None
            if not beyond_limit(exc):
                found.append((exc, False, exc))
        finally:
            scope.explore = None
        self._parse_issues(found, node, owner, field, parse_guard)
        if parsed:
            functions = [fn for fn, _ in parsed]
            self._validate(lambda: validate_each(parsed), functions, owner, field, node, guard)

    def validate(self, parsed: Any, path: list, owner: tuple, field: str, node: Node,
                 guard: str | None = None) -> None:
        """Heat's validate(), repeated with each reported call set aside."""
        self._validate(lambda: validate(parsed, list(path) if path else None), parsed, owner,
                       field, node, guard)

    def _validate(self, run: Callable[[], None], parsed: Any, owner: tuple, field: str,
                  node: Node, guard: str | None) -> None:
        by_node = None  # the calls by node, looked at only once something fails
        attempts = limit = 0
        while True:
            try:
                run()
            except Exception as exc:
                detached(exc)  # its traceback would tie the analysis into a reference cycle
                if beyond_limit(exc):  # a value too large to walk (aliases): nothing is known
                    return
                if by_node is None:
                    by_node = {id(fn.site.node): fn for fn in _functions(parsed)
                               if fn.site is not None}
                    limit = len(by_node) + 1
                where = located(exc)
                fn = by_node.get(id(where)) if where is not None else None
                reason = guard
                if reason is None and fn is not None and fn.guarded:
                    reason = IF_BRANCH
                if not _parameter_missing(exc):
                    self.issues.append(StaticIssue(str(exc), where or node, VALIDATE,
                                                   reason is None, _cause(exc), owner, field,
                                                   reason, fn))
                # (else the call read a resource's condition that wants a parameter value:
                # deciding that resource's `condition` says so, where the parameter is read)
                if fn is None or fn.neutral:
                    return
                fn.neutral = True
                attempts += 1
                if attempts >= limit:
                    return
            else:
                return

    # -- the template ---------------------------------------------------------------------
    def run(self) -> list[StaticIssue]:
        template = self.template
        issues = []
        if template.facts.has_conditions:
            for definition in template.conditions.values():
                issues.extend(self.entry(definition))
        for definition in template.resources.values():
            issues.extend(self.entry(definition))
        for definition in template.outputs.values():
            issues.extend(self.entry(definition))
        return issues

    def entry(self, definition: Definition) -> list[StaticIssue]:
        """The issues of one condition, resource or output (each entry's on its own: what
        one finds does not depend on which were checked before)."""
        self.issues = []
        if definition.section == 'conditions':
            if self.template.facts.has_conditions:
                self._condition(definition)
        elif definition.section == 'resources':
            self._resource(definition)
        elif definition.section == 'outputs':
            self._output(definition)
        return self.issues

    def _condition(self, definition: Definition) -> None:
        name = definition.name
        owner = ('conditions', name)
        parsed = self.explore(definition.body, '.'.join(['conditions', str(name)]),
                              owner, 'definition', condition=True)
        if isinstance(parsed, (bool, Function)):
            self.validate(parsed, [], owner, 'definition', definition.body)

    def _resource(self, definition: Definition) -> None:
        facts = self.template.facts
        name = definition.name
        body = definition.mapping
        if body is None:
            return
        owner = ('resources', name)
        enabled = self._enabled(name)
        guard = None if enabled is True else (
            f'resource "{name}" is disabled by its condition under the default parameters, '
            'and Heat validates only enabled resources' if enabled is False else
            f'whether resource "{name}" is enabled depends on values not known here')
        for field in RESOURCE_FIELDS:
            node = body.get(field)
            if node is None or (field == 'external_id' and not facts.has_conditions):
                continue
            path = '.'.join(['resources', str(name), field])
            # Heat parses every resource, and validates only the enabled ones
            self.check_value(node, path, ['resources', name, field], owner, field, None, guard)
        if facts.has_conditions and body.get('condition') is not None:
            self.explore(body.get('condition'), '.'.join(['resources', str(name),
                                                          'condition']),
                         owner, 'condition', condition=True)
            self.decide(lambda n=name: self.scope.enabled(n), owner, body.get('condition'))

    def _output(self, definition: Definition) -> None:
        facts = self.template.facts
        name = definition.name
        body = definition.mapping
        if body is None:
            return
        owner = ('outputs', name)
        guard = None
        if facts.has_conditions and body.get('condition') is not None:
            self.explore(body.get('condition'), '.'.join(['outputs', str(name), 'condition']),
                         owner, 'condition', condition=True)
            self.decide(lambda n=name, c=body.get('condition'): self._output_condition(c, n),
                        owner, body.get('condition'))
            enabled = self._output_enabled(body.get('condition'), name)
            if enabled is not True:
                guard = (f'output "{name}" is disabled by its condition under the default '
                         'parameters, and Heat parses only enabled outputs'
                         if enabled is False else
                         f'whether output "{name}" is enabled depends on values not known here')
        node = body.get('value')
        if node is None:
            return
        self.check_value(node, '.'.join(['outputs', str(name), 'value']),
                         ['outputs', name, 'value'], owner, 'value', guard, guard)

    def decide(self, decide: Callable[[], Any], owner: tuple, node: Node) -> None:
        """A resource's or output's condition, evaluated as Heat does when it loads them.

        Parse failures were noted by `explore`; what is left is deciding the
        condition: an unknown name, a list where a name goes, a definition
        that does not come out boolean.  A failure for want of a parameter
        value is only possible: the value is given at deploy time.
        """
        from hot_ls.evaluator.errors import RESOLVE
        try:
            decide()
        except Exception as exc:
            if getattr(exc, '_hot_ls_parse', False):
                return  # a parse failure, already noted where it is written
            self._resolution_issue(exc, owner, node, RESOLVE)

    def _resolution_issue(self, exc: BaseException, owner: tuple, node: Node, phase: str) -> None:
        detached(exc)
        kinds = set()
        link: BaseException | None = exc
        while link is not None:
            kinds.add(type(link).__name__)
            link = link.__cause__
        if 'RecursionError' in kinds or 'EvaluationLimit' in kinds:
            return
        reason = None
        if kinds & _PARAMETER_ERRORS:
            reason = DEPLOY_TIME
        message = str(exc)
        if any(i.message == message and i.owner == owner for i in self.issues):
            return
        self.issues.append(StaticIssue(message, located(exc) or node, phase, reason is None,
                                       _cause(exc), owner, 'condition', reason))

    def _output_condition(self, node: Node, name: Any) -> Any:
        from hot_ls.evaluator.errors import StackValidationFailed, tag
        from hot_ls.evaluator.functions.base import resolve
        cond = self.scope.parse_condition(node, '.'.join(['outputs', str(name), 'condition']))
        try:
            return self.scope.conditions().is_enabled(resolve(cond))
        except ValueError as exc:
            wrapped = StackValidationFailed(path=['outputs', name, 'condition'], message=str(exc))
            tag(wrapped, node)
            raise wrapped from exc

    def _enabled(self, name: Any) -> Any:
        try:
            value = self.scope.enabled(name)
        except Exception:
            return None
        return value if isinstance(value, bool) else None

    def _output_enabled(self, node: Node, name: Any) -> Any:
        from hot_ls.evaluator.functions.base import resolve
        try:
            cond = self.scope.parse_condition(node, '.'.join(['outputs', str(name), 'condition']))
            value = self.scope.conditions().is_enabled(resolve(cond))
        except Exception:
            return None
        return value if isinstance(value, bool) else None


class StaticIssues:
    """A template's static issues, entry by entry, each found on first use (`of`), as
    `static_issues` finds them."""

    def __init__(self, template: Template, *,
                 attribute_names: Callable[[ResourceEntry], Any] | None = None,
                 sites: CallSites | None = None):
        self.template = template
        self._attribute_names = attribute_names
        self._sites = sites
        self._checker: _Checker | None = None
        self._found: dict[tuple[str, Any], list[StaticIssue]] = {}

    def of(self, definition: Definition) -> list[StaticIssue]:
        """The issues of one condition, resource or output (nothing for a parameter)."""
        key = (definition.section, definition.name)
        found = self._found.get(key)
        if found is None:
            if self.template.version is None:
                found = []
            else:
                if self._checker is None:
                    self._checker = _Checker(self.template, self._attribute_names, self._sites)
                try:
                    found = self._checker.entry(definition)
                except RecursionError:  # a pathologically deep template: nothing, never a crash
                    found = []
            self._found[key] = found
        return found

    def all(self) -> list[StaticIssue]:
        """Every issue, in `static_issues`' order: conditions, resources, outputs."""
        template = self.template
        found = []
        for definitions in (template.conditions, template.resources, template.outputs):
            for definition in definitions.values():
                found.extend(self.of(definition))
        return found


def static_issues(template: Template, *, attribute_names: Callable[[ResourceEntry], Any] | None
                  = None, sites: CallSites | None = None) -> list[StaticIssue]:
    """Each parse/validate-time failure Heat would report for `template`, certain or possible.

    Nothing is reported for a template whose version Heat does not know
    (that is the version rules' business).  `attribute_names`, when given,
    tells which attributes a resource has (from a resource catalog), so
    that get_attr of an unknown attribute is reported.  `sites`, the
    template's CallSites, may be shared with a TemplateEvaluation.  A value
    that YAML aliases make too large to walk (calls.Expansion) is not
    checked.
    """
    if template.version is None:
        return []
    return _Checker(template, attribute_names, sites).run()
