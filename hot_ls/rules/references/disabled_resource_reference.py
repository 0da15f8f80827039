from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.references._common import leniency, severity_for, with_reason


class DisabledResourceReference(Rule):
    """`get_resource` or `get_attr` names a resource that its condition always disables.

    ## What it checks
    References to a resource whose `condition` is false whatever the
    parameters are (a literal `false`, or a condition built only from
    constants).  `depends_on` such a resource is allowed, and so are
    references from resources and outputs that are disabled themselves.

    ## Why it matters
    A disabled resource does not exist in the stack, so Heat refuses the
    reference: 'The specified reference "name" ... is incorrect.'

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    conditions:
      never: false
    resources:
      maybe: {type: OS::Heat::None, condition: never}
      user:
        type: OS::Heat::Value
        properties: {value: {get_resource: maybe}}
    ```

    ## Fix
    Put the referring resource under the same condition, or guard the
    reference with `if`.
    ```yaml
    heat_template_version: 2021-04-16
    conditions:
      never: false
    resources:
      maybe: {type: OS::Heat::None, condition: never}
      user:
        type: OS::Heat::Value
        condition: never
        properties: {value: {get_resource: maybe}}
    ```
    """

    code = 'HOT304'
    name = 'disabled-resource-reference'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        disabled = analysis.always_disabled
        used = template.used_conditions()
        for ref in template.references:
            if ref.kind != RESOURCE or ref.via not in ('get_resource', 'get_attr'):
                continue
            if not disabled.is_disabled(ref.name):
                continue
            if ref.owner and ref.owner[0] in ('resources', 'outputs') and \
                    disabled.is_disabled(ref.owner[1], ref.owner[0]):
                continue  # the referring resource or output never exists either
            condition = disabled.condition(ref.name)
            reason = leniency(template, ref, used)
            message = (f'The specified reference "{ref.name}" is incorrect: resource "{ref.name}" is '
                       f'always disabled by its condition ({condition} is false)')
            yield Finding(ref.start, ref.end, with_reason(message, reason),
                          severity=severity_for(reason))
