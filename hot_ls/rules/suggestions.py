"""Close matches for a misspelt name, and how a message offers them."""
from __future__ import annotations

import difflib
import functools
import heapq
from collections import Counter
from typing import Any, Iterable

from hot_ls.language import constraints as constr
from hot_ls.rules.base import Finding


def did_you_mean(name: Any, candidates: Iterable[Any], cutoff: float = 0.6) -> list[str]:
    """Close matches for a misspelt name, best first (at most three)."""
    if not isinstance(name, str):
        return []
    return list(_close_matches(name, tuple(c for c in candidates if isinstance(c, str)), cutoff))


@functools.lru_cache(maxsize=256)
def _close_matches(name: str, pool: tuple[str, ...], cutoff: float) -> tuple[str, ...]:
    """did_you_mean's, remembered: the entries that name one missing parameter ask alike."""
    matches = close_matches(name, pool, 3, cutoff)
    if not matches:
        lowered = {c.lower(): c for c in pool}
        if name.lower() in lowered:
            matches = [lowered[name.lower()]]
    return tuple(matches)


def close_matches(word: str, pool: tuple[str, ...], n: int, cutoff: float) -> list[str]:
    """`difflib.get_close_matches(word, pool, n, cutoff)`, the same list, found faster.

    difflib scores every candidate that passes its upper bounds (lengths, then shared
    characters: the second is never above the first, so it alone decides); a misspelt
    parameter among hundreds of like names (t0_image, t1_image...) passes them for a
    third of the pool, and each full score costs as much as the rest together.  Here the
    candidates are scored best bound first, and the search stops once no bound left can
    reach the n-th best score: a candidate left out scores strictly less than every
    match kept, so it is out of difflib's list too (difflib breaks a tie of scores by
    the larger string: candidates whose bound equals the n-th score are still scored).
    Bounds and scores are remembered per word: while a name is typed, the same missing
    name is looked up again among a pool that changed by one name."""
    memo = _memo(word)
    bounds, scores = memo.bounds, memo.scores
    bounded = []
    for candidate in pool:
        bound = bounds.get(candidate)
        if bound is None:
            bound = bounds[candidate] = memo.bound(candidate)
        if bound >= cutoff:
            bounded.append((bound, candidate))
    bounded.sort(key=lambda item: item[0], reverse=True)
    scored: list[tuple[float, str]] = []
    for bound, candidate in bounded:
        if len(scored) >= n and bound < heapq.nlargest(n, scored)[-1][0]:
            break
        score = scores.get(candidate)
        if score is None:
            score = scores[candidate] = memo.score(candidate)
        if score >= cutoff:
            scored.append((score, candidate))
    return [candidate for score, candidate in heapq.nlargest(n, scored)]


class _Word:
    """What close_matches found of one word: each candidate's bound and score."""

    __slots__ = ('bounds', 'scores', '_size', '_counts', '_matcher')

    def __init__(self, word: str):
        self.bounds: dict[str, float] = {}
        self.scores: dict[str, float] = {}
        self._size = len(word)
        self._counts = Counter(word)
        self._matcher = difflib.SequenceMatcher()
        self._matcher.set_seq2(word)

    def bound(self, candidate: str) -> float:
        """difflib's quick_ratio: the characters the two have in common."""
        wanted = self._counts
        shared = 0
        for char, count in _characters(candidate):
            have = wanted.get(char)
            if have:
                shared += count if count < have else have
        return _ratio(shared, len(candidate) + self._size)

    def score(self, candidate: str) -> float:
        """difflib's ratio, as get_close_matches computes it (the candidate first)."""
        matcher = self._matcher
        matcher.set_seq1(candidate)
        return matcher.ratio()


_memo = functools.lru_cache(maxsize=64)(_Word)


@functools.lru_cache(maxsize=4096)
def _characters(candidate: str) -> tuple[tuple[str, int], ...]:
    """Each character of a candidate with how often it occurs, remembered: every new word
    typed (a misspelt name, one character longer at each keystroke) is bounded against the
    same candidates."""
    return tuple(Counter(candidate).items())


def _ratio(matches: int, length: int) -> float:
    """difflib's score of `matches` shared elements among `length` (its _calculate_ratio)."""
    return 2.0 * matches / length if length else 1.0


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


def allowed_matches(constraint, value: Any) -> list[str]:
    """The allowed values a string that an allowed_values constraint refuses looks like
    (`TCP` for `tcp`, `ingres` for `ingress`): did-you-mean's, for the message and the
    quick fix.  Nothing for a value that is allowed: refused for another reason (an allowed
    value its parameter's type refuses), it has nothing to look like."""
    if not isinstance(constraint, constr.AllowedValues) or not isinstance(value, str) \
            or value in constraint.allowed:
        return []
    return did_you_mean(value, [a for a in constraint.allowed if isinstance(a, str)])


def misspelt_key(body: Any, wanted: str, valid: Iterable[str]) -> str | None:
    """The key of a mapping without `wanted` that looks like it (`propertise` for
    `properties`: not one of the `valid` keys, and `wanted` its first did-you-mean), whose
    rename would give the mapping what was written under it; else None."""
    index = getattr(body, 'index', None)
    if index is None or wanted in index:
        return None
    valid = tuple(valid)
    for key in index:
        if isinstance(key, str) and key not in valid and did_you_mean(key, valid)[:1] == [wanted]:
            return key
    return None


def missing_key(at: Any, body: Any, wanted: str, valid: Iterable[str], message: str) -> Finding:
    """The finding, on `at` (the entry's name), that `body` lacks `wanted`: naming the key that
    looks like it when there is one (data `misspelt` and `meant`, for the quick fix that renames
    it; the key's own diagnostic names it too)."""
    typo = misspelt_key(body, wanted, valid)
    if typo is None:
        return Finding(at.start, at.end, message)
    return Finding(at.start, at.end, message + f' ("{typo}" may be it, misspelt)',
                   data={'misspelt': typo, 'meant': wanted})
