"""Fuzzy matching of a typed word against names: what completion ranks with, and what the
CLI suggests for a name it does not know (`hot-ls catalog show Server`)."""
from __future__ import annotations

from typing import Iterable


def fuzzy_score(word: str, candidate: str) -> int | None:
    """A score when `word` is a subsequence of `candidate` (case-insensitive), else None.

    Higher is better: a prefix match first, then matches at the start of a
    `::`, `_` or `.` separated part, then contiguous runs.
    """
    if not word:
        return 0
    lowered, target = word.lower(), candidate.lower()
    if target.startswith(lowered):
        return 1000 - len(candidate)
    index = target.find(lowered)
    if index != -1:
        at_part = index == 0 or target[index - 1] in ':_.-/'
        return (800 if at_part else 600) - len(candidate)
    position = 0
    for char in lowered:
        position = target.find(char, position)
        if position == -1:
            return None
        position += 1
    return 100 - len(candidate)


def best_matches(word: str, candidates: Iterable[str], limit: int = 3) -> list[str]:
    """The best-scoring candidates that hold `word` whole (case-insensitive: a prefix, or a
    part, as `Server` in OS::Nova::Server), best first; a scattered subsequence is no
    suggestion."""
    scored = []
    for candidate in candidates:
        score = fuzzy_score(word, candidate)
        if score is not None and word and word.lower() in candidate.lower():
            scored.append((-score, candidate))
    return [candidate for _, candidate in sorted(scored)[:limit]]
