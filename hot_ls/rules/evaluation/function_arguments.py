import re
from typing import Callable

from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.evaluator.static import DEPLOY_TIME
from hot_ls.rules.evaluation._common import condition_function_matches, span
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.syntax import Scalar, Sequence
from hot_ls.workspace.stacks import MissingParameter


class FunctionArguments(Rule):
    """A function whose arguments Heat refuses when it parses or validates the template.

    ## What it checks
    Every intrinsic function call, as Heat's parser and each function's
    validate() see it in the template's version: the shape of the
    arguments (`if` with 2 arguments before 2021-04-16, `get_attr` with only
    a resource name before 2015-10-15, `str_replace` without `params`,
    `list_join` with a string, `repeat` without `template`...), `repeat`'s
    `for_each` that is not a map, a yaql expression that does not parse,
    `make_url` with an unknown key, an `if` whose condition is written in
    place and is no condition (a misspelt function such as
    `{get_parma: flag}`, a list, a number: 'Invalid condition "..."', with
    the function it looks like, or a `get_param` with no argument), and the
    like.  The message is Heat's,
    with Heat's path ('resources.r.properties.value.list_join: ...').

    Functions removed from the version (HOT401), functions not allowed in
    conditions (HOT403), references to missing resources and conditions
    (HOT302, HOT303) and condition definitions (HOT119) have their own rules.

    ## Why it matters
    Heat refuses the template before it creates anything.  Heat only parses
    the branch of an `if` its condition picks, validates only enabled
    resources and parses an output only when its condition holds: a problem
    in a branch, resource or output that is left out with the default
    parameter values is a warning, since it fails only for other values.
    A condition that reads a parameter without a value is a warning too (the
    value comes at deploy time; `template validate` without it refuses the
    template), where Heat decides it: a resource's or output's `condition`
    (also for a `get_attr` of that resource), and an `if` Heat parses (in any
    resource's properties or metadata, in an enabled output's value, in the
    branch another `if` takes), unless an `and` or `or` may stop before it
    reads the parameter.  It is an error in a nested stack a configured stack
    creates whose parent does not pass it, with no `parameter_defaults` and
    no default: nothing can give it one, and Heat refuses "The Parameter (p)
    was not provided." when it validates the nested stack.

    ## Example
    ```yaml
    heat_template_version: 2018-08-31
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    resources:
      name:
        type: OS::Heat::Value
        properties:
          value: {if: [is_prod, prod-port]}
    ```

    ## Fix
    Give the function the arguments its version expects (here a third
    argument for `if`, or heat_template_version 2021-04-16).
    ```yaml
    heat_template_version: 2018-08-31
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    resources:
      name:
        type: OS::Heat::Value
        properties:
          value: {if: [is_prod, prod-port, dev-port]}
    ```
    """

    code = 'HOT404'
    name = 'function-arguments'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        nested = _nested_values(analysis)
        for definition in analysis.checking.all(('conditions', 'resources', 'outputs')):
            for issue in analysis.static_issues_in(definition):
                if issue.cause != 'arguments':
                    continue
                start, end = span(issue.node, template.root)
                message = issue.message + suggestion_text(
                    condition_function_matches(template, issue.message))
                certain = issue.certain
                missing = _MISSING.fullmatch(issue.message) \
                    if not certain and issue.reason == DEPLOY_TIME else None
                if missing is not None and nested is not None:
                    if missing.group(1) in nested:
                        continue  # (the nested stack has a value: its parent's, or a default)
                    certain = True  # (nothing can give it one)
                    message += f' ({NESTED_MISSING})'
                elif not certain:
                    message += f' ({issue.reason})'
                yield Finding(start, end, message,
                              severity=None if certain else Severity.WARNING)
            if definition.section in ('resources', 'outputs'):
                if nested is not None:
                    yield from _ifs_without_values(
                        analysis, definition, lambda: analysis.derived(_missing_in_nested),
                        certain=True)
                elif not analysis.stack.chain:  # (a nested stack's parent may pass it)
                    yield from _ifs_without_values(
                        analysis, definition, lambda: analysis.derived(_missing_at_root),
                        certain=False)


#: Heat's message for a parameter without a value (UserParameterMissing)
_MISSING = re.compile(r'The Parameter \((.+)\) was not provided\.')
#: Why that is certain in a nested stack
NESTED_MISSING = ('its parent does not pass it, no environment\'s parameter_defaults gives it, '
                  'and it has no default: Heat evaluates the condition when it validates this '
                  'nested stack')


