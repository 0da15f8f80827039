"""Analyse a new text of a document from its previous analysis: what an edit costs is what it
changes.

The editor sends one small edit at a time.  `reanalyze` re-parses only the
entry the edit falls in (`hot_ls.syntax.incremental`; else the whole text),
builds the model from the previous one (the entries the splice kept keep what
the model found in them), and checks only the entries the edit affected: the
per-entry rules' findings about the others, and what their checks found
(hot_ls.rules.records), are taken over from the previous analysis.

Which entries an edit affects (`carry`):

- none is taken over when the frame changed (the kind of document, its
  version, its sections and their shapes, how deep it nests: `records.frame_of`),
  nor when the settings, the workspace or the document's stack did (a stack
  renewed only because this document's own interface changed, for a document
  whose stack reads no environment and not itself, is the same);
- an entry changed when its text did (`entries.entry_source`; entries whose
  nodes the splice kept are unchanged), when it is new or gone, or when it
  lies on lines error recovery blanked;
- an entry is affected when it changed, when an entry it depends on is
  (hot_ls.analysis.entries.dependencies: the entries it names, transitively;
  the names of a section, for an entry naming one that does not exist; every
  entry of a section, for one that computes the name it looks up; the names its
  checks computed), or when the answer to a question its checks asked of the
  whole template changed (`Analysis.observe`: whether Heat evaluates a condition,
  whether one is used...);
- a parameter whose description or label alone changed (`entries.parameter_interface`)
  is checked again, but what reads it is not (nothing it computes or checks reads them),
  unless one of its diagnostics lies in the parameter (it moves with the text).

The result is the same analysis `analyze` gives for the text: the property tests
(tests/rules/test_incremental_analysis.py) hold them together over editing sessions of
real templates, diagnostics, symbols and evaluation alike.  A rule that fails while
only some entries are checked has all of them checked (hot_ls.rules.engine).

The previous analysis' tree is consumed by a splice (its nodes move into the
new tree): the caller must not use that analysis' positions afterwards
(`analysis.tree.consumed` says so).  Its records are not changed.
"""
from __future__ import annotations

import os
from bisect import bisect_left
from operator import is_

from hot_ls.analysis import Analysis, allow_deep_recursion
from hot_ls.analysis.entries import (INTERFACES, SECTIONS, EntryFacts, entry_source, interface,
                                     parameter_interface)
from hot_ls.config import Settings
from hot_ls.rules.engine import check
from hot_ls.rules.records import Carried, Key, Records, frame_of
from hot_ls.syntax.gc_pause import gc_paused
from hot_ls.syntax.incremental import Splice, prepare, reparse
from hot_ls.syntax.nodes import Mapping, Pair
from hot_ls.workspace import Workspace


def reanalyze(previous: Analysis | None, text: str, path: str | None = None,
              settings: Settings | None = None,
              workspace: Workspace | None = None) -> tuple[Analysis, str]:
    """The analysis of `text`, and how it was parsed: 'incremental' (one entry re-parsed),
    'full', or 'unchanged' (the previous analysis itself: the same text, checked in the same
    way).  Without `workspace`, the previous analysis' is used when it is for the same path
    and settings."""
    allow_deep_recursion()
    with gc_paused():
        spliced = None
        usable = previous is not None and previous.read_problem is None
        if usable:
            previous.records  # (made now, before the splice moves the nodes they are made of)
            if workspace is None and previous.path == path and \
                    previous.settings == (settings if settings is not None else Settings()):
                workspace = previous.workspace
            if _unchanged(previous, text, path, settings, workspace):
                return previous, 'unchanged'
            spliced = reparse(previous.tree, text)
        analysis = Analysis(text, path, settings, tree=spliced.tree if spliced else None,
                            workspace=workspace,
                            previous_template=previous.template if spliced else None)
        analysis.incremental = spliced is not None
        carried = carry(previous, analysis, spliced) if usable else None
        check(analysis, carried)
    return analysis, 'full' if spliced is None else 'incremental'


def prepare_for_edits(analysis: Analysis) -> None:
    """Make now what the analysis of the document's next edit needs of this one and would
    otherwise make first: the records of its checks, and the origins its tree's entries move
    by (hot_ls.syntax.incremental.prepare).  For the idle time after the analysis is out (the
    server's, before the next edit's analysis starts); nothing it makes changes a result."""
    if analysis.read_problem is None and not analysis.tree.consumed:
        analysis.records  # (made now: see reanalyze)
        prepare(analysis.tree)


