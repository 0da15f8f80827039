"""Close matches for a misspelt name, and how a message offers them."""
from __future__ import annotations

import difflib
from typing import Any, Iterable


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
