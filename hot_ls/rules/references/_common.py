"""When a broken reference is certain to fail in Heat, and when it only might."""
from __future__ import annotations

from hot_ls.catalog.property_rules import accepts_any_property
from hot_ls.model.symbols import PARAMETER, VALUE, Reference
from hot_ls.rules.base import Severity
from hot_ls.rules.plugins.validation import read_by_validate
from hot_ls.rules.resources.member_issues import NESTED
from hot_ls.syntax import Scalar

#: the implementations of get_attr, in every template version
GET_ATTR = ('GetAtt', 'GetAttThenSelect', 'GetAttAllAttributes')
#: where Heat reads the references it works out dependencies and referenced attributes from
#: before it validates any resource (ResourceDefinition.dep_attrs, dependencies): a
#: resource's properties and metadata, an output's value
DEPENDENCY_FIELDS = {'resources': ('properties', 'metadata'), 'outputs': ('value',)}


def leniency(analysis, ref: Reference) -> str | None:
    """Why Heat may never evaluate this reference (so it is a warning), or None.

    - inside an `if` branch the inputs (the default parameter values and the
      configured ones) do not take: Heat parses only the branch it takes;
    - inside a condition no resource, output or `if` uses: never resolved;
    - get_param in the properties of a resource of a nested stack, whose property values
      Heat resolves only when it creates that stack (Analysis.strict);
    - get_param in the properties of OS::Heat::None, or of a retired type
      Heat now builds on it (LBaaS, Sahara, Senlin...): they ignore them;
    - get_param / get_resource in an output's value: Heat accepts the
      template and only the output's value fails (not in a condition, which
      Heat decides when it parses the output, nor in a get_attr's attribute
      or path that Heat resolves when it validates the stack:
      `attribute_path_resolved`);
    - a parameter in the path of HOT 2013-05-23's get_attr, which Heat resolves only once
      the resource exists (a resource there is looked up with the dependencies).
    """
    template = analysis.template
    if ref.guarded:
        reason = analysis.presence.branch_reason(ref.guards)
        if reason is not None:
            return reason
    owner = ref.owner
    if owner is None:
        return None
    if owner[0] in ('resources', 'outputs') and ref.kind == PARAMETER:
        # (a resource named there is looked up when Heat computes the dependencies)
        around = attribute_path_around(template, owner, ref.start)
        if around is not None and _in_path(around, ref.start) and \
                around.call is not None and around.call.impl == 'GetAttThenSelect':
            return ("HOT 2013-05-23's get_attr resolves its path only once "
                    f'{around.name} exists: Heat accepts the template, and the create fails then')
    if owner[0] == 'conditions' and not analysis.observe(is_used_condition, owner[1]):
        return f'condition "{owner[1]}" is never used, so Heat never evaluates it'
    if ref.via in ('get_param', 'Ref') and owner[0] == 'resources' and ref.field == 'properties':
        res = template.resources.get(owner[1])
        if not analysis.strict:
            # (but where the type's validate() reads the property: that read resolves it)
            return None if res is not None and read_by_validate(analysis, res, ref.start) \
                else NESTED
        if res is not None and isinstance(res.type_name, str) and accepts_any_property(res.type_name):
            what = 'OS::Heat::None' if res.type_name == 'OS::Heat::None' else \
                f'{res.type_name} (retired: Heat builds it as OS::Heat::None)'
            return f'{what} ignores its properties, so Heat never resolves it'
    if owner[0] == 'outputs' and ref.via in ('get_param', 'get_resource') and \
            ref.field == 'value' and (ref.call is None or ref.call.context == VALUE) and \
            attribute_path_resolved(template, owner, ref.start) is None:
        # (a condition, an `if`'s among them, is decided when Heat parses the output: that
        # fails; so does a get_attr's attribute or path: attribute_path_around)
        return 'Heat accepts the template; only this output fails to resolve'
    return None


def attribute_path_around(template, owner: tuple, offset: int) -> Reference | None:
    """The get_attr of the entry `owner` whose attribute name or path holds the place
    `offset`, if any.  Heat resolves those when it validates the stack (to know which
    attributes the stack references: Resource.referenced_attrs), on both paths: a function
    that fails there makes it refuse the template, in an output too ("The Referenced
    Attribute (server addresses) is incorrect." for the path, the function's own error for
    the name), where a failure elsewhere in an output's value only leaves it without one."""
    definition = getattr(template, owner[0]).get(owner[1]) if owner[0] in (
        'resources', 'outputs') else None
    if definition is None:
        return None
    for ref in template.entry_walk(definition).references:
        if ref.via in ('get_attr', 'Fn::GetAtt') and ref.path and \
                ref.path[0].start <= offset < ref.path[-1].end:
            return ref
    return None


def attribute_path_resolved(template, owner: tuple, offset: int) -> Reference | None:
    """attribute_path_around, where Heat resolves that place when it validates the stack.

    A get_attr's attribute name always.  Its path not in HOT 2013-05-23
    (GetAttThenSelect resolves it only once the resource exists).  In an
    output, Heat looks the attribute name up among those the stack references
    (StackDefinition's ResourceProxy.attributes_schema: each get_attr whose name and path
    resolve): another get_attr of the same resource and attribute (or of all its
    attributes) leaves the failing path to the output's value alone (asked of Heat
    27.0.1).  An attribute name another get_attr computes may be that one."""
    ref = attribute_path_around(template, owner, offset)
    if ref is None or not _in_path(ref, offset):
        return ref
    if ref.call is not None and ref.call.impl == 'GetAttThenSelect':
        return None
    if owner[0] == 'outputs' and _named_elsewhere(template, ref):
        return None
    return ref


def _in_path(ref: Reference, offset: int) -> bool:
    """Whether `offset` is in the get_attr's path (past its attribute name)."""
    return len(ref.path) > 1 and ref.path[1].start <= offset


def _named_elsewhere(template, ref: Reference) -> bool:
    attribute = getattr(ref.path[0], 'value', None)
    for section in (template.resources, template.outputs):
        for definition in section.values():
            for other in template.entry_walk(definition).references:
                if other is ref or other.via not in ('get_attr', 'Fn::GetAtt') or \
                        other.name != ref.name:
                    continue
                if not other.path:
                    return True  # (all its attributes)
                name = getattr(other.path[0], 'value', None)
                if not isinstance(other.path[0], Scalar) or name == attribute:
                    return True
    return False


def is_used_condition(analysis, name) -> bool:
    """Whether a resource, an output or an `if` uses the condition (transitively)."""
    return name in analysis.template.used_conditions()


def severity_for(reason: str | None) -> Severity | None:
    return Severity.WARNING if reason else None


def with_reason(message: str, reason: str | None) -> str:
    return f'{message} ({reason})' if reason else message
