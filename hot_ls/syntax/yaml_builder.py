"""Build the spanned tree from the YAML parser's event stream.

The C parser (libyaml, through ruamel.yaml.clib) produces the events; this
module turns them into nodes in one pass, resolving scalars as Heat does,
flattening merge keys as PyYAML's SafeConstructor does, and recording
duplicate keys (the last one wins, as in Heat).  When the C extension is not
installed, ruamel.yaml's pure-Python parser produces the same events.

Speed: the C parser builds each event by calling the event classes that the
`_ruamel_yaml` module imported from ruamel.yaml.events, whose Python
constructors cost more than libyaml itself.  While one of our parses runs
(under a lock) those names are pointed at "hooks" that build our nodes
directly, so each event costs one small Python call.  The hooks are checked
against a known document at import; if the extension ever changes its
calling convention, the standard event objects are used instead.

On a syntax error the partially built tree is kept: every open collection is
closed at the error, so the caller always has a tree for what came before.

The parse stops at `DEPTH_LIMIT` levels of nesting (the tree is then
`truncated`): libyaml's scanner checks every open flow level for a
possible simple key at each token, so its time grows with the square of
the nesting depth (10,000 nested flow collections took seconds, 20,000
half a minute), and nothing past Heat's own limits is worth reading.
"""
from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.error import FileMark, MarkedYAMLError, YAMLError

from hot_ls.syntax.nodes import Mapping, Node, Pair, Scalar, Sequence
from hot_ls.syntax.scalars import MERGE, ScalarError, Special, construct_tagged, resolve_plain

try:
    import _ruamel_yaml as _clib  # type: ignore
    from ruamel.yaml.cyaml import CParser as _CParser  # type: ignore
    HAVE_C_PARSER = True
except ImportError:  # pragma: no cover - exercised by the fallback test
    _clib = None
    _CParser = None
    HAVE_C_PARSER = False

_HOOKED_NAMES = ('ScalarEvent', 'MappingStartEvent', 'MappingEndEvent', 'SequenceStartEvent',
                 'SequenceEndEvent', 'AliasEvent', 'DocumentStartEvent', 'DocumentEndEvent',
                 'StreamStartEvent', 'StreamEndEvent')
_hook_lock = threading.Lock()

#: How deeply collections may nest before the parse stops.  Heat fails far
#: sooner: its template parser at about 330 levels (hot_ls.language.limits),
#: json.loads at Python's recursion limit (1,000); a deeper document is
#: reported as such, and the rest of it is never read.
DEPTH_LIMIT = 1000


class _TooDeep(Exception):
    """Raised by a hook when a collection opens past DEPTH_LIMIT: the parse stops there."""


# The characters libyaml's reader accepts (YAML 1.1 "printable"); anything
# else stops the parse with a ReaderError, which carries no mark.
NON_PRINTABLE = re.compile('[^\x09\x0A\x0D\x20-\x7E\x85\xA0-\uD7FF\uE000-\uFFFD'
                           '\U00010000-\U0010FFFF]')

# !!omap and !!pairs are sequences of one-key mappings: on a mapping node
# SafeConstructor raises "expected a sequence, but found mapping".
# First characters with which resolve_plain may find a type other than str.
_RESOLVABLE_START = frozenset('yYnNtTfFoO-+0123456789.~<=')
_MAP_TAGS = frozenset(('tag:yaml.org,2002:map', 'tag:yaml.org,2002:set', '!'))
_SEQ_TAGS = frozenset(('tag:yaml.org,2002:seq', 'tag:yaml.org,2002:omap', 'tag:yaml.org,2002:pairs', '!'))


@dataclass
class BuildIssue:
    """Something the loader objects to, with the span it concerns."""

    kind: str  # 'syntax' | 'duplicate-key' | 'construct' | 'multi-document'
    message: str
    start: int
    end: int
    related: list[tuple[int, int, str]] = field(default_factory=list)
    #: what the message adds for the person who made the mistake (a guess at the fix: not
    #: what the parser, or Heat, says; only HOT001 shows it)
    hint: str = ''
    #: where a ':' would end the key the error says (or guesses) lacks one (the quick fix)
    colon_at: int | None = None


