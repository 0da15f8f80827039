from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.rules.resources.property_walk import UNKNOWN, walk_template


class PropertyUnknown(Rule):
    """A property the resource type does not have.

    ## What it checks
    Property names, at every level of nested schemas (a map's keys, the
    keys of a list's items), against the type's schema.  OS::Heat::None and
    the retired types Heat now implements with it accept any property.  A
    key inside a property whose value refers to another resource
    (`fixed_ips: [{subbnet: {get_resource: s}}]`) is a warning: Heat does
    not check that property before the resource exists, and then drops
    the key.

    ## Why it matters
    Heat refuses the stack: "Unknown Property flavour"; or, inside a
    property that refers to a resource, creates it without what the
    misspelt key was meant to set.

    ## Example
    ```yaml
    server:
      type: OS::Nova::Server
      properties:
        flavour: m1.small
    ```

    ## Fix
    Fix the name; the message suggests close ones.
    """

    code = 'HOT702'
    name = 'property-unknown'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for issue in walk_template(analysis).issues:
            if issue.kind == UNKNOWN and issue.section == 'properties':
                matches = (issue.data or {}).get('replacements', [])
                message = issue.message + suggestion_text(matches)
                if issue.postponed:
                    yield Finding(issue.start, issue.end,
                                  f'{message} ({issue.postponed}; Heat then drops the key)',
                                  severity=Severity.WARNING, data=issue.data)
                    continue
                yield Finding(issue.start, issue.end, message, data=issue.data)
