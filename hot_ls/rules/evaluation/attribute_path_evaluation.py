from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.evaluation.output_evaluation import output_failure
from hot_ls.rules.references._common import attribute_path_resolved


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
