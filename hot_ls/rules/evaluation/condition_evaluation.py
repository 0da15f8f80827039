import ast

from hot_ls.evaluator.errors import PARSE
from hot_ls.evaluator.functions.base import Function
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.evaluation._common import (
    PARAMETER_ERRORS, REFERENCE_ERRORS, condition_function_matches, skipped_message, span,
)
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.syntax import Mapping, Sequence


class ConditionEvaluation(Rule):
    """A condition that Heat cannot evaluate with the default parameter values.

    ## What it checks
    Each condition Heat evaluates when it creates the stack (those named by
    a resource's or an output's `condition`, and by the `if`s Heat reaches)
    is evaluated with the parameters' default values.  It must come out as a boolean: a
    definition such as `{get_param: flag}` where `flag` is a string parameter
    holding 'true' is not one ('The definition of condition "c" is invalid:
    true'), a misspelt condition function is a map, which is no condition
    ('Invalid condition "{'ge_param': 'x'}"'), and a `contains` or `yaql`
    inside it may fail.  An `if` whose condition a parameter gives
    (`if: [{get_param: enable_tls}, ...]`) needs a boolean or a condition's
    name from it: a string parameter holding "false" is neither
    ('Invalid condition "false"').  Unknown names (HOT303), cycles (HOT501),
    definitions that are not conditions at all (HOT119) and missing
    parameter values are other rules' business.

    ## Why it matters
    Heat evaluates the conditions while it loads the resources, so the
    stack create fails before anything is created.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      enable_backup: {type: string, default: "yes"}
    conditions:
      backup: {get_param: enable_backup}
    resources:
      store:
        type: OS::Heat::None
        condition: backup
    ```

    ## Fix
    Make the definition a condition: declare the parameter as `boolean`, or
    compare it: `{equals: [{get_param: enable_backup}, 'true']}`.  A
    misspelt condition function (`{nto: ...}`) is offered the function it
    looks like, and the quick fix renames it.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      enable_backup: {type: string, default: "yes"}
    conditions:
      backup: {equals: [{get_param: enable_backup}, "yes"]}
    resources:
      store:
        type: OS::Heat::None
        condition: backup
    ```
    """

    code = 'HOT803'
    name = 'condition-evaluation'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return
        evaluated = analysis.checked_evaluation
        try:
            conditions = evaluated.scope.conditions()
        except Exception:  # the section itself is broken: HOT111's business
            return
        for definition in analysis.checking.conditions:
            name = definition.name
            if not analysis.observe(_evaluated, name):
                continue  # Heat never evaluates it with the default parameter values
            if not isinstance(conditions.parsed(name), Function):
                continue  # not a condition function at all (HOT119)
            error = evaluated.condition(name).error
            if error is None or error.kind in PARAMETER_ERRORS or error.kind in REFERENCE_ERRORS:
                continue
            if skipped_message(error.message) and not _not_a_name(error.message):
                continue
            if analysis.observe(_unparsed, error.message):
                continue
            if 'The definition of condition "' in error.message and \
                    f'The definition of condition "{name}" is invalid' not in error.message:
                continue  # reported at the condition it is about
            if _not_a_name(error.message) and analysis.observe(_decided, error.message):
                continue  # (already said where a resource's condition decides it)
            node = _offending(error.node, error.message) if _not_a_name(error.message) else None
            start, end = (node.start, node.end) if node is not None else span(error.node,
                                                                               definition.key)
            # (a misspelt function: the quick fix renames the key of the map it spans)
            matches = condition_function_matches(template, error.message) \
                if isinstance(node, Mapping) and len(node.pairs) == 1 else []
            yield Finding(start, end, error.message + suggestion_text(matches),
                          data={'replacements': matches} if matches else None)
        inputs = analysis.inputs.described
        for definition in analysis.checking.resources:
            yield from _parameter_condition(evaluated.resource(definition.name).properties.error,
                                            inputs)
        for definition in analysis.checking.outputs:
            yield from _parameter_condition(evaluated.output(definition.name).value.error, inputs)


def _parameter_condition(error, inputs: str):
    """An `if` whose condition a parameter gives, which is no condition with the inputs ('Invalid
    condition "false"': a string parameter holding 'false'), as Heat parses the `if`.

    A condition written as a name is undefined-condition's; one that fails whatever the
    parameters (a misspelt function) is function-arguments'.
    """
    if error is None or error.phase != PARSE or 'Invalid condition "' not in error.message:
        return
    node = error.node
    if not (isinstance(node, Mapping) and len(node.pairs) == 1
            and node.pairs[0].key.value in ('if', 'Fn::If')):
        return
    args = node.pairs[0].value
    if not isinstance(args, Sequence) or not args.items:
        return
    condition = args.items[0]
    if not isinstance(condition, Mapping) or not _reads_a_parameter(condition):
        return
    yield Finding(condition.start, condition.end,
                  f'{error.message} ({inputs}: a condition given by a parameter must be a '
                  f'boolean, or the name of a condition)')


def _reads_a_parameter(node) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Mapping):
            for pair in current.pairs:
                if pair.key.value == 'get_param':
                    return True
                stack.append(pair.value)
        elif isinstance(current, Sequence):
            stack.extend(current.items)
    return False


def _evaluated(analysis, name) -> bool:
    """Whether Heat evaluates the condition when it creates the stack without -P (a
    resource or an output looks it up)."""
    return name in analysis.heat_conditions


def _unparsed(analysis, message: str) -> bool:
    """Whether `message` is why some condition's definition does not parse."""
    return any(analysis.entry_facts(definition).unparsed == message
               for definition in analysis.template.conditions.values())


def _decided(analysis, message: str) -> bool:
    """Whether function-arguments (HOT404) already reports `message` where a resource
    decides the condition (a certain static issue ending with it)."""
    template = analysis.template
    return any(certain.endswith(message)
               for definitions in (template.conditions, template.resources, template.outputs)
               for definition in definitions.values()
               for certain in analysis.entry_facts(definition).certain)


def _not_a_name(message: str) -> bool:
    """'Invalid condition "{...}"': a map (a misspelt condition function) or a list where a
    condition goes, which no condition name explains (undefined-condition reports names)."""
    return message.startswith(('Invalid condition "{', 'Invalid condition "['))


def _offending(node, message: str):
    """The map or list the message quotes, found under the failing call (else None).

    Heat quotes the value as evaluated: in `{nto: {equals: [a, a]}}` the
    misspelt key's argument is already a boolean (`{'nto': True}`), so a map
    with the quoted keys is the next best match when none has the exact value.
    """
    said = message[len('Invalid condition "'):-1]
    keys = _quoted_keys(said)
    same_keys = None
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, (Mapping, Sequence)):
            try:
                if str(current.to_python()) == said:
                    return current
            except Exception:  # a value that does not convert: look further down
                pass
            if isinstance(current, Mapping):
                if same_keys is None and keys is not None and \
                        [str(getattr(pair.key, 'value', None)) for pair in current.pairs] == keys:
                    same_keys = current
                stack.extend(pair.value for pair in current.pairs)
            else:
                stack.extend(current.items)
    return same_keys


def _quoted_keys(said: str) -> list[str] | None:
    """The keys of the map a message quotes (`{'nto': True}` -> ['nto']), when it reads back."""
    if len(said) > 4096:
        return None
    try:
        value = ast.literal_eval(said)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None
    return [str(key) for key in value] if isinstance(value, dict) else None
