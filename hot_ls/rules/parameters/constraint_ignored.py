from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.parameters._common import first_version, parameter_facts
from hot_ls.syntax import Mapping


class ConstraintIgnored(Rule):
    """A parameter constraint item holds more than one constraint; Heat uses only one.

    ## What it checks
    Items of `constraints` with several of modulo, range, length,
    allowed_values, allowed_pattern and custom_constraint.  Heat reads only
    the first in that order and silently ignores the others.  Before
    heat_template_version 2017-02-24, `modulo` next to another constraint
    is ignored too.

    ## Why it matters
    The ignored constraint is never checked: values it should reject are
    accepted.  Heat says nothing.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      password:
        type: string
        constraints:
          - length: {min: 8}
            allowed_pattern: "[a-zA-Z0-9]+"
    ```

    ## Fix
    Give each constraint its own list item (each may have its own
    description).
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      password:
        type: string
        constraints:
          - length: {min: 8}
          - allowed_pattern: "[a-zA-Z0-9]+"
    ```
    """

    code = 'HOT211'
    name = 'constraint-ignored'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        facts = parameter_facts(analysis)
        priority = facts.dialect.constraint_priority
        for definition in analysis.checking.parameters:
            view = facts.view(definition)
            for cview in view.constraints:
                item = cview.node
                if not isinstance(item, Mapping):
                    continue
                present = [k for k in priority if k in item.index]
                if not present:
                    continue
                used = present[0]
                for key in present[1:]:
                    pair = item.pair(key)
                    yield Finding(pair.key.start, pair.key.end,
                                  f'Heat uses only one constraint per item ({used} here) and ignores '
                                  f'{key}; give {key} its own list item')
                if not facts.dialect.modulo and 'modulo' in item.index:
                    since = first_version(lambda v: 'modulo' in v.effective_constraint_keys)
                    pair = item.pair('modulo')
                    yield Finding(pair.key.start, pair.key.end,
                                  f'Heat ignores modulo before heat_template_version {since} '
                                  f'(this template is {template.facts.version})',
                                  data={NEEDS_VERSION: since})
