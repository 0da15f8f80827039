"""What a rule gets to look at: the document, its model, the settings, the language facts."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Iterable

from hot_ls.config import Settings
from hot_ls.language import Language, language
from hot_ls.model.document import Kind
from hot_ls.model.template import Template
from hot_ls.syntax import SyntaxTree


@dataclass
class Context:
    tree: SyntaxTree
    kind: Kind
    path: str | None = None
    settings: Settings = field(default_factory=Settings)
    _template: Template | None = None
    # Results several rules share (e.g. one walk of all properties), by key.
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.tree.text

    @property
    def language(self) -> Language:
        return language()

    @property
    def template(self) -> Template:
        """The HOT model (built once, on first use)."""
        if self._template is None:
            self._template = Template(self.tree, self.path)
        return self._template


    @property
    def catalog(self):
        """The resource catalog the settings produce (bundled, cloud dumps, plugins)."""
        if 'catalog' not in self.cache:
            from hot_ls.catalog import effective_catalog
            self.cache['catalog'] = effective_catalog(self.settings)
        return self.cache['catalog']

    def shared(self, key: str, compute):
        """Compute something once for all the rules that need it."""
        if key not in self.cache:
            self.cache[key] = compute()
        return self.cache[key]


def did_you_mean(name: Any, candidates: Iterable[Any], cutoff: float = 0.6) -> list[str]:
    """Close matches for a misspelt name, best first (at most three)."""
    if not isinstance(name, str):
        return []
    pool = [c for c in candidates if isinstance(c, str)]
    matches = difflib.get_close_matches(name, pool, n=3, cutoff=cutoff)
    if not matches:
        lowered = {c.lower(): c for c in pool}
        if name.lower() in lowered:
            matches = [lowered[name.lower()]]
    return matches


def suggestion_text(matches: list[str]) -> str:
    if not matches:
        return ''
    if len(matches) == 1:
        return f'; did you mean "{matches[0]}"?'
    return '; did you mean ' + ' or '.join(f'"{m}"' for m in matches) + '?'
