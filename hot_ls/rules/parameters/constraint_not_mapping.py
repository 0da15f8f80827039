from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node, checked_parameters


class ConstraintNotMapping(Rule):
    """An item of a parameter's `constraints` list is not a mapping.

    ## What it checks
    That each item of `constraints` is a mapping such as
    `{length: {min: 1}, description: ...}`.

    ## Why it matters
    Heat refuses the template: "Invalid parameter constraints, expected a
    mapping".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        constraints:
          - allowed_values
          - [m1.small, m1.large]
    ```

    ## Fix
    Write the constraint as a key and its value: `- allowed_values: [m1.small, m1.large]`.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        constraints:
          - allowed_values: [m1.small, m1.large]
    ```
    """

    code = 'HOT207'
    name = 'constraint-not-mapping'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for _, view in checked_parameters(analysis):
            pair = view.definition.field_pair('constraints')
            for cview in view.constraints:
                if cview.error is not None and cview.error.kind == 'constraint-not-mapping':
                    yield at_node(cview.node, cview.error.message, pair.key)
