from hot_ls.evaluator.errors import RESOLVE
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.references._common import attribute_path_resolved
from hot_ls.rules.evaluation._common import (
    PARAMETER_ERRORS, REFERENCE_ERRORS, left_to_unhashable_reference, skipped_message, span,
)


class OutputEvaluation(Rule):
    """An output whose value Heat cannot compute with the default parameter values.

    ## What it checks
    Each output whose condition holds is evaluated as Heat evaluates it
    when it shows the stack's outputs, with the parameters' default values:
    a `list_join` of a number, a `str_replace_strict` param missing from the
    template, a yaql expression that fails...  Only failures that are
    certain are reported: nothing that depends on a value known only after
    deploy, or on a parameter without a default.

    ## Why it matters
    Heat creates the stack, but the output never has a value: `openstack
    stack output show` reports the error instead.  (A failure in a
    `get_attr`'s attribute name or path is HOT804's: Heat refuses the
    template there.)

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    outputs:
      ports:
        value: {list_join: [",", [80, 443]]}
    ```

    ## Fix
    Make the arguments fit the function (here quote the numbers: ['80', '443']).
    ```yaml
    heat_template_version: 2021-04-16
    outputs:
      ports:
        value: {list_join: [",", ["80", "443"]]}
    ```
    """

    code = 'HOT802'
    name = 'output-evaluation'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for definition in analysis.checking.outputs:
            name = definition.name
            found = output_failure(analysis, definition)
            if found is None:
                continue
            error, start, end = found
            if attribute_path_resolved(template, ('outputs', name), start) is not None:
                continue  # (Heat refuses the template there: HOT804)
            yield Finding(start, end, f'{error.message} (output "{name}" will have no value)')


def output_failure(analysis, definition):
    """The failure of an enabled output's value with the inputs that HOT802 would report
    (certain, not a parameter's or a reference's, which their rules report): (the error,
    start, end), or None."""
    name = definition.name
    if definition.mapping is None or definition.get('value') is None:
        return None
    output = analysis.checked_evaluation.output(name)
    error = output.value.error
    if error is None or error.phase != RESOLVE or output.enabled.value is not True:
        return None
    if error.kind in PARAMETER_ERRORS or error.kind in REFERENCE_ERRORS:
        return None
    if skipped_message(error.message) or left_to_unhashable_reference(analysis, error.node):
        return None
    start, end = span(error.node, definition.key, error.message)
    return error, start, end
