from hot_ls.evaluator.functions.base import Function
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.evaluation._common import (
    PARAMETER_ERRORS, REFERENCE_ERRORS, skipped_message, span,
)


class ConditionEvaluation(Rule):
    """A condition that Heat cannot evaluate with the default parameter values.

    ## What it checks
    Each condition Heat evaluates when it creates the stack (those named by
    a resource's or an output's `condition`, and by the `if`s Heat reaches)
    is evaluated with the parameters' default values.  It must come out as a boolean: a
    definition such as `{get_param: flag}` where `flag` is a string parameter
    holding 'true' is not one ('The definition of condition "c" is invalid:
    true'), and a `contains` or `yaql` inside it may fail.  Unknown names
    (HOT303), cycles (HOT501), definitions that are not conditions at all
    (HOT119) and missing parameter values are other rules' business.

    ## Why it matters
    Heat evaluates the conditions while it loads the resources, so the
    stack create fails before anything is created.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      enable_backup: {type: string, default: "yes"}
    conditions:
      backup: {get_param: enable_backup}
    resources:
      store:
        type: OS::Heat::None
        condition: backup
    ```

    ## Fix
    Make the definition a condition: declare the parameter as `boolean`, or
    compare it: `{equals: [{get_param: enable_backup}, 'true']}`.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      enable_backup: {type: string, default: "yes"}
    conditions:
      backup: {equals: [{get_param: enable_backup}, "yes"]}
    resources:
      store:
        type: OS::Heat::None
        condition: backup
    ```
    """

    code = 'HOT803'
    name = 'condition-evaluation'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        evaluated = analysis.checked_evaluation
        try:
            conditions = evaluated.scope.conditions()
        except Exception:  # the section itself is broken: HOT111's business
            return
        unparsed = {str(exc) for exc in conditions.parse_failures.values()}
        for name, definition in template.conditions.items():
            if name not in evaluated.heat_conditions:
                continue  # Heat never evaluates it with the default parameter values
            if not isinstance(conditions.parsed(name), Function):
                continue  # not a condition function at all (HOT119)
            error = evaluated.condition(name).error
            if error is None or error.kind in PARAMETER_ERRORS or error.kind in REFERENCE_ERRORS:
                continue
            if skipped_message(error.message) or error.message in unparsed:
                continue
            if 'The definition of condition "' in error.message and \
                    f'The definition of condition "{name}" is invalid' not in error.message:
                continue  # reported at the condition it is about
            start, end = span(error.node, definition.key)
            yield Finding(start, end, error.message)
