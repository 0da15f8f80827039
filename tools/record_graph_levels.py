"""Record Heat's dependency graph and creation levels for `hot-ls graph` (run with Heat's venv).

Writes fixtures/golden/graph_levels.json: a list of cases {"template": path
(relative to the repository, or ../shared/corpus/...), "parameters": {...},
"requires": {resource: [resources it requires]}, "levels": [[resources]...],
"cycle": bool, "plugin_requires": {...}}.  Heat builds the stack offline
(heat_validate's stubs), then:

* "requires" is `Stack._explicit_dependencies()`, the graph Heat builds from
  the template alone (depends_on, get_resource, get_attr, after conditions);
  "levels" are Heat's creation waves over it: DependencyTaskGroup starts a
  resource once all it requires is complete, so a resource's level is 0
  when it requires nothing and 1 + the highest level it requires otherwise;
  resources in or after a cycle have none, and "cycle" says Heat's own
  toposort refuses the graph (CircularDependencyException);
* "plugin_requires" is the full `Stack.dependencies`, with the resource
  plugins' implicit dependencies (a Port on its network's Subnets...), for
  the record: hot-ls does not draw those.

Run from tools/:  /work/venv-heat/bin/python record_graph_levels.py
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402  (stubs the clients; bootstraps Heat)

from heat.common import context, exception, template_format  # noqa: E402
from heat.engine import dependencies, environment, stack as parser  # noqa: E402
from heat.engine import template as templatem  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
OUT = os.path.join(ROOT, 'fixtures', 'golden', 'graph_levels.json')
CORPUS = '../shared/corpus/heat-templates/'
CASES = [
    ('fixtures/graph/conditions.yaml', {}),
    ('fixtures/graph/conditions.yaml', {'env': 'prod'}),
    ('fixtures/graph/cycle.yaml', {}),
    (CORPUS + 'openshift-origin/F19/hot-template/openshift-scalable-cpu-nbgears/openshift.yaml', {}),
    (CORPUS + 'hot/autoscaling.yaml', {}),
    (CORPUS + 'hot/servers_in_new_neutron_net.yaml', {}),
    (CORPUS + 'hot/neutron/instance_trunk_port.yaml', {}),
    (CORPUS + 'hot/software-config/example-templates/example-deploy-sequence.yaml', {}),
    (CORPUS + 'hot/octavia/servers_with_octavia.yaml', {}),
]


def _requires(deps: dependencies.Dependencies) -> dict[str, list[str]]:
    graph = deps._graph
    return {str(r.name): sorted(str(q.name) for q in graph[r].requires()) for r in graph}


def _levels(requires: dict[str, list[str]]) -> list[list[str]]:
    level: dict[str, int | None] = {}

    def of(name: str, path: frozenset) -> int | None:
        if name in level:
            return level[name]
        if name in path:
            return None
        below = [of(r, path | {name}) for r in requires[name]]
        found = None if None in below else 1 + max(below, default=-1)
        level[name] = found
        return found

    for name in requires:
        of(name, frozenset())
    waves: list[list[str]] = []
    for name, value in level.items():
        if value is not None:
            while len(waves) <= value:
                waves.append([])
            waves[value].append(name)
    return [sorted(wave) for wave in waves]


def record(path: str, parameters: dict) -> dict:
    with open(os.path.join(ROOT, path), encoding='utf-8') as fh:
        tmpl_dict = template_format.parse(fh.read())
    values = dict(parameters)
    values.update(heat_validate.placeholder_values(tmpl_dict, values))
    tmpl = templatem.Template(tmpl_dict, env=environment.Environment({'parameters': values}))
    ctx = context.RequestContext(user_id='u', project_id='p', is_admin=False)
    stk = parser.Stack(ctx, 'dummy', tmpl)
    explicit = _requires(stk._explicit_dependencies())
    try:
        list(dependencies.Graph.toposort(stk._explicit_dependencies()._graph.copy()))
        cycle = False
    except exception.CircularDependencyException:
        cycle = True
    stk.reset_dependencies()
    full = _requires(stk.dependencies)
    return {'template': path, 'parameters': parameters, 'requires': explicit,
            'levels': _levels(explicit), 'cycle': cycle, 'plugin_requires': full}


def main() -> None:
    cases = [record(path, parameters) for path, parameters in CASES]
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(cases, fh, indent=1, sort_keys=True)
        fh.write('\n')
    print(f'wrote {len(cases)} cases to {OUT}')


if __name__ == '__main__':
    main()
