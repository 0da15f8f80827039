"""`hot-ls graph TEMPLATE`: the resources and their dependencies, in DOT, Mermaid or JSON.

    hot-ls graph stack.yaml -e prod.yaml --format mermaid
    hot-ls graph stack.yaml | dot -Tsvg > stack.svg

The template is evaluated with what its stack gives it, as for `preview`
(hot_ls.cli.stack_inputs: the configured environments, then `-e`, a nested
stack's parent's values, `-P` over all): they decide which resources exist
(their conditions) and which `if` branches count.  JSON gives each resource's
level in Heat's creation order.  Exits 0, 1 when the resources depend on
each other in a cycle (listed on stderr; Heat refuses such a stack), 2 when
the template cannot be read or is not a HOT template.
"""
from __future__ import annotations

import sys

from hot_ls.cli.eval import UsageError, check_declared, parameter_values
from hot_ls.config import Settings
from hot_ls.cli.stack_inputs import stack_inputs, template_in_stack
from hot_ls.features.graph import RENDERERS, cycle_text, dependency_graph, workspace_resolver
from hot_ls.model import Kind


def add_parser(sub) -> None:
    cmd = sub.add_parser('graph', help='show the resources and their dependencies')
    cmd.add_argument('template', metavar='TEMPLATE')
    cmd.add_argument('-e', '--environment', action='append', default=[], metavar='ENV',
                     help='environment file, merged in order as Heat does (repeatable): its '
                          'resource_registry finds the provider templates drawn as clusters')
    cmd.add_argument('-P', '--parameter', action='append', default=[], metavar='NAME=VALUE',
                     help='a parameter value (repeatable)')
    cmd.add_argument('--format', choices=tuple(RENDERERS), default='dot',
                     help='dot (Graphviz, the default), mermaid or json')
    cmd.add_argument('--output', '-o', metavar='FILE', help='write the graph to FILE')


def run(args, settings: Settings) -> int:
    analysis = template_in_stack(args.template, settings, args.environment, checked=True)
    if analysis.read_problem is not None:
        print(f'hot-ls: {args.template}: {analysis.read_problem.message}', file=sys.stderr)
        return 2
    if analysis.kind is not Kind.HOT or analysis.template.version is None:
        print(f'hot-ls: {args.template}: not a HOT template with a known heat_template_version',
              file=sys.stderr)
        return 2
    try:
        values = parameter_values(args.parameter)
        check_declared(values, analysis.template.parameters)
        inputs = stack_inputs(analysis, values)
    except UsageError as exc:
        print(f'hot-ls: {exc}', file=sys.stderr)
        return 2
    if inputs.problems:
        for problem in inputs.problems:
            print(f'hot-ls: {problem}', file=sys.stderr)
        return 2
    graph = dependency_graph(analysis, analysis.evaluation_with(inputs),
                             resolver=workspace_resolver(analysis))
    text = RENDERERS[args.format](graph)
    if args.output:
        try:
            with open(args.output, 'w', encoding='utf-8') as fh:
                fh.write(text)
        except OSError as exc:
            print(f'hot-ls: cannot write {args.output}: {exc.strerror}', file=sys.stderr)
            return 2
    else:
        sys.stdout.write(text)
    for cycle in graph.cycles:
        print(f'hot-ls: Circular Dependency Found: {cycle_text(cycle)}', file=sys.stderr)
    return 1 if graph.cycles else 0
