from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import missing_key
from hot_ls.syntax import Mapping, Scalar


class ResourceDefinition(Rule):
    """A resource is not a mapping with a `type`.

    ## What it checks
    That each resource is a mapping with a non-empty `type`, and that its
    name does not contain "/".

    ## Why it matters
    Heat refuses the template: "Each resource must contain a type key.",
    or, for a resource written as a string or a list, '"resources" must
    contain a map of resource maps. Found a [<class 'str'>] instead'.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        properties: {value: 1}
    ```

    ## Fix
    Add `type:` with a resource type such as OS::Nova::Server, or the path
    of a provider template.  A "resource" named after a resource key
    (`properties`, `depends_on`...) is that key written too far left: the
    message says so.  A key that looks like `type` (`tpye:`, `Type:`) is
    named, and the quick fix renames it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        properties: {value: 1}
    ```
    """

    code = 'HOT113'
    name = 'resource-definition'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        for res in analysis.checking.resources:
            name, body = res.name, res.body
            if isinstance(name, str) and '/' in name:
                yield Finding(res.key.start, res.key.end, 'Resource name may not contain "/"')
            if not isinstance(body, Mapping) or not body.index:
                value = body.to_python() if body is not None else None
                if value and not isinstance(body, Mapping):  # (Heat: .items() on a non-map)
                    yield Finding(res.key.start, res.key.end,
                                  f'"resources" must contain a map of resource maps. Found a '
                                  f'[{type(value)}] instead (a resource is a mapping with a '
                                  f'`type`: write `type: {value}` under it)'
                                  if isinstance(value, str) and len(value) < 80
                                  and '\n' not in value else
                                  f'"resources" must contain a map of resource maps. Found a '
                                  f'[{type(value)}] instead')
                    continue
                yield Finding(res.key.start, res.key.end, 'Each resource must contain a type key.')
                continue
            type_pair = body.pair('type')
            if type_pair is None:
                message = 'Each resource must contain a type key.'
                if name in analysis.template.facts.resource_keys and name != 'type':
                    # (`properties:` one level too far left: a resource of that name)
                    message += (f' ("{name}" is a key of a resource definition: is it indented '
                                f'too little, under the resource above?)')
                    yield Finding(res.key.start, res.key.end, message,
                                  data={'resource_key': name})
                    continue
                yield missing_key(res.key, body, 'type', analysis.template.facts.resource_keys,
                                  message)
            elif isinstance(type_pair.value, Scalar) and type_pair.value.value in (None, ''):
                yield Finding(type_pair.key.start, type_pair.value.end,
                              'Each Resource must contain a Type key: the type is empty.')
