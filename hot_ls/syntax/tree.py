"""Parse a document into a SyntaxTree: the spanned tree plus what the loader objects to."""
from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from typing import Callable

from ruamel.yaml.error import MarkedYAMLError

from hot_ls.syntax import recovery
from hot_ls.syntax.gc_pause import gc_paused
from hot_ls.syntax.json_builder import build_json
from hot_ls.syntax.nodes import Mapping, Node, Pair
from hot_ls.syntax.skim import SIZE_LIMIT, skim
from hot_ls.syntax.yaml_builder import (NON_PRINTABLE, BuildIssue, BuildResult, build,
                                       is_reader_error)
from hot_ls.syntax.yaml_errors import context_line, syntax_issue
from hot_ls.text.lines import LineIndex

_JSON_START = frozenset('{["-0123456789tfnIN')


@dataclass
class SyntaxTree:
    text: str
    root: Node | None
    format: str  # 'yaml' | 'json'
    issues: list[BuildIssue] = field(default_factory=list)
    aliases: list[tuple[int, int, Node]] = field(default_factory=list)
    patched_lines: frozenset[int] = frozenset()
    documents: int = 1
    depth: int = 0  # how deeply collections nest
    #: the parse stopped at yaml_builder.DEPTH_LIMIT levels: what follows was never read
    truncated: bool = False
    #: larger than skim.SIZE_LIMIT: only the top-level keys were read (`skim`)
    skimmed: bool = False
    #: error recovery did not get through: the tree ends where the last attempt stopped
    unrecovered: bool = False
    #: where the bundled C parser stops in the text (yaml_builder.build: the pure-Python
    #: parser decides past it), or before (after an incremental parse); None: nowhere
    c_stop: int | None = None
    #: libyaml refuses the text and PyYAML's pure-Python parser, which Heat then parses it
    #: with, accepts it (the tree is what that one reads): where libyaml stops, its message
    fallback: tuple[int, str] | None = None
    #: its nodes were moved into a newer tree by an incremental parse (syntax.incremental):
    #: they no longer match `text`
    consumed: bool = False
    _lines: LineIndex | None = None
    _affected: frozenset[int] | None = None
    _runs: tuple[list[int], list[int]] | None = None
    #: the origins of the pairs incremental parses shifted (syntax.incremental), kept for the
    #: next: id(pair) -> (pair, the origin its nodes count from)
    flat: dict = field(default_factory=dict, repr=False)
    #: each section's entries' origins in order (syntax.incremental), kept for the next:
    #: id(section) -> (section, its pairs when they were listed, their origins)
    entry_origins: dict = field(default_factory=dict, repr=False)
    #: the depths of the top-level entries an incremental parse looked at, kept for the next
    depths: dict = field(default_factory=dict, repr=False)
    #: made by an incremental parse: (the pair of the previous tree it replaced, the pair it
    #: put in its place); every other entry is the previous tree's (its nodes shifted)
    replaced: tuple[Pair, Pair] | None = field(default=None, repr=False)
    _shared: bool | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def shares_nodes(self) -> bool:
        """Whether a node belongs to two top-level entries: an alias names a node outside the
        entry it is written in (`entry_starts`).  Where none does, each entry's nodes are its
        own, so what an entry is, and what is found in it, depends on its text alone: it may
        be re-parsed, walked and checked on its own (syntax.incremental, model.template,
        rules.records), aliases or not."""
        if self._shared is None:
            self._shared = bool(self.aliases) and not _aliases_within_entries(self)
        return self._shared

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    @property
    def syntax_errors(self) -> list[BuildIssue]:
        return [issue for issue in self.issues if issue.kind == 'syntax']

    def is_patched(self, start: int, end: int) -> bool:
        """Whether a span touches a line that error recovery blanked, or the block under one.

        Lines indented deeper than a blanked line were its children; with
        their parent gone they may have moved to another level of the tree,
        so what the rules say about them is not to be trusted.
        """
        if not self.patched_lines:
            return False
        firsts, lasts = self._affected_runs()
        # (the first run that ends at or after the span's start: does it start within it?)
        index = bisect_left(lasts, start)
        return index < len(lasts) and firsts[index] <= max(start, end - 1)

    def patched_span(self) -> tuple[int, float] | None:
        """The first and the last offset `is_patched` answers True for (None: none)."""
        if not self.patched_lines:
            return None
        firsts, lasts = self._affected_runs()
        return (firsts[0], lasts[-1]) if firsts else None

    def _affected_runs(self) -> tuple[list[int], list[int]]:
        """The affected lines (`_affected_lines`) as runs of offsets: the first offset of
        each run of consecutive lines, and its last (a line's last is the one before the
        next line's first; the text's last line runs on), in order."""
        if self._runs is None:
            lines = self.lines
            count = lines.line_count
            firsts: list[int] = []
            lasts: list[int] = []
            previous = -2
            for line in sorted(self._affected_lines()):
                if line >= count:
                    continue
                last = lines.line_start(line + 1) - 1 if line + 1 < count else _RUNS_ON
                if line == previous + 1 and firsts:
                    lasts[-1] = last
                else:
                    firsts.append(lines.line_start(line))
                    lasts.append(last)
                previous = line
            self._runs = (firsts, lasts)
        return self._runs

    def _affected_lines(self) -> frozenset[int]:
        """The lines recovery blanked and the blocks under them."""
        if self._affected is None:
            lines = self.lines
            affected = set(self.patched_lines)
            for patched in sorted(self.patched_lines):
                if patched >= lines.line_count:
                    continue
                text = lines.line_text(patched)
                indent = len(text) - len(text.lstrip(' \t-'))
                number = patched + 1
                while number < lines.line_count:
                    body = lines.line_text(number)
                    stripped = body.lstrip(' \t')
                    if stripped and not stripped.startswith('#'):
                        if len(body) - len(stripped) <= indent:
                            break
                        affected.add(number)
                    number += 1
            self._affected = frozenset(affected)
        return self._affected


