from hot_ls.catalog.support import HIDDEN
from hot_ls.rules.base import Finding, Rule, Severity, Tag
from hot_ls.rules.resources.support import checked_uses


class Hidden(Rule):
    """A hidden resource type, property or attribute: kept for old stacks only.

    ## What it checks
    Types, properties and attributes whose support status is HIDDEN in the
    target release.  Heat still runs them for existing stacks but no longer
    lists or documents them; many hidden types (Sahara, Senlin, LBaaS v1,
    Glance::Image...) now do nothing at all.

    ## Why it matters
    A new stack built on a hidden item depends on something Heat has
    retired.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network_id: private
    ```

    ## Fix
    Use the replacement the message names (e.g. OS::Octavia::Pool).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      port:
        type: OS::Neutron::Port
        properties:
          network: private
    ```
    """

    code = 'HOT708'
    name = 'hidden'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for use in checked_uses(analysis):
            step = use.step
            if step is None or step.status != HIDDEN:
                continue
            message = f'{use.label} is hidden'
            if step.version:
                message += f' since {step.version}'
            message += ' and is not for new stacks'
            if step.message:
                message += f': {step.message}'
            if use.substitute:
                message += f' (use {use.substitute})'
            yield Finding(use.node.start, use.node.end, message, tags=(Tag.DEPRECATED,),
                          data={'replacements': [use.substitute]} if use.substitute else None)
