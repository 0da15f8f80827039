"""The templates a stack is made of: what `hot-ls check root.yaml` checks with the root.

`openstack stack create -t root.yaml` sends the root with every template file
it uses: python-heatclient reads each `type:` that names a template file, in
every template it reads (heatclient.common.template_utils), and Heat creates
a nested stack of each provider template, a group's member, a type an
environment maps to a template.  An error in any of them fails the create of
the root, so checking the root alone checks them too.

The templates are those the workspace may read (never a URL, never outside
its folders), found from the workspace's summaries, each template in its
stack as its analysis sees it (its configured environments, or those of the
stack a configured one reaches it through): the provider each resource's type
resolves to, a group's member type and a ResourceChain's types whatever the
group's size, and every template file a `type:` names, whatever the
conditions, as the client reads them.
"""
from __future__ import annotations

import os
from collections import deque
from typing import Any, Iterable, Iterator

from hot_ls.workspace.stacks import TEMPLATE_SUFFIXES, StackContext
from hot_ls.workspace.workspace import Workspace


def templates_used(workspace: Workspace, templates: Iterable[str]) -> list[str]:
    """The templates the stacks of `templates` use, at any depth (absolute paths, in the order
    first met, breadth first; none of `templates` itself)."""
    named = [os.path.abspath(path) for path in templates]
    seen = set(named)
    found: list[str] = []
    pending = deque(named)
    while pending:
        template = pending.popleft()
        for used in _used_by(workspace, template):
            if used not in seen:
                seen.add(used)
                found.append(used)
                pending.append(used)
    return found


def _used_by(workspace: Workspace, template: str) -> Iterator[str]:
    """The templates one template uses directly, that exist and may be read."""
    summary = workspace.summary(template)
    if summary is None or summary.template is None:
        return
    stack = workspace.stack(template)
    for resource in summary.template.resources:
        for type_name, name in _types(stack, resource):
            resolved = stack.resolve(type_name, name)
            if resolved.provider is not None:
                yield from _readable(workspace, resolved.provider)
    for reference in summary.template.files:
        if reference.kind == 'type':
            yield from _readable(workspace, stack.locate(reference.reference))


def _types(stack: StackContext, resource) -> Iterator[tuple[Any, Any]]:
    """(type, resource name) of a resource and of what it creates as a group."""
    if isinstance(resource.type, str):
        yield resource.type, resource.name
    member = resource.member
    if member is not None and isinstance(member.type, str):
        yield member.type, None
    if resource.chain is not None:  # (a ResourceChain: its `resources`, as the stack gives them)
        types = stack.value(resource.values.get('resources', []))
        if isinstance(types, list):
            # (a template file named there is not sent with the stack: Heat cannot fetch it)
            yield from ((t, None) for t in types if isinstance(t, str)
                        and (not t.endswith(TEMPLATE_SUFFIXES) or '://' in t))


def _readable(workspace: Workspace, target) -> Iterator[str]:
    if target.readable and workspace.files.exists(target) and \
            workspace.summary(target.path) is not None:
        yield os.path.abspath(target.path)


def uses_key(summary) -> tuple | None:
    """What of a template decides which templates it uses itself (its resources' types, their
    members' and chains', the `type:` files it names): equal for two versions that use the
    same ones under the same environments."""
    if summary is None or summary.template is None:
        return None
    return (tuple((r.name, r.type, r.member.type if r.member is not None else None,
                   repr(r.values.get('resources')) if r.chain is not None else None)
                  for r in summary.template.resources),
            tuple(f.reference for f in summary.template.files if f.kind == 'type'))
