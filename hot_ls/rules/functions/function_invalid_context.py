from hot_ls.model.symbols import CONDITION_CONTEXT
from hot_ls.rules.base import Finding, Rule, Severity


class FunctionInvalidContext(Rule):
    """A function that is not allowed inside a condition.

    ## What it checks
    Inside `conditions:` and a resource's or output's `condition:`, only
    the condition functions are live: equals, not, and, or, get_param, and
    from 2017-09-01 contains and yaql.  Every other function, get_attr and
    get_resource included, is invalid there.

    ## Why it matters
    Conditions are decided before any resource exists.  Heat refuses the
    template, even for a condition nothing uses: 'The function "get_attr"
    is invalid in this context'.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    resources:
      server: {type: OS::Heat::None}
    conditions:
      is_prod: {equals: [{get_attr: [server, show]}, prod]}
    ```

    ## Fix
    Base the condition on parameters only.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    resources:
      server: {type: OS::Heat::None}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    ```
    """

    code = 'HOT403'
    name = 'function-invalid-context'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        for call in analysis.checking.calls():
            if call.context == CONDITION_CONTEXT and call.impl == 'Invalid':
                message = f'The function "{call.name}" is invalid in this context (a condition)'
                if call.guarded:
                    yield Finding(call.key.start, call.key.end,
                                  message + ' (it is inside an "if" branch, which Heat checks only '
                                            'when the branch is taken)', severity=Severity.WARNING)
                else:
                    yield Finding(call.key.start, call.key.end, message)
