"""The literal `configs` of each OS::Heat::SoftwareComponent, with their actions."""
from __future__ import annotations

from dataclasses import dataclass

from hot_ls.syntax import Mapping, Node, Scalar, Sequence

COMPONENT = 'OS::Heat::SoftwareComponent'
LIFECYCLE = ('CREATE', 'DELETE', 'SUSPEND', 'RESUME', 'UPDATE')
DEFAULT_ACTIONS = ('CREATE', 'UPDATE')


@dataclass
class ConfigActions:
    config: Mapping  # one item of `configs`
    actions: list[tuple[str, Node]]  # each action with the node that says it
    defaulted: bool  # no `actions`: Heat's default [CREATE, UPDATE]


def components(analysis):
    """(resource name, [ConfigActions]) for each component `analysis.checking` holds whose
    configs are literal."""
    template = analysis.template
    for res in analysis.checking.resources:
        rtype = analysis.resource_type(res)
        if rtype is None or rtype.name != COMPONENT:
            continue
        name = res.name
        calls = template.entry_walk(res).call_nodes
        props = res.get('properties')
        configs = props.get('configs') if isinstance(props, Mapping) else None
        if not isinstance(configs, Sequence) or id(configs) in calls:
            continue
        found = []
        for item in configs.items:
            if not isinstance(item, Mapping) or id(item) in calls:
                continue
            actions = item.get('actions')
            if actions is None:
                found.append(ConfigActions(item, [(a, item) for a in DEFAULT_ACTIONS], True))
            elif isinstance(actions, Sequence) and id(actions) not in calls:
                found.append(ConfigActions(item, [(a.value, a) for a in actions.items
                                                  if isinstance(a, Scalar) and isinstance(a.value, str)],
                                           False))
        yield name, found
