from hot_ls.language.parameters import CONSTRAINT_KEYS
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.syntax import Mapping, Sequence


class ConstraintUnknownKey(Rule):
    """A parameter constraint has a key Heat does not know.

    ## What it checks
    Each key of each item of a parameter's `constraints` against
    description, length, range, modulo, allowed_values, allowed_pattern and
    custom_constraint.

    ## Why it matters
    Heat refuses the template: "Invalid key 'x' for parameter constraints".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        constraints:
          - allowed_value: [m1.small, m1.large]
    ```

    ## Fix
    Fix the spelling (the message suggests close matches); `min` and `max`
    go inside `range:` or `length:`.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor:
        type: string
        constraints:
          - allowed_values: [m1.small, m1.large]
    ```
    """

    code = 'HOT208'
    name = 'constraint-unknown-key'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.parameters:
            items = definition.get('constraints')
            if not isinstance(items, Sequence):
                continue
            for item in items.items:
                if not isinstance(item, Mapping):
                    continue
                for key, pair in item.index.items():
                    if key in CONSTRAINT_KEYS:
                        continue
                    message = "Invalid key '%s' for parameter constraints" % (key,)
                    if key in ('min', 'max', 'step', 'offset'):
                        where = 'modulo' if key in ('step', 'offset') else 'range or length'
                        message += f'; {key} belongs inside {where}'
                        matches = []
                    else:
                        matches = did_you_mean(key, CONSTRAINT_KEYS)
                        message += suggestion_text(matches)
                    yield Finding(pair.key.start, pair.key.end, message,
                                  data={'replacements': matches} if matches else None)
