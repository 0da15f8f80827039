from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class NotAMapping(Rule):
    """The document is not a mapping, so it is neither a template nor an environment.

    ## What it checks
    That the top level of the document is a mapping (a JSON object).

    ## Why it matters
    Heat refuses anything else: "The template is not a JSON object or YAML
    mapping."

    ## Example
    ```yaml
    - heat_template_version: 2021-04-16
    ```

    ## Fix
    Remove the list marker or the surrounding brackets.
    ```yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT003'
    name = 'not-a-mapping'
    severity = Severity.ERROR
    kinds = frozenset({Kind.NOT_MAPPING})

    def check(self, analysis):
        root = analysis.tree.root
        yield Finding(root.start, root.end,
                      'The template is not a JSON object or YAML mapping.')
