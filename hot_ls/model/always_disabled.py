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

from bisect import bisect_right
from typing import Any

from hot_ls.model.conditions import ConstantConditions
from hot_ls.model.template import Template
from hot_ls.syntax import Scalar


class AlwaysDisabled:
    """The resources and outputs of one template that never exist, and the resources' spans."""

    def __init__(self, template: Template):
        # (section, name) -> the condition as written ('never'), or None when not a name
        self.conditions: dict[tuple[str, Any], str | None] = {}
        self.spans: list[tuple[int, int, Any, str]] = []  # (start, end, name, condition)
        self._starts: list[int] = []
        if template.version is None or not template.facts.has_conditions:
            return
        constants: ConstantConditions | None = None
        for section, definitions in (('resources', template.resources),
                                     ('outputs', template.outputs)):
            for name, definition in definitions.items():
                node = definition.get('condition')
                if node is None or definition.body is None:
                    continue
                if constants is None:
                    constants = ConstantConditions(
                        {n: c.body for n, c in template.conditions.items()})
                if constants.of_node(node) is not False:
                    continue
                said = node.value if isinstance(node, Scalar) else None
                self.conditions[(section, name)] = str(said) if isinstance(node, Scalar) else None
                if section == 'resources':
                    condition = f'"{said}"' if isinstance(said, str) else 'its condition'
                    self.spans.append((definition.key.start, definition.body.end, name, condition))
        self.spans.sort(key=lambda span: span[0])
        self._starts = [span[0] for span in self.spans]

    def __bool__(self) -> bool:
        return bool(self.spans)

    def is_disabled(self, name: Any, section: str = 'resources') -> bool:
        return (section, name) in self.conditions

    def condition(self, name: Any, section: str = 'resources') -> str:
        """The disabling condition as written, for messages ('its condition' when not a name)."""
        return self.conditions.get((section, name)) or 'its condition'

    def reason(self, start: int, end: int) -> str | None:
        """Why a finding at start..end is no error in Heat, or None when it is one."""
        if not self.spans:
            return None
        i = bisect_right(self._starts, start) - 1
        if i < 0:
            return None
        span_start, span_end, name, condition = self.spans[i]
        if end > span_end:
            return None
        return (f'resource "{name}" is never created: {condition} is false whatever the '
                f'parameters, so Heat does not check it')
