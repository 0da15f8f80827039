"""Conditions whose value does not depend on any parameter.

Heat drops a resource whose condition is false; a reference to it then
fails.  Deciding conditions in general needs parameter values (the
evaluator's job); this module only folds what is constant in the text:
booleans, names of constant conditions, `not`/`and`/`or` of constants and
`equals` of two literals.
"""
from __future__ import annotations

from typing import Any

from hot_ls.syntax import Mapping, Node, Scalar, Sequence

_IN_PROGRESS = object()

#: How many conditions deep a name is followed through others' definitions (Heat's own
#: resolution recurses, and fails at a few hundred); deeper is not folded (None).
MAX_CHAIN = 100


class ConstantConditions:
    def __init__(self, definitions: dict[Any, Node]):
        self.definitions = definitions
        self.cache: dict[Any, Any] = {}
        self._chain = 0  # names being resolved now, one inside another
        self.cuts = 0  # how many times a lookup went round a cycle or stopped at MAX_CHAIN

    def of_name(self, name: Any) -> bool | None:
        """The constant value of a named condition, or None when it depends on parameters."""
        if name not in self.definitions:
            return None
        cached = self.cache.get(name)
        if cached is _IN_PROGRESS:
            self.cuts += 1
            return None  # circular: another rule reports it
        if name in self.cache:
            return cached
        if self._chain >= MAX_CHAIN:
            self.cuts += 1
            return None  # too long a chain to follow: not folded
        self.cache[name] = _IN_PROGRESS
        cuts = self.cuts
        self._chain += 1
        try:
            value = self.of_node(self.definitions[name])
        finally:
            self._chain -= 1
        if self.cuts == cuts:
            self.cache[name] = value
        else:  # it went round a cycle or stopped short: what it is depends on where one
            del self.cache[name]  # starts; not kept
        return value

    def of_node(self, node: Node | None) -> bool | None:
        if isinstance(node, Scalar):
            if isinstance(node.value, bool):
                return node.value
            if isinstance(node.value, str):
                return self.of_name(node.value)
            return None
        if not isinstance(node, Mapping) or len(node.index) != 1:
            return None
        (name, pair), = node.index.items()
        args = pair.value
        if name == 'not':
            value = self.of_node(args)
            return None if value is None else not value
        if name in ('and', 'or') and isinstance(args, Sequence) and len(args.items) >= 2:
            values = [self.of_node(item) for item in args.items]
            if name == 'and':
                if False in values:
                    return False
                return True if all(v is True for v in values) else None
            if True in values:
                return True
            return False if all(v is False for v in values) else None
        if name == 'equals' and isinstance(args, Sequence) and len(args.items) == 2:
            left, right = args.items
            if isinstance(left, Scalar) and isinstance(right, Scalar):
                return left.value == right.value
        return None
