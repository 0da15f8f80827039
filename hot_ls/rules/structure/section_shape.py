from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Mapping, Scalar, Sequence


def _type_name(node) -> str:
    if isinstance(node, Scalar):
        return 'NoneType' if node.value is None else type(node.value).__name__
    return 'list' if isinstance(node, Sequence) else 'dict'


def _falsy(node) -> bool:
    if isinstance(node, Scalar):
        return not node.value
    if isinstance(node, Sequence):
        return not node.items
    return isinstance(node, Mapping) and not node.index


class SectionShape(Rule):
    """`resources`, `outputs` or `conditions` is not a mapping.

    ## What it checks
    That the resources and outputs sections map names to definitions, and
    that `conditions` is a mapping.  Heat treats an empty `resources:` or
    `outputs:` as empty, but an empty `conditions:` is refused.

    ## Why it matters
    Heat fails on anything else, for `resources` and `outputs` with a raw
    Python error such as "'list' object has no attribute 'items'".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      - server: {type: OS::Heat::None}
    ```

    ## Fix
    Remove the list markers: each entry is `name: definition`.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server: {type: OS::Heat::None}
    ```
    """

    code = 'HOT111'
    name = 'section-shape'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        for section in ('resources', 'outputs'):
            node = template.section(section)
            if node is None or isinstance(node, Mapping) or _falsy(node):
                continue
            yield Finding(node.start, node.end,
                          f'"{section}" must be a mapping of names to definitions, '
                          f'not a {_type_name(node)}')
        if template.facts.has_conditions and 'conditions' in template.sections:
            node = template.section('conditions')
            if not isinstance(node, Mapping):
                pair = template.sections['conditions']
                start, end = (node.start, node.end) if node.end > node.start else (pair.key.start, pair.key.end)
                yield Finding(start, end, 'Condition definitions must be a map. Found a '
                                          f'{_type_name(node)} instead')
