from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text


class VersionUnknown(Rule):
    """`heat_template_version` names a version Heat does not know.

    ## What it checks
    The version against the eleven HOT versions (2013-05-23 ... 2021-04-16)
    and their release-name aliases (newton ... wallaby).

    ## Why it matters
    Heat refuses the template and lists the valid versions.

    ## Example
    ```yaml
    heat_template_version: 2021-04-17
    ```

    ## Fix
    Use one of the listed versions; the newest is 2021-04-16 (wallaby).
    ```yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT103'
    name = 'version-unknown'
    severity = Severity.ERROR
    checked_when_sent = True

    def check(self, analysis):
        template = analysis.template
        if template.version_text is None or template.version is not None:
            return
        names = analysis.language.version_names()
        value = template.version_pair.value
        message = (f'The template version is invalid: "heat_template_version: {template.version_text}". '
                   f'"heat_template_version" should be one of: {", ".join(names)}')
        matches = did_you_mean(template.version_text, names)
        yield Finding(value.start, value.end, message + suggestion_text(matches),
                      data={'replacements': matches} if matches else None)
