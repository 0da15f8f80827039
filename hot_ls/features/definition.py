"""Go to definition: from a reference to what it names, also in other files.

References come from the model (`get_param`, list-path `get_param`, `get_resource`,
the first element of `get_attr`, `depends_on`, `condition`, `if`, not/and/or,
parameter_groups, `Ref` in 2013-05-23 templates).  Pseudo parameters and names
nothing defines have no definition.  A definition's own name goes to itself.

Across files (through the workspace): a resource type that is a provider
template (`type: x.yaml`, or a type an environment maps to a file) goes to
that template; a property of such a resource to the parameter it sets; the
attribute of `get_attr` on it to the output; `get_file: path` to the file;
in an environment, a registry entry to the template it names and a
parameter to the templates declaring it (hot_ls.features.environments).
"""
from __future__ import annotations

import os
from typing import Any

from hot_ls.analysis import Analysis
from hot_ls.features import environments
from hot_ls.features.at import chain, path_of
from hot_ls.features.index import symbol_index
from hot_ls.features.types import Location
from hot_ls.model.document import Kind
from hot_ls.syntax import Scalar


def definition(analysis: Analysis, offset: int) -> list[Location]:
    """Where what stands at `offset` is defined; empty when nothing is."""
    if analysis is None:
        return []
    if analysis.kind is Kind.ENVIRONMENT:
        return environments.definition(analysis, offset)
    if analysis.template is None:
        return []
    index = symbol_index(analysis)
    found = index.at(offset)
    if found is not None:
        if found.is_definition:
            return [Location(found.start, found.end)]
        local = [Location(o.start, o.end) for o in index.definitions_of(found.kind, found.name)]
        if local or found.reference is None:
            return local
        return _attribute_output(analysis, found.reference, offset)
    for start, end, value in index.files:
        if start <= offset <= end:
            path = file_path(analysis, value)
            return [Location(0, 0, path)] if path is not None else []
    return _provider_definition(analysis, offset)


def file_path(analysis: Analysis, value: str) -> str | None:
    """The file a template names (relative to the template), if it exists in the workspace."""
    base = os.path.dirname(os.path.abspath(analysis.path)) if analysis.path else os.getcwd()
    target = analysis.workspace.locator.locate(value, base)
    return target.path if analysis.workspace.files.exists(target) else None


def _provider_definition(analysis: Analysis, offset: int) -> list[Location]:
    """On a resource's type, property key or get_attr attribute, when the type is a provider."""
    steps = chain(analysis.tree.root, offset)
    path = path_of(steps)
    if len(path) < 3 or path[0] != 'resources':
        return _attribute_at(analysis, offset)
    resource = analysis.template.resources.get(path[1])
    if resource is None:
        return []
    provider = analysis.type_resolution(resource).provider
    if provider is None or not provider.readable:
        return _attribute_at(analysis, offset)
    if path[2] == 'type' and len(path) == 3:
        return [Location(0, 0, provider.path)] if analysis.workspace.files.exists(provider) else []
    if path[2] == 'properties' and len(path) == 4 and steps[-1].on_key:
        return _declaration(analysis, provider.path, 'parameters', path[3])
    return _attribute_at(analysis, offset)


def _attribute_at(analysis: Analysis, offset: int) -> list[Location]:
    for ref in analysis.template.references:
        attribute = ref.attribute
        if attribute is not None and attribute.start <= offset <= attribute.end:
            return _attribute_output(analysis, ref, offset)
    return []


def _attribute_output(analysis: Analysis, ref: Any, offset: int) -> list[Location]:
    """get_attr's attribute on a provider resource: the output of the provider template."""
    attribute = ref.attribute if ref is not None else None
    if attribute is None or not attribute.start <= offset <= attribute.end:
        return []
    resource = analysis.template.resources.get(ref.name)
    if resource is None or not isinstance(attribute, Scalar):
        return []
    provider = analysis.type_resolution(resource).provider
    if provider is None or not provider.readable:
        return []
    return _declaration(analysis, provider.path, 'outputs', attribute.value)


def _declaration(analysis: Analysis, path: str, section: str, name: Any) -> list[Location]:
    summary = analysis.workspace.summary(path)
    if summary is None or summary.template is None:
        return []
    found = getattr(summary.template, section).get(name)
    return [Location(found.span[0], found.span[1], path)] if found is not None else []
