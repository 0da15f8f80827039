"""The dependency graph (hot_ls.features.graph) against Heat's own, and its three renderings.

fixtures/golden/graph_levels.json is Heat's answer, recorded by
tools/record_graph_levels.py: the graph Heat builds from each template
(`Stack._explicit_dependencies`) and its creation waves.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from helpers import FIXTURES, ROOT, SHARED
from hot_ls.analysis import evaluation_inputs
from hot_ls.config import Settings
from hot_ls.features.graph import (DependencyGraph, GraphEdge, GraphNode, dependency_graph,
                                   to_dot, to_json, to_mermaid)
from hot_ls.rules import analyze, analyze_file

with open(os.path.join(FIXTURES, 'golden', 'graph_levels.json'), encoding='utf-8') as fh:
    GOLDEN = json.load(fh)
GRAPHS = os.path.join(FIXTURES, 'graph')


def graph_of(path: str, parameters: dict | None = None, resolver=None) -> DependencyGraph:
    analysis = analyze_file(path)
    inputs = evaluation_inputs(Settings(), path, [], parameters or {})
    return dependency_graph(analysis, analysis.evaluation_with(inputs), resolver)


def _case_id(case: dict) -> str:
    return os.path.basename(case['template']) + (f'-{case["parameters"]}' if case['parameters']
                                                 else '')


@pytest.mark.parametrize('case', GOLDEN, ids=_case_id)
def test_graph_and_levels_are_heats(case):
    path = os.path.normpath(os.path.join(ROOT, case['template']))
    if case['template'].startswith('../shared/') and not os.path.isdir(SHARED):
        pytest.skip('../shared/corpus is not present')
    graph = graph_of(path, case['parameters'])
    requires = {str(n.name): [] for n in graph.nodes if n.enabled}
    for edge in graph.edges:
        if not edge.conditional:
            requires[str(edge.source)].append(str(edge.target))
    assert {k: sorted(v) for k, v in requires.items()} == case['requires']
    assert [sorted(map(str, wave)) for wave in graph.levels] == case['levels']
    assert bool(graph.cycles) == case['cycle']


def test_conditions_decide_the_edges():
    path = os.path.join(GRAPHS, 'conditions.yaml')
    dev = graph_of(path)
    edges = {(e.source, e.target): e for e in dev.edges}
    assert edges[('port', 'subnet')].conditional is False
    assert ('port', 'prod_subnet') not in edges  # prod_subnet is not in the stack
    assert ('server', 'prod_subnet') not in edges  # Heat drops depends_on a disabled resource
    assert edges[('notes', 'server')].via == ['get_attr', 'get_resource']  # properties, metadata
    assert not dev.node('prod_subnet').enabled and dev.node('prod_subnet').level is None
    assert dev.node('existing').level == 0  # external_id: depends on nothing
    prod = graph_of(path, {'env': 'prod'})
    edges = {(e.source, e.target): e for e in prod.edges}
    assert edges[('port', 'prod_subnet')].conditional is False
    assert edges[('port', 'subnet')].conditional is True  # the branch prod does not take
    assert edges[('server', 'prod_subnet')].via == ['depends_on']
    assert not prod.node('notes').enabled


def test_cycle_is_listed_and_red_in_every_rendering():
    graph = graph_of(os.path.join(GRAPHS, 'cycle.yaml'))
    assert graph.cycles == [['a', 'b', 'c', 'a']]
    assert [(e.source, e.target) for e in graph.edges if e.in_cycle] == [
        ('a', 'b'), ('b', 'c'), ('c', 'a')]
    assert graph.levels == [['base'], ['free']]
    assert graph.node('after').level is None  # requires a resource of the cycle
    data = to_json(graph)
    assert data['cycles'] == [['a', 'b', 'c', 'a']]
    assert data['levels'] == [['base'], ['free']]
    assert {'from': 'a', 'to': 'b', 'via': ['get_attr'], 'conditional': False,
            'cycle': True} in data['edges']
    dot = to_dot(graph)
    assert '  label="Circular dependency: a -> b -> c -> a";\n' in dot
    assert '  "a" -> "b" [label="get_attr", color=red, fontcolor=red, penwidth=2];\n' in dot
    assert '  "free" -> "base" [label="depends_on"];\n' in dot
    mermaid = to_mermaid(graph)
    assert mermaid.startswith('---\ntitle: "Circular dependency: a -> b -> c -> a"\n---\n'
                              'flowchart LR\n')
    assert '  n1 -->|get_attr| n2\n' in mermaid
    assert '  class n1,n2,n3 cycle\n' in mermaid
    # the links in the cycle, counted in the order they are written
    links = [line for line in mermaid.splitlines() if '-->' in line or '-.->' in line]
    red = mermaid.split('linkStyle ')[1].split(' ')[0].split(',')
    assert sorted(links[int(i)].strip() for i in red) == sorted([
        'n1 -->|get_attr| n2', 'n2 -->|depends_on| n3', 'n3 -->|get_resource| n1'])


def test_disabled_and_conditional_are_drawn_apart():
    graph = graph_of(os.path.join(GRAPHS, 'conditions.yaml'), {'env': 'prod'})
    dot = to_dot(graph)
    assert ('"notes" [label="notes\\nOS::Heat::Value", style="rounded,filled,dashed", '
            'fillcolor="#eeeeee", color="#999999", fontcolor="#999999"];') in dot
    assert '"port" -> "subnet" [label="get_resource", style=dotted, color="#777777"];' in dot
    mermaid = to_mermaid(graph)
    port, subnet = 'n3', 'n1'
    assert f'  {port} -.->|get_resource| {subnet}\n' in mermaid
    assert '  class n6 disabled\n' in mermaid


def test_a_resolver_turns_provider_resources_into_clusters():
    nested = DependencyGraph([GraphNode('inner_port', 'OS::Neutron::Port', level=0),
                              GraphNode('inner_server', 'OS::Nova::Server', level=1)],
                             [GraphEdge('inner_server', 'inner_port', ['get_resource'])],
                             [], [['inner_port'], ['inner_server']])
    asked = []

    def resolver(type_name):
        asked.append(type_name)
        return nested if type_name == 'server.yaml' else None

    analysis = analyze(textwrap.dedent('''\
        heat_template_version: 2021-04-16
        resources:
          net: {type: OS::Neutron::Net}
          web: {type: server.yaml, properties: {network: {get_resource: net}}}
        '''))
    graph = dependency_graph(analysis, resolver=resolver)
    assert asked == ['OS::Neutron::Net', 'server.yaml']
    assert graph.node('web').nested is nested
    dot = to_dot(graph)
    assert ('  subgraph cluster_1 {\n    label="web (server.yaml)"; style=rounded; '
            'color="#4477aa";\n    "web" [label="web\\nserver.yaml"];\n'
            '    "web/inner_port" [label="inner_port\\nOS::Neutron::Port"];\n') in dot
    assert '    "web/inner_server" -> "web/inner_port" [label="get_resource"];\n  }\n' in dot
    assert '  "web" -> "net" [label="get_resource"];\n' in dot
    mermaid = to_mermaid(graph)
    assert ('  subgraph n1_nested ["web (server.yaml)"]\n    n1["web<br/><small>server.yaml'
            '</small>"]\n    n2["inner_port') in mermaid
    assert '    n3 -->|get_resource| n2\n  end\n  n1 -->|get_resource| n0\n' in mermaid
    assert to_json(graph)['resources'][1]['nested']['levels'] == [['inner_port'],
                                                                  ['inner_server']]


def test_not_a_template_gives_an_empty_graph():
    graph = dependency_graph(analyze('parameter_defaults: {a: 1}\n', 'env.yaml'))
    assert (graph.nodes, graph.edges, graph.cycles, graph.levels) == ([], [], [], [])


# -- the command ----------------------------------------------------------------------------

def run(*args, cwd=None):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, 'PYTHONPATH': ROOT})


def test_graph_command_json_with_environment_and_parameters(tmp_path):
    env = tmp_path / 'prod.yaml'
    env.write_text('parameter_defaults: {env: prod}\n')
    path = os.path.join(GRAPHS, 'conditions.yaml')
    result = run('graph', path, '--format', 'json')
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)['levels'] == [['net', 'existing'], ['subnet'], ['port'],
                                                   ['server'], ['notes']]
    for extra in (['-e', str(env)], ['-P', 'env=prod']):
        result = run('graph', path, '--format', 'json', *extra)
        data = json.loads(result.stdout)
        assert data['levels'] == [['net', 'existing'], ['subnet', 'prod_subnet'], ['port'],
                                  ['server']], extra
        assert [r['enabled'] for r in data['resources'] if r['name'] == 'notes'] == [False]


def test_graph_command_formats_exit_codes_and_output(tmp_path):
    cycle = os.path.join(GRAPHS, 'cycle.yaml')
    result = run('graph', cycle)
    assert result.returncode == 1
    assert result.stdout.startswith('digraph "hot-ls" {\n')
    assert result.stderr == 'hot-ls: Circular Dependency Found: a -> b -> c -> a\n'
    out = tmp_path / 'g.mmd'
    result = run('graph', cycle, '--format', 'mermaid', '--output', str(out))
    assert result.stdout == '' and result.returncode == 1
    assert out.read_text().startswith('---\ntitle: "Circular dependency: a -> b -> c -> a"')
    env = tmp_path / 'env.yaml'
    env.write_text('parameter_defaults: {a: 1}\n')
    result = run('graph', str(env))
    assert result.returncode == 2
    assert 'not a HOT template' in result.stderr
    result = run('graph', cycle, '-P', 'oops')
    assert result.returncode == 2 and "-P expects NAME=VALUE, got 'oops'" in result.stderr


def test_a_tree_that_fans_out_draws_at_most_so_many_clusters(tmp_path):
    """Eight templates, each using the next one ten times: drawn whole, that is 10**7
    clusters (the command used to take half a minute and print a million lines).  The
    first EXPANSIONS provider resources, depth first, are drawn with their template's graph,
    the others alone; each template is analysed once."""
    from hot_ls.features.graph import EXPANSIONS, workspace_resolver
    for level in range(8):
        used = f'l{level + 1}.yaml' if level < 7 else 'OS::Heat::None'
        body = ''.join(f'  r{k}:\n    type: {used}\n' for k in range(10))
        (tmp_path / f'l{level}.yaml').write_text(
            f'heat_template_version: 2021-04-16\nresources:\n{body}')
    analysis = analyze_file(str(tmp_path / 'l0.yaml'))
    graph = dependency_graph(analysis, resolver=workspace_resolver(analysis))

    def clusters(graph: DependencyGraph) -> int:
        return sum(1 + clusters(node.nested) for node in graph.nodes if node.nested is not None)

    assert clusters(graph) == EXPANSIONS
    deepest, depth = graph, 0
    while deepest.nodes[0].nested is not None:
        deepest, depth = deepest.nodes[0].nested, depth + 1
    assert depth == 5  # (l1 ... l5: as deep as Heat nests)
