from hot_ls.rules.base import Finding, Rule, Severity
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
    comma_delimited_list param).
    OS::Heat::None is skipped, and so are the retired types Heat now builds
    on it (OS::Neutron::LoadBalancer, OS::Senlin::*...): they never resolve
    their properties.

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
            for error in preview.property_errors.values():
                if error.kind in PARAMETER_ERRORS or error.kind in REFERENCE_ERRORS:
                    continue
                if skipped_message(error.message) or left_to_unhashable_reference(analysis,
                                                                                  error.node):
                    continue
                start, end = span(error.node, definition.key, error.message)
                yield Finding(start, end, error.message)
