from typing import Iterable

from hot_ls.analysis.entries import WALKED
from hot_ls.model.symbols import RESOURCE, Reference
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.references._common import leniency, severity_for, with_reason
from hot_ls.rules.plugins.values import resource_state
from hot_ls.rules.resources.members import member_attributes, member_resolution, unchecked_reason
from hot_ls.syntax import Scalar


def attribute_targets(analysis, references: Iterable[Reference], numbers: bool = False):
    """(reference, the attribute-name node, the target's ResourceType) for each get_attr
    among `references` whose attribute name is a string; with `numbers`, also a number or
    a boolean followed by a path (HOT 2014-10-16 on: Heat then looks it up as it is, where
    without a path, or in HOT 2013-05-23, its name fails before: HOT306)."""
    template = analysis.template
    for ref in references:
        if ref.kind != RESOURCE or ref.via != 'get_attr':
            continue
        attribute = ref.attribute
        if not isinstance(attribute, Scalar):
            continue
        if not isinstance(attribute.value, str) and not (
                numbers and isinstance(attribute.value, (int, float)) and len(ref.path) > 1
                and ref.call is not None and ref.call.impl != 'GetAttThenSelect'):
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
    (SoftwareDeployment, nested stacks and the like) are not checked, nor
    are paths into an attribute's value.  On a group, an attribute that is
    not the group's own is its members': ResourceGroup's and ResourceChain's
    `[g, X]`, `[g, attributes, X]` and `[g, resource.0.X]`,
    AutoScalingGroup's `[g, outputs, X]`, `[g, outputs_list, X]` and `[g,
    resource.0.X]` check X against the member type, as Heat does when it
    validates the group's nested stack at create (only the member it
    builds to validate, the first, for `resource.N.X`).

    A provider template's attributes are its outputs (and `show`); Heat
    does not check those before it creates the nested stack, so an unknown
    one is a warning: the template is accepted and the stack fails later.

    ## Why it matters
    Heat refuses the template: "The Referenced Attribute (server
    first_adress) is incorrect."  For a group's member, `openstack stack
    create` refuses it: "resources.g<nested_stack>.outputs.valu.Value[0]
    .get_attr: The Referenced Attribute (0 valu) is incorrect."

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
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.all(WALKED):
            references = template.references_in(definition)
            yield from self._attributes(analysis, references)
            yield from self._member_attributes(analysis, references)

    def _attributes(self, analysis, references):
        template = analysis.template
        for ref, attribute, rtype in attribute_targets(analysis, references, numbers=True):
            if rtype.accepts_any_attribute or attribute.value in rtype.attributes:
                continue
            named = isinstance(attribute.value, str)
            provider = analysis.type_resolution(template.resources[ref.name]).provider
            if provider is not None and (not named or attribute.value.startswith('resource.')):
                continue  # a nested resource's attribute (TemplateResource.get_attribute)
            reason = leniency(analysis, ref)
            matches = did_you_mean(attribute.value, rtype.attributes) if named else []
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

    def _member_attributes(self, analysis, references):
        for asked in member_attributes(analysis, references):
            ref, attribute = asked.reference, asked.attribute
            named = isinstance(attribute, str)
            if not named and asked.bare:
                continue  # (not a name at all: HOT306)
            if resource_state(analysis, ref.name).enabled is False:
                continue
            for member in asked.members:
                resolution = member_resolution(analysis, member)
                mtype = resolution.type if resolution is not None else None
                if (mtype is None or resolution.is_provider or mtype.accepts_any_attribute
                        or attribute in mtype.attributes):
                    continue  # a provider's outputs are not checked before create (above)
                matches = did_you_mean(attribute, mtype.attributes) if named else []
                message = (f'The Referenced Attribute ({member.name} {attribute}) is incorrect: '
                           f'the members of {ref.name} are {mtype.name}, which has no attribute '
                           f'"{attribute}"' + suggestion_text(matches))
                reason = leniency(analysis, ref)
                severity = severity_for(reason)
                unchecked = unchecked_reason(member)
                if unchecked is not None:
                    reason, severity = unchecked, Severity.WARNING
                node = asked.node
                yield Finding(node.start, node.end, with_reason(message, reason),
                              severity=severity,
                              data={'replacements': matches} if matches else None)
                break
