from hot_ls.model.cfn import CfnTemplate
from hot_ls.model.document import Kind
from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.model.cycles import chain, cycle_in, other_steps, strongly_connected
from hot_ls.syntax import Scalar

_DEPENDENCY_FIELDS = {'properties', 'metadata', 'depends_on', 'Properties', 'Metadata', 'DependsOn'}


class CircularDependency(Rule):
    """Resources that depend on each other in a cycle.

    ## What it checks
    The dependency graph Heat builds: `get_resource`, `get_attr` (and in
    CFN templates `Ref` and `Fn::GetAtt`) in properties and metadata, plus
    `depends_on`.  The cycle is named, resource by resource, and each
    reference that closes it is marked.

    ## Why it matters
    Heat cannot order the resources and refuses the stack: "Circular
    Dependency Found".  A cycle through a reference inside an `if` branch,
    or through a resource with a `condition`, exists only for some
    parameter values, so it is a warning.

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
            conditional = set()
        else:
            model = analysis.template
            if model.version is None:
                return
            conditional = {name for name, res in model.resources.items()
                           if res.get('condition') is not None
                           and not (isinstance(res.get('condition'), Scalar)
                                    and res.get('condition').value is True)}
        resources = model.resources
        edges: dict = {}
        edge_refs: dict = {}
        for ref in model.references:
            if ref.kind != RESOURCE or ref.field not in _DEPENDENCY_FIELDS or ref.owner is None:
                continue
            source, target = ref.owner[1], ref.name
            if target not in resources or source not in resources:
                continue
            edges.setdefault(source, set()).add(target)
            edge_refs.setdefault((source, target), []).append(ref)
        order = {name: index for index, name in enumerate(resources)}
        for component in strongly_connected(resources, edges):
            cycle = cycle_in(component, edges, order)
            steps = list(zip(cycle, cycle[1:]))
            refs = [edge_refs[step] for step in steps]
            possible = any(name in conditional for name in cycle) or any(
                all(r.guarded for r in options) for options in refs)
            message = f'Circular Dependency Found: {chain(cycle)}'
            severity = Severity.WARNING if possible else None
            if possible:
                message += (' (only for some parameter values: the cycle goes through a condition'
                            ' or an "if" branch)')
            for index, options in enumerate(refs):
                ref = min(options, key=lambda r: (r.guarded, r.start))
                related = [Related(refs[other][0].start, refs[other][0].end,
                                   f'{steps[other][0]} depends on {steps[other][1]}')
                           for other in other_steps(len(steps), index)]
                yield Finding(ref.start, ref.end, message, severity=severity, related=related)
