"""Re-parse only the entry an edit falls in, when the edit cannot change the structure around it.

An edit inside one top-level entry of a YAML template (a parameter, a
resource, an output, a condition: an entry of a block-mapping section; or a
whole top-level pair such as `description`) is re-parsed on its own: the
entry's lines, from the line of its key to the line of the next sibling's
key, parsed as a document of their own.  The new entry is spliced into the
previous tree in place of the old one, and every node after it is shifted by
the edit's length; the entries before and after keep their node objects.  A
shifted entry moves by its origin (syntax.nodes.Origin): the first shift gives
its nodes one origin of their own, every later one changes that origin's
offset, so a keystroke costs the entries it passes, not their nodes.

Anything the splice could get wrong falls back to a full parse (`reparse`
returns None): a previous tree with issues other than syntax errors, with an
alias of another entry's node (`SyntaxTree.shares_nodes`: aliases of the entry's
own nodes are re-parsed with it, and move with the text) or more than one
document, one whose error recovery did not get
through (`unrecovered`), or one the parse stopped short of (`truncated`: too
deep; `skimmed`: too large); a text too large to parse; a BOM; a merge key
anywhere; an edit that spans two entries; an entry whose re-parse is not
clean pairs at the old key's column (an indentation change, an alias of an
anchor outside the entry, a duplicate key among the siblings, a document marker, a nesting past
the parser's limit; more than one pair, unless the entry is a section's and its
region parses without recovery: the entry and the siblings typed after it,
`Splice.added`, as the colon of a new resource's name is typed); a tab in the comments
before the first key (libyaml refuses one where indentation goes); an empty
value at the region's end (the parser places it at the next token, which is
elsewhere in the whole text).

Syntax errors: a previous tree whose errors and recovered lines all lie in
the edited entry's region (or whose errors are met after it), and a new text
whose region does not parse, are re-parsed with error recovery
(`_recovered`): recovery (syntax.tree.recover) runs on the region's lines (from
the entry, or an earlier entry of its mapping, to a later key) after a
stand-in for the text before it, each error moved to the whole text; it is
kept only when it would meet the same errors and neutralize only the region's
lines in the whole text, else the whole text is parsed.  Where the bundled C
parser stops in the text (`SyntaxTree.c_stop`) is kept, at most as far, so
that errors the pure-Python parser decides are never recovered in one entry.
When the entry held the document's greatest nesting depth and is now
shallower, the depth is taken from each top-level entry's (kept across
splices).  The property test (tests/syntax/test_incremental_parse.py, over
edits of real templates) holds the result to a full parse: values, spans,
issues, recovered lines, depth.

The previous tree is consumed: its nodes after the edit are shifted in place,
so it no longer matches its text; it is marked so (`SyntaxTree.consumed`) and
never spliced from again.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from itertools import islice
from operator import is_
from dataclasses import dataclass, field
from typing import Any

from hot_ls.syntax import recovery
from hot_ls.syntax.nodes import FIXED, Mapping, Node, Origin, Pair, Scalar, Sequence
from hot_ls.syntax.scalars import Special
from hot_ls.syntax.tree import SyntaxTree, aliases_within, entry_starts, recover
from hot_ls.syntax.skim import SIZE_LIMIT
from hot_ls.syntax.yaml_builder import DEPTH_LIMIT, BuildResult, build, is_reader_error
from hot_ls.text.lines import LineIndex

_MARKER = re.compile(r'(?m)^(?:---|\.\.\.)(?:[ \t\r\n]|$)|^%')
#: what follows the key of a section whose entries are a plain block mapping
_HEADER = re.compile(r'[ \t]*:[ \t]*(?:#[^\r\n]*)?(?:\r\n|\r|\n)')


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
    #: the entries of the section typed after the entry, in the same region (new siblings)
    added: list[Pair] = field(default_factory=list)


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


def _whole_lines(old: str, new: str, edit: Edit) -> Edit:
    """The same edit of lines inserted or deleted whole, where it starts at a line's start
    (`edit_between` keeps the longest common prefix: a line deleted above another as
    indented is found from the first line's indentation to the next's)."""
    start, old_end, new_end = edit.start, edit.old_end, edit.new_end
    if start == old_end:
        changed, end = new, new_end  # an insertion
    elif start == new_end:
        changed, end = old, old_end  # a deletion
    else:
        return edit
    while start and changed[start - 1] not in '\r\n' and changed[start - 1] == changed[end - 1]:
        start, end = start - 1, end - 1
    if start and changed[start - 1] not in '\r\n' or start == edit.start:
        return edit
    shift = edit.start - start
    return Edit(start, old_end - shift, new_end - shift)


def _spliceable(tree: SyntaxTree) -> bool:
    """Whether an edit of `tree`'s text may be spliced into it (whatever the new text)."""
    return not (tree.consumed or tree.format != 'yaml' or tree.shares_nodes or tree.unrecovered
                or tree.truncated or tree.skimmed or tree.fallback or tree.documents != 1
                or tree.text.startswith('\ufeff'))


