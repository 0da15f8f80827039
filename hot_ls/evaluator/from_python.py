"""Plain Python values as syntax nodes, for snippets that do not come from a document.

The evaluator works on nodes so that errors can point somewhere; a snippet
given as JSON (batch mode, tests) has no text, so its nodes span nothing
(start = end = 0).  Dict keys are kept as given, as Heat sees them.
"""
from __future__ import annotations

from typing import Any

from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence


def from_python(value: Any) -> Node:
    """Build the node tree of a plain value (dict, list, scalars)."""
    if isinstance(value, Node):
        return value
    if isinstance(value, dict):
        node = Mapping(0, 0)
        for key, item in value.items():
            pair = Pair(Scalar(key, 0, 0), from_python(item))
            node.pairs.append(pair)
            node.index[key] = pair
        return node
    if isinstance(value, (list, tuple)):
        seq = Sequence(0, 0)
        seq.items = [from_python(item) for item in value]
        return seq
    return Scalar(value, 0, 0)
