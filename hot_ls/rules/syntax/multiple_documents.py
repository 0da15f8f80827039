from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.syntax.yaml_syntax import ALL_KINDS


class MultipleDocuments(Rule):
    """The file holds more than one YAML document.

    ## What it checks
    A `---` that starts a second document.

    ## Why it matters
    Heat loads exactly one document: "expected a single document in the stream".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    ---
    resources: {}
    ```

    ## Fix
    Split the file, or remove the separator.
    ```yaml
    heat_template_version: 2021-04-16
    resources: {}
    ```
    """

    code = 'HOT005'
    name = 'multiple-documents'
    severity = Severity.ERROR
    kinds = ALL_KINDS

    def check(self, analysis):
        for issue in analysis.tree.issues:
            if issue.kind == 'multi-document':
                yield Finding(issue.start, issue.end, issue.message)
