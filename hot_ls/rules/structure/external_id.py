from hot_ls.evaluator.snippet import evaluate_in
from hot_ls.evaluator.values import Unknown
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.structure.resolved_field import missing_parameter, unreported_failure
from hot_ls.syntax import Mapping, Scalar, Sequence


class ExternalId(Rule):
    """An external resource (`external_id`) that Heat cannot take into the stack.

    ## What it checks
    For each resource with an `external_id` that is enabled under the default
    parameter values (and the configured ones), the id as a stack create
    without -P resolves it:

    - a resource with an external id may not depend on others: with a
      `depends_on` as well, Heat refuses the template ('Invalid dependency
      with external OS::Nova::Server resource: <id>');
    - a function in it that fails when it is resolved
      (`{get_param: []}`: 'Function "get_param" must have arguments');
    - a warning when it comes from a parameter that has no value: `template
      validate` resolves it, and fails ('The Parameter (server_id) was not
      provided.'), and when such an id comes with a `depends_on`.

    A function whose arguments are wrong in shape, an undefined parameter and
    the field's type are other rules' business.

    ## Why it matters
    Heat works out the order of the stack's resources before it creates
    anything, and resolves each external id to do so: the create fails, and
    so does `openstack orchestration template validate`.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      network:
        type: OS::Neutron::Net
      server:
        type: OS::Nova::Server
        external_id: 0b9cc3a4-5ec2-4b8e-9a3c-8e9c7dd0a5d5
        depends_on: network
    ```

    ## Fix
    Drop the `depends_on`: Heat does not create, update or delete an external
    resource, so nothing has to happen before it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      network:
        type: OS::Neutron::Net
      server:
        type: OS::Nova::Server
        external_id: 0b9cc3a4-5ec2-4b8e-9a3c-8e9c7dd0a5d5
    ```
    """

    code = 'HOT121'
    name = 'external-id'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None or not template.facts.has_conditions:
            return  # external_id is a resource key from 2016-10-14 (resource-keys says so)
        scope = analysis.checked_evaluation.scope
        for res in analysis.checking.resources:
            body = res.body
            if not isinstance(body, Mapping):
                continue
            pair = body.pair('external_id')
            if pair is None:
                continue
            try:
                enabled = scope.enabled(res.name)
            except Exception:  # a broken condition: other rules say so
                continue
            if enabled is not True:
                continue  # Heat takes only the enabled resources into the stack
            node = pair.value
            if isinstance(node, Mapping) and id(node) in template.entry_walk(res).call_nodes:
                outcome = evaluate_in(scope, node)
                if outcome.error is not None:
                    message = unreported_failure(outcome.error)
                    if message is not None:
                        yield Finding(node.start, node.end, message)
                    continue
                value = outcome.value
                if isinstance(value, Unknown):
                    name = missing_parameter(scope, node)
                    if name is not None:
                        yield Finding(node.start, node.end,
                                      f'The Parameter ({name}) was not provided. (`template '
                                      f'validate` resolves the external id, so it fails without '
                                      f'a value for {name})', severity=Severity.WARNING)
                    depends = body.pair('depends_on')
                    if depends is not None and _names_some(depends.value):
                        yield Finding(depends.key.start, depends.value.end,
                                      f'Invalid dependency with external {res.type_name} '
                                      f'resource: a resource with an external_id cannot depend '
                                      f'on others, whatever id it is given at deploy time '
                                      f'(unless an empty one)', severity=Severity.WARNING)
                    continue
            elif isinstance(node, Scalar) and isinstance(node.value, str):
                value = node.value
            else:
                continue  # not a string: resource-field-types
            depends = body.pair('depends_on')
            if value and depends is not None and _names_some(depends.value):
                yield Finding(depends.key.start, depends.value.end,
                              f'Invalid dependency with external {res.type_name} resource: '
                              f'{value} (a resource with an external_id cannot depend on '
                              f'others)')


def _names_some(node) -> bool:
    """Whether depends_on names at least one resource (Heat tests the list for truth)."""
    if isinstance(node, Sequence):
        return bool(node.items)
    return isinstance(node, Scalar) and bool(node.value)
