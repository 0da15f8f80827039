from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.rules.resources.property_walk import resource_walk


class UpdatePolicy(Rule):
    """An `update_policy` the resource type does not accept.

    ## What it checks
    The keys and literal values of `update_policy` against the type's
    update policy schema (rolling_update, batch_create... for the group
    types; most types accept no key at all).

    ## Why it matters
    Heat refuses the template: "Property error: resources.group.
    update_policy: Unknown Property rolling_updates".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      group:
        type: OS::Heat::ResourceGroup
        properties:
          resource_def: {type: OS::Heat::None}
        update_policy:
          rolling_updates: {max_batch_size: 1}
    ```

    ## Fix
    Use a key the type's update policy has.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      group:
        type: OS::Heat::ResourceGroup
        properties:
          resource_def: {type: OS::Heat::None}
        update_policy:
          rolling_update: {max_batch_size: 1}
    ```
    """

    code = 'HOT712'
    name = 'update-policy'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for definition in analysis.checking.resources:
            for issue in resource_walk(analysis, definition).issues:
                if issue.section == 'update_policy':
                    matches = (issue.data or {}).get('replacements', [])
                    yield Finding(issue.start, issue.end,
                                  ('update_policy: ' if not issue.message.startswith("'") else '')
                                  + issue.message + suggestion_text(matches),
                                  data=issue.data)
