"""static_issues against Heat's own template validation.

fixtures/golden/static.jsonl holds Heat's verdict (template validate,
offline) on each template of tools/static_cases.yaml.  Where Heat rejects
a template, its message must be one of the certain issues hot-ls finds;
where Heat accepts it, hot-ls must find nothing certain (it may find
possible ones: in an `if` branch not taken, in a disabled resource...).
"""
from __future__ import annotations

import json
import os

import pytest

from golden import ROOT
from hot_ls.evaluator.static import static_issues
from hot_ls.model import Template
from hot_ls.syntax import parse

with open(os.path.join(ROOT, 'fixtures', 'golden', 'static.jsonl'), encoding='utf-8') as fh:
    CASES = [json.loads(line) for line in fh if line.strip()]


def issues_of(text: str):
    return static_issues(Template(parse(text)))


@pytest.mark.parametrize('case', CASES, ids=[c['id'] for c in CASES])
def test_static_issues_agree_with_heat(case):
    found = issues_of(case['template'])
    certain = [issue.message for issue in found if issue.certain]
    if case['heat'] is None:
        assert not certain, certain
    else:
        assert case['heat'] in certain, (case['heat'], [(i.message, i.certain) for i in found])


def test_possible_issues_say_why():
    found = {c['id']: issues_of(c['template']) for c in CASES}
    untaken = found['error-in-untaken-branch']
    assert [(i.certain, i.phase, i.cause) for i in untaken] == [(False, 'parse', 'arguments')]
    assert 'inside an "if" branch' in untaken[0].reason
    disabled = found['validate-error-in-disabled-resource']
    assert [(i.certain, i.phase) for i in disabled] == [(False, 'validate')]
    assert 'disabled by its condition' in disabled[0].reason
    output = found['error-in-disabled-output']
    assert [(i.certain, i.phase) for i in output] == [(False, 'parse')]


def test_causes_separate_other_rules_business():
    found = {c['id']: issues_of(c['template']) for c in CASES}
    assert [i.cause for i in found['removed-function']] == ['removed']
    assert [i.cause for i in found['invalid-in-condition']] == ['invalid-context']
    assert [i.cause for i in found['error-in-output-condition']] == ['arguments']
    assert [i.cause for i in found['str-replace-without-params']] == ['arguments']


def test_every_issue_points_at_its_call():
    text = next(c['template'] for c in CASES if c['id'] == 'nested-validate-error')
    (issue,) = issues_of(text)
    start = text.index('{yaql')
    assert (issue.node.start, issue.key.start, issue.key.end) == (
        start, start + 1, start + 5)
