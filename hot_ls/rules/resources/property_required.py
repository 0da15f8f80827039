from hot_ls.rules.base import Finding, Rule, Severity
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
    warning.  So in a nested stack (a provider template a configured stack
    creates): an error where the type's validation reads the property
    (OS::Nova::Server's `flavor`), else a warning.

    A provider template's parameter without a default is a required
    property, unless an environment's `parameter_defaults` gives it one
    (they flow into nested stacks); so when no environment is known for the
    template, a missing one is a warning that says so.

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
    Add the property; the quick fix inserts every missing one.  When an
    unknown key of the same mapping looks like the missing property
    (`flavour` for `flavor`), the message says so and the quick fix renames
    that key instead, which fixes its HOT702 too; as it does a resource's
    `properties` written misspelt (`propertise:`, HOT112).
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
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        unknown_defaults = not analysis.stack.environments_known

        def own(issue):
            resource = template.resources.get(issue.resource)
            if unknown_defaults and resource is not None and \
                    analysis.type_resolution(resource).is_provider:
                return Finding(issue.start, issue.end, issue.message + (
                    ': the provider template\'s parameter has no default, and no environment is '
                    'known for this template whose parameter_defaults could give it one'),
                    severity=Severity.WARNING, data=issue.data)
            return Finding(issue.start, issue.end, issue.message, data=issue.data)

        yield from issue_findings(analysis, REQUIRED, values=True, with_data=True, own=own)
