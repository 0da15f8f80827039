import os
from dataclasses import replace
from typing import Callable

from hot_ls.language.parameters import ParameterError
from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.parameters._common import checked_parameters
from hot_ls.rules.parameters.parameter_default_type import read_reason, read_value_fails
from hot_ls.syntax import Mapping


class ParameterValueInvalid(Rule):
    """A value the stack's environments give a parameter that its type or constraints refuse.

    ## What it checks
    For the template a stack is created from, with the environments and
    parameter values the configuration names (the `environments` and
    `stacks` settings, `hot-ls check -e`): the value each parameter gets
    from them (`parameters`, else `parameter_defaults`), converted to the
    parameter's type and checked against its constraints as Heat checks
    it (custom constraints excepted: they need a cloud).  A nested stack
    takes its parameters from its resource's properties, but Heat hands it
    the `parameter_defaults` too, as the defaults of its parameters: so a
    provider template a configured stack creates (a group's member when the
    group has members; through resources whose `condition`, if any, holds
    under the stack's inputs) has each such default
    checked as Heat checks a default ("Invalid default ..."), whatever the
    parent passes.  A value such a default (or the parent) gives that Heat
    accepts as a default but cannot convert to the parameter's type (2 for a
    boolean) is refused where it is read: an error when Heat's validation of
    the nested stack reads it (a resource type's validate() reading a
    ResourceGroup's `count`; a condition it decides).  Reported on the
    parameter, with the value in the environment file (and the constraint
    it breaks) as related places.

    ## Why it matters
    `template validate` passes, but `openstack stack create -e env.yaml`
    fails before it creates anything: "Parameter 'size' is invalid: 30 is
    out of range (min: 1, max: 10)", "Parameter 'port' is invalid: could
    not convert string to float: 'http'", or for a nested stack
    "resources.db<db.yaml>: Parameter 'size' is invalid: Invalid default 30
    (30 is out of range (min: 1, max: 10))".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      size:
        type: number
        constraints:
          - range: {min: 1, max: 10}
    ```
    ```yaml
    # env: env.yaml
    parameter_defaults:
      size: 30
    ```

    ## Fix
    Give a value the parameter accepts in the environment, or relax the
    constraint.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      size:
        type: number
        constraints:
          - range: {min: 1, max: 10}
    ```
    ```yaml
    # env: env.yaml
    parameter_defaults:
      size: 10
    ```
    """

    code = 'HOT220'
    name = 'parameter-value-invalid'
    about_environments = True
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        stack = analysis.stack
        if template is None or template.version is None:
            return
        if stack.chain:
            yield from _nested_defaults(analysis, stack)
            return
        if not stack.environment.files and not stack.environment.given:
            return
        table = analysis.checked_evaluation.parameters
        if not table.values and not table.defaults:
            return
        for _, view in checked_parameters(analysis):
            name = view.name
            value = table.values.get(name)
            section = 'parameters'
            if value is None:
                value, section = table.defaults.get(name), 'parameter_defaults'
            if value is None or view.schema is None:
                continue
            try:
                view.schema.validate_value(value)
            except ParameterError as exc:
                yield _refused(stack, view, section, exc, lambda where: f'given in {where}')


def _nested_defaults(analysis, stack):
    """A provider template the stack creates: Heat makes each value `parameter_defaults`
    gives one of its parameters that parameter's default (HOT's param_schemata, when the
    parent's resource type is made from the template), and the nested stack refuses a
    default its schema refuses, whatever the parent passes.  Not for a template reached only
    through resources whose condition does not hold (or is not known): the stack may never
    create it."""
    defaults = stack.environment.parameter_defaults
    passed = analysis.inputs.parameters
    if not stack.certain or not (defaults or passed):
        return
    parent = os.path.basename(stack.chain[-1])
    for _, view in checked_parameters(analysis):
        name = view.name
        value = defaults.get(name)
        if view.schema is None or (value is None and name not in passed):
            continue
        if value is not None:
            try:
                replace(view.schema, default=value).validate_default()
            except ParameterError as exc:
                yield _refused(stack, view, 'parameter_defaults', exc,
                               lambda where: f'given by the parameter_defaults of {where}, '
                               f'which Heat hands every nested stack; {parent} creates this one')
                continue
        if analysis.observe(read_value_fails, name):
            yield _unconverted(analysis, view, name in passed, parent)


def _unconverted(analysis, view, from_parent: bool, parent: str) -> Finding:
    """A value the nested stack's parameter is given that does not convert to its type,
    where Heat's validation of the nested stack reads it (a resource type's validate(), a
    condition it decides): it converts it there, and fails."""
    try:
        analysis.checked_evaluation.parameters[view.name]
        message = 'the value does not convert'  # (not reached: lookup_fails said it fails)
    except Exception as exc:  # (what the conversion raised: Heat's message)
        message = str(exc)
    why = read_reason(analysis, view.name)
    if from_parent:
        key = view.definition.key
        return Finding(key.start, key.end, f'{message} (the value {parent} passes for '
                       f'{view.name}; {why})')
    return _refused(analysis.stack, view, 'parameter_defaults', ParameterError(message),
                    lambda where: f'the value the parameter_defaults of {where} give '
                    f'{view.name}; {why}')


def _refused(stack, view, section: str, exc: ParameterError,
             given: Callable[[str], str]) -> Finding:
    """The finding on the parameter: Heat's message, where the value comes from (`given` of
    the file's name), the value and the constraint it breaks as related places."""
    where, place = _origin(stack, view.name, section)
    related = [] if place is None else [place]
    node = view.constraint_node(getattr(exc, 'constraint_index', None))
    if node is not None:
        related.append(Related(node.start, node.end, 'the constraint it violates'))
    key = view.definition.key
    return Finding(key.start, key.end, f'{exc} ({given(where)})', related=related)


def _origin(stack, name, section: str) -> tuple[str, Related | None]:
    """Where the value comes from: the last environment file whose `section` names the
    parameter (and the value there), else the configured parameter values."""
    for loaded in reversed(stack.environment.files):
        node = loaded.environment.sections.get(section)
        if isinstance(node, Mapping) and name in node.index:
            shown = os.path.basename(loaded.path) if loaded.path else 'an environment'
            tree = loaded.environment.tree
            if loaded.path is None or tree is None:
                return shown, None
            pair = node.index[name]
            value = pair.value if pair.value.end > pair.value.start else pair.key
            return shown, Related(value.start, value.end, 'the value', loaded.path, tree.lines)
    return 'the configured parameters', None
