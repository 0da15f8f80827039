from dataclasses import dataclass

from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.references._common import severity_for, with_reason
from hot_ls.rules.resources.members import (RESOURCE_CHAIN, group_members, member_resolution,
                                             unchecked_reason)
from hot_ls.rules.resources.resource_type_unknown import is_template_type
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.rules.workspace._common import files_like, jinja_source_of
from hot_ls.rules.workspace.provider_types import member_problems, nested_problems
from hot_ls.syntax import Mapping, Scalar, Sequence
from hot_ls.workspace.paths import OUTSIDE, SYMLINK_OUT, UNSAVED, URL
from hot_ls.workspace.stacks import PROVIDER_BROKEN, PROVIDER_MISSING, PROVIDER_UNREAD


class ProviderTemplate(Rule):
    """A resource's type is a provider template that cannot be used.

    ## What it checks
    A type that names a template (`type: nested.yaml`) or that an
    environment's resource_registry maps to one: the file must exist and be
    a HOT template.  python-heatclient reads it (relative to the file that
    names it) and sends it with the stack; Heat makes a resource type of it
    (its parameters are the properties, its outputs the attributes; HOT702
    to HOT706 check those).  A template outside the workspace folders and
    search paths (an absolute path of the deploying machine without a
    `path_map`, a URL) is not read: that is information, nothing is
    checked of the resource.  So is a CloudFormation template: Heat makes
    a resource type of it too, but hot-ls does not read its Parameters
    and Outputs.  A template with a YAML syntax error cannot be used either
    ("Error parsing template nested.yaml ...", on both paths).  A group's
    member type that is a template Heat cannot use (not a template, a
    syntax error) fails when Heat creates the group's nested stack
    ("resources.g<nested_stack>: Template format version not found."); a
    group with no members has none.

    Nor can a template that uses a resource type Heat does not know, or a
    provider template Heat cannot read, or whose own provider templates do,
    further down: Heat validates those nested stacks when it creates the
    stack ("resources.server<nested.yaml>: The Resource Type
    (OS::Nova::Sever) could not be found."), looking at every resource but
    those their condition leaves out, at a group's member type when the
    group has members, then at the property keys ("Property error: ...:
    Unknown Property lenght").  So it does in the nested stack of a group's
    member that is a provider template (said on the member's type; an
    AutoScalingGroup's members have random names, written `*`).  A template file named further down that is not there
    stops python-heatclient, whatever the conditions.  The template where
    it is shows the error too (HOT701, HOT702, HOT605); only types HOT701
    calls unknown for certain are followed.

    python-heatclient reads every such file before it sends the stack, so
    a resource Heat would never create (its condition false) counts too,
    and so does any other `type:` key whose value ends in .yaml or
    .template, anywhere in the template: a group's member (of a group with
    no members too), a property's, metadata's or an output's data.

    ## Why it matters
    `openstack stack create` stops: "Could not fetch contents for
    file:///.../nested.yaml"; Heat refuses a provider that is not a
    template.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: nested/servr.yaml
    ```

    ## Fix
    A missing `name.yaml` beside a Jinja2 source `name.j2.yaml` is rendered
    from it before a stack is created (TripleO's tools/process-templates.py):
    in a tree that is not rendered, that is a warning.

    Fix the path (relative to the template, or to the environment that
    maps the type); for files only the deploying machine has, set
    `path_map` or `search_paths`.  A template beside the missing one whose
    name looks like it is offered, and the quick fix writes it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: nested/server.yaml
    ```
    ```yaml
    # nested/server.yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT605'
    name = 'provider-template'
    severity = Severity.ERROR
    per_entry = True

    def refused_when_sent(self, finding) -> bool:
        # python-heatclient reads every template a `type:` names, in every template it sends,
        # before it sends anything; a file that is there but is no template is Heat's to
        # refuse, when it creates that nested stack
        return isinstance(finding, _NotFetched)

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for res in analysis.checking.resources:
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            resolved = analysis.type_resolution(res)
            if resolved.problem == PROVIDER_MISSING:
                written = resolved.provider is not None and \
                    node.value == resolved.provider.reference
                source = jinja_source_of(analysis, resolved.provider, node.value) \
                    if written else None
                if source is not None:
                    yield Finding(node.start, node.end, _rendered(resolved.message, source),
                                  severity=Severity.WARNING)
                    continue
                # (a path written here, not one an environment maps the type to)
                matches = files_like(analysis, resolved.provider, node.value) if written else []
                yield _NotFetched(node.start, node.end,
                                  resolved.message + suggestion_text(matches),
                                  data={'replacements': matches} if matches else None)
            elif resolved.problem == PROVIDER_BROKEN:
                # (Heat reads a provider template when it builds the resource: never, for one
                # its condition leaves out)
                reason = analysis.presence.reason(node.start, node.end)
                yield Finding(node.start, node.end, with_reason(resolved.message, reason),
                              severity=severity_for(reason))
            elif resolved.problem == PROVIDER_UNREAD and resolved.provider is not None and \
                    resolved.provider.refusal != UNSAVED:
                yield Finding(node.start, node.end,
                              f'{resolved.message}; hot-ls checks nothing of this resource',
                              severity=Severity.INFORMATION)
            elif resolved.problem is None and resolved.is_provider:
                yield from _nested_problems(analysis, res, node)
            yield from _broken_members(analysis, res)
            yield from _member_problems(analysis, res)
        yield from _other_type_keys(analysis)


def _nested_problems(analysis, definition, node):
    """A provider template (or one further down) that makes the create fail: a type Heat does
    not know, a property key its type does not have, a provider of its own Heat cannot read,
    or a file python-heatclient cannot fetch (rules.workspace.provider_types)."""
    yield from _said(analysis, nested_problems(analysis, definition), node)


def _member_problems(analysis, definition):
    """The same below a group's member that is a provider template, on its type."""
    found = member_problems(analysis, definition)
    if found:
        members = group_members(analysis, definition)
        node = members[0].type_node if members else None
        yield from _said(analysis, found, node if node is not None else definition.key)


