"""The dependency graph of a template's resources, as Heat builds it, in DOT, Mermaid or JSON.

`dependency_graph(analysis, evaluation, resolver)` is a pure function used by
`hot-ls graph` and by the editor command `hot-ls.showGraph`.  The edges are
Heat's (heat/engine/rsrc_defn.py `required_resource_names`, `dependencies`):
a resource requires what its `depends_on` names and what the `get_resource`
and `get_attr` calls of its `properties` and `metadata` name, with

* conditions: an `if` keeps only the branch its condition takes (Heat
  resolves it when it parses the template), so a reference in the other
  branch is no dependency under these inputs: it is kept as a *conditional*
  edge, drawn dotted, outside the levels and the cycles; a resource whose
  condition is false is not in the stack (drawn grey), and a dependency on
  it is dropped, as Heat drops it ("conditionally defined, allow
  dependencies on it");
* `external_id`: a resource that adopts an existing one depends on nothing.

The resource plugins' own implicit dependencies (a Port waiting for the
Subnets of its network, heat/engine/resources/.../add_dependencies) need
the plugins' property values at create time; they are not drawn (HOT502
reports a cycle they close, hot_ls.rules.plugins.dependencies).

Levels are Heat's creation order: Heat starts a resource as soon as
everything it requires is complete, so a resource's level is 0 when it
requires nothing and 1 + the highest level of what it requires otherwise.
Resources in a cycle (or requiring one) have no level: Heat refuses the
stack ("Circular Dependency Found"); each cycle is listed and drawn red.

A `resolver` maps a resource type to the graph of the nested or provider
template it stands for (None: not a template it knows); such a resource is
drawn as a cluster holding that graph.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable

from hot_ls.analysis import Analysis
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.model.cycles import cycle_in, strongly_connected
from hot_ls.model.symbols import RESOURCE
from hot_ls.syntax import Scalar

_FIELDS = frozenset({'properties', 'metadata', 'depends_on'})


@dataclass
class GraphNode:
    name: Any
    type: str | None
    enabled: bool = True            # False: its condition is false under these inputs
    condition: str | None = None    # the condition as written, when it names one
    level: int | None = None        # Heat's creation wave; None: disabled or in/after a cycle
    start: int = 0                  # the resource's key in the document
    end: int = 0
    nested: 'DependencyGraph | None' = None  # the template its type stands for (resolver)


@dataclass
class GraphEdge:
    source: Any                     # the resource that requires...
    target: Any                     # ...this one
    via: list[str] = field(default_factory=list)  # depends_on, get_resource, get_attr
    conditional: bool = False       # only in an `if` branch these inputs do not take
    in_cycle: bool = False


@dataclass
class DependencyGraph:
    nodes: list[GraphNode]
    edges: list[GraphEdge]
    cycles: list[list[Any]]         # each cycle from its first resource back to it
    levels: list[list[Any]]         # levels[n]: the resources Heat can start n-th

    def node(self, name: Any) -> GraphNode | None:
        return next((n for n in self.nodes if n.name == name), None)


Resolver = Callable[[str], 'DependencyGraph | None']


def _enabled(evaluation: TemplateEvaluation | None, analysis: Analysis, name: Any) -> bool:
    if evaluation is not None:
        enabled = evaluation.resource(name).enabled
        if enabled.error is None:
            return enabled.value is not False
    return not analysis.always_disabled.is_disabled(name)


def _taken(evaluation: TemplateEvaluation | None, ref) -> bool:
    """Whether a reference inside an `if` is in the branch these inputs take.

    The evaluation resolves only the branch taken, so a call it never
    evaluated is in the other one.  Outside `properties` (which the
    evaluation resolves) nothing is known: the reference counts.
    """
    if not ref.guarded or ref.call is None or ref.field != 'properties' or evaluation is None:
        return True
    return evaluation.value_of(ref.call.node) is not None


#: provider resources drawn with their template's graph, at most, in one graph: a tree whose
#: templates each use the next one many times would otherwise be drawn once per path
EXPANSIONS = 200


def workspace_resolver(analysis: Analysis, seen: tuple[str, ...] = (),
                       shared: dict | None = None) -> Resolver:
    """A resolver that finds provider templates as the analysis' stack resolves types:
    each provider's own graph, its providers in turn (a template already on the way, or
    nested deeper than Heat allows, is not expanded again; past EXPANSIONS, a provider
    resource is drawn alone).  Each template is analysed once for the graph (`shared`)."""
    from hot_ls.workspace.stacks import MAX_NESTED_DEPTH
    seen = seen or ((analysis.path,) if analysis.path else ())
    if shared is None:
        shared = {'left': EXPANSIONS, 'analyses': {}}

    def resolve(type_name: str) -> 'DependencyGraph | None':
        provider = analysis.stack.resolve(type_name).provider
        if provider is None or not provider.readable or provider.path in seen \
                or len(seen) > MAX_NESTED_DEPTH or shared['left'] <= 0:
            return None
        shared['left'] -= 1
        analyses = shared['analyses']
        if provider.path not in analyses:
            source = analysis.workspace.files.read(provider.path)
            analyses[provider.path] = None if source.problem is not None else Analysis(
                source.text, provider.path, analysis.settings, workspace=analysis.workspace)
        child = analyses[provider.path]
        if child is None:
            return None
        return dependency_graph(child, resolver=workspace_resolver(
            child, seen + (provider.path,), shared))
    return resolve


def dependency_graph(analysis: Analysis, evaluation: TemplateEvaluation | None = None,
                     resolver: Resolver | None = None) -> DependencyGraph:
    """The resources of a HOT template and what each requires, under `evaluation`'s inputs
    (default: the analysis' configured ones)."""
    template = analysis.template
    if template is None:
        return DependencyGraph([], [], [], [])
    if evaluation is None:
        evaluation = analysis.evaluation
    nodes: dict[Any, GraphNode] = {}
    for name, definition in template.resources.items():
        condition = definition.get('condition')
        written = condition.value if isinstance(condition, Scalar) and isinstance(
            condition.value, str) else None
        node = GraphNode(name, definition.type_name, _enabled(evaluation, analysis, name),
                         written, None, definition.key.start, definition.key.end)
        if resolver is not None and node.type is not None:
            node.nested = resolver(node.type)
        nodes[name] = node
    adopted = {name for name, d in template.resources.items() if d.get('external_id') is not None}
    edges: dict[tuple[Any, Any], GraphEdge] = {}
    for ref in template.references:
        if ref.kind != RESOURCE or ref.field not in _FIELDS or ref.owner is None:
            continue
        source, target = ref.owner[1], ref.name
        if source not in nodes or target not in nodes or source in adopted:
            continue
        if not nodes[source].enabled or not nodes[target].enabled:
            continue  # not in the stack, or a dependency Heat drops
        edge = edges.get((source, target))
        conditional = not _taken(evaluation, ref)
        if edge is None:
            edge = edges[(source, target)] = GraphEdge(source, target, [], conditional)
        else:
            edge.conditional = edge.conditional and conditional
        if ref.via not in edge.via:
            edge.via.append(ref.via)
    real: dict[Any, set] = {}
    for edge in edges.values():
        if not edge.conditional:
            real.setdefault(edge.source, set()).add(edge.target)
    order = {name: index for index, name in enumerate(nodes)}
    enabled = [name for name, node in nodes.items() if node.enabled]
    cycles = []
    cyclic: set = set()
    for component in strongly_connected(enabled, real):
        cycle = cycle_in(component, real, order)
        cycles.append(cycle)
        cyclic.update(component)
        for source, target in zip(cycle, cycle[1:]):
            edges[(source, target)].in_cycle = True
    cycles.sort(key=lambda c: order[c[0]])
    levels = _levels(enabled, real, cyclic, nodes)
    return DependencyGraph(list(nodes.values()), list(edges.values()), cycles, levels)


def _levels(enabled: list, requires: dict[Any, set], cyclic: set,
            nodes: dict[Any, GraphNode]) -> list[list[Any]]:
    """Heat's creation waves: level = 1 + the highest level required (0 for none)."""
    level: dict[Any, int | None] = {}
    for root in enabled:
        if root in level:
            continue
        stack = [(root, iter(sorted(requires.get(root, ()), key=str)))]
        on_path = {root}
        while stack:
            name, pending = stack[-1]
            child = next((c for c in pending if c not in level), None)
            if child is not None:
                if child in on_path or child in cyclic:
                    level[child] = None
                    continue
                on_path.add(child)
                stack.append((child, iter(sorted(requires.get(child, ()), key=str))))
                continue
            stack.pop()
            on_path.discard(name)
            if name in cyclic:
                level[name] = None
                continue
            below = [level[c] for c in requires.get(name, ())]
            level[name] = None if None in below else 1 + max(below, default=-1)
    waves: list[list[Any]] = []
    for name in enabled:
        value = level.get(name)
        nodes[name].level = value
        if value is not None:
            while len(waves) <= value:
                waves.append([])
            waves[value].append(name)
    return waves


# -- rendering ---------------------------------------------------------------------------

def _label(name: Any) -> str:
    return name if isinstance(name, str) else json.dumps(name)


def cycle_text(cycle: list[Any]) -> str:
    return ' -> '.join(_label(name) for name in cycle)


def to_json(graph: DependencyGraph) -> dict:
    """resources (with each one's level and what it requires), edges, cycles and levels."""
    requires: dict[Any, list] = {}
    for edge in graph.edges:
        if not edge.conditional:
            requires.setdefault(edge.source, []).append(edge.target)
    resources = []
    for node in graph.nodes:
        entry: dict[str, Any] = {'name': node.name, 'type': node.type, 'enabled': node.enabled,
                                 'level': node.level, 'requires': requires.get(node.name, [])}
        if node.condition is not None:
            entry['condition'] = node.condition
        if node.nested is not None:
            entry['nested'] = to_json(node.nested)
        resources.append(entry)
    return {
        'resources': resources,
        'edges': [{'from': e.source, 'to': e.target, 'via': e.via, 'conditional': e.conditional,
                   'cycle': e.in_cycle} for e in graph.edges],
        'cycles': graph.cycles,
        'levels': graph.levels,
    }


def _dot_string(text: str) -> str:
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n') + '"'


def to_dot(graph: DependencyGraph) -> str:
    """Graphviz: an arrow from each resource to what it requires."""
    out = ['digraph "hot-ls" {', '  rankdir=LR;', '  compound=true;',
           '  node [shape=box, style="rounded,filled", fillcolor="#ffffff", fontname="Helvetica"];',
           '  edge [fontname="Helvetica", fontsize=10];']
    if graph.cycles:
        title = '\n'.join(f'Circular dependency: {cycle_text(c)}' for c in graph.cycles)
        out += ['  labelloc=t;', f'  label={_dot_string(title)};', '  fontcolor=red;']
    counter = [0]
    _dot_body(graph, '', out, '  ', counter)
    out.append('}')
    return '\n'.join(out) + '\n'


def _dot_body(graph: DependencyGraph, prefix: str, out: list[str], indent: str,
              counter: list[int]) -> None:
    in_cycle = {name for cycle in graph.cycles for name in cycle}
    for node in graph.nodes:
        node_id = _dot_string(prefix + _label(node.name))
        attributes = [f'label={_dot_string(_label(node.name) + chr(10) + (node.type or "?"))}']
        if not node.enabled:
            attributes.append('style="rounded,filled,dashed", fillcolor="#eeeeee", '
                              'color="#999999", fontcolor="#999999"')
        elif node.name in in_cycle:
            attributes.append('color=red, penwidth=2')
        line = f'{indent}{node_id} [{", ".join(attributes)}];'
        if node.nested is not None:
            counter[0] += 1
            cluster = f'cluster_{counter[0]}'
            label = f'{_label(node.name)} ({node.type})'
            out.append(f'{indent}subgraph {cluster} {{')
            out.append(f'{indent}  label={_dot_string(label)}; style=rounded; color="#4477aa";')
            out.append('  ' + line)
            _dot_body(node.nested, f'{prefix}{_label(node.name)}/', out, indent + '  ', counter)
            out.append(f'{indent}}}')
        else:
            out.append(line)
    for edge in graph.edges:
        attributes = [f'label={_dot_string(", ".join(edge.via))}']
        if edge.in_cycle:
            attributes.append('color=red, fontcolor=red, penwidth=2')
        if edge.conditional:
            attributes.append('style=dotted, color="#777777"')
        out.append(f'{indent}{_dot_string(prefix + _label(edge.source))} -> '
                   f'{_dot_string(prefix + _label(edge.target))} [{", ".join(attributes)}];')


def _mermaid_text(text: str) -> str:
    return text.replace('&', '#amp;').replace('"', '#quot;').replace('<', '#lt;').replace(
        '>', '#gt;')


def to_mermaid(graph: DependencyGraph) -> str:
    """A Mermaid flowchart: an arrow from each resource to what it requires."""
    out = []
    if graph.cycles:
        title = '; '.join(f'Circular dependency: {cycle_text(c)}' for c in graph.cycles)
        out += ['---', f'title: {json.dumps(title, ensure_ascii=False)}', '---']
    out.append('flowchart LR')
    ids: dict[tuple[str, Any], str] = {}
    links: list[tuple[int, bool]] = []  # (index, in_cycle)
    classes: dict[str, list[str]] = {'disabled': [], 'cycle': []}
    _mermaid_body(graph, '', out, '  ', ids, links, classes)
    out.append('  classDef disabled fill:#eeeeee,stroke:#999999,color:#999999,'
               'stroke-dasharray:4 2')
    out.append('  classDef cycle stroke:#dd0000,stroke-width:2px')
    for name, members in classes.items():
        if members:
            out.append(f'  class {",".join(members)} {name}')
    red = [str(index) for index, cyclic in links if cyclic]
    if red:
        out.append(f'  linkStyle {",".join(red)} stroke:#dd0000,stroke-width:2px,color:#dd0000')
    return '\n'.join(out) + '\n'


def _mermaid_body(graph: DependencyGraph, prefix: str, out: list[str], indent: str,
                  ids: dict, links: list, classes: dict) -> None:
    in_cycle = {name for cycle in graph.cycles for name in cycle}
    for node in graph.nodes:
        node_id = ids[(prefix, node.name)] = f'n{len(ids)}'
        label = _mermaid_text(_label(node.name)) + '<br/><small>' + _mermaid_text(
            node.type or '?') + '</small>'
        line = f'{indent}{node_id}["{label}"]'
        if not node.enabled:
            classes['disabled'].append(node_id)
        elif node.name in in_cycle:
            classes['cycle'].append(node_id)
        if node.nested is not None:
            title = _mermaid_text(f'{_label(node.name)} ({node.type})')
            out.append(f'{indent}subgraph {node_id}_nested ["{title}"]')
            out.append('  ' + line)
            _mermaid_body(node.nested, f'{prefix}{_label(node.name)}/', out, indent + '  ',
                          ids, links, classes)
            out.append(f'{indent}end')
        else:
            out.append(line)
    for edge in graph.edges:
        source, target = ids[(prefix, edge.source)], ids[(prefix, edge.target)]
        arrow = '-.->' if edge.conditional else '-->'
        out.append(f'{indent}{source} {arrow}|{_mermaid_text(", ".join(edge.via))}| {target}')
        links.append((len(links), edge.in_cycle))


RENDERERS: dict[str, Callable[[DependencyGraph], str]] = {
    'dot': to_dot,
    'mermaid': to_mermaid,
    'json': lambda graph: json.dumps(to_json(graph), indent=2, ensure_ascii=False) + '\n',
}
