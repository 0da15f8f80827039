"""What spans files: where a template's parameters are set, and its outputs read, from outside.

A parameter of a template is named in other files in two ways: as a
property of a resource in a parent template whose type is this template
(directly, `type: this.yaml`, or through an environment's registry), and
as a key of `parameters` / `parameter_defaults` in the environments the
template is created with.  An output is read by a parent's `get_attr` of
such a resource (or of a group of them).  Navigation (definition,
references, rename) follows them; the workspace index supplies the other
files' summaries, and a parent that reads a template's outputs is parsed.
"""
from __future__ import annotations

import os
import re
from typing import Any, Iterator

from hot_ls.analysis import Analysis
from hot_ls.features.types import Location
from hot_ls.model import symbols
from hot_ls.model.environment import PARAMETER_DEFAULTS, PARAMETERS, RESOURCE_REGISTRY
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, Scalar, parse
from hot_ls.workspace import Workspace
from hot_ls.workspace.registry import RESOURCES


def same_file(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and os.path.abspath(a) == os.path.abspath(b)


def parent_property_sites(workspace: Workspace, template: str, name: Any) -> Iterator[Location]:
    """Property keys `name` of resources (in any template of the workspace) whose type
    resolves to `template`: the parameter as a parent sets it."""
    for summary in workspace.index().templates():
        parent = summary.template
        stack = workspace.stack(summary.path)
        for resource in with_members(parent.resources):
            if not any(key == name for key, _ in resource.properties):
                continue
            provider = stack.resolve(resource.type, resource.name).provider
            if provider is None or not same_file(provider.path, template):
                continue
            for key, span in resource.properties:
                if key == name:
                    yield Location(span[0], span[1], summary.path)


def parent_attribute_sites(workspace: Workspace, template: str, name: Any) -> Iterator[Location]:
    """`get_attr` attribute names `name` (in any template of the workspace) of resources
    whose type resolves to `template`: the output as a parent reads it.  A group whose
    member is such a resource reads it as `[group, name]` (every member's) or `[group,
    resource.N, name]` (one member's)."""
    for summary in workspace.index().templates():
        stack = workspace.stack(summary.path)
        nesting: dict[Any, bool] = {}  # resource name -> whether it is a group of them
        for resource in summary.template.resources:
            if _resolves_to(stack, resource, template):
                nesting[resource.name] = False
            elif resource.member is not None and _resolves_to(stack, resource.member, template):
                nesting[resource.name] = True
        if not nesting:
            continue
        source = workspace.files.read(summary.path)
        if source.problem is not None:
            continue
        for ref in Template(parse(source.text), summary.path).references:
            if ref.kind != symbols.RESOURCE or ref.name not in nesting or not ref.path:
                continue
            site = _attribute_named(ref.path, name, group=nesting[ref.name])
            if site is not None:
                yield Location(site.start, site.end, summary.path)


def type_sites(workspace: Workspace, type_name: str) -> Iterator[Location]:
    """Every place the workspace names the resource type `type_name`: the `type:` of each
    resource (a group's member too) of its templates, and the `resource_registry` entries of
    its environments that map it or map another type to it."""
    for summary in sorted(workspace.index().summaries.values(), key=lambda s: s.path):
        if summary.template is not None:
            for resource in with_members(summary.template.resources):
                if resource.type == type_name and resource.type_span is not None:
                    yield Location(resource.type_span[0], resource.type_span[1], summary.path)
        elif summary.environment is not None:
            tree = summary.environment.loaded.environment.tree
            for node in registry_names(tree.root if tree is not None else None, type_name):
                yield Location(node.start, node.end, summary.path)


def registry_names(root: Any, type_name: str) -> list[Scalar]:
    """The keys (and the values naming another type) `type_name` of an environment's
    `resource_registry`: its own entries and each resource's under `resources`."""
    registry = root.get(RESOURCE_REGISTRY) if isinstance(root, Mapping) else None
    if not isinstance(registry, Mapping):
        return []
    found = _names_in(registry, type_name)
    per_resource = registry.get(RESOURCES)
    if isinstance(per_resource, Mapping):
        for pair in per_resource.pairs:
            if isinstance(pair.value, Mapping):
                found.extend(_names_in(pair.value, type_name))
    return sorted(found, key=lambda node: node.start)


def _names_in(registry: Mapping, type_name: str) -> list[Scalar]:
    found = []
    for pair in registry.pairs:
        if isinstance(pair.key, Scalar) and pair.key.value == type_name:
            found.append(pair.key)
        if isinstance(pair.value, Scalar) and pair.value.value == type_name:
            found.append(pair.value)
    return found


def _resolves_to(stack, resource, template: str) -> bool:
    provider = stack.resolve(resource.type, resource.name).provider
    return provider is not None and same_file(provider.path, template)


def _attribute_named(path: list, name: Any, group: bool):
    """The node of a get_attr's path that names the output `name`, if one does."""
    first = path[0]
    if not isinstance(first, Scalar) or first.value is None:
        return None
    if first.value == name:
        return first
    if group and len(path) > 1 and isinstance(first.value, str) and \
            _MEMBER.fullmatch(first.value) and isinstance(path[1], Scalar) and \
            path[1].value == name:
        return path[1]
    return None


_MEMBER = re.compile(r'resource\.\d+')


def with_members(resources):
    """The resources, each followed by its member when it is a group of them."""
    for resource in resources:
        yield resource
        if resource.member is not None:
            yield resource.member


def environment_sites(workspace: Workspace, template: str, name: Any) -> Iterator[Location]:
    """`parameters` / `parameter_defaults` keys `name` in the environments of the
    template's stack."""
    for path in workspace.stack(template).environment.paths:
        summary = workspace.summary(path)
        if summary is None or summary.environment is None:
            continue
        for section in (PARAMETERS, PARAMETER_DEFAULTS):
            span = summary.environment.parameter_keys.get((section, name))
            if span is not None:
                yield Location(span[0], span[1], path)


def output_sites(analysis: Analysis, name: Any) -> list[Location]:
    """Where other files read the output `name` of this template."""
    if not analysis.path:
        return []
    return list(parent_attribute_sites(analysis.workspace, analysis.path, name))


def outside_sites(analysis: Analysis, name: Any) -> list[Location]:
    """Where other files set the parameter `name` of this template."""
    if not analysis.path:
        return []
    workspace = analysis.workspace
    found = list(environment_sites(workspace, analysis.path, name))
    found.extend(parent_property_sites(workspace, analysis.path, name))
    return found


def parameter_declarations(workspace: Workspace, name: Any) -> list[Location]:
    """Every template of the workspace that declares a parameter `name`."""
    found = []
    for summary in workspace.index().templates():
        info = summary.template.parameters.get(name)
        if info is not None:
            found.append(Location(info.span[0], info.span[1], summary.path))
    return found
