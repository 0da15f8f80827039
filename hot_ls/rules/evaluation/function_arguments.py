from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.evaluation._common import condition_function_matches, span
from hot_ls.rules.suggestions import suggestion_text


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
        for definition in analysis.checking.all(('conditions', 'resources', 'outputs')):
            for issue in analysis.static_issues_in(definition):
                if issue.cause != 'arguments':
                    continue
                start, end = span(issue.node, template.root)
                message = issue.message + suggestion_text(
                    condition_function_matches(template, issue.message))
                if not issue.certain:
                    message += f' ({issue.reason})'
                yield Finding(start, end, message,
                              severity=None if issue.certain else Severity.WARNING)

