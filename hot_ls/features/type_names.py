"""Resource type names as names: where a type is named, across a workspace's files.

A custom type (`My::Server`, TripleO's `OS::TripleO::Services::NovaApi`) is
named by the `type:` of the resources that use it and by the
`resource_registry` entries of the environments that map it (or map another
type to it).  References and rename follow every such place; a type written
as a template file's name is a file, not a name (the call hierarchy's).
"""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.features.at import chain, path_of
from hot_ls.features.cross_file import registry_names, same_file, type_sites, with_members
from hot_ls.features.index import FILE_SUFFIXES  # (a type naming a file: a template)
from hot_ls.features.types import Location
from hot_ls.model.document import Kind
from hot_ls.model.environment import RESOURCE_REGISTRY
from hot_ls.syntax import Scalar
from hot_ls.workspace.registry import RESOURCES


def type_references(analysis: Analysis, type_name: str) -> list[Location]:
    """Every place the document and the workspace's other files name a resource type: the
    resources of that type (a group's member too) and the registry entries that map it or
    map another type to it, this document's first."""
    own: list[Location] = []
    if analysis.kind is Kind.HOT:
        template = analysis.summary.template if analysis.summary is not None else None
        for resource in with_members(template.resources if template is not None else ()):
            if resource.type == type_name and resource.type_span is not None:
                own.append(Location(resource.type_span[0], resource.type_span[1]))
    else:
        own = [Location(node.start, node.end)
               for node in registry_names(analysis.tree.root, type_name)]
    if analysis.path is None:
        return own
    return own + [site for site in type_sites(analysis.workspace, type_name)
                  if not same_file(site.path, analysis.path)]


def type_at(analysis: Analysis, offset: int) -> Scalar | None:
    """The node naming a resource type at `offset` (not a template file): a resource's
    `type:` (a group member's too), a `resource_registry` key (a resource's own entry under
    `resources` too), or a type a registry entry maps to.  None in a template read no
    further than its syntax (too deep, too large)."""
    if analysis.kind is Kind.HOT and analysis.template is None:
        return None
    steps = chain(analysis.tree.root, offset)
    path = path_of(steps)
    if not steps or not isinstance(steps[-1].node, Scalar):
        return None
    value = steps[-1].node.value
    if not isinstance(value, str) or value.endswith(FILE_SUFFIXES) or '/' in value:
        return None
    if analysis.kind is Kind.HOT:
        on_type = (len(path) == 3 and path[0] == 'resources' and path[2] == 'type') or (
            len(path) == 5 and path[0] == 'resources' and path[2] == 'properties'
            and path[3] in ('resource_def', 'resource') and path[4] == 'type')
        return steps[-1].node if on_type and not steps[-1].on_key else None
    if analysis.kind is Kind.ENVIRONMENT and path and path[0] == RESOURCE_REGISTRY:
        if len(path) == 2 and path[1] != RESOURCES:
            return steps[-1].node
        if len(path) == 4 and path[1] == RESOURCES and '::' in value:  # (not `hooks`)
            return steps[-1].node  # one resource's own entry
    return None