@dataclass
class BuildResult:
    root: Node | None
    issues: list[BuildIssue]
    aliases: list[tuple[int, int, Node]]
    error: MarkedYAMLError | None = None
    documents: int = 0
    depth: int = 0  # how deeply collections nest
    truncated: bool = False  # the parse stopped at DEPTH_LIMIT (depth is DEPTH_LIMIT + 1)
    #: where the bundled C parser stopped at an error (`build`; None: it did not stop, or
    #: only the pure-Python parser is there)
    c_stop: int | None = None
    #: libyaml refuses the text, PyYAML's pure-Python parser (which Heat falls back to)
    #: accepts it: (where libyaml stops, its message) (`build`)
    fallback: tuple[int, str] | None = None


class _Ignored:
    """What the hooks return for events that carry nothing for the tree."""


class _DocumentStart:
    __slots__ = ('start', 'end')

    def __init__(self, start: int, end: int):
        self.start = start
        self.end = end


class _Alias:
    __slots__ = ('anchor', 'start', 'end')

    def __init__(self, anchor: str, start: int, end: int):
        self.anchor = anchor
        self.start = start
        self.end = end


_IGNORED = _Ignored()


class _Hooks:
    """Event constructors that build nodes; one instance per parse."""

    __slots__ = ('anchors', 'issues', 'depth')

    def __init__(self):
        self.anchors: dict[str, list[Node]] = {}
        self.issues: list[BuildIssue] = []
        self.depth = 0  # collections open now

    def opened(self) -> None:
        self.depth += 1
        if self.depth > DEPTH_LIMIT:
            raise _TooDeep

    def anchor(self, name: str, node: Node) -> None:
        """Record an anchored node.  PyYAML's composer refuses a second anchor of the same name."""
        defined = self.anchors.get(name)
        if defined is None:
            self.anchors[name] = [node]
            return
        first = defined[0]
        self.issues.append(BuildIssue('construct', f'found duplicate anchor {name!r}', node.start,
                                      node.end, [(first.start, first.end, 'first occurrence')]))
        defined.append(node)

    def scalar(self, anchor, tag, implicit, value, start_mark, end_mark, style=None, comment=None):
        start = start_mark.index
        end = end_mark.index
        try:
            if tag is None or tag == '!':
                # implicit[0] is libyaml's plain_implicit: a plain scalar, or
                # any scalar with the non-specific tag `!` (`! "12"` is 12 in
                # PyYAML, `! ''` is None).  Quoted untagged scalars are strings.
                if not implicit[0]:
                    resolved = value
                elif value and value[0] not in _RESOLVABLE_START:
                    resolved = value  # the common case: a plain word, no implicit type
                else:
                    resolved = resolve_plain(value)
            else:
                resolved = construct_tagged(value, str(tag))
        except ScalarError as exc:
            self.issues.append(BuildIssue('construct', str(exc), start, end))
            resolved = value
        node = Scalar(resolved, start, end, style or '')
        if anchor is not None:
            self.anchor(anchor, node)
        return node

    def mapping_start(self, anchor, tag, implicit, start_mark, end_mark, flow_style=None,
                      comment=None, nr_items=None):
        self.opened()
        node = Mapping(start_mark.index, end_mark.index, bool(flow_style))
        if anchor is not None:
            self.anchor(anchor, node)
        if tag is not None and str(tag) not in _MAP_TAGS:
            self.issues.append(BuildIssue(
                'construct', f"could not determine a constructor for the tag '{tag}'",
                node.start, node.end))
        return node

    def sequence_start(self, anchor, tag, implicit, start_mark, end_mark, flow_style=None,
                       comment=None, nr_items=None):
        self.opened()
        node = Sequence(start_mark.index, end_mark.index, bool(flow_style))
        if anchor is not None:
            self.anchor(anchor, node)
        if tag is not None and str(tag) not in _SEQ_TAGS:
            self.issues.append(BuildIssue(
                'construct', f"could not determine a constructor for the tag '{tag}'",
                node.start, node.end))
        return node

    def collection_end(self, start_mark, end_mark, comment=None):
        self.depth -= 1
        return end_mark.index

    @staticmethod
    def alias(anchor, start_mark, end_mark, comment=None):
        return _Alias(anchor, start_mark.index, end_mark.index)

    @staticmethod
    def document_start(start_mark, end_mark, *rest, **kwargs):
        return _DocumentStart(start_mark.index, end_mark.index)

    @staticmethod
    def ignored(*args, **kwargs):
        return _IGNORED

    def table(self) -> dict[str, Any]:
        return {
            'ScalarEvent': self.scalar, 'MappingStartEvent': self.mapping_start,
            'SequenceStartEvent': self.sequence_start, 'MappingEndEvent': self.collection_end,
            'SequenceEndEvent': self.collection_end, 'AliasEvent': self.alias,
            'DocumentStartEvent': self.document_start, 'DocumentEndEvent': self.ignored,
            'StreamStartEvent': self.ignored, 'StreamEndEvent': self.ignored,
        }


