from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.suggestions import missing_key


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
    Add a type: string, number, comma_delimited_list, json or boolean.  The
    quick fix adds the type of the default, else the one the parameter's
    uses tell (as for a parameter it declares, HOT301); a key that looks like
    `type` (`tpye:`) is named, and the quick fix renames it.
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
    checked_when_sent = True
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
            yield missing_key(definition.key, body, 'type', template.facts.parameter_keys,
                              'Missing parameter type for parameter: %s' % (name,))
