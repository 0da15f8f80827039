from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.resources.support import checked_uses


class NotInTargetRelease(Rule):
    """A type, property or attribute that arrived after the target release.

    ## What it checks
    With the setting `target_release` (CLI `--target-release`), every type,
    property and attribute used against the release its support status says
    it arrived in.  The default target is the newest release, where
    everything exists.

    ## Why it matters
    The cloud you deploy to does not have it: Heat there refuses the type
    ("could not be found") or the property ("Unknown Property").

    ## Example
    With `target_release = "train"` in the settings, "OS::Octavia::Quota is
    available since 14.0.0 (Ussuri); the target release is Train (13.0.0)":
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      quota:
        type: OS::Octavia::Quota
        properties: {project: demo, pool: 5}
    ```

    ## Fix
    Use something the target release has, or raise the target.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      quota:
        type: OS::Heat::None
    ```
    """

    code = 'HOT710'
    name = 'not-in-target-release'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        catalog = analysis.catalog
        for use in checked_uses(analysis):
            message = catalog.availability(use.label, use.status)
            if message is not None:
                yield Finding(use.node.start, use.node.end, message)