def _reader_error(text: str) -> MarkedYAMLError:
    """A marked error for what the reader refused: a character YAML does not allow.

    The reader raises ReaderError (no mark, and in the C parser a byte
    offset), or, for a lone surrogate, the C parser's UTF-8 encoding raises
    UnicodeEncodeError before parsing starts; both become an error at the
    first character outside YAML's printable set, so that recovery can blank
    its line like any other syntax error.
    """
    match = NON_PRINTABLE.search(text)
    index = match.start() if match else 0
    line = text.count('\n', 0, index)
    column = index - (text.rfind('\n', 0, index) + 1)
    code = ord(text[index]) if match else 0
    error = MarkedYAMLError(problem=f'unacceptable character #x{code:04x}: '
                                    'control characters are not allowed',
                            problem_mark=FileMark('<unicode string>', index, line, column))
    error.exact = True  # an index into the text itself (see _count_the_bom)
    error.unreadable = True  # see is_reader_error
    return error


def is_reader_error(error: MarkedYAMLError | None) -> bool:
    """Whether the parse stopped at a character YAML never accepts (NON_PRINTABLE)."""
    return getattr(error, 'unreadable', False)


def _hooked_c_events(text: str, hooks: _Hooks):
    """Run the C parser with our hooks in place of ruamel's event classes."""
    try:
        parser = _CParser(text)
    except UnicodeEncodeError:
        return [], _reader_error(text)
    get = parser.get_event
    with _hook_lock:
        saved = {name: getattr(_clib, name) for name in _HOOKED_NAMES}
        for name, hook in hooks.table().items():
            setattr(_clib, name, hook)
        try:
            out: list = []
            try:
                # the parser's events until the end (None), collected in C; on an error,
                # what came before it stays in `out`
                out.extend(iter(get, None))
            except _TooDeep:
                return out, None
            except MarkedYAMLError as exc:
                exc.__traceback__ = None  # kept in the result: no frames with it
                return out, exc
            except YAMLError:  # ReaderError
                return out, _reader_error(text)
            return out, None
        finally:
            for name, value in saved.items():
                setattr(_clib, name, value)


def _translated_events(events, hooks: _Hooks, text: str = ''):
    """Feed standard event objects through the hooks (pure parser, or no fast path)."""
    from ruamel.yaml import events as ev
    out = []
    try:
        for event in events:
            kind = type(event)
            if kind is ev.ScalarEvent:
                item = hooks.scalar(event.anchor, event.tag, event.implicit, event.value,
                                    event.start_mark, event.end_mark, event.style)
            elif kind is ev.MappingStartEvent:
                item = hooks.mapping_start(event.anchor, event.tag, event.implicit,
                                           event.start_mark, event.end_mark, event.flow_style)
            elif kind is ev.SequenceStartEvent:
                item = hooks.sequence_start(event.anchor, event.tag, event.implicit,
                                            event.start_mark, event.end_mark, event.flow_style)
            elif kind is ev.MappingEndEvent or kind is ev.SequenceEndEvent:
                hooks.depth -= 1
                item = event.end_mark.index
            elif kind is ev.AliasEvent:
                item = _Alias(event.anchor, event.start_mark.index, event.end_mark.index)
            elif kind is ev.DocumentStartEvent:
                item = _DocumentStart(event.start_mark.index, event.end_mark.index)
            else:
                continue
            out.append(item)
    except _TooDeep:
        return out, None
    except MarkedYAMLError as exc:
        exc.__traceback__ = None  # kept in the result: no frames with it
        return out, exc
    except (YAMLError, UnicodeEncodeError):  # ReaderError; a lone surrogate (C parser)
        return out, _reader_error(text)
    return out, None


