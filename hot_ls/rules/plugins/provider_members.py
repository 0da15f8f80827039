"""The parameters a group member's provider template needs when Heat validates it.

A ResourceGroup (or AutoScalingGroup) whose member is a provider template
has Heat validate one member's nested stack before the stack create starts
(ResourceGroup.validate; StackResource.validate_nested_stack, without
strict values).  That validation runs each resource's validate(), and a
validate() that reads a property written `{get_param: p}`, where nothing
gives `p` a value (the member does not pass it, no environment's
`parameter_defaults` gives it, it has no default), fails: "ValueError:
resources.g<nested_stack>.resources.0<member.yaml>.resources.server: The
Parameter (image) was not provided." (asked of Heat 27.0.1: a server's
`image` is read, its `name` or a volume's is not; a member passing it, a
`parameter_defaults`, a condition that leaves the resource out, a group of
0 are all accepted).

The provider template is read through its workspace summary (its
resources' types, conditions and the properties `{get_param: p}` fills:
`TemplateSummary.required_flows`, part of what a parent sees of it), and
each resource's ported validate() is run on what its properties are then:
the member's values where it passes them, the missing parameters' reads
failing with Heat's message.  Only a member whose stack Heat surely
validates is looked at (a group of a known size that is not 0, created
under the inputs), with literal properties (else what it passes is not
known).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hot_ls.rules.plugins.errors import with_path
from hot_ls.rules.plugins.subject import Stack, Subject
from hot_ls.rules.plugins.table import CHECKS
from hot_ls.rules.plugins.values import UNKNOWN
from hot_ls.syntax import Mapping
from hot_ls.workspace.stacks import MissingParameter, StackContext
from hot_ls.workspace.summaries import ParamRef, ResourceInfo, resource_info

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.rules.plugins.errors import Rejection
    from hot_ls.rules.resources.members import Member

#: Heat's UserParameterMissing
MISSING = 'The Parameter (%s) was not provided.'


class MissingRead:
    """A parameter without a value that a resource of the member's stack reads when Heat
    validates it: the parameter, the resource, and Heat's message."""

    __slots__ = ('parameter', 'resource', 'message')

    def __init__(self, parameter: Any, resource: Any, message: str):
        self.parameter = parameter
        self.resource = resource
        self.message = message


def missing_reads(analysis: 'Analysis', member: 'Member',
                  run: Callable[[Callable, Subject], 'Rejection | None']) -> list[MissingRead]:
    """For a group's `member` whose type is a provider template: the parameters its nested
    stack's validation reads that have no value, one each, in the order of the provider's
    resources (`run(check, subject)` runs a ported validate(): validation._run)."""
    child = _member_stack(analysis, member)
    if child is None:
        return []
    summary = analysis.stack.workspace.summary(child.template)
    provider = summary.template if summary is not None else None
    if provider is None or not provider.required_flows():
        return []
    given = set(child.values or ()) | set(child.environment.parameter_defaults)
    missing = frozenset(name for name, info in provider.parameters.items()
                        if info.schema is not None and info.schema.default is None
                        and name not in given)
    if not missing:
        return []
    found: dict[Any, MissingRead] = {}
    outer = ('resources', f'{member.group.name}<nested_stack>',
             'resources', f'{member.name}<{member.type_name}>')
    for resource in provider.resources:
        for read in _reads_missing(child, resource, missing, run):
            if read not in found:
                found[read] = MissingRead(read, resource.name, with_path(
                    'ValueError', outer + ('resources', str(resource.name)), MISSING % (read,)))
    return list(found.values())


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


def _reads_missing(child: StackContext, resource: ResourceInfo, missing: frozenset,
                   run: Callable) -> list:
    """The missing parameters the resource's validate() reads, in the order it reads them:
    the first is what Heat says; each next one is what it says once the one before is given
    a value."""
    if resource.external or not isinstance(resource.type, str):
        return []
    filled = {key: value.name for key, value in resource.values.items()
              if isinstance(value, ParamRef) and value.name in missing}
    if not filled:
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
        if key in filled:
            data[key] = UNKNOWN
        elif isinstance(value, ParamRef):
            data[key] = _plain(child.parameter_value(value.name))
        else:
            data[key] = _plain(value)
    reads = []
    while filled:
        failed = {key: MISSING % (name,) for key, name in filled.items()}
        subject = Subject(str(resource.name), rtype, data, Stack(None), None, None,
                          strict=False, failed=failed)
        message = getattr(run(check, subject), 'message', None)
        read = next((name for name in filled.values() if message == MISSING % (name,)), None)
        if read is None:
            break
        reads.append(read)
        filled = {key: name for key, name in filled.items() if name != read}
    return reads


def _plain(value: Any) -> Any:
    """A value of the summary or the stack context as the plugin checks read it: plain data,
    else unknown (an `if`, which hot-ls does not decide here, included)."""
    if isinstance(value, (str, int, float, bool, list, dict)) or value is None:
        return value
    return UNKNOWN
