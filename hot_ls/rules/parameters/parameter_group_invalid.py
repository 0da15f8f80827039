from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.parameters._common import at_node, group_message, shown_type
from hot_ls.syntax import Mapping, Scalar, Sequence


class ParameterGroupInvalid(Rule):
    """A parameter group is not a mapping with a `parameters` list.

    ## What it checks
    That each item of `parameter_groups` is a mapping, and that its
    `parameters` is present and a list of parameter names.

    ## Why it matters
    Heat refuses the template: "Parameter Groups error:
    parameter_groups.<label>: The parameters must be provided for each
    parameter group." or "... The parameters of parameter group should be a
    list."  A group that is not a mapping fails with a bare Python error
    ("'str' object has no attribute 'get'").

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      net: {type: string}
    parameter_groups:
      - label: Network
        parameters: net
    ```

    ## Fix
    Give each group `parameters:` with a list: `parameters: [net]`.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      net: {type: string}
    parameter_groups:
      - label: Network
        parameters: [net]
    ```
    """

    code = 'HOT216'
    name = 'parameter-group-invalid'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        pair = template.sections.get('parameter_groups')
        if pair is None or not isinstance(pair.value, Sequence):
            return
        for item in pair.value.items:
            if not isinstance(item, Mapping):
                kind = shown_type(item.to_python())
                yield at_node(item, 'A parameter group must be a mapping with a "parameters" list; '
                                    f'Heat fails with "\'{kind}\' object has no attribute \'get\'"',
                              pair.key)
                continue
            label_node = item.get('label')
            label = label_node.to_python() if label_node is not None else ''
            members = item.pair('parameters')
            if members is None or (isinstance(members.value, Scalar) and members.value.value is None):
                target = members.key if members is not None else _first_key(item)
                yield Finding(target.start, target.end, group_message(
                    label, 'The parameters must be provided for each parameter group.'))
            elif not isinstance(members.value, Sequence):
                yield at_node(members.value, group_message(
                    label, 'The parameters of parameter group should be a list.'), members.key)


def _first_key(item: Mapping):
    return item.pairs[0].key if item.pairs else item