def _said(analysis, found, node):
    if not found:
        return
    # (python-heatclient stops before Heat sees anything; then what Heat surely refuses, a
    # type as it loads the resources before a property)
    first = min(found, key=lambda one: (not one.client, not one.certain, one.loaded))
    others = sorted({one.subject for one in found} - {first.subject})
    more = (f'; {len(others)} more there: {", ".join(others[:3])}'
            f'{", ..." if len(others) > 3 else ""}') if others else ''
    message = f'{first.message} ({first.where}{more})'
    reason = None if first.client else analysis.presence.reason(node.start, node.end)
    if reason is None and not first.certain:
        reason = ('Heat looks at it only if it creates that resource, which depends on values '
                  'given at deploy time')
    finding = _NotFetched if first.client else Finding
    yield finding(node.start, node.end, with_reason(message, reason),
                  severity=severity_for(reason))


def _broken_members(analysis, definition):
    """A group's member type that is a provider template Heat cannot use: Heat refuses the
    group's nested stack when it creates the stack ("resources.g<nested_stack>: Template
    format version not found.")."""
    members = group_members(analysis, definition)
    if not members:
        return
    reason = None
    for member in members:
        node = member.type_node
        if node is None or member.group_type == RESOURCE_CHAIN or \
                not is_template_type(member.type_name):
            continue  # (a ResourceChain's template is not sent at all: HOT731)
        resolved = member_resolution(analysis, member)
        if resolved is None or resolved.problem != PROVIDER_BROKEN:
            continue
        text = (f'{resolved.message} (Heat refuses the nested stack of {definition.name} '
                'when it creates the stack)')
        reason = reason or analysis.presence.reason(node.start, node.end) or \
            unchecked_reason(member)
        yield Finding(node.start, node.end, with_reason(text, reason),
                      severity=severity_for(reason))


def _rendered(message: str, source: str) -> str:
    return (f'{message}; it is rendered from the Jinja2 source {source} (as TripleO\'s '
            'tools/process-templates.py renders its *.j2.yaml files before a stack is created); '
            'render the templates to have it checked')


#: what python-heatclient reads as a template file when a `type:` key names it
TEMPLATE_SUFFIXES = ('.yaml', '.template')


def _other_type_keys(analysis):
    """python-heatclient reads the file of every `type:` key whose value ends in .yaml or
    .template, anywhere in the template (a group's member, a property's or an output's data),
    not only a resource's type: one that is not there stops `openstack stack create`."""
    stack = analysis.stack
    files = analysis.workspace.files
    text = analysis.text
    for definition in analysis.checking.all(_SECTIONS):
        body = definition.body
        source = text[body.start:body.end]
        if '.yaml' not in source and '.template' not in source:
            continue  # (most entries: no walk)
        own = definition.get('type') if definition.section == 'resources' else None
        for value in _type_values(body):
            if value is own:
                continue
            target = stack.locate(value.value)
            if target.refusal in _UNREAD:
                yield Finding(value.start, value.end,
                              f'the template {value.value} is not read ({target.refusal}); '
                              'hot-ls checks nothing of it', severity=Severity.INFORMATION)
                continue
            if '://' in value.value:
                continue
            if target.refusal is None and not files.exists(target):
                source = jinja_source_of(analysis, target, value.value)
                if source is not None:
                    yield Finding(value.start, value.end, _rendered(
                        f'Could not fetch contents for {value.value}: the file does not exist',
                        source), severity=Severity.WARNING)
                    continue
                matches = files_like(analysis, target, value.value)
                yield _NotFetched(
                    value.start, value.end,
                    f'Could not fetch contents for {value.value}: the file does not exist'
                    f'{suggestion_text(matches)} (python-heatclient reads the file every '
                    '`type:` names, anywhere in the template, before it sends the stack)',
                    data={'replacements': matches} if matches else None)


_SECTIONS = ('parameters', 'resources', 'outputs', 'conditions')
#: why hot-ls does not read a template that a `type:` names (as a resource's type: HOT605's
#: information there too)
_UNREAD = frozenset({URL, OUTSIDE, SYMLINK_OUT})


def _type_values(node):
    """The scalars of `type:` keys naming a template file, in and below `node`."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Mapping):
            for pair in reversed(current.pairs):
                key, value = pair.key, pair.value
                if isinstance(key, Scalar) and key.value == 'type' and \
                        isinstance(value, Scalar) and isinstance(value.value, str) and \
                        value.value.endswith(TEMPLATE_SUFFIXES):
                    yield value
                else:
                    stack.append(value)
        elif isinstance(current, Sequence):
            stack.extend(reversed(current.items))


@dataclass
class _NotFetched(Finding):
    """A provider template python-heatclient cannot read: `openstack stack create` stops."""