_RUNS_ON = float('inf')  # (offsets past the text's end are on its last line)


def _mark_line(error: MarkedYAMLError, which: str, lines: LineIndex) -> int | None:
    """The line of a mark, counted as LineIndex counts lines (see hot_ls.syntax.yaml_errors)."""
    mark = getattr(error, which, None)
    return lines.line_of(mark.index) if mark is not None else None


def recover(text: str, first: BuildResult, lines: LineIndex | None = None,
             editor: recovery.LineEditor | None = None,
             attempt: Callable[[set[int], frozenset[int]], BuildResult] | None = None
             ) -> tuple[BuildResult, set[int], list[BuildIssue]]:
    """Re-parse with broken lines neutralized until the parser gets through.  `attempt`:
    the parse of the text with lines neutralized (and blanked), when it is not the whole
    text's (syntax.incremental re-parses one entry's region)."""
    lines = lines if lines is not None else LineIndex(text)
    editor = editor if editor is not None else recovery.LineEditor(text)
    if attempt is None:
        def attempt(neutral: set[int], blank: frozenset[int]) -> BuildResult:
            return build(editor.render(neutral, blank))
    neutral: set[int] = set()
    blank: set[int] = set()
    errors = [syntax_issue(first.error, text, lines)]
    current = first
    parses = 0
    if is_reader_error(first.error):
        # Every line with a character YAML refuses stops the parse: all are blanked at
        # once, and the one diagnostic says how many such characters there are.
        count = sum(1 for _ in NON_PRINTABLE.finditer(text))
        neutral |= editor.unreadable_lines()
        if count > 1:
            where = 'on this line' if len(neutral) == 1 else f'on {len(neutral)} lines'
            errors[0] = replace(errors[0], message=f'{errors[0].message} ({count} such '
                                                   f'characters {where})')
        current = attempt(neutral, frozenset())
        parses += 1
        if current.error is None:
            return current, neutral, errors
        errors.append(syntax_issue(current.error, text, lines))
    while current.error is not None and parses < recovery.MAX_PARSES:
        error = current.error
        problem_line = _mark_line(error, 'problem_mark', lines)
        if problem_line is None:
            break
        progressed = False
        context, key_without_colon = context_line(error, text, lines)
        for candidate, keep in recovery.candidates(editor, problem_line, context, neutral,
                                                   key_without_colon):
            if parses >= recovery.MAX_PARSES:
                break
            parses += 1
            blanked = blank if keep else blank | candidate
            tried = attempt(neutral | candidate, frozenset(blanked))
            if tried.error is None:
                return tried, neutral | candidate, errors
            moved = _mark_line(tried.error, 'problem_mark', lines)
            if moved is not None and moved > max(candidate | {problem_line}):
                neutral |= candidate
                blank = set(blanked)
                current = tried
                errors.append(syntax_issue(tried.error, text, lines))
                progressed = True
                break
        if not progressed:
            break
    return current if current is not first else first, neutral, errors


