"""Every catalog item a template uses, with its support status: types, properties, attributes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from hot_ls.catalog import SupportStatus
from hot_ls.analysis.entries import WALKED
from hot_ls.catalog.support import SUPPORTED
from hot_ls.model.symbols import Definition
from hot_ls.rules.resources.attribute_unknown import attribute_targets
from hot_ls.rules.resources.property_walk import resource_walk
from hot_ls.syntax import Node, Scalar


@dataclass
class Use:
    """A used item whose status at the target release is worth a word (not plainly supported)."""

    label: str  # 'OS::Neutron::Pool', 'Property network_id of OS::Neutron::Port', ...
    node: Node
    status: SupportStatus
    substitute: str | None = None
    step: Any = None  # the status step in effect in the target release (None: not there yet)


def uses(analysis, definition: Definition) -> list[Use]:
    """The notable uses in one entry, found once per analysis for the support-status rules."""
    return analysis.derived_for(_entry_uses, definition)


def checked_uses(analysis) -> Iterator[Use]:
    """The notable uses in the entries `analysis.checking` holds."""
    for definition in analysis.checking.all(WALKED):
        yield from uses(analysis, definition)


def _entry_uses(analysis, definition: Definition) -> list[Use]:
    return list(_uses(analysis, definition))


def _uses(analysis, definition: Definition) -> Iterator[Use]:
    """Only the uses with something to say: most items are plainly supported, and skipped
    after one look per distinct status (statuses are shared by every use of a schema)."""
    template = analysis.template
    notable = analysis.derived(_Verdicts)
    if definition.section == 'resources':
        node = definition.get('type')
        rtype = analysis.resource_type(definition)
        if rtype is not None and isinstance(node, Scalar):
            step, worth = notable(rtype.support_status)
            if worth:
                yield Use(rtype.name, node, rtype.support_status, rtype.substitute, step)
            for used in resource_walk(analysis, definition).used:
                step, worth = notable(used.schema.support_status)
                if worth:
                    yield Use(f'Property {used.path} of {rtype.name}', used.pair.key,
                              used.schema.support_status, None, step)
    for ref, attribute, rtype in attribute_targets(analysis, template.references_in(definition)):
        schema = rtype.attribute(attribute.value)
        if schema is None:
            continue
        step, worth = notable(schema.support_status)
        if worth:
            yield Use(f'Attribute {attribute.value} of {rtype.name}', attribute,
                      schema.support_status, None, step)


class _Verdicts:
    """(the status step at the target release, whether it is worth a word) of each status,
    looked at once per analysis."""

    def __init__(self, analysis):
        self.target = analysis.catalog.target
        self.verdicts: dict[int, Any] = {}

    def __call__(self, status: SupportStatus):
        found = self.verdicts.get(id(status))
        if found is None:
            step = status.at(self.target)
            found = self.verdicts[id(status)] = (step, step is None or step.status != SUPPORTED)
        return found
