from hot_ls.rules.base import Finding, Rule, Severity


class ParameterTypeMissing(Rule):
    """A parameter has no `type`.

    ## What it checks
    That every parameter's schema has a `type` key.

    ## Why it matters
    Heat refuses the template: "Missing parameter type for parameter: p".
    There is no default type.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      key_name:
        description: Name of a key pair
    ```

    ## Fix
    Add a type: string, number, comma_delimited_list, json or boolean.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      key_name:
        type: string
        description: Name of a key pair
    ```
    """

    code = 'HOT203'
    name = 'parameter-type-missing'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.parameters:
            name = definition.name
            body = definition.mapping
            if body is None or 'type' in body:
                continue
            key = definition.key
            yield Finding(key.start, key.end, 'Missing parameter type for parameter: %s' % (name,))
