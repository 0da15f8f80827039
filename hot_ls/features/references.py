"""Find references and document highlight: every place that names what stands at the cursor.

From a definition (its key) or from any reference, through every reference
form the model knows.  Only names of the same kind count: a parameter and a
condition that share a name are different things, and text inside strings
(a `str_replace` template mentioning the name) is not a reference.  A
parameter is also set from other files: by the environments of the
template's stack, and by the parent templates that use it as a provider,
whose `get_attr`s read its outputs (hot_ls.features.cross_file); those count
as references too (not for highlight, which stays in the document).
"""
from __future__ import annotations


from hot_ls.analysis import Analysis
from hot_ls.features.at import chain, path_of
from hot_ls.features.cross_file import (output_sites, outside_sites, parameter_declarations,
                                       registry_names, same_file, type_sites)
from hot_ls.features.index import Occurrence, symbol_index
from hot_ls.features.types import DocumentHighlight, Location
from hot_ls.model import symbols
from hot_ls.model.document import Kind
from hot_ls.model.environment import PARAMETER_DEFAULTS, PARAMETERS, RESOURCE_REGISTRY
from hot_ls.syntax import Scalar


def occurrences_at(analysis: Analysis, offset: int) -> list[Occurrence]:
    """The occurrences of the name at `offset`, in text order (empty if none is there)."""
    if analysis is None or analysis.template is None:
        return []
    index = symbol_index(analysis)
    found = index.at(offset)
    if found is None:
        return []
    return index.of(found.kind, found.name)


def references(analysis: Analysis, offset: int, include_declaration: bool = True) -> list[Location]:
    if analysis is not None and analysis.kind in (Kind.HOT, Kind.ENVIRONMENT):
        type_name = _type_at(analysis, offset)
        if type_name is not None:
            return type_references(analysis, type_name)
    if analysis is not None and analysis.kind is Kind.ENVIRONMENT:
        return environment_references(analysis, offset)
    occurrences = occurrences_at(analysis, offset)
    found = [Location(o.start, o.end) for o in occurrences
             if include_declaration or not o.is_definition]
    if occurrences and occurrences[0].kind == symbols.PARAMETER and \
            any(o.is_definition for o in occurrences):
        found.extend(outside_sites(analysis, occurrences[0].name))
    if occurrences and occurrences[0].kind == symbols.OUTPUT and \
            any(o.is_definition for o in occurrences):
        found.extend(output_sites(analysis, occurrences[0].name))
    return found


def type_references(analysis: Analysis, type_name: str) -> list[Location]:
    """Every place the document and the workspace's other files name a resource type: the
    resources of that type (a group's member too) and the registry entries that map it or
    map another type to it, this document's first."""
    own: list[Location] = []
    if analysis.kind is Kind.HOT:
        template = analysis.summary.template if analysis.summary is not None else None
        for resource in _with_members(template.resources if template is not None else ()):
            if resource.type == type_name and resource.type_span is not None:
                own.append(Location(resource.type_span[0], resource.type_span[1]))
    else:
        own = [Location(node.start, node.end)
               for node in registry_names(analysis.tree.root, type_name)]
    if analysis.path is None:
        return own
    return own + [site for site in type_sites(analysis.workspace, type_name)
                  if not same_file(site.path, analysis.path)]


def _type_at(analysis: Analysis, offset: int) -> str | None:
    """The resource type named at `offset` (not a template file): a resource's `type:`
    (a group member's too), a `resource_registry` key, or a type a registry entry maps to."""
    steps = chain(analysis.tree.root, offset)
    path = path_of(steps)
    if not steps or not isinstance(steps[-1].node, Scalar):
        return None
    value = steps[-1].node.value
    if not isinstance(value, str) or value.endswith(TEMPLATE_SUFFIXES) or '/' in value:
        return None
    if analysis.kind is Kind.HOT:
        on_type = (len(path) == 3 and path[0] == 'resources' and path[2] == 'type') or (
            len(path) == 5 and path[0] == 'resources' and path[2] == 'properties'
            and path[3] in ('resource_def', 'resource') and path[4] == 'type')
        return value if on_type and not steps[-1].on_key else None
    return value if len(path) == 2 and path[0] == RESOURCE_REGISTRY else None


#: what a type written as a file name ends with (a provider template: the call hierarchy's)
TEMPLATE_SUFFIXES = ('.yaml', '.yml', '.template', '.json')


def _with_members(resources):
    for resource in resources:
        yield resource
        if resource.member is not None:
            yield resource.member


def environment_references(analysis: Analysis, offset: int) -> list[Location]:
    """On a parameter of an environment: its declarations in the workspace's templates."""
    steps = chain(analysis.tree.root, offset)
    path = path_of(steps)
    if len(path) == 2 and path[0] in (PARAMETERS, PARAMETER_DEFAULTS) and steps[-1].on_key:
        return parameter_declarations(analysis.workspace, path[1]) + [
            Location(steps[-1].node.start, steps[-1].node.end)]
    return []


def highlight(analysis: Analysis, offset: int) -> list[DocumentHighlight]:
    """The same occurrences: the definition written, the references read."""
    return [DocumentHighlight(o.start, o.end, write=o.is_definition)
            for o in occurrences_at(analysis, offset)]
