from hot_ls.model.cfn import CfnTemplate
from hot_ls.model.document import Kind
from hot_ls.model.snapshot import Snapshot
from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.model.cycles import LastGraph, chain, cycle_in, other_steps, strongly_connected
from hot_ls.rules.plugins.dependencies import (TARGETS, Implicit, implicit_dependencies,
                                               waiting)
from hot_ls.syntax import Scalar

_DEPENDENCY_FIELDS = {'properties', 'metadata', 'depends_on', 'Properties', 'Metadata', 'DependsOn'}


class CircularDependency(Rule):
    """Resources that depend on each other in a cycle.

    ## What it checks
    The dependency graph Heat builds: `get_resource`, `get_attr` (and in
    CFN templates `Ref` and `Fn::GetAtt`) in properties and metadata, plus
    `depends_on`.  The cycle is named, resource by resource, and each
    reference that closes it is marked.

    In a HOT template, also the dependencies some of Heat's own types add
    with no reference, when `openstack stack create` orders the resources:
    a port waits for every subnet on its network, a server for the subnets
    of its networks (every subnet, when it names no network), a router for
    the subnets of its external gateway's network, a floating IP for the
    routers, router gateways and router interfaces that serve it, an extra
    route set for its router's interfaces.  Before creation the
    `get_resource` of a Neutron resource and every `get_attr` are empty, so
    two resources that both take their network that way are on "the same
    network".  Such a step is marked at the property that decides it.  It
    is reported only when certain: both resources created, the values known
    (or one string parameter on both sides).

    ## Why it matters
    Heat cannot order the resources and refuses the stack: "Circular
    Dependency Found" (a cycle through an implicit dependency only on
    create: `openstack orchestration template validate` leaves those out).
    A cycle through a reference inside an `if` branch, or through a resource
    with a `condition`, that the default parameter values (and the configured
    ones) do not surely take or make hold, exists only for some parameter
    values, so it is a warning.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        depends_on: volume
        properties: {value: 1}
      volume:
        type: OS::Heat::Value
        properties:
          value: {get_attr: [server, value]}
    ```

    ## Fix
    Remove one of the references in the cycle, or split a resource in two.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        properties: {value: 1}
      volume:
        type: OS::Heat::Value
        properties:
          value: {get_attr: [server, value]}
    ```
    """

    code = 'HOT502'
    name = 'circular-dependency'
    severity = Severity.ERROR
    kinds = frozenset({Kind.HOT, Kind.CFN})
    checked_when_created = True

    def check(self, analysis):
        if analysis.kind is Kind.CFN:
            model = CfnTemplate(analysis.tree)
        else:
            model = analysis.template
            if model.version is None:
                return
        resources = model.resources
        implicit: list[Implicit] = []
        if analysis.kind is Kind.CFN:
            references = [ref for ref in model.references if _dependency(ref)]
            edges: dict = {}
            for ref in references:
                if ref.name in resources and ref.owner[1] in resources:
                    edges.setdefault(ref.owner[1], set()).add(ref.name)
            components = _GRAPH.components(resources, edges)
        else:
            references = None
            kept = model.carried.get(CircularDependency)
            explicit = _explicit_edges(model, kept)
            waits = waiting(analysis)
            if kept is not None and kept.acyclic and explicit is kept.edges \
                    and waits is kept.waits:
                return  # (the same graph as the previous template's: no cycle)
            components, edges, implicit = _components(analysis, model, explicit, waits)
            model.carried[CircularDependency] = _Kept(
                Snapshot(resources), explicit, waits,
                acyclic=not components and edges is explicit)
        if not components:
            return
        conditional = set() if analysis.kind is Kind.CFN else {
            name for name, res in resources.items()
            if res.get('condition') is not None
            and not (isinstance(res.get('condition'), Scalar)
                     and res.get('condition').value is True)
            and not _surely_created(analysis, name)}
        if references is None:
            references = [ref for definition in resources.values()
                          for ref in model.entry_walk(definition).references if _dependency(ref)]
        edge_refs: dict = {}
        for ref in references:
            source, target = ref.owner[1], ref.name
            if target in resources and source in resources:
                edge_refs.setdefault((source, target), []).append(ref)
        for step in implicit:  # (a reference, where there is one, says it better)
            edge_refs.setdefault((step.source, step.target), [step])
        order = {name: index for index, name in enumerate(resources)}
        for component in components:
            cycle = cycle_in(component, edges, order)
            steps = list(zip(cycle, cycle[1:]))
            refs = [edge_refs[step] for step in steps]
            possible = any(name in conditional for name in cycle) or any(
                all(_maybe_unseen(analysis, r) for r in options) for options in refs)
            message = f'Circular Dependency Found: {chain(cycle)}'
            severity = Severity.WARNING if possible else None
            if possible:
                message += (' (only for some parameter values: the cycle goes through a condition'
                            ' or an "if" branch)')
            waits = [options[0] for options in refs if isinstance(options[0], Implicit)]
            if waits:
                message += ''.join(f'; {wait.source} depends on {wait.target} with no '
                                   f'reference: {wait.why}' for wait in waits[:2])
                if len(waits) > 2:
                    message += f' (and {len(waits) - 2} more such steps)'
            for index, options in enumerate(refs):
                ref = min(options, key=lambda r: (r.guarded, r.start))
                related = [Related(refs[other][0].start, refs[other][0].end,
                                   _step_text(steps[other], refs[other][0]))
                           for other in other_steps(len(steps), index)]
                yield Finding(ref.start, ref.end, message, severity=severity, related=related)