def may_splice(tree: SyntaxTree) -> bool:
    """Whether an edit of `tree`'s text inside one entry may be spliced into it (what the
    server expects of the next edit, for its debounce; `reparse` decides)."""
    root = tree.root
    return _spliceable(tree) and type(root) is Mapping and not root.flow and bool(root.pairs) \
        and '<<' not in tree.text


def prepare(tree: SyntaxTree) -> None:
    """Give each top-level entry of `tree` the origin an edit before it moves it by
    (`_shift_pairs`), so that the first edit after a full parse walks no entry's nodes (in a
    10,000-line template, what it would walk is about 20,000 nodes).  For the idle time after
    an analysis is out: it changes no offset, and a tree not prepared is spliced the same.
    A spliced tree is not walked again: its entries have theirs, but for the one re-parsed."""
    root = tree.root
    if tree.flat or not _spliceable(tree) or type(root) is not Mapping or root.flow:
        return
    flat = tree.flat
    for pair in root.pairs:
        value = pair.value
        if type(value) is Mapping:
            _listed(flat, tree.entry_origins, value)
        else:
            _origin(flat, pair)


def reparse(tree: SyntaxTree, text: str) -> Splice | None:
    """The tree of `text` made from `tree` (the previous text's) by re-parsing one entry,
    or None when `text` needs a full parse.  Consumes `tree` when it returns a splice."""
    old = tree.text
    if not _spliceable(tree) or len(text) > SIZE_LIMIT or text.startswith('\ufeff') \
            or '<<' in text:
        # (a merge key puts nodes in a mapping's index that its pairs do not reach)
        return None
    broken = bool(tree.issues or tree.patched_lines)
    if broken and any(issue.kind != 'syntax' for issue in tree.issues):
        return None
    root = tree.root
    if type(root) is not Mapping or root.flow or not root.pairs or len(root.index) != len(root.pairs):
        return None
    edit = _whole_lines(old, text, edit_between(old, text))
    first = _line_start(old, root.pairs[0].key.start)
    if edit.old_end <= first:
        return None if broken else _in_preamble(tree, text, edit, first)
    found = _entry(root, old, edit)
    if found is None:
        return None
    section, container, position, region_start, region_end = found
    if broken and not _broken_within(tree, region_start, region_end):
        return None
    end = region_end + edit.delta
    if end < len(text) and text[end - 1] not in '\r\n':
        return None  # the line break before the next entry is gone: the entries join
    region = text[region_start:end]
    if _MARKER.search(region):
        return None
    old_pair = container.pairs[position]
    column = old_pair.key.start - region_start  # the region starts at the old key's line
    if position and not _ends_before(region, column):
        return None
    result = build(region)
    lines = None
    issues: list = []
    patched: frozenset[int] = frozenset()
    stop = tree.c_stop  # (where the C parser stops: before the region, it decides nothing)
    if stop is not None and stop < region_start:
        pass
    elif result.error is not None or result.c_stop is not None:
        stop = region_start  # (it stops in the region, or maybe: no later)
    elif stop is not None:
        stop = stop + edit.delta if stop >= region_end else end
    if result.error is not None:
        if tree.c_stop is not None and tree.c_stop < region_start:
            return None  # (the pure-Python parser decides the whole text's errors)
        lines = tree.lines.edited(text, edit.start, edit.old_end, edit.new_end)
        recovered = _recovered(text, lines, root, section, container, position, column,
                               region_start, end, edit.delta)
        if recovered is None:
            return None
        result, issues, patched = recovered
    if (result.error is not None or result.issues or result.documents > 1
            or result.truncated or result.fallback):
        return None  # (libyaml refusing the entry makes Heat read the whole text otherwise)
    aliased = bool(tree.aliases or result.aliases)
    new_root = result.root
    if type(new_root) is not Mapping or new_root.flow or not new_root.pairs \
            or len(new_root.index) != len(new_root.pairs):
        return None
    new_pairs = new_root.pairs  # the entry, and the siblings typed after it (`Splice.added`)
    if len(new_pairs) > 1 and (section is None or lines is not None):
        return None  # (new siblings: of a section's entry, re-parsed without recovery)
    for pair in new_pairs:
        key = pair.key
        if type(key) is not Scalar or type(key.value) is Special \
                or key.start - _line_start(region, key.start) != column:
            return None
    if result.aliases:  # (each in the entry it names a node of, as SyntaxTree.shares_nodes)
        starts = entry_starts(new_root) if section is None else \
            [pair.key.start for pair in new_pairs]
        if not starts or not aliases_within(result.aliases, starts):
            return None  # (an alias of another entry's node: the node would belong to two)
    if end < len(text) and _empty_at(new_pairs[-1].value, len(region)):
        # (the empty value of a `? key` with no `:` is where the next token is: at the
        # region's end alone, at the next entry's key in the whole text)
        return None
    try:
        if any(pair.key.value != old_pair.key.value and pair.key.value in container.index
               for pair in new_pairs):
            return None  # a duplicate key among the siblings: the full parse reports it
    except TypeError:
        return None
    new_pair = new_pairs[0]
    depth = _depth_after(tree.depth, old_pair, result.depth, section is not None)
    if depth is None:  # (the entry held the depth and is shallower: the entries' depths)
        if len(new_pairs) > 1 or aliased:
            return None  # (walked, an alias counts the depth of what it names: the parser's not)
        depth = _walked_depth(tree, root, container, position, new_pair)
    if depth > DEPTH_LIMIT:
        return None
    tree.consumed = True
    for pair in new_pairs:
        _shift(pair.key, region_start, bool(result.aliases))
        _shift(pair.value, region_start, bool(result.aliases))
    flat = tree.flat
    flat.pop(id(old_pair), None)
    _splice(flat, tree.entry_origins, root, container, position, old_pair, new_pairs,
            edit.delta)
    aliases = _aliases_after(tree.aliases, region_start, region_end, edit.delta,
                             result.aliases) if aliased else []
    spliced = SyntaxTree(text, root, 'yaml', issues, aliases, patched,
                         documents=tree.documents, depth=depth, c_stop=stop)
    spliced.replaced = (old_pair, new_pair) if len(new_pairs) == 1 else None
    _carry_over(tree, spliced, edit, lines)
    return Splice(spliced, edit, section, old_pair, new_pair, new_pairs[1:])


