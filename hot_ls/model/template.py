"""The semantic model of a HOT template: version, sections, definitions, calls, references."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable

from hot_ls.language import HotVersion, language
from hot_ls.model import symbols
from hot_ls.model.symbols import Definition, FunctionCall, Reference
from hot_ls.model.walker import Walker
from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence, SyntaxTree

VERSION_KEY = 'heat_template_version'


@dataclass(eq=False)
class ParameterGroup:
    node: Node  # the group's mapping (or whatever stands in the list)
    label: Any
    parameters: list[Scalar] = field(default_factory=list)


class Template:
    """A HOT template as Heat would see it, with every name's place in the text.

    Analysis continues past problems Heat would stop at (an unknown version
    is analysed with the newest version's facts) so the editor can keep
    helping; the rules decide what to report.
    """

    def __init__(self, tree: SyntaxTree, path: str | None = None, *,
                 previous: 'Template | None' = None):
        """`previous`: the template of an earlier version of the document, whose tree this
        one's was spliced from (syntax.incremental): the entries whose nodes it still holds
        (the same Pair objects) keep their definitions and what the walk found in them."""
        self.tree = tree
        self.path = path
        root = tree.root
        self.root: Mapping = root if isinstance(root, Mapping) else Mapping(0, 0)
        self.sections: dict[Any, Pair] = dict(self.root.index)
        lang = language()
        self.version_pair: Pair | None = self.root.pair(VERSION_KEY)
        value = self.version_pair.value if self.version_pair else None
        self.version_text: str | None = (
            value.value if isinstance(value, Scalar) and isinstance(value.value, str) else None)
        self.version: HotVersion | None = lang.hot(self.version_text) if self.version_text else None
        self.facts: HotVersion = self.version or lang.latest
        if previous is not None and not self._can_reuse(previous):
            previous = None
        #: what whole-template checks derived from the entries, kept for the next template of
        #: the document (shared with `previous`: each check keeps a hot_ls.model.snapshot of
        #: what it derived from, and derives again what changed)
        self.carried: dict[Any, Any] = previous.carried if previous is not None else {}
        #: every definition but the one an incremental parse replaced is previous's
        #: (`_definitions`, `_walk_replaced`)
        self._kept_all = previous is not None and tree.replaced is not None
        self.parameters = self._definitions('parameters', previous)
        self.resources = self._definitions('resources', previous)
        self.outputs = self._definitions('outputs', previous)
        self.conditions = self._definitions('conditions', previous)
        self.parameter_groups = self._parameter_groups()
        self._walks: dict[tuple[str, Any], EntryWalk] = {}
        self._used: set[Any] | None = None
        self._walk(previous)
        self._calls: list[FunctionCall] | None = None
        self._references: list[Reference] | None = None
        self._lookalikes: list | None = None
        self._refs_by_target: dict[tuple[str, Any], list[Reference]] | None = None

    @property
    def live_ref(self) -> bool:
        """Whether `Ref` is a function here (HOT 2013-05-23): what it names then depends on the
        parameters' names."""
        found = self.facts.functions.get('Ref')
        return found is not None and not found.removed

    def _can_reuse(self, previous: 'Template') -> bool:
        """Whether what the walk found in an entry of `previous` (and what was built of it)
        holds here for the same nodes: the same version, no node of two entries (an alias of
        another entry's node: syntax.tree.SyntaxTree.shares_nodes), and, where `Ref` is live,
        the same parameter names (it decides what a Ref names)."""
        if previous.version is not self.version or previous.facts is not self.facts \
                or self.tree.shares_nodes or previous.tree.shares_nodes:
            return False
        if not self.live_ref:
            return True
        node, before = self.section('parameters'), previous.section('parameters')
        names = list(node.index) if isinstance(node, Mapping) else []
        return names == (list(before.index) if isinstance(before, Mapping) else [])

    # -- definitions ------------------------------------------------------------
    def section(self, name: str) -> Node | None:
        pair = self.sections.get(name)
        return pair.value if pair is not None else None

    def _definitions(self, section: str, previous: 'Template | None' = None
                     ) -> dict[Any, Definition]:
        node = self.section(section)
        kept = previous.definitions(SECTION_KINDS[section]) if previous is not None else {}
        if not isinstance(node, Mapping):
            self._kept_all = self._kept_all and not kept
            return {}
        if node is previous.section(section) if previous is not None else False:
            if self._one_replaced(node, kept):
                old, new = self.tree.replaced
                before = kept.get(old.key.value)
                if before is None or before.pair is not old:
                    # (it replaced an entry of another section: the previous template's very
                    # dictionary, which nothing changes, so that what was derived from it
                    # knows it at once: model.snapshot)
                    return kept
                name = new.key.value
                definition = Definition(section, name, new)
                if name == old.key.value:
                    found = dict(kept)
                    found[name] = definition
                    return found
                # renamed, in its place
                return {(name if entry is before else key): (definition if entry is before
                                                             else entry)
                        for key, entry in kept.items()}
        self._kept_all = False
        found = {}
        for name, pair in node.index.items():
            definition = kept.get(name)
            found[name] = definition if definition is not None and definition.pair is pair \
                else Definition(section, name, pair)
        return found

    def _one_replaced(self, node: Mapping, kept: dict[Any, Definition]) -> bool:
        """Whether the entries of a section mapping that the previous template also read
        (`kept`: its definitions of them) are those definitions' but for at most the one
        pair the incremental parse replaced (SyntaxTree.replaced), under its name or a new
        one no other entry has: the splice changed nothing else in it (the mapping is the
        same object)."""
        replaced = self.tree.replaced
        if replaced is None or len(node.index) != len(node.pairs) or len(kept) != len(node.index):
            return False
        old, new = replaced
        if type(old.key) is not Scalar or type(new.key) is not Scalar:
            return False
        try:
            return old.key.value == new.key.value or new.key.value not in kept
        except TypeError:  # (an unhashable key)
            return False

    def _parameter_groups(self) -> list[ParameterGroup]:
        node = self.section('parameter_groups')
        groups = []
        if isinstance(node, Sequence):
            for item in node.items:
                if isinstance(item, Mapping):
                    label = item.get('label')
                    group = ParameterGroup(item, label.value if isinstance(label, Scalar) else None)
                    params = item.get('parameters')
                    if isinstance(params, Sequence):
                        group.parameters = [p for p in params.items if isinstance(p, Scalar)]
                    groups.append(group)
        return groups

    def definitions(self, kind: str) -> dict[Any, Definition]:
        return {symbols.PARAMETER: self.parameters, symbols.RESOURCE: self.resources,
                symbols.CONDITION: self.conditions, symbols.OUTPUT: self.outputs}[kind]

    # -- the walk -------------------------------------------------------------------
    def _walk(self, previous: 'Template | None') -> None:
        """Walk every entry (in the order resources, outputs, conditions, parameter groups),
        keeping what each holds apart; an entry `previous` walked with the same nodes is
        taken from it."""
        walker = Walker(self.facts, lambda: self.parameters,
                        frozenset(id(node) for _, _, node in self.tree.aliases))
        facts = self.facts
        kept = previous._walks if previous is not None else {}
        sections = (('resources', self.resources, self._walk_resource),
                    ('outputs', self.outputs, self._walk_output),
                    ('conditions', self.conditions if facts.has_conditions else {},
                     self._walk_condition))
        if self._walk_replaced(previous, walker, sections):
            return
        for section, definitions, walk_one in sections:
            for name, definition in definitions.items():
                owner = (section, name)
                before = kept.get(owner)
                if before is not None and before.pair is definition.pair:
                    self._walks[owner] = definition.walk = before
                    continue
                marks = (len(walker.calls), len(walker.references), len(walker.lookalikes))
                walk_one(walker, owner, definition)
                self._walks[owner] = definition.walk = EntryWalk(definition.pair, walker, marks)
        self._walk_groups(walker)

    def _walk_replaced(self, previous: 'Template | None', walker: Walker, sections) -> bool:
        """`_walk` when every entry but the one the incremental parse replaced kept its
        definition (`_definitions` took them all from `previous`): `previous`'s walks, with
        the replaced entry walked, without a look at every entry; False otherwise."""
        if previous is None or not self._kept_all:
            return False
        old, new = self.tree.replaced
        walks = dict(previous._walks)
        del walks[('parameter_groups', None)]
        same_conditions = True  # (what the walk found names the same conditions)
        for section, definitions, walk_one in sections:
            definition = definitions.get(new.key.value)
            if definition is not None and definition.pair is new:
                owner, was = (section, definition.name), (section, old.key.value)
                before = walks.get(was)
                if before is None or before.pair is not old:
                    return False
                if owner != was:  # renamed, in its place
                    walks = {(owner if key == was else key): walk for key, walk in walks.items()}
                    same_conditions = section != 'conditions'  # (its name is the owner's)
                walk_one(walker, owner, definition)
                walks[owner] = definition.walk = EntryWalk(new, walker)
                same_conditions = same_conditions and \
                    [ref.name for ref in before.condition_references] == \
                    [ref.name for ref in walks[owner].condition_references]
        self._walks = walks
        self._walk_groups(walker)
        if same_conditions:
            self._used = previous._used  # (None when it was never asked for)
        return True

    def _walk_groups(self, walker: Walker) -> None:
        """The walk of `parameter_groups` (the last: it names parameters)."""
        owner = ('parameter_groups', None)
        marks = (len(walker.calls), len(walker.references), len(walker.lookalikes))
        walker.owner, walker.field = owner, 'parameters'
        for group in self.parameter_groups:
            for param in group.parameters:
                walker._ref(symbols.PARAMETER, param, 'parameter_groups', False)
        self._walks[owner] = EntryWalk(None, walker, marks)

    def _walk_resource(self, walker: Walker, owner: tuple, res: Definition) -> None:
        body = res.mapping
        if body is None:
            return
        for key in ('properties', 'metadata', 'update_policy', 'deletion_policy', 'external_id'):
            walker.value(body.get(key), owner, key)
        depends = body.get('depends_on')
        if depends is not None:
            walker.owner, walker.field = owner, 'depends_on'
            items = depends.items if isinstance(depends, Sequence) else [depends]
            for item in items:
                if isinstance(item, Scalar) and isinstance(item.value, str):
                    walker._ref(symbols.RESOURCE, item, 'depends_on', False)
        if self.facts.has_conditions:
            walker.condition(body.get('condition'), owner, 'condition')

    def _walk_output(self, walker: Walker, owner: tuple, out: Definition) -> None:
        body = out.mapping
        if body is None:
            return
        walker.value(body.get('value'), owner, 'value')
        if self.facts.has_conditions:
            walker.condition(body.get('condition'), owner, 'condition')

    @staticmethod
    def _walk_condition(walker: Walker, owner: tuple, cond: Definition) -> None:
        walker.owner, walker.field = owner, 'definition'
        walker._walk(cond.body, symbols.CONDITION_CONTEXT, ())

    def memo(self, definition: Definition, build: Callable[['Template', Definition], Any]) -> Any:
        """`build(self, definition)`, once per entry as long as its nodes live: a later template
        of the document that keeps the entry's nodes (the same Definition) keeps what was
        built of it.  For what depends on the entry alone (its nodes, what the walk found in
        it, this version's facts)."""
        built = definition.built
        try:
            return built[build]
        except KeyError:
            value = built[build] = build(self, definition)
            return value

    def entry_walk(self, definition: Definition) -> 'EntryWalk':
        """What the walk found in one entry (a parameter's: nothing)."""
        return definition.walk or _NOTHING

    def references_in(self, definition: Definition) -> list[Reference]:
        return self.entry_walk(definition).references

    def calls_in(self, definition: Definition) -> list[FunctionCall]:
        return self.entry_walk(definition).calls

    @property
    def group_references(self) -> list[Reference]:
        """The parameters `parameter_groups` names."""
        return self._walks[('parameter_groups', None)].references

    @property
    def calls(self) -> list[FunctionCall]:
        """Every function call, entry by entry in the walk's order."""
        if self._calls is None:
            self._calls = [call for walk in self._walks.values() for call in walk.calls]
        return self._calls

    @property
    def references(self) -> list[Reference]:
        """Every reference, entry by entry in the walk's order."""
        if self._references is None:
            self._references = [ref for walk in self._walks.values() for ref in walk.references]
        return self._references

    @property
    def lookalikes(self) -> list[tuple[Mapping, Scalar, str]]:
        """One-key mappings named like a function of another version or context."""
        if self._lookalikes is None:
            self._lookalikes = [item for walk in self._walks.values() for item in walk.lookalikes]
        return self._lookalikes

    def entry_at(self, offset: int) -> Definition | None:
        """The definition written at `offset` (from its key to the end of its value), found down
        the tree: in the pair of the root, then of its section, that starts last at or before
        `offset` (no list of every definition is made: an edit's analysis asks this of a
        template it made without looking at every entry)."""
        pairs = self.root.pairs
        index = bisect_right(pairs, offset, key=_key_start) - 1
        if index < 0:
            return None
        top = pairs[index]
        key = top.key
        if type(key) is not Scalar or key.value not in SECTION_KINDS \
                or self.sections.get(key.value) is not top or type(top.value) is not Mapping:
            return None
        inner = top.value.pairs
        index = bisect_right(inner, offset, key=_key_start) - 1
        if index < 0:
            return None
        pair = inner[index]
        definition = getattr(self, key.value).get(pair.key.value) \
            if type(pair.key) is Scalar else None
        if definition is None or definition.pair is not pair:
            return None
        return definition if offset <= max(pair.key.end, pair.value.end) else None

    # -- queries ----------------------------------------------------------------------
    def references_to(self, kind: str, name: Any) -> list[Reference]:
        if self._refs_by_target is None:
            index: dict[tuple[str, Any], list[Reference]] = {}
            for ref in self.references:
                index.setdefault((ref.kind, ref.name), []).append(ref)
            self._refs_by_target = index
        return self._refs_by_target.get((kind, name), [])

    def used_conditions(self) -> set[Any]:
        """Conditions Heat evaluates: named by a resource, an output or an `if`, transitively."""
        if self._used is None:
            self._used = self._used_conditions()
        return self._used

    def _used_conditions(self) -> set[Any]:
        used: set[Any] = set()
        pending = []
        by_owner: dict[Any, list[Reference]] = {}
        for (section, name), walk in self._walks.items():
            for ref in walk.condition_references:
                if section == 'conditions':
                    by_owner.setdefault(name, []).append(ref)
                else:
                    pending.append(ref.name)
        # Functions inside resource/output condition fields are evaluated too; their
        # condition names arrive as references with those owners, handled above.
        while pending:
            name = pending.pop()
            if name in used:
                continue
            used.add(name)
            pending.extend(ref.name for ref in by_owner.get(name, []))
        return used


def _key_start(pair: Pair) -> int:
    return pair.key.start


#: the kind of reference that names an entry of each section
SECTION_KINDS = {'parameters': symbols.PARAMETER, 'resources': symbols.RESOURCE,
                 'outputs': symbols.OUTPUT, 'conditions': symbols.CONDITION}


class EntryWalk:
    """What the walk found in one entry: its calls, references and lookalikes, in order."""

    __slots__ = ('pair', 'calls', 'references', 'lookalikes', '_call_nodes', '_conditions')

    def __init__(self, pair: Pair | None, walker: Walker | None = None,
                 marks: tuple[int, int, int] = (0, 0, 0)):
        self.pair = pair  # the entry it was walked from
        calls, references, lookalikes = marks
        self.calls = walker.calls[calls:] if walker is not None else []
        self.references = walker.references[references:] if walker is not None else []
        self.lookalikes = walker.lookalikes[lookalikes:] if walker is not None else []
        self._call_nodes: frozenset[int] | None = None
        self._conditions: list[Reference] | None = None

    @property
    def call_nodes(self) -> frozenset[int]:
        """The ids of its calls' mappings."""
        if self._call_nodes is None:
            self._call_nodes = frozenset(id(call.node) for call in self.calls)
        return self._call_nodes

    @property
    def condition_references(self) -> list[Reference]:
        if self._conditions is None:
            self._conditions = [ref for ref in self.references if ref.kind == symbols.CONDITION]
        return self._conditions


_NOTHING = EntryWalk(None)
