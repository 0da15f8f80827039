from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import validation_reference
from hot_ls.rules.resources.member_issues import nested_value
from hot_ls.rules.resources.property_walk import resource_walk
from hot_ls.syntax import Mapping, Node, Sequence
from hot_ls.rules.evaluation._common import (
    PARAMETER_ERRORS, REFERENCE_ERRORS, left_to_unhashable_reference, never_resolves_properties,
    skipped_message,
    span,
)


class PropertyEvaluation(Rule):
    """A resource property whose value Heat cannot compute with the default parameter values.

    ## What it checks
    Each enabled resource's properties are evaluated as Heat evaluates them
    when it creates the stack, with the parameters' default values:
    `str_replace_strict` with a param missing from the template,
    `list_join` of a number, `map_merge` of a list, a yaql expression that
    fails, `str_split` with an index out of range, `make_url` with a port out
    of range...  Only failures that are certain are reported: nothing that
    depends on a value known only after deploy (get_attr, get_resource), on
    a parameter without a default, or on a file sent with the template;
    except what no value of a parameter's type passes, whatever its value:
    `list_join` of a number or boolean parameter, `map_replace` or
    `map_merge` of a string, comma_delimited_list, number or boolean one,
    `str_replace` of a number template (or, before 2015-10-15, with a
    comma_delimited_list param), `repeat` over a number, boolean or string
    one.
    A property that reads another resource is computed as Heat computes it
    when it validates the stack before creating anything: `get_attr` gives
    None then, and `get_resource` the reference a resource has before it
    exists (its name, or None for Neutron's...): a `str_split` whose
    delimiter is an attribute fails there (for Heat's own types; a provider
    template's stack is validated in its own way).
    OS::Heat::None is skipped, and so are the retired types Heat now builds
    on it (OS::Neutron::LoadBalancer, OS::Senlin::*...): they never resolve
    their properties.  In a nested stack (a provider template a configured
    stack creates), whose property values Heat resolves only when it
    creates that stack, a failure is a warning, unless the type's own
    validation reads the property.

    ## Why it matters
    `openstack stack create` fails ('Property error: resources.r.properties.
    value: ...') before it creates anything, although `template validate`
    accepts the template, because only a create resolves property values.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      config:
        type: OS::Heat::SoftwareConfig
        properties:
          config:
            str_replace_strict:
              template: "port=$PORT"
              params: {$PORT: 80, $HOST: example.com}
    ```

    ## Fix
    Make the arguments fit the function (here drop `$HOST` or use it in the
    template, or use `str_replace`, which ignores params that do not occur).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      config:
        type: OS::Heat::SoftwareConfig
        properties:
          config:
            str_replace_strict:
              template: "port=$PORT"
              params: {$PORT: 80}
    ```
    """

    code = 'HOT801'
    name = 'property-evaluation'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        evaluated = analysis.checked_evaluation
        for definition in analysis.checking.resources:
            name = definition.name
            if definition.mapping is None or never_resolves_properties(definition.type_name):
                continue
            preview = evaluated.resource(name)
            if preview.enabled.value is not True:
                continue
            for key, error in preview.property_errors.items():
                if self._reported(analysis, error):
                    start, end = span(error.node, definition.key, error.message)
                    yield self._nested(analysis, definition, key,
                                       Finding(start, end, error.message))
            yield from self._at_validation(analysis, definition, preview)

    @staticmethod
    def _nested(analysis, definition, key, finding: Finding) -> Finding:
        return finding if analysis.strict else nested_value(analysis, definition, key, finding)

    @staticmethod
    def _reported(analysis, error) -> bool:
        if error.kind in PARAMETER_ERRORS or error.kind in REFERENCE_ERRORS:
            return False
        return not (skipped_message(error.message)
                    or left_to_unhashable_reference(analysis, error.node))

    def _at_validation(self, analysis, definition, preview):
        """The properties whose functions read another resource, computed as Heat computes
        them when it validates the stack before creating it: get_attr gives None then, and
        get_resource a name (or None); a function may fail on that (`str_split` of None)."""
        rtype = analysis.resource_type(definition)
        if rtype is None or rtype.source != 'bundled':
            return  # a provider template's stack is validated in its own way (and a plugin's)
        call_nodes = analysis.template.entry_walk(definition).call_nodes
        keys = [key for key, _, node in resource_walk(analysis, definition).referring
                if key not in preview.property_errors and _wraps_reference(node, call_nodes)]
        if not keys:
            return
        evaluated = analysis.derived(_AtValidation).evaluation.resource(definition.name)
        for key in keys:
            error = evaluated.property_errors.get(key)
            if error is not None and self._reported(analysis, error):
                start, end = span(error.node, definition.key, error.message)
                yield self._nested(analysis, definition, key, Finding(
                    start, end, f'{error.message} (when Heat checks the stack before creating '
                    'it, get_attr gives None)'))


class _AtValidation:
    """The template evaluated as Heat validates the stack before creating it: the checks'
    inputs, with get_attr None and get_resource the reference a resource has before it
    exists.  Made only for a template with a property that needs it."""

    def __init__(self, analysis):
        inputs = analysis.inputs
        self.evaluation = TemplateEvaluation(
            analysis.template, inputs.environments, inputs.parameters, errors_only=True,
            files=analysis.stack.files, validation_reference=validation_reference(analysis))


def _wraps_reference(node: Node, call_nodes: frozenset[int], inside: bool = False) -> bool:
    """Whether a function other than get_resource and get_attr (or HOT 2013-05-23's `Ref`)
    takes one of them as an argument in `node` (the value could then fail on what they give
    at validation)."""
    if isinstance(node, Mapping):
        if id(node) in call_nodes and len(node.pairs) == 1:
            if node.pairs[0].key.value in ('get_resource', 'get_attr', 'Ref'):
                return inside
            return any(_wraps_reference(pair.value, call_nodes, True) for pair in node.pairs)
        return any(_wraps_reference(pair.value, call_nodes, inside) for pair in node.pairs)
    if isinstance(node, Sequence):
        return any(_wraps_reference(item, call_nodes, inside) for item in node.items)
    return False
