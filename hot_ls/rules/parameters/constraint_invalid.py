from hot_ls.language.constraints import AllowedValues, Range
from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node, checked_parameters, resolve


class ConstraintInvalid(Rule):
    """A parameter constraint is malformed, or can never be satisfied.

    ## What it checks
    The value under each constraint key, as Heat builds the constraint:
    `range` and `length` take a mapping of `min`/`max` (numbers; integers
    for length; at least one), `modulo` a mapping of integer `step` (not 0)
    and `offset` (smaller than step, same sign), `allowed_values` a list,
    `allowed_pattern` a valid regular expression.  It also warns about a
    constraint no value can meet: min greater than max, an empty
    allowed_values.

    ## Why it matters
    Heat refuses the template with the messages shown ("Invalid key 'x' for
    range constraint", "step cannot be 0.", "AllowedValues must be a list",
    ...).  For a `min` that is not a number, or a broken pattern, Heat fails
    with a bare Python error.  An unsatisfiable constraint passes
    validation, but every stack create then fails.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      name:
        type: string
        constraints:
          - allowed_pattern: "[a-z"
    ```

    ## Fix
    Use `min`/`max` (and `step`/`offset` for modulo) with numbers, write
    lists as lists and fix the pattern.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      name:
        type: string
        constraints:
          - allowed_pattern: "[a-z]+"
    ```
    """

    code = 'HOT210'
    name = 'constraint-invalid'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for _, view in checked_parameters(analysis):
            for cview in view.constraints:
                error = cview.error
                if error is not None and error.kind == 'constraint-definition':
                    node = resolve(cview.node, error.path, error.on_key)
                    yield at_node(node, _message(error))
                elif cview.constraint is not None:
                    yield from _unsatisfiable(cview)


def _message(error) -> str:
    if not error.raw:
        return error.message
    key, *rest = error.path
    if key == 'allowed_pattern':
        return f'allowed_pattern is not a valid regular expression: {error.message}'
    if rest:
        return f'{key} {rest[0]} must be a number; Heat fails with "{error.message}"'
    return f'Invalid {key} constraint; Heat fails with "{error.message}"'


def _unsatisfiable(cview):
    constraint = cview.constraint
    node = resolve(cview.node, [constraint.key])
    if isinstance(constraint, Range) and None not in (constraint.min, constraint.max) \
            and constraint.min > constraint.max:
        yield at_node(node, f'{constraint.key} min {constraint.min} is greater than max '
                            f'{constraint.max}: no value can satisfy this constraint',
                      severity=Severity.WARNING)
    elif isinstance(constraint, AllowedValues) and not constraint.allowed:
        yield at_node(node, 'allowed_values is empty: no value can satisfy this constraint',
                      severity=Severity.WARNING)
