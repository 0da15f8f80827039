"""Text and positions: offsets in code points, lines, and the LSP position encodings."""

from hot_ls.text.lines import LineIndex, Position
from hot_ls.text.encoding import Encoding

__all__ = ['Encoding', 'LineIndex', 'Position']
