from hot_ls.model.symbols import CONDITION, PARAMETER
from hot_ls.rules.base import Rule, Severity
from hot_ls.rules.parameters._common import at_node, checked_parameters
from hot_ls.rules.plugins.validation import read_by_validate
from hot_ls.syntax import Mapping, Sequence

#: Why a default of the wrong type is a warning in a nested stack (Analysis.strict).
NESTED_PARAMETERS = ('Heat checks the parameter values of a nested stack only when it creates '
                     'it, after the stack create has started')


class ParameterDefaultType(Rule):
    """A parameter's default is not a value of the parameter's type.

    ## What it checks
    That the default converts to the type as Heat converts values: a
    number (`"10"` and `1.5` are numbers), a boolean (true/false, yes/no,
    on/off, 1/0, t/f, y/n), valid JSON text or any YAML value for json, a
    list or a comma-separated string for comma_delimited_list.  A list or
    mapping as the default of a string parameter is a warning.

    ## Why it matters
    A comma_delimited_list default that is neither a list nor a string is
    refused as soon as the template is validated ("Default must be a
    comma-delimited list string").  The other types pass `template
    validate` but every stack create fails: "Parameter 'p' is invalid:
    could not convert string to float: 'abc'".  A string parameter accepts
    a list default, but its value becomes Python's text for the list
    ("['a', 'b']").  In a nested stack (a provider template a configured
    stack creates), Heat checks the parameter values only when it creates
    that stack: a default that does not convert is a warning there, unless
    Heat's validation of that stack reads it: a resource type's validate()
    reads a property that takes it (a ResourceGroup's `count`), or a
    condition Heat decides while it parses the stack reads it (a resource's
    or an output's `condition`, an `if`).

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      debug:
        type: boolean
        default: maybe
    ```

    ## Fix
    Write a default of the declared type, or change the type (the quick fix
    gives the parameter the type of its default).
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      debug:
        type: boolean
        default: false
    ```
    """

    code = 'HOT214'
    name = 'parameter-default-type'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for _, view in checked_parameters(analysis):
            if view.schema is None or view.schema.default is None:
                continue
            pair = view.definition.field_pair('default')
            problem = view.default_problem
            if problem is not None:
                if problem.kind == 'type' and not analysis.strict and \
                        not analysis.observe(read_value_fails, view.name):
                    yield at_node(pair.value, f'{problem.message} ({NESTED_PARAMETERS})',
                                  pair.key, severity=Severity.WARNING)
                elif problem.kind == 'type' and not analysis.strict:
                    yield at_node(pair.value, f'{problem.message} '
                                  f'({read_reason(analysis, view.name)})', pair.key)
                elif problem.kind in ('default-type', 'type'):
                    yield at_node(pair.value, problem.message, pair.key)
                continue
            if view.type == 'string' and isinstance(pair.value, (Mapping, Sequence)):
                shown = view.schema.value()
                what = 'list' if isinstance(pair.value, Sequence) else 'mapping'
                yield at_node(pair.value,
                              f'The default of string parameter {view.name} is a {what}; Heat '
                              f'turns it into the string "{shown}"', pair.key,
                              severity=Severity.WARNING)


def read_value_fails(analysis, name) -> bool:
    """Whether Heat's validation of this nested stack reads the parameter's value and fails
    to convert it: the value the evaluation has (the parent's, parameter_defaults', else the
    default; a value the parent passes that is not known here may be any) does not convert,
    and the validation reads it."""
    stack = analysis.stack
    if stack.values is not None and name in stack.values and \
            name not in analysis.inputs.parameters:
        return False
    if not analysis.checked_evaluation.parameters.lookup_fails(name):
        return False  # (the stack gets another value, which converts)
    return read_when_validated(analysis, name)


def read_reason(analysis, name) -> str:
    """Why Heat's validation of a nested stack reads the parameter (read_when_validated)."""
    if analysis.observe(read_by_validate_of, name):
        return ('a resource type\'s validate() reads it, which Heat runs when it validates '
                'this nested stack')
    return 'a condition Heat decides when it validates this nested stack reads it'


def read_when_validated(analysis, name) -> bool:
    """Whether Heat's validation of a nested stack, without values, reads the parameter's
    value: a resource's validate() reads a property that takes it, or a condition Heat decides
    while it parses the stack reads it.  (Asked of the whole template: Analysis.observe.)"""
    return read_by_validate_of(analysis, name) or read_when_parsed(analysis, name)


def read_when_parsed(analysis, name) -> bool:
    """Whether a condition Heat decides while it parses the stack reads the parameter: one it
    evaluates (a resource's or an output's `condition`, one an `if` names:
    Analysis.heat_conditions, and those they name), or the condition written in an `if` of a
    resource's properties or metadata (disabled or not) or of an output's value it keeps, not
    inside another `if`'s branch."""
    template = analysis.template
    refs = [ref for ref in template.references_to(PARAMETER, name)
            if ref.via in ('get_param', 'Ref') and ref.owner is not None]
    if not refs:
        return False
    evaluated = _decided_conditions(analysis)
    for ref in refs:
        section, owner = ref.owner
        if section == 'conditions':
            if owner in evaluated:
                return True
        elif section in ('resources', 'outputs') and _in_a_parsed_if(analysis, ref):
            return True
    return False


def _decided_conditions(analysis) -> set:
    template = analysis.template
    found = set()
    pending = [name for name in analysis.heat_conditions if isinstance(name, str)]
    while pending:
        name = pending.pop()
        if name in found:
            continue
        found.add(name)
        definition = template.conditions.get(name)
        if definition is not None:
            pending.extend(ref.name for ref in template.references_in(definition)
                           if ref.kind == CONDITION and isinstance(ref.name, str))
    return found


def _in_a_parsed_if(analysis, ref) -> bool:
    template = analysis.template
    definition = getattr(template, ref.owner[0]).get(ref.owner[1])
    if definition is None:
        return False
    for call in template.calls_in(definition):
        if call.name != 'if' or call.guarded \
                or call.field not in ('properties', 'metadata', 'value') \
                or not isinstance(call.args, Sequence) or not call.args.items:
            continue
        condition = call.args.items[0]
        if not condition.start <= ref.start < condition.end:
            continue
        if definition.section == 'outputs' and \
                analysis.presence.reason(call.node.start, call.node.end) is not None:
            continue  # (an output Heat leaves out is not parsed)
        return True
    return False


def read_by_validate_of(analysis, name) -> bool:
    """Whether a resource's validate() reads a property that takes the parameter's value
    (and fails to): Heat's validation of a nested stack, without values, converts it there.
    (Asked of the whole template: Analysis.observe.)"""
    template = analysis.template
    for ref in template.references_to('parameter', name):
        owner = ref.owner
        if ref.via in ('get_param', 'Ref') and owner is not None and \
                owner[0] == 'resources' and ref.field == 'properties':
            definition = template.resources.get(owner[1])
            if definition is not None and read_by_validate(analysis, definition, ref.start):
                return True
    return False