def carry(previous: Analysis, analysis: Analysis, spliced: Splice | None = None
          ) -> Carried | None:
    """What `analysis` (of a new text) takes over from `previous` (see the module's docstring),
    or None: every entry is checked.  `spliced`: how analysis' tree was made from previous'."""
    records = previous.records
    template = analysis.template
    if records is None or template is None or analysis.settings != previous.settings \
            or analysis.workspace is not previous.workspace \
            or not _same_stack(previous, analysis.stack):
        return None
    frame = frame_of(analysis)
    if frame is None or frame != records.frame:
        return None
    changed = _spliced(spliced, analysis, records) if spliced is not None else None
    if changed is None:
        changed = _changed(previous, analysis, records)
    elif analysis.tree.patched_lines:  # (a splice with error recovery: what it blanks)
        changed |= _patched(analysis)
    changed |= records.unkept
    changed |= _interfaces(analysis, records, changed)
    quiet = _quiet(analysis, records, changed)
    stale = {key for key in _affected(records, changed - quiet if quiet else changed,
                                      _renamed(records, template))
             if key[0] != INTERFACES}
    if quiet:  # (checked themselves, and what anchors a diagnostic in them: it moves)
        stale |= quiet | _anchored_in(records, quiet)
    kept = records.entries

    def facts(key: Key) -> EntryFacts | None:
        record = kept.get(key)
        return record.facts if record is not None and key not in stale else None

    analysis.keep_facts(facts)
    analysis.heat_conditions = _looked_up(analysis, records, stale)
    dirty = set(stale)
    while True:  # until no answer to a question changes
        flipped = {key for key in records.observing
                   if key not in dirty and _exists(template, key)
                   and _answers_changed(analysis, records.entries[key].observations)}
        if not flipped:
            break
        dirty |= {key for key in _affected(records, flipped, ()) if key[0] != INTERFACES}
    return Carried({key for key in dirty if _exists(template, key)}, records, facts)


def _exists(template, key: Key) -> bool:
    return key[1] in getattr(template, key[0])


def _looked_up(analysis: Analysis, records: Records, stale: set[Key]) -> set:
    """`analysis.heat_conditions` from the previous records' counts and the stale entries'
    facts (the conditions each resource and output looks up)."""
    counts = records.looked_up.copy()
    template = analysis.template
    for key in stale:
        record = records.entries.get(key)
        if record is not None:
            counts.subtract(record.facts.requested)
        definition = getattr(template, key[0]).get(key[1]) \
            if key[0] in ('resources', 'outputs') else None
        if definition is not None:
            counts.update(analysis.entry_facts(definition).requested)
    return {name for name, count in counts.items() if count > 0}


def _unchanged(previous: Analysis, text: str, path: str | None, settings: Settings | None,
               workspace: Workspace | None) -> bool:
    """Whether `previous` is the analysis of `text` (the same text, path, settings and
    stack): a HOT template analysed again only because its own interface moved the
    workspace on."""
    return (previous.text == text and previous.path == path and not previous.tree.consumed
            and previous.records is not None and workspace is previous.workspace
            and previous.settings == (settings if settings is not None else Settings())
            and _same_stack(previous, workspace.stack(previous.stack.template)))


def _same_stack(previous: Analysis, now) -> bool:
    """Whether `now` (a stack context of the document) is the one `previous` was checked in:
    the same, or one renewed only because this very document's interface changed, for a
    document whose stack reads no environment, nor the document itself."""
    before = previous.stack
    if before is now:
        return True
    causes = previous.workspace.changed_since(previous.stack_generation)
    own = os.path.abspath(before.template)
    return causes is not None and causes <= {own} and own not in before.read \
        and ((before.alone and now.alone) or _same_environment(before, now))


def _same_environment(before, now) -> bool:
    """Whether two contexts of a root (made again: its own interface moved the workspace
    on) are created with the same environment: the same files and values beside them, the
    same registry (Workspace: one for the same files), and what merging them with the
    template's parameters' types gave the same (TripleO's overcloud.yaml: a keystroke in a
    parameter's default checks the 27 entries that read it, not all 214)."""
    if before.chain or now.chain or before.values is not None or now.values is not None \
            or before.groups or now.groups or before.guard is not None \
            or now.guard is not None or before.root != now.root:
        return False
    old, new = before.environment, now.environment
    return (len(old.files) == len(new.files) and all(map(is_, old.files, new.files))
            and old.registry is new.registry and old.given == new.given
            and old.unread == new.unread and old.parameters == new.parameters
            and old.parameter_defaults == new.parameter_defaults
            and [str(problem) for problem in old.problems] ==
            [str(problem) for problem in new.problems])


def _spliced(spliced: Splice, analysis: Analysis, records: Records) -> set[Key] | None:
    """The entries an edit changed when it was spliced into one entry (the others are the
    same nodes), or None when it replaced a whole section."""
    section = spliced.section
    if section is None:  # a top-level pair: a section replaced whole, or the frame's own
        return None if {spliced.old.key.value, spliced.new.key.value} & set(SECTIONS) else set()
    if section not in SECTIONS:
        return set()  # an entry of a section Heat does not know: none of the template's
    old, new = (section, spliced.old.key.value), (section, spliced.new.key.value)
    added = {(section, pair.key.value) for pair in spliced.added}  # (new siblings)
    record = records.entries.get(new)
    if old == new and record is not None and new not in records.unkept and \
            entry_source(analysis.text, getattr(analysis.template, section)[new[1]]) == \
            record.source:
        return added  # (an edit between entries, or new ones after it)
    return {old, new} | added