def _empty_at(node: Node, offset: int) -> bool:
    """Whether the last node of `node` (its last pair's value, its last item, in turn) is
    an empty scalar at `offset`."""
    while True:
        kind = type(node)
        if kind is Mapping and node.pairs:
            node = node.pairs[-1].value
        elif kind is Sequence and node.items:
            node = node.items[-1]
        else:
            return kind is Scalar and node.start == node.end == offset


def _ends_before(region: str, column: int) -> bool:
    """Whether the region's first line ends what the entry before it left open: something
    (a key, a comment) at the entries' column or before it.  A blank line, or one indented
    deeper, may be the end of a block scalar before it (`|+`, `>`: trailing lines and
    lines of spaces are its text).  (Before a mapping's first entry, a section's key or the
    comments before the first key leave nothing open.)"""
    stripped = region.lstrip(' ')
    return bool(stripped) and stripped[0] not in '\t\r\n' and \
        len(region) - len(stripped) <= column


def _broken_within(tree: SyntaxTree, start: int, end: int) -> bool:
    """Whether what error recovery did to `tree` (the lines it neutralized, the errors it
    met) is all in the region [start, end) of its text, or after it (an error found at the
    next entry's key): re-parsing the region replaces it."""
    lines = tree.lines
    first, last = lines.line_of(start), lines.line_of(max(start, end - 1))
    return all(first <= line <= last for line in tree.patched_lines) and \
        all(issue.start >= start for issue in tree.issues)


