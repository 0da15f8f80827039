from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.syntax.yaml_syntax import ALL_KINDS


class DuplicateKey(Rule):
    """A mapping has the same key twice; Heat keeps the last one.

    ## What it checks
    Keys repeated within one mapping (merge keys `<<` aside, which are meant
    to be overridden).

    ## Why it matters
    Heat's loader silently keeps the last value, so the first definition is
    dead text that readers will believe in.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::RandomString
      server:
        type: OS::Heat::None
    ```

    ## Fix
    Delete or rename one of them.  The related location shows the first one.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::None
    ```
    """

    code = 'HOT002'
    name = 'duplicate-key'
    severity = Severity.WARNING
    kinds = ALL_KINDS

    def check(self, analysis):
        for issue in analysis.tree.issues:
            if issue.kind == 'duplicate-key':
                yield Finding(issue.start, issue.end, issue.message,
                              related=[Related(*r) for r in issue.related])
