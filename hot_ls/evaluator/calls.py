"""Where a value's calls are, and which of them can fail: what lets checks skip the rest.

Heat's parse, validate and resolve walk a whole value; but a value with no
call in it parses to itself and cannot fail, and most calls of a real
template are `{get_param: name}`, `{get_resource: name}` or `{get_attr:
[name, attribute]}`, whose outcome is known without evaluating them.  The
checks (`static_issues`, and `TemplateEvaluation(errors_only=True)` for the
rules) therefore look only at a value's *top calls*, the calls not inside
another call, found once per field (`CallSites`), and evaluate only those
that can fail, in Heat's order, with Heat's paths:

* LIVE: anything may happen (most functions);
* INERT: parsing and validating it cannot fail or touch anything else
  (no condition is looked up); resolving it may fail;
* QUIET: INERT, and resolving it can fail only for want of a deploy-time
  value: a parameter's value (UserParameterMissing, ParameterError...), a
  resource that does not exist (InvalidTemplateReference) or a file not sent
  ('No content found in the "files" section ...');
* SURE: resolving it cannot fail.

A document with YAML aliases can expand exponentially (a "billion laughs"
of nested lists of aliases).  The search for top calls does not walk again
a shared part that held no call, and gives up (`CallSites.of` gives None)
past `Expansion.limit` nodes; `Expansion` measures a call as parsing it
would walk it, aliases expanded, in time linear in the document, and a
call larger than the limit is not evaluated (`CallSites.too_large`).  What
is given up on is reported by no check: nothing is known about it.

Leaving calls out keeps every outcome: the calls left in are parsed,
validated and resolved in the order, with the paths, of the whole walk, and
the calls left out have no effect on anything (they look no condition up,
and their failures, when they can fail, are the ones listed under QUIET).
"""
from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from hot_ls.evaluator.functions import references
from hot_ls.evaluator.functions.table import value_table
from hot_ls.evaluator.parsing import Path, parse_call
from hot_ls.evaluator.scope import ResourceEntry
from hot_ls.language.parameters import ParameterError
from hot_ls.model.snapshot import Snapshot
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

if TYPE_CHECKING:
    from hot_ls.evaluator.scope import Scope
    from hot_ls.model.template import Template

LIVE, INERT, QUIET, SURE = 0, 1, 2, 3
_NO_KEY = object()
_MISSED = object()  # (_route_by_span: the spans did not lead to the call)


class TopCall:
    """A call `{name: args}` at `node`, reached from the field's value through its steps.

    `steps` is a linked list, innermost first: (parent, sep, item), sep '.'
    for a mapping key and '' for a list index (Heat's parse path), or None
    when the call is the field itself.  A call found in a document without
    aliases knows its `key` (the property, or index, it is in) but not its
    steps: they are found (`field` is searched) only when a message needs the
    path.
    """

    __slots__ = ('node', 'steps', 'name', 'pair', 'factory', 'key', 'field')

    def __init__(self, node: Mapping, steps: Any, name: Any, pair: Any, factory: Any,
                 key: Any = None, field: Node | None = None):
        self.node = node
        self.steps = steps
        self.name = name
        self.pair = pair
        self.factory = factory
        self.field = field
        if field is not None:
            self.key = key
        elif steps is None:
            self.key = _NO_KEY
        else:  # the first step's item: the property a call of `properties` is in
            while steps[0] is not None:
                steps = steps[0]
            self.key = steps[2]

    def step_list(self) -> list:
        if self.field is not None:  # found without its steps: search the field for the call
            self.steps = _route(self.field, self.node)
            self.field = None
        items = []
        link = self.steps
        while link is not None:
            link, sep, item = link
            items.append((sep, item))
        items.reverse()
        return items

    def path(self, root: str) -> Any:
        """Heat's parse path of the call's mapping ('resources.r.properties.a[0]'), as a Path."""
        if self.field is not None:
            return _LazyPath(self, root)
        path: Any = root
        for sep, item in self.step_list():
            path = Path(path, sep, item)
        return path

    def parse(self, scope: 'Scope', root: str) -> Any:
        """Parse the call as Heat's parse of the whole field would reach it (path `root`...)."""
        return parse_call(value_table(scope.version), scope, self.node, self.name, self.pair,
                          self.factory, self.path(root))

    def validate_path(self, base: list) -> tuple:
        """The linked path `validate(field, base)` has when it reaches this call."""
        linked: tuple = ()
        for item in base:
            linked = (linked, item)
        for sep, item in self.step_list():
            if sep:
                linked = (linked, item)
            else:
                parent_base, parent = linked if linked else ((), '')
                linked = (parent_base, '%s[%d]' % (parent, item))
        return linked

    def __repr__(self) -> str:
        return f'<TopCall {self.name} at {self.node.start}>'


