from hot_ls.model.symbols import PARAMETER, VALUE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.evaluation.output_evaluation import output_failure
from hot_ls.rules.references._common import DEPENDENCY_FIELDS as _FIELDS
from hot_ls.rules.references._common import GET_ATTR as _GET_ATTR
from hot_ls.rules.references._common import attribute_path_resolved
from hot_ls.syntax import Mapping, Scalar


class AttributePathEvaluation(Rule):
    """An output's `get_attr` whose attribute name or path Heat cannot resolve.

    ## What it checks
    The functions inside an output's `get_attr` arguments (its attribute
    name and the path after it), evaluated with the default parameter
    values: a `str_split` index out of range, a yaql expression that
    fails...  Heat resolves them when it validates the stack, to know which
    attributes of each resource the stack references, on both paths (asked
    of Heat 27.0.1).  A failure elsewhere in an output's value only leaves
    the output without a value (HOT802); a `get_param` of an undefined
    parameter or a `get_resource` of a missing resource in a `get_attr`'s
    path is an error of HOT301 and HOT302 for the same reason.  In a
    resource's properties, any such failure is already a property error
    (HOT801).

    In a resource's properties and metadata and in an output alike, a
    `get_param` there of a parameter given no value (no default, none
    configured) is a warning: `openstack orchestration template validate`,
    which has no values, refuses the template ("The Referenced Attribute
    (server addresses) is incorrect." for a path, "The Parameter (net) was
    not provided." for an attribute name), where a stack create gets one
    with -P.  Not in a resource or output Heat does not create, nor in an
    `if` branch it does not take.

    ## Why it matters
    Heat refuses the template before it creates anything, and `openstack
    orchestration template validate` refuses it too: "The Referenced
    Attribute (server addresses) is incorrect." for a path, the function's
    own error for an attribute name.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        properties: {value: {a: 1}}
    outputs:
      first:
        value: {get_attr: [server, value, {str_split: [',', 'a,b', 5]}]}
    ```

    ## Fix
    Make the function in the path resolve (here an index within the list).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Value
        properties: {value: {a: 1}}
    outputs:
      first:
        value: {get_attr: [server, value, {str_split: [',', 'a,b', 0]}]}
    ```
    """

    code = 'HOT804'
    name = 'attribute-path-evaluation'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.all(('resources', 'outputs')):
            yield from _without_value(analysis, definition)
        for definition in analysis.checking.outputs:
            found = output_failure(analysis, definition)
            if found is None:
                continue
            error, start, end = found
            ref = attribute_path_resolved(template, ('outputs', definition.name), start)
            if ref is None:
                continue
            attribute = ref.path[0]
            if attribute.start <= start < attribute.end:
                yield Finding(start, end, f"{error.message} (Heat resolves a get_attr's "
                                          'attribute name when it validates the stack)')
                continue
            name = getattr(attribute, 'value', None)
            yield Finding(start, end, f'The Referenced Attribute ({ref.name} '
                                      f'{name if isinstance(name, str) else "..."}) is '
                                      'incorrect: its path fails to resolve when Heat validates '
                                      f'the stack ({error.message})')


def _without_value(analysis, definition):
    """The get_params of parameters given no value in a get_attr's name or path that Heat
    resolves when it validates the stack: warnings (only `template validate` has no value)."""
    template = analysis.template
    spans = [(call.args.start, call.args.end) for call in template.calls_in(definition)
             if call.impl in _GET_ATTR and call.args is not None]
    if not spans:
        return
    section = definition.section
    fields = _FIELDS.get(section, ())
    owner = (section, definition.name)
    for ref in template.references_in(definition):
        if ref.kind != PARAMETER or ref.via != 'get_param' or ref.field not in fields or \
                not isinstance(ref.name, str) or \
                (ref.call is not None and ref.call.context != VALUE) or \
                not any(start <= ref.start < end for start, end in spans) or \
                ref.name not in analysis.derived(_missing_parameters):
            continue
        if ref.guarded and analysis.presence.branch_reason(ref.guards) is not None:
            continue  # (a branch Heat does not take)
        if analysis.presence.absent(definition.name, section) is not None:
            return
        around = attribute_path_resolved(template, owner, ref.start)
        if around is None or around.via != 'get_attr':
            continue
        attribute = around.path[0]
        if attribute.start <= ref.start < attribute.end:
            refusal = f'The Parameter ({ref.name}) was not provided.'
            what = "this get_attr's attribute name"
        else:
            name = getattr(attribute, 'value', None)
            refusal = (f'The Referenced Attribute ({around.name} '
                       f'{name if isinstance(name, str) else "..."}) is incorrect.')
            what = "this get_attr's path"
        yield Finding(ref.start, ref.end,
                      f'{refusal[:-1]}: `openstack orchestration template validate` refuses '
                      f'{what} without a value for {ref.name} (Heat resolves it when it '
                      'validates the stack; a stack create gets one with -P)',
                      severity=Severity.WARNING)


def _missing_parameters(analysis) -> frozenset:
    """The names of the template's parameters given no value (no default, none configured).
    (Those with a default written are not looked up: the evaluation's scope, which the
    inputs make, is not needed for most templates, whose parameters all have one.)"""
    candidates = [name for name, definition in analysis.template.parameters.items()
                  if isinstance(name, str) and _without_default(definition)]
    if not candidates:
        return frozenset()
    parameters = analysis.checked_evaluation.scope.parameters
    return frozenset(name for name in candidates if parameters.missing(name))


def _without_default(definition) -> bool:
    body = definition.body
    if not isinstance(body, Mapping):
        return True
    default = body.get('default')
    return default is None or (isinstance(default, Scalar) and default.value is None)
