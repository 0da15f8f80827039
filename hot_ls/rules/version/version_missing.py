from hot_ls.rules.base import Finding, Rule, Severity


class VersionMissing(Rule):
    """The template has no `heat_template_version`.

    ## What it checks
    A document with HOT sections (`resources`, `outputs`, ...) but no
    `heat_template_version` key.

    ## Why it matters
    Heat refuses it: "Template format version not found."  Without a version
    nothing else about the template is defined.

    ## Example
    ```yaml
    resources:
      server: {type: OS::Heat::None}
    ```

    ## Fix
    Add `heat_template_version: 2021-04-16` (or the version your cloud runs)
    as the first line.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server: {type: OS::Heat::None}
    ```
    """

    code = 'HOT101'
    name = 'version-missing'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version_pair is not None:
            return
        root = template.root
        first = next(iter(root.pairs), None)
        start, end = (first.key.start, first.key.end) if first else (root.start, root.start)
        yield Finding(start, end, 'Template format version not found: add '
                                  f'"heat_template_version: {analysis.language.latest.version}"')
