from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.software._components import components


class ComponentDuplicateAction(Rule):
    """Two configs of a SoftwareComponent run on the same lifecycle action.

    ## What it checks
    Each action (CREATE, UPDATE, ...) may appear in at most one entry of an
    OS::Heat::SoftwareComponent's `configs`.  An entry without `actions`
    runs on Heat's default, CREATE and UPDATE.

    ## Why it matters
    Heat cannot order two configurations for one action and refuses the
    stack: 'Defining more than one configuration for the same action in
    SoftwareComponent "name" is not allowed.'

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      component:
        type: OS::Heat::SoftwareComponent
        properties:
          configs:
            - actions: [CREATE]
              tool: script
              config: echo create
            - tool: script            # defaults to [CREATE, UPDATE]
              config: echo update
    ```

    ## Fix
    Give each config its own actions.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      component:
        type: OS::Heat::SoftwareComponent
        properties:
          configs:
            - actions: [CREATE]
              tool: script
              config: echo create
            - actions: [UPDATE]
              tool: script
              config: echo update
    ```
    """

    code = 'HOT720'
    name = 'component-duplicate-action'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for name, configs in components(analysis):
            seen: dict[str, object] = {}
            for config in configs:
                for action, node in config.actions:
                    first = seen.get(action)
                    if first is None:
                        seen[action] = node
                        continue
                    message = (f'Defining more than one configuration for the same action in '
                               f'SoftwareComponent "{name}" is not allowed: {action} is already '
                               'in an earlier config')
                    if config.defaulted:
                        message += ' (this config has no actions, so it runs on CREATE and UPDATE)'
                    if config.defaulted:  # point at the config's first key: it has no actions
                        first_key = config.config.pairs[0].key if config.config.pairs else config.config
                        start, end = first_key.start, first_key.end
                    else:
                        start, end = node.start, node.end
                    yield Finding(start, end, message,
                                  related=[Related(first.start, first.end, f'{action} first here')])
