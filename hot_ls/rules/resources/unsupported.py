from hot_ls.catalog.support import UNSUPPORTED
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.resources.support import checked_uses


class Unsupported(Rule):
    """A resource type, property or attribute the Heat team does not support.

    ## What it checks
    Items whose support status is UNSUPPORTED in the target release (for
    example OS::Heat::TestResource).

    ## Why it matters
    They work, but are meant for testing or are contributed code the Heat
    team gives no guarantee for.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      pair:
        type: OS::Neutron::PortPair
        properties: {ingress: port-in, egress: port-out}
    ```

    ## Fix
    Nothing to do if you know what you are using; otherwise pick a
    supported type.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      pair:
        type: OS::Heat::None
    ```
    """

    code = 'HOT709'
    name = 'unsupported'
    severity = Severity.INFORMATION
    per_entry = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for use in checked_uses(analysis):
            step = use.step
            if step is None or step.status != UNSUPPORTED:
                continue
            message = f'{use.label} is not supported by the Heat team'
            if step.message:
                message += f': {step.message}'
            yield Finding(use.node.start, use.node.end, message)
