from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Related, Rule, Severity
from hot_ls.rules.version._common import string_version_keys


class VersionAmbiguous(Rule):
    """The document has more than one version key.

    ## What it checks
    `heat_template_version` together with `AWSTemplateFormatVersion` or
    `HeatTemplateFormatVersion` (each holding a string).

    ## Why it matters
    Heat cannot tell which format the template is in: "Ambiguous versions".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    AWSTemplateFormatVersion: 2010-09-09
    ```

    ## Fix
    Keep the one key that matches the template's format.
    ```yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT104'
    name = 'version-ambiguous'
    severity = Severity.ERROR
    kinds = frozenset({Kind.HOT, Kind.CFN})

    def check(self, analysis):
        root = analysis.tree.root
        pairs = string_version_keys(root)
        if len(pairs) < 2:
            return
        names = ', '.join(sorted(pair.key.value for pair in pairs))
        first, *others = sorted(pairs, key=lambda p: p.key.start)
        for pair in others:
            yield Finding(pair.key.start, pair.key.end, f'Ambiguous versions ({names})',
                          related=[Related(first.key.start, first.key.end, 'also a version key')])
