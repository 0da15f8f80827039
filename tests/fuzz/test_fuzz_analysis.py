"""Fuzzing the parser, the checks and the features: any text, any bytes, mutated templates.

The properties are in properties.py; the profiles (quick and derandomized in
CI, HOT_LS_HYPOTHESIS=long on demand) in tests/conftest.py.
"""
from __future__ import annotations

from hypothesis import given, strategies as st

from helpers import needs_corpus
from hot_ls.rules import analyze_file
import timings
from properties import checked, exercise
from strategies import any_text, heat_text, mutated_template


def _offsets(data, text: str) -> list[int]:
    """Where the features are asked: the ends, and a few drawn offsets."""
    drawn = data.draw(st.lists(st.integers(0, len(text)), max_size=3))
    return sorted({0, len(text), *drawn})


@given(any_text, st.data())
def test_any_text(text, data):
    analysis = checked('any text', text)
    exercise(analysis, _offsets(data, text))


@given(heat_text, st.data())
def test_heat_flavoured_text(text, data):
    analysis = checked('heat-flavoured text', text)
    exercise(analysis, _offsets(data, text))


@given(st.binary(max_size=300))
def test_any_bytes_in_a_file(tmp_path_factory, raw):
    """Bytes that are not UTF-8 are one diagnostic (HOT000) and nothing else."""
    path = tmp_path_factory.mktemp('bytes') / 'template.yaml'
    path.write_bytes(raw)
    with timings.record('bytes', raw.decode('utf-8', errors='backslashreplace'), cpu=True):
        analysis = analyze_file(str(path))
    try:
        text = raw.decode('utf-8')
    except UnicodeDecodeError:
        assert [d.code for d in analysis.diagnostics] == ['HOT000']
        return
    assert analysis.text == text.removeprefix('\ufeff') or analysis.text == text
    checked('bytes (UTF-8)', analysis.text)


@needs_corpus
@given(mutated_template(), st.data())
def test_mutated_corpus_templates(mutation, data):
    path, text = mutation
    analysis = checked('mutated corpus templates', text, path)
    exercise(analysis, _offsets(data, text))
