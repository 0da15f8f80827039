"""The members of Heat's group resources, as Heat builds them to validate the group.

When a stack is created, OS::Heat::ResourceGroup, OS::Heat::AutoScalingGroup
and OS::Heat::ResourceChain validate their nested stack
(StackResource.validate_nested_stack): they build the member(s) from their
own properties and validate that stack, not strictly (its property values
are not validated, Properties.validate(with_value=False)), but completely
otherwise: the member type must exist, its properties must be known ones,
each member plugin's validate() runs, and every output the group's
`get_attr`s make needs the member attribute to exist.  Heat builds the
member definition from:

* ResourceGroup: `resource_def` (`type`, `properties`), one member named
  by the first free index, with `index_var` (%index%) replaced by that
  name in the member's property strings; nothing when `count` is 0;
* AutoScalingGroup: `resource` (`type`, `properties`), members named at
  random (hot-ls says `<member>`); nothing when `desired_capacity` (or,
  without it, `min_size`) is 0;
* ResourceChain: one member per type of `resources`, named by its index,
  all with the properties `resource_properties`.

A member's type is resolved as the group's nested stack resolves it: in
the stack's environment (`Analysis.stack`), so a registry type or a
provider template is the type it maps to.

A size given at deploy time (`count: {get_param: size}`, size without a
value) gives members unless the parameter's constraints admit 0 (a range
from 0, an allowed 0): a size parameter meant to switch the group off says
so; one computed otherwise (yaql over a json parameter) is not known.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable

from hot_ls.language.parameters import meant_nonzero
from hot_ls.model.symbols import RESOURCE, Definition, Reference
from hot_ls.rules.plugins.values import UNKNOWN, resource_state
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.catalog import ResourceType
    from hot_ls.workspace import TypeResolution

RESOURCE_GROUP = 'OS::Heat::ResourceGroup'
AUTOSCALING_GROUP = 'OS::Heat::AutoScalingGroup'
RESOURCE_CHAIN = 'OS::Heat::ResourceChain'
GROUP_TYPES = (RESOURCE_GROUP, AUTOSCALING_GROUP, RESOURCE_CHAIN)

#: What hot-ls calls an AutoScalingGroup's member: Heat names each one at random.
RANDOM_MEMBER = '<member>'

#: The attributes each group answers itself; any other name is asked of its members.
GROUP_ATTRIBUTES = {
    RESOURCE_GROUP: ('refs', 'refs_map', 'attributes', 'removed_rsrc_list'),
    AUTOSCALING_GROUP: ('outputs', 'outputs_list', 'current_size', 'refs', 'refs_map'),
    RESOURCE_CHAIN: ('refs', 'attributes'),
}


@dataclass(eq=False)
class Member:
    """One member Heat builds for a group (or would, with members)."""

    group: Definition
    group_type: str
    #: the member's name in the nested stack ('0'), or RANDOM_MEMBER
    name: str
    #: the type: as written (a Scalar), or computed; None when not known
    type_node: Node | None
    type_name: str | None
    #: where the member's properties are written (a literal mapping), if they are
    properties_node: Mapping | None
    #: the path of the member's properties in the group's properties
    properties_path: tuple
    #: Heat builds it at create: True; the group has no members (count 0): False; unknown: None
    built: bool | None
    #: ResourceGroup's index_var: strings holding it change per member
    index_var: str | None = None
    #: the member's properties at validation time (values.at_validation), or UNKNOWN
    data: Any = field(default=UNKNOWN, repr=False)

    @property
    def anchor(self) -> Node:
        """Where a finding about the member as a whole points: its type, else the group's name."""
        return self.type_node if self.type_node is not None else self.group.key


def unchecked_reason(member: Member) -> str | None:
    """Why Heat may not validate the member at all (StackResource.validate_nested_stack
    validates a group's member only when the group has members): it has none, or whether it
    has depends on a value given at deploy time; None when it surely has."""
    group = member.group.name
    if member.built is False:
        return f'{group} has no members, so Heat does not check it'
    if member.built is None:
        return (f'Heat checks it only if {group} has members, which depends on values not '
                'known here')
    return None


def group_members(analysis: 'Analysis', definition: Definition) -> list[Member]:
    """A group resource's members (none for any other resource), once per analysis."""
    return analysis.derived_for(_group_members, definition)


def _group_members(analysis: 'Analysis', definition: Definition) -> list[Member]:
    template = analysis.template
    if template is None or template.version is None or definition.mapping is None:
        return []
    rtype = analysis.resource_type(definition)
    if rtype is None or rtype.name not in GROUP_TYPES:
        return []
    return list(_members(analysis, definition, rtype.name))


