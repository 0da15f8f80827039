from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Scalar


class VersionNotString(Rule):
    """`heat_template_version` holds something other than a string.

    ## What it checks
    The value of `heat_template_version` must be a string (a date like
    `2021-04-16`, which YAML keeps as a string for Heat, or a release name).

    ## Why it matters
    Heat only looks at string values, so `heat_template_version: 2016` or a
    list is as if there were no version: "Template version was not provided".

    ## Example
    ```yaml
    heat_template_version: 2016
    ```

    ## Fix
    Write a full version date or name, e.g. `2016-10-14` or `newton`.
    ```yaml
    heat_template_version: 2016-10-14
    ```
    """

    code = 'HOT102'
    name = 'version-not-string'
    severity = Severity.ERROR

    def check(self, analysis):
        pair = analysis.template.version_pair
        if pair is None:
            return
        value = pair.value
        if isinstance(value, Scalar) and isinstance(value.value, str):
            return
        shown = repr(value.value) if isinstance(value, Scalar) else type(value).__name__.lower()
        yield Finding(value.start, value.end if value.end > value.start else pair.key.end,
                      f'heat_template_version must be a string, not {shown}; Heat ignores it and '
                      'reports "Template version was not provided"')
