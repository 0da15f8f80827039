"""The entries of a HOT template, checked one by one: which of them a run checks.

A HOT template's *entries* are the definitions of its four sections
(parameters, resources, outputs, conditions); everything else (the version,
the description, `parameter_groups`, the sections' keys) is its *frame*.
Most rules check entries one by one (`Rule.per_entry`): what they find about
an entry is found while they look at it, and depends only on the entry, on
what it depends on (hot_ls.rules.incremental) and on the frame.  Such a rule
looks at the entries through `analysis.checking`: every entry when a
document is checked from scratch, only those an edit affected when it is
checked again (the others' findings are kept).  The iterators say which
entry a rule is looking at (`current`), which is how the rules engine knows
whose finding each one is.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator

from hot_ls.model.symbols import Definition, FunctionCall, Reference
from hot_ls.model.template import Template

#: the sections whose definitions are entries, in the order the model walks them
WALKED = ('resources', 'outputs', 'conditions')
SECTIONS = ('parameters', 'resources', 'outputs', 'conditions')

Key = tuple[str, Any]  # (section, name)


class Checking:
    """The entries one run of the per-entry rules looks at (all of them by default)."""

    def __init__(self, template: Template, keys: Iterable[Key] | None = None):
        self.template = template
        #: the entry a rule is looking at (None: the frame)
        self.current: Definition | None = None
        if keys is None:
            self._chosen = None
        else:
            chosen: dict[str, list[Definition]] = {section: [] for section in SECTIONS}
            wanted = set(keys)
            for section in SECTIONS:
                definitions = getattr(template, section)
                for key in wanted:
                    if key[0] == section and key[1] in definitions:
                        chosen[section].append(definitions[key[1]])
                chosen[section].sort(key=lambda definition: definition.key.start)
            self._chosen = chosen

    @property
    def everything(self) -> bool:
        return self._chosen is None

    def definitions(self, section: str) -> list[Definition]:
        if self._chosen is None:
            return list(getattr(self.template, section).values())
        return self._chosen[section]

    def entries(self, section: str) -> Iterator[Definition]:
        """The checked definitions of `section`, each one `current` while it is looked at."""
        for definition in self.definitions(section):
            self.current = definition
            yield definition
        self.current = None

    @property
    def parameters(self) -> Iterator[Definition]:
        return self.entries('parameters')

    @property
    def resources(self) -> Iterator[Definition]:
        return self.entries('resources')

    @property
    def outputs(self) -> Iterator[Definition]:
        return self.entries('outputs')

    @property
    def conditions(self) -> Iterator[Definition]:
        return self.entries('conditions')

    def all(self, sections: Iterable[str] = SECTIONS) -> Iterator[Definition]:
        for section in sections:
            yield from self.entries(section)

    def references(self) -> Iterator[Reference]:
        """The checked entries' references, in the model's order (as `template.references`
        lists them, without parameter_groups')."""
        walk = self.template.entry_walk
        for definition in self.all(WALKED):
            yield from walk(definition).references

    def calls(self) -> Iterator[FunctionCall]:
        walk = self.template.entry_walk
        for definition in self.all(WALKED):
            yield from walk(definition).calls

    def lookalikes(self) -> Iterator[tuple]:
        walk = self.template.entry_walk
        for definition in self.all(WALKED):
            yield from walk(definition).lookalikes


def span(definition: Definition) -> tuple[int, int]:
    """Where an entry is written: from its key to the end of its value."""
    return definition.key.start, max(definition.key.end, definition.body.end)
