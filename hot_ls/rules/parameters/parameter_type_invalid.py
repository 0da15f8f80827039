from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.parameters._common import at_node

# Names people write for the HOT types (other languages, CloudFormation).
_ALIASES = {
    'list': 'comma_delimited_list', 'array': 'comma_delimited_list',
    'commadelimitedlist': 'comma_delimited_list', 'comma-delimited-list': 'comma_delimited_list',
    'map': 'json', 'dict': 'json', 'object': 'json', 'mapping': 'json',
    'int': 'number', 'integer': 'number', 'float': 'number',
    'bool': 'boolean', 'str': 'string',
}


class ParameterTypeInvalid(Rule):
    """A parameter's `type` is not one of the five HOT parameter types.

    ## What it checks
    `type` against string, number, comma_delimited_list, json and boolean,
    spelt exactly so (lower case).

    ## Why it matters
    Heat refuses the template: "Invalid type (list)".  Resource property
    types (list, map, integer) and CloudFormation types (String, Number,
    CommaDelimitedList) are not parameter types.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      networks:
        type: list
    ```

    ## Fix
    Use comma_delimited_list for lists, json for maps, number for integers.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      networks:
        type: comma_delimited_list
    ```
    """

    code = 'HOT204'
    name = 'parameter-type-invalid'
    severity = Severity.ERROR
    checked_when_sent = True
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        types = template.facts.parameter_types
        for definition in analysis.checking.parameters:
            body = definition.mapping
            pair = body.pair('type') if body is not None else None
            if pair is None:
                continue
            value = pair.value.to_python()
            if value in types:
                continue
            matches = []
            if isinstance(value, str):
                alias = _ALIASES.get(value.strip().lower())
                matches = [alias] if alias else did_you_mean(value.strip(), types)
            message = 'Invalid type (%s)' % (value,)
            message += suggestion_text(matches) if matches else (
                '; the parameter types are ' + ', '.join(types))
            yield at_node(pair.value, message, pair.key,
                          data={'replacements': matches} if matches else None)
