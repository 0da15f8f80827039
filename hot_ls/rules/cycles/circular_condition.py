from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.model.cycles import LastGraph, chain, cycle_in, other_steps


class CircularCondition(Rule):
    """Conditions whose definitions refer to each other in a cycle.

    ## What it checks
    Condition names used inside other conditions' definitions (as operands
    of `not`, `and`, `or`), followed until they come back.

    ## Why it matters
    Heat cannot decide such a condition: 'Circular definition for condition
    "c"'.  Heat only notices when something uses the condition, so a cycle
    among unused conditions is a warning.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    conditions:
      a: {not: b}
      b: {not: a}
    ```

    ## Fix
    Define one of the conditions from parameters rather than from the other.
    ```yaml
    heat_template_version: 2021-04-16
    conditions:
      a: true
      b: {not: a}
    ```
    """

    code = 'HOT501'
    name = 'circular-condition'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        conditions = template.conditions
        edges: dict = {}
        edge_refs: dict = {}
        for ref in (ref for definition in conditions.values()
                    for ref in template.entry_walk(definition).condition_references):
            if ref.name in conditions:
                edges.setdefault(ref.owner[1], set()).add(ref.name)
                edge_refs.setdefault((ref.owner[1], ref.name), []).append(ref)
        if not edges:
            return
        used = template.used_conditions()
        order = {name: index for index, name in enumerate(conditions)}
        for component in _GRAPH.components(conditions, edges):
            cycle = cycle_in(component, edges, order)
            steps = list(zip(cycle, cycle[1:]))
            is_used = any(name in used for name in component)
            message = f'Circular definition for condition "{cycle[0]}": {chain(cycle)}'
            if not is_used:
                message += ' (no resource, output or "if" uses these conditions yet)'
            for index, step in enumerate(steps):
                ref = edge_refs[step][0]
                related = [Related(edge_refs[s][0].start, edge_refs[s][0].end,
                                   f'{s[0]} refers to {s[1]}')
                           for s in (steps[other] for other in other_steps(len(steps), index))]
                yield Finding(ref.start, ref.end, message,
                              severity=None if is_used else Severity.WARNING, related=related)


#: the cycles of the last graph looked at
_GRAPH = LastGraph()
