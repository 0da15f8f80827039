"""The incremental analysis is the full one: over editing sessions of real templates.

After every edit (typing, deleting, pasting a line, undoing) the analysis made
from the previous one (`rules.incremental.reanalyze`) equals `analyze` of the
text from scratch: the tree, every diagnostic (code, severity, message, range,
related information, tags, quick-fix data, in order) and the symbols.
"""
from __future__ import annotations

import sys

import pytest

from hot_ls.analysis import allow_deep_recursion
from hot_ls.rules import analyze
from hot_ls.rules.incremental import reanalyze

hypothesis = pytest.importorskip('hypothesis')

from helpers import needs_corpus  # noqa: E402
from edits import read, session  # noqa: E402

sys.path.insert(0, __file__.rsplit('/rules/', 1)[0] + '/syntax')
from tree_signature import tree_signature  # noqa: E402

allow_deep_recursion()  # as analyze does: hypothesis wants the limit unchanged by a test


def diagnostics(analysis) -> list[tuple]:
    return [(d.code, d.name, int(d.severity), d.message, d.start, d.end,
             [(r.start, r.end, r.message) for r in d.related], d.tags, d.data)
            for d in analysis.diagnostics]


def symbols(analysis) -> list[tuple]:
    template = analysis.template
    if template is None:
        return []
    return [(kind, name, definition.key.start, definition.key.end, definition.body.end)
            for kind in ('parameter', 'resource', 'condition', 'output')
            for name, definition in template.definitions(kind).items()]


def same(incremental, full) -> None:
    assert tree_signature(incremental.tree) == tree_signature(full.tree)
    assert incremental.kind == full.kind
    assert diagnostics(incremental) == diagnostics(full)
    assert symbols(incremental) == symbols(full)


@needs_corpus
@hypothesis.given(session(steps=6))
def test_every_step_of_an_editing_session_is_the_full_analysis(drawn):
    path, texts = drawn
    previous = analyze(read(path), path)
    for text in texts:
        incremental, _ = reanalyze(previous, text, path)
        same(incremental, analyze(text, path))
        previous = incremental


def test_how_the_analysis_was_made():
    text = 'heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::None\n'
    first = analyze(text)
    typed = text.replace('None', 'Nonee')
    second, how = reanalyze(first, typed)
    assert how == 'incremental' and first.tree.consumed
    assert [d.code for d in second.diagnostics] == ['HOT701']  # an unknown type
    third, how = reanalyze(first, typed + 'x')  # a consumed tree: a full parse
    assert how == 'full' and not third.tree.consumed
    assert reanalyze(None, text)[1] == 'full'
