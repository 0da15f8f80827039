from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.syntax.yaml_syntax import ALL_KINDS


class YamlConstruct(Rule):
    """The YAML parses, but Heat's loader cannot build a value from it.

    ## What it checks
    Unknown tags (`!foo`), undefined aliases, merge keys (`<<`) whose value
    is not a mapping or list of mappings, and keys that cannot be hashed.

    ## Why it matters
    Heat loads templates with PyYAML's safe loader, which refuses these.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      image:
        type: OS::Heat::Value
        properties: {value: !custom_tag cirros}
    ```

    ## Fix
    Remove the tag, define the anchor before the alias, or merge a mapping.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      image:
        type: OS::Heat::Value
        properties: {value: cirros}
    ```
    """

    code = 'HOT004'
    name = 'yaml-construct'
    severity = Severity.ERROR
    kinds = ALL_KINDS

    def check(self, analysis):
        for issue in analysis.tree.issues:
            if issue.kind == 'construct':
                yield Finding(issue.start, issue.end, issue.message)
