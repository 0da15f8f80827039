"""Close matches for a misspelt name, and how a message offers them."""
from __future__ import annotations

import difflib
import functools
from typing import Any, Iterable


def did_you_mean(name: Any, candidates: Iterable[Any], cutoff: float = 0.6) -> list[str]:
    """Close matches for a misspelt name, best first (at most three)."""
    if not isinstance(name, str):
        return []
    return list(_close_matches(name, tuple(c for c in candidates if isinstance(c, str)), cutoff))


@functools.lru_cache(maxsize=256)
def _close_matches(name: str, pool: tuple[str, ...], cutoff: float) -> tuple[str, ...]:
    """did_you_mean's, remembered: the entries that name one missing parameter ask alike."""
    matches = difflib.get_close_matches(name, pool, n=3, cutoff=cutoff)
    if not matches:
        lowered = {c.lower(): c for c in pool}
        if name.lower() in lowered:
            matches = [lowered[name.lower()]]
    return tuple(matches)


def suggestion_text(matches: list[str]) -> str:
    if not matches:
        return ''
    if len(matches) == 1:
        return f'; did you mean "{matches[0]}"?'
    return '; did you mean ' + ' or '.join(f'"{m}"' for m in matches) + '?'


def edit_distance(a: str, b: str, limit: int) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from a to b; limit + 1 past limit.

    Only the band of cells within `limit` of the diagonal is computed: beyond it the
    distance already exceeds the limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    over = limit + 1
    width = len(b) + 1
    previous2 = [over] * width
    previous = [j if j <= limit else over for j in range(width)]
    for i in range(1, len(a) + 1):
        current = [over] * width
        if i <= limit:
            current[0] = i
        low, high = max(1, i - limit), min(len(b), i + limit)
        best = current[0]
        for j in range(low, high + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value if value <= limit else over
            best = min(best, current[j])
        if best > limit:
            return over
        previous2, previous = previous, current
    return previous[-1] if previous[-1] <= limit else over


def near_misses(name: str, candidates: Iterable[str], limit: int = 2) -> list[str]:
    """The candidates at most `limit` edits from name, closest first (at most three)."""
    size = len(name)
    scored = sorted((edit_distance(name, c, limit), c) for c in candidates
                    if c != name and abs(len(c) - size) <= limit)
    return [c for distance, c in scored if distance <= limit][:3]
