from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.resources.member_issues import issue_findings
from hot_ls.rules.resources.property_walk import REQUIRED


class PropertyRequired(Rule):
    """A required property is missing.

    ## What it checks
    Required properties without a default, at every level of nested
    schemas.  A property supplied by a function (`properties: {get_param:
    props}`) or filled by Heat's translation from a deprecated property
    (OS::Neutron::Port's `network_id` fills `network`) counts as given.
    In a group's member (ResourceGroup's `resource_def`...), Heat finds a
    missing property before the create only where the member type's own
    validation reads it (HOT730 then reports it); elsewhere it is a
    warning.

    ## Why it matters
    Heat refuses the stack when it creates it: "Property flavor not
    assigned".

    ## Example
    ```yaml
    server:
      type: OS::Nova::Server
      properties:
        image: cirros
    ```

    ## Fix
    Add the property; the quick fix inserts every missing one.
    """

    code = 'HOT703'
    name = 'property-required'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        yield from issue_findings(analysis, REQUIRED, values=True, with_data=True)
