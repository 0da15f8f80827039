from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node
from hot_ls.syntax import Sequence


class ParameterGroupsNotList(Rule):
    """`parameter_groups` is not a list.

    ## What it checks
    That `parameter_groups`, when it is not empty, is a list of groups.

    ## Why it matters
    Heat refuses the template: "Parameter Groups error: parameter_groups:
    The parameter_groups should be a list."

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      net: {type: string}
      subnet: {type: string}
    parameter_groups:
      label: Network
      parameters: [net, subnet]
    ```

    ## Fix
    Make each group a list item: `- label: Network` (the quick fix makes the
    one written the list's item).
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      net: {type: string}
      subnet: {type: string}
    parameter_groups:
      - label: Network
        parameters: [net, subnet]
    ```
    """

    code = 'HOT215'
    name = 'parameter-groups-not-list'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        pair = template.sections.get('parameter_groups')
        if pair is None or isinstance(pair.value, Sequence) or not pair.value.to_python():
            return
        yield at_node(pair.value, 'Parameter Groups error: parameter_groups: '
                                  'The parameter_groups should be a list.', pair.key,
                      data={'make_list': True})  # (the quick fix makes it the list's one item)
