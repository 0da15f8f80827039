"""A call's parse path in a document without aliases is found when a message needs it
(hot_ls/evaluator/calls.py `_route`): down through the child whose span holds the call.
Every call of every value field of the corpus' templates and the perf set gets the steps the
walk that records them as it goes (`_SharedWalk`, for documents with aliases) gives it."""
from __future__ import annotations

import os

import pytest
from helpers import CORPUS, PERF, needs_corpus

from hot_ls.evaluator.calls import _route, _route_by_search, _SharedWalk
from hot_ls.evaluator.functions.table import value_table
from hot_ls.model import Template
from hot_ls.syntax import Mapping, Sequence, parse


def _templates() -> list[str]:
    found = []
    for top in (CORPUS, PERF):
        for folder, dirs, files in os.walk(top):
            dirs.sort()
            found.extend(os.path.join(folder, name) for name in sorted(files)
                         if name.endswith(('.yaml', '.yml', '.template')))
    return found


def _fields(template: Template):
    """The value fields Heat parses: each resource's properties and metadata, each output's
    value, each condition."""
    for definition in template.resources.values():
        for field in ('properties', 'metadata'):
            node = definition.get(field)
            if node is not None:
                yield node
    for definition in template.outputs.values():
        node = definition.get('value')
        if node is not None:
            yield node
    for definition in template.conditions.values():
        yield definition.body


@needs_corpus
def test_every_call_of_the_corpus_is_routed_as_the_recording_walk_finds_it():
    routed = 0
    for path in _templates():
        with open(path, encoding='utf-8', errors='replace') as fh:
            tree = parse(fh.read())
        if tree.aliases or not isinstance(tree.root, Mapping):
            continue
        template = Template(tree, path)
        if template.version is None:
            continue
        table = value_table(template.facts)
        for field in _fields(template):
            if type(field) not in (Mapping, Sequence):
                continue
            recorded: list = []
            _SharedWalk(table, recorded, 10 ** 9).visit(field, None)
            for call in recorded:
                assert _route(field, call.node) == call.steps, (path, call)
                routed += 1
    assert routed > 10_000


@pytest.mark.parametrize('text, target', [
    ('a: [{x: 1}, {get_param: p}]', ('a', 1)),
    ('a: {b: [[{get_attr: [r, x]}]]}', ('a', 'b', 0, 0)),
])
def test_a_route_is_the_same_found_by_spans_or_by_search(text, target):
    root = parse(text).root
    node = root
    for step in target:
        node = node.index[step].value if isinstance(step, str) else node.items[step]
    assert _route(root, node) == _route_by_search(root, node) is not None
