from hot_ls.model.symbols import CONDITION_CONTEXT
from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.syntax import Mapping, Scalar


class ConditionDefinition(Rule):
    """A condition's definition is neither a boolean nor a condition function.

    ## What it checks
    Each entry of `conditions` must be `true`/`false` or a condition
    function (equals, not, and, or, get_param, and from 2017-09-01 contains
    and yaql).  A bare name of another condition is not a definition.  A
    condition function of a later heat_template_version is named as such,
    with the version that has it; a misspelt one (`equlas`) is offered its
    function, and the quick fix renames it.

    ## Why it matters
    Heat validates every condition, used or not, and refuses the template:
    'The definition of condition "c" is invalid: other'.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
      also_prod: [is_prod]
    ```

    ## Fix
    Wrap it: `also_prod: {not: {not: is_prod}}`, or use `is_prod` directly.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
      also_prod: {not: {not: is_prod}}
    ```
    """

    code = 'HOT119'
    name = 'condition-definition'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if not template.facts.has_conditions or template.version is None:
            return
        for cond in analysis.checking.conditions:
            name, body = cond.name, cond.body
            call_nodes = {id(call.node) for call in template.calls_in(cond)
                          if call.context == CONDITION_CONTEXT}
            if isinstance(body, Scalar) and isinstance(body.value, bool):
                continue
            if isinstance(body, Mapping) and id(body) in call_nodes:
                continue
            shown = body.value if isinstance(body, Scalar) else body.to_python()
            message = f'The definition of condition "{name}" is invalid: {shown}'
            since = _later_function(analysis, body)
            data = None
            if since is not None:
                message += (f' ({next(iter(body.index))} is a condition function from '
                            f'heat_template_version {since})')
                data = {NEEDS_VERSION: since}
            elif isinstance(body, Mapping) and len(body.index) == 1:
                # a misspelt function: the quick fix renames the key of this one-key mapping
                matches = did_you_mean(next(iter(body.index)),
                                      template.version.condition_functions or {})
                message += suggestion_text(matches)
                data = {'replacements': matches} if matches else None
            yield Finding(body.start if body.end > body.start else cond.key.start,
                          body.end if body.end > body.start else cond.key.end, message,
                          data=data)


def _later_function(analysis, body) -> str | None:
    """The first version where `body`, a one-key mapping, calls a condition function."""
    if not isinstance(body, Mapping) or len(body.index) != 1:
        return None
    key = next(iter(body.index))
    current = analysis.template.version
    return next((version.version for version in analysis.language.hot_versions
                 if version.version > current.version and key in version.condition_functions),
                None)
