from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import resource_state
from hot_ls.rules.resources.members import group_members
from hot_ls.rules.resources.resource_type_unknown import is_template_type
from hot_ls.rules.suggestions import did_you_mean, suggestion_text


class MemberTypeUnknown(Rule):
    """The member type of a group resource is not in the catalog.

    ## What it checks
    The type a group builds its members of: OS::Heat::ResourceGroup's
    `resource_def: {type}`, OS::Heat::AutoScalingGroup's `resource: {type}`
    and each type of OS::Heat::ResourceChain's `resources`, as written or as
    computed from parameters with their default values.  As for a resource's
    own type, a type in a namespace Heat owns is an error, a type of another
    namespace (mapped by an environment) a warning.  A provider template
    (`type: server.yaml`) is checked when the workspace knows it.  A group
    without members (`count: 0`, `min_size: 0`) is not validated by Heat:
    there it is a warning.

    ## Why it matters
    `openstack stack create` validates the group's nested stack before it
    creates anything and refuses the template: "The Resource Type
    (OS::Nova::Sever) could not be found."  `template validate` does not
    look inside the group.

    ## Example
    ```yaml
    servers:
      type: OS::Heat::ResourceGroup
      properties:
        count: 2
        resource_def:
          type: OS::Nova::Sever
    ```

    ## Fix
    Fix the spelling (the message suggests close names), or map the type in
    an environment's resource_registry.
    """

    code = 'HOT731'
    name = 'member-type-unknown'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        catalog = analysis.catalog
        for group, members in group_members(analysis).items():
            if resource_state(analysis, group).enabled is False:
                continue
            for member in members:
                name, node = member.type_name, member.type_node
                if node is None or name is None or is_template_type(name):
                    continue
                if analysis.type_named(name) is not None:
                    continue
                message = f'The Resource Type ({name}) could not be found'
                if not catalog.heat_owns(name):
                    yield Finding(node.start, node.end,
                                  message + " in Heat's catalog; it must be mapped by an "
                                  "environment's resource_registry", severity=Severity.WARNING)
                    continue
                matches = did_you_mean(name, catalog.names(include_hidden=True), cutoff=0.75)
                text = message + suggestion_text(matches)
                if member.built is False:
                    yield Finding(node.start, node.end,
                                  f'{text} ({group} has no members, so Heat does not check it)',
                                  severity=Severity.WARNING)
                else:
                    yield Finding(node.start, node.end, text,
                                  data={'replacements': matches} if matches else None)
