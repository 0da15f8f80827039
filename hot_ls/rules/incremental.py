"""Analyse a new text of a document from its previous analysis.

The editor sends one small edit at a time; `reanalyze` re-parses only the
entry the edit falls in (`hot_ls.syntax.incremental`) and falls back to a full
parse otherwise, then checks the document.  The result is the same analysis
`analyze` gives for the text (tests/rules/test_incremental_analysis.py holds them
together over editing sessions of real templates).

The previous analysis' tree is consumed by a splice (its nodes move into the
new tree): the caller must not use that analysis' positions afterwards
(`analysis.tree.consumed` says so).
"""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.config import Settings
from hot_ls.rules.engine import analyze
from hot_ls.syntax.incremental import reparse
from hot_ls.workspace import Workspace


def reanalyze(previous: Analysis | None, text: str, path: str | None = None,
              settings: Settings | None = None,
              workspace: Workspace | None = None) -> tuple[Analysis, str]:
    """The analysis of `text`, and how it was made: 'incremental' (one entry re-parsed)
    or 'full'."""
    spliced = None
    if previous is not None and previous.read_problem is None:
        spliced = reparse(previous.tree, text)
    tree = spliced.tree if spliced is not None else None
    return (analyze(text, path, settings, tree=tree, workspace=workspace),
            'full' if spliced is None else 'incremental')
