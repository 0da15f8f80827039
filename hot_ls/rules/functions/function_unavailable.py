from hot_ls.model.symbols import VALUE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Mapping, Scalar, Sequence


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
    ...
        value: {str_split: [',', {get_param: names}]}
    ```

    ## Fix
    Raise heat_template_version to the version named in the message.
    """

    code = 'HOT402'
    name = 'function-unavailable'
    severity = Severity.WARNING

    def check(self, ctx):
        template = ctx.template
        if template.version is None:
            return
        lang = ctx.language
        live = template.facts.functions
        condition_only = lang.all_condition_function_names - set(live)
        for node, key in _value_mappings(template):
            name = key.value
            if name in live or name in condition_only or name not in lang.all_function_names:
                continue
            since = lang.first_version_with(name)
            yield Finding(key.start, key.end,
                          f'"{name}" is not a function in heat_template_version '
                          f'{template.facts.version} (it arrived in {since}); Heat treats this '
                          f'as a plain map')


def _value_mappings(template):
    """One-key mappings in the places Heat parses as values (not conditions)."""
    calls = {id(call.node) for call in template.calls}
    stack = []
    for res in template.resources.values():
        body = res.mapping
        if body is not None:
            for key in ('properties', 'metadata', 'update_policy', 'deletion_policy', 'external_id'):
                node = body.get(key)
                if node is not None:
                    stack.append(node)
    for out in template.outputs.values():
        body = out.mapping
        if body is not None and body.get('value') is not None:
            stack.append(body.get('value'))
    seen = set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Mapping):
            if len(node.index) == 1 and id(node) not in calls:
                pair = next(iter(node.index.values()))
                if isinstance(pair.key, Scalar) and isinstance(pair.key.value, str):
                    yield node, pair.key
            stack.extend(pair.value for pair in node.index.values())
        elif isinstance(node, Sequence):
            stack.extend(node.items)
