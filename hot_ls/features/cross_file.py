"""What spans files: where a template's parameters are set from outside, and by whom.

A parameter of a template is named in other files in two ways: as a
property of a resource in a parent template whose type is this template
(directly, `type: this.yaml`, or through an environment's registry), and
as a key of `parameters` / `parameter_defaults` in the environments the
template is created with.  Navigation (definition, references, rename)
follows both; the workspace index supplies the other files' summaries.
"""
from __future__ import annotations

import os
from typing import Any, Iterator

from hot_ls.analysis import Analysis
from hot_ls.features.types import Location
from hot_ls.model.environment import PARAMETER_DEFAULTS, PARAMETERS
from hot_ls.workspace import Workspace


def same_file(a: str | None, b: str | None) -> bool:
    return a is not None and b is not None and os.path.abspath(a) == os.path.abspath(b)


def parent_property_sites(workspace: Workspace, template: str, name: Any) -> Iterator[Location]:
    """Property keys `name` of resources (in any template of the workspace) whose type
    resolves to `template`: the parameter as a parent sets it."""
    for summary in workspace.index().templates():
        parent = summary.template
        stack = workspace.stack(summary.path)
        for resource in _with_members(parent.resources):
            if not any(key == name for key, _ in resource.properties):
                continue
            provider = stack.resolve(resource.type, resource.name).provider
            if provider is None or not same_file(provider.path, template):
                continue
            for key, span in resource.properties:
                if key == name:
                    yield Location(span[0], span[1], summary.path)


def _with_members(resources):
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
