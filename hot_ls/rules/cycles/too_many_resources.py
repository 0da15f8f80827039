from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class TooManyResources(Rule):
    """The template defines more resources than Heat's max_resources_per_stack (1000).

    ## What it checks
    The number of resources against Heat's default limit of 1000.

    ## Why it matters
    Heat refuses the stack: "You have reached the maximum resources per
    stack, please contact your cloud administrator."

    ## Example
    A generated template with 1,200 resources (tests/rules/test_rule_examples.py
    builds it, and one of 1,000 for the fix).

    ## Fix
    Group resources into nested stacks (OS::Heat::ResourceGroup, provider
    templates), each of which counts as one here.
    """

    code = 'HOT503'
    name = 'too-many-resources'
    severity = Severity.ERROR
    kinds = frozenset({Kind.HOT})

    def check(self, analysis):
        limit = analysis.language.max_resources_per_stack
        resources = analysis.template.resources
        if len(resources) > limit:
            pair = analysis.template.sections.get('resources')
            yield Finding(pair.key.start, pair.key.end,
                          f'{len(resources)} resources: You have reached the maximum resources per '
                          f'stack ({limit}), please contact your cloud administrator.')
