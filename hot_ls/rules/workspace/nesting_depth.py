from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Scalar
from hot_ls.workspace.stacks import MAX_NESTED_DEPTH


class NestingDepth(Rule):
    """Provider templates nest deeper than Heat allows, or a template reaches itself.

    ## What it checks
    The chain of nested stacks under each resource whose type is a provider
    template: the template's own depth in its stack plus the deepest chain
    below the provider, against Heat's `max_nested_stack_depth` (5).  A
    template that reaches itself (through `type:` or an environment's
    resource_registry) nests without end; the cycle is named.

    ## Why it matters
    Heat refuses the stack when it creates it: "Recursion depth exceeds 5."

    ## Example
    ```yaml
    # a.yaml
    heat_template_version: 2021-04-16
    resources:
      inner:
        type: a.yaml
    ```

    ## Fix
    Break the cycle (an environment mapping a type to the template that
    uses it is the usual one), or flatten the nesting.
    ```yaml
    # a.yaml
    heat_template_version: 2021-04-16
    resources:
      inner:
        type: b.yaml
    ```
    ```yaml
    # b.yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT606'
    name = 'nesting-depth'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        stack = analysis.stack
        for res in analysis.checking.resources:
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            resolved = analysis.type_resolution(res)
            child = stack.child(resolved, res.name)
            if child is None:
                continue
            found = child.deepest()
            if found.cycle:
                chain = ' -> '.join(found.names())
                yield Finding(node.start, node.end,
                              f'Recursion depth exceeds {MAX_NESTED_DEPTH}.  The template '
                              f'reaches itself: {chain}')
            elif found.depth > MAX_NESTED_DEPTH:
                chain = ' -> '.join(found.names())
                yield Finding(node.start, node.end,
                              f'Recursion depth exceeds {MAX_NESTED_DEPTH}: nested stacks '
                              f'{found.depth} deep ({chain})')
