import weakref
from collections.abc import Callable
from typing import Any

from hot_ls.language import constraints as constr
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import UNKNOWN, resource_state
from hot_ls.rules.resources.members import group_members, member_type, unchecked_reason
from hot_ls.syntax import Mapping, Node, Sequence


class ProviderListJoin(Rule):
    """A provider template's comma_delimited_list parameter given a list Heat cannot pass it.

    ## What it checks
    A resource whose type is a provider template (and a group's member of
    one) passes each property to the nested stack's parameter of that name.
    For a comma_delimited_list parameter, Heat
    (TemplateResource.child_params) joins the list with commas: every item
    must be a string (or null, passed as an empty string), or, when the
    first item is a map, every item a map (Heat flattens a list of maps to
    `.member.0.key=value` items).  The values are those the stack create
    computes before creating anything (a `get_attr` is null then); an item
    `{get_param: port}` of a number or boolean parameter without a value
    fails whatever value it is given (Heat passes a number or a Boolean,
    never a string).

    ## Why it matters
    `openstack stack create` stops before it creates anything: "TypeError:
    resources.r<nested.yaml>: sequence item 0: expected str instance, int
    found" (or "AttributeError: ... 'str' object has no attribute 'items'").
    Heat validates every nested stack the root creates this way, so this
    holds in a nested stack too; not in a group with no members.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      ports:
        type: ports.yaml
        properties:
          numbers: [80, 443]
    ```
    ```yaml
    # ports.yaml
    heat_template_version: 2021-04-16
    parameters:
      numbers:
        type: comma_delimited_list
    ```

    ## Fix
    Give strings (quote the numbers), or make the parameter `json`, which
    takes any list.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      ports:
        type: ports.yaml
        properties:
          numbers: ['80', '443']
    ```
    ```yaml
    # ports.yaml
    heat_template_version: 2021-04-16
    parameters:
      numbers:
        type: comma_delimited_list
    ```
    """

    code = 'HOT715'
    name = 'provider-list-join'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        if analysis.template.version is None:
            return
        for res in analysis.checking.resources:
            if res.mapping is None:
                continue
            rtype = analysis.resource_type(res)
            if rtype is not None and _joined(rtype):
                props = res.get('properties')
                yield from _findings(analysis, rtype, resource_state(analysis, res.name).data,
                                     props if isinstance(props, Mapping) else None, res.key)
            for member in group_members(analysis, res):
                mtype = member_type(analysis, member) if member.built is not False else None
                if mtype is None or not _joined(mtype):
                    continue
                for finding in _findings(analysis, mtype, member.data, member.properties_node,
                                         member.anchor):
                    if member.built is None:
                        finding.severity = Severity.WARNING
                        finding.message += ' (%s)' % unchecked_reason(member)
                    yield finding


#: each resource type's comma_delimited_list parameters (provider types come and go with
#: their templates' analyses: they are not kept alive here)
_JOINED: 'weakref.WeakKeyDictionary[Any, tuple[str, ...]]' = weakref.WeakKeyDictionary()


def _joined(rtype) -> tuple[str, ...]:
    """The properties of a provider template's comma_delimited_list parameters (a LIST
    that allows conversion: a provider's, never a plugin's or Heat's own types')."""
    found = _JOINED.get(rtype)
    if found is None:
        found = _JOINED[rtype] = tuple(
            key for key, schema in rtype.properties.items()
            if schema.type_key == constr.LIST and schema.allow_conversion)
    return found


def _findings(analysis, rtype, data: Any, written: Mapping | None, anchor: Node):
    """Each comma_delimited_list parameter of the provider `rtype` whose value in `data` (the
    properties as the stack create computes them) Heat cannot join."""
    if not isinstance(data, dict):
        return
    for key in _joined(rtype):
        value = data.get(key)
        if not isinstance(value, list) or not value:
            continue
        node = written.get(key) if written is not None else None
        items = node.items if isinstance(node, Sequence) and len(node.items) == len(value) \
            else None
        failure = join_failure(value, None if items is None else
                               lambda index: _always(analysis, items[index]))
        if failure is None:
            continue
        index, message = failure
        if isinstance(node, Sequence) and index < len(node.items):
            node = node.items[index]
        node = node if node is not None else anchor
        yield Finding(node.start, node.end,
                      f'{key}: {message} (Heat passes the list to the nested stack\'s '
                      'comma_delimited_list parameter as one comma-delimited string, when it '
                      'validates the stack)')


#: the Python type every value of a parameter of these types has (Heat's NumberParam gives
#: an int, or a float for a value with a fraction; BooleanParam a bool)
_VALUE_TYPES = {'number': 'int', 'boolean': 'bool'}


def _always(analysis, item: Node) -> str | None:
    """The name of the Python type a list item known only at deploy time has whatever its
    value: a whole `{get_param: port}` of a number or boolean parameter (None: any other)."""
    if not isinstance(item, Mapping) or len(item.index) != 1:
        return None
    argument = item.get('get_param')
    if isinstance(argument, Sequence) and len(argument.items) == 1:
        argument = argument.items[0]
    if argument is None or not isinstance(getattr(argument, 'value', None), str):
        return None
    parameter = analysis.template.parameters.get(argument.value)
    return _VALUE_TYPES.get(parameter.type_name) if parameter is not None else None


def join_failure(value: list, always: Callable[[int], str | None] | None = None
                 ) -> tuple[int, str] | None:
    """(the item, Python's message) where TemplateResource.child_params fails on a list it
    passes to a comma_delimited_list parameter; None when it passes it, or when an item known
    only at deploy time may (`always(index)` names the type such an item has whatever its
    value, when it knows one)."""
    first = value[0]
    if first is UNKNOWN and (always is None or always(0) is None):
        return None  # (a map or not: a number or a Boolean is not)
    if isinstance(first, dict):
        for index, item in enumerate(value):
            if item is UNKNOWN:
                return None
            if not isinstance(item, dict):
                return index, f"'{type(item).__name__}' object has no attribute 'items'"
        return None
    for index, item in enumerate(value):
        if item is UNKNOWN:
            kind = always(index) if always is not None else None
            if kind is None:
                return None
            return index, f'sequence item {index}: expected str instance, {kind} found'
        if item is not None and not isinstance(item, str):
            return index, (f'sequence item {index}: expected str instance, '
                           f'{type(item).__name__} found')
    return None