class _Escape(Exception):
    """What parses of the region cannot tell of the whole text's (syntax.tree.recover):
    `further`, what parses that read further after it might tell; `earlier`, a line before
    it that parses from an earlier entry might."""

    def __init__(self, further: bool = False, earlier: int | None = None):
        super().__init__()
        self.further = further
        self.earlier = earlier


@dataclass
class _Moved:
    """A parse error of the region, with its marks moved to the whole text."""

    problem: str | None
    context: str | None
    problem_mark: Any
    context_mark: Any


@dataclass
class _Mark:
    index: int


#: how many of the keys after the region the parses of `_recovered` read, in turn
_WINDOWS = (1, 4, 16)


def _recovered(text: str, lines: LineIndex, root: Mapping, section: Any, container: Mapping,
               position: int, column: int, start: int, end: int, delta: int):
    """(the region's re-parse, the errors, the lines neutralized) when the whole text's
    error recovery (syntax.tree.recover) would meet errors the region's parses tell,
    neutralize lines of the region text[start:end] alone, and get through; None when it
    may not.

    Recovery's parses are made of the text from the region's entry (or from an earlier
    entry of its mapping) to the line of a later key, after a stand-in for what comes
    before:
    - the stand-in leaves the parser as the text before does: in the root mapping (its
      first key read) and, for an entry of a section, in the section's mapping at the
      entry's column (an entry read: `_: 0`), or about to start it for its first entry;
      the marks of those two mappings' starts are the real ones' (the first root key's,
      the section's first entry's);
    - the last line read is a later key's (the next entry's, a later one's, a later
      section's or its entries'), unchanged: whatever the parser is in, that line's first
      token (a key on one line) is read alone, so an error met at it at the latest is met
      in the whole text too, and nothing the parser read past it decided it.
    An error met after that line, or a line to neutralize on or after it: parses that read
    to a later key (`_WINDOWS`), or to the end when few keys are left.  A line of an
    earlier entry to neutralize: parses from that entry.  Neutralizing a line that is only
    a key leaves it as it is: such a line may be anywhere.  An error anywhere else (a mark
    in the stand-in, but those two), a line to neutralize elsewhere, recovery that
    neutralizes (and changes) a line outside the region or does not get through, a
    section whose key is followed by more than a comment (a tag, an anchor), anything but
    comments before the first key: None."""
    first_key = root.pairs[0].key.start
    if _line_start(text, first_key) != first_key or any(
            line.strip() and not line.lstrip().startswith('#')
            for line in text[:first_key].splitlines()):
        return None  # (the root's mark is its first key's: nothing before it but comments)
    if section is None:
        siblings = root.pairs
        later = []
        tops = root.pairs[position + 1:]
    else:
        index = next(i for i, pair in enumerate(root.pairs) if pair.value is container)
        header = root.pairs[index].key
        if type(header) is not Scalar or not _HEADER.match(text, header.end):
            return None  # (a tag, an anchor: the section's mapping starts before its key)
        siblings = container.pairs
        later = container.pairs[position + 1:]
        tops = root.pairs[index + 1:]
    for pair in tops:  # (each later top-level key, and the entries of a section)
        later.append(pair)
        value = pair.value
        if type(value) is Mapping and not value.flow:
            later.extend(value.pairs)
    editor = recovery.LineEditor(text, lines)
    keys: list[int] = []  # the lines of the keys after the region, each first on its line
    every = True  # (all of them: the parses may read to the end)
    for pair in later:
        key = pair.key
        begin = key.start + delta
        line = lines.line_of(begin)
        if type(key) is not Scalar or begin != lines.line_start(line) + \
                len(editor.lines[line]) - len(editor.lines[line].lstrip(' ')) \
                or lines.line_of(key.end + delta) != line:
            every = False
            break
        keys.append(line)
        if len(keys) >= _WINDOWS[-1]:
            every = False
            break
    windows: list[int | None] = list(dict.fromkeys(
        keys[count - 1] for count in _WINDOWS if count <= len(keys)))
    if every:
        windows.append(None)
    # the first line of each entry of the mapping up to the region's (before the edit)
    firsts = [lines.line_of(pair.key.start) for pair in siblings[:position]] + \
        [lines.line_of(start)]
    region = (lines.line_of(start), lines.line_of(end) if end < len(text) else len(editor.lines))
    back, at = position, 0
    while at < len(windows):
        if section is None:
            prefix, marks = ('', {}) if back == 0 else ('_: 0\n', {0: first_key})
        elif back == 0:
            prefix, marks = '_:\n', {0: first_key}
        else:
            prefix = '_:\n' + ' ' * column + '_: 0\n'
            marks = {0: first_key, 3 + column: siblings[0].key.start}
        try:
            return _recovered_in(text, lines, editor, prefix, marks, firsts[back], region,
                                 windows[at], column, back > 0, firsts[0])
        except _Escape as escape:
            if escape.further:
                at += 1
            elif escape.earlier is not None and escape.earlier >= firsts[0]:
                back = bisect_right(firsts, escape.earlier) - 1
            else:
                return None
    return None


