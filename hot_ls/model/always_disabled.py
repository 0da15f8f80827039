"""Resources Heat never creates: their condition is false whatever the parameters are.

Heat checks a resource's type, properties, attributes, references and
dependencies when it builds the resource object, and it builds none for a
resource whose condition is false.  So `condition: never` with
`never: false` (or any condition folded from constants) makes those errors
disappear from Heat's answer, while the definition itself (its keys, its
deletion policy's spelling, its functions' argument shapes) is still
validated.  Rules marked `checked_when_created` report inside such a
resource as warnings, saying why (the analysis keeps one `AlwaysDisabled`
for the engine and the rules: `Analysis.always_disabled`).
"""
from __future__ import annotations

from typing import Any

from hot_ls.model.conditions import ConstantConditions
from hot_ls.model.template import Template
from hot_ls.syntax import Scalar


class AlwaysDisabled:
    """The resources and outputs of one template that never exist (each decided when first
    asked about)."""

    def __init__(self, template: Template):
        self.template = template
        self._conditions: dict[tuple[str, Any], str | None | bool] = {}
        self._constants: ConstantConditions | None = None

    def _disabling(self, name: Any, section: str) -> str | None | bool:
        """The disabling condition as written (None when not a name), or False when the
        resource (or output) may exist."""
        key = (section, name)
        found = self._conditions.get(key)
        if found is None and key not in self._conditions:
            found = self._conditions[key] = self._decide(name, section)
        return found

    def _decide(self, name: Any, section: str) -> str | None | bool:
        template = self.template
        if template.version is None or not template.facts.has_conditions:
            return False
        definition = (template.resources if section == 'resources' else template.outputs).get(name)
        node = definition.get('condition') if definition is not None else None
        if node is None:
            return False
        if self._constants is None:
            self._constants = ConstantConditions({n: c.body for n, c in template.conditions.items()})
        if self._constants.of_node(node) is not False:
            return False
        return str(node.value) if isinstance(node, Scalar) else None

    def is_disabled(self, name: Any, section: str = 'resources') -> bool:
        return self._disabling(name, section) is not False

    def condition(self, name: Any, section: str = 'resources') -> str:
        """The disabling condition as written, for messages ('its condition' when not a name)."""
        found = self._disabling(name, section)
        return found or 'its condition'
