from hot_ls.rules.base import Finding, Rule, Severity

# (section, what, the item of Heat's path that is the name: its message says which)
_SECTIONS = (('parameters', 'Parameter', 2), ('resources', 'Resource', 1), ('outputs', 'Output', 1),
             ('conditions', 'Condition', 1))
_READ_AS = {'int': 'a number', 'float': 'a number', 'bool': 'a boolean', 'NoneType': 'null'}


class NameNotString(Rule):
    """A parameter, resource, output or condition name that YAML reads as a number, boolean or null.

    ## What it checks
    The names in `parameters`, `resources`, `outputs` and `conditions`.
    YAML 1.1, which Heat's loader speaks, reads `1`, `1.5`, `yes`, `off`
    and `~` as a number, a boolean or null, not as text.

    ## Why it matters
    Heat fails when it builds the path of the name: "sequence item 1:
    expected str instance, int found".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      yes:            # the boolean True
        type: OS::Heat::None
    ```

    ## Fix
    Quote the name (`"yes":`), or choose one that reads as text.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      "yes":
        type: OS::Heat::None
    ```
    """

    code = 'HOT120'
    name = 'name-not-string'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        text = analysis.text
        for section, what, item in _SECTIONS:
            for definition in analysis.checking.entries(section):
                name = definition.name
                if isinstance(name, str):
                    continue
                key = definition.key
                written = text[key.start:key.end]
                kind = type(name).__name__
                yield Finding(key.start, key.end,
                              f'{what} name {written} is read as {_READ_AS.get(kind, kind)}, '
                              f'not a string: Heat fails with "sequence item {item}: expected str '
                              f'instance, {kind} found"; quote it')
