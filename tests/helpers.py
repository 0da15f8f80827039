"""Shared helpers for the tests: paths, rendering diagnostics, analysing snippets."""
from __future__ import annotations

import os
import textwrap

import pytest

from hot_ls.rules import Analysis, analyze

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, 'fixtures')
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared'))
CORPUS = os.path.join(SHARED, 'corpus')
PERF = os.path.join(SHARED, 'perf')
#: for the tests that read ../shared: skipped in a clone without it (as the README says)
needs_corpus = pytest.mark.skipif(not os.path.isdir(CORPUS), reason='../shared/corpus is not present')
needs_perf = pytest.mark.skipif(not os.path.isdir(PERF), reason='../shared/perf is not present')


def render(analysis: Analysis) -> str:
    """Diagnostics as snapshot text: 1-based line:col-line:col severity[CODE] message."""
    lines = analysis.tree.lines
    out = []
    for d in analysis.diagnostics:
        start, end = lines.position(d.start), lines.position(d.end)
        out.append(f'{start.line + 1}:{start.character + 1}-{end.line + 1}:{end.character + 1} '
                   f'{d.severity.label}[{d.code}] {d.message}')
        for related in d.related:
            rs, re_ = lines.position(related.start), lines.position(related.end)
            out.append(f'    related {rs.line + 1}:{rs.character + 1}-{re_.line + 1}:{re_.character + 1}'
                       f' {related.message}')
    return '\n'.join(out) + ('\n' if out else '')


def check(text: str, path: str | None = None, **kwargs) -> Analysis:
    """Analyse a dedented snippet."""
    return analyze(textwrap.dedent(text).lstrip('\n'), path, **kwargs)


def codes(analysis: Analysis) -> list[str]:
    return [d.code for d in analysis.diagnostics]


def errors(analysis: Analysis) -> list:
    return [d for d in analysis.diagnostics if d.severity.label == 'error']
