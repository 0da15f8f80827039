"""The quick fixes `hot-ls check --fix` applies without asking: those that keep what was meant.

For each diagnostic, its preferred quick fix is applied when
- the fixer that offers it is one whose edit only says what the text already
  means (AUTOMATIC: the ':' a key lacks, spaces for a tab, the one name a
  misspelling is close to, a key moved where it belongs, the version every
  use needs...), not one that invents content (a placeholder value, a new
  parameter, a server's user_data_format) or suppresses the diagnostic;
- and nothing else competes with it: the same fixer offers nothing else for
  the diagnostic (one did-you-mean candidate, not three), and no other fixer
  of that kind offers anything (a resource named with get_param whose name
  is also close to a parameter's: which was meant is the user's to say);
- and a rename is a typo's: the name differs from the one written by at most
  two letters added, dropped, changed or swapped, or only in case (`flavour`,
  `tpye`, `TCP`).  A did-you-mean of a reference is looser than that
  (`bmc_port` -> `baremetal_ports`, `worker_instance` ->
  `worker_instance_scale_in` in real templates): the editor offers it, the
  command does not make it.

The fixes chosen do not overlap; an edit in another file is never made.  A
fix may reveal or cause other diagnostics: `fix_repeatedly` applies them one
at a time, keeping each only when the result analyses better (fewer YAML
syntax errors; else fewer diagnostics and no more errors), and chooses again
on the new text, for `hot-ls check --fix` and the editor's "fix all"
(source.fixAll).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Callable

from hot_ls.analysis import Analysis, Severity
from hot_ls.features.code_actions import fixers_of, run_fixer
from hot_ls.features.quick_fixes.colon import add_colon
from hot_ls.features.quick_fixes.context import FixContext
from hot_ls.features.quick_fixes.make_list import make_list
from hot_ls.features.quick_fixes.move_property import (indent_under_resource_above,
                                                      move_under_properties)
from hot_ls.features.quick_fixes.rename_key import rename_misspelt
from hot_ls.features.quick_fixes.replace import (call_instead, quote_name, raise_version,
                                                 removed_function, replacements)
from hot_ls.features.quick_fixes.tabs import indent_with_spaces
from hot_ls.features.quick_fixes.unused import remove_unused_suppression
from hot_ls.features.quick_fixes.yaml_edit import Doc, apply
from hot_ls.features.types import CodeAction, TextEdit

AUTOMATIC = frozenset({add_colon, indent_with_spaces, make_list, move_under_properties,
                       indent_under_resource_above, rename_misspelt, call_instead, raise_version,
                       quote_name, removed_function, replacements, remove_unused_suppression})


def automatic_fixes(analysis: Analysis | None) -> list[CodeAction]:
    """The fixes to apply to `analysis`'s text, in document order, none overlapping."""
    if analysis is None or analysis.tree is None:
        return []
    ctx = FixContext(analysis, Doc(analysis.tree))
    chosen: list[CodeAction] = []
    for diagnostic in analysis.diagnostics:
        found = _one_fix(ctx, diagnostic)
        if found is not None:
            chosen.append(found)
    return _apart(chosen, analysis.path)


def _one_fix(ctx: FixContext, diagnostic) -> CodeAction | None:
    automatic = []  # (fixer, its quick fixes for the diagnostic); the others are not run
    for fixer in fixers_of(diagnostic.code):
        if fixer not in AUTOMATIC:
            continue  # (what they offer is never applied: no need to compute it)
        actions = [a for a in run_fixer(fixer, ctx, diagnostic) if a.kind == 'quickfix']
        if actions:
            automatic.append((fixer, actions))
    if len(automatic) != 1:
        return None  # none, or competing readings
    fixer, actions = automatic[0]
    if len(actions) != 1 or not actions[0].preferred:
        return None
    if fixer in _RENAMES and not all(_a_typo(ctx.doc.text[edit.start:edit.end], edit.new_text)
                                     for edit in actions[0].edits):
        return None
    return actions[0]


_RENAMES = frozenset({replacements, rename_misspelt})


