"""Which templates nest which: a project's templates as a call hierarchy.

A template "calls" another when one of its resources is a stack of it: a
type that is a template file (`type: nested.yaml`), or a custom type an
environment maps to one (`My::Server: providers/server.yaml`), also as the
member of a group (a ResourceGroup's `resource_def`).  The editor's call
hierarchy then answers what TripleO's users ask of its ~550 templates: which
templates nest this one, through which resources (incoming), and which
templates this one nests (outgoing), each resource's `type:` a place to go.

Types resolve as the analysis resolves them: each template in its stack (its
configured environments, or the stack a configured one reaches it through),
the editor's unsaved buffers included (the workspace overlays them).  The
workspace index supplies every template of the folders.
"""
from __future__ import annotations

import os
from typing import Any, Iterable

from hot_ls.analysis import Analysis
from hot_ls.features.at import chain, path_of
from hot_ls.features.cross_file import same_file, with_members
from hot_ls.features.types import NestingCall, NestingItem, Span
from hot_ls.model.document import Kind
from hot_ls.workspace import Workspace


def prepare(analysis: Analysis) -> NestingItem | None:
    """The item at a position: the template itself (a HOT template only)."""
    if analysis.kind is not Kind.HOT or analysis.path is None:
        return None
    return item_of(analysis.workspace, analysis.path)


def prepare_at(analysis: Analysis, offset: int) -> NestingItem | None:
    """On a resource's `type:` that is a template, that template; elsewhere the document."""
    if analysis.kind is not Kind.HOT or analysis.path is None or analysis.template is None:
        return None
    path = path_of(chain(analysis.tree.root, offset))
    if len(path) == 3 and path[0] == 'resources' and path[2] == 'type':
        resource = analysis.template.resources.get(path[1])
        provider = analysis.type_resolution(resource).provider if resource is not None \
            else None
        if provider is not None and provider.readable and \
                analysis.workspace.files.exists(provider):
            return item_of(analysis.workspace, provider.path)
    return prepare(analysis)


def item_of(workspace: Workspace, path: str) -> NestingItem | None:
    """The item of a template file (None: not a HOT template the workspace may read)."""
    summary = workspace.summary(path)
    if summary is None or summary.template is None:
        return None
    source = workspace.files.read(path)
    return NestingItem(os.path.abspath(path), _name(workspace, path),
                       _first_line(summary.template.description), len(source.text))


def incoming(workspace: Workspace, path: str) -> list[NestingCall]:
    """The templates of the workspace with resources that are stacks of `path`, in path
    order, each with those resources' types."""
    calls = []
    for summary in sorted(workspace.index().templates(), key=lambda s: s.path):
        sites = tuple(site for site, provider in _nested(workspace, summary)
                      if same_file(provider, path))
        item = item_of(workspace, summary.path) if sites else None
        if item is not None:
            calls.append(NestingCall(item, sites))
    return calls


def outgoing(workspace: Workspace, path: str) -> list[NestingCall]:
    """The templates `path`'s resources are stacks of, in the order the resources come,
    each with those resources' types."""
    summary = workspace.summary(path)
    if summary is None or summary.template is None:
        return []
    found: dict[str, list[Span]] = {}
    for site, provider in _nested(workspace, summary):
        found.setdefault(provider, []).append(site)
    calls = []
    for provider, sites in found.items():
        item = item_of(workspace, provider)
        if item is not None:
            calls.append(NestingCall(item, tuple(sites)))
    return calls


def _nested(workspace: Workspace, summary) -> Iterable[tuple[Span, str]]:
    """(the type's span, the template file) of each resource of a template that is a stack
    of a template the workspace may read (a group's member too)."""
    stack = workspace.stack(summary.path)
    for resource in with_members(summary.template.resources):
        if resource.type_span is None:
            continue
        provider = stack.resolve(resource.type, resource.name).provider
        if provider is None or not provider.readable or not workspace.files.exists(provider):
            continue
        yield Span(resource.type_span[0], resource.type_span[1]), os.path.abspath(provider.path)


def _name(workspace: Workspace, path: str) -> str:
    path = os.path.abspath(path)
    for root in workspace.roots:
        if path.startswith(root.rstrip(os.sep) + os.sep):
            return os.path.relpath(path, root)
    return os.path.basename(path)


def _first_line(description: Any) -> str:
    if not isinstance(description, str):
        return ''
    return next((line.strip() for line in description.splitlines() if line.strip()), '')