def _pure_events(text: str, pyyaml: bool = False):
    from hot_ls.syntax import pure_parser  # imported on first use: only the fallback needs it
    return pure_parser.events(text, pyyaml)


def _standard_c_events(text: str):
    parser = _CParser(text)
    get = parser.get_event
    while True:
        event = get()
        if event is None:
            return
        yield event


def _self_test() -> bool:
    """Whether the hooked C path builds the tree the standard events build."""
    sample = 'a: &x [1, {b: yes}]\n"c": *x\nd: !!str 1\n'
    try:
        hooked = _assemble(*_hooked_c_events(sample, hooks := _Hooks()), hooks)
        plain = _assemble(*_translated_events(_standard_c_events(sample), hooks2 := _Hooks()), hooks2)
    except Exception:  # pragma: no cover - only on an incompatible extension
        return False
    return (hooked.error is None and plain.error is None and hooked.root is not None
            and hooked.root.to_python() == plain.root.to_python()
            and [(n.start, n.end) for n in _walk(hooked.root)]
            == [(n.start, n.end) for n in _walk(plain.root)])


def _walk(node):
    yield node
    if type(node) is Mapping:
        for pair in node.pairs:
            yield from _walk(pair.key)
            yield from _walk(pair.value)
    elif type(node) is Sequence:
        for item in node.items:
            yield from _walk(item)


def build(text: str, pure: bool = False) -> BuildResult:
    """Parse `text` as YAML into a spanned tree.  Never raises for bad input.

    ruamel.yaml.clib bundles an older libyaml than the 0.2.5 that PyYAML (and
    so Heat) uses; it rejects colons inside plain scalars in flow collections
    (`{get_param:Name}`), which libyaml 0.2.2 started to accept, and question
    marks inside them (`{get_?param: x}`), accepted since 0.2.5.  For those
    errors the pure-Python parser, which accepts them as PyYAML does, decides.

    Where libyaml 0.2.5 too refuses `x:` before a flow indicator, Heat parses
    the text again with PyYAML's pure-Python parser and uses what it reads
    (heat.common.template_format.simple_parse): so does this (`fallback`).
    """
    result = _build(text, pure)
    if pure or result.error is None:
        return result
    if HAVE_C_PARSER:
        result.c_stop = _mark_index(result.error)
        if _newer_libyaml_may_accept(text, result.error):
            retry = _build(text, True)
            if retry.error is None or _mark_index(retry.error) > _mark_index(result.error):
                retry.c_stop = result.c_stop
                if retry.error is None or retry.error.problem != _UNEXPECTED_COLON:
                    return retry
                result = retry
    if result.error.problem == _UNEXPECTED_COLON:
        fallback = _build(text, True, pyyaml=True)
        if fallback.error is None:
            fallback.c_stop = result.c_stop
            fallback.fallback = (_mark_index(result.error), result.error.problem)
            return fallback
    return result


_UNEXPECTED_COLON = "found unexpected ':'"


def _mark_index(error: MarkedYAMLError) -> int:
    """Where an error stopped the parser (-1: it says no place)."""
    mark = error.problem_mark or error.context_mark
    return mark.index if mark is not None else -1


_FLOW_END_PROBLEMS = frozenset(("did not find expected ',' or '}'", "did not find expected ',' or ']'"))


def _newer_libyaml_may_accept(text: str, error: MarkedYAMLError) -> bool:
    """Whether an error of the bundled libyaml may be one that libyaml 0.2.5 no longer raises."""
    if error.problem == "found unexpected ':'":
        return True
    return (error.problem in _FLOW_END_PROBLEMS and error.context_mark is not None
            and error.problem_mark is not None
            and '?' in text[error.context_mark.index:error.problem_mark.index + 1])


