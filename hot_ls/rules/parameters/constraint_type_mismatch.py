from hot_ls.language.parameters import TYPE_KEYS, invalid_message
from hot_ls.language.constraints import constraint_type_message
from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node, checked_parameters, resolve


class ConstraintTypeMismatch(Rule):
    """A parameter constraint does not apply to the parameter's type.

    ## What it checks
    Each constraint against the types it applies to: range and modulo to
    numbers; length to strings, comma_delimited_list and json;
    allowed_pattern to strings; allowed_values to all but json;
    custom_constraint to all but json.

    ## Why it matters
    Heat refuses the template: "Parameter 'p' is invalid: Length
    constraint invalid for number".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      count:
        type: number
        constraints:
          - length: {max: 3}
    ```

    ## Fix
    Use the constraint that fits the type (`range` for a number), or fix
    the type.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      count:
        type: number
        constraints:
          - range: {max: 3}
    ```
    """

    code = 'HOT212'
    name = 'constraint-type-mismatch'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for _, view in checked_parameters(analysis):
            if view.type is None:
                continue
            for cview in view.constraints:
                constraint = cview.constraint
                if constraint is None or constraint.applies_to(TYPE_KEYS[view.type]):
                    continue
                suits = [t for t in template.facts.parameter_types
                         if constraint.applies_to(TYPE_KEYS[t])]
                message = invalid_message(view.name, constraint_type_message(constraint, view.type))
                message += f'; {constraint.key} applies to {_join(suits)} parameters'
                yield at_node(resolve(cview.node, [constraint.key], on_key=True), message)


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ', '.join(names[:-1]) + ' and ' + names[-1]
