"""Every catalog item a template uses, with its support status: types, properties, attributes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from hot_ls.catalog import SupportStatus
from hot_ls.rules.resources.attribute_unknown import attribute_targets
from hot_ls.rules.resources.property_walk import resource_type, walk_template
from hot_ls.syntax import Node, Scalar


@dataclass
class Use:
    label: str  # 'OS::Neutron::Pool', 'Property network_id of OS::Neutron::Port', ...
    node: Node
    status: SupportStatus
    substitute: str | None = None


def uses(ctx) -> list[Use]:
    return ctx.shared('support-uses', lambda: list(_uses(ctx)))


def _uses(ctx) -> Iterator[Use]:
    template = ctx.template
    types = {}
    for res in template.resources.values():
        node = res.get('type')
        rtype = resource_type(ctx, res)
        if rtype is None or not isinstance(node, Scalar):
            continue
        types[res.name] = rtype
        yield Use(rtype.name, node, rtype.support_status, rtype.substitute)
    for used in walk_template(ctx).used:
        rtype = types.get(used.resource)
        if rtype is not None:
            yield Use(f'Property {used.path} of {rtype.name}', used.pair.key,
                      used.schema.support_status)
    for ref, attribute, rtype in attribute_targets(ctx):
        schema = rtype.attribute(attribute.value)
        if schema is not None:
            yield Use(f'Attribute {attribute.value} of {rtype.name}', attribute,
                      schema.support_status)


def step_at_target(ctx, use: Use):
    return use.status.at(ctx.catalog.target)
