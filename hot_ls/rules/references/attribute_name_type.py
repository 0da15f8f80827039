from typing import Any

from hot_ls.evaluator.snippet import evaluate_in
from hot_ls.evaluator.values import Symbolic
from hot_ls.model.symbols import VALUE, Definition, FunctionCall
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import resource_state
from hot_ls.rules.references._common import (DEPENDENCY_FIELDS as _FIELDS, GET_ATTR as _GET_ATTR,
                                            severity_for, with_reason)
from hot_ls.rules.resources.members import member_attributes, unchecked_reason
from hot_ls.syntax import Mapping, Node, Scalar, Sequence



class AttributeNameType(Rule):
    """`get_attr` whose attribute name is a number, a boolean or null.

    ## What it checks
    The attribute name of every `get_attr` in a resource Heat creates (its
    properties and metadata) and in every output, as the default parameter
    values (and the configured ones) resolve it, where Heat takes it alone as
    the attribute's key: a `get_attr` with no path after the name (HOT
    2013-05-23's always, as its get_attr selects the path itself).  Null is
    accepted from 2015-10-15 on, where `get_attr` without a name reads all
    the resource's attributes.

    ## Why it matters
    Before it validates a single resource, Heat works out which attributes
    of each resource the stack references, and looks each one's name up as
    a string (Resource.node_data).  A name that is not one makes
    `template validate` and `stack create` both fail with "'int' object is
    not subscriptable" (or 'bool', 'float', 'NoneType'), without saying
    where.  (A list or a map there is unhashable-reference, HOT305.)

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      servers:
        type: OS::Heat::ResourceGroup
        properties:
          count: 2
          resource_def: {type: OS::Heat::RandomString}
    outputs:
      first:
        value: {get_attr: [servers, 0]}
    ```

    ## Fix
    Name the attribute, and put the index in the path after it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      servers:
        type: OS::Heat::ResourceGroup
        properties:
          count: 2
          resource_def: {type: OS::Heat::RandomString}
    outputs:
      first:
        value: {get_attr: [servers, value, 0]}
    ```
    """

    code = 'HOT306'
    name = 'attribute-name-type'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.all(('resources', 'outputs')):
            for node, value, reason in _misnamed(analysis, definition):
                kind = type(value).__name__
                message = (f"'{kind}' object is not subscriptable: get_attr's attribute name "
                           f'is {_shown(value)}, not a string (Heat looks each referenced '
                           'attribute up by its name before it validates any resource)')
                yield Finding(node.start, node.end, with_reason(message, reason),
                              severity=severity_for(reason))
            yield from _member_names(analysis, definition)


def _misnamed(analysis, definition: Definition) -> list[tuple[Node, Any, str | None]]:
    """(the attribute name's node, its value, why it may not fail) of each get_attr of the
    entry whose name Heat takes alone as a key, and that is not a string."""
    template = analysis.template
    fields = _FIELDS.get(definition.section, ())
    found = []
    calls = template.calls_in(definition)
    for call in calls:
        if call.impl not in _GET_ATTR or call.context != VALUE or call.field not in fields:
            continue
        args = call.args
        if not isinstance(args, Sequence) or len(args.items) < 2:
            continue
        if call.impl != 'GetAttThenSelect' and len(args.items) > 2:
            continue  # (the name and its path make a tuple: any name is a key)
        target = args.items[0]
        if not isinstance(target, Scalar) or target.value not in template.resources or \
                analysis.presence.absent(target.value) is not None:
            continue  # a missing or disabled resource fails otherwise (HOT302, HOT304)
        node = args.items[1]
        known, value = _value(analysis, node, calls)
        if not known or isinstance(value, (str, list, dict)):
            continue  # (a list or a map: HOT305)
        if value is None and call.impl == 'GetAttAllAttributes':
            continue  # (all the attributes)
        reason = analysis.presence.branch_reason(call.guards) if call.guarded else None
        found.append((node, value, reason))
    return found


def _value(analysis, node: Node, calls: list[FunctionCall]) -> tuple[bool, Any]:
    """(whether it is known, the attribute name's value)."""
    if isinstance(node, Scalar):
        return True, node.value
    if not isinstance(node, Mapping) or not any(call.node is node for call in calls):
        return False, None
    outcome = evaluate_in(analysis.checked_evaluation.scope, node)
    if outcome.error is not None or isinstance(outcome.value, Symbolic):
        return False, None
    return True, outcome.value


def _shown(value: Any) -> str:
    if value is None:
        return 'null'
    if isinstance(value, bool):
        return 'true' if value else 'false'
    return repr(value)


def _member_names(analysis, definition: Definition):
    """A group's member attribute named by a number, a boolean or null with no path after
    it (`[g, attributes, 0]`): the group's nested stack gets an output that reads it, and
    Heat's validation of that stack at create fails on the name as above."""
    fields = _FIELDS.get(definition.section, ())
    # (the bare forms: a path of two, `[g, attributes, X]`, whose X is not a string)
    references = [ref for ref in analysis.template.references_in(definition)
                  if len(ref.path) == 2 and ref.via == 'get_attr' and
                  isinstance(ref.path[1], Scalar) and not isinstance(ref.path[1].value, str)
                  and ref.field in fields and (ref.call is None or ref.call.context == VALUE)]
    if not references:
        return
    for asked in member_attributes(analysis, references):
        value = asked.attribute
        if isinstance(value, str) or not asked.bare:
            continue
        group = asked.reference.name
        if resource_state(analysis, group).enabled is False:
            continue
        kind = type(value).__name__
        message = (f"'{kind}' object is not subscriptable: get_attr's member attribute name is "
                   f'{_shown(value)}, not a string (the output of it that Heat adds to the '
                   f"nested stack of {group} fails when Heat validates that stack at create: "
                   f'"TypeError: resources.{group}<nested_stack>: \'{kind}\' object is not '
                   'subscriptable")')
        ref = asked.reference
        reason = analysis.presence.branch_reason(ref.guards) if ref.guarded else None
        severity = severity_for(reason)
        unchecked = unchecked_reason(asked.members[0])
        if unchecked is not None:
            reason, severity = unchecked, Severity.WARNING
        node = asked.node
        yield Finding(node.start, node.end, with_reason(message, reason), severity=severity)
