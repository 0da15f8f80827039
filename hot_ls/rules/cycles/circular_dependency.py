from hot_ls.model.cfn import CfnTemplate
from hot_ls.model.document import Kind
from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.model.cycles import LastGraph, chain, cycle_in, other_steps
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
        else:
            model = analysis.template
            if model.version is None:
                return
        resources = model.resources
        edges: dict = {}
        if analysis.kind is Kind.CFN:
            references = [ref for ref in model.references if _dependency(ref)]
        else:  # each resource's, found once per entry (a template of the next text keeps it)
            references = None
            memo = model.memo
            for source, definition in resources.items():
                found = definition.built.get(_targets)  # (memo's, without a call)
                if found is None:
                    found = memo(definition, _targets)
                if found:
                    targets = {target for target in found if target in resources}
                    if targets:
                        edges[source] = targets
        if references is not None:
            for ref in references:
                if ref.name in resources and ref.owner[1] in resources:
                    edges.setdefault(ref.owner[1], set()).add(ref.name)
        components = _GRAPH.components(resources, edges)
        if not components:
            return
        conditional = set() if analysis.kind is Kind.CFN else {
            name for name, res in resources.items()
            if res.get('condition') is not None
            and not (isinstance(res.get('condition'), Scalar) and res.get('condition').value is True)}
        if references is None:
            references = [ref for definition in resources.values()
                          for ref in model.entry_walk(definition).references if _dependency(ref)]
        edge_refs: dict = {}
        for ref in references:
            source, target = ref.owner[1], ref.name
            if target in resources and source in resources:
                edge_refs.setdefault((source, target), []).append(ref)
        order = {name: index for index, name in enumerate(resources)}
        for component in components:
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


def _dependency(ref) -> bool:
    """A reference Heat makes a dependency of (in a resource's properties, metadata,
    depends_on)."""
    return ref.kind == RESOURCE and ref.field in _DEPENDENCY_FIELDS and ref.owner is not None


def _targets(template, definition) -> tuple:
    """The resources an entry's dependency references name."""
    return tuple(dict.fromkeys(ref.name for ref in template.references_in(definition)
                               if _dependency(ref)))


#: the cycles of the last graph looked at
_GRAPH = LastGraph()
