"""What stands at an offset of an analysed document: nodes, a reference, a definition, a call.

Hover, definition, references, rename and highlight all start here.  These
work on the parsed tree and the model (the analysis of the current text);
completion, which must work on half-typed text, uses `cursor` instead.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hot_ls.model.symbols import Definition, FunctionCall, Reference
from hot_ls.model.template import Template
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


def reference_at(template: Template, offset: int) -> Reference | None:
    """The reference whose name covers `offset` (the innermost if several)."""
    best = None
    for ref in template.references:
        if ref.start <= offset <= ref.end:
            if best is None or ref.end - ref.start < best.end - best.start:
                best = ref
    return best


def definition_at(template: Template, offset: int) -> Definition | None:
    """The parameter, resource, output or condition whose name (its key) covers `offset`."""
    for table in (template.parameters, template.resources, template.outputs, template.conditions):
        for definition in table.values():
            key = definition.key
            if key.start <= offset <= key.end:
                return definition
    return None


def call_at(template: Template, offset: int) -> FunctionCall | None:
    """The innermost function call whose mapping covers `offset`."""
    best = None
    for call in template.calls:
        node = call.node
        if node.start <= offset <= node.end:
            if best is None or node.end - node.start <= best.node.end - best.node.start:
                best = call
    return best


def call_named_at(template: Template, offset: int) -> FunctionCall | None:
    """The call whose function name (its key) covers `offset`."""
    for call in template.calls:
        if call.key.start <= offset <= call.key.end:
            return call
    return None
