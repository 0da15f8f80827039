"""Workspace symbols: the parameters, resources and outputs of every template of the
workspace, and the types its environments map, found by a fuzzy match of the query."""
from __future__ import annotations

from hot_ls.text.fuzzy import fuzzy_score
from hot_ls.features.types import SymbolKind, WorkspaceSymbol
from hot_ls.workspace import Index

MAX_SYMBOLS = 500


def workspace_symbols(index: Index, query: str) -> list[WorkspaceSymbol]:
    """The symbols whose name matches `query` (all when it is empty), best first."""
    scored: list[tuple[int, int, WorkspaceSymbol]] = []

    def add(name, kind: SymbolKind, path: str, span, container: str | None) -> None:
        if not isinstance(name, str):
            return
        score = fuzzy_score(query, name)
        if score is not None:
            scored.append((-score, len(scored),
                           WorkspaceSymbol(name, kind, path, span[0], span[1], container)))

    for summary in index.templates():
        template = summary.template
        for name, info in template.parameters.items():
            add(name, SymbolKind.PARAMETER, summary.path, info.span, 'parameters')
        for resource in template.resources:
            add(resource.name, SymbolKind.RESOURCE, summary.path, resource.span,
                resource.type if isinstance(resource.type, str) else 'resources')
        for name, info in template.outputs.items():
            add(name, SymbolKind.OUTPUT, summary.path, info.span, 'outputs')
    for summary in index.environments():
        for key, leaf in summary.environment.loaded.registry.items():
            if not isinstance(leaf, dict) and leaf.origin.key is not None:
                add(key, SymbolKind.REGISTRY_ENTRY, summary.path, leaf.origin.key,
                    'resource_registry')
    scored.sort(key=lambda item: (item[0], item[1]))
    return [symbol for _, _, symbol in scored[:MAX_SYMBOLS]]