class _LazyPath:
    """A call's parse path, found when a message prints it (see TopCall.path)."""

    __slots__ = ('call', 'root')

    def __init__(self, call: TopCall, root: str):
        self.call = call
        self.root = root

    def __str__(self) -> str:
        self.call.step_list()  # finds the steps
        return str(self.call.path(self.root))


def _route(field: Node, target: Node) -> Any:
    """The steps from `field` to `target` (met once: the document has no aliases).

    Without aliases each node's span holds its children's, and siblings' spans do not
    overlap: the route goes down through the child whose span holds the target's, and
    looks at no other (a large field's failing calls each found their route by walking
    the whole field: 1 ms of an analysis of Magnum's kubecluster.yaml).  Should the spans
    not lead there, the whole field is searched."""
    steps = _route_by_span(field, target)
    return steps if steps is not _MISSED else _route_by_search(field, target)


def _route_by_span(field: Node, target: Node) -> Any:
    start, end = target.start, target.end
    node: Any = field
    steps: Any = None
    while node is not target:
        kind = type(node)
        if kind is Mapping:
            for key, pair in node.index.items():
                value = pair.value
                if value.start <= start and end <= value.end and type(value) is not Scalar:
                    node, steps = value, (steps, '.', key)
                    break
            else:
                return _MISSED
        elif kind is Sequence:
            for i, item in enumerate(node.items):
                if item.start <= start and end <= item.end and type(item) is not Scalar:
                    node, steps = item, (steps, '', i)
                    break
            else:
                return _MISSED
        else:
            return _MISSED
    return steps


def _route_by_search(field: Node, target: Node) -> Any:
    stack: list = [(field, None)]
    while stack:
        node, steps = stack.pop()
        if node is target:
            return steps
        kind = type(node)
        if kind is Mapping:
            for key, pair in node.index.items():
                stack.append((pair.value, (steps, '.', key)))
        elif kind is Sequence:
            for i, item in enumerate(node.items):
                stack.append((item, (steps, '', i)))
    raise LookupError('call not found in its field')  # pragma: no cover


class Expansion:
    """How many nodes a value has once its aliases are expanded (for documents with aliases)."""

    def __init__(self, tree: Any, limit: int | None = None):
        self.limit = limit if limit is not None else 100_000 + 4 * len(tree.text)
        self._sizes: dict[int, int] = {}
        # where each alias is written, and what it names: for `bound`
        aliases = sorted(((start, target) for start, _, target in tree.aliases),
                         key=lambda item: item[0])
        self._alias_starts = [start for start, _ in aliases]
        self._alias_targets = [target for _, target in aliases]
        self._bounds: dict[int, int] = {}

    def size(self, node: Any) -> int:
        """The nodes parsing `node` walks, aliases expanded (each shared part measured once)."""
        kind = type(node)
        if kind is not Mapping and kind is not Sequence:
            return 1
        sizes = self._sizes
        found = sizes.get(id(node))
        if found is not None:
            return found
        # post-order, without recursion (documents may nest deeply); the syntax tree has
        # no cycles, and `visiting` (expanded, not yet measured) would stop one anyway
        visiting: set[int] = set()
        stack: list = [(node, None)]
        while stack:
            item, children = stack.pop()
            if children is None:
                if id(item) in sizes or id(item) in visiting:
                    continue
                visiting.add(id(item))
                children = ([pair.value for pair in item.index.values()]
                            if type(item) is Mapping else item.items)
                stack.append((item, children))
                for child in children:
                    kind = type(child)
                    if (kind is Mapping or kind is Sequence) and id(child) not in sizes \
                            and id(child) not in visiting:
                        stack.append((child, None))
                continue
            total = 1
            for child in children:
                total += sizes.get(id(child), 1)
            sizes[id(item)] = total
        return sizes[id(node)]

    def bound(self, node: Any, _pending: set | None = None) -> int:
        """At least size(node), from the text alone: 3 nodes per character of the node, plus
        what each alias written in it names, so measured.  Cheap: no walk."""
        found = self._bounds.get(id(node))
        if found is not None:
            return found
        pending = _pending if _pending is not None else set()
        pending.add(id(node))
        total = 3 * (node.end - node.start + 1)
        first = bisect.bisect_left(self._alias_starts, node.start)
        last = bisect.bisect_left(self._alias_starts, node.end)
        for index in range(first, last):
            target = self._alias_targets[index]
            if id(target) in pending:  # (a node cannot hold an alias of itself)
                continue
            total += self.bound(target, pending)
        pending.discard(id(node))
        self._bounds[id(node)] = total
        return total

    def too_large(self, node: Any) -> bool:
        kind = type(node)
        if kind is not Mapping and kind is not Sequence:
            return False
        return self.bound(node) > self.limit and self.size(node) > self.limit


