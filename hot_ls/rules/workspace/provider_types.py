"""What fails a stack create below a provider template, said on the resource that uses it.

When Heat creates a stack, it validates each provider resource's nested stack
(StackResource.validate_nested_stack), and in it each provider resource's in
turn; a group with members whose member is a provider template has a member's
nested stack validated too ("resources.g<nested_stack>.resources.0
<member.yaml>: ..." for a ResourceGroup's first; an AutoScalingGroup names
its members with random ids, written `*` here).  In each, asked of Heat 27.0.1, `openstack
stack create` of the parent fails (`template validate` accepts it) on:

- a type nothing implements, as Heat loads the resources ("resources.child
  <nested.yaml>: The Resource Type (OS::Nova::Sever) could not be found."),
  a group's member type too when the group has members;
- a provider template Heat cannot read ("resources.child<relay.yaml>: Error
  parsing template broken.yaml ...");
- then a property key the type does not have ("Property error: resources
  .child<nested.yaml>.resources.random.properties: Unknown Property lenght";
  a group member's, "...resources.g<nested_stack>.resources[0].properties:
  ..."), but for a type that takes any property and an external resource.
  The values are not validated there, nor that the required ones are given.

A resource its condition leaves out, a group of 0 are not looked at.  Before
all that, python-heatclient reads every template file a `type:` names, in
every template it reads, whatever the conditions: one that is not there stops
it ("Could not fetch contents for file:///.../gone.yaml").

The template where it is has the error too (HOT701, HOT702, HOT605); this is
the same refusal seen from the template a user creates, which `hot-ls check`
of that template alone did not show.  Only types HOT701 calls unknown for
certain are followed: a type in a namespace Heat owns, one a few edits from a
known one, or any type once the stack's environments are known.  Each level
is read from the workspace's summaries (its resources' types, property keys
and members), in the stack's context (its registry, less the entry that led
there, as Heat's); the templates read are added to the analysis's
dependencies (`StackContext.read`).  What only a full analysis of a provider
finds (a key inside a property's map, a bad reference) is not followed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hot_ls.catalog.property_rules import accepts_any_property
from hot_ls.rules.plugins.provider_stacks import template_url
from hot_ls.rules.resources.resource_type_unknown import is_template_type, surely_unknown
from hot_ls.workspace.stacks import (AUTOSCALING, GROUP, MAX_NESTED_DEPTH, NOT_FOUND,
                                     PROVIDER_BROKEN, PROVIDER_MISSING, StackContext)
from hot_ls.workspace.summaries import UNKNOWN, resource_info

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis
    from hot_ls.model.symbols import Definition
    from hot_ls.workspace.summaries import ResourceInfo


@dataclass(frozen=True)
class NestedProblem:
    """What makes a stack create fail in a nested stack below the checked resource."""

    message: str       # as Heat (or python-heatclient) says it
    where: str         # where it is, and when it is refused
    subject: str       # the type or the file it is about
    #: python-heatclient refuses it before it sends the stack (a file that is not there)
    client: bool
    #: every resource on the way is created under the stack's inputs (or `client`)
    certain: bool
    #: Heat checks it once it has loaded the stack's resources (a property), not as it loads
    #: them (a type)
    loaded: bool = False


def nested_problems(analysis: 'Analysis', definition: 'Definition') -> list[NestedProblem]:
    """What makes the create fail in the nested stacks below a provider resource (its provider
    template's, and theirs), in the order of their templates' resources: types Heat does not
    know, provider templates it cannot read, and files python-heatclient cannot fetch."""
    stack = analysis.stack
    info = resource_info(definition.name, definition.key, definition.mapping)
    for child, passed in stack.nested(info, analysis.known()):
        if passed is info:
            url = template_url(stack, definition.type_name, definition.name)
            walk = _Walk(analysis)
            walk.below(child, f'resources.{definition.name}<{url}>', url,
                       child.guard is stack.guard, True, 1)
            return walk.found
    return []


def member_problems(analysis: 'Analysis', definition: 'Definition') -> list[NestedProblem]:
    """The same below a group's member that is a provider template (the nested stack of a
    member, which Heat validates when the group has members)."""
    kind = definition.type_name
    if kind not in (GROUP, AUTOSCALING):
        return []
    stack = analysis.stack
    info = resource_info(definition.name, definition.key, definition.mapping)
    if info.member is None:
        return []
    walk = _Walk(analysis)
    walk.member_stack(stack, info, kind, 'resources.', True, 0, analysis.known())
    return walk.found


#: nested stacks one walk looks at, at most: a tree whose templates each use the next one
#: many times would otherwise be walked once per path through it
VISITS = 400


class _Walk:
    """One walk down from a resource.  A template already walked in the same state (certain,
    validated) is not walked again by another path: what it has is found already, said of the
    first path (what only the values passed on the other path would change is not looked
    for)."""

    def __init__(self, analysis: 'Analysis'):
        self.analysis = analysis
        self.catalog = analysis.catalog
        self.found: list[NestedProblem] = []
        self.seen: set[tuple[str, bool, bool]] = set()

    def below(self, child: StackContext, path: str, url: str, certain: bool, live: bool,
              depth: int) -> None:
        """`live`: Heat validates this stack (else only python-heatclient reads its files:
        every template a `type:` names, whatever the conditions)."""
        if depth > MAX_NESTED_DEPTH or child.template in child.chain:
            return
        state = (child.template, certain, live)
        if state in self.seen or len(self.seen) >= VISITS:
            return
        self.seen.add(state)
        summary = child.workspace.summary(child.template)
        if summary is None or summary.template is None or summary.syntax is not None:
            return  # (a template Heat cannot read: said where it is used)
        self.analysis.stack.read.add(child.template)
        for resource in summary.template.resources:
            holds = True
            if live and resource.conditional:
                holds = child.condition_holds(resource.condition)
            created = live and holds is not False  # (Heat loads no resource left out)
            sure = certain and holds is True
            name = resource.type
            if not isinstance(name, str) or not name:
                continue
            resolved = child.resolve(name, resource.name)
            where = f'the type of resource "{resource.name}" in {url}'
            if resolved.problem == NOT_FOUND:
                if created and not is_template_type(name) and \
                        surely_unknown(self.catalog, child, name):
                    self.add(f'{path}: The Resource Type ({name}) could not be found.',
                             f'{where}: {VALIDATED}', name, False, sure)
            elif resolved.problem == PROVIDER_MISSING:
                if resolved.provider is not None and resolved.provider.reference == name:
                    self.add(resolved.message, f'{where}: {FETCHED}', name, True, True)
            elif resolved.problem == PROVIDER_BROKEN:
                if created:
                    self.add(f'{path}: {resolved.message}', f'{where}: {VALIDATED}', name,
                             False, sure)
            if created and resolved.type is not None and not resource.external:
                self.unknown_properties(resolved.type, resource.properties,
                                        f'{path}.resources.{resource.name}.properties',
                                        f'resource "{resource.name}" in {url}', sure)
            if resolved.problem is None and resolved.is_provider:
                for grand, passed in child.nested(resource):
                    if passed is resource:
                        inner = template_url(child, name, resource.name)
                        self.below(grand, f'{path}.resources.{resource.name}<{inner}>', inner,
                                   sure and grand.guard is child.guard, created, depth + 1)
            elif resolved.type is not None and resource.member is not None:
                self.members(child, resource, resolved.type.name, path, url, sure, created,
                             depth)

    def members(self, child: StackContext, resource: 'ResourceInfo', kind: str, path: str,
                url: str, certain: bool, live: bool, depth: int) -> None:
        """A group's member type Heat does not know: ResourceGroup.validate looks it up (for
        a group with members; `kind`, the group's type).  A member's template file that is
        not there: python-heatclient reads it (whatever the group's size)."""
        where = f'the member type of group "{resource.name}" in {url}'
        member = resource.member
        if isinstance(member.type, str) and is_template_type(member.type):
            resolved = child.resolve(member.type)
            if resolved.problem == PROVIDER_MISSING and resolved.provider is not None and \
                    resolved.provider.reference == member.type:
                self.add(resolved.message, f'{where}: {FETCHED}', member.type, True, True)
        if not live:
            return
        for member_type, _ in child.members(kind, resource):
            if member_type is UNKNOWN or not isinstance(member_type, str):
                continue
            resolved = child.resolve(member_type)
            group_stack = f'{path}.resources.{resource.name}<nested_stack>'
            if resolved.problem == NOT_FOUND and not is_template_type(member_type) and \
                    surely_unknown(self.catalog, child, member_type):
                # (a ResourceGroup looks its member's type up as its parent validates it, an
                # AutoScalingGroup in its own nested stack)
                self.add(f'{group_stack if kind == AUTOSCALING else path}: The Resource Type '
                         f'({member_type}) could not be found.',
                         f'{where}: {VALIDATED}', member_type, False, certain)
            elif resolved.type is not None:
                where_member = f'the member of group "{resource.name}" in {url}'
                self.unknown_properties(
                    resolved.type, member.properties,
                    f'{group_stack}.resources{_member(kind, True)}.properties',
                    where_member, certain)
            if resolved.problem is None and resolved.is_provider:
                self.member_stack(child, resource, kind, f'{path}.resources.', certain, depth)

    def member_stack(self, stack: StackContext, group: 'ResourceInfo', kind: str, prefix: str,
                     certain: bool, depth: int, known=None) -> None:
        """The nested stack of a group's member that is a provider template: Heat validates a
        member's ("resources.g<nested_stack>.resources.0<member.yaml>"; an AutoScalingGroup's
        member has a random name)."""
        for child, passed in stack.nested(group, known):
            if passed is group.member and child.groups > stack.groups:
                url = template_url(stack, passed.type, None)
                self.below(child, f'{prefix}{group.name}<nested_stack>.resources'
                                  f'{_member(kind, False)}<{url}>', url,
                           certain and child.guard is stack.guard, True, depth + 2)

    def unknown_properties(self, rtype, written: tuple, path: str, where: str,
                           certain: bool) -> None:
        """Property keys the type does not have: Heat refuses them when it validates the
        stack (not those of a type that takes any)."""
        if accepts_any_property(rtype.name):
            return
        schemas = rtype.properties
        for key, _ in written:
            if not isinstance(key, str) or key not in schemas:
                self.add(f'Property error: {path}: Unknown Property {key}',
                         f'{where}: {VALIDATED}', f'property {key}', False, certain, loaded=True)

    def add(self, message: str, where: str, subject: str, client: bool, certain: bool,
            loaded: bool = False) -> None:
        if '<nested_stack>.resources.*' in message:
            where += RANDOM
        self.found.append(NestedProblem(message, where, subject, client, certain, loaded))


def _member(kind: str, properties: bool) -> str:
    """How Heat's paths name the member it validates: a ResourceGroup's first ('.0', and
    '[0]' before its properties), an AutoScalingGroup's by a random name ('.*' here)."""
    if kind == AUTOSCALING:
        return '.*'
    return '[0]' if properties else '.0'


VALIDATED = "Heat validates the provider template's nested stack when it creates this stack"
#: said of a path through an AutoScalingGroup's member
RANDOM = "; Heat names an AutoScalingGroup's members with random ids, written * here"
FETCHED = ('python-heatclient reads every template file the templates it sends name, before it '
           'sends the stack')