def _maybe_unseen(analysis, ref) -> bool:
    """Whether Heat may never see a reference: inside an `if` branch the inputs do not
    surely take (a branch they take is as good as no `if`)."""
    if not ref.guarded:
        return False
    if analysis.kind is Kind.CFN or not getattr(ref, 'guards', ()):
        return True
    try:
        return analysis.presence.branch_reason(ref.guards) is not None
    except Exception:  # an `if` Heat cannot decide: other rules say why
        return True


def _surely_created(analysis, name) -> bool:
    """Whether the resource's condition holds under the inputs (the default parameter values
    and the configured ones): Heat orders it with the others then, on both paths."""
    try:
        return analysis.checked_evaluation.scope.enabled(name) is True
    except Exception:  # a condition Heat cannot evaluate: other rules say why
        return False


def _step_text(step: tuple, ref) -> str:
    text = f'{step[0]} depends on {step[1]}'
    return f'{text}: {ref.why}' if isinstance(ref, Implicit) else text


class _Kept:
    """What the check found of a template's resources, for the next template of the
    document (Template.carried): their explicit edges (`snapshot`: of which definitions),
    and whether, with `waits`, they close no cycle (found without a look at any value)."""

    __slots__ = ('snapshot', 'edges', 'waits', 'acyclic')

    def __init__(self, snapshot: Snapshot, edges: dict, waits, acyclic: bool):
        self.snapshot = snapshot
        self.edges = edges
        self.waits = waits
        self.acyclic = acyclic


def _explicit_edges(model, kept: _Kept | None) -> dict:
    """Each resource's dependencies by reference: `kept`'s (the very dict) when the resources
    are its definitions, with the changed ones' found again when only they changed."""
    resources = model.resources
    changed = kept.snapshot.changed(resources) if kept is not None else None
    if changed == []:
        return kept.edges
    if changed is not None:  # (the same names: the others' edges stand)
        edges = dict(kept.edges)
        for index in changed:
            name = kept.snapshot.names[index]
            edges.pop(name, None)
            targets = _edge_targets(model, resources[name])
            if targets:
                edges[name] = targets
        return edges
    edges = {}
    for source, definition in resources.items():
        targets = _edge_targets(model, definition)
        if targets:
            edges[source] = targets
    return edges


def _edge_targets(model, definition) -> set | None:
    """The resources of the template an entry's dependency references name (found once per
    entry: a template of the next text keeps it)."""
    found = definition.built.get(_targets)  # (memo's, without a call)
    if found is None:
        found = model.memo(definition, _targets)
    if not found:
        return None
    resources = model.resources
    return {target for target in found if target in resources} or None


def _components(analysis, model, edges: dict, waits) -> tuple[list[list], dict, list[Implicit]]:
    """The cycles, the edges and the implicit dependencies that close some cycle (the edges
    are `edges` itself when no implicit dependency was looked for).

    Hubs, each standing for "every resource of an interface", join the
    resources that may wait implicitly to those they may wait for: the graph
    grows by their number, not by their pairs, and only a resource in a cycle
    through a hub has its property values read (rarely: a Subnet that reads a
    port's or server's attribute).
    """
    if not waits.sources or not waits.members:
        return _GRAPH.components(model.resources, edges), edges, []
    components = _HUBBED.components(model.resources, edges, waits)
    candidates = [name for component in components
                  if any(isinstance(node, _Hub) for node in component)
                  for name in component if name in waits.sources]
    if not candidates:
        return components, edges, []  # (no cycle goes through a hub: none holds one)

    def required(name) -> list:
        definition = model.resources.get(name)
        if definition is None:
            return []
        return list(dict.fromkeys(ref.name for ref in model.references_in(definition)
                                  if _dependency(ref) and not ref.guarded))
    implicit = implicit_dependencies(analysis, candidates, waits.members, required)
    graph = {source: set(targets) for source, targets in edges.items()}
    for step in implicit:
        graph.setdefault(step.source, set()).add(step.target)
    return strongly_connected(model.resources, graph), graph, implicit


class _Hub:
    """A node standing for every resource of an interface some plugin waits for (one per
    interface, compared by identity)."""

    __slots__ = ('interface',)

    def __init__(self, interface: str):
        self.interface = interface


_HUB = {interface: _Hub(interface) for interface in TARGETS}


class _Hubbed:
    """The cycles of the explicit dependencies joined through the hubs, for the last edges
    and Waiting given (an edit rarely changes either; names only, in a tuple replaced
    whole, so threads may share it)."""

    def __init__(self) -> None:
        self._last: tuple | None = None

    def components(self, resources, edges: dict, waits) -> list[list]:
        last = self._last
        if last is not None and last[0] == edges and last[1] == waits.sources \
                and last[2] == waits.members:
            return last[3]
        graph = dict(edges)
        for name, interfaces in waits.sources.items():
            hubs = {_HUB[interface] for interface in interfaces if interface in waits.members}
            if hubs:
                graph[name] = edges.get(name, set()) | hubs
        for interface, names in waits.members.items():
            graph[_HUB[interface]] = names
        found = strongly_connected(list(resources) + [_HUB[i] for i in waits.members], graph)
        self._last = (edges, waits.sources, waits.members, found)
        return found


def _dependency(ref) -> bool:
    """A reference Heat makes a dependency of (in a resource's properties, metadata,
    depends_on)."""
    return ref.kind == RESOURCE and ref.field in _DEPENDENCY_FIELDS and ref.owner is not None


def _targets(template, definition) -> tuple:
    """The resources an entry's dependency references name."""
    return tuple(dict.fromkeys(ref.name for ref in template.references_in(definition)
                               if _dependency(ref)))


#: the cycles of the last graph looked at, and of the last one joined through hubs
_GRAPH = LastGraph()
_HUBBED = _Hubbed()