def _changed(previous: Analysis, analysis: Analysis, records: Records) -> set[Key]:
    """The entries whose text changed, the new ones, the gone ones, and those on lines error
    recovery blanks now (those it blanked before are `records.unkept`)."""
    before = previous.template
    tree = analysis.tree
    text = analysis.text
    template = analysis.template
    entries = {(section, name): definition for section in SECTIONS
               for name, definition in getattr(template, section).items()}
    changed = set()
    for key, definition in entries.items():
        record = records.entries.get(key)
        if record is None:
            changed.add(key)
            continue
        kept = getattr(before, key[0]).get(key[1]) if before is not None else None
        if kept is not None and kept.pair is definition.pair and not tree.patched_lines:
            continue  # the same nodes (a splice kept them)
        if entry_source(text, definition) != record.source or (
                tree.patched_lines and tree.is_patched(definition.key.start,
                                                       max(definition.key.end,
                                                           definition.body.end))):
            changed.add(key)
    changed.update(key for key in records.entries if key not in entries)
    return changed


def _patched(analysis: Analysis) -> set[Key]:
    """The entries on lines error recovery blanked (or under one).  A section's pairs are in
    source order, one after the other: only those between the first and the last affected
    offset are asked (found by bisection), not each of a large template's entries."""
    tree = analysis.tree
    template = analysis.template
    span = tree.patched_span()
    found: set[Key] = set()
    if span is None:
        return found
    low, high = span
    for section in SECTIONS:
        node = template.section(section)
        if type(node) is not Mapping:
            continue
        definitions = getattr(template, section)
        pairs = node.pairs
        index = bisect_left(pairs, low, key=_entry_end)
        while index < len(pairs):
            pair = pairs[index]
            index += 1
            start = pair.key.start
            if start > high:
                break
            name = pair.key.value
            try:
                definition = definitions.get(name)
            except TypeError:  # (an unhashable key names no definition)
                continue
            if definition is not None and definition.pair is pair \
                    and tree.is_patched(start, _entry_end(pair) + 1):
                found.add((section, name))
    return found


def _entry_end(pair: Pair) -> int:
    """The last offset of an entry, as `is_patched` reads its span: of its key, or of its
    value when that ends later (its start, for an empty one)."""
    key = pair.key
    return max(key.start, key.end - 1, pair.value.end - 1)


def _interfaces(analysis: Analysis, records: Records, changed: set[Key]) -> set[Key]:
    """The interfaces of the changed resources that changed (entries.interface)."""
    found = set()
    resources = analysis.template.resources
    for section, name in changed:
        if section != 'resources':
            continue
        record = records.entries.get((section, name))
        definition = resources.get(name)
        before = record.interface if record is not None else None
        now = interface(analysis.text, definition) if definition is not None else None
        if before != now or record is None or definition is None:
            found.add((INTERFACES, name))
    return found


def _quiet(analysis: Analysis, records: Records, changed: set[Key]) -> set[Key]:
    """The changed parameters whose readers see nothing new of them: only the text of their
    description or label changed (entries.parameter_interface)."""
    found = set()
    parameters = analysis.template.parameters
    for key in changed:
        if key[0] != 'parameters' or key in records.unkept:
            continue
        record = records.entries.get(key)
        definition = parameters.get(key[1])
        if record is not None and definition is not None and record.interface is not None \
                and parameter_interface(analysis.text, definition) == record.interface:
            found.add(key)
    return found


def _anchored_in(records: Records, keys: set[Key]) -> set[Key]:
    """The entries a diagnostic of which lies in one of `keys` (anchored there, it moves with
    that entry's key: an edit inside the entry moves it otherwise)."""
    found = set()
    entries = records.entries
    for key in keys:
        for other in records.dependents.get(key, ()):
            record = entries.get(other)
            if record is not None and key in record.starts:
                found.add(other)
    return found


def _renamed(records: Records, template) -> list[str]:
    """The sections whose names (in order) changed."""
    return [section for section in SECTIONS
            if tuple(getattr(template, section)) != records.names.get(section, ())]


def _affected(records: Records, changed, renamed) -> set[Key]:
    """`changed`, and, transitively, the entries that depend on what changed."""
    affected = set(changed)
    pending = list(changed)
    pending.extend(('names', section) for section in renamed)
    pending.extend({('all', key[0]) for key in changed})
    dependents = records.dependents
    while pending:
        for key in dependents.get(pending.pop(), ()):
            if key not in affected:
                affected.add(key)
                pending.append(key)
    return affected


def _answers_changed(analysis: Analysis, observations) -> bool:
    return any(question(analysis, argument) != answer
               for question, argument, answer in observations)
