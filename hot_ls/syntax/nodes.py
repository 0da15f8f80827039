"""The spanned YAML tree: every key, value, item and scalar knows where it is.

Offsets are code-point indices into the document text, `start` inclusive and
`end` exclusive.  Values are already resolved the way Heat's loader resolves
them (see `scalars`), so later layers never look at YAML tags again.

Anchored nodes are shared: an alias is the very node it names, as in PyYAML's
composer, so `node is other` tells that two places are one value.

A node's offsets count from its `origin`: `start` is the stored `_start` plus
the origin's offset.  A parse gives every node the `FIXED` origin (offset 0,
never moved), so its stored offsets are its offsets.  An incremental re-parse
(syntax.incremental) gives each top-level entry it has to move its own origin
once, and from then on moves the whole entry by changing one integer: typing in
the first lines of a 10,000-line template shifts no node.
"""
from __future__ import annotations

from typing import Any, Iterator


class Origin:
    """What the offsets of a set of nodes (one top-level entry's) count from."""

    __slots__ = ('offset',)

    def __init__(self, offset: int = 0):
        self.offset = offset


FIXED = Origin()
"""The origin of every node a parse makes: offset 0, never moved."""


class Node:
    """`start` inclusive and `end` exclusive, read and written through the node's origin.
    (Code that makes nodes and has not handed them out yet may use `_start` and `_end`
    while the origin is FIXED.)"""

    __slots__ = ('_start', '_end', 'origin')

    @property
    def start(self) -> int:
        return self._start + self.origin.offset

    @start.setter
    def start(self, value: int) -> None:
        self._start = value - self.origin.offset

    @property
    def end(self) -> int:
        return self._end + self.origin.offset

    @end.setter
    def end(self, value: int) -> None:
        self._end = value - self.origin.offset

    def to_python(self, memo: dict[int, Any] | None = None) -> Any:  # pragma: no cover - overridden
        """The plain Python value.  An aliased node becomes one shared object, as in PyYAML
        (so a "billion laughs" document costs its size, not its expansion); `memo` carries
        the objects built so far."""
        raise NotImplementedError


class Scalar(Node):
    """A scalar with its resolved value; `style` is '' for plain, or the quote or block indicator."""

    __slots__ = ('value', 'style')

    def __init__(self, value: Any, start: int, end: int, style: str = ''):
        self.value = value
        self._start = start
        self._end = end
        self.origin = FIXED
        self.style = style

    def to_python(self, memo: dict[int, Any] | None = None) -> Any:
        return self.value

    def __repr__(self) -> str:
        return f'Scalar({self.value!r}@{self.start}:{self.end})'


class Pair:
    """A mapping entry.  `merged` is True when it came in through a `<<` merge key."""

    __slots__ = ('key', 'value', 'merged')

    def __init__(self, key: Node, value: Node, merged: bool = False):
        self.key = key
        self.value = value
        self.merged = merged

    def __repr__(self) -> str:
        return f'Pair({self.key!r}: {self.value!r})'


class Mapping(Node):
    """A mapping.

    `pairs` are the entries written in this mapping, in source order (merge
    keys excluded).  `index` is what Heat sees: resolved key -> the entry whose
    value wins (the last duplicate; explicit keys over merged ones).
    """

    __slots__ = ('pairs', 'index', 'flow')

    def __init__(self, start: int, end: int, flow: bool = False):
        self._start = start
        self._end = end
        self.origin = FIXED
        self.flow = flow
        self.pairs: list[Pair] = []
        self.index: dict[Any, Pair] = {}

    def get(self, key: Any) -> Node | None:
        pair = self.index.get(key)
        return pair.value if pair is not None else None

    def pair(self, key: Any) -> Pair | None:
        return self.index.get(key)

    def __contains__(self, key: Any) -> bool:
        return key in self.index

    def __len__(self) -> int:
        return len(self.index)

    def items(self) -> Iterator[tuple[Any, Pair]]:
        return iter(self.index.items())

    def keys(self):
        return self.index.keys()

    def to_python(self, memo: dict[int, Any] | None = None) -> dict:
        if memo is None:
            memo = {}
        elif id(self) in memo:
            return memo[id(self)]
        result: dict = {}
        memo[id(self)] = result
        for key, pair in self.index.items():
            result[key] = pair.value.to_python(memo)
        return result

    def __repr__(self) -> str:
        return f'Mapping({len(self.index)} keys@{self.start}:{self.end})'


class Sequence(Node):
    __slots__ = ('items', 'flow')

    def __init__(self, start: int, end: int, flow: bool = False):
        self._start = start
        self._end = end
        self.origin = FIXED
        self.flow = flow
        self.items: list[Node] = []

    def __len__(self) -> int:
        return len(self.items)

    def to_python(self, memo: dict[int, Any] | None = None) -> list:
        if memo is None:
            memo = {}
        elif id(self) in memo:
            return memo[id(self)]
        result: list = []
        memo[id(self)] = result
        result.extend(item.to_python(memo) for item in self.items)
        return result

    def __repr__(self) -> str:
        return f'Sequence({len(self.items)} items@{self.start}:{self.end})'


def scalar_value(node: Node | None, default: Any = None) -> Any:
    """The value of a scalar node, or `default` for anything else."""
    return node.value if isinstance(node, Scalar) else default


def string_value(node: Node | None) -> str | None:
    """The value of a scalar node that holds a string, else None."""
    if isinstance(node, Scalar) and isinstance(node.value, str):
        return node.value
    return None
