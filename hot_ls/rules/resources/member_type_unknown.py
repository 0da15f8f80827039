import os

from hot_ls.rules.base import UNMAPPED, Finding, Rule, Severity
from hot_ls.rules.plugins.values import resource_state
from hot_ls.rules.resources.members import (RESOURCE_CHAIN, group_members, member_resolution,
                                             unchecked_reason)
from hot_ls.rules.resources.resource_type_unknown import (NOT_A_TEMPLATE_NAME,
                                                         is_template_type, names_a_file)
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.workspace.stacks import LOOP, NOT_FOUND


class MemberTypeUnknown(Rule):
    """The member type of a group resource that nothing implements.

    ## What it checks
    The type a group builds its members of: OS::Heat::ResourceGroup's
    `resource_def: {type}`, OS::Heat::AutoScalingGroup's `resource: {type}`
    and each type of OS::Heat::ResourceChain's `resources`, as written or as
    computed from parameters with their default values, resolved as the
    group's nested stack resolves it (the stack's environments, then the
    catalog).  As for a resource's own type (HOT701), a type nothing
    implements is an error, except one outside Heat's namespaces when no
    environment is known for the template: a warning.  A group without
    members (`count: 0`, `min_size: 0`) is not validated by Heat: there it
    is a warning.  A template file among a ResourceChain's `resources` is
    an error too: python-heatclient sends the templates `type:` keys name,
    not those strings, so Heat cannot fetch it ("Could not fetch remote
    template").

    ## Why it matters
    `openstack stack create` validates the group's nested stack before it
    creates anything and refuses the template: "The Resource Type
    (OS::Nova::Sever) could not be found."  `template validate` does not
    look inside the group.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      passwords:
        type: OS::Heat::ResourceGroup
        properties:
          count: 2
          resource_def:
            type: OS::Heat::RandomStrng
    ```

    ## Fix
    Fix the spelling (the message suggests close names), or map the type in
    an environment's resource_registry (when environments of the workspace map
    it, the editor's quick fix names one for the template's stack).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      passwords:
        type: OS::Heat::ResourceGroup
        properties:
          count: 2
          resource_def:
            type: OS::Heat::RandomString
    ```
    """

    code = 'HOT731'
    name = 'member-type-unknown'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        catalog = analysis.catalog
        stack = analysis.stack
        for definition in analysis.checking.resources:
            group, members = definition.name, group_members(analysis, definition)
            if not members or resource_state(analysis, group).enabled is False:
                continue
            for member in members:
                name, node = member.type_name, member.type_node
                if name is None:
                    continue
                if is_template_type(name):
                    if member.group_type == RESOURCE_CHAIN and '://' not in name:
                        at = member.anchor  # (the type as written, else the group's name)
                        unchecked = unchecked_reason(member)
                        yield Finding(at.start, at.end, _unsent(name, unchecked),
                                      severity=Severity.WARNING if unchecked else None)
                    continue
                if node is None:
                    continue
                resolved = member_resolution(analysis, member)
                if resolved.problem not in (NOT_FOUND, LOOP):
                    continue
                severity = None
                if resolved.problem == LOOP:
                    text, data = resolved.message, None
                elif names_a_file(name):
                    text, data = (f'The Resource Type ({name}) could not be found: '
                                  f'{NOT_A_TEMPLATE_NAME}'), None
                elif catalog.heat_owns(name):
                    matches = did_you_mean(name, catalog.names(include_hidden=True), cutoff=0.75)
                    text = (f'The Resource Type ({name}) could not be found'
                            + suggestion_text(matches))
                    data = {'replacements': matches} if matches else None
                elif stack.environments_known:
                    used = ', '.join(os.path.basename(p) for p in stack.environment.paths)
                    text = (f'The Resource Type ({name}) could not be found.  No environment of '
                            f"this stack maps it ({used}), and it is not in Heat's catalog")
                    data = None
                else:
                    text = (f"The Resource Type ({name}) could not be found in Heat's catalog; "
                            "it must be mapped by an environment's resource_registry, and no "
                            'environment is known for this template')
                    data, severity = {UNMAPPED: name}, Severity.WARNING
                unchecked = unchecked_reason(member)
                if unchecked is not None:
                    text = f'{text} ({unchecked})'
                    severity = Severity.WARNING
                yield Finding(node.start, node.end, text, severity=severity, data=data)


def _unsent(name: str, unchecked: str | None) -> str:
    """A ResourceChain's type naming a template file: python-heatclient sends the files
    `type:` keys name (rewritten as their URLs), not the strings of `resources`, so Heat looks
    for the name itself and cannot fetch it."""
    text = (f'Could not fetch remote template "{name}": Invalid URL scheme (python-heatclient '
            "sends the templates that `type:` names, not those of a ResourceChain's "
            '`resources`: map a type to it in an environment\'s resource_registry)')
    return f'{text} ({unchecked})' if unchecked else text
