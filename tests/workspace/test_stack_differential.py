"""The whole-stack differential's quick run: mutants of the nested templates of real trees.

fixtures/stack-differential/mutants.jsonl holds single mutations (tools/mutate.py) of the
templates OVB's quintupleo.yaml and Magnum's Kubernetes cluster create as nested stacks,
each with Heat's verdict on the stack create through python-heatclient, recorded by
`tools/stack_differential.py --record-sample` under Heat's venv, and whether hot-ls flagged
it then.  hot-ls checks each mutant's tree with the stack configured: no error where Heat
accepts the stack, and an error on every mutant it flagged when the sample was recorded
(re-record it as hot-ls improves; `--full` is the whole study).
"""
from __future__ import annotations

import os
import sys

import pytest

from helpers import ROOT, needs_corpus

sys.path.insert(0, os.path.join(ROOT, 'tools'))
import stack_differential  # noqa: E402

pytestmark = needs_corpus


@pytest.fixture(scope='module')
def results():
    return stack_differential.judge(stack_differential.recorded_sample(), None)


def _said(result) -> str:
    heat = result['heat']
    return (f'{result["stack"]} {result["file"]} {result["kind"]} [{result["note"]}]: Heat '
            f'{heat["client"] or heat["template"] or heat["create"]!r}, hot-ls '
            f'{result["errors"][:2]}')


def test_no_error_where_heat_accepts_the_stack(results):
    wrong = [_said(r) for r in results
             if not stack_differential.refused(r['heat']) and r['errors']]
    assert not wrong, 'hot-ls reports an error where Heat accepts the stack:\n' + '\n'.join(wrong)


def test_what_hot_ls_flagged_it_still_flags(results):
    lost = [_said(r) for r in results
            if stack_differential.refused(r['heat']) and r['flagged'] and not r['errors']]
    assert not lost, 'hot-ls no longer reports what Heat refuses:\n' + '\n'.join(lost)


def test_the_sample_covers_both_trees_and_both_verdicts(results):
    assert {r['stack'] for r in results} == {
        name for name in stack_differential.STACKS
        if stack_differential.OPTIONS.get(name, {}).get('sample', True)} == {'ovb', 'magnum'}
    refused = [r for r in results if stack_differential.refused(r['heat'])]
    assert len(refused) > 50 and len(results) - len(refused) > 150
    assert sum(r['flagged'] for r in refused) / len(refused) > 0.95
