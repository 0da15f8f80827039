"""The entries of a HOT template, checked one by one: which of them a run checks.

A HOT template's *entries* are the definitions of its four sections
(parameters, resources, outputs, conditions); everything else (the version,
the description, `parameter_groups`, the sections' keys) is its *frame*.
Most rules check entries one by one (`Rule.per_entry`): what they find about
an entry is found while they look at it, and depends only on the entry, on
what it depends on (hot_ls.rules.incremental) and on the frame.  Such a rule
looks at the entries through `analysis.checking`: every entry when a
document is checked from scratch, only those an edit affected when it is
checked again (the others' findings are kept).  The iterators say which
entry a rule is looking at (`current`), which is how the rules engine knows
whose finding each one is.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator

from hot_ls.model.symbols import VALUE, Definition, FunctionCall, Reference
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, Scalar, Sequence

#: the sections whose definitions are entries, in the order the model walks them
WALKED = ('resources', 'outputs', 'conditions')
SECTIONS = ('parameters', 'resources', 'outputs', 'conditions')

Key = tuple[str, Any]  # (section, name)


class Checking:
    """The entries one run of the per-entry rules looks at (all of them by default)."""

    def __init__(self, template: Template, keys: Iterable[Key] | None = None):
        self.template = template
        #: the entry a rule is looking at (None: the frame)
        self.current: Definition | None = None
        if keys is None:
            self._chosen = None
        else:
            chosen: dict[str, list[Definition]] = {section: [] for section in SECTIONS}
            wanted = set(keys)
            for section in SECTIONS:
                definitions = getattr(template, section)
                for key in wanted:
                    if key[0] == section and key[1] in definitions:
                        chosen[section].append(definitions[key[1]])
                chosen[section].sort(key=lambda definition: definition.key.start)
            self._chosen = chosen

    @property
    def everything(self) -> bool:
        return self._chosen is None

    def definitions(self, section: str):
        """The checked definitions of `section`."""
        if self._chosen is None:
            return getattr(self.template, section).values()
        return self._chosen[section]

    def entries(self, section: str) -> Iterator[Definition]:
        """The checked definitions of `section`, each one `current` while it is looked at."""
        for definition in self.definitions(section):
            self.current = definition
            yield definition
        self.current = None

    @property
    def parameters(self) -> Iterator[Definition]:
        return self.entries('parameters')

    @property
    def resources(self) -> Iterator[Definition]:
        return self.entries('resources')

    @property
    def outputs(self) -> Iterator[Definition]:
        return self.entries('outputs')

    @property
    def conditions(self) -> Iterator[Definition]:
        return self.entries('conditions')

    def all(self, sections: Iterable[str] = SECTIONS) -> Iterator[Definition]:
        for section in sections:
            for definition in self.definitions(section):
                self.current = definition
                yield definition
        self.current = None

    def references(self) -> Iterator[Reference]:
        """The checked entries' references, in the model's order (as `template.references`
        lists them, without parameter_groups')."""
        walk = self.template.entry_walk
        for section in WALKED:
            for definition in self.definitions(section):
                self.current = definition
                yield from walk(definition).references
        self.current = None

    def calls(self) -> Iterator[FunctionCall]:
        walk = self.template.entry_walk
        for section in WALKED:
            for definition in self.definitions(section):
                self.current = definition
                yield from walk(definition).calls
        self.current = None

    def lookalikes(self) -> Iterator[tuple]:
        walk = self.template.entry_walk
        for section in WALKED:
            for definition in self.definitions(section):
                self.current = definition
                yield from walk(definition).lookalikes
        self.current = None


def span(definition: Definition) -> tuple[int, int]:
    """Where an entry is written: from its key to the end of its value."""
    return definition.key.start, max(definition.key.end, definition.body.end)


# -- what an entry depends on -------------------------------------------------------------
#
# What the checks find about an entry is a function of the entry, of the frame, and of
# what the entry names: the parameters and conditions its references name, and what the
# resources it names show others (their *interface*: whether they exist, their type and
# their condition, and what that condition depends on; all of a group, whose members
# get_attr asks); when no entry has the name, also the other names of that section, which
# a suggestion is drawn from; and, transitively, what those depend on.  An entry whose
# function computes the name it looks up (get_param of get_param, an `if` on a
# parameter's value) depends on every entry of that section.  A dependency is a pair:
# (section, name) for an entry (or its absence), ('interfaces', name) for a resource's
# interface, ('names', section) for a section's names in order, ('all', section) for every
# entry of a section.

#: the section each kind of reference names
REFERENCE_SECTIONS = {'parameter': 'parameters', 'resource': 'resources',
                      'condition': 'conditions', 'output': 'outputs'}
#: the condition functions whose value is a boolean (any other may compute a condition's name)
_BOOLEANS = frozenset({'And', 'Or', 'Not', 'Equals', 'Contains', 'Invalid', 'Removed'})
_CONDITION_OPERATORS = frozenset({'And', 'Or', 'Not', 'If', 'IfNullable'})


#: what a resource shows the entries that name it
INTERFACES = 'interfaces'
_GET_ATTR = frozenset({'get_attr', 'Fn::GetAtt'})


#: the section a function's reference to a missing entry may have meant to name (the rules
#: say so: HOT301, HOT302)
_CONFUSED = {'get_param': 'resources', 'get_resource': 'parameters', 'get_attr': 'parameters'}


def dependencies(template: Template, definition: Definition,
                 groups: Callable[[Any], bool] = lambda name: False,
                 field: str | None = None) -> frozenset:
    """What is found about an entry depends on, besides the entry and the frame (see above);
    names computed when the checks run are added by `Analysis.reads`.  `groups(name)`:
    whether a resource is a group (get_attr of it depends on all of it).  With `field`, what
    that field alone depends on (`interface_dependencies`)."""
    walk = template.entry_walk(definition)
    found: set = set()
    pseudo = template.facts.pseudo_parameters
    for ref in walk.references:
        if field is not None and ref.field != field:
            continue
        section = REFERENCE_SECTIONS[ref.kind]
        if section == 'resources' and not (ref.via in _GET_ATTR and groups(ref.name)):
            found.add((INTERFACES, ref.name))
        else:
            found.add((section, ref.name))
        if ref.name in getattr(template, section):
            continue
        if section == 'parameters' and (ref.name in pseudo or (
                ref.via == 'Ref' and isinstance(ref.name, str) and ref.name.startswith('AWS::'))):
            continue
        found.add(('names', section))
        confused = _CONFUSED.get(ref.via)
        if confused is not None and ref.call is not None and ref.call.context == VALUE:
            found.add(('names', confused))  # (a resource named with get_param, and so on)
    calls = walk.calls
    if calls:
        nodes = {id(call.node): call.impl for call in calls}
        for call in calls:
            if field is None or call.field == field:
                found.update(_computed(call, nodes))
        if definition.section in ('resources', 'outputs'):
            condition = definition.get('condition')
            operator = nodes.get(id(condition))
            if type(condition) is Mapping and operator is not None and operator not in _BOOLEANS:
                found.add(('all', 'conditions'))
    return frozenset(found)


def interface(text: str, definition: Definition) -> tuple:
    """What a resource shows the entries that name it: its type and its condition as
    written (a group's members are its whole definition: see `dependencies`)."""
    return tuple(text[node.start:node.end] if node is not None else None
                 for node in (definition.get('type'), definition.get('condition')))


#: what no entry that reads a parameter sees of it: Heat keeps a parameter's description and
#: label for the API alone (a get_param gives, converts and checks its value by its type,
#: default and constraints)
_UNREAD = frozenset({'description', 'label'})


def parameter_interface(text: str, definition: Definition) -> str | None:
    """What a parameter shows the entries that read it: its text without the values of its
    `description` and `label`, each a string as written; None when it has no such value, or
    another shape (what they read of it is then all of it)."""
    body = definition.mapping
    if body is None:
        return None
    start = definition.key.start
    at = start
    pieces = []
    for pair in body.pairs:
        key = pair.key
        if type(key) is Scalar and key.value in _UNREAD:
            value = pair.value
            if type(value) is not Scalar or type(value.value) is not str:
                return None
            pieces.append(text[at:value.start])
            if text[value.start:value.end].endswith(('\n', '\r')):
                pieces.append('\n')  # (a block scalar's span ends with its line)
            at = value.end
    if at == start:
        return None
    pieces.append(text[at:max(definition.key.end, definition.body.end)])
    return ''.join(pieces)


def interface_dependencies(template: Template, definition: Definition) -> frozenset:
    """What a resource's interface depends on: what its condition does."""
    return dependencies(template, definition, field='condition')


def _computed(call: FunctionCall, impls: dict[int, str]) -> Iterator[tuple[str, str]]:
    """The sections whose entry a call looks up by a name it computes."""
    impl, args = call.impl, call.args
    items = args.items if type(args) is Sequence else None
    if impl == 'GetParam':
        target = items[0] if items else args
        if type(target) is not Scalar:
            yield 'all', 'parameters'
    elif impl == 'GetResource':
        if type(args) is not Scalar:
            yield 'all', 'resources'
    elif impl in ('GetAtt', 'GetAttThenSelect', 'GetAttAllAttributes'):
        if not items or type(items[0]) is not Scalar:
            yield 'all', 'resources'
    elif impl == 'Ref':
        if type(args) is not Scalar:
            yield 'all', 'resources'
            yield 'all', 'parameters'
    if impl in _CONDITION_OPERATORS:
        if impl in ('If', 'IfNullable'):
            operands = items[:1] if items else [args]
        elif impl == 'Not':
            operands = [args]
        else:
            operands = items or [args]
        for operand in operands:
            operator = impls.get(id(operand))
            if type(operand) is Mapping and (operator is None or operator not in _BOOLEANS):
                yield 'all', 'conditions'
                return


# -- what whole-template checks read of each entry ---------------------------------------

@dataclass(frozen=True)
class EntryFacts:
    """What a check of one entry reads of all the others: each entry's part, kept with its
    findings (hot_ls.rules.incremental), so the whole is had without looking at them all."""

    #: the conditions evaluating it looks up (a resource's, an output's): Heat evaluates those
    requested: frozenset = frozenset()
    #: the messages of its certain static issues
    certain: tuple[str, ...] = ()
    #: a condition's: why its definition does not parse (None: it does)
    unparsed: str | None = None


def entry_source(text: str, definition: Definition) -> str:
    """The text an entry is made of: its lines, from the start of its key's line to the end
    of its value (two entries with the same source are the same entry)."""
    start = definition.key.start
    line = max(text.rfind('\n', 0, start), text.rfind('\r', 0, start)) + 1
    return text[line:max(definition.key.end, definition.body.end)]
