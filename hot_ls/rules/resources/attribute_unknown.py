from hot_ls.model.symbols import RESOURCE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.references._common import leniency, severity_for, with_reason
from hot_ls.syntax import Scalar


def attribute_targets(analysis):
    """(reference, the attribute-name node, the target's ResourceType) for each get_attr."""
    template = analysis.template
    for ref in template.references:
        if ref.kind != RESOURCE or ref.via != 'get_attr':
            continue
        attribute = ref.attribute
        if not isinstance(attribute, Scalar) or not isinstance(attribute.value, str):
            continue
        res = template.resources.get(ref.name)
        if res is None:
            continue
        rtype = analysis.resource_type(res)
        if rtype is None:
            continue
        yield ref, attribute, rtype


class AttributeUnknown(Rule):
    """`get_attr` names an attribute the resource's type does not have.

    ## What it checks
    The attribute argument of `get_attr` against the target resource type's
    attributes (including `show`).  Types that accept any attribute name
    (ResourceGroup, AutoScalingGroup, SoftwareDeployment, nested stacks and
    the like, where `resource.0.name` style names are valid) are not
    checked, nor are paths into an attribute's value.

    A provider template's attributes are its outputs (and `show`); Heat
    does not check those before it creates the nested stack, so an unknown
    one is a warning: the template is accepted and the stack fails later.

    ## Why it matters
    Heat refuses the template: "The Referenced Attribute (server
    first_adress) is incorrect."

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      name: {type: OS::Heat::RandomString}
      copy:
        type: OS::Heat::Value
        properties: {value: {get_attr: [name, vaule]}}
    ```

    ## Fix
    Fix the name; the message suggests close ones.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      name: {type: OS::Heat::RandomString}
      copy:
        type: OS::Heat::Value
        properties: {value: {get_attr: [name, value]}}
    ```
    """

    code = 'HOT706'
    name = 'attribute-unknown'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        used = template.used_conditions()
        for ref, attribute, rtype in attribute_targets(analysis):
            if rtype.accepts_any_attribute or attribute.value in rtype.attributes:
                continue
            provider = analysis.type_resolution(template.resources[ref.name]).provider
            if provider is not None and attribute.value.startswith('resource.'):
                continue  # a nested resource's attribute (TemplateResource.get_attribute)
            reason = leniency(template, ref, used)
            matches = did_you_mean(attribute.value, rtype.attributes)
            if provider is not None:
                message = (f'The Referenced Attribute ({ref.name} {attribute.value}) is incorrect: '
                           f'the provider template {provider.reference} has no output '
                           f'"{attribute.value}"{suggestion_text(matches)}.  Heat accepts the '
                           'template and the stack fails when the resource is created')
                yield Finding(attribute.start, attribute.end, with_reason(message, reason),
                              severity=Severity.WARNING,
                              data={'replacements': matches} if matches else None)
                continue
            message = (f'The Referenced Attribute ({ref.name} {attribute.value}) is incorrect: '
                       f'{rtype.name} has no attribute "{attribute.value}"')
            yield Finding(attribute.start, attribute.end,
                          with_reason(message + suggestion_text(matches), reason),
                          severity=severity_for(reason),
                          data={'replacements': matches} if matches else None)
