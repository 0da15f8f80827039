"""Re-parse only the entry an edit falls in, when the edit cannot change the structure around it.

An edit inside one top-level entry of a clean YAML template (a parameter, a
resource, an output, a condition: an entry of a block-mapping section; or a
whole top-level pair such as `description`) is re-parsed on its own: the
entry's lines, from the line of its key to the line of the next sibling's
key, parsed as a document of their own.  The new entry is spliced into the
previous tree in place of the old one, and every node after it is shifted by
the edit's length; the entries before and after keep their node objects.

Anything the splice could get wrong falls back to a full parse (`reparse`
returns None): a previous tree with issues, aliases, recovered lines or more
than one document, or one the parse stopped short of (`truncated`: too deep;
`skimmed`: too large); a text too large to parse; a BOM; a merge key
anywhere; an edit that spans two entries; an entry whose re-parse is not
exactly one clean pair at the old key's column (a new sibling, an
indentation change, a syntax error, an anchor or alias, a duplicate key
among the siblings, a flow collection left open, a document marker, a
nesting past the parser's limit); a tab in the comments before the first key
(libyaml refuses one where indentation goes); and a change that lowers the
document's greatest nesting depth when this entry held it.  The property test
(tests/syntax/test_incremental_parse.py, over edits of real templates) holds the
result to a full parse: values, spans, issues, depth.

The previous tree is consumed: its nodes after the edit are shifted in place,
so it no longer matches its text; it is marked so (`SyntaxTree.consumed`) and
never spliced from again.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from hot_ls.syntax.nodes import Mapping, Node, Pair, Scalar, Sequence
from hot_ls.syntax.scalars import Special
from hot_ls.syntax.tree import SyntaxTree
from hot_ls.syntax.skim import SIZE_LIMIT
from hot_ls.syntax.yaml_builder import DEPTH_LIMIT, build

_MARKER = re.compile(r'(?m)^(?:---|\.\.\.)(?:[ \t\r\n]|$)|^%')


@dataclass
class Edit:
    """What changed between two texts: old[start:old_end] became new[start:new_end]."""

    start: int
    old_end: int
    new_end: int

    @property
    def delta(self) -> int:
        return self.new_end - self.old_end

    def moved(self, offset: int) -> int | None:
        """Where an offset of the old text is in the new one (None: inside what changed;
        an offset at the edit's start stays: it is where what was before it ends)."""
        if offset <= self.start:
            return offset
        if offset >= self.old_end:
            return offset + self.delta
        return None


@dataclass
class Splice:
    """A tree made by re-parsing one entry: which entry, and what the edit was."""

    tree: SyntaxTree
    edit: Edit
    section: Any  # the key of the section the entry is in (None: a top-level pair)
    old: Pair
    new: Pair


def edit_between(old: str, new: str) -> Edit:
    """The one replacement that turns `old` into `new` (common prefix and suffix kept)."""
    limit = min(len(old), len(new))
    low, high = 0, limit  # the common prefix is at least low, less than high + 1
    while low < high:
        middle = (low + high + 1) // 2
        if old[low:middle] == new[low:middle]:
            low = middle
        else:
            high = middle - 1
    start = low
    room = limit - start
    low, high = 0, room
    old_len, new_len = len(old), len(new)
    while low < high:
        middle = (low + high + 1) // 2
        if old[old_len - middle:old_len - low] == new[new_len - middle:new_len - low]:
            low = middle
        else:
            high = middle - 1
    return Edit(start, old_len - low, new_len - low)


def reparse(tree: SyntaxTree, text: str) -> Splice | None:
    """The tree of `text` made from `tree` (the previous text's) by re-parsing one entry,
    or None when `text` needs a full parse.  Consumes `tree` when it returns a splice."""
    old = tree.text
    if (tree.consumed or tree.format != 'yaml' or tree.issues or tree.aliases or tree.patched_lines
            or tree.truncated or tree.skimmed or len(text) > SIZE_LIMIT
            or tree.documents != 1 or old.startswith('\ufeff') or text.startswith('\ufeff')
            or '<<' in text):
        # (a merge key puts nodes in a mapping's index that its pairs do not reach)
        return None
    root = tree.root
    if type(root) is not Mapping or root.flow or not root.pairs or len(root.index) != len(root.pairs):
        return None
    edit = edit_between(old, text)
    first = _line_start(old, root.pairs[0].key.start)
    if edit.old_end <= first:
        return _in_preamble(tree, text, edit, first)
    found = _entry(root, old, edit)
    if found is None:
        return None
    section, container, position, region_start, region_end = found
    end = region_end + edit.delta
    if end < len(text) and text[end - 1] not in '\r\n':
        return None  # the line break before the next entry is gone: the entries join
    region = text[region_start:end]
    if _MARKER.search(region):
        return None
    result = build(region)
    if (result.error is not None or result.issues or result.aliases or result.documents > 1
            or result.truncated):
        return None
    new_root = result.root
    if type(new_root) is not Mapping or new_root.flow or len(new_root.pairs) != 1 \
            or len(new_root.index) != 1:
        return None
    old_pair = container.pairs[position]
    new_pair = new_root.pairs[0]
    key = new_pair.key
    column = old_pair.key.start - region_start  # the region starts at the old key's line
    if type(key) is not Scalar or type(key.value) is Special \
            or key.start - _line_start(region, key.start) != column:
        return None
    name = key.value
    try:
        if name != old_pair.key.value and name in container.index:
            return None  # a duplicate key among the siblings: the full parse reports it
    except TypeError:
        return None
    depth = _depth_after(tree.depth, old_pair, result.depth, section is not None)
    if depth is None or depth > DEPTH_LIMIT:
        return None
    tree.consumed = True
    _shift(new_pair.key, region_start)
    _shift(new_pair.value, region_start)
    flat = tree.flat
    flat.pop(id(old_pair), None)
    _splice(flat, root, container, position, old_pair, new_pair, edit.delta)
    spliced = SyntaxTree(text, root, 'yaml', [], [], documents=tree.documents, depth=depth)
    _carry_over(tree, spliced, edit)
    return Splice(spliced, edit, section, old_pair, new_pair)


def _in_preamble(tree: SyntaxTree, text: str, edit: Edit, first: int) -> Splice | None:
    """An edit of the comments before the first key: the tree only moves."""
    end = first + edit.delta
    preamble = text[:end]
    if end and preamble[-1] not in '\r\n' or _MARKER.search(preamble) or '\t' in preamble or any(
            line.strip() and not line.lstrip().startswith('#')
            for line in preamble.splitlines()):
        return None
    root = tree.root
    tree.consumed = True
    flat = tree.flat
    _shift_pairs(flat, root.pairs, edit.delta, sections=True)
    if root.start >= edit.old_end:
        root.start += edit.delta
    root.end = root.pairs[-1].value.end
    pair = root.pairs[0]
    moved = SyntaxTree(text, root, 'yaml', [], [], documents=tree.documents, depth=tree.depth)
    _carry_over(tree, moved, edit)
    return Splice(moved, edit, None, pair, pair)


def _entry(root: Mapping, text: str, edit: Edit):
    """(section key or None, the mapping holding the entry, its position, the region's
    start and end in the old text) of the one entry the edit lies in, or None."""
    # Text inserted where one entry ends and the next begins belongs to the first (what
    # is typed at the end of an entry, or on a new line above the next).
    at = edit.start - 1 if edit.start == edit.old_end and edit.start else edit.start
    found = _region(text, root.pairs, at, len(text))
    if found is None:
        return None
    index, top_start, top_end = found
    if edit.old_end > top_end:
        return None
    pair = root.pairs[index]
    value = pair.value
    if type(value) is Mapping and not value.flow and value.pairs \
            and len(value.index) == len(value.pairs):
        if at >= _line_start(text, value.pairs[0].key.start):
            inner = _region(text, value.pairs, at, top_end)
            if inner is None:
                return None
            position, start, end = inner
            if edit.old_end > end:
                return None
            return pair.key.value, value, position, start, end
    if top_start != pair.key.start:
        return None  # an indented root mapping: keep to the plain case
    return None, root, index, top_start, top_end


def _region(text: str, pairs: list[Pair], at: int, limit: int) -> tuple[int, int, int] | None:
    """(position, start, end) of the pair whose region holds `at`: from the start of its key's
    line to the start of the next pair's (the last one's: to `limit`)."""
    keys = [pair.key.start for pair in pairs]
    index = bisect_right(keys, at) - 1  # the last pair whose key starts at or before `at`
    if index + 1 < len(keys) and _line_start(text, keys[index + 1]) <= at:
        index += 1  # on the next key's line, before the key
    if index < 0:
        return None
    start = _line_start(text, keys[index])
    end = _line_start(text, keys[index + 1]) if index + 1 < len(keys) else limit
    return (index, start, end) if start <= at < end else None


def _carry_over(tree: SyntaxTree, spliced: SyntaxTree, edit: Edit) -> None:
    """What the new tree takes over from the old: the lists of the entries' nodes, and the
    line index, edited."""
    spliced.flat = tree.flat
    if tree._lines is not None:
        spliced._lines = tree._lines.edited(spliced.text, edit.start, edit.old_end, edit.new_end)


def _line_start(text: str, offset: int) -> int:
    """The start of the line holding `offset` (line breaks as YAML's: LF, CRLF, CR)."""
    return max(text.rfind('\n', 0, offset), text.rfind('\r', 0, offset)) + 1


def _depth(node: Node) -> int:
    """How deeply collections nest in `node` (0 for a scalar)."""
    deepest = 0
    stack = [(node, 1)]
    while stack:
        current, level = stack.pop()
        kind = type(current)
        if kind is Mapping:
            deepest = max(deepest, level)
            for pair in current.pairs:
                stack.append((pair.key, level + 1))
                stack.append((pair.value, level + 1))
        elif kind is Sequence:
            deepest = max(deepest, level)
            stack.extend((item, level + 1) for item in current.items)
    return deepest


def _depth_after(depth: int, old_pair: Pair, standalone: int, inner: bool) -> int | None:
    """The document's nesting depth once the entry is replaced (None: unknown without a
    full walk).  Re-parsed alone, the entry nests in one mapping; in the document, an
    entry of a section nests in two (the root, the section), a top-level pair in one."""
    base = 2 if inner else 1
    new = standalone + base - 1
    if new >= depth:
        return new
    old = base + max(_depth(old_pair.key), _depth(old_pair.value))
    return depth if old < depth else None


def _shift(node: Node, delta: int) -> None:
    if delta == 0:
        return
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        current = pop()
        current.start += delta
        current.end += delta
        kind = type(current)
        if kind is Mapping:
            for pair in current.pairs:
                push(pair.key)
                push(pair.value)
        elif kind is Sequence:
            extend(current.items)


def _splice(flat: dict, root: Mapping, container: Mapping, position: int, old_pair: Pair,
            new_pair: Pair, delta: int) -> None:
    """Put `new_pair` in `old_pair`'s place and shift what follows it."""
    container.pairs[position] = new_pair
    if old_pair.key.value == new_pair.key.value:
        container.index[new_pair.key.value] = new_pair
    else:
        container.index = {pair.key.value: pair for pair in container.pairs}
    _shift_pairs(flat, container.pairs[position + 1:], delta, sections=container is root)
    container.end = container.pairs[-1].value.end
    if container is not root:
        section = next(i for i, pair in enumerate(root.pairs) if pair.value is container)
        _shift_pairs(flat, root.pairs[section + 1:], delta, sections=True)
        root.end = root.pairs[-1].value.end


def _shift_pairs(flat: dict, pairs: list[Pair], delta: int, sections: bool) -> None:
    """Shift the nodes of `pairs` (each a top-level entry or, with `sections`, a pair of the
    root, whose block mapping of entries is shifted entry by entry).  Each pair's nodes are
    listed once (`flat`, the tree's, kept across splices: id(pair) -> (pair, its nodes)), so
    typing, which shifts the same entries again and again, walks no tree."""
    if delta == 0:
        return
    for pair in pairs:
        value = pair.value
        if sections and type(value) is Mapping:
            _shift(pair.key, delta)
            value.start += delta
            value.end += delta
            _shift_pairs(flat, value.pairs, delta, sections=False)
            continue
        found = flat.get(id(pair))
        if found is None or found[0] is not pair:
            found = flat[id(pair)] = (pair, _nodes(pair))
        for node in found[1]:
            node.start += delta
            node.end += delta


def _nodes(pair: Pair) -> list[Node]:
    """Every node of a pair: its key's and its value's."""
    found: list[Node] = []
    stack = [pair.value, pair.key]
    pop, push, extend, add = stack.pop, stack.append, stack.extend, found.append
    while stack:
        current = pop()
        add(current)
        kind = type(current)
        if kind is Mapping:
            for inner in current.pairs:
                push(inner.key)
                push(inner.value)
        elif kind is Sequence:
            extend(current.items)
    return found
