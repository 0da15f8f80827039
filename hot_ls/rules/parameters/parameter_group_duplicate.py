from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.parameters._common import group_message, parameter_groups


class ParameterGroupDuplicate(Rule):
    """A parameter is listed in more than one parameter group (or twice in one).

    ## What it checks
    The names under each group's `parameters`, across all groups.

    ## Why it matters
    Heat refuses the template: "Parameter Groups error:
    parameter_groups.<label>: The p parameter must be assigned to one
    parameter group only."

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string}
      image: {type: string}
      volume_size: {type: number}
    parameter_groups:
      - label: Compute
        parameters: [flavor, image]
      - label: Storage
        parameters: [volume_size, image]
    ```

    ## Fix
    Keep each parameter in one group.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string}
      image: {type: string}
      volume_size: {type: number}
    parameter_groups:
      - label: Compute
        parameters: [flavor, image]
      - label: Storage
        parameters: [volume_size]
    ```
    """

    code = 'HOT217'
    name = 'parameter-group-duplicate'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        seen: list[tuple] = []  # (name, node): names may be unhashable, Heat compares with `in`
        for group in parameter_groups(template):
            if group.parameters is None:
                continue
            for node in group.parameters.items:
                name = node.to_python()
                first = next((n for value, n in seen if value == name), None)
                if first is None:
                    seen.append((name, node))
                    continue
                yield Finding(node.start, node.end, group_message(
                    group.label, 'The %s parameter must be assigned to one parameter group only.'
                    % (name,)), related=[Related(first.start, first.end, 'first grouped here')])