def within_expansion_limit(tree: Any) -> bool:
    """Whether no value of `tree` (a document with aliases) is too large to walk once its
    aliases are expanded: no `Expansion.too_large`, no walk given up, whatever the limit's
    growth with the text, as long as this holds.  (The whole document's bound, and its
    size, are at least any of its nodes': a node holds no alias of a node holding it.  The
    bound is cheap and loose; the size is a walk.)"""
    root = tree.root
    if type(root) is not Mapping and type(root) is not Sequence:
        return True
    expansion = Expansion(tree)
    return expansion.bound(root) <= expansion.limit or expansion.size(root) <= expansion.limit


def top_calls(node: Node, table: dict, expansion: Expansion | None = None) -> list[TopCall] | None:
    """The calls of `node` that are not inside another call, in the order Heat's walks meet them.

    With an `expansion` (a document with aliases), None past `expansion.limit` nodes.
    """
    found: list[TopCall] = []
    if expansion is not None:
        if expansion.too_large(node):
            return None
        walk = _SharedWalk(table, found, expansion.limit)
        try:
            walk.visit(node, None)
        except _TooLarge:
            return None
    else:  # each node met once: the steps to a call are found when needed
        _walk(node, table, _NO_KEY, found, node)
    return found


def _walk(node: Any, table: dict, key: Any, found: list, field: Node) -> None:
    kind = type(node)
    if kind is Mapping:
        index = node.index
        if len(index) == 1:
            for name, pair in index.items():
                factory = table.get(name)
                if factory is not None:
                    found.append(TopCall(node, None, name, pair, factory, key, field))
                    return
        top = node is field
        for item_key, pair in index.items():
            value = pair.value
            if type(value) is not Scalar:
                _walk(value, table, item_key if top else key, found, field)
    elif kind is Sequence:
        top = node is field
        for i, item in enumerate(node.items):
            if type(item) is not Scalar:
                _walk(item, table, i if top else key, found, field)


class _TooLarge(Exception):
    pass


class _SharedWalk:
    """_walk for documents with aliases: a shared part found to hold no call is not walked
    again, and the walk gives up past `budget` nodes."""

    def __init__(self, table: dict, found: list, budget: int):
        self.table = table
        self.found = found
        self.budget = budget
        self.barren: set[int] = set()

    def visit(self, node: Any, steps: Any) -> None:
        kind = type(node)
        if kind is not Mapping and kind is not Sequence:
            return
        if id(node) in self.barren:
            return
        self.budget -= 1
        if self.budget < 0:
            raise _TooLarge
        found = self.found
        before = len(found)
        if kind is Mapping:
            index = node.index
            if len(index) == 1:
                for name, pair in index.items():
                    factory = self.table.get(name)
                    if factory is not None:
                        found.append(TopCall(node, steps, name, pair, factory))
                        return
            for key, pair in index.items():
                self.visit(pair.value, (steps, '.', key))
        else:
            for i, item in enumerate(node.items):
                self.visit(item, (steps, '', i))
        if len(found) == before:
            self.barren.add(id(node))


