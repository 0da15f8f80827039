from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Scalar

# Property.allowed_param_prop_type: a provider's parameter types for a facade property's
_PARAMETER_TYPE_FOR = {'integer': 'number', 'string': 'string', 'number': 'number',
                       'boolean': 'boolean', 'list': 'list', 'map': 'map'}


def facade_problems(rtype, facade):
    """TemplateResource._validate_against_facade's checks, in Heat's order: messages."""
    provided = rtype.properties
    for name, schema in facade.properties.items():
        if schema.required and name not in provided:
            yield (f'Required property {name} for facade {facade.name} missing in provider')
        elif name in provided and _PARAMETER_TYPE_FOR.get(schema.type, schema.type) != \
                provided[name].type:
            yield (f'Property {name} type mismatch between facade {facade.name} '
                   f'({schema.type.capitalize()}) and provider ({provided[name].type.capitalize()})')
    for name, schema in provided.items():
        if schema.required and name not in facade.properties:
            yield f'Provider requires property {name} unknown in facade {facade.name}'
    for name in facade.attributes:
        if name not in rtype.attributes:
            yield f'Attribute {name} for facade {facade.name} missing in provider'


class ProviderFacade(Rule):
    """A provider template mapped over an existing type does not match that type's interface.

    ## What it checks
    When an environment maps a type that has an implementation of its own
    (one of Heat's, or another mapping) to a template — TripleO maps
    OS::Heat::SoftwareDeployment to config-download-software.yaml — the
    template is a *facade* of that type, and Heat compares the two: every
    required property of the type must be a parameter of the template, of
    the matching type; every parameter without a default must be a
    property of the type; every attribute of the type must be an output.

    ## Why it matters
    Heat refuses the stack when it creates it: "Required property server
    for facade OS::Heat::SoftwareDeployment missing in provider".

    ## Example
    An environment maps OS::Nova::Server to a template without a `flavor`
    parameter:
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Nova::Server
        properties:
          image: cirros
    ```
    ```yaml
    # env: env.yaml
    resource_registry:
      OS::Nova::Server: my_server.yaml
    ```
    ```yaml
    # my_server.yaml
    heat_template_version: 2021-04-16
    parameters:
      image: {type: string}
    ```

    ## Fix
    Give the template the missing parameters and outputs, or map a type
    name of your own instead of Heat's.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Nova::Server
        properties:
          image: cirros
          flavor: m1.small
    ```
    ```yaml
    # env: env.yaml
    resource_registry:
      OS::Nova::Server: my_server.yaml
    ```
    ```yaml
    # my_server.yaml
    heat_template_version: 2021-04-16
    parameters:
      image: {type: string}
      flavor: {type: string}
    outputs:
      accessIPv4: {value: ''}
      accessIPv6: {value: ''}
      addresses: {value: {}}
      console_urls: {value: {}}
      first_address: {value: ''}
      instance_name: {value: ''}
      name: {value: ''}
      networks: {value: {}}
      os_collect_config: {value: {}}
      tags: {value: []}
    ```
    """

    code = 'HOT607'
    name = 'provider-facade'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        stack = analysis.stack
        for res in analysis.checking.resources:
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            resolved = analysis.type_resolution(res)
            if resolved.type is None or resolved.provider is None:
                continue
            facade = stack.facade(resolved, res.name)
            if facade is None:
                continue
            for message in facade_problems(resolved.type, facade):
                yield Finding(node.start, node.end, message)
                break  # Heat stops at the first
