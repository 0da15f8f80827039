from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.structure.section_shape import _type_name
from hot_ls.rules.suggestions import missing_key
from hot_ls.syntax import Mapping


class OutputDefinition(Rule):
    """An output is not a mapping with a `value`.

    ## What it checks
    That each output is a mapping that has a `value` key.

    ## Why it matters
    Heat refuses the template: "Each output definition must contain a value
    key." or "Output definitions must be a map".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    outputs:
      server_ip:
        description: The IP address
    ```

    ## Fix
    Add `value:` with what the output should show.  A key that looks like
    `value` (`vaule:`) is named, and the quick fix renames it.
    ```yaml
    heat_template_version: 2021-04-16
    outputs:
      server_ip:
        description: The IP address
        value: 192.0.2.1
    ```
    """

    code = 'HOT117'
    name = 'output-definition'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        for out in analysis.checking.outputs:
            body = out.body
            if not isinstance(body, Mapping):
                yield Finding(out.key.start, out.key.end,
                              f'Output definitions must be a map. Found a {_type_name(body)} instead')
            elif 'value' not in body.index:
                yield missing_key(out.key, body, 'value', analysis.template.facts.output_keys,
                                  'Each output definition must contain a value key.')