def _recovered_in(text: str, lines: LineIndex, editor: recovery.LineEditor, prefix: str,
                  marks: dict[int, int], first: int, region: tuple[int, int],
                  window: int | None, column: int, after_entry: bool, first_of_mapping: int):
    """`_recovered`'s, with parses of lines `first` to `window` (None: to the end); `column`:
    the entries'; `after_entry`: whether an entry comes before line `first` (not the
    mapping's start); `first_of_mapping`: the line of the mapping's first entry."""
    if window is None:
        limit = None  # the last offset an error may be met at
        last = len(editor.lines)
        after = ''
    else:
        last = window
        after = editor.lines[window]
        limit = lines.line_start(window) + len(after) - len(after.lstrip(' '))
    begin = lines.line_start(first)
    shift = begin - len(prefix)

    def move(mark):
        if mark is None:
            return None
        index = mark.index
        if index < len(prefix):
            if index not in marks:
                raise _Escape
            return _Mark(marks[index])
        index += shift
        if limit is not None and index > limit:
            raise _Escape(further=True)
        return _Mark(index)

    def unchanged(line: int, blank: frozenset[int]) -> bool:
        """Whether neutralizing `line` leaves it as it is (a line that is only a key)."""
        return editor.render_range(line, line + 1, {line}, blank) == editor.lines[line]

    tried: list = [frozenset(), frozenset()]

    def attempt(neutral: set[int], blank: frozenset[int]) -> BuildResult:
        for line in neutral:
            if line < first and not unchanged(line, blank):
                raise _Escape(earlier=line)
            if line >= last and not unchanged(line, blank):
                raise _Escape(further=True)
        tried[:] = [neutral, blank]
        body = editor.render_range(first, last, neutral, blank) if neutral else \
            text[begin:lines.line_start(last) if last < len(editor.lines) else len(text)]
        if after_entry and not _ends_before(body, column):
            raise _Escape  # (what the stand-in leaves closed may go on in the text)
        result = build(prefix + body + after)
        if result.truncated:
            raise _Escape
        error = result.error
        if error is not None:
            if is_reader_error(error) or error.problem_mark is None:
                raise _Escape
            result.error = _Moved(error.problem, error.context, move(error.problem_mark),
                                  move(error.context_mark))
        return result

    start, stop = region
    initial = attempt(set(), frozenset())
    if initial.error is None:
        return None
    recovered, neutral, errors = recover(text, initial, lines, editor, attempt)
    if recovered.error is not None or any(
            not start <= line < stop and not unchanged(line, tried[1]) for line in neutral):
        return None  # (a line outside the region changed: its nodes are not the tree's)
    patched = editor.render_range(start, stop, *tried)
    if start > first_of_mapping and not _ends_before(patched, column):
        return None
    return build(patched), errors, frozenset(neutral)


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
    _shift_pairs(tree.flat, tree.entry_origins, root.pairs, edit.delta, sections=True)
    if root.start >= edit.old_end:
        root.start += edit.delta
    root.end = root.pairs[-1].value.end
    pair = root.pairs[0]
    aliases = _aliases_after(tree.aliases, 0, 0, edit.delta, [])
    moved = SyntaxTree(text, root, 'yaml', [], aliases, documents=tree.documents,
                       depth=tree.depth,
                       c_stop=tree.c_stop + edit.delta if tree.c_stop is not None else None)
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
    index = bisect_right(pairs, at, key=_key_start) - 1  # the last pair whose key starts
    # at or before `at`
    count = len(pairs)
    if index + 1 < count and _line_start(text, pairs[index + 1].key.start) <= at:
        index += 1  # on the next key's line, before the key
    if index < 0:
        return None
    start = _line_start(text, pairs[index].key.start)
    end = _line_start(text, pairs[index + 1].key.start) if index + 1 < count else limit
    return (index, start, end) if start <= at < end else None


