from hot_ls.model.symbols import VALUE
from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity


class FunctionUnavailable(Rule):
    """A function that does not exist in this template version, so Heat treats it as a plain map.

    ## What it checks
    One-key mappings whose key is a HOT function of a later version, e.g.
    `str_split` (2015-10-15), `map_merge` (2016-04-08), `yaql`, `if` and
    `map_replace` (2016-10-14), `filter` (2017-02-24), `make_url`,
    `list_concat` and `contains` (2017-09-01).

    ## Why it matters
    Heat does not call the function: the property receives the literal map
    `{str_split: [...]}`, which usually fails later or silently does the
    wrong thing.

    ## Example
    ```yaml
    heat_template_version: 2014-10-16
    parameters:
      names: {type: string, default: "a,b"}
    resources:
      split:
        type: OS::Heat::Value
        properties:
          value: {str_split: [",", {get_param: names}]}
    ```

    ## Fix
    Raise heat_template_version to the version named in the message.  The
    quick fix raises it to the latest version that any diagnostic of the
    template needs (parameter tags, conditions...), fixing them all.
    ```yaml
    heat_template_version: 2015-10-15
    parameters:
      names: {type: string, default: "a,b"}
    resources:
      split:
        type: OS::Heat::Value
        properties:
          value: {str_split: [",", {get_param: names}]}
    ```
    """

    code = 'HOT402'
    name = 'function-unavailable'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        lang = analysis.language
        live = template.facts.functions
        for node, key, context in analysis.checking.lookalikes():
            name = key.value
            if context != VALUE or name in live or name not in lang.all_function_names:
                continue  # condition functions as data, and condition contexts, are other rules'
            since = lang.first_version_with(name)
            yield Finding(key.start, key.end,
                          f'"{name}" is not a function in heat_template_version '
                          f'{template.facts.version} (it arrived in {since}); Heat treats this '
                          f'as a plain map', data={NEEDS_VERSION: since})
