"""The semantic model of a HOT template: version, sections, definitions, calls, references."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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

    def __init__(self, tree: SyntaxTree, path: str | None = None):
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
        self.parameters = self._definitions('parameters')
        self.resources = self._definitions('resources')
        self.outputs = self._definitions('outputs')
        self.conditions = self._definitions('conditions')
        self.parameter_groups = self._parameter_groups()
        walker = Walker(self.facts, lambda: self.parameters,
                        frozenset(id(node) for _, _, node in tree.aliases))
        self._walk(walker)
        self.calls: list[FunctionCall] = walker.calls
        self.references: list[Reference] = walker.references
        self.lookalikes = walker.lookalikes
        self._refs_by_target: dict[tuple[str, Any], list[Reference]] | None = None

    # -- definitions ------------------------------------------------------------
    def section(self, name: str) -> Node | None:
        pair = self.sections.get(name)
        return pair.value if pair is not None else None

    def _definitions(self, section: str) -> dict[Any, Definition]:
        node = self.section(section)
        if not isinstance(node, Mapping):
            return {}
        return {name: Definition(section, name, pair) for name, pair in node.index.items()}

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
    def _walk(self, walker: Walker) -> None:
        facts = self.facts
        for name, res in self.resources.items():
            body = res.mapping
            if body is None:
                continue
            owner = ('resources', name)
            for key in ('properties', 'metadata', 'update_policy', 'deletion_policy', 'external_id'):
                walker.value(body.get(key), owner, key)
            depends = body.get('depends_on')
            if depends is not None:
                walker.owner, walker.field = owner, 'depends_on'
                items = depends.items if isinstance(depends, Sequence) else [depends]
                for item in items:
                    if isinstance(item, Scalar) and isinstance(item.value, str):
                        walker._ref(symbols.RESOURCE, item, 'depends_on', False)
            if facts.has_conditions:
                walker.condition(body.get('condition'), owner, 'condition')
        for name, out in self.outputs.items():
            body = out.mapping
            if body is None:
                continue
            owner = ('outputs', name)
            walker.value(body.get('value'), owner, 'value')
            if facts.has_conditions:
                walker.condition(body.get('condition'), owner, 'condition')
        if facts.has_conditions:
            for name, cond in self.conditions.items():
                owner = ('conditions', name)
                walker.owner, walker.field = owner, 'definition'
                walker._walk(cond.body, symbols.CONDITION_CONTEXT, ())
        walker.owner, walker.field = ('parameter_groups', None), 'parameters'
        for group in self.parameter_groups:
            for param in group.parameters:
                walker._ref(symbols.PARAMETER, param, 'parameter_groups', False)

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
        used: set[Any] = set()
        pending = [ref.name for ref in self.references
                   if ref.kind == symbols.CONDITION and (ref.owner or ('',))[0] != 'conditions']
        # Functions inside resource/output condition fields are evaluated too; their
        # condition names arrive as references with those owners, handled above.
        by_owner: dict[Any, list[Reference]] = {}
        for ref in self.references:
            if ref.kind == symbols.CONDITION and ref.owner and ref.owner[0] == 'conditions':
                by_owner.setdefault(ref.owner[1], []).append(ref)
        while pending:
            name = pending.pop()
            if name in used:
                continue
            used.add(name)
            pending.extend(ref.name for ref in by_owner.get(name, []))
        return used
