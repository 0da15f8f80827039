from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.resources.resource_type_unknown import is_template_type
from hot_ls.syntax import Mapping, Scalar


class SnapshotUnsupported(Rule):
    """`deletion_policy: Snapshot` on a resource type that cannot take a snapshot.

    ## What it checks
    A literal `Snapshot` (or, from 2016-10-14, `snapshot`) deletion policy
    on a type whose Heat class has no snapshot-before-delete.  Of Heat's
    own types only OS::Cinder::Volume, AWS::EC2::Volume, OS::Nova::Server
    and OS::Heat::DeployedServer have one; provider templates never do.
    Custom plugins count when their class (or a Heat base class) defines
    `handle_snapshot_delete`; types whose class hot-ls cannot see (those of
    a cloud dump alone, or mapped by an environment) are not checked.

    ## Why it matters
    Heat refuses the stack: 'resources.net.deletion_policy: "Snapshot"
    deletion policy not supported'.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      net:
        type: OS::Neutron::Net
        deletion_policy: Snapshot
    ```

    ## Fix
    Use `Retain` to keep the resource when the stack is deleted, or `Delete`.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      net:
        type: OS::Neutron::Net
        deletion_policy: Retain
    ```
    """

    code = 'HOT713'
    name = 'snapshot-unsupported'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

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
            if not isinstance(node, Scalar) or node.value not in ('Snapshot', 'snapshot') \
                    or node.value not in policies:
                continue  # a misspelt or too-new policy is HOT115's
            if body.get('external_id') is not None:
                continue  # Heat does not validate an external resource
            type_name = res.type_name
            if not isinstance(type_name, str) or not type_name:
                continue
            if is_template_type(type_name):
                what = f'the provider template {type_name}'
            else:
                rtype = analysis.resource_type(res)
                if rtype is None or rtype.supports_snapshot is not False:
                    continue
                what = rtype.name
            lower = node.value.islower()
            yield Finding(node.start, node.end,
                          f'"Snapshot" deletion policy not supported: {what} cannot take a '
                          f'snapshot before it is deleted',
                          data={'replacements': ['retain', 'delete'] if lower
                                else ['Retain', 'Delete']})