class CallSites:
    """The top calls of each value field of one template, found once, for every check."""

    def __init__(self, template: 'Template'):
        self.template = template
        self.table = value_table(template.facts)
        tree = template.tree
        self.expansion = Expansion(tree) if tree is not None and tree.aliases else None
        self._fields: dict[int, Any] = {}
        self._entries: dict | None = None

    def _top_calls(self, node: Node) -> list[TopCall] | None:
        return top_calls(node, self.table, self.expansion)

    def resource_entries(self) -> dict:
        """The template's resources as the functions see them (made once; read only): the
        previous template's of the document, when it had the same Definitions
        (Template.carried: an edit outside the resources looks at none of them)."""
        if self._entries is None:
            template = self.template
            resources = template.resources
            kept = template.carried.get(CallSites)
            if kept is not None and kept[0].changed(resources) == []:
                self._entries = kept[1]
            else:
                memo = template.memo
                self._entries = {name: memo(definition, _resource_entry)
                                 for name, definition in resources.items()}
                template.carried[CallSites] = (Snapshot(resources), self._entries)
        return self._entries

    def too_large(self, call: TopCall) -> bool:
        """Whether parsing the call would walk more than the limit (aliases expanded)."""
        return self.expansion is not None and self.expansion.too_large(call.node)

    def of(self, node: Node) -> list[TopCall] | None:
        """The top calls of a field's value; None when it is too large to evaluate."""
        entry = self._fields.get(id(node))
        if entry is None:  # (node, calls): the node is kept, so its id stays its own
            entry = self._fields[id(node)] = (node, self._top_calls(node))
        return entry[1]


def _resource_entry(template: 'Template', definition: Any) -> ResourceEntry:
    """A resource as the functions see it (made once per entry: Template.memo)."""
    rtype = definition.get('type')
    return ResourceEntry(definition.name, rtype.value if isinstance(rtype, Scalar) else None,
                         definition.get('condition') if template.facts.has_conditions else None,
                         definition.body)


def sure(call: TopCall, scope: 'Scope') -> bool:
    """Whether a call that is at most QUIET cannot fail at all (a get_param with a value)."""
    if call.factory is not references.GetParam:
        return False
    args = call.pair.value
    name = args.value if type(args) is Scalar else args.items[0].value
    return not scope.parameters.lookup_fails(name)


def level(call: TopCall, scope: 'Scope', values: bool = True) -> int:
    """LIVE, INERT, QUIET or SURE (see the module's documentation) for a top call in `scope`.

    With `values` False, parameter values are not looked up: a get_param of
    the right shape is QUIET (its lookup can raise only KeyError, a
    ParameterError, or hot-ls's own RecursionError on a deeply nested
    value), and `sure` tells whether it is SURE.
    """
    factory = call.factory
    args = call.pair.value
    if factory is references.GetParam:
        if type(args) is Scalar:
            name = args.value
            if not (isinstance(name, str) and name):
                return INERT  # resolving fails: 'Function "get_param" must have arguments'...
        elif type(args) is Sequence and args.items and all(type(i) is Scalar for i in args.items):
            name = args.items[0].value
            if not isinstance(name, str):
                return INERT  # 'Parameter name in "get_param" must be string'
        else:
            return LIVE
        if not values:
            return QUIET
        fails = scope.parameters.lookup_fails(name)
        if not fails:
            return SURE
        # KeyError: get_param raises UserParameterMissing
        return QUIET if issubclass(fails, (KeyError, ParameterError)) else INERT
    if factory is references.GetResource:
        if type(args) is not Scalar:
            return LIVE
        entry = scope.resources.get(args.value)
        if entry is None:
            return QUIET  # InvalidTemplateReference
        return SURE if entry.condition is None else INERT
    if factory is references.GetFile:
        if type(args) is not Scalar:
            return LIVE
        name = args.value
        if not isinstance(name, str) or '\x00' in name:
            return INERT
        try:
            name.encode('utf-8')
        except UnicodeError:
            return INERT
        return QUIET  # the file's content, or 'No content found in the "files" section ...'
    if factory in _GET_ATTR:
        if type(args) is not Sequence or scope._attribute_names is not None:
            return LIVE
        items = args.items
        if len(items) < (1 if factory is references.GetAttAllAttributes else 2):
            return LIVE
        for item in items:
            if type(item) is not Scalar:
                return LIVE
        entry = scope.resources.get(items[0].value)
        if entry is None or entry.condition is not None:
            return LIVE  # validate() fails, or looks the resource's condition up
        return SURE
    return LIVE


_GET_ATTR = (references.GetAttThenSelect, references.GetAtt, references.GetAttAllAttributes)

