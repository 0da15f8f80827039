"""parse() never raises and never hangs, whatever the text; a fuzz over mutated corpus files.

Every test runs under a wall-clock guard (SIGALRM), so a hang fails the test
instead of stalling the suite.
"""
from __future__ import annotations

import contextlib
import json
import os
import random
import signal

import pytest
import yaml

import hot_ls.syntax.yaml_builder as yaml_builder
from helpers import CORPUS, needs_corpus
from hot_ls.syntax import Mapping, Scalar, Sequence, SyntaxTree, parse
from hot_ls.syntax.yaml_builder import DEPTH_LIMIT
from yaml_oracle import corpus_files, heat_load, read, same


class Hang(Exception):
    pass


@contextlib.contextmanager
def within(seconds: float):
    """Fail with Hang if the block runs longer than `seconds` (main thread, POSIX)."""
    def expire(signum, frame):
        raise Hang(f'still running after {seconds} s')

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def check_invariants(text: str, tree: SyntaxTree) -> None:
    """What every consumer of a tree may rely on, for any input."""
    assert isinstance(tree, SyntaxTree)
    assert tree.text is text
    length = len(text)
    for issue in tree.issues:
        assert 0 <= issue.start <= issue.end <= length, issue
        for start, end, _message in issue.related:
            assert 0 <= start <= end <= length, issue
    line_count = tree.lines.line_count
    assert all(0 <= line < line_count for line in tree.patched_lines)
    if tree.root is None:
        return
    # iterative walk: spans inside the text, no cycles, keys of the index are in pairs or merged
    seen = set()
    stack = [tree.root]
    while stack:
        node = stack.pop()
        assert 0 <= node.start <= node.end <= length, node
        if isinstance(node, Scalar) or id(node) in seen:  # aliased nodes are shared: walk once
            continue
        seen.add(id(node))
        if isinstance(node, Mapping):
            for pair in node.pairs:
                stack.extend((pair.key, pair.value))
        elif isinstance(node, Sequence):
            stack.extend(node.items)
    for _start, _end, target in tree.aliases:
        assert not _contains(target, target)


def _contains(outer, node) -> bool:
    """Whether `node` occurs strictly inside `outer` (a cycle through an alias)."""
    stack = list(_children(outer))
    visited = set()
    while stack:
        current = stack.pop()
        if current is node:
            return True
        if id(current) in visited:
            continue
        visited.add(id(current))
        stack.extend(_children(current))
    return False


def _children(node):
    if isinstance(node, Mapping):
        for pair in node.pairs:
            yield pair.key
            yield pair.value
    elif isinstance(node, Sequence):
        yield from node.items


def parse_checked(text: str, seconds: float = 10) -> SyntaxTree:
    """Parse all of `text`, however long (`parse` only skims what Heat would never read)."""
    with within(seconds):
        tree = parse(text, limit=None)
        check_invariants(text, tree)
    return tree


# --- pathological inputs ---------------------------------------------------------------------

DEEP = 10_000

