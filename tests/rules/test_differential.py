"""The differential harness's quick run: hot-ls on recorded mutants of real templates.

fixtures/differential/ holds small corpus templates Heat accepts and single
mutations of them (tools/mutate.py), each with Heat's verdict on both paths
users take (template validate and stack create), recorded by
`tools/differential.py --record-sample` under Heat's venv.  hot-ls checks each
mutant at its seed's place in ../shared/corpus (reading the provider
templates beside it, which Heat is sent) and must report no error where
Heat accepts on both paths, and no less of what Heat
rejects than fixtures/differential/floor.json records (raise the floor as
hot-ls improves; `tools/differential.py --full` is the whole study).
"""
from __future__ import annotations

import json
import os
import sys

import pytest

from helpers import FIXTURES, ROOT, needs_corpus

sys.path.insert(0, os.path.join(ROOT, 'tools'))
import differential  # noqa: E402

SAMPLE = os.path.join(FIXTURES, 'differential')


@pytest.fixture(scope='module')
def outcomes():
    return differential.quick(SAMPLE)


@pytest.fixture(scope='module')
def floor():
    with open(os.path.join(SAMPLE, 'floor.json'), encoding='utf-8') as fh:
        return json.load(fh)


def test_no_false_positive(outcomes):
    wrong = [f'{o.mutant.id} [{o.mutant.note}] in {o.mutant.seed}: '
             f'{[f"{line}: {code} {message}" for line, code, message in o.hot_ls.errors]}'
             for o in outcomes if o.false_positive]
    assert not wrong, 'hot-ls reports an error where Heat accepts:\n' + '\n'.join(wrong)


@needs_corpus  # hot-ls reads a seed's provider templates from its place in the corpus, as Heat is sent them
def test_recall_and_line_accuracy_hold(outcomes, floor):
    rows = differential.report(outcomes)
    for kind, minimum in floor['recall'].items():
        row = rows.get(kind, {})
        found = row.get('found', 0)
        assert found >= minimum, f'{kind}: hot-ls finds {found} of the rejected mutants, fewer than {minimum}'
    on_line = rows['ALL'].get('on_line', 0)
    assert on_line >= floor['on_line'], f'errors on the mutated line: {on_line} < {floor["on_line"]}'


def test_sample_is_what_the_generator_makes():
    """The recorded mutants are the generator's (so a change to it is re-recorded, not drifted)."""
    import mutate
    by_seed: dict[str, set] = {}
    for mutant, _ in differential.load_sample(SAMPLE):
        by_seed.setdefault(mutant.seed, set()).add(mutant.id)
    with open(os.path.join(SAMPLE, 'seeds.jsonl'), encoding='utf-8') as fh:
        seeds = {entry['name']: entry['text'] for entry in map(json.loads, fh)}
    for name, ids in by_seed.items():
        made = {m.id for m in mutate.mutants(name, seeds[name])}
        assert ids <= made, f'{name}: recorded mutants the generator no longer makes: {sorted(ids - made)}'
