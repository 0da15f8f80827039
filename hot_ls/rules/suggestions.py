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


def edit_distance(a: str, b: str, limit: int) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from a to b; limit + 1 past limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1] if previous[-1] <= limit else limit + 1


def near_misses(name: str, candidates: Iterable[str], limit: int = 2) -> list[str]:
    """The candidates at most `limit` edits from name, closest first (at most three)."""
    scored = sorted((edit_distance(name, c, limit), c) for c in candidates if c != name)
    return [c for distance, c in scored if distance <= limit][:3]
