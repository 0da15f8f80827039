from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node
from hot_ls.syntax import Sequence


class ParameterTagsNotList(Rule):
    """A parameter's `tags` is not a list.

    ## What it checks
    From heat_template_version 2018-03-02, where `tags` exists, that it
    holds a list (an empty `tags:` is not one).

    ## Why it matters
    Heat refuses the template: "Tags property should be a list for
    parameter: p".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        tags: role-specific
    ```

    ## Fix
    Write a list: `tags: [role-specific]` (the quick fix makes the value the
    list's one item).
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        tags: [role-specific]
    ```
    """

    code = 'HOT205'
    name = 'parameter-tags-not-list'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None or 'tags' not in template.facts.parameter_keys:
            return
        for definition in analysis.checking.parameters:
            name = definition.name
            pair = definition.field_pair('tags')
            if pair is None or isinstance(pair.value, Sequence):
                continue
            yield at_node(pair.value, 'Tags property should be a list for parameter: %s' % (name,),
                          pair.key, data={'make_list': True})
