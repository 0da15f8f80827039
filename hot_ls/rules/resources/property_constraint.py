from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.resources.member_issues import issue_findings
from hot_ls.rules.resources.property_walk import CONSTRAINT


class PropertyConstraint(Rule):
    """A literal property value that breaks one of the property's constraints.

    ## What it checks
    allowed_values, range, length and allowed_pattern (a full match), and
    the custom constraints that can be checked offline (ip_addr, net_cidr,
    mac_addr, ip_or_cidr, iso_8601, cron_expression, dns_name, dns_domain,
    rel_dns_name, timezone, expiration, json_string).  Constraints that
    need a cloud (nova.flavor, glance.image, ...) are never flagged.  In a
    group's member, and in a nested stack (a provider template a configured
    stack creates), where Heat checks the values only when it creates that
    stack, this is a warning.  Inside a property whose value refers to
    another resource, it is a warning too: Heat does not check that
    property's constraints before the resource exists (the cloud may still
    refuse the value).

    ## Why it matters
    Heat refuses the stack when it creates it, with the constraint's
    message, e.g. "type: PNG is not an allowed value [...]".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      name:
        type: OS::Heat::RandomString
        properties:
          length: 600
    ```

    ## Fix
    Use a value the message allows.  A string like an allowed value (`TCP`
    for `tcp`, `ingres` for `ingress`) is offered, and the quick fix writes it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      name:
        type: OS::Heat::RandomString
        properties:
          length: 32
    ```
    """

    code = 'HOT705'
    name = 'property-constraint'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        yield from issue_findings(analysis, CONSTRAINT, values=True, with_data=True,
                                  postponed='the cloud may still refuse the value')
