from hot_ls.catalog.support import DEPRECATED
from hot_ls.rules.base import Finding, Rule, Severity, Tag
from hot_ls.rules.resources.support import checked_uses


class Deprecated(Rule):
    """A deprecated resource type, property or attribute.

    ## What it checks
    The support status of every type, property and attribute the template
    uses, as of the target release (setting `target_release`, the newest by
    default).  Editors strike deprecated items through.

    ## Why it matters
    A deprecated item still works but is on its way out: it becomes hidden
    and then disappears in later releases.  The message says what to use
    instead.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      alarm:
        type: OS::Aodh::Alarm
        properties:
          meter_name: cpu_util
          threshold: 80
    ```

    ## Fix
    Use the substitute the message names; for a type, the quick fix
    replaces it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      alarm:
        type: OS::Aodh::GnocchiAggregationByResourcesAlarm
        properties:
          metric: cpu
          aggregation_method: mean
          resource_type: instance
          query: "{}"
          threshold: 80
    ```
    """

    code = 'HOT707'
    name = 'deprecated'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for use in checked_uses(analysis):
            step = use.step
            if step is None or step.status != DEPRECATED:
                continue
            message = f'{use.label} is deprecated'
            if step.version:
                message += f' since {step.version}'
            if step.message:
                message += f': {step.message}'
            data = None
            if use.substitute:
                message += f' (use {use.substitute})'
                data = {'replacements': [use.substitute]}
            yield Finding(use.node.start, use.node.end, message, tags=(Tag.DEPRECATED,), data=data)
