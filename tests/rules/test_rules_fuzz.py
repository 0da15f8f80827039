"""Every rule survives mangled real templates: no exception, no internal error diagnostic.

A seeded fuzz: real corpus templates with lines deleted, duplicated and
re-indented, values swapped for other shapes, keys misspelt.  The analysis
must finish with diagnostics of its own rules only (never HOT009, which the
engine reports when a rule fails).
"""
from __future__ import annotations

import os
import random

import pytest

from helpers import CORPUS
from hot_ls.rules import analyze

pytestmark = pytest.mark.skipif(not os.path.isdir(CORPUS), reason='../shared/corpus is not present')

REPLACEMENTS = ['[]', '{}', '~', '1', '"x"', '[1, {a: b}]', '{get_param: [a, 0]}',
                '{get_attr: []}', '{if: [c]}', '{repeat: 3}', '{str_replace: x}', '{yaql: {}}',
                '{list_join: [1]}', '{get_resource: [x]}', '!!binary aGk=', '*nope', '{Fn::Select: 1}']


def _templates(count: int) -> list[str]:
    found = []
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith('.yaml') and not name.endswith('.j2.yaml'):
                found.append(os.path.join(dirpath, name))
    rng = random.Random(7)
    return rng.sample(found, min(count, len(found)))  # none without the corpus: skipped


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 6)):
        if not lines:
            break
        index = rng.randrange(len(lines))
        action = rng.randrange(5)
        if action == 0:
            del lines[index]
        elif action == 1:
            lines.insert(index, lines[index])
        elif action == 2:
            lines[index] = '  ' + lines[index]
        elif action == 3 and ':' in lines[index]:
            key, _, _ = lines[index].partition(':')
            lines[index] = f'{key}: {rng.choice(REPLACEMENTS)}'
        elif action == 4 and ':' in lines[index]:
            key, sep, rest = lines[index].partition(':')
            lines[index] = key[:-1] + sep + rest if len(key.strip()) > 1 else lines[index]
    return '\n'.join(lines) + '\n'


@pytest.mark.parametrize('path', _templates(60), ids=lambda p: os.path.relpath(p, CORPUS))
def test_rules_survive_mutations(path):
    with open(path, encoding='utf-8') as fh:
        text = fh.read()
    rng = random.Random(path)
    for _ in range(4):
        mutated = _mutate(text, rng)
        analysis = analyze(mutated, path)
        internal = [d.message for d in analysis.diagnostics if d.code == 'HOT009']
        assert not internal, (internal, mutated)
