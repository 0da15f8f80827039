from dataclasses import replace

from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.resources.members import GROUP_TYPES
from hot_ls.syntax import Scalar
from hot_ls.workspace.summaries import resource_info


class NestingDepth(Rule):
    """Provider templates nest deeper than Heat allows, or a template reaches itself.

    ## What it checks
    The chain of nested stacks under each resource whose type is a provider
    template, and under each group that has members (ResourceGroup's
    `count`, AutoScalingGroup's `desired_capacity` or `min_size`, each type
    of a ResourceChain, as the stack gives them): the template's own depth
    in its stack plus the deepest chain below, against Heat's
    `max_nested_stack_depth` (5, or the setting of that name).  A group's
    own nested stack is a level: its members are two below the group's
    stack ("g<nested_stack>" in the chain).  A template that reaches itself
    (through `type:` or an environment's resource_registry) nests without
    end; the cycle is named.

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
        limit = analysis.settings.max_nested_stack_depth
        known = analysis.known()
        for res in analysis.checking.resources:
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            resolved = analysis.type_resolution(res)
            if not resolved.is_provider and (resolved.type is None
                                             or resolved.type.name not in GROUP_TYPES):
                continue
            worst = None
            for child, _ in stack.nested(resource_info(res.name, res.key, res.body), known):
                if child.guard is not stack.guard:
                    continue  # created only under a condition that does not hold (or unknown)
                found = child.deepest(limit)
                if child.groups > stack.groups:  # a group's member, in the group's stack
                    found = replace(found, path=(f'{res.name}<nested_stack>',) + found.path)
                if found.cycle:
                    worst = found
                    break
                if worst is None or found.depth > worst.depth:
                    worst = found
            if worst is None:
                continue
            chain = ' -> '.join(worst.names())
            if worst.cycle:
                yield Finding(node.start, node.end,
                              f'Recursion depth exceeds {limit}.  The template '
                              f'reaches itself: {chain}')
            elif worst.depth > limit:
                yield Finding(node.start, node.end,
                              f'Recursion depth exceeds {limit}: nested stacks '
                              f'{worst.depth} deep ({chain})')
