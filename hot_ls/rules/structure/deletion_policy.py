import json
from typing import Iterable

from hot_ls.evaluator.snippet import evaluate_in
from hot_ls.evaluator.values import Unknown, to_json
from hot_ls.rules.base import NEEDS_VERSION, Finding, Rule, Severity
from hot_ls.rules.structure.resolved_field import missing_parameter, parameter_of, unreported_failure
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.syntax import Mapping, Scalar


class DeletionPolicy(Rule):
    """`deletion_policy` is not a policy of this template version.

    ## What it checks
    Literal deletion policies against Delete, Retain and Snapshot, and from
    2016-10-14 their lowercase forms.  A policy given by a function
    (`{get_param: policy}`) is checked as a stack create without -P resolves
    it, with the default parameter values (and the configured ones): an
    error when those make it invalid, a warning naming the allowed
    parameter values that would, or when the parameter has no value
    (`template validate` resolves the policy, so it fails without one).

    ## Why it matters
    Heat refuses the template, for every resource whatever its condition:
    'Invalid deletion policy "Destroy"' (or "unhashable type: 'list'" for a
    list).

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      volume:
        type: OS::Heat::None
        deletion_policy: keep
    ```

    ## Fix
    Use one of the listed policies.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      volume:
        type: OS::Heat::None
        deletion_policy: Retain
    ```
    """

    code = 'HOT115'
    name = 'deletion-policy'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        policies = template.facts.deletion_policies
        for res in analysis.checking.resources:
            body = res.body
            if not isinstance(body, Mapping):
                continue
            node = body.get('deletion_policy')
            if isinstance(node, Mapping) and id(node) in template.entry_walk(res).call_nodes:
                yield from self._resolved(analysis, node, policies)
                continue
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            if node.value in policies:
                continue
            message = f'Invalid deletion policy "{node.value}"'
            if node.value.lower() in ('delete', 'retain', 'snapshot') and node.value.islower():
                message += ' (lowercase policies need heat_template_version 2016-10-14 or later)'
                data = {'replacements': [node.value.capitalize()], NEEDS_VERSION: '2016-10-14'}
            else:
                matches = did_you_mean(node.value, policies)
                message += '; valid policies: ' + ', '.join(policies)
                message += suggestion_text(matches)
                data = {'replacements': matches}
            yield Finding(node.start, node.end, message, data=data)

    def _resolved(self, analysis, node: Mapping, policies) -> Iterable[Finding]:
        """A policy from a function, as the inputs resolve it (and the other allowed values)."""
        outcome = evaluate_in(analysis.checked_evaluation.scope, node)
        if outcome.error is not None:  # (a broken call, an undefined parameter: other rules')
            message = unreported_failure(outcome.error)
            if message is not None:
                yield Finding(node.start, node.end, message)
            return
        value = outcome.value
        inputs = analysis.inputs.described
        if isinstance(value, (list, dict)):
            kind = 'list' if isinstance(value, list) else 'dict'
            yield Finding(node.start, node.end, f"unhashable type: '{kind}': the deletion policy is "
                          f'{json.dumps(to_json(value))} {inputs}')
            return
        if isinstance(value, Unknown):
            name = missing_parameter(analysis.checked_evaluation.scope, node)
            if name is not None:
                yield Finding(node.start, node.end,
                              f'The Parameter ({name}) was not provided. (`template validate` '
                              f'resolves the deletion policy, so it fails without a value for '
                              f'{name}; it must be one of {", ".join(policies)})',
                              severity=Severity.WARNING)
            return
        if value not in policies:
            yield Finding(node.start, node.end,
                          f'Invalid deletion policy "{value}" {inputs}; valid policies: '
                          + ', '.join(policies))
            return
        name = parameter_of(node)
        schema = analysis.checked_evaluation.scope.parameters.schema(name) if name else None
        for constraint in schema.constraints if schema is not None else ():
            bad = [v for v in getattr(constraint, 'allowed', ()) if v not in policies]
            for allowed in bad:
                yield Finding(node.start, node.end,
                              f'Invalid deletion policy "{allowed}" when {name} is '
                              f'{json.dumps(allowed)}, which its allowed_values permit; valid '
                              f'policies: ' + ', '.join(policies), severity=Severity.WARNING)

