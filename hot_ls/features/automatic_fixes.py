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
fix may reveal or cause other diagnostics: the caller analyses the result
again (and keeps a fix only if it helps).
"""
from __future__ import annotations

from hot_ls.analysis import Analysis
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
from hot_ls.features.quick_fixes.yaml_edit import Doc
from hot_ls.features.types import CodeAction

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
    offered = []  # (fixer, its quick fixes for the diagnostic)
    for fixer in fixers_of(diagnostic.code):
        actions = [a for a in run_fixer(fixer, ctx, diagnostic) if a.kind == 'quickfix']
        if actions:
            offered.append((fixer, actions))
    automatic = [(fixer, actions) for fixer, actions in offered if fixer in AUTOMATIC]
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