def member_resolution(analysis: 'Analysis', member: Member) -> 'TypeResolution | None':
    """What the member's type is in the group's nested stack (its parent's environment)."""
    return analysis.stack.resolve(member.type_name) if member.type_name else None


def member_type(analysis: 'Analysis', member: Member) -> 'ResourceType | None':
    resolution = member_resolution(analysis, member)
    return resolution.type if resolution is not None else None


def _members(analysis: 'Analysis', group: Definition, group_type: str):
    props = group.get('properties')
    literal = props if isinstance(props, Mapping) else None
    state = resource_state(analysis, group.name)
    data = state.data if isinstance(state.data, dict) else {}
    if group_type == RESOURCE_CHAIN:
        yield from _chain_members(group, literal, data, isinstance(state.data, dict))
        return
    key = 'resource_def' if group_type == RESOURCE_GROUP else 'resource'
    definition = literal.get(key) if literal is not None else None
    definition = definition if isinstance(definition, Mapping) else None
    value = data.get(key, UNKNOWN)
    value = value if isinstance(value, dict) else None
    type_node, type_name = _type_of(definition.get('type') if definition else None,
                                    value.get('type', UNKNOWN) if value else UNKNOWN)
    if type_node is None and type_name is None:
        return
    node = definition.get('properties') if definition else None
    member_data = value.get('properties') if value else UNKNOWN
    if member_data is None:
        member_data = {}
    if group_type == RESOURCE_GROUP:
        name = _first_name(data.get('removal_policies', []))
        index_var = data.get('index_var', '%index%')
        index_var = index_var if isinstance(index_var, str) else None
        built = _count(data.get('count', 1))
        if built is None:
            built = _deploy_size(analysis, literal.get('count') if literal is not None else None)
        if isinstance(member_data, dict) and index_var is not None and name is not None:
            member_data = _replace_index(member_data, index_var, name)
        elif index_var is None or name is None:
            member_data = UNKNOWN
    else:
        name, index_var = RANDOM_MEMBER, None
        desired = data.get('desired_capacity')
        size_key = 'desired_capacity' if desired not in (None, 0) else 'min_size'
        built = _count(desired if size_key == 'desired_capacity'
                       else data.get('min_size', UNKNOWN))
        if built is None:
            built = _deploy_size(analysis,
                                 literal.get(size_key) if literal is not None else None)
    yield Member(group, group_type, name if name is not None else '0', type_node, type_name,
                 node if isinstance(node, Mapping) else None, (key, 'properties'), built,
                 index_var, member_data if isinstance(member_data, dict) else UNKNOWN)


def _chain_members(group: Definition, literal: Mapping | None, data: dict, known: bool):
    types_node = literal.get('resources') if literal is not None else None
    types = data.get('resources', UNKNOWN)
    node = literal.get('resource_properties') if literal is not None else None
    member_data = data.get('resource_properties') if known else UNKNOWN
    if member_data is None:
        member_data = {}
    items = types_node.items if isinstance(types_node, Sequence) else None
    if isinstance(types, list):
        count = len(types)
    elif items is not None:
        count = len(items)
    else:
        return
    for index in range(count):
        item = items[index] if items is not None and index < len(items) else None
        value = types[index] if isinstance(types, list) else UNKNOWN
        type_node, type_name = _type_of(item, value)
        if type_node is None and type_name is None:
            continue
        yield Member(group, RESOURCE_CHAIN, str(index), type_node, type_name,
                     node if isinstance(node, Mapping) else None, ('resource_properties',), True,
                     None, member_data if isinstance(member_data, dict) else UNKNOWN)


def _type_of(node: Node | None, value: Any) -> tuple[Node | None, str | None]:
    """(the node that says the type, the type) from the literal node or the computed value."""
    if isinstance(node, Scalar):
        return node, node.value if isinstance(node.value, str) and node.value else None
    if isinstance(value, str) and value:
        return node, value
    return None, None


def _count(value: Any) -> bool | None:
    if isinstance(value, bool) or value is UNKNOWN:
        return None
    if value is None:
        return False
    try:
        return int(value) != 0
    except (TypeError, ValueError):
        return None


