"""What Heat's validation of a group member's provider stack reads, and refuses.

A ResourceGroup (or AutoScalingGroup) whose member is a provider template
has Heat validate one member's nested stack before the stack create starts
(ResourceGroup.validate; StackResource.validate_nested_stack, without
strict values).  That validation runs each resource's validate(), and a
validate() that reads a property written `{get_param: p}` fails there:

- when nothing gives `p` a value (the member does not pass it, no
  environment's `parameter_defaults` gives it, it has no default):
  "ValueError: resources.g<nested_stack>.resources.0<member.yaml>.resources
  .server: The Parameter (image) was not provided." (asked of Heat 27.0.1:
  a server's `image` is read, its `name` or a volume's is not; a member
  passing it, a `parameter_defaults`, a condition that leaves the resource
  out, a group of 0 are all accepted);
- when the member passes a value the property cannot take: "...resources
  .workers: Value '{'a': 'b'}' is not an integer" (a group's `count`).

The provider template is read through its workspace summary (its
resources' types, conditions and the properties `{get_param: p}` fills:
`TemplateSummary.parameter_flows`, part of what a parent sees of it), and
each resource's ported validate() is run on what its properties are then:
the values the member passes, converted as Heat passes them (the stack
context's), the missing parameters' reads failing with Heat's message.
Only a member whose stack Heat surely validates is looked at (a group of a
known size that is not 0, created under the inputs), with literal
properties (else what it passes is not known).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hot_ls.rules.plugins.errors import with_path
from hot_ls.rules.plugins.subject import Stack, Subject
from hot_ls.rules.plugins.table import CHECKS
from hot_ls.rules.plugins.values import UNKNOWN
from hot_ls.rules.resources.members import replace_index
from hot_ls.syntax import Mapping
from hot_ls.workspace.stacks import MissingParameter, StackContext
from hot_ls.workspace.summaries import UNKNOWN as NOT_KNOWN
from hot_ls.workspace.summaries import ParamRef, ResourceInfo, resource_info

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.rules.resources.members import Member

#: Heat's UserParameterMissing
MISSING = 'The Parameter (%s) was not provided.'

#: runs a ported validate() on a subject: (the property whose read failed, Heat's message),
#: or None when it accepts, refuses for another reason, or reads something not known
Read = Callable[[Callable, Subject], 'tuple[str, str] | None']


class RefusedRead:
    """A read that fails when Heat validates the member's stack: Heat's message, and the
    member's property left without a value (None: a value the member passes fails)."""

    __slots__ = ('missing', 'message')

    def __init__(self, missing: Any, message: str):
        self.missing = missing
        self.message = message


def refused_reads(analysis: 'Analysis', member: 'Member', read: Read) -> list[RefusedRead]:
    """For a group's `member` whose type is a provider template: the reads its nested stack's
    validation refuses, in the order of the provider's resources (each missing parameter
    once)."""
    child = _member_stack(analysis, member)
    if child is None:
        return []
    summary = analysis.stack.workspace.summary(child.template)
    provider = summary.template if summary is not None else None
    if provider is None or not provider.parameter_flows():
        return []
    passed = frozenset(child.values or ())
    given = passed | set(child.environment.parameter_defaults)
    missing = frozenset(name for name, info in provider.parameters.items()
                        if info.schema is not None and info.schema.default is None
                        and name not in given)
    value_of = _passed_values(child, provider, member)
    outer = ('resources', f'{member.group.name}<nested_stack>',
             'resources', f'{member.name}<{member.type_name}>')
    found: list[RefusedRead] = []
    seen: set = set()
    for resource in provider.resources:
        place = outer + ('resources', str(resource.name))
        for parameter, message in _refused(child, resource, missing, passed, value_of, read):
            if parameter is None or parameter not in seen:
                seen.add(parameter)
                found.append(RefusedRead(parameter, with_path('ValueError', place, message)))
    return found


def _member_stack(analysis: 'Analysis', member: 'Member') -> StackContext | None:
    """The member's nested stack, when Heat surely validates it and what the member passes
    is written out."""
    if member.built is not True or not member.type_name:
        return None
    definition = _member_definition(member)
    if definition is None:
        return None
    properties = definition.get('properties')
    if properties is not None and not isinstance(properties, Mapping):
        return None  # (computed: what it passes is not known)
    group = member.group
    stack = analysis.stack
    for child, passed in stack.nested(resource_info(group.name, group.key, group.body),
                                      analysis.known()):
        if child.groups > stack.groups and child.guard is stack.guard \
                and passed.type == member.type_name and child.values is not None:
            return child
    return None


