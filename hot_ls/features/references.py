"""Find references and document highlight: every place that names what stands at the cursor.

From a definition (its key) or from any reference, through every reference
form the model knows.  Only names of the same kind count: a parameter and a
condition that share a name are different things, and text inside strings
(a `str_replace` template mentioning the name) is not a reference.
"""
from __future__ import annotations


from hot_ls.analysis import Analysis
from hot_ls.features.index import Occurrence, symbol_index
from hot_ls.features.types import DocumentHighlight, Location


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
    return [Location(o.start, o.end) for o in occurrences_at(analysis, offset)
            if include_declaration or not o.is_definition]


def highlight(analysis: Analysis, offset: int) -> list[DocumentHighlight]:
    """The same occurrences: the definition written, the references read."""
    return [DocumentHighlight(o.start, o.end, write=o.is_definition)
            for o in occurrences_at(analysis, offset)]
