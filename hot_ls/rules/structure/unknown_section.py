from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.version._common import string_version_keys
from hot_ls.rules.workspace.capabilities_section import BLUEPRINT_HINT
from hot_ls.workspace.capabilities import SECTION


class UnknownSection(Rule):
    """A top-level key that is not a section of this template version.

    ## What it checks
    Every top-level key against the sections of the template's version:
    heat_template_version, description, parameter_groups, parameters,
    resources, outputs, and from 2016-10-14 conditions.

    ## Why it matters
    Heat refuses the template: "The template section is invalid: ...".
    Sections proposed but never implemented, such as the resource-
    capabilities blueprint's `capabilities`, are refused too (the message
    names the setting `capabilities = true`, with which hot-ls
    understands that one: then HOT609 reports it instead).

    ## Example
    ```yaml
    heat_template_version: 2015-10-15
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    ```

    ## Fix
    Fix the spelling, or raise heat_template_version to a version that has
    the section.
    ```yaml
    heat_template_version: 2016-10-14
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    ```
    """

    code = 'HOT110'
    name = 'unknown-section'
    severity = Severity.ERROR

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        sections = template.facts.sections
        ambiguous = {pair.key.value for pair in string_version_keys(template.root)}
        for key, pair in template.sections.items():
            if key in sections or (key in ambiguous and len(ambiguous) > 1):
                continue  # a second version key: version-ambiguous says it
            message = f'The template section is invalid: {key}'
            if key == SECTION:
                if not analysis.settings.capabilities:  # else HOT609 says it
                    yield Finding(pair.key.start, pair.key.end,
                                  f'{message} (the section is {BLUEPRINT_HINT})')
                continue
            if key == 'conditions':
                message += ' (the conditions section needs heat_template_version 2016-10-14 or later)'
                yield Finding(pair.key.start, pair.key.end, message,
                              data={NEEDS_VERSION: '2016-10-14'})
                continue
            matches = did_you_mean(key, sections)
            yield Finding(pair.key.start, pair.key.end, message + suggestion_text(matches),
                          data={'replacements': matches} if matches else None)