def _member_definition(member: 'Member') -> Mapping | None:
    """The mapping that defines the member (a ResourceGroup's `resource_def`...)."""
    node = member.group.get('properties')
    for step in member.properties_path[:-1]:
        node = node.get(step) if isinstance(node, Mapping) else None
    return node if isinstance(node, Mapping) else None


def _passed_values(child: StackContext, provider, member: 'Member') -> Callable[[Any], Any]:
    """A parameter's value in the member's stack: what the member passes, converted as Heat
    passes it (TemplateResource.child_params: a list given a string parameter is ''), with
    the group's index_var replaced by the member's name; else the environments'
    parameter_defaults, or its default."""
    def schema(name: Any) -> Any:
        info = provider.parameters.get(name)
        return info.schema if info is not None else None
    passed = child.values or {}
    index_var = member.index_var
    if index_var is not None and _mentions(passed, index_var):
        if member.data is UNKNOWN:  # (which member Heat validates is not known)
            passed = {name: NOT_KNOWN if _mentions(value, index_var) else value
                      for name, value in passed.items()}
        else:
            passed = replace_index(passed, index_var, member.name)
    converted = child.passed_parameters(schema, passed)
    defaults = child.environment.parameter_defaults

    def value(name: Any) -> Any:
        if name not in passed:
            return child.parameter_value(name)
        if name not in converted or schema(name) is None:
            return UNKNOWN
        try:
            return schema(name).value(converted[name], defaults.get(name))
        except Exception:  # (a value Heat refuses: said where it is checked)
            return UNKNOWN
    return value


def _refused(child: StackContext, resource: ResourceInfo, missing: frozenset,
             passed: frozenset, value_of: Callable[[Any], Any],
             read: Read) -> list[tuple[Any, str]]:
    """The reads of the resource's validate() that fail, in the order it makes them: (the
    missing parameter, or None for a value passed, Heat's message).  The first is what Heat
    says; each next one is what it says once the one before is fixed."""
    if resource.external or not isinstance(resource.type, str):
        return []
    # the properties `{get_param: p}` fills: p without a value, or a value the member passes
    lacking = {key: value.name for key, value in resource.values.items()
               if isinstance(value, ParamRef) and value.name in missing}
    from_member = {key for key, value in resource.values.items()
                   if isinstance(value, ParamRef) and value.name in passed}
    if not lacking and not from_member:
        return []
    if resource.conditional:
        try:
            holds = child.condition_holds(resource.condition, missing=missing)
        except MissingParameter:
            return []  # (Heat fails on the condition itself)
        if holds is not True:
            return []
    resolved = child.resolve(resource.type, resource.name)
    rtype = resolved.type
    if rtype is None or resolved.is_provider:
        return []
    check = CHECKS.get(rtype.name)
    if check is None:
        return []
    data = {}
    for key, value in resource.values.items():
        if key in lacking:
            data[key] = UNKNOWN
        elif isinstance(value, ParamRef):
            data[key] = _plain(value_of(value.name))
        else:
            data[key] = _plain(value)
    found = []
    for _ in range(len(resource.values)):
        failed = {key: MISSING % (name,) for key, name in lacking.items()}
        failure = read(check, Subject(str(resource.name), rtype, data, Stack(None), None, None,
                                      strict=False, failed=failed))
        if failure is None:
            break
        key, message = failure
        if key in lacking:
            found.append((lacking.pop(key), message))
        elif key in from_member and data.get(key) is not UNKNOWN:
            found.append((None, message))
            data[key] = UNKNOWN
        else:
            break
    return found


def _mentions(value: Any, text: str) -> bool:
    """Whether a string in the value (plain data) holds `text`."""
    if isinstance(value, str):
        return text in value
    if isinstance(value, dict):
        return any(_mentions(key, text) or _mentions(item, text) for key, item in value.items())
    if isinstance(value, list):
        return any(_mentions(item, text) for item in value)
    return False


def _plain(value: Any) -> Any:
    """A value of the summary or the stack context as the plugin checks read it: plain data,
    else unknown (an `if`, which hot-ls does not decide here, included)."""
    if isinstance(value, (str, int, float, bool, list, dict)) or value is None:
        return value
    return UNKNOWN
