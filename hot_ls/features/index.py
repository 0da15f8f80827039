"""Every name a template defines or refers to, indexed once per analysis.

Definition, references, rename, highlight and semantic tokens all look things
up here instead of scanning the model per request: occurrences (a definition's
key or a reference) sorted by offset, and grouped by what they name.  The
index is cached on the analysis (`analysis.context.shared`), so it is built
once per text.

An occurrence's span is exactly the name: an anchor or tag before a scalar is
left out, and so are the quotes around a quoted name when its text inside
them is the name itself.

YAML aliases share nodes between places.  A reference inside an anchored
block (TripleO reuses whole `get_attr` snippets with `*alias`) is written once,
where the anchor is, and every copy means the same: it is an ordinary
occurrence.  But a name anchored where it is no reference (a parameter's
default) and used as one only through an alias (`get_param: *name`), or one
node that names different things in different copies, is flagged `shared`: its
text stands for something else where it is written, so rename refuses it and
semantic tokens leave it out.  So are definitions that came in through a `<<`
merge key or whose key is itself shared.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from hot_ls.analysis import Analysis
from hot_ls.model import symbols
from hot_ls.model.symbols import Definition, Reference
from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence
from hot_ls.syntax.gc_pause import gc_paused

SECTIONS = (('parameters', symbols.PARAMETER), ('resources', symbols.RESOURCE),
            ('outputs', symbols.OUTPUT), ('conditions', symbols.CONDITION))
FILE_SUFFIXES = ('.yaml', '.yml', '.template', '.json')


@dataclass(eq=False)
class Occurrence:
    """One place that names a parameter, resource, output or condition."""

    kind: str
    name: Any
    node: Scalar
    start: int  # the name itself (see `name_span`)
    end: int
    definition: Definition | None = None  # set on a definition's key
    reference: Reference | None = None
    shared: bool = False  # the node stands for several places (YAML alias or merge key)
    single_line: bool = True

    @property
    def is_definition(self) -> bool:
        return self.definition is not None


def token_span(text: str, node: Node) -> tuple[int, int]:
    """The span of a node's text without the anchor or tag written before it."""
    start, end = node.start, node.end
    while start < end and text[start] in '&!':
        index = start
        while index < end and text[index] not in ' \t\r\n':
            index += 1
        while index < end and text[index] in ' \t\r\n':
            index += 1
        start = index
    return start, end


def name_span(text: str, node: Node) -> tuple[int, int]:
    """The span of a scalar's text without anchor or tag, and without quotes when the
    text between them is the value itself."""
    start, end = token_span(text, node)
    if isinstance(node, Scalar) and node.style in ('"', "'") and end - start >= 2:
        inner = text[start + 1:end - 1]
        if inner == node.value and text[start] == node.style == text[end - 1]:
            return start + 1, end - 1
    return start, end


