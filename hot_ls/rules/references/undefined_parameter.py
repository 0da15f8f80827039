from hot_ls.model.symbols import PARAMETER, VALUE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.references._common import leniency, severity_for, with_reason


class UndefinedParameter(Rule):
    """`get_param` names a parameter the template does not declare.

    ## What it checks
    Every `get_param` (including list paths such as `[servers, 0, name]`)
    against the declared parameters and the pseudo parameters OS::stack_name,
    OS::stack_id and OS::project_id.

    ## Why it matters
    Heat fails when it resolves the value: "The Parameter (name) was not
    provided."  `OS::region` is listed among Heat's pseudo parameters but
    never defined, so it fails too.  Where Heat may never resolve the
    reference (inside an `if` branch, an unused condition, the properties of
    OS::Heat::None, an output, or the properties of a nested stack's
    resource, which Heat resolves only when it creates that stack) it is a
    warning; but in a `get_attr`'s attribute name or path, which Heat
    resolves when it validates the stack, an output's too, it is an error.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string, default: m1.small}
    resources:
      name:
        type: OS::Heat::Value
        properties: {value: {get_param: flavour}}
    ```

    ## Fix
    Fix the name (the message suggests close matches) or declare the
    parameter; the quick fix can declare it for you.  A resource named with
    get_param is said to be one, and the quick fix calls get_resource.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string, default: m1.small}
    resources:
      name:
        type: OS::Heat::Value
        properties: {value: {get_param: flavor}}
    ```
    """

    code = 'HOT301'
    name = 'undefined-parameter'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        declared = template.parameters
        pseudo = set(template.facts.pseudo_parameters) - {'OS::region'}
        candidates = None  # (the names a misspelt one may be: made once, when first needed)
        for ref in analysis.checking.references():
            if ref.kind != PARAMETER:
                continue
            name = ref.name
            if name in declared or name in pseudo:
                continue
            if ref.via == 'Ref' and isinstance(name, str) and name.startswith('AWS::'):
                continue  # CFN pseudo parameters, live in 2013-05-23 through Ref
            reason = leniency(analysis, ref)
            if name == 'OS::region':
                message = ('OS::region is listed among Heat\'s pseudo parameters but never defined: '
                           'The Parameter (OS::region) was not provided.')
                yield Finding(ref.start, ref.end, with_reason(message, reason),
                              severity=severity_for(reason))
                continue
            if candidates is None:
                candidates = [c for c in declared if isinstance(c, str)] + sorted(pseudo)
            matches = did_you_mean(name, candidates)
            message = f'The Parameter ({name}) is not defined in this template'
            data = {'replacements': matches, 'undefined': 'parameter', 'name': name}
            hint = ''
            if ref.via == 'get_param' and ref.call is not None and ref.call.context == VALUE \
                    and not ref.path and name in template.resources:
                hint = f' ("{name}" is a resource: get_resource gives its ID)'
                data['function'] = 'get_resource'  # (a name, not offsets: data is not moved)
            yield Finding(ref.start, ref.end,
                          with_reason(message + suggestion_text(matches) + hint, reason),
                          severity=severity_for(reason), data=data)
