from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.rules.resources.member_issues import issue_findings
from hot_ls.rules.resources.property_walk import UNKNOWN


class PropertyUnknown(Rule):
    """A property the resource type does not have.

    ## What it checks
    Property names, at every level of nested schemas (a map's keys, the
    keys of a list's items), against the type's schema, and those of the
    members of groups (ResourceGroup's `resource_def`, AutoScalingGroup's
    `resource`, ResourceChain's `resource_properties`) against the member
    type's.  OS::Heat::None and the retired types Heat now implements with
    it accept any property.  A key inside a property whose value refers to
    another resource (`fixed_ips: [{subbnet: {get_resource: s}}]`) is a
    warning: Heat does not check that property before the resource exists,
    and then drops the key.

    ## Why it matters
    Heat refuses the stack: "Unknown Property flavour"; or, inside a
    property that refers to a resource, creates it without what the
    misspelt key was meant to set.  In a nested stack (a provider template
    a configured stack creates), Heat's validation without values checks
    only the top-level names: a misspelt key inside a property's map or
    list items is a warning there (the create fails when it creates that
    stack).

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      name:
        type: OS::Heat::RandomString
        properties:
          lenght: 8
    ```

    ## Fix
    Fix the name; the message suggests close ones.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      name:
        type: OS::Heat::RandomString
        properties:
          length: 8
    ```
    """

    code = 'HOT702'
    name = 'property-unknown'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        yield from issue_findings(
            analysis, UNKNOWN, values=False, with_data=True,
            message=lambda issue: issue.message + suggestion_text(
                (issue.data or {}).get('replacements', [])),
            postponed='Heat then drops the key', nested_values=True)
