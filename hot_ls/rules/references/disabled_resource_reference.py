from hot_ls.model.symbols import RESOURCE
from hot_ls.syntax import Scalar, Sequence
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.references._common import leniency, severity_for, with_reason


class DisabledResourceReference(Rule):
    """`get_resource` or `get_attr` names a resource that its condition disables.

    ## What it checks
    References to a resource whose `condition` is false whatever the
    parameters are (a literal `false`, or a condition built only from
    constants), or false with the default parameter values (and the
    configured ones), as a stack create without -P decides it.
    `depends_on` such a resource is allowed, and so are references from
    resources and outputs that are disabled themselves; a reference in an
    `if` branch the parameters do not take is a warning.

    ## Why it matters
    A disabled resource does not exist in the stack, so Heat refuses the
    reference: 'The specified reference "name" ... is incorrect.'

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    conditions:
      never: false
    resources:
      maybe: {type: OS::Heat::None, condition: never}
      user:
        type: OS::Heat::Value
        properties: {value: {get_resource: maybe}}
    ```

    ## Fix
    Put the referring resource under the same condition, or guard the
    reference with `if`.  The quick fix gives a referring resource or output
    that has no condition the target's, when that is a condition's name.
    ```yaml
    heat_template_version: 2021-04-16
    conditions:
      never: false
    resources:
      maybe: {type: OS::Heat::None, condition: never}
      user:
        type: OS::Heat::Value
        condition: never
        properties: {value: {get_resource: maybe}}
    ```
    """

    code = 'HOT304'
    name = 'disabled-resource-reference'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        presence = analysis.presence
        for ref in analysis.checking.references():
            if ref.kind != RESOURCE or ref.via not in ('get_resource', 'get_attr'):
                continue
            if ref.name not in template.resources:
                continue
            absence = presence.absent(ref.name)
            if absence is None:
                continue
            if ref.owner and ref.owner[0] in ('resources', 'outputs') and \
                    presence.absent(ref.owner[1], ref.owner[0]) is not None:
                continue  # the referring resource or output is not there either
            if _guarded_by_its_condition(template, ref):
                continue  # `if: [c, {get_resource: r}, ...]` where r has condition c
            reason = leniency(analysis, ref)
            message = f'The specified reference "{ref.name}" is incorrect: {absence.description()}'
            yield Finding(ref.start, ref.end, with_reason(message, reason),
                          severity=severity_for(reason), data=_same_condition(template, ref))


def _same_condition(template, ref) -> dict | None:
    """The quick fix's data when the referring resource or output has no condition and the
    target's is a name: give it that condition (names only: data is not moved by edits)."""
    node = template.resources[ref.name].get('condition')
    if not isinstance(node, Scalar) or not isinstance(node.value, str) or not ref.owner:
        return None
    section, name = ref.owner
    owner = getattr(template, section, {}).get(name) if section in ('resources', 'outputs') \
        else None
    if owner is None or owner.mapping is None or 'condition' in owner.mapping.index:
        return None
    return {'same_condition': [section, name, node.value, ref.name]}


def _guarded_by_its_condition(template, ref) -> bool:
    """The reference sits in the branch of an `if` on the very condition its target has."""
    node = template.resources[ref.name].get('condition')
    if not isinstance(node, Scalar) or not isinstance(node.value, str):
        return False
    for call, branch in ref.guards:
        args = call.args
        operand = args.items[0] if isinstance(args, Sequence) and args.items else None
        if branch is True and isinstance(operand, Scalar) and operand.value == node.value:
            return True
    return False
