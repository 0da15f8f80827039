from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.resources.property_walk import REQUIRED, walk_template


class PropertyRequired(Rule):
    """A required property is missing.

    ## What it checks
    Required properties without a default, at every level of nested
    schemas.  A property supplied by a function (`properties: {get_param:
    props}`) or filled by Heat's translation from a deprecated property
    (OS::Neutron::Port's `network_id` fills `network`) counts as given.

    ## Why it matters
    Heat refuses the stack when it creates it: "Property flavor not
    assigned".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      volume:
        type: OS::Cinder::VolumeAttachment
        properties:
          instance_uuid: server-id
    ```

    ## Fix
    Add the property; the quick fix inserts every missing one.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      volume:
        type: OS::Cinder::VolumeAttachment
        properties:
          instance_uuid: server-id
          volume_id: volume-id
    ```
    """

    code = 'HOT703'
    name = 'property-required'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for issue in walk_template(analysis).issues:
            if issue.kind == REQUIRED and issue.section == 'properties':
                yield Finding(issue.start, issue.end, issue.message, data=issue.data)