def entry_starts(root: Node | None) -> list[int] | None:
    """Where each top-level entry starts, in order: every top-level pair's key, and each
    entry of one whose value is a mapping (a section's parameters, resources...), the
    section's key an entry of its own.  An entry runs to the next one's start.  None: the
    root is no mapping, or a value is written before its key (a section given by an alias)."""
    if type(root) is not Mapping:
        return None
    starts: list[int] = []
    last = -1
    for pair in root.pairs:
        value = pair.value
        entries = value.pairs if type(value) is Mapping else ()
        for start in (pair.key.start, *(entry.key.start for entry in entries)):
            if start <= last:
                return None
            starts.append(start)
            last = start
    return starts


def _aliases_within_entries(tree: SyntaxTree) -> bool:
    """Whether every alias of `tree` names a node that lies, whole, in the top-level entry
    the alias is written in (`entry_starts`)."""
    starts = entry_starts(tree.root)
    return bool(starts) and aliases_within(tree.aliases, starts)


def aliases_within(aliases: list[tuple[int, int, Node]], starts: list[int]) -> bool:
    """Whether each alias, and the whole node it names, lie in one of the spans that start at
    `starts` (in order; each runs to the next)."""
    for start, _, target in aliases:
        entry = bisect_right(starts, start) - 1
        if entry < 0 or bisect_right(starts, target.start) - 1 != entry \
                or bisect_right(starts, max(target.start, target.end - 1)) - 1 != entry:
            return False
    return True


def parse(text: str, limit: int | None = SIZE_LIMIT) -> SyntaxTree:
    """Parse a template or environment, the way Heat's loader would see it.

    Never raises: whatever is wrong becomes an issue on the tree.  A text
    longer than `limit` characters (None: no limit) is only skimmed for its
    top-level keys (`skim`): Heat never reads one that large.
    """
    if limit is not None and len(text) > limit:
        return SyntaxTree(text, skim(text), 'yaml', skimmed=True)
    with gc_paused():
        return _parse(text)


def _parse(text: str) -> SyntaxTree:
    stripped = text.lstrip()
    if stripped and stripped[0] in _JSON_START:
        try:
            json.loads(text)
        except (ValueError, RecursionError):
            pass
        else:
            root, issues, depth = build_json(text)
            return SyntaxTree(text, root, 'json', issues, depth=depth)
    result = build(text)
    if result.error is None:
        return SyntaxTree(text, result.root, 'yaml', result.issues, result.aliases,
                          documents=result.documents, depth=result.depth,
                          truncated=result.truncated, c_stop=result.c_stop,
                          fallback=result.fallback)
    recovered, neutral, errors = recover(text, result)
    if recovered.error is not None and recovered is not result:
        pass  # the best partial tree we reached is still better than nothing
    issues = errors + [issue for issue in recovered.issues if issue.kind != 'multi-document'
                       or recovered.error is None]
    return SyntaxTree(text, recovered.root, 'yaml', issues, recovered.aliases,
                      frozenset(neutral), recovered.documents, depth=recovered.depth,
                      truncated=recovered.truncated, unrecovered=recovered.error is not None,
                      c_stop=result.c_stop)
