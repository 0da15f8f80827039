from dataclasses import dataclass, fields

from hot_ls.language.constraints import AllowedValues, CustomConstraint, Range
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.parameters._common import at_node, checked_parameters, resolve
from hot_ls.rules.suggestions import did_you_mean, suggestion_text


class ConstraintInvalid(Rule):
    """A parameter constraint is malformed, or can never be satisfied.

    ## What it checks
    The value under each constraint key, as Heat builds the constraint:
    `range` and `length` take a mapping of `min`/`max` (numbers; integers
    for length; at least one), `modulo` a mapping of integer `step` (not 0)
    and `offset` (smaller than step, same sign), `allowed_values` a list,
    `allowed_pattern` a valid regular expression, `custom_constraint` the
    name of a constraint Heat has (`nova.flavor`, `ip_addr`...).  It also
    warns about a constraint no value can meet: min greater than max, an
    empty allowed_values, allowed_values of which one is not of the
    parameter's type (`m1.small` for a number: Heat converts each before it
    compares).  A custom constraint of a namespace Heat does not
    have is a warning: a plugin of the cloud may register it.

    ## Why it matters
    Heat refuses the template with the messages shown ("Invalid key 'x' for
    range constraint", "step cannot be 0.", "AllowedValues must be a list",
    ...).  For a `min` that is not a number, or a broken pattern, Heat fails
    with a bare Python error.  A custom constraint Heat does not have passes
    `template validate`, and fails every stack create: '"m1.small" does not
    validate nova.flavr (constraint not found)'.  An unsatisfiable constraint passes
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
    checked_when_sent = True
    per_entry = True

    def refused_when_sent(self, finding) -> bool:
        # (a constraint's definition is read with the schema; a custom constraint's name is
        # looked up only when a value is checked, and an unsatisfiable one is hot-ls's own)
        return finding.severity is None and not isinstance(finding, _CheckedWithValue)

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
                elif isinstance(cview.constraint, CustomConstraint):
                    for finding in _unknown_custom(analysis, view, cview):
                        yield _CheckedWithValue(**{f.name: getattr(finding, f.name)
                                                   for f in fields(Finding)})
                elif cview.constraint is not None:
                    yield from _unsatisfiable(cview, view)


def _message(error) -> str:
    if not error.raw:
        return error.message
    key, *rest = error.path
    if key == 'allowed_pattern':
        return f'allowed_pattern is not a valid regular expression: {error.message}'
    if rest:
        return f'{key} {rest[0]} must be a number; Heat fails with "{error.message}"'
    return f'Invalid {key} constraint; Heat fails with "{error.message}"'


def _unsatisfiable(cview, view):
    constraint = cview.constraint
    node = resolve(cview.node, [constraint.key])
    if isinstance(constraint, AllowedValues) and constraint.allowed and \
            view.schema is not None and cview.index in view.schema_indexes and \
            view.schema.default is None:  # (a default fails the same way: HOT213)
        try:  # (Heat converts every allowed value to the parameter's type before the value)
            for allowed in constraint.allowed:
                view.schema.to_schema_type(allowed)
        except ValueError as exc:
            yield at_node(node, f'allowed_values holds a value that is not a {view.type}: '
                                f"Heat fails with \"Parameter '{view.name}' is invalid: {exc}\" "
                                'whatever value the parameter is given',
                          severity=Severity.WARNING)
            return
    if isinstance(constraint, Range) and None not in (constraint.min, constraint.max) \
            and constraint.min > constraint.max:
        yield at_node(node, f'{constraint.key} min {constraint.min} is greater than max '
                            f'{constraint.max}: no value can satisfy this constraint',
                      severity=Severity.WARNING)
    elif isinstance(constraint, AllowedValues) and not constraint.allowed:
        yield at_node(node, 'allowed_values is empty: no value can satisfy this constraint',
                      severity=Severity.WARNING)


@dataclass
class _CheckedWithValue(Finding):
    """A finding about what Heat checks only when it checks a value of the parameter."""


def _unknown_custom(analysis, view, cview):
    """A custom constraint Heat does not have: every stack create fails on it (Heat looks the
    name up when it checks the parameter's value)."""
    name = cview.constraint.name
    known = analysis.catalog.custom_constraints
    node = resolve(cview.node, ['custom_constraint'])
    try:
        if name in known:
            return
    except TypeError:  # a list or a map: Heat's lookup fails as this does
        yield at_node(node, f"unhashable type: '{type(name).__name__}': custom_constraint takes "
                            'the name of one constraint (a stack create fails on it)')
        return
    default = view.schema.default if view.schema is not None else None
    said = f'"{default}"'
    matches = did_you_mean(name, known, cutoff=0.75) if isinstance(name, str) else []
    namespaces = {known_name.split('.', 1)[0] for known_name in known if '.' in known_name}
    ours = not isinstance(name, str) or bool(matches) or '.' not in name or \
        name.split('.', 1)[0] in namespaces
    message = (f"{name} is not a custom constraint Heat has: a stack create fails with "
               f"'{said} does not validate {name} (constraint not found)'"
               if default is not None else
               f'{name} is not a custom constraint Heat has: a stack create fails whatever '
               f"value {view.name} is given ('... does not validate {name} (constraint not "
               f"found)')")
    if not ours:
        message += ' (unless a plugin of your cloud registers it)'
    yield at_node(node, message + suggestion_text(matches),
                  severity=None if ours else Severity.WARNING,
                  data={'replacements': matches} if matches else None)