def _nested_values(analysis) -> set | None:
    """In a nested stack whose parent's properties are known: the parameters that have a
    value (passed by the parent, in the environments' parameter_defaults, or a default);
    None at a root, or when the parent is not known (the value may come at deploy time)."""
    stack = analysis.stack
    if not stack.chain or stack.values is None:
        return None
    given = set(stack.values) | set(stack.environment.parameter_defaults)
    parameters = analysis.checked_evaluation.scope.parameters
    return given | {name for name in analysis.template.parameters
                    if (schema := parameters.schema(name)) is None
                    or schema.default is not None}


def _missing_at_root(analysis) -> frozenset:
    """The parameters without a value before deploy time: no default, and none the
    configured environments and parameter values give (`analysis.derived`: once an
    analysis)."""
    environment = analysis.stack.environment
    parameters = analysis.checked_evaluation.scope.parameters
    given = set(analysis.inputs.parameters) | set(environment.parameter_defaults)
    for name, definition in analysis.template.parameters.items():
        if name in given or _written_default(definition):
            given.add(name)  # (read as written: a template's hundreds of schemas are parsed
            # only where they have none)
        elif (schema := parameters.schema(name)) is None or schema.default is not None:
            given.add(name)
    return _without(analysis, given)


def _written_default(definition) -> bool:
    """A parameter whose schema, as written, gives a default that is not null."""
    default = definition.get('default')
    return default is not None and not (isinstance(default, Scalar) and default.value is None)


def _missing_in_nested(analysis) -> frozenset:
    """In a nested stack whose parent's properties are known: the parameters nothing gives a
    value (`analysis.derived`: once an analysis)."""
    return _without(analysis, _nested_values(analysis) or set())


def _without(analysis, given: set) -> frozenset:
    """The template's parameters not in `given`."""
    return frozenset(name for name in analysis.template.parameters if name not in given)


def _ifs_without_values(analysis, definition, missing_of: Callable[[], frozenset],
                        certain: bool):
    """The `if`s Heat parses whose condition reads a parameter nothing gives a value: Heat
    decides the condition when it parses them (in any resource's properties and metadata,
    disabled or not; in an enabled output's value; inside another `if`, in the branch it
    takes) and refuses the stack.  `certain`: in a nested stack nothing can give it one;
    else the value may come at deploy time (`template validate` without it refuses the
    template: a warning).  `missing_of()`: the parameters nothing gives a value, found
    once an `if` asks (most entries have none)."""
    template = analysis.template
    known = None
    missing = None
    for call in template.calls_in(definition):
        if call.name != 'if' or call.field not in ('properties', 'metadata', 'value') \
                or not isinstance(call.args, Sequence) or not call.args.items:
            continue
        if missing is None:
            missing = missing_of()
        if not missing:
            return
        if definition.section == 'outputs' and \
                analysis.presence.reason(call.node.start, call.node.end) is not None:
            continue  # (an output Heat leaves out is not parsed)
        if known is None:
            known = analysis.known()
        if call.guarded and not _parsed(analysis.stack, call.guards, known, missing):
            continue
        condition = call.args.items[0]
        try:
            analysis.stack.condition_holds(condition.to_python(), known, missing)
        except MissingParameter as exc:
            if certain:
                yield Finding(condition.start, condition.end,
                              f'The Parameter ({exc.name}) was not provided. ({NESTED_MISSING})')
            else:
                yield Finding(condition.start, condition.end,
                              f'The Parameter ({exc.name}) was not provided. ({DEPLOY_TIME})',
                              severity=Severity.WARNING)


def _parsed(stack, guards, known, missing: frozenset) -> bool:
    """Whether Heat parses what is inside these `if` branches: each enclosing `if`'s condition
    is known to take the branch it is in (Heat parses only the branch it takes).  One whose
    condition reads a missing parameter fails itself (reported on it); one that is not known
    may take the other branch."""
    for guard, branch in guards:
        if branch is None or not isinstance(guard.args, Sequence) or not guard.args.items:
            return False  # (an argument too many: Heat refuses the enclosing `if` itself)
        try:
            taken = stack.condition_holds(guard.args.items[0].to_python(), known, missing)
        except MissingParameter:
            return False
        if taken is not branch:
            return False
    return True