class SymbolIndex:
    """The names of one analysed template and where they stand."""

    def __init__(self, analysis: Analysis):
        template = analysis.template
        self.template = template
        self.text: str = analysis.text
        self.tree = analysis.tree
        self._shared_ids = _shared_nodes(self.tree)
        occurrences: list[Occurrence] = []
        self.by_target: dict[tuple[str, Any], list[Occurrence]] = {}
        self.definitions: dict[tuple[str, Any], list[Occurrence]] = {}
        self.files: list[tuple[int, int, str]] = []  # provider templates and get_file paths
        if template is not None:
            self._collect(template, occurrences)
        occurrences.sort(key=lambda o: (o.start, o.end))
        self.occurrences = occurrences
        self._starts = [o.start for o in occurrences]

    # -- building -------------------------------------------------------------------
    def _occurrence(self, kind: str, name: Any, node: Node, definition=None, reference=None,
                    shared: bool = False) -> Occurrence | None:
        if not isinstance(node, Scalar):
            return None
        start, end = name_span(self.text, node)
        if end < start:
            return None
        single = '\n' not in self.text[start:end] and '\r' not in self.text[start:end]
        return Occurrence(kind, name, node, start, end, definition, reference,
                          shared or id(node) in self._shared_ids, single)

    def _collect(self, template, occurrences: list[Occurrence]) -> None:
        seen: set[int] = set()
        for section, kind in SECTIONS:
            table = template.definitions(kind)
            node = template.section(section)
            if not isinstance(node, Mapping):
                continue
            written = {id(pair) for pair in node.pairs}
            pairs = list(node.pairs) + [p for p in node.index.values() if id(p) not in written]
            for pair in pairs:
                key = pair.key
                if not isinstance(key, Scalar) or id(key) in seen:
                    continue
                name = key.value
                try:
                    definition = table.get(name)
                except TypeError:  # an unhashable key
                    continue
                if definition is None or definition.pair is not pair:
                    definition = Definition(section, name, pair)
                found = self._occurrence(kind, name, key, definition=definition,
                                         shared=pair.merged)
                if found is None:
                    continue
                seen.add(id(key))
                occurrences.append(found)
                self.definitions.setdefault((kind, name), []).append(found)
                self.by_target.setdefault((kind, name), []).append(found)
        by_node: dict[int, list[Reference]] = {}
        for ref in template.references:
            if id(ref.node) not in seen:
                by_node.setdefault(id(ref.node), []).append(ref)
        operands = _operand_calls(template) if self._shared_ids else {}
        for refs in by_node.values():
            ref = refs[0]
            try:
                hash(ref.name)
            except TypeError:
                continue
            shared = False
            if id(ref.node) in self._shared_ids:
                # Text an alias repeats elsewhere: it is this reference only if it is one
                # where it is written, and nothing else wherever it is repeated.
                shared = (any((r.kind, r.name) != (ref.kind, ref.name) for r in refs)
                          or not any(self._written_here(r, operands) for r in refs))
            found = self._occurrence(ref.kind, ref.name, ref.node, reference=ref)
            if found is None:
                continue
            found.shared = shared
            occurrences.append(found)
            self.by_target.setdefault((ref.kind, ref.name), []).append(found)
        for target in self.by_target.values():
            target.sort(key=lambda o: o.start)
        self._collect_files(template)

    def _written_here(self, ref: Reference, operands: dict[int, Any]) -> bool:
        """Whether the reference's name is written in the place that makes it one: an
        argument of its own function call, a `depends_on` or `condition` value, a
        parameter_groups entry.  (An alias comes after its anchor, so a value written
        after its key, or an item inside its list's text, is not an alias there.)"""
        node = ref.node
        call = ref.call or operands.get(id(node))
        if call is not None:
            return _holds(Pair(call.key, call.args), node)
        template = self.template
        if ref.via in ('depends_on', 'condition') and ref.owner:
            table = template.resources if ref.owner[0] == 'resources' else template.outputs
            definition = table.get(ref.owner[1]) if ref.owner[0] in ('resources', 'outputs') \
                else None
            pair = definition.field_pair(ref.via) if definition is not None else None
            return pair is not None and _holds(pair, node)
        if ref.via == 'parameter_groups':
            for group in template.parameter_groups:
                if any(entry is node for entry in group.parameters) \
                        and isinstance(group.node, Mapping):
                    pair = group.node.pair('parameters')
                    return pair is not None and _holds(pair, node)
        return False

    def _collect_files(self, template) -> None:
        for definition in template.resources.values():
            node = definition.get('type')
            if isinstance(node, Scalar) and isinstance(node.value, str) \
                    and node.value.endswith(FILE_SUFFIXES):
                start, end = name_span(self.text, node)
                self.files.append((start, end, node.value))
        for call in template.calls:
            if call.name == 'get_file' and isinstance(call.args, Scalar) \
                    and isinstance(call.args.value, str):
                start, end = name_span(self.text, call.args)
                self.files.append((start, end, call.args.value))

    # -- queries ------------------------------------------------------------------------
    def at(self, offset: int) -> Occurrence | None:
        """The occurrence whose name covers `offset` (its end included)."""
        index = bisect.bisect_right(self._starts, offset) - 1
        for candidate in self.occurrences[max(0, index - 1):index + 1][::-1]:
            if candidate.start <= offset <= candidate.end:
                return candidate
        return None

    def of(self, kind: str, name: Any) -> list[Occurrence]:
        """Every occurrence of a name of a kind, definitions included, in text order."""
        return self.by_target.get((kind, name), [])

    def definitions_of(self, kind: str, name: Any) -> list[Occurrence]:
        return self.definitions.get((kind, name), [])

    def is_shared(self, node: Node) -> bool:
        return id(node) in self._shared_ids


def _holds(pair: Pair, node: Node) -> bool:
    """Whether `node` is written as the pair's value, or as an item of a list written there."""
    value = pair.value
    if value.start < pair.key.end:
        return False  # the value is an alias of an earlier node
    if value is node:
        return True
    return isinstance(value, Sequence) and any(item is node for item in value.items) \
        and value.start <= node.start and node.end <= value.end


def _operand_calls(template) -> dict[int, Any]:
    """The `if`, `not`, `and`, `or` call each condition-name operand belongs to."""
    operands: dict[int, Any] = {}
    for call in template.calls:
        if call.impl in ('If', 'IfNullable', 'Not', 'And', 'Or'):
            args = call.args
            if isinstance(args, Sequence):
                items = args.items[:1] if call.impl in ('If', 'IfNullable') else args.items
                for item in items:
                    operands.setdefault(id(item), call)
            else:
                operands.setdefault(id(args), call)
    return operands


def _shared_nodes(tree) -> frozenset[int]:
    """The ids of every node under an alias target: each stands for several places."""
    if not tree.aliases:
        return frozenset()
    shared: set[int] = set()
    stack: list[Node] = [target for _, _, target in tree.aliases]
    while stack:
        node = stack.pop()
        if id(node) in shared:
            continue
        shared.add(id(node))
        if isinstance(node, Mapping):
            for pair in node.pairs:
                stack.append(pair.key)
                stack.append(pair.value)
            for pair in node.index.values():
                if pair.merged:
                    stack.append(pair.key)
                    stack.append(pair.value)
        elif isinstance(node, Sequence):
            stack.extend(node.items)
    return frozenset(shared)


def symbol_index(analysis: Analysis) -> SymbolIndex:
    """The index of an analysis, built on first use and kept with it."""
    return analysis.derived(_build)


def _build(analysis: Analysis) -> SymbolIndex:
    with gc_paused():  # thousands of small objects next to a large tree: see gc_pause
        return SymbolIndex(analysis)
