import weakref
from typing import Any

from hot_ls.language import constraints as constr
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import UNKNOWN, resource_state
from hot_ls.rules.resources.members import group_members, member_type
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
    computes before creating anything (a `get_attr` is null then).

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
                yield from _findings(rtype, resource_state(analysis, res.name).data,
                                     props if isinstance(props, Mapping) else None, res.key)
            for member in group_members(analysis, res):
                mtype = member_type(analysis, member) if member.built is not False else None
                if mtype is None or not _joined(mtype):
                    continue
                for finding in _findings(mtype, member.data, member.properties_node,
                                         member.anchor):
                    if member.built is None:
                        finding.severity = Severity.WARNING
                        finding.message += (' (whether the group has members depends on values '
                                            'not known here)')
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


def _findings(rtype, data: Any, written: Mapping | None, anchor: Node):
    """Each comma_delimited_list parameter of the provider `rtype` whose value in `data` (the
    properties as the stack create computes them) Heat cannot join."""
    if not isinstance(data, dict):
        return
    for key in _joined(rtype):
        value = data.get(key)
        if not isinstance(value, list) or not value:
            continue
        failure = join_failure(value)
        if failure is None:
            continue
        index, message = failure
        node = written.get(key) if written is not None else None
        if isinstance(node, Sequence) and index < len(node.items):
            node = node.items[index]
        node = node if node is not None else anchor
        yield Finding(node.start, node.end,
                      f'{key}: {message} (Heat passes the list to the nested stack\'s '
                      'comma_delimited_list parameter as one comma-delimited string, when it '
                      'validates the stack)')


def join_failure(value: list) -> tuple[int, str] | None:
    """(the item, Python's message) where TemplateResource.child_params fails on a list it
    passes to a comma_delimited_list parameter; None when it passes it (or an item is known
    only at deploy time)."""
    if isinstance(value[0], dict):
        for index, item in enumerate(value):
            if item is UNKNOWN:
                return None
            if not isinstance(item, dict):
                return index, f"'{type(item).__name__}' object has no attribute 'items'"
        return None
    for index, item in enumerate(value):
        if item is UNKNOWN:
            return None
        if item is not None and not isinstance(item, str):
            return index, (f'sequence item {index}: expected str instance, '
                           f'{type(item).__name__} found')
    return None
