"""Every corpus file loads in hot-ls exactly as Heat's loader loads it.

The oracle is Heat's rule (tests/yaml_oracle.py): json.loads first, else
PyYAML's CSafeLoader with timestamps kept as strings.  Where the oracle
accepts a file, `parse(text).root.to_python()` must be the same value (types,
key order and all) and hot-ls must not report a syntax or construct issue;
where it refuses one, hot-ls must report the matching issue, the first one at
PyYAML's problem mark.

The same comparison runs with the pure-Python parser forced (the fallback
when the C extension is missing) over a deterministic sample of the corpus
plus every file of ../shared/perf.
"""
from __future__ import annotations

import json
import os

import pytest
import yaml

import hot_ls.syntax.yaml_builder as yaml_builder
from helpers import CORPUS, PERF, needs_corpus, needs_perf
from hot_ls.syntax import parse
from yaml_oracle import corpus_files, heat_load, perf_files, read, same

FILES = corpus_files()
PURE_SAMPLE = FILES[::5]
PERF_FILES = perf_files()


@needs_corpus
@needs_perf
def test_corpus_is_there():
    # the comparison below must not pass vacuously
    assert len(FILES) > 1000
    assert len(PURE_SAMPLE) > 200
    assert len(PERF_FILES) >= 7
    assert any(name.endswith('.json') for name in FILES)
    assert any(name.endswith('.template') for name in FILES)


def _first_difference(got, expected, path='$'):
    """Where two loaded values first differ, for a readable failure."""
    if type(got) is not type(expected):
        return f'{path}: {type(got).__name__} {got!r:.80} != {type(expected).__name__} {expected!r:.80}'
    if isinstance(got, dict):
        if list(got) != list(expected):
            return f'{path}: keys {list(got)!r:.200} != {list(expected)!r:.200}'
        for key in got:
            found = _first_difference(got[key], expected[key], f'{path}.{key}')
            if found:
                return found
        return None
    if isinstance(got, list):
        if len(got) != len(expected):
            return f'{path}: {len(got)} items != {len(expected)}'
        for number, (a, b) in enumerate(zip(got, expected)):
            found = _first_difference(a, b, f'{path}[{number}]')
            if found:
                return found
        return None
    return None if same(got, expected) else f'{path}: {got!r:.80} != {expected!r:.80}'


def _expected_issue_kind(error: yaml.YAMLError) -> str:
    if isinstance(error, (yaml.scanner.ScannerError, yaml.parser.ParserError, yaml.reader.ReaderError)):
        return 'syntax'
    if isinstance(error, yaml.composer.ComposerError) and 'single document' in str(error):
        return 'multi-document'
    return 'construct'


def compare(path: str):
    """Compare one file; return its tree."""
    text = read(path)
    tree = parse(text)
    try:
        expected = heat_load(text)
    except yaml.YAMLError as error:
        kind = _expected_issue_kind(error)
        kinds = [issue.kind for issue in tree.issues]
        assert kind in kinds, f'PyYAML: {error}\nhot-ls issues: {tree.issues}'
        if kind == 'syntax':
            first = tree.issues[0]
            assert first.kind == 'syntax'
            assert first.start == error.problem_mark.index, (first, str(error))
            if tree.root is None:  # only when recovery had to blank every line with content
                lines = tree.lines
                content = {n for n in range(lines.line_count) if lines.line_text(n).strip()}
                assert content <= tree.patched_lines, 'recovery must leave a tree'
        return tree
    assert tree.root is not None or expected is None
    got = tree.root.to_python() if tree.root is not None else None
    difference = _first_difference(got, expected)
    assert difference is None, difference
    assert same(got, expected)
    refused = [issue for issue in tree.issues if issue.kind != 'duplicate-key']
    assert refused == [], f'Heat loads this file, hot-ls objects: {refused}'
    if text.lstrip().startswith(('{', '[')):
        try:
            json.loads(text)
        except ValueError:
            pass
        else:
            assert tree.format == 'json'
    return tree


@pytest.mark.parametrize('name', FILES)
def test_corpus_file_loads_as_heat_loads_it(name):
    compare(os.path.join(CORPUS, name))


@pytest.fixture
def pure_parser(monkeypatch):
    """Force the fallback and count calls into ruamel's pure-Python parser, to prove it ran."""
    monkeypatch.setattr(yaml_builder, 'HAVE_C_PARSER', False)
    from ruamel.yaml import parser as pure_module
    calls = []
    original = pure_module.Parser.check_event

    def counting(self, *choices):
        calls.append(1)
        return original(self, *choices)

    monkeypatch.setattr(pure_module.Parser, 'check_event', counting)
    yield calls


@pytest.mark.parametrize('name', PURE_SAMPLE)
def test_corpus_sample_with_the_pure_python_parser(name, pure_parser):
    tree = compare(os.path.join(CORPUS, name))
    assert pure_parser or tree.format == 'json', 'the pure-Python parser was not used'


@pytest.mark.parametrize('name', PERF_FILES)
def test_perf_file_with_the_pure_python_parser(name, pure_parser):
    tree = compare(os.path.join(PERF, name))
    assert pure_parser or tree.format == 'json', 'the pure-Python parser was not used'


@pytest.mark.parametrize('name', PERF_FILES)
def test_perf_file_with_the_c_parser(name):
    assert yaml_builder.HAVE_C_PARSER and yaml_builder.FAST_PATH
    compare(os.path.join(PERF, name))


def test_pure_and_c_trees_have_the_same_spans():
    """The fallback is not only value-equal: every node sits at the same offsets."""
    def spans(node, out):
        out.append((type(node).__name__, node.start, node.end))
        if hasattr(node, 'pairs'):
            for pair in node.pairs:
                spans(pair.key, out)
                spans(pair.value, out)
        elif hasattr(node, 'items') and isinstance(node.items, list):
            for item in node.items:
                spans(item, out)
        return out

    for name in FILES[::40]:
        text = read(os.path.join(CORPUS, name))
        c_result = yaml_builder.build(text)
        pure_result = yaml_builder.build(text, pure=True)
        if c_result.error is not None:
            continue
        assert pure_result.error is None, name
        assert spans(c_result.root, []) == spans(pure_result.root, []), name
