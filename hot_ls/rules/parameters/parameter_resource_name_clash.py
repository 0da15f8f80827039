from hot_ls.language.parameters import defined_pseudo_parameters
from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.syntax import Scalar


class ParameterResourceNameClash(Rule):
    """A resource has the same name as a parameter (or a pseudo parameter).

    ## What it checks
    The resource names against the parameter names and OS::stack_id,
    OS::stack_name and OS::project_id.

    ## Why it matters
    Heat refuses the template: "Duplicate names {'name'}".  A resource
    whose condition is false does not count; one whose condition may be
    either is a warning.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      network: {type: string}
    resources:
      network: {type: OS::Neutron::Net}
    ```

    ## Fix
    Rename one of them, e.g. the parameter to `network_name`.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      network_name: {type: string}
    resources:
      network: {type: OS::Neutron::Net}
    ```
    """

    code = 'HOT219'
    name = 'parameter-resource-name-clash'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        pseudo = defined_pseudo_parameters(stack_named=True)
        resources, parameters = template.resources, template.parameters
        # (found from the parameters, usually far fewer than the resources: this runs again
        # after each edit of a large template, which seldom has a clash)
        clashes = {name for name in parameters if name in resources}
        clashes.update(name for name in pseudo if name in resources)
        if not clashes:
            return
        for name, res in resources.items():
            if name not in clashes:
                continue
            param = parameters.get(name)
            severity, note = self._condition(template, res)
            if severity is False:
                continue
            message = 'Duplicate names %r' % ({name},)
            key = res.key
            if param is None:
                yield Finding(key.start, key.end,
                              f'{message}: {name} is a pseudo parameter every stack has{note}',
                              severity=severity)
                continue
            yield Finding(key.start, key.end, f'{message}: {name} is also a parameter{note}',
                          severity=severity,
                          related=[Related(param.key.start, param.key.end, 'the parameter')])
            yield Finding(param.key.start, param.key.end,
                          f'{message}: {name} is also a resource{note}', severity=severity,
                          related=[Related(key.start, key.end, 'the resource')])

    @staticmethod
    def _condition(template, res):
        """(severity, note) for the resource's condition; severity False: it never exists."""
        if not template.facts.has_conditions:
            return None, ''
        node = res.get('condition')
        if node is None:
            return None, ''
        if isinstance(node, Scalar) and isinstance(node.value, bool):
            return (None, '') if node.value else (False, '')
        shown = node.value if isinstance(node, Scalar) else 'its condition'
        return Severity.WARNING, f' (when condition {shown} is true)'