def _carry_over(tree: SyntaxTree, spliced: SyntaxTree, edit: Edit,
                lines: LineIndex | None = None) -> None:
    """What the new tree takes over from the old: the lists of the entries' nodes, and the
    line index, edited (`lines`: made already)."""
    spliced.flat = tree.flat
    spliced.entry_origins = tree.entry_origins
    spliced.depths = tree.depths
    if lines is not None:
        spliced._lines = lines
    elif tree._lines is not None:
        spliced._lines = tree._lines.edited(spliced.text, edit.start, edit.old_end, edit.new_end)


def _key_start(pair: Pair) -> int:
    return pair.key.start


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


def _walked_depth(tree: SyntaxTree, root: Mapping, container: Mapping, position: int,
                  new_pair: Pair) -> int:
    """The document's nesting depth with `new_pair` in place of container.pairs[position],
    from each top-level entry's (`SyntaxTree.depths`, kept across splices: id(pair) ->
    (pair, its depth))."""
    depths = tree.depths

    def of(pair: Pair) -> int:
        if pair is new_pair:
            return max(_depth(pair.key), _depth(pair.value))
        found = depths.get(id(pair))
        if found is None or found[0] is not pair:
            found = depths[id(pair)] = (pair, max(_depth(pair.key), _depth(pair.value)))
        return found[1]

    deepest = 0
    for index, top in enumerate(root.pairs):
        if container is root and index == position:
            top = new_pair
        value = top.value
        if top is not new_pair and type(value) is Mapping and not value.flow:
            entries = [new_pair if value is container and i == position else pair
                       for i, pair in enumerate(value.pairs)]
            inner = 1 + max((of(pair) for pair in entries), default=0)
            deepest = max(deepest, _depth(top.key), inner)
        else:
            deepest = max(deepest, of(top))
    return 1 + deepest


def _aliases_after(aliases: list[tuple[int, int, Node]], start: int, end: int, delta: int,
                   region: list[tuple[int, int, Node]]) -> list[tuple[int, int, Node]]:
    """The aliases of the text once the region [start, end) of the old text is re-parsed:
    those before it, the region's (`region`: offsets in it), those after it moved.  (The
    nodes they name are the tree's: moved already.)"""
    found = [alias for alias in aliases if alias[1] <= start]
    found.extend((first + start, last + start, target) for first, last, target in region)
    found.extend((first + delta, last + delta, target) for first, last, target in aliases
                 if first >= end)
    return found


def _shift(node: Node, delta: int, shared: bool = False) -> None:
    """Move every node of `node` by `delta` (`shared`: some of them are met twice, through an
    alias: each is moved once)."""
    if delta == 0:
        return
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    moved: set[int] = set()
    while stack:
        current = pop()
        if shared:
            if id(current) in moved:
                continue
            moved.add(id(current))
        current.start += delta
        current.end += delta
        kind = type(current)
        if kind is Mapping:
            for pair in current.pairs:
                push(pair.key)
                push(pair.value)
        elif kind is Sequence:
            extend(current.items)


