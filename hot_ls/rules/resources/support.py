"""Every catalog item a template uses, with its support status: types, properties, attributes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from hot_ls.catalog import SupportStatus
from hot_ls.catalog.support import SUPPORTED
from hot_ls.rules.resources.attribute_unknown import attribute_targets
from hot_ls.rules.resources.property_walk import walk_template
from hot_ls.syntax import Node, Scalar


@dataclass
class Use:
    """A used item whose status at the target release is worth a word (not plainly supported)."""

    label: str  # 'OS::Neutron::Pool', 'Property network_id of OS::Neutron::Port', ...
    node: Node
    status: SupportStatus
    substitute: str | None = None
    step: Any = None  # the status step in effect in the target release (None: not there yet)


def uses(analysis) -> list[Use]:
    """The notable uses, found once per analysis for the support-status rules."""
    return analysis.derived(_all_uses)


def _all_uses(analysis) -> list[Use]:
    return list(_uses(analysis))


def _uses(analysis) -> Iterator[Use]:
    """Only the uses with something to say: most items are plainly supported, and skipped
    after one look per distinct status (statuses are shared by every use of a schema)."""
    template = analysis.template
    target = analysis.catalog.target
    verdicts: dict[int, Any] = {}

    def notable(status: SupportStatus):
        found = verdicts.get(id(status))
        if found is None:
            step = status.at(target)
            found = verdicts[id(status)] = (step, step is None or step.status != SUPPORTED)
        return found

    types = {}
    for res in template.resources.values():
        node = res.get('type')
        rtype = analysis.resource_type(res)
        if rtype is None or not isinstance(node, Scalar):
            continue
        types[res.name] = rtype
        step, worth = notable(rtype.support_status)
        if worth:
            yield Use(rtype.name, node, rtype.support_status, rtype.substitute, step)
    for used in walk_template(analysis).used:
        rtype = types.get(used.resource)
        if rtype is None:
            continue
        step, worth = notable(used.schema.support_status)
        if worth:
            yield Use(f'Property {used.path} of {rtype.name}', used.pair.key,
                      used.schema.support_status, None, step)
    for ref, attribute, rtype in attribute_targets(analysis):
        schema = rtype.attribute(attribute.value)
        if schema is None:
            continue
        step, worth = notable(schema.support_status)
        if worth:
            yield Use(f'Attribute {attribute.value} of {rtype.name}', attribute,
                      schema.support_status, None, step)

