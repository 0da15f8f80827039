"""What a ported validate() validates: one resource (or a group's member) as its plugin sees it.

`Subject` is the `self` of Heat's code: `name`, `properties` (Heat's
`self.properties`), the resource's metadata keys, and `stack` for the few
checks that look at another resource (SoftwareDeployment reads its
server's user_data_format).  `node(path)` finds where a property path is
written, for the finding's range.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hot_ls.catalog.property_rules import translations
from hot_ls.model.symbols import PARAMETER
from hot_ls.rules.plugins.properties import HeatProperties, PropertyProblem
from hot_ls.rules.plugins.values import Unknowable, resource_state
from hot_ls.syntax import Mapping, Node, Sequence

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.catalog import ResourceType
    from hot_ls.model.symbols import Definition

class Subject:
    def __init__(self, name: str, rtype: 'ResourceType', data: Any, stack: 'Stack',
                 properties_node: Node | None, anchor: Node, metadata: Node | None = None,
                 calls: frozenset[int] = frozenset(), strict: bool = True,
                 failed: dict | None = None):
        self.name = name
        self.type = rtype
        #: Heat validates the property values too (a stack's own resource, not a group member)
        self.strict = strict
        self.properties = HeatProperties(rtype.properties, data, translations(rtype.name),
                                         failed)
        self.stack = stack
        self._properties_node = properties_node
        self._anchor = anchor
        self._metadata = metadata
        self._calls = calls

    def given(self, key: str) -> Any:
        """The value the template gives a property, before any coercion."""
        return self.properties.raw(key)

    def parts(self, *parts: 'Callable[[], None]') -> None:
        """Run independent parts of a validate() in Heat's order, past the unknown ones.

        Heat stops at the first part that refuses.  When a part's outcome
        is unknown (it read a value only the cloud knows), a later part that
        reads none of its values and is certain to refuse still decides the
        verdict: Heat refuses the template whichever way the unknown part
        goes (with that part's message, if it refuses first).  A property
        that cannot be read (PropertyProblem) still stops the check.
        """
        for part in parts:
            try:
                part()
            except PropertyProblem:
                raise
            except Unknowable:
                continue

    def touch(self, *keys: str) -> None:
        """Read properties whose values the ported code does not use (Heat's reads of the
        ones only a cloud check needs): reading fails where Heat's read would."""
        for key in keys:
            try:
                self.properties[key]
            except PropertyProblem:
                raise
            except Unknowable:
                pass

    def metadata_has(self, key: str) -> bool:
        """Whether the resource's resolved metadata has `key` (`key in self.t.metadata()`)."""
        node = self._metadata
        if node is None:
            return False
        if not isinstance(node, Mapping) or id(node) in self._calls:
            raise Unknowable()
        pair = node.index.get(key)
        if pair is None:
            return False
        if id(pair.value) in self._calls:
            raise Unknowable()  # an `if` may drop the key
        return True

    def node(self, at: tuple) -> Node:
        """Where the property path `at` is written (a key, for a path's last key), or the
        nearest step of it that is; the resource's name when none is."""
        current = self._properties_node
        best = None
        for index, step in enumerate(at):
            if isinstance(current, Mapping) and isinstance(step, str):
                pair = current.index.get(step)
                if pair is None:
                    break
                best = pair.key if index == len(at) - 1 else pair.value
                current = pair.value
            elif (isinstance(current, Sequence) and isinstance(step, int)
                  and 0 <= step < len(current.items)):
                current = best = current.items[step]
            else:
                break
        return best if best is not None else self._anchor


class Stack:
    """The other resources of the stack, as `self.stack` lets a plugin see them (from the
    resource `definition`)."""

    def __init__(self, analysis: 'Analysis | None', definition: 'Definition | None' = None):
        self._analysis = analysis
        self._definition = definition

    @property
    def analysis(self) -> 'Analysis | None':
        return self._analysis

    def resource_by_refid(self, refid: Any) -> Subject | None:
        """Stack.resource_by_refid: before creation, the resource whose name is `refid`
        (what `get_resource` answers for most types), if Heat creates it."""
        analysis = self._analysis
        if analysis is None or not isinstance(refid, str):
            return None
        if self._definition is not None:  # a name computed, not written: what it depends on
            analysis.reads(self._definition, ('resources', refid))
        definition = analysis.template.resources.get(refid)
        if definition is None:
            return None
        rtype = analysis.resource_type(definition)
        if rtype is None:
            raise Unknowable()
        return resource_subject(analysis, definition, rtype)


def resource_subject(analysis: 'Analysis', definition: 'Definition',
                     rtype: 'ResourceType', strict: bool = True) -> Subject | None:
    """The subject for a resource of the template, or None when Heat does not create it
    (`strict`: Heat validates its values first: Analysis.strict)."""
    state = resource_state(analysis, definition.name)
    if state.enabled is not True:
        return None
    calls = analysis.template.entry_walk(definition).call_nodes
    # (a value that fails to resolve fails the plugin's read of it: in a nested stack, whose
    # values Heat does not validate first, that read is where Heat refuses it)
    return Subject(str(definition.name), rtype, state.data, Stack(analysis, definition),
                   definition.get('properties'), definition.key, definition.get('metadata'), calls,
                   strict, None if strict else _failures_heat_meets(analysis, definition,
                                                                    state.failed))


def _failures_heat_meets(analysis: 'Analysis', definition: 'Definition', failed: dict) -> dict:
    """The properties whose failure Heat meets too: those reading no parameter the parent
    passes (or may pass: its values not known) a value hot-ls does not evaluate with (a
    nested stack's evaluation has what the parent passes where that is known, else the
    defaults and parameter_defaults); a parameter the template does not declare fails
    whatever is passed."""
    if not failed:
        return failed
    properties = definition.get('properties')
    if not isinstance(properties, Mapping):
        return {}
    passed = analysis.stack.values
    evaluated = analysis.inputs.parameters
    declared = analysis.template.parameters
    references = [ref for ref in analysis.template.references_in(definition)
                  if ref.kind == PARAMETER and ref.field == 'properties']
    kept = {}
    for key, message in failed.items():
        pair = properties.index.get(key)
        if pair is None:
            continue
        start, end = pair.value.start, pair.value.end
        if all(ref.name not in declared or ref.name in evaluated
               or (passed is not None and ref.name not in passed)
               for ref in references if start <= ref.start < end):
            kept[key] = message
    return kept
