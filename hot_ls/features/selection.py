"""Selection ranges: from the word at the cursor out through the enclosing nodes.

word → scalar (inside its quotes, then with them) → key: value pair → mapping
or list → ... → the whole document.  Each span strictly contains the one
before; a node that does not (one reached through an alias lives elsewhere in
the text) is left out.
"""
from __future__ import annotations

import re
from typing import Iterable

from hot_ls.analysis import Analysis
from hot_ls.features.at import chain
from hot_ls.features.index import name_span, token_span
from hot_ls.features.types import SelectionRange, Span
from hot_ls.syntax import Node, Scalar

_WORD = re.compile(r'[A-Za-z0-9_\-]+')


def selection_ranges(analysis: Analysis, offsets: Iterable[int]) -> list[SelectionRange]:
    text = analysis.text if analysis is not None else ''
    root = analysis.tree.root if analysis is not None else None
    return [_selection(text, root, offset) for offset in offsets]


def _trimmed(text: str, start: int, end: int) -> Span:
    while end > start and text[end - 1] in ' \t\r\n':
        end -= 1
    return Span(start, end)


def _word(text: str, offset: int) -> Span | None:
    line_start = text.rfind('\n', 0, offset) + 1
    line_end = text.find('\n', offset)
    line_end = len(text) if line_end == -1 else line_end
    for match in _WORD.finditer(text, line_start, line_end):
        if match.start() <= offset <= match.end():
            return Span(match.start(), match.end())
    return None


def _selection(text: str, root: Node | None, offset: int) -> SelectionRange:
    offset = max(0, min(offset, len(text)))
    candidates: list[Span] = []
    word = _word(text, offset)
    if word is not None:
        candidates.append(word)
    steps = chain(root, offset)
    for position in range(len(steps) - 1, -1, -1):
        step = steps[position]
        node = step.node
        if isinstance(node, Scalar):
            candidates.append(Span(*name_span(text, node)))
            candidates.append(_trimmed(text, *token_span(text, node)))
        candidates.append(_trimmed(text, node.start, node.end))
        if step.pair is not None:
            key, value = step.pair.key, step.pair.value
            start = token_span(text, key)[0]
            end = max(key.end, value.end) if value.start >= key.end else key.end
            candidates.append(_trimmed(text, start, end))
    candidates.append(Span(0, len(text)))
    spans: list[Span] = []
    for span in candidates:
        if not span.start <= offset <= span.end:
            continue
        if spans:
            last = spans[-1]
            if span == last or not (span.start <= last.start and last.end <= span.end):
                continue
        spans.append(span)
    return SelectionRange(spans)
