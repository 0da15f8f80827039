from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.references._common import leniency, severity_for, with_reason


class UndefinedResource(Rule):
    """`get_resource`, `get_attr` or `depends_on` names a resource that does not exist.

    ## What it checks
    Every resource reference against the template's resources.  A resource
    that exists but is disabled by its condition is a valid target (Heat
    allows it).

    ## Why it matters
    Heat refuses the template: 'The specified reference "name" (in
    server.Properties.port) is incorrect.'

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server_port: {type: OS::Heat::None}
      name:
        type: OS::Heat::Value
        properties: {value: {get_resource: server_prot}}
    ```

    ## Fix
    Fix the name; the message suggests close matches.  A parameter named with
    get_resource or get_attr is said to be one (the quick fix calls get_param
    instead of get_resource).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server_port: {type: OS::Heat::None}
      name:
        type: OS::Heat::Value
        properties: {value: {get_resource: server_port}}
    ```
    """

    code = 'HOT302'
    name = 'undefined-resource'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        resources = template.resources
        for ref in analysis.checking.references():
            if ref.kind != RESOURCE or ref.name in resources:
                continue
            reason = leniency(analysis, ref)
            # (never the resource the reference is in: Heat refuses a resource that needs itself)
            own = ref.owner[1] if ref.owner is not None and ref.owner[0] == 'resources' else None
            matches = did_you_mean(ref.name, [name for name in resources if name != own])
            message = f'The specified reference "{ref.name}" is incorrect: no such resource'
            data: dict = {'replacements': matches} if matches else {}
            hint = ''
            if ref.via in ('get_resource', 'get_attr') and ref.name in template.parameters:
                hint = f' ("{ref.name}" is a parameter: get_param reads it)'
                if ref.via == 'get_resource' and ref.call is not None:
                    data['function'] = 'get_param'  # (a name, not offsets: data is not moved)
            yield Finding(ref.start, ref.end,
                          with_reason(message + suggestion_text(matches) + hint, reason),
                          severity=severity_for(reason), data=data or None)
