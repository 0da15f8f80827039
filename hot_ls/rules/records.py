"""What one check of a HOT template found about each entry, kept for the next one.

The rules engine leaves on each analysis of a HOT template its `Records`: for
every entry (hot_ls.analysis.entries) the per-entry rules' diagnostics about
it, what other entries' checks read of it (`EntryFacts`), what its own checks
asked of the whole template (observations), and what it depends on; and the
reverse of the last, which entries depend on each name.  An analysis of the
next text takes over the records of the entries an edit did not affect
(hot_ls.rules.incremental), so that only the others are checked.

Nothing in a record depends on where the entry is: a diagnostic's offsets are
kept with the entry each lies in (its anchor: the entry itself, or one it
depends on) and where that entry's key was when the diagnostic was made, so
the diagnostic is moved with its anchors (`materialize`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from hot_ls.analysis import Diagnostic, Related
from hot_ls.analysis.entries import (INTERFACES, SECTIONS, EntryFacts, dependencies, entry_source,
                                     interface, interface_dependencies, parameter_interface,
                                     span)
from hot_ls.evaluator.calls import within_expansion_limit
from hot_ls.model.symbols import Definition
from hot_ls.rules.resources.members import GROUP_TYPES
from hot_ls.syntax import Mapping, Scalar

Key = tuple[str, Any]  # (section, name)


class Kept:
    """One per-entry diagnostic: its rule (index), the order its rule found it in, and the
    entry each of its offsets lies in (start, end, then each related range's start, end)."""

    __slots__ = ('index', 'sequence', 'diagnostic', 'anchors')

    def __init__(self, index: int, sequence: int, diagnostic: Diagnostic, anchors: tuple):
        self.index = index
        self.sequence = sequence
        self.diagnostic = diagnostic
        self.anchors = anchors


@dataclass(eq=False)
class EntryRecord:
    """What one check found about one entry."""

    #: the entry's text (`entries.entry_source`) when it was checked
    source: str
    #: where each anchor's key started when the diagnostics were made
    starts: dict[Key, int]
    findings: list[Kept]
    facts: EntryFacts
    #: what its checks asked of the whole template: [(question, argument, answer)]
    observations: list[tuple[Callable, Any, Any]]
    #: what it depends on (entries.dependencies, with the names its checks computed)
    depends: frozenset
    #: it lies on lines error recovery blanked: it is never taken over
    patched: bool = False
    #: a diagnostic of it lies where it could not be anchored: it is never taken over
    volatile: bool = False
    #: a resource's interface (entries.interface), and what it depends on; a parameter's
    #: (entries.parameter_interface)
    interface: tuple | str | None = None
    interface_depends: frozenset = frozenset()

    def materialize(self, start_of: Callable[[Key], int | None]) -> list[tuple[int, int, Diagnostic]]:
        """(rule index, sequence, diagnostic) for each diagnostic, moved to where its anchors
        are now (`start_of(key)`: where the entry's key starts)."""
        if not self.findings:
            return []
        deltas = {}
        for key, was in self.starts.items():
            now = start_of(key)
            deltas[key] = now - was
        found = []
        for kept in self.findings:
            diagnostic = kept.diagnostic
            anchors = kept.anchors
            if any(deltas[anchor] for anchor in anchors):
                diagnostic = _moved(diagnostic, [deltas[anchor] for anchor in anchors])
            found.append((kept.index, kept.sequence, diagnostic))
        return found


def _moved(diagnostic: Diagnostic, deltas: list[int]) -> Diagnostic:
    related = []
    local = 0  # (a place in another file does not move with this document's text)
    for item in diagnostic.related:
        if item.path is not None:
            related.append(item)
            continue
        related.append(Related(item.start + deltas[2 + 2 * local],
                               item.end + deltas[3 + 2 * local], item.message))
        local += 1
    return Diagnostic(diagnostic.code, diagnostic.name, diagnostic.severity, diagnostic.message,
                      diagnostic.start + deltas[0], diagnostic.end + deltas[1], related,
                      diagnostic.tags, diagnostic.data)


def offsets(diagnostic: Diagnostic) -> list[int]:
    """A diagnostic's offsets, in the order of `Kept.anchors`."""
    found = [diagnostic.start, diagnostic.end]
    for item in diagnostic.related:
        if item.path is None:
            found.extend((item.start, item.end))
    return found


@dataclass(eq=False)
class Records:
    """One check's records of every entry, and what an analysis of another text needs to
    tell which of them still hold."""

    #: what every entry depends on that is not an entry (hot_ls.rules.incremental.frame)
    frame: Any
    entries: dict[Key, EntryRecord] = field(default_factory=dict)
    #: each section's names, in order
    names: dict[str, tuple] = field(default_factory=dict)
    #: dependency -> the entries that depend on it (the reverse of EntryRecord.depends)
    dependents: dict[Any, set[Key]] = field(default_factory=dict)
    #: the entries whose records hold diagnostics
    findings: set[Key] = field(default_factory=set)
    #: the entries whose records are never taken over (patched, volatile)
    unkept: set[Key] = field(default_factory=set)
    #: the entries whose checks asked questions of the whole template
    observing: set[Key] = field(default_factory=set)
    #: how many resources and outputs look each condition up (EntryFacts.requested)
    looked_up: Counter = field(default_factory=Counter)

    def index(self, keys: Iterable[Key], before: 'Records | None' = None) -> None:
        """Set `dependents`: from scratch, or from `before`'s for the entries that kept their
        records (`keys` are the others, checked or gone: their dependencies are looked at
        again)."""
        if before is None:
            dependents: dict[Any, set[Key]] = {}
            for key, record in self.entries.items():
                for dependency in record.depends:
                    dependents.setdefault(dependency, set()).add(key)
                for dependency in record.interface_depends:
                    dependents.setdefault(dependency, set()).add((INTERFACES, key[1]))
            self.dependents = dependents
            return
        dependents = dict(before.dependents)
        copied: set = set()

        def own(dependency) -> set[Key]:
            if dependency not in copied:
                copied.add(dependency)
                dependents[dependency] = set(dependents.get(dependency, ()))
            return dependents[dependency]

        for key in keys:
            old = before.entries.get(key)
            new = self.entries.get(key)
            for dependent, was, now in (
                    (key, old.depends if old is not None else frozenset(),
                     new.depends if new is not None else frozenset()),
                    ((INTERFACES, key[1]), old.interface_depends if old is not None else frozenset(),
                     new.interface_depends if new is not None else frozenset())):
                for dependency in was - now:
                    own(dependency).discard(dependent)
                for dependency in now - was:
                    own(dependency).add(dependent)
        self.dependents = dependents


@dataclass(eq=False)
class Carried:
    """What an analysis takes over from the previous one's records (hot_ls.rules.incremental):
    the entries to check, and for the others their records and facts."""

    #: the entries the per-entry rules check (the others' records are taken over)
    dirty: set[Key]
    #: the previous analysis' records
    records: Records
    #: the facts of the entries that did not change, nor what they depend on (None for the
    #: others)
    facts: Callable[[Key], EntryFacts | None]


def frame_of(analysis) -> tuple | None:
    """What every entry's findings depend on that is not an entry: the kind of document, its
    version, its sections and their shapes, how deep it nests...  None: no record of this
    analysis is ever taken over (a document with an alias of another entry's node, which
    two entries then share, or with a value its aliases make too large to walk, or with two
    sections, or two entries of a section, of one name)."""
    template = analysis.template
    tree = analysis.tree
    if template is None or tree.shares_nodes \
            or len(template.root.index) != len(template.root.pairs):
        return None
    if tree.aliases and not within_expansion_limit(tree):
        return None  # (the limit grows with the text: what an entry gives may change with it)
    shapes = []
    for key, pair in template.sections.items():
        value = pair.value
        if key in SECTIONS and type(value) is Mapping:
            if len(value.index) != len(value.pairs):
                return None
            shapes.append((key, 'entries'))
        else:
            shapes.append((key, _shape(value)))
    frame = [analysis.kind, analysis.path, tree.format, template.version_text, tuple(shapes),
             analysis.too_deep]
    if template.live_ref:  # (a Ref names a parameter if one has the name)
        frame.append(tuple(template.parameters))
    if analysis.inputs.environments:  # (merging them reads every parameter's type; what it
        # gives the stack: incremental._same_environment)
        frame.append(tuple((name, _declared_type(definition))
                           for name, definition in template.parameters.items()))
    return tuple(frame)


def _declared_type(definition) -> Any:
    """A parameter's `type` as written (a scalar's value, else the node's shape)."""
    node = definition.get('type')
    if node is None:
        return None
    return ('scalar', node.value) if type(node) is Scalar else _shape(node)


def _shape(node) -> tuple:
    if type(node) is Scalar:
        return ('scalar', type(node.value).__name__)
    if type(node) is Mapping:
        return ('mapping', node.flow, len(node.index) == len(node.pairs))
    return (type(node).__name__,)


def per_entry(analysis, fresh: dict[Key, list[tuple[int, int, Diagnostic]]],
              carried: Carried | None) -> list[tuple[int, tuple, int, Diagnostic]]:
    """Every per-entry diagnostic of an analysis just checked: `fresh`, what the per-entry
    rules found in the entries they checked, and the others' taken from `carried`.  Each as
    (rule index, (section rank, the entry's key start), sequence, diagnostic), which orders
    them by rule, then entry (`engine.Found.in_order`)."""
    template = analysis.template

    def start_of(key: Key) -> int:
        return getattr(template, key[0])[key[1]].key.start

    entries = []
    for key, items in fresh.items():
        place = (_RANKS[key[0]], start_of(key))
        entries.extend((index, place, sequence, diagnostic) for index, sequence, diagnostic in items)
    if carried is not None:
        kept = carried.records.entries
        for key in carried.records.findings:
            if key not in carried.dirty and key[1] in getattr(template, key[0]):
                place = (_RANKS[key[0]], start_of(key))
                entries.extend((index, place, sequence, diagnostic) for index, sequence, diagnostic
                               in kept[key].materialize(start_of))
    return entries


_RANKS = {section: rank for rank, section in enumerate(SECTIONS)}


def record(analysis, fresh: dict[Key, list[tuple[int, int, Diagnostic]]],
           carried: Carried | None) -> Records:
    """The records of an analysis just checked (`per_entry`'s arguments).  Made when the
    next analysis asks for them (`Analysis.records`), before anything moves the tree."""
    template = analysis.template
    records = Records(frame_of(analysis))
    for section in SECTIONS:
        records.names[section] = tuple(getattr(template, section))
    if carried is None:
        checked = [(section, name) for section in SECTIONS for name in getattr(template, section)]
        gone: list[Key] = []
    else:
        before = carried.records
        records.entries = dict(before.entries)
        records.findings = set(before.findings)
        records.observing = set(before.observing)
        records.unkept = set(before.unkept)
        # (the names gone, found by sets of names: no look at every record)
        missing = {(section, name) for section in SECTIONS
                   for name in set(before.names.get(section, ())).difference(
                       getattr(template, section))}
        gone = [key for key in before.entries if key in missing and key not in carried.dirty] \
            if missing else []
        checked = [key for key in carried.dirty if key[1] in getattr(template, key[0])]
        for key in gone + list(carried.dirty):
            records.entries.pop(key, None)
            records.findings.discard(key)
            records.observing.discard(key)
            records.unkept.discard(key)
        gone += [key for key in carried.dirty if key[1] not in getattr(template, key[0])]
    for key in checked:
        definition = getattr(template, key[0])[key[1]]
        record = records.entries[key] = _record(analysis, definition, key, fresh.get(key, []))
        if record.findings:
            records.findings.add(key)
        if record.observations:
            records.observing.add(key)
        if record.patched or record.volatile:
            records.unkept.add(key)
    if carried is None:
        records.looked_up = Counter(name for record in records.entries.values()
                                    for name in record.facts.requested)
    else:
        records.looked_up = before.looked_up.copy()
        for key in gone:
            records.looked_up.subtract(before.entries[key].facts.requested)
        for key in checked:
            old = before.entries.get(key)
            if old is not None:
                records.looked_up.subtract(old.facts.requested)
            records.looked_up.update(records.entries[key].facts.requested)
        records.looked_up = +records.looked_up  # (the names no longer looked up are dropped)
    records.index(checked + gone, carried.records if carried is not None else None)
    return records


def _record(analysis, definition: Definition, key: Key,
            items: list[tuple[int, int, Diagnostic]]) -> EntryRecord:
    template = analysis.template
    tree = analysis.tree
    start, end = span(definition)
    starts = {key: definition.key.start}
    findings = []
    volatile = False
    closure = None
    for index, sequence, diagnostic in items:
        anchors = []
        for offset in offsets(diagnostic):
            if start <= offset <= end:
                anchors.append(key)
                continue
            other = template.entry_at(offset)
            if other is not None:
                if closure is None:
                    closure = _closure(analysis, key, definition)
                other_key = (other.section, other.name)
                if other_key in closure:
                    anchors.append(other_key)
                    starts[other_key] = other.key.start
                    continue
            volatile = True  # a finding that depends on what its entry does not name
        findings.append(Kept(index, sequence, diagnostic, tuple(anchors)))
    groups = _Groups(analysis)
    depends = dependencies(template, definition, groups) | \
        analysis.dynamic_reads.get(key, frozenset())
    # a diagnostic anchored in another entry moves with it: it depends on all of that entry
    depends |= {anchor for anchor in starts if anchor != key}
    record = EntryRecord(entry_source(analysis.text, definition), starts,
                         [] if volatile else findings, analysis.entry_facts(definition),
                         analysis.observations.get(key, []), frozenset(depends),
                         bool(tree.patched_lines) and tree.is_patched(start, end), volatile)
    if definition.section == 'resources':
        record.interface = interface(analysis.text, definition)
        record.interface_depends = interface_dependencies(template, definition)
    elif definition.section == 'parameters':
        record.interface = parameter_interface(analysis.text, definition)
    return record


class _Groups:
    """Whether a resource of the analysed template is a group (get_attr of a group asks its
    members: it depends on all of it)."""

    def __init__(self, analysis):
        self._analysis = analysis

    def __call__(self, name: Any) -> bool:
        definition = self._analysis.template.resources.get(name)
        rtype = self._analysis.resource_type(definition) if definition is not None else None
        return rtype is not None and rtype.name in GROUP_TYPES


def _closure(analysis, key: Key, definition: Definition) -> set[Key]:
    """The entries `definition` depends on, transitively (a resource it names: all of it)."""
    template = analysis.template
    found: set[Key] = set()
    pending = [(key, definition)]
    while pending:
        current_key, current = pending.pop()
        depends = set(dependencies(template, current, lambda name: True))
        depends |= analysis.dynamic_reads.get(current_key, set())
        for dependency in depends:
            section, name = dependency
            if section in ('all', 'names'):
                if section == 'all':
                    targets = list(getattr(template, name).items())
                    section = name
                else:
                    continue
            else:
                if section == INTERFACES:
                    section = 'resources'
                target = getattr(template, section).get(name) if section in SECTIONS else None
                targets = [(name, target)] if target is not None else []
            for target_name, target in targets:
                target_key = (section, target_name)
                if target_key not in found:
                    found.add(target_key)
                    pending.append((target_key, target))
    return found