def _splice(flat: dict, listed: dict, root: Mapping, container: Mapping, position: int,
            old_pair: Pair, new_pairs: list[Pair], delta: int) -> None:
    """Put `new_pairs` in `old_pair`'s place and shift what follows them."""
    origins = _listed_now(listed, container) if container is not root else None
    container.pairs[position:position + 1] = new_pairs
    if origins is not None:  # (the list stays the section's: the new entries in it)
        listed[id(container)][1][position:position + 1] = new_pairs
        origins[position:position + 1] = [_origin(flat, pair) for pair in new_pairs]
    first = new_pairs[0]
    if position == 0:  # (a block mapping starts at its first key: one recovery moved down)
        container.start = first.key.start
    if len(new_pairs) == 1 and old_pair.key.value == first.key.value:
        container.index[first.key.value] = first
    else:
        container.index = {pair.key.value: pair for pair in container.pairs}
    if container is root:
        _shift_pairs(flat, listed, container.pairs[position + len(new_pairs):], delta,
                     sections=True)
    else:
        _shift_entries(flat, listed, container, position + len(new_pairs), delta)
    container.end = container.pairs[-1].value.end
    if container is not root:
        section = next(i for i, pair in enumerate(root.pairs) if pair.value is container)
        _shift_pairs(flat, listed, root.pairs[section + 1:], delta, sections=True)
        root.end = root.pairs[-1].value.end


def _shift_pairs(flat: dict, listed: dict, pairs: list[Pair], delta: int,
                 sections: bool) -> None:
    """Shift the nodes of `pairs` (each a top-level entry or, with `sections`, a pair of the
    root, whose block mapping of entries is shifted entry by entry).  The first shift of a
    pair gives all its nodes one origin (`flat`, the tree's, kept across splices:
    id(pair) -> (pair, its origin)); a shift moves that origin.  So typing, which shifts
    the same entries again and again, walks no tree and touches no node.  (No node is in
    two entries: a tree with an alias of another entry's node is never spliced.)"""
    if delta == 0:
        return
    for pair in pairs:
        value = pair.value
        if sections and type(value) is Mapping:
            _shift(pair.key, delta)
            value.start += delta
            value.end += delta
            _shift_entries(flat, listed, value, 0, delta)
            continue
        found = flat.get(id(pair))
        if found is not None and found[0] is pair:
            found[1].offset += delta  # (the common case, inline: every entry after the edit)
        else:
            _origin(flat, pair).offset += delta


def _shift_entries(flat: dict, listed: dict, section: Mapping, first: int, delta: int) -> None:
    """Shift a section's entries from its `first` on: their origins, listed in order once
    (`listed`, the tree's, kept across splices), move without looking each entry up (a
    keystroke among the parameters moves every resource and output: 1,400 in synth_10k)."""
    if delta == 0:
        return
    for origin in islice(_listed(flat, listed, section), first, None):
        origin.offset += delta


def _listed(flat: dict, listed: dict, section: Mapping) -> list[Origin]:
    """The origins of a section's entries, in order (listed now if the list is not the
    section's any more: a parse made it anew, or it changed otherwise than by `_splice`)."""
    origins = _listed_now(listed, section)
    if origins is None:
        pairs = section.pairs
        origins = [_origin(flat, pair) for pair in pairs]
        listed[id(section)] = (section, list(pairs), origins)
    return origins


def _listed_now(listed: dict, section: Mapping) -> list[Origin] | None:
    """The origins listed of a section's entries, if they are still its entries'."""
    found = listed.get(id(section))
    if found is None or found[0] is not section:
        return None
    pairs = section.pairs
    was = found[1]
    if len(was) != len(pairs) or not all(map(is_, was, pairs)):
        return None
    return found[2]


def _origin(flat: dict, pair: Pair) -> Origin:
    """The origin all the nodes of a top-level entry count from (given them the first time)."""
    found = flat.get(id(pair))
    if found is None or found[0] is not pair:
        origin = Origin()
        for node in _nodes(pair):
            if node.origin is not FIXED:  # (not met today; so that no shift is ever lost)
                node._start, node._end = node.start, node.end
            node.origin = origin
        found = flat[id(pair)] = (pair, origin)
    return found[1]


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
