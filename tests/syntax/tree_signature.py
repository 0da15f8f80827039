"""A syntax tree as plain data, to compare two trees (an incremental parse and a full one)."""
from __future__ import annotations

from hot_ls.syntax import Mapping, Scalar, Sequence, SyntaxTree


def node_signature(node) -> tuple | None:
    kind = type(node)
    if kind is Scalar:
        return ('scalar', node.start, node.end, type(node.value).__name__, repr(node.value),
                node.style)
    if kind is Mapping:
        return ('mapping', node.start, node.end, node.flow,
                tuple((node_signature(p.key), node_signature(p.value), p.merged)
                      for p in node.pairs),
                tuple((repr(k), node_signature(p.key)) for k, p in node.index.items()))
    if kind is Sequence:
        return ('sequence', node.start, node.end, node.flow,
                tuple(node_signature(item) for item in node.items))
    return None


def tree_signature(tree: SyntaxTree) -> tuple:
    return (node_signature(tree.root), tree.format,
            tuple((i.kind, i.message, i.start, i.end, tuple(i.related)) for i in tree.issues),
            tuple((start, end, node_signature(node)) for start, end, node in tree.aliases),
            tree.patched_lines, tree.documents, tree.depth, tree.unrecovered, tree.text,
            tree.shares_nodes)
