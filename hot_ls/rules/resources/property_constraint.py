from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.resources.property_walk import CONSTRAINT, walk_template


class PropertyConstraint(Rule):
    """A literal property value that breaks one of the property's constraints.

    ## What it checks
    allowed_values, range, length and allowed_pattern (a full match), and
    the custom constraints that can be checked offline (ip_addr, net_cidr,
    mac_addr, ip_or_cidr, iso_8601, cron_expression, dns_name, dns_domain,
    rel_dns_name, timezone, expiration, json_string).  Constraints that
    need a cloud (nova.flavor, glance.image, ...) are never flagged.  Inside
    a property whose value refers to another resource, it is a warning:
    Heat does not check that property's constraints before the resource
    exists (the cloud may still refuse the value).

    ## Why it matters
    Heat refuses the stack when it creates it, with the constraint's
    message, e.g. "type: PNG is not an allowed value [...]".

    ## Example
    ```yaml
    monitor:
      type: OS::Octavia::HealthMonitor
      properties:
        max_retries: 20
    ```

    ## Fix
    Use a value the message allows.
    """

    code = 'HOT705'
    name = 'property-constraint'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for issue in walk_template(analysis).issues:
            if issue.kind == CONSTRAINT and issue.section == 'properties':
                if issue.postponed:
                    yield Finding(issue.start, issue.end,
                                  f'{issue.message} ({issue.postponed}; the cloud may still refuse the value)',
                                  severity=Severity.WARNING)
                    continue
                yield Finding(issue.start, issue.end, issue.message)
