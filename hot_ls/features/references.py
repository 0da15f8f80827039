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
from hot_ls.features.cross_file import (output_sites, outside_sites, parent_attribute_sites,
                                       parameter_declarations)
from hot_ls.features.index import Occurrence, symbol_index
from hot_ls.features.type_names import type_at, type_references
from hot_ls.features.types import DocumentHighlight, Location
from hot_ls.model import symbols
from hot_ls.model.document import Kind
from hot_ls.model.environment import PARAMETER_DEFAULTS, PARAMETERS
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
        node = type_at(analysis, offset)
        if node is not None:
            return type_references(analysis, node.value)
    if analysis is not None and analysis.kind is Kind.ENVIRONMENT:
        return environment_references(analysis, offset)
    if analysis is not None and analysis.kind is Kind.HOT:
        reads = _output_reads_at(analysis, offset)
        if reads is not None:
            return reads
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


def _output_reads_at(analysis: Analysis, offset: int) -> list[Location] | None:
    """On a `get_attr` attribute naming an output of a provider resource's template: the
    output's declaration and every read of it in the workspace's templates (None: no such
    attribute here)."""
    if analysis.template is None:
        return None
    for ref in analysis.template.references:
        attribute = ref.attribute
        if not isinstance(attribute, Scalar) or not attribute.start <= offset <= attribute.end:
            continue
        resource = analysis.template.resources.get(ref.name)
        provider = analysis.type_resolution(resource).provider if resource is not None \
            else None
        if provider is None or not provider.readable:
            return None
        summary = analysis.workspace.summary(provider.path)
        output = summary.template.outputs.get(attribute.value) \
            if summary is not None and summary.template is not None else None
        if output is None:
            return None
        declared = Location(output.span[0], output.span[1], provider.path)
        return [declared] + list(parent_attribute_sites(analysis.workspace, provider.path,
                                                        attribute.value))
    return None


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
