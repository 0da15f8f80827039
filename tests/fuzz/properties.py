"""What every analysis must satisfy, whatever the text: the fuzz tests' one oracle.

- the check finishes without an exception and without an internal error
  (HOT009: a rule that raised);
- every diagnostic lies inside the document;
- every editor feature answers at any offset (including the end) without
  an exception, and what it returns lies inside the document;
- the structural bounds hold: a tree no deeper than the parser reads, an
  evaluation that gives up (EvaluationLimit) rather than computes values
  past its limits.
"""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.features import code_actions, completion, definition, evaluation, folding, graph
from hot_ls.features import hover, links, references, rename, selection, semantic_tokens
from hot_ls.features import signature_help, symbols
from hot_ls.features.types import RenameError
from hot_ls.rules import analyze
from hot_ls.syntax.skim import SIZE_LIMIT
from hot_ls.syntax.yaml_builder import DEPTH_LIMIT

import timings


def checked(test: str, text: str, path: str | None = None) -> Analysis:
    """Analyse `text` (timed) and assert what every check must satisfy."""
    with timings.record(test, text, cpu=True):
        analysis = analyze(text, path)
    internal = [d.message for d in analysis.diagnostics if d.code == 'HOT009']
    assert not internal, internal
    length = len(text)
    for d in analysis.diagnostics:
        assert 0 <= d.start <= d.end <= length, (d.code, d.start, d.end, length)
        for related in d.related:
            assert 0 <= related.start <= related.end <= length, (d.code, related)
    tree = analysis.tree
    if tree.format == 'yaml':  # (JSON's parse is linear in the depth, and json.loads' own)
        assert tree.depth <= DEPTH_LIMIT + 1
    assert tree.skimmed == (length > SIZE_LIMIT)
    return analysis


def _inside(span, length: int) -> None:
    start, end = span
    assert 0 <= start <= end <= length, (start, end, length)


def exercise(analysis: Analysis, offsets: list[int]) -> None:
    """Every feature at every offset: no exception, answers inside the document."""
    text = analysis.text
    length = len(text)
    lines = analysis.tree.lines
    pending = list(symbols.document_symbols(analysis))
    while pending:
        symbol = pending.pop()
        _inside((symbol.range.start, symbol.range.end), length)
        _inside((symbol.selection.start, symbol.selection.end), length)
        pending.extend(symbol.children)
    for span in folding.folding_ranges(analysis):
        assert 0 <= span.start_line <= span.end_line < lines.line_count + 1
    for token in semantic_tokens.semantic_tokens(analysis):
        _inside((token.start, token.end), length)
    for link in links.document_links(analysis):
        _inside((link.start, link.end), length)
    evaluation.value_hints(analysis)
    evaluation.preview(analysis)
    graph.dependency_graph(analysis)
    for chain in selection.selection_ranges(analysis, offsets):
        for span in chain.spans:
            _inside((span.start, span.end), length)
    for offset in offsets:
        hover.hover(analysis, offset)
        completion.complete(analysis, text, offset, lines)
        signature_help.signature_help(analysis, text, offset)
        definition.definition(analysis, offset)
        references.references(analysis, offset, True)
        references.highlight(analysis, offset)
        try:
            span = rename.prepare_rename(analysis, offset)
            if span is not None:
                _inside((span.start, span.end), length)
                rename.rename(analysis, offset, 'renamed')
        except RenameError:
            pass
        code_actions.code_actions(analysis, offset, min(length, offset + 5),
                                  analysis.diagnostics)
