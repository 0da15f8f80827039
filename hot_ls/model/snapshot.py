"""What a section's definitions were at one template of a document, to tell what a later
template of the same document changed.

An incremental analysis (hot_ls.rules.incremental) builds each template from the
previous one: the entries the edit did not touch keep their Definition objects
(hot_ls.model.template).  A whole-template check that derives something from every
entry of a section (a dependency graph, which resources some plugin waits for) keeps
it in `Template.carried` with a snapshot of the section, and the next template asks the
snapshot which definitions changed: none, for an edit elsewhere, so the check reuses
what it derived without a look at each entry; a few, and it derives only theirs again.
"""
from __future__ import annotations

from operator import is_
from typing import Any

from hot_ls.model.symbols import Definition


class Snapshot:
    """The names and Definition objects of one section, in order."""

    __slots__ = ('names', 'definitions', 'source')

    def __init__(self, definitions: dict[Any, Definition]):
        self.names = list(definitions)
        self.definitions = list(definitions.values())
        #: the dictionary itself: a template whose edit was in another section has the
        #: previous one's (model.template; nothing changes a template's definitions)
        self.source = definitions

    def changed(self, definitions: dict[Any, Definition]) -> list[int] | None:
        """The positions whose Definition is another object in `definitions` (the section
        now), or None when its names (or their order) changed."""
        if definitions is self.source:
            return []
        if len(definitions) != len(self.names) or list(definitions) != self.names:
            return None
        now = list(definitions.values())
        if all(map(is_, now, self.definitions)):
            return []
        return [index for index, (new, old) in enumerate(zip(now, self.definitions))
                if new is not old]