def _a_typo(written: str, meant: str) -> bool:
    """Whether `meant` is `written` with a typo corrected (quotes aside)."""
    written, meant = written.strip('\'"'), meant.strip('\'"')
    if written.lower() == meant.lower():
        return True
    return _distance(written, meant, 2) <= 2


def _distance(a: str, b: str, bound: int) -> int:
    """The optimal-string-alignment distance of a and b (insertions, deletions,
    substitutions, adjacent swaps), or bound + 1 once it is known to be more."""
    if abs(len(a) - len(b)) > bound:
        return bound + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > bound:
            return bound + 1
        previous2, previous = previous, current
    return previous[len(b)]


def _apart(actions: list[CodeAction], path: str | None) -> list[CodeAction]:
    """The actions whose edits are all in this document and touch no other chosen edit (two
    insertions at one place would depend on their order)."""
    taken: list[tuple[int, int]] = []
    kept = []
    for action in sorted(actions, key=lambda a: min(e.start for e in a.edits)):
        spans = [(e.start, e.end) for e in action.edits if e.path in (None, path)]
        if not spans or len(spans) != len(action.edits):
            continue
        if any(start < other_end and other_start < end or start == other_start
               for start, end in spans for other_start, other_end in taken):
            continue
        taken += spans
        kept.append(action)
    return kept


#: at most this many fixes in one document (a bound, never reached by a file of real mistakes)
MAX_FIXES = 500


@dataclass
class Applied:
    """One fix made: its diagnostic's code and place (0-based, in the text it changed)."""

    code: str
    title: str
    line: int
    column: int


def fix_repeatedly(analysis: Analysis, analyze_text: Callable[[str], Analysis]
                   ) -> tuple[Analysis, list[Applied]]:
    """The analysis of the text with every fix that helps made (`analyze_text` analyses a
    text as the document's), and the fixes, in the order made."""
    done: list[Applied] = []
    while len(done) < MAX_FIXES:
        for action in automatic_fixes(analysis):
            after = analyze_text(apply(analysis.text, action.edits))
            if _better(after, analysis):
                diagnostic = action.diagnostics[0]
                lines = analysis.tree.lines
                line = lines.line_of(diagnostic.start)
                done.append(Applied(diagnostic.code, action.title, line,
                                    diagnostic.start - lines.line_start(line)))
                analysis = after
                break
        else:
            break
    return analysis, done


def _better(after: Analysis, before: Analysis) -> bool:
    """Fewer YAML syntax errors (what the parser could not read is then checked: what that
    reveals is no fault of the fix); else fewer diagnostics and no more errors."""
    def count(analysis: Analysis, code: str | None = None) -> int:
        return sum(1 for d in analysis.diagnostics
                   if (d.code == code if code else d.severity == Severity.ERROR))
    syntax_before, syntax_after = count(before, 'HOT001'), count(after, 'HOT001')
    if syntax_after != syntax_before:
        return syntax_after < syntax_before
    return len(after.diagnostics) < len(before.diagnostics) and count(after) <= count(before)


#: the code action kind of "fix all" (LSP's source.fixAll, hot-ls's own)
FIX_ALL = 'source.fixAll.hot-ls'


def fix_all_action(analysis: Analysis | None, analyze_text: Callable[[str], Analysis]
                   ) -> CodeAction | None:
    """The editor's "fix all" (an editor asks for it on save, or from its source actions):
    what `hot-ls check --fix` does to the document, as the least edits that make it."""
    if analysis is None or analysis.tree is None:
        return None
    fixed, done = fix_repeatedly(analysis, analyze_text)
    if not done:
        return None
    count = f'{len(done)} fix{"es" if len(done) > 1 else ""}'
    return CodeAction(f'Fix what has one reading ({count})', FIX_ALL,
                      line_edits(analysis.text, fixed.text))


def line_edits(old: str, new: str) -> list[TextEdit]:
    """Edits that turn `old` into `new`, one per run of changed lines."""
    before, after = old.splitlines(keepends=True), new.splitlines(keepends=True)
    starts = [0]
    for line in before:
        starts.append(starts[-1] + len(line))
    edits = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != 'equal':
            edits.append(TextEdit(starts[i1], starts[i2], ''.join(after[j1:j2])))
    return edits
