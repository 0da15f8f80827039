from hot_ls.language.parameters import defined_pseudo_parameters
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.parameters._common import group_message, parameter_groups
from hot_ls.syntax import Mapping


class ParameterGroupUnknown(Rule):
    """A parameter group lists a name that is not a parameter of the template.

    ## What it checks
    Each name under a group's `parameters` against the template's
    parameters.  OS::stack_id and OS::project_id count as parameters here;
    OS::stack_name does not (Heat checks groups without a stack name).

    ## Why it matters
    Heat refuses the template: "Parameter Groups error:
    parameter_groups.<label>: The grouped parameter x does not reference a
    valid parameter."

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string}
    parameter_groups:
      - label: Compute
        parameters: [flavour]
    ```

    ## Fix
    Fix the name (the message suggests close matches) or declare the
    parameter.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string}
    parameter_groups:
      - label: Compute
        parameters: [flavor]
    ```
    """

    code = 'HOT218'
    name = 'parameter-group-unknown'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        section = template.section('parameters')
        if section is not None and not isinstance(section, Mapping) and section.to_python():
            return  # the parameters section itself is broken (HOT201)
        names = list(template.parameters) + list(defined_pseudo_parameters(stack_named=False))
        for group in parameter_groups(template):
            if group.parameters is None:
                continue
            for node in group.parameters.items:
                name = node.to_python()
                if name in names:
                    continue
                matches = did_you_mean(name, list(template.parameters))
                message = group_message(group.label, 'The grouped parameter %s does not reference a '
                                                     'valid parameter.' % (name,))
                if matches:  # Heat's sentence ends with a full stop
                    message += ' D' + suggestion_text(matches)[3:]
                yield Finding(node.start, node.end, message,
                              data={'replacements': matches} if matches else None)
