from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.software._components import LIFECYCLE, components


class ComponentUnknownAction(Rule):
    """A SoftwareComponent config bound to an action Heat's lifecycle never triggers.

    ## What it checks
    Actions in a SoftwareComponent's `configs` other than CREATE, DELETE,
    SUSPEND, RESUME and UPDATE.

    ## Why it matters
    Custom action names are allowed, but Heat itself only ever runs the
    five lifecycle actions, so such a config never runs unless something
    else signals it.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      component:
        type: OS::Heat::SoftwareComponent
        properties:
          configs:
            - actions: [BACKUP]
              tool: script
              config: echo backup
    ```

    ## Fix
    Use a lifecycle action, or make sure your own tooling triggers it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      component:
        type: OS::Heat::SoftwareComponent
        properties:
          configs:
            - actions: [DELETE]
              tool: script
              config: echo backup
    ```
    """

    code = 'HOT721'
    name = 'component-unknown-action'
    severity = Severity.HINT
    per_entry = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for _, configs in components(analysis):
            for config in configs:
                if config.defaulted:
                    continue
                for action, node in config.actions:
                    if action not in LIFECYCLE:
                        yield Finding(node.start, node.end,
                                      f'Heat\'s lifecycle never triggers the action "{action}"; '
                                      f'it runs on {", ".join(LIFECYCLE)}')
