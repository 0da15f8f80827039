from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Mapping, Scalar, Sequence

# field -> (accepted kind, Heat's name for it, whether a function may stand for it)
_FIELDS = {
    'type': ('string', 'string', False),
    'properties': ('object', 'object', True),
    'metadata': ('object', 'object', True),
    'update_policy': ('object', 'object', True),
    'deletion_policy': ('string', 'string', True),
    'external_id': ('string', 'string', True),
    'description': ('string', 'string', False),
    'condition': ('string_or_boolean', 'string_or_boolean', True),
}


def _matches(node, kind: str) -> bool:
    if kind == 'object':
        return isinstance(node, Mapping)
    if not isinstance(node, Scalar):
        return False
    if kind == 'string':
        return isinstance(node.value, str)
    return isinstance(node.value, (str, bool))


class ResourceFieldTypes(Rule):
    """A resource field holds the wrong kind of value.

    ## What it checks
    `type`, `deletion_policy`, `external_id` and `description` are strings;
    `properties`, `metadata` and `update_policy` are mappings; `condition`
    is a condition name or a boolean; `depends_on` is a resource name or a
    list of them.  Where Heat accepts an intrinsic function (all but type,
    description and depends_on), a function is fine.  A field left empty
    (`properties:` with every line under it commented out, a bare
    `depends_on:`) is null, which is none of these.

    ## Why it matters
    Heat refuses the template, whatever the resource's condition: "Resource
    server properties type must be object".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        properties:
          - value: m1.small
    ```

    ## Fix
    Give the field the shape in the message.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        properties:
          value: m1.small
    ```
    """

    code = 'HOT114'
    name = 'resource-field-types'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        has_conditions = template.facts.has_conditions
        for res in analysis.checking.resources:
            name, body = res.name, res.body
            call_nodes = template.entry_walk(res).call_nodes
            if not isinstance(body, Mapping):
                continue
            for key, (kind, heat_name, function_ok) in _FIELDS.items():
                pair = body.pair(key)
                if pair is None or (key in ('condition', 'external_id') and not has_conditions):
                    continue
                node = pair.value
                if key == 'type' and isinstance(node, Scalar) and node.value in (None, ''):
                    continue  # reported by resource-definition
                if _matches(node, kind):
                    continue
                if function_ok and isinstance(node, Mapping) and id(node) in call_nodes:
                    continue
                yield _finding(pair, f'Resource {name} {key} type must be {heat_name}')
            depends = body.pair('depends_on')
            if depends is not None:
                node = depends.value
                if isinstance(node, Sequence):
                    for item in node.items:
                        if not (isinstance(item, Scalar) and isinstance(item.value, str)):
                            yield Finding(item.start, item.end,
                                          f'Resource {name} depends_on must be a list of strings')
                elif not (isinstance(node, Scalar) and isinstance(node.value, str)):
                    yield _finding(depends, f'Resource {name} depends_on type must be list or string')


def _finding(pair, message: str) -> Finding:
    """On the value; on the key when the field is empty (null), which has no text of its own."""
    node = pair.value
    if _is_null(node):
        return Finding(pair.key.start, pair.key.end, message + ' (the field is empty)')
    return Finding(node.start, node.end, message)


def _is_null(node) -> bool:
    return isinstance(node, Scalar) and node.value is None
