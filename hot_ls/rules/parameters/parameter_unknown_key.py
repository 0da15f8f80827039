from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.parameters._common import first_version


class ParameterUnknownKey(Rule):
    """A parameter's schema has a key Heat does not accept.

    ## What it checks
    Each key of a parameter's schema against type, description, default,
    constraints, hidden, label, immutable and schema and, from 2018-03-02,
    tags.

    ## Why it matters
    Heat refuses the template: "Invalid key 'x' for parameter (p)".  `tags`
    in an older template is refused the same way.  CloudFormation spellings
    (`Default`, `NoEcho`, `AllowedValues`) are not HOT keys.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        defualt: m1.small
    ```

    ## Fix
    Fix the spelling (the message suggests close matches), move constraints
    under `constraints`, or raise heat_template_version for `tags`.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        default: m1.small
    ```
    """

    code = 'HOT202'
    name = 'parameter-unknown-key'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        valid = template.facts.parameter_keys
        for definition in analysis.checking.parameters:
            name = definition.name
            body = definition.mapping
            if body is None:
                continue
            for key, pair in body.index.items():
                if key in valid:
                    continue
                message = "Invalid key '%s' for parameter (%s)" % (key, name)
                if key == 'tags':
                    since = first_version(lambda v: 'tags' in v.parameter_keys)
                    yield Finding(pair.key.start, pair.key.end,
                                  f'{message}: parameter tags need heat_template_version {since} '
                                  f'or later (this template is {template.facts.version})',
                                  data={NEEDS_VERSION: since})
                    continue
                matches = did_you_mean(key, valid)
                yield Finding(pair.key.start, pair.key.end, message + suggestion_text(matches),
                              data={'replacements': matches} if matches else None)
