"""Document links: the files a template or an environment names, as links to them.

`get_file: path` and `type: nested.yaml` in a template, a template file as a
`resource_registry` value in an environment: each that names a file of the
workspace that exists is a link (relative to the file that names it, as
python-heatclient resolves it).
"""
from __future__ import annotations

import os

from hot_ls.analysis import Analysis
from hot_ls.features.index import symbol_index
from hot_ls.features.types import DocumentLink
from hot_ls.model.document import Kind
from hot_ls.workspace.environments import leaves


def document_links(analysis: Analysis | None) -> list[DocumentLink]:
    if analysis is None:
        return []
    workspace = analysis.workspace
    base = os.path.dirname(os.path.abspath(analysis.path)) if analysis.path else os.getcwd()
    found: list[tuple[int, int, str]] = []
    if analysis.kind is Kind.HOT and analysis.template is not None:
        found = list(symbol_index(analysis).files)
    elif analysis.kind is Kind.ENVIRONMENT:
        summary = analysis.summary.environment
        if summary is not None:
            found = [(leaf.origin.value[0], leaf.origin.value[1], leaf.value)
                     for leaf in leaves(summary.loaded.registry)
                     if leaf.target is not None and leaf.origin.value is not None]
    links = []
    for start, end, value in found:
        target = workspace.locator.locate(value, base)
        if workspace.files.exists(target):
            links.append(DocumentLink(start, end, target.path))
    return links
