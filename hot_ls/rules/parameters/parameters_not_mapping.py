from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node, shown_type
from hot_ls.syntax import Mapping


class ParametersNotMapping(Rule):
    """The `parameters` section, or a parameter's schema, is not a mapping.

    ## What it checks
    That `parameters` maps names to schemas, and that each parameter's
    schema is a mapping (`type`, `default`, `constraints`, ...).  An empty
    `parameters:` is fine: Heat reads it as no parameters.

    ## Why it matters
    Heat refuses the template.  For a parameter it says "Invalid parameter
    (p), expected a mapping"; for the section it fails with a raw Python
    error such as "'list' object has no attribute 'items'".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: string
    ```

    ## Fix
    Write the schema as a mapping: `flavor: {type: string}`; write the
    section as `name: schema` entries, without list markers.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      flavor: {type: string}
    ```
    """

    code = 'HOT201'
    name = 'parameters-not-mapping'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        pair = template.sections.get('parameters')
        if pair is not None and not isinstance(pair.value, Mapping):
            value = pair.value.to_python()
            if value:  # Heat reads a falsy section as {}
                yield at_node(pair.value,
                              f'"parameters" must be a mapping of parameter names to schemas, not a '
                              f'{shown_type(value)}; Heat fails with "\'{shown_type(value)}\' object '
                              'has no attribute \'items\'"', pair.key)
            return
        for definition in analysis.checking.parameters:
            name = definition.name
            if definition.mapping is None:
                yield at_node(definition.body, f'Invalid parameter ({name}), expected a mapping',
                              definition.key)
