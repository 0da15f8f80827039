from hot_ls.rules.base import Related, Rule, Severity
from hot_ls.rules.parameters._common import at_node, checked_parameters
from hot_ls.rules.suggestions import allowed_matches, suggestion_text


class ParameterDefaultInvalid(Rule):
    """A parameter's default violates the parameter's own constraints.

    ## What it checks
    The default against each constraint, as Heat checks it when it
    validates the template (custom constraints excepted: they need a
    cloud).  A json default written as a string is also checked once
    parsed, as Heat does when a stack is created.

    ## Why it matters
    Heat refuses the template: "Parameter 'p' is invalid: Invalid default
    0 (0 is out of range (min: 1, max: 10))".  A constraint's description,
    when it has one, replaces the explanation in brackets.  A number given
    as the default of a string parameter with a length or pattern
    constraint fails too ("expected string or bytes-like object").

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      size:
        type: number
        default: 0
        constraints:
          - range: {min: 1, max: 10}
    ```

    ## Fix
    Change the default to a value the constraints allow, or relax the
    constraint.  A string like an allowed value is offered, and the quick fix
    writes it.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      size:
        type: number
        default: 1
        constraints:
          - range: {min: 1, max: 10}
    ```
    """

    code = 'HOT213'
    name = 'parameter-default-invalid'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for _, view in checked_parameters(analysis):
            problem = view.default_problem
            if problem is None or problem.kind not in ('default-invalid', 'constraint'):
                continue
            pair = view.definition.field_pair('default')
            message = problem.message
            if view.type == 'string' and isinstance(view.schema.default, (int, float, bool)):
                message += '; quote the default to make it a string'
            related = []
            node = view.constraint_node(problem.constraint_index)
            if node is not None:
                related.append(Related(node.start, node.end, 'the constraint it violates'))
            matches = []
            if problem.constraint_index is not None and view.schema is not None:
                constraints = view.schema.constraints
                if problem.constraint_index < len(constraints):
                    matches = allowed_matches(constraints[problem.constraint_index],
                                              view.schema.default)
            yield at_node(pair.value, message + suggestion_text(matches), pair.key,
                          related=related, data={'replacements': matches} if matches else None)
