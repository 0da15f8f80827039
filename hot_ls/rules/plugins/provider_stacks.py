"""What Heat's validation of a provider template's nested stack reads, and refuses.

A resource whose type is a provider template (TemplateResource), and a
ResourceGroup (or AutoScalingGroup) whose member is one, have Heat validate
that nested stack before the stack create starts (StackResource
.validate_nested_stack, without strict values; ResourceGroup.validate for
one member).  That validation runs each resource's validate() on the
values the nested stack is created with:

- a validate() that reads a property written `{get_param: p}` where nothing
  gives `p` a value (a group's member does not pass it, no environment's
  `parameter_defaults` gives it, it has no default) fails there:
  "ValueError: resources.g<nested_stack>.resources.0<member.yaml>.resources
  .server: The Parameter (image) was not provided." (asked of Heat 27.0.1:
  a server's `image` is read, its `name` or a volume's is not; a member
  passing it, a `parameter_defaults`, a condition that leaves the resource
  out, a group of 0 are all accepted).  A plain provider resource that
  does not pass a required parameter is refused before (its own property
  is not assigned: HOT703), so this is for members only;
- a value the parent passes that the validate() refuses: "...resources
  .workers: Value 'abc' is not an integer" (a group's `count`), or
  "resources.vm<instance.yaml>: One of the properties "network", "port",
  "allocate_network" or "subnet" should be set for the specified network
  of server "server"." (a `networks` list passed whole to a server).

The provider template is read through its workspace summary (its
resources' types, conditions and the properties `{get_param: p}` fills:
`TemplateSummary.parameter_flows`, part of what a parent sees of it), and
each resource's ported validate() is run on what its properties are then:
the values the parent passes, converted as Heat passes them (the stack
context's), the missing parameters' reads failing with Heat's message.
A plain provider resource passes its properties as Heat has them when it
validates the stack (`get_attr` None, `get_resource` the reference:
values.resource_state); a group's member, its literal properties.  Only a
stack Heat surely validates is looked at: a resource created under the
inputs; a group of a known size that is not 0.

Heat validates the nested stack's own provider resources the same way, one
level further down each (up to Heat's nesting limit): a value passed on
through them is followed there, and its refusal said on the parent's
property that passes it ("resources.vm<relay.yaml>.resources.inner
<networked.yaml>: ...").  The checked template's analysis then depends on
those templates too (its stack's `read`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hot_ls.rules.plugins.errors import CloudDependent, PropertyRead, Rejection, nested_text
from hot_ls.rules.plugins.subject import Stack, Subject
from hot_ls.rules.plugins.table import CHECKS
from hot_ls.rules.plugins.values import UNKNOWN, resource_state
from hot_ls.syntax import Mapping
from hot_ls.workspace.stacks import MAX_NESTED_DEPTH, MissingParameter, StackContext
from hot_ls.workspace.summaries import UNKNOWN as NOT_KNOWN
from hot_ls.workspace.summaries import ParamRef, ResourceInfo, resource_info

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.model.symbols import Definition
    from hot_ls.rules.resources.members import Member

#: Heat's UserParameterMissing
MISSING = 'The Parameter (%s) was not provided.'

#: runs a ported validate() on a subject of the nested stack (validated without strict
#: values): its refusal, or None when it accepts or reads something not known
Run = Callable[[Callable, Subject], 'Rejection | None']


class Refusal:
    """What Heat's validation of a nested stack refuses: its message (as `openstack stack
    create` prints it); `missing`, the parameter a read found without a value (None: a value
    the parent passes fails); `passed`, that value's parameter (the parent's property)."""

    __slots__ = ('missing', 'passed', 'message')

    def __init__(self, missing: Any, passed: Any, message: str):
        self.missing = missing
        self.passed = passed
        self.message = message


def member_refusals(analysis: 'Analysis', member: 'Member', run: Run) -> list[Refusal]:
    """For a group's `member` whose type is a provider template: what its nested stack's
    validation refuses, in the order of the provider's resources (each missing parameter
    once)."""
    child = _member_stack(analysis, member)
    if child is None:
        return []
    provider = _provider(child)
    if provider is None:
        return []
    values = _member_values(child, member)
    passed = frozenset(values)
    given = passed | set(child.environment.parameter_defaults)
    missing = frozenset(name for name, info in provider.parameters.items()
                        if info.schema is not None and info.schema.default is None
                        and name not in given)
    outer = ('resources', f'{member.group.name}<nested_stack>', 'resources',
             f'{member.name}<{template_url(analysis.stack, member.type_name, None)}>')
    return _refusals(child, provider, missing, passed, _values_of(child, provider, values),
                     outer, run, analysis.stack.read)


def resource_refusals(analysis: 'Analysis', definition: 'Definition', run: Run
                      ) -> list[Refusal]:
    """For a resource whose type is a provider template: what its nested stack's validation
    refuses of the values it passes, in the order of the provider's resources.  (A
    required parameter it does not pass is its own property not assigned, refused before.)"""
    properties = definition.get('properties')
    if properties is not None and not isinstance(properties, Mapping):
        return []  # (computed: what it passes is not known)
    state = resource_state(analysis, definition.name)
    if state.enabled is not True or not isinstance(state.data, dict) or not state.data:
        return []
    stack = analysis.stack
    for child, passed in stack.nested(
            resource_info(definition.name, definition.key, definition.mapping),
            analysis.known()):
        if passed.name == definition.name and child.guard is stack.guard \
                and child.groups == stack.groups:
            break
    else:
        return []
    provider = _provider(child)
    if provider is None:
        return []
    url = template_url(stack, definition.type_name, definition.name)
    outer = ('resources', f'{definition.name}<{url}>')
    passed = {key: _for_stack(value) for key, value in state.data.items()}
    return _refusals(child, provider, frozenset(), frozenset(passed),
                     _values_of(child, provider, passed), outer, run, stack.read)


def template_url(stack: StackContext, type_name: Any, name: Any) -> Any:
    """How Heat's messages name a provider resource's template (TemplateResource
    .template_url): the reference the type resolves to, as written (the type, or the
    template an environment maps it to)."""
    provider = stack.resolve(type_name, name).provider
    return provider.reference if provider is not None else type_name


def _provider(child: StackContext):
    """The provider template's summary, when a resource of it reads a parameter."""
    summary = child.workspace.summary(child.template)
    provider = summary.template if summary is not None else None
    if provider is None or not provider.parameter_flows():
        return None
    return provider


def _refusals(child: StackContext, provider, missing: frozenset, passed: frozenset,
              value_of: Callable[[Any], Any], outer: tuple, run: Run, read: set
              ) -> list[Refusal]:
    """Each missing parameter once, and each value passed once: the first resource that
    refuses it is where Heat stops, and the same value refused again further on is not
    looked for (in a tree whose templates each pass it on to many, that would be once per
    path through it).  (`read`: the checked template's stack's provider templates read,
    which its analysis depends on: those further down are added)"""
    found: list[Refusal] = []
    seen: set = set()
    refused: set = set()
    for resource in provider.resources:
        for refusal in _refused(child, resource, missing, passed - refused, value_of, outer,
                                run, read):
            if refusal.missing is not None:
                if refusal.missing not in seen:
                    seen.add(refusal.missing)
                    found.append(refusal)
            elif refusal.passed not in refused:
                refused.add(refusal.passed)
                found.append(refusal)
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


def _member_values(child: StackContext, member: 'Member') -> dict:
    """What the member passes its stack: its properties as the group has them when Heat
    validates it (`member.data`: get_attr None, the index variable replaced by the member's
    name); else what the stack context reads of them (literals, the parent's parameters),
    the index variable replaced the same way where the member is known."""
    if isinstance(member.data, dict):
        return {name: _for_stack(value) for name, value in member.data.items()}
    passed = child.values or {}
    index_var = member.index_var
    if index_var is not None and _mentions(passed, index_var):
        # (which member Heat validates is not known)
        passed = {name: NOT_KNOWN if _mentions(value, index_var) else value
                  for name, value in passed.items()}
    return passed


def _values_of(child: StackContext, provider, passed: dict) -> Callable[[Any], Any]:
    """A parameter's value in the nested stack: what the parent passes (`passed`), converted
    as Heat passes it (TemplateResource.child_params: a list given a string parameter is
    ''); else the environments' parameter_defaults, or its default."""
    def schema(name: Any) -> Any:
        info = provider.parameters.get(name)
        return info.schema if info is not None else None
    converted = child.passed_parameters(schema, passed)
    defaults = child.environment.parameter_defaults

    def value(name: Any) -> Any:
        if name not in passed:
            return child.parameter_value(name)
        declared = schema(name)
        if declared is not None and declared.type == 'json' and name not in converted and \
                _json_with_unknowns(passed[name]):
            # (Heat passes a map or list to a json parameter as it is, by way of JSON: what
            # is known of it stays known)
            return passed[name]
        if name not in converted or declared is None:
            return UNKNOWN
        try:
            return schema(name).value(converted[name], defaults.get(name))
        except Exception:  # (a value Heat refuses: said where it is checked)
            return UNKNOWN
    return value


def _refused(child: StackContext, resource: ResourceInfo, missing: frozenset,
             passed: frozenset, value_of: Callable[[Any], Any], outer: tuple,
             run: Run, read: set) -> list[Refusal]:
    """What the resource's validate() refuses, in the order it reads: a read of a missing
    parameter, or a value passed.  The first is what Heat says; each next one is what it
    says once the one before is fixed.  A refusal of what the provider writes itself is
    the provider's own (said where it is checked)."""
    if resource.external or not isinstance(resource.type, str):
        return []
    # the properties `{get_param: p}` fills: p without a value, or a value the parent passes
    lacking = {key: value.name for key, value in resource.values.items()
               if isinstance(value, ParamRef) and value.name in missing}
    from_parent = {key: value.name for key, value in resource.values.items()
                   if isinstance(value, ParamRef) and value.name in passed}
    if not lacking and not from_parent:
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
    if rtype is None:
        return []
    if resolved.is_provider:
        return _deeper(child, resource, resolved, lacking, from_parent, value_of, outer, run,
                       read)
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
    name = str(resource.name)
    found = []
    for _ in range(len(resource.values)):
        failed = {key: MISSING % (parameter,) for key, parameter in lacking.items()}
        rejection = run(check, Subject(name, rtype, data, Stack(None), None, None,
                                       strict=False, failed=failed))
        key = rejection.at[0] if rejection is not None and rejection.at else None
        if key is None or isinstance(rejection, CloudDependent):
            break  # (a refusal of some clouds only: not said of the parent)
        message = nested_text(rejection, outer, name)
        if key in lacking and isinstance(rejection, PropertyRead):
            found.append(Refusal(lacking.pop(key), None, message))
        elif key in from_parent and data.get(key) is not UNKNOWN:
            found.append(Refusal(None, from_parent[key], message))
            data[key] = UNKNOWN
        else:
            break
    return found


def _deeper(child: StackContext, resource: ResourceInfo, resolved, lacking: dict,
            from_parent: dict, value_of: Callable[[Any], Any], outer: tuple, run: Run,
            read: set) -> list[Refusal]:
    """What the validation of a provider resource's own nested stack, one level further
    down, refuses of a value the parent passes on to it: Heat validates each level's
    nested stacks in turn ("resources.hosts<hosts.yaml>.resources.master<master.yaml>
    .resources.server: ...").  A refusal of a value the provider writes itself is the
    provider's own (said where it is checked)."""
    if lacking or not from_parent or len(child.chain) >= MAX_NESTED_DEPTH:
        return []  # (a missing parameter read: its own property is not assigned, refused first)
    target = resolved.provider.path
    if target == child.template or target in child.chain:
        return []  # (a template that nests itself: refused as such)
    values = {key: value_of(value.name) if isinstance(value, ParamRef) else value
              for key, value in resource.values.items()}
    values = {key: _for_stack(_plain(value)) for key, value in values.items()}
    grandchild = child.child(resolved, resource.name, values=values)
    if grandchild is None:
        return []
    read.add(target)
    provider = _provider(grandchild)
    if provider is None:
        return []
    inner = outer + ('resources', f'{resource.name}<{resolved.provider.reference}>')
    found = _refusals(grandchild, provider, frozenset(), frozenset(values),
                      _values_of(grandchild, provider, values), inner, run, read)
    return [Refusal(None, from_parent[refusal.passed], refusal.message) for refusal in found
            if refusal.missing is None and refusal.passed in from_parent]


def _mentions(value: Any, text: str) -> bool:
    """Whether a string in the value (plain data) holds `text`."""
    if isinstance(value, str):
        return text in value
    if isinstance(value, dict):
        return any(_mentions(key, text) or _mentions(item, text) for key, item in value.items())
    if isinstance(value, list):
        return any(_mentions(item, text) for item in value)
    return False


def _for_stack(value: Any) -> Any:
    """A value at validation (values.resource_state) as the stack context reads a passed
    one: plain data, with the stack context's unknown."""
    if value is UNKNOWN:
        return NOT_KNOWN
    if isinstance(value, dict):
        return {key: _for_stack(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_for_stack(item) for item in value]
    return value


def _plain(value: Any) -> Any:
    """A value of the summary or the stack context as the plugin checks read it: plain data,
    else unknown (an `if`, which hot-ls does not decide here, included), in a list or map
    too."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return UNKNOWN


def _json_with_unknowns(value: Any) -> bool:
    """A map or list of JSON data in which some values are not known (no function, no key
    that is not a string)."""
    found = [False]

    def plain(item: Any) -> bool:
        if item is NOT_KNOWN:
            found[0] = True
            return True
        if isinstance(item, dict):
            return all(isinstance(key, str) and plain(sub) for key, sub in item.items())
        if isinstance(item, list):
            return all(plain(sub) for sub in item)
        return isinstance(item, (str, int, float, bool)) or item is None
    return isinstance(value, (dict, list)) and plain(value) and found[0]