PATHOLOGICAL = {
    'open [': '[' * DEEP,
    'open {': '{' * DEEP,
    'open {a: ': '{a: ' * DEEP,
    'closed []': '[' * DEEP + ']' * DEEP,
    'closed {a: }': '{a: ' * DEEP + '1' + '}' * DEEP,
    'mixed open': '[{a: ' * (DEEP // 2),
    'deep json': '{"a": ' * 800 + '1' + '}' * 800,
    'too deep for json': '[' * DEEP + ']' * DEEP + ' ',
    'deep dashes': '- ' * DEEP + 'x\n',
    'deep block mapping': ''.join(' ' * n + 'k:\n' for n in range(2000)),
    'deep block sequence': ''.join(' ' * n + '-\n' for n in range(2000)),
    'deep complex key': '? ' + '[' * 2000 + ']' * 2000 + '\n: 1\n',
    'long line': 'a: ' + 'x' * 1_000_000 + '\n',
    'long quoted line': 'a: "' + 'x y ' * 250_000 + '"\n',
    'long flow sequence': 'a: [' + ', '.join(['1'] * 100_000) + ']\n',
    'many keys': ''.join(f'k{n}: {n}\n' for n in range(100_000)),
    'many errors': 'a: [\n' * 3000,
    'many unclosed quotes': ''.join(f'k{n}: "x\n' for n in range(3000)),
    'NUL': 'a: b\x00c\nd: e\n',
    'NUL only': '\x00' * 100,
    'BOM': '\ufeffa: 1\n',
    'BOM json': '\ufeff{"a": 1}',
    'BOM twice': '\ufeff\ufeffa: 1\n',
    'binary garbage': bytes(range(256)).decode('latin-1') * 40,
    'random bytes': bytes(random.Random(7).randrange(256) for _ in range(20_000)).decode('utf-8', 'replace'),
    'lone surrogates': 'a: \ud800\nb: \udfff x\n',
    'control characters': 'a: \x01\x02\x1b[31m\n',
    'tabs everywhere': '\t\t\ta:\t1\n\tb:\n\t\t- c\n',
    'only whitespace': ' \n\t\n  \r\n',
    'only a comment': '# nothing\n',
    'only ---': '---',
    'only ...': '...',
    'directive alone': '%YAML 1.1',
    'bad directive': '%YAML 9.9\n---\na: 1\n',
    'lone indicators': '& * ! | > " \' [ { ? : - # % @ `',
    'alias bomb': 'a: &a [x,x,x,x,x,x,x,x,x]\n' + ''.join(
        f'{chr(98 + n)}: &{chr(98 + n)} [' + ','.join(['*' + chr(97 + n)] * 9) + ']\n' for n in range(9)),
    'many documents': '---\na: 1\n' * 5000,
    'CR only': 'a: 1\rb: [\rc: 3\r',
    'unicode breaks': 'a: 1\u2028b: [\u2029c: 3\x85d: 4\n',
}


@pytest.mark.parametrize('name', list(PATHOLOGICAL))
def test_pathological_input_with_the_c_parser(name):
    assert yaml_builder.HAVE_C_PARSER and yaml_builder.FAST_PATH
    parse_checked(PATHOLOGICAL[name], seconds=10)


@pytest.mark.parametrize('name', [n for n in PATHOLOGICAL
                                  if n not in ('long line', 'long quoted line', 'many keys',
                                               'long flow sequence', 'many documents')])
def test_pathological_input_with_the_pure_parser(name, monkeypatch):
    monkeypatch.setattr(yaml_builder, 'HAVE_C_PARSER', False)
    parse_checked(PATHOLOGICAL[name], seconds=10)


def test_large_inputs_with_the_pure_parser(monkeypatch):
    monkeypatch.setattr(yaml_builder, 'HAVE_C_PARSER', False)
    parse_checked('a: ' + 'x' * 200_000 + '\n', seconds=10)
    parse_checked(''.join(f'k{n}: {n}\n' for n in range(10_000)), seconds=10)


def test_nesting_up_to_the_depth_limit_is_read_whole(parser):
    text = '--- ' + '[' * DEPTH_LIMIT + ']' * DEPTH_LIMIT  # YAML, not JSON
    tree = parse_checked(text, seconds=10)
    assert tree.issues == [] and tree.format == 'yaml'
    assert (tree.depth, tree.truncated) == (DEPTH_LIMIT, False)
    node, depth = tree.root, 1
    while node.items:
        node, depth = node.items[0], depth + 1
    assert depth == DEPTH_LIMIT
    assert (node.start, node.end) == (DEPTH_LIMIT + 3, DEPTH_LIMIT + 5)


def test_deeper_nesting_stops_the_parse_at_the_limit(parser):
    """libyaml's time grows with the square of the depth (10,000 levels of
    `{list_join: [",", [...]]}` took 12 s): the parse stops at DEPTH_LIMIT,
    so the work is bounded by the limit, not by the input."""
    for text in ('[' * DEEP + ']' * DEEP, '[' * DEEP, '{a: ' * DEEP + '1' + '}' * DEEP,
                 'v: ' + '{list_join: [",", [' * DEEP + 'x' + ']]}' * DEEP):
        tree = parse_checked(text, seconds=10)
        assert tree.issues == [] and tree.format == 'yaml'  # too deep for json.loads
        assert (tree.depth, tree.truncated) == (DEPTH_LIMIT + 1, True)
        node, depth = tree.root, 0
        while isinstance(node, (Mapping, Sequence)):  # the open collections, closed
            depth += 1
            children = list(_children(node))
            assert node.end <= len(text)
            node = children[-1] if children else None
        assert depth == DEPTH_LIMIT


def test_unclosed_deep_nesting_is_one_syntax_issue(parser):
    depth = DEPTH_LIMIT - 1
    tree = parse_checked('[' * depth, seconds=10)
    assert [i.kind for i in tree.issues] == ['syntax']
    assert tree.issues[0].start == depth


def test_bom_is_skipped(parser):
    tree = parse_checked('\ufeffa: 1\n')
    assert tree.issues == []
    assert tree.root.to_python() == {'a': 1}
    assert tree.root.pairs[0].key.start == 1


@needs_corpus
def test_bom_file_of_the_corpus_has_the_same_spans_with_both_parsers():
    # libyaml drops a leading BOM before counting; our offsets count it
    text = read(os.path.join(CORPUS, 'heat-templates/hot/Windows/PuppetAgent/puppet-agent.yaml'))
    assert text.startswith('\ufeff')
    c_result = yaml_builder.build(text)
    pure_result = yaml_builder.build(text, pure=True)
    assert c_result.error is None and pure_result.error is None

    def spans(node):
        out, stack = [], [node]
        while stack:
            current = stack.pop()
            out.append((current.start, current.end))
            stack.extend(reversed(list(_children(current))))
        return out

    assert spans(c_result.root) == spans(pure_result.root)
    first_key = c_result.root.pairs[0].key
    assert text[first_key.start:first_key.end] == 'heat_template_version'


def test_nul_is_one_syntax_issue_and_the_rest_survives(parser):
    tree = parse_checked('a: b\x00c\nd: e\n')
    assert [(i.kind, i.start) for i in tree.issues] == [('syntax', 4)]
    assert tree.root.to_python() == {'a': None, 'd': 'e'}


# --- fuzz -----------------------------------------------------------------------------------

FUZZ_SEED = 20240611
MUTATION_CHARS = list(':-?[]{},#&*!|>\'"%@` \n\t.0123456789abcXYZ~=<\r\x00é😀')


def mutate(text: str, rng: random.Random) -> str:
    """Delete, insert or duplicate characters and lines, or truncate."""
    for _ in range(rng.randint(1, 4)):
        choice = rng.random()
        if not text:
            text = rng.choice(MUTATION_CHARS)
        elif choice < 0.25:
            at = rng.randrange(len(text))
            text = text[:at] + text[at + rng.randint(1, 3):]
        elif choice < 0.5:
            at = rng.randrange(len(text) + 1)
            text = text[:at] + ''.join(rng.choice(MUTATION_CHARS) for _ in range(rng.randint(1, 3))) + text[at:]
        elif choice < 0.65:
            at = rng.randrange(len(text))
            text = text[:at] + text[at:at + rng.randint(1, 8)] + text[at:]
        elif choice < 0.85:
            lines = text.split('\n')
            at = rng.randrange(len(lines))
            if rng.random() < 0.5:
                del lines[at]
            else:
                lines.insert(rng.randrange(len(lines) + 1), lines[at])
            text = '\n'.join(lines)
        else:
            text = text[:rng.randrange(len(text) + 1)]
    return text


@needs_corpus
def test_fuzz_mutated_corpus_files():
    """Mutated corpus files parse without raising or hanging; where hot-ls reports nothing but
    duplicate keys, Heat's loader accepts the text and loads the same value."""
    rng = random.Random(FUZZ_SEED)
    files = corpus_files()
    small = [name for name in files if os.path.getsize(os.path.join(CORPUS, name)) < 20_000]
    done = disagreements = 0
    failures = []
    for number in range(600):  # a fixed sample: the same cases on every machine, however busy
        source = read(os.path.join(CORPUS, rng.choice(small)))
        if number % 8:
            lines = source.split('\n')
            start = rng.randrange(len(lines))
            source = '\n'.join(lines[start:start + rng.randint(3, 25)])
        text = mutate(source, rng)
        tree = parse_checked(text, seconds=5)
        done += 1
        refused = [i for i in tree.issues if i.kind != 'duplicate-key']
        try:
            expected = heat_load(text)
        except (yaml.YAMLError, ValueError, KeyError, RecursionError):
            if not refused:
                failures.append(('hot-ls accepts what Heat refuses', text))
            continue
        if refused:
            failures.append(('hot-ls refuses what Heat accepts', text, refused[0].message))
        elif not same(tree.root.to_python() if tree.root is not None else None, expected):
            failures.append(('values differ', text))
    disagreements = len(failures)
    assert done == 600
    assert disagreements == 0, '\n'.join(repr(f) for f in failures[:10])


@needs_corpus
def test_fuzz_mutated_corpus_files_pure_parser(monkeypatch):
    monkeypatch.setattr(yaml_builder, 'HAVE_C_PARSER', False)
    rng = random.Random(FUZZ_SEED + 1)
    files = [name for name in corpus_files() if os.path.getsize(os.path.join(CORPUS, name)) < 6000]
    done = 0
    failures = []
    for _ in range(150):  # a fixed sample: the same cases on every machine, however busy
        text = mutate(read(os.path.join(CORPUS, rng.choice(files))), rng)
        tree = parse_checked(text, seconds=5)
        done += 1
        refused = [i for i in tree.issues if i.kind != 'duplicate-key']
        try:
            expected = heat_load(text)
        except (yaml.YAMLError, ValueError, KeyError, RecursionError):
            if not refused:
                failures.append(('hot-ls accepts what Heat refuses', text))
            continue
        if refused:
            failures.append(('hot-ls refuses what Heat accepts', text, refused[0].message))
        elif not same(tree.root.to_python() if tree.root is not None else None, expected):
            failures.append(('values differ', text))
    assert done == 150
    assert failures == [], '\n'.join(repr(f) for f in failures[:10])


def test_json_looking_garbage():
    rng = random.Random(FUZZ_SEED + 2)
    base = json.dumps({'heat_template_version': '2013-05-23',
                       'resources': {'r': {'type': 'T', 'properties': {'a': [1, 2.5, None, True],
                                                                       'b': {'c': 'd'}}}}})
    with within(10):
        for _ in range(500):
            text = mutate(base, rng)
            tree = parse(text)
            check_invariants(text, tree)
            try:
                expected = json.loads(text)
            except ValueError:
                continue
            assert tree.format == 'json'
            assert same(tree.root.to_python(), expected)


def test_a_retry_error_without_a_mark_is_no_crash():
    """The pure parser's retry (for what newer libyaml accepts) can stop without a problem
    mark while recovery tries a candidate; found by the incremental parse's fuzzing."""
    tree = parse('                - s: {f:s}\n                - |\n:\ner')
    assert tree.syntax_errors
