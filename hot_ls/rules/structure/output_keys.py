from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity, Tag
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.syntax import Mapping


class OutputKeys(Rule):
    """An output has a key Heat ignores.

    ## What it checks
    Output keys against description, value and, from 2016-10-14, condition.

    ## Why it matters
    Heat accepts other keys but silently ignores them, so a misspelt
    `condition` or `descripton` has no effect.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    outputs:
      url:
        value: http://example.com
        valeu: http://example.org
    ```

    ## Fix
    Fix the spelling, remove the key, or raise heat_template_version for
    `condition`.
    ```yaml
    heat_template_version: 2021-04-16
    outputs:
      url:
        value: http://example.com
    ```
    """

    code = 'HOT118'
    name = 'output-keys'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        valid = template.facts.output_keys
        for out in analysis.checking.outputs:
            body = out.body
            if not isinstance(body, Mapping):
                continue
            for key, pair in body.index.items():
                if key in valid:
                    continue
                if key == 'condition':
                    message = ('Heat ignores "condition" on outputs before heat_template_version '
                               '2016-10-14')
                    yield Finding(pair.key.start, pair.key.end, message, tags=(Tag.UNNECESSARY,),
                                  data={NEEDS_VERSION: '2016-10-14'})
                    continue
                matches = did_you_mean(key, valid)
                yield Finding(pair.key.start, pair.key.end,
                              f'"{key}" is not a valid keyword inside an output definition; Heat '
                              'ignores it' + suggestion_text(matches),
                              data={'replacements': matches} if matches else None)
