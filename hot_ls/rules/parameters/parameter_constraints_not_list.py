from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node
from hot_ls.syntax import Scalar, Sequence


class ParameterConstraintsNotList(Rule):
    """A parameter's `constraints` is not a list.

    ## What it checks
    That `constraints` holds a list of constraint mappings (an empty
    `constraints:` is accepted as none).

    ## Why it matters
    Heat refuses the template: "Invalid parameter constraints for parameter
    p, expected a list".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      size:
        type: number
        constraints:
          range: {min: 1, max: 10}
    ```

    ## Fix
    Make each constraint a list item: `- range: {min: 1, max: 10}` (the quick
    fix makes the one written the list's item).
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      size:
        type: number
        constraints:
          - range: {min: 1, max: 10}
    ```
    """

    code = 'HOT206'
    name = 'parameter-constraints-not-list'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.parameters:
            name = definition.name
            pair = definition.field_pair('constraints')
            if pair is None or isinstance(pair.value, Sequence):
                continue
            if isinstance(pair.value, Scalar) and pair.value.value is None:
                continue
            yield at_node(pair.value, 'Invalid parameter constraints for parameter %s, '
                                      'expected a list' % (name,), pair.key,
                          data={'make_list': True})
