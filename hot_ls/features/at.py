"""The path of nodes from an analysed document's root down to an offset.

Hover starts here: it works on the parsed tree of the current text
(completion, which must work on half-typed text, uses `cursor` instead).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence


@dataclass
class Step:
    """One step down the tree: the node reached, and how (a key of a mapping or a list index)."""

    node: Node
    key: Any = None  # the key under which `node` is the value (None at the root or in a list)
    index: int | None = None
    pair: Pair | None = None
    on_key: bool = False  # the offset is on the key of `pair`, not in its value


def _contains(node: Node, offset: int) -> bool:
    return node.start <= offset <= node.end


def chain(root: Node | None, offset: int) -> list[Step]:
    """The nodes from the root down to the innermost one at `offset`."""
    if root is None or not _contains(root, offset):
        return []
    steps = [Step(root)]
    node = root
    while True:
        found = None
        if isinstance(node, Mapping):
            for pair in node.pairs:
                if pair.key.start <= offset <= pair.key.end:
                    key = pair.key.value if isinstance(pair.key, Scalar) else None
                    found = Step(pair.key, key, None, pair, True)
                    break
                if _contains(pair.value, offset) and pair.value.end > pair.value.start:
                    key = pair.key.value if isinstance(pair.key, Scalar) else None
                    found = Step(pair.value, key, None, pair, False)
                    break
        elif isinstance(node, Sequence):
            for index, item in enumerate(node.items):
                if _contains(item, offset):
                    found = Step(item, None, index)
                    break
        if found is None:
            return steps
        steps.append(found)
        if found.on_key:
            return steps
        node = found.node


def path_of(steps: list[Step]) -> list:
    """The keys and indexes of a chain, from the root."""
    out = []
    for step in steps[1:]:
        out.append(step.index if step.index is not None else step.key)
    return out
