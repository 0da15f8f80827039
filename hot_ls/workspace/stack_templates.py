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
resolves to, whatever its condition, and every template file a `type:`
names, as the client reads them; a group's member and a ResourceChain's
types when the group has members (StackContext.members: Heat validates no
member of a group of 0, and its template is no nested stack of the root).
"""
from __future__ import annotations

import os
from collections import deque
from typing import Iterable, Iterator

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
        resolved = stack.resolve(resource.type, resource.name) \
            if isinstance(resource.type, str) else None
        if resolved is not None and resolved.provider is not None:
            yield from _readable(workspace, resolved.provider)
        kind = resolved.type.name if resolved is not None and resolved.type is not None \
            and not resolved.is_provider else None
        for member_type, _ in stack.members(kind, resource):  # (a group with members)
            member = stack.resolve(member_type)
            if member.provider is not None:
                yield from _readable(workspace, member.provider)
    for reference in summary.template.files:
        if reference.kind == 'type':
            yield from _readable(workspace, stack.locate(reference.reference))


def _readable(workspace: Workspace, target) -> Iterator[str]:
    if target.readable and workspace.files.exists(target) and \
            workspace.summary(target.path) is not None:
        yield os.path.abspath(target.path)