def _build(text: str, pure: bool, pyyaml: bool = False) -> BuildResult:
    hooks = _Hooks()
    if pure or not HAVE_C_PARSER:
        items, error = _translated_events(_pure_events(text, pyyaml), hooks, text)
    elif FAST_PATH:
        items, error = _hooked_c_events(text, hooks)
    else:
        items, error = _translated_events(_standard_c_events(text), hooks, text)
    if text.startswith('\ufeff') and not (pure or not HAVE_C_PARSER):
        error = _count_the_bom(items, error, hooks)
    return _assemble(items, error, hooks)


def _count_the_bom(items: list, error: MarkedYAMLError | None, hooks: _Hooks):
    """Move the C parser's offsets one on, past a leading byte order mark.

    libyaml drops a leading BOM while it detects the encoding and counts its
    marks from the character after it; our offsets index the document text,
    BOM included (the pure parser counts it too).
    """
    for number, item in enumerate(items):
        if type(item) is int:
            items[number] = item + 1
        elif type(item) is not _Ignored:
            item.start += 1
            item.end += 1
    for issue in hooks.issues:
        issue.start += 1
        issue.end += 1
        issue.related = [(start + 1, end + 1, message) for start, end, message in issue.related]
    if error is None or getattr(error, 'exact', False):
        return error

    def moved(mark):
        if mark is None:
            return None
        return FileMark(mark.name, mark.index + 1, mark.line, mark.column + (mark.line == 0))

    return MarkedYAMLError(error.context, moved(error.context_mark), error.problem,
                           moved(error.problem_mark), error.note)


def _assemble(items: list, error: MarkedYAMLError | None, hooks: _Hooks) -> BuildResult:
    """Put the hooks' nodes together into a tree."""
    issues = hooks.issues
    anchors = hooks.anchors
    aliases: list[tuple[int, int, Node]] = []
    merges: dict[int, list[Node]] = {}
    stack: list[list] = []  # [container, pending key]
    root: Node | None = None
    documents = 0
    depth = 0
    last = 0
    for item in items:
        kind = type(item)
        if kind is Scalar:
            node = item
            last = node._end  # (a fresh node counts from FIXED: its raw offsets are its own)
            if type(node.value) is Special and (not stack or type(stack[-1][0]) is Sequence
                                                or stack[-1][1] is not None):
                issues.append(BuildIssue(
                    'construct', f"could not determine a constructor for the tag '{node.value.tag}'",
                    node.start, node.end))
                node.value = str(node.value)
        elif kind is Mapping or kind is Sequence:
            stack.append([item, None])
            if len(stack) > depth:
                depth = len(stack)
            continue
        elif kind is int:
            container = stack.pop()[0]
            if container.flow:
                container._end = item
            else:
                start = container._start
                container._end = last if last > start else start
            if type(container) is Mapping:
                _finish_mapping(container, merges, issues)
            node = container
            last = container._end
        elif kind is _Alias:
            # The anchor must come before the alias: the hooks saw every
            # anchor of the document before this loop runs.
            target = None
            for candidate in reversed(anchors.get(item.anchor, ())):
                if candidate.start < item.start:
                    target = candidate
                    break
            if target is None:
                issues.append(BuildIssue('construct', f'found undefined alias {item.anchor!r}',
                                         item.start, item.end))
                target = Scalar(None, item.start, item.end)
            else:
                aliases.append((item.start, item.end, target))
                if type(target) is not Scalar and any(frame[0] is target for frame in stack):
                    # PyYAML builds a self-containing object; Heat cannot use
                    # one, and a cyclic tree would send every walker round
                    # forever.  The alias stands for null.
                    issues.append(BuildIssue(
                        'construct', f'found recursive alias {item.anchor!r}: a node cannot '
                        'contain itself', item.start, item.end))
                    target = Scalar(None, item.start, item.end)
            node = target
            last = item.end
        elif kind is _DocumentStart:
            documents += 1
            if documents == 2:
                issues.append(BuildIssue(
                    'multi-document',
                    'expected a single document in the stream, but found another document',
                    item.start, max(item.start, item.end)))
            continue
        else:
            continue
        # attach `node` to its parent
        if not stack:
            if documents <= 1:
                root = node
            continue
        frame = stack[-1]
        container = frame[0]
        if type(container) is Sequence:
            container.items.append(node)
        elif frame[1] is None:
            frame[1] = node
        else:
            key = frame[1]
            frame[1] = None
            if type(key) is Scalar and type(key.value) is not Special:
                container.pairs.append(Pair(key, node))  # _add_pair's common case, inline
            else:
                _add_pair(container, key, node, merges)
    truncated = hooks.depth > DEPTH_LIMIT
    if truncated:
        depth = DEPTH_LIMIT + 1
    if error is not None or truncated:
        while stack:  # close what is open so the tree is usable
            frame = stack.pop()
            node = frame[0]
            node.end = max(node.start, last)
            if type(node) is Mapping:
                if frame[1] is not None:
                    key = frame[1]
                    _add_pair(node, key, Scalar(None, key.end, key.end), merges)
                _finish_mapping(node, merges, issues)
            if stack:
                parent = stack[-1]
                if type(parent[0]) is Sequence:
                    parent[0].items.append(node)
                elif parent[1] is None:
                    parent[1] = node
                else:
                    key = parent[1]
                    parent[1] = None
                    _add_pair(parent[0], key, node, merges)
            elif documents <= 1:
                root = node
    return BuildResult(root, issues, aliases, error, documents, depth, truncated)