def _deploy_size(analysis: 'Analysis', node: Node | None) -> bool | None:
    """A size written `{get_param: p}` whose value is given at deploy time: True where p is
    meant never to be 0 (`meant_nonzero`), else not known.  Not in a nested stack, where
    what the parent passes may be 0 when Heat validates it (a get_attr's null)."""
    if not isinstance(node, Mapping) or len(node.pairs) != 1 or analysis.stack.chain:
        return None
    call = node.pairs[0]
    if not (isinstance(call.key, Scalar) and call.key.value == 'get_param'
            and isinstance(call.value, Scalar) and isinstance(call.value.value, str)):
        return None
    schema = analysis.parameter_schema(call.value.value)
    if schema is None or schema.default is not None or not meant_nonzero(schema):
        return None
    return True


def _first_name(policies: Any) -> str | None:
    """ResourceGroup._resource_names' first: the first index no removal policy lists."""
    if not isinstance(policies, list):
        return None
    skipped = set()
    for policy in policies:
        if not isinstance(policy, dict):
            return None
        listed = policy.get('resource_list', [])
        if not isinstance(listed, list) or any(item is UNKNOWN for item in listed):
            return None
        skipped.update(str(item) for item in listed)
    return next(name for name in map(str, itertools.count()) if name not in skipped)


def _replace_index(value: Any, index_var: str, name: str) -> Any:
    """ResourceGroup._handle_repl_val: the index variable replaced in every string."""
    if isinstance(value, str):
        return value.replace(index_var, name)
    if isinstance(value, dict):
        return {key: _replace_index(item, index_var, name) for key, item in value.items()}
    if isinstance(value, list):
        return [_replace_index(item, index_var, name) for item in value]
    return value


# -- get_attr on a group: which member attribute Heat checks ----------------------------------
@dataclass
class MemberAttribute:
    """A `get_attr` on a group that Heat resolves as an attribute of some of its members."""

    reference: Reference
    node: Scalar  # the node that names the member attribute
    #: its name: a string, else (HOT 2014-10-16 on) a number, boolean or null as written
    attribute: Any
    members: list[Member]
    #: no path follows the name (Heat's nested output then takes the name alone as its key)
    bare: bool = True


def member_attributes(analysis: 'Analysis', references: Iterable[Reference]):
    """Each get_attr among `references` on a group whose output Heat validates against the
    members' attributes.

    As the groups' _nested_output_defns build their nested outputs: for a
    ResourceGroup `[g, X]` (X not the group's own attribute), `[g,
    attributes, X]` and `[g, resource.<first>.X]` (or `[g, resource.<first>,
    X]`); for an AutoScalingGroup `[g, outputs, X]`, `[g, outputs_list, X]`
    and `[g, resource.N.X]`; for a ResourceChain the ResourceGroup forms,
    `resource.N` naming the member of index N.
    """
    template = analysis.template
    for ref in references:
        if ref.kind != RESOURCE or ref.via != 'get_attr':
            continue
        group = template.resources.get(ref.name)
        members = group_members(analysis, group) if group is not None else None
        if not members:
            continue
        words = [node.value if isinstance(node, Scalar) else None for node in ref.path]
        if not words or not isinstance(words[0], str):
            continue
        found = _asked(members[0].group_type, words)
        if found is None:
            continue
        index, attribute, chosen = found
        node = ref.path[index]
        if not isinstance(node, Scalar) or not (isinstance(attribute, str) or (
                _not_a_name(attribute) and ref.call is not None
                and ref.call.impl != 'GetAttThenSelect')):
            continue  # (HOT 2013-05-23's get_attr gives the group no path to pass on)
        asked = [m for m in members if chosen is None or m.name == chosen]
        if asked:
            yield MemberAttribute(ref, node, attribute, asked, index == len(ref.path) - 1)


def _not_a_name(value: Any) -> bool:
    """A scalar that is not a string: what a member attribute's name may be written as."""
    return value is None or isinstance(value, (int, float))


def _asked(group_type: str, words: list) -> tuple[int, Any, str | None] | None:
    """(where in the get_attr path the member attribute is named, the attribute, the one
    member asked or None for all), or None when Heat asks no member."""
    key, rest = words[0], words[1:]
    if key.startswith('resource.'):
        parts = key.split('.', 2)
        chosen = None if group_type == AUTOSCALING_GROUP else parts[1]
        if len(parts) > 2:
            return 0, parts[2], chosen
        return (1, rest[0], chosen) if rest else None
    if group_type == AUTOSCALING_GROUP:
        return (1, rest[0], None) if key in ('outputs', 'outputs_list') and rest else None
    if key == 'attributes':
        return (1, rest[0], None) if rest else None
    if key not in GROUP_ATTRIBUTES[group_type]:
        return 0, key, None
    return None
