"""Syntax: the spanned YAML/JSON tree, resolved as Heat resolves it, with error recovery."""

from hot_ls.syntax.nodes import Mapping, Node, Pair, Scalar, Sequence, scalar_value, string_value
from hot_ls.syntax.tree import SyntaxTree, parse

__all__ = ['Mapping', 'Node', 'Pair', 'Scalar', 'Sequence', 'SyntaxTree', 'parse',
           'scalar_value', 'string_value']
