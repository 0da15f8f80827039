from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Rule, Severity, Tag
from hot_ls.rules.software._components import COMPONENT
from hot_ls.syntax import Mapping

DEPLOYMENTS = ('OS::Heat::SoftwareDeployment', 'OS::Heat::SoftwareDeploymentGroup',
               'OS::Heat::SoftwareDeployments')


class DeploymentActionsIgnored(Rule):
    """A deployment's `actions` when its config is a SoftwareComponent, which decides them itself.

    ## What it checks
    OS::Heat::SoftwareDeployment (and the group types) whose `config` is a
    `get_resource` of an OS::Heat::SoftwareComponent, and that also set
    `actions`.

    ## Why it matters
    With a component, each config carries its own actions and the
    deployment's `actions` property is ignored.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      component:
        type: OS::Heat::SoftwareComponent
        properties:
          configs:
            - {actions: [CREATE], tool: script, config: echo hi}
      deployment:
        type: OS::Heat::SoftwareDeployment
        properties:
          config: {get_resource: component}
          server: server-id
          actions: [CREATE]
    ```

    ## Fix
    Remove `actions` and set the actions in the component's configs.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      component:
        type: OS::Heat::SoftwareComponent
        properties:
          configs:
            - {actions: [CREATE], tool: script, config: echo hi}
      deployment:
        type: OS::Heat::SoftwareDeployment
        properties:
          config: {get_resource: component}
          server: server-id
    ```
    """

    code = 'HOT722'
    name = 'deployment-actions-ignored'
    severity = Severity.HINT
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for ref in analysis.checking.references():
            if ref.kind != RESOURCE or ref.via != 'get_resource' or ref.owner is None:
                continue
            if ref.owner[0] != 'resources' or ref.field != 'properties':
                continue
            deployment = template.resources.get(ref.owner[1])
            target = template.resources.get(ref.name)
            if deployment is None or target is None:
                continue
            dtype, ttype = analysis.resource_type(deployment), analysis.resource_type(target)
            if dtype is None or ttype is None or dtype.name not in DEPLOYMENTS or ttype.name != COMPONENT:
                continue
            props = deployment.get('properties')
            if not isinstance(props, Mapping) or props.get('config') is not ref.call.node:
                continue
            actions = props.pair('actions')
            if actions is not None:
                yield Finding(actions.key.start, actions.key.end,
                              f'"actions" is ignored: the config is the SoftwareComponent '
                              f'"{ref.name}", whose configs say their own actions',
                              tags=(Tag.UNNECESSARY,))
