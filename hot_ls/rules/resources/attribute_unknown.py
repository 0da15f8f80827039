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

    ## Why it matters
    Heat refuses the template: "The Referenced Attribute (server
    first_adress) is incorrect."

    ## Example
    ```yaml
    value: {get_attr: [server, first_adress]}
    ```

    ## Fix
    Fix the name; the message suggests close ones.
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
            reason = leniency(analysis, ref, used)
            matches = did_you_mean(attribute.value, rtype.attributes)
            message = (f'The Referenced Attribute ({ref.name} {attribute.value}) is incorrect: '
                       f'{rtype.name} has no attribute "{attribute.value}"')
            yield Finding(attribute.start, attribute.end,
                          with_reason(message + suggestion_text(matches), reason),
                          severity=severity_for(reason),
                          data={'replacements': matches} if matches else None)
