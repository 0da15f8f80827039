from hot_ls.language.parameters import CONSTRAINT_KEYS
from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.parameters._common import checked_parameters, first_version
from hot_ls.syntax import Mapping


class ConstraintMissing(Rule):
    """A parameter constraint expresses no constraint.

    ## What it checks
    That each item of `constraints` holds one of range, length, modulo,
    allowed_values, allowed_pattern or custom_constraint, not only a
    `description`.  `modulo` counts only from heat_template_version
    2017-02-24.

    ## Why it matters
    Heat refuses the template: "No constraint expressed".  Before
    2017-02-24 Heat knows the `modulo` key but does not read it, so an item
    with only `modulo` fails this way too.

    ## Example
    ```yaml
    heat_template_version: 2016-10-14
    parameters:
      port:
        type: number
        constraints:
          - modulo: {step: 2, offset: 0}
    ```

    ## Fix
    Add the constraint the description is about, or raise
    heat_template_version to 2017-02-24 or later for `modulo`.
    ```yaml
    heat_template_version: 2017-02-24
    parameters:
      port:
        type: number
        constraints:
          - modulo: {step: 2, offset: 0}
    ```
    """

    code = 'HOT209'
    name = 'constraint-missing'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for facts, view in checked_parameters(analysis):
            for cview in view.constraints:
                item = cview.node
                if cview.error is None or cview.error.kind != 'no-constraint':
                    continue
                if not isinstance(item, Mapping) or any(k not in CONSTRAINT_KEYS for k in item.index):
                    continue  # unknown keys are reported on their own
                pair = item.pair('modulo')
                if pair is not None:
                    since = first_version(lambda v: 'modulo' in v.effective_constraint_keys)
                    yield Finding(pair.key.start, pair.key.end,
                                  f'No constraint expressed: modulo needs heat_template_version '
                                  f'{since} or later (this template is {template.facts.version})',
                                  data={NEEDS_VERSION: since})
                    continue
                kinds = ', '.join(k for k in facts.dialect.constraint_priority)
                yield Finding(item.start, item.end, f'No constraint expressed: add one of {kinds}')
