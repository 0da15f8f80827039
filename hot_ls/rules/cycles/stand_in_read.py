from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.plugins.dependencies import GATEWAY, INTERFACE, SUBNET, waiting
from hot_ls.rules.plugins.values import resource_state

#: what a router gateway's add_dependencies reads, with `[]`, of each resource that has the
#: interface, in the order it asks (heat/engine/resources/openstack/neutron/router.py)
_READS = ((INTERFACE, 'router'), (SUBNET, 'network'))


class StandInRead(Rule):
    """A resource Heat takes for a router interface or a subnet when it orders the stack,
    whose type stands in without the property Heat reads there.

    ## What it checks
    Before a stack create validates anything, Heat orders the resources,
    and a router gateway (the hidden OS::Neutron::RouterGateway) waits for
    every router interface of its router and every subnet of its network.
    It recognises them by the type the template writes
    (`Resource.has_interface`), and reads their `router` and `network`
    properties directly.  A resource written as OS::Neutron::RouterInterface
    (or Subnet) that an environment maps to another type (OS::Heat::None, a
    provider template without that parameter) has no such property: the
    read raises, and the create fails with Heat's bare `'Invalid Property
    router'`.  Only resources created under the inputs count, and only a
    stack that has a router gateway.

    ## Why it matters
    `openstack stack create` refuses the stack with a message that names
    neither resource; `openstack orchestration template validate` accepts
    it.  Mapping an interface to OS::Heat::None to switch it off is the
    usual way to get there.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      router:
        type: OS::Neutron::Router
      interface:
        type: OS::Neutron::RouterInterface
        properties: {router: {get_resource: router}, subnet: private}
      gateway:
        type: OS::Neutron::RouterGateway  # hot-ls: disable=HOT708
        properties: {router_id: {get_resource: router}, network: public}
    ```
    created with the environment
    ```yaml
    # env: env.yaml
    resource_registry:
      OS::Neutron::RouterInterface: OS::Heat::None
    ```

    ## Fix
    Set the gateway on the router (its `external_gateway_info`), which
    reads no other resource, or switch the interface off with a `condition`
    instead of the registry.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      router:
        type: OS::Neutron::Router
        properties:
          external_gateway_info: {network: public}
    ```
    """

    code = 'HOT504'
    name = 'stand-in-read'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        resources = template.resources
        # (the gateways, in the template's order, as the implicit dependencies found them)
        gateways = [resources[name] for name in waiting(analysis).members.get(GATEWAY, ())
                    if resource_state(analysis, name).enabled is True]
        if not gateways:
            return
        gateway = gateways[0]  # (the first to order the stack: Heat stops at its error)
        for definition in resources.values():
            if definition.mapping is None or not isinstance(definition.type_name, str):
                continue
            for interface, key in _READS:
                lacking = _stand_in(analysis, definition, interface, key)
                if lacking is None:
                    continue
                if resource_state(analysis, definition.name).enabled is not True:
                    break
                node = definition.get('type')
                where = gateway.get('type') or gateway.key
                yield Finding(
                    node.start, node.end,
                    f"'Invalid Property {key}' (Heat takes {definition.name} for an "
                    f'{interface} when it orders the stack, and the router gateway '
                    f'{gateway.name} reads its {key}; it is {lacking} here, which has no '
                    f'property {key})',
                    related=[Related(where.start, where.end,
                                     f'{gateway.name} reads the {key} of each {interface}')])
                break


def _stand_in(analysis, definition, interface: str, key: str) -> str | None:
    """What the resource is, when Heat's has_interface(`interface`) holds for it and its type
    has no property `key` (None: it is not taken for one, or has the property, or hot-ls
    does not know its type)."""
    resolved = analysis.type_resolution(definition)
    entry = resolved.resolution.entry
    if definition.type_name != interface and (entry is None or entry.name != interface):
        return None
    rtype = resolved.type
    if rtype is None or key in rtype.properties:
        return None
    if resolved.is_provider:
        return f'the provider template {resolved.provider.reference}'
    return rtype.name
