from hot_ls.model.symbols import CONDITION
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.references._common import leniency, severity_for, with_reason


class UndefinedCondition(Rule):
    """A condition name that is not defined in `conditions`.

    ## What it checks
    Condition names in a resource's or output's `condition`, in the first
    argument of `if`, and in the operands of `not`, `and` and `or`.

    ## Why it matters
    Heat refuses the template: 'Invalid condition "name"'.  Inside a
    condition that nothing uses, or inside an `if` branch, Heat may never
    look, so it is a warning there.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    resources:
      backup:
        type: OS::Heat::None
        condition: is_production
    ```

    ## Fix
    Fix the name, or define the condition.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    resources:
      backup:
        type: OS::Heat::None
        condition: is_prod
    ```
    """

    code = 'HOT303'
    name = 'undefined-condition'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        conditions = template.conditions
        for ref in analysis.checking.references():
            if ref.kind != CONDITION or ref.name in conditions:
                continue
            reason = leniency(analysis, ref)
            matches = did_you_mean(ref.name, conditions)
            message = f'Invalid condition "{ref.name}": it is not defined in "conditions"'
            yield Finding(ref.start, ref.end, with_reason(message + suggestion_text(matches), reason),
                          severity=severity_for(reason),
                          data={'replacements': matches} if matches else None)
