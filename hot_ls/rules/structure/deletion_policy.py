from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.syntax import Mapping, Scalar


class DeletionPolicy(Rule):
    """`deletion_policy` is not a policy of this template version.

    ## What it checks
    Literal deletion policies against Delete, Retain and Snapshot, and from
    2016-10-14 their lowercase forms.

    ## Why it matters
    Heat refuses the template: 'Invalid deletion policy "Destroy"'.

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

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        policies = template.facts.deletion_policies
        for res in template.resources.values():
            body = res.body
            if not isinstance(body, Mapping):
                continue
            node = body.get('deletion_policy')
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            if node.value in policies:
                continue
            message = f'Invalid deletion policy "{node.value}"'
            if node.value.lower() in ('delete', 'retain', 'snapshot') and node.value.islower():
                message += ' (lowercase policies need heat_template_version 2016-10-14 or later)'
                matches = [node.value.capitalize()]
            else:
                matches = did_you_mean(node.value, policies)
                message += '; valid policies: ' + ', '.join(policies)
                message += suggestion_text(matches)
            yield Finding(node.start, node.end, message, data={'replacements': matches})