def _add_pair(mapping: Mapping, key: Node, value: Node, merges: dict[int, list[Node]]) -> None:
    if type(key) is Scalar and type(key.value) is Special:
        if key.value.tag == MERGE:
            merges.setdefault(id(mapping), []).append(value)
            return
        key.value = str(key.value)
    mapping.pairs.append(Pair(key, value))


def _finish_mapping(mapping: Mapping, merges: dict[int, list[Node]], issues: list[BuildIssue]) -> None:
    """Build the index Heat sees, as PyYAML's construct_mapping would.

    Merged entries come first (a `<<` list in reverse, so its first map
    wins), explicit entries after them; the last assignment of a key wins
    and the key keeps the position of its first assignment.
    """
    pairs = mapping.pairs
    pending = merges.pop(id(mapping), None)
    if pending is None:
        # Fast path: scalar keys, no merge keys.
        try:
            index = {pair.key.value: pair for pair in pairs}
        except (AttributeError, TypeError):
            index = None
        if index is not None and len(index) == len(pairs):
            mapping.index = index
            return
    index = {}
    if pending:
        for value in pending:
            if type(value) is Mapping:
                sources = [value]
            elif type(value) is Sequence and all(type(item) is Mapping for item in value.items):
                sources = list(reversed(value.items))
            else:
                culprit = value
                message = 'expected a mapping or list of mappings for merging'
                if type(value) is Sequence:
                    culprit = next(item for item in value.items if type(item) is not Mapping)
                    message = 'expected a mapping for merging'
                issues.append(BuildIssue('construct', message, culprit.start, culprit.end))
                continue
            for source in sources:
                for key_value, pair in source.index.items():
                    index[key_value] = Pair(pair.key, pair.value, merged=True)
    first: dict[Any, Pair] = {}
    for pair in pairs:
        key = pair.key
        if type(key) is not Scalar:
            # SafeConstructor builds a list or dict for a collection key, and
            # refuses it: "found unhashable key".
            issues.append(BuildIssue('construct', 'found unhashable key', key.start, key.end))
            continue
        key_value = key.value
        previous = first.setdefault(key_value, pair)
        if previous is not pair:
            issues.append(BuildIssue(
                'duplicate-key',
                f'Duplicate key "{key_value}": the last one wins, as in Heat',
                key.start, key.end, [(previous.key.start, previous.key.end, 'first defined here')]))
        index[key_value] = pair
    mapping.index = index


FAST_PATH = False
if HAVE_C_PARSER:
    FAST_PATH = True
    FAST_PATH = _self_test()
