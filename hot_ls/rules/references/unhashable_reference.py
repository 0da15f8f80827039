from typing import Any

from hot_ls.evaluator.snippet import evaluate_in
from hot_ls.model.symbols import VALUE, Definition, FunctionCall
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.references._common import (DEPENDENCY_FIELDS as _FIELDS, GET_ATTR as _GET_ATTR,
                                            severity_for, with_reason)
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

_GET_RESOURCE = ('GetResource',)


class UnhashableReference(Rule):
    """`get_resource` or `get_attr` with a list or map where Heat needs a name.

    ## What it checks
    The resource name of `get_resource` and the attribute name and path of
    `get_attr`, as the default parameter values (and the configured ones)
    resolve them, in every resource Heat creates (its properties and
    metadata) and every output: a list or a map there, written or produced
    by a function (`{get_param: a_json_parameter}`).

    ## Why it matters
    Heat uses these as keys when it works out which resources depend on
    which and which attributes they need, for every resource and output,
    whatever its type (OS::Heat::None too), before anything else:
    `template validate` and `stack create` both fail with "unhashable type:
    'list'" (or 'dict'), and no output or property gets a value.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::RandomString
    outputs:
      server_id:
        value: {get_resource: [server, value]}
    ```

    ## Fix
    `get_resource` takes just the name; to read an attribute use
    `get_attr`, whose path items are keys or indexes.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::RandomString
    outputs:
      server_id:
        value: {get_attr: [server, value]}
    ```
    """

    code = 'HOT305'
    name = 'unhashable-reference'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.all(('resources', 'outputs')):
            for call, node, kind, reason in unhashable_references(analysis, definition):
                what = ('get_resource takes a resource name' if call.impl in _GET_RESOURCE else
                        "get_attr's attribute name and path items must be strings or numbers")
                message = (f"unhashable type: '{kind}': {what} (Heat uses it as a key when it "
                           f'works out dependencies)')
                yield Finding(node.start, node.end, with_reason(message, reason),
                              severity=severity_for(reason))


def unhashable_references(analysis, definition: Definition
                          ) -> list[tuple[FunctionCall, Node, str, str | None]]:
    """(call, the argument that is a list or map, 'list'|'dict', why it may not fail) in one
    resource or output, once per analysis: HOT305 reports them and the evaluation rules
    leave them to it."""
    return analysis.derived_for(_unhashable_references, definition)


def is_unhashable_reference(analysis, node: Node | None) -> bool:
    """Whether `node` is a get_resource/get_attr call HOT305 reports."""
    if node is None:
        return False
    definition = analysis.template.entry_at(node.start)
    if definition is None or definition.section not in _FIELDS:
        return False
    return any(call.node is node for call, *_ in unhashable_references(analysis, definition))


def _unhashable_references(analysis, definition: Definition) -> list:
    template = analysis.template
    if template is None or template.version is None:
        return []
    found = []
    fields = _FIELDS.get(definition.section, ())
    calls = template.calls_in(definition)
    for call in calls:
        if call.context != VALUE or call.impl not in _GET_RESOURCE + _GET_ATTR:
            continue
        if call.field not in fields:
            continue
        if call.impl in _GET_RESOURCE:
            arguments = [call.args]
        elif isinstance(call.args, Sequence) and len(call.args.items) >= 2:
            target = call.args.items[0]
            if isinstance(target, Scalar) and target.value not in template.resources:
                continue  # a missing resource fails first (undefined-resource)
            # HOT 2013-05-23's get_attr selects with its path; only the attribute is a key
            arguments = call.args.items[1:2] if call.impl == 'GetAttThenSelect' else call.args.items[1:]
        else:
            continue
        for node in arguments:
            kind = _unhashable(analysis, node, calls)
            if kind is not None:
                reason = analysis.presence.branch_reason(call.guards) if call.guarded else None
                found.append((call, node, kind, reason))
                break
    return found


def _unhashable(analysis, node: Node, calls: list[FunctionCall]) -> str | None:
    """'list' or 'dict' when the argument is (or resolves to) one, else None."""
    if isinstance(node, Sequence):
        return 'list'
    if not isinstance(node, Mapping):
        return None
    if not any(call.node is node for call in calls):
        return 'dict'
    outcome = evaluate_in(analysis.checked_evaluation.scope, node)
    return _kind(outcome.value) if outcome.error is None else None


def _kind(value: Any) -> str | None:
    if isinstance(value, list):
        return 'list'
    if isinstance(value, dict):
        return 'dict'
    return None
