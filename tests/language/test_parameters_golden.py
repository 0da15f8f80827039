"""hot_ls.language.parameters against Heat's own answers (fixtures/golden/parameters.json).

tools/gen_parameter_golden.py runs each case through Heat 27.0.1's
parameter classes; here hot-ls must give the same answer at every stage:
the same value, or the same error message.
"""
from __future__ import annotations

import json
import math
import os

import pytest

from helpers import FIXTURES
from hot_ls.language.parameters import ParameterError, parse_schema

with open(os.path.join(FIXTURES, 'golden', 'parameters.json'), encoding='utf-8') as fh:
    GOLDEN = json.load(fh)

CASES = GOLDEN['cases']


def outcome(fn):
    try:
        value = fn()
    except ParameterError as exc:
        return {'ok': False, 'error': exc.message}
    return {'ok': True, 'value': value}


def comparable(answer: dict) -> dict:
    """Drop what hot-ls does not promise to reproduce (Heat's exception classes)."""
    if not answer['ok']:
        return {'ok': False, 'error': answer['error']}
    value = answer['value']
    if answer.get('repr'):
        return {'ok': True, 'value': value}
    if isinstance(value, float) and not math.isfinite(value):
        return {'ok': True, 'value': repr(value)}
    # json.dumps keeps 1, 1.0 and true apart
    return {'ok': True, 'value': json.dumps(value)}


def hot_ls_answers(case: dict) -> dict:
    name, raw, version = case['name'], case['schema'], case['version']
    out = {'parse': outcome(lambda: [parse_schema(name, raw, version), None][1])}
    if not out['parse']['ok']:
        return out
    schema = parse_schema(name, raw, version)
    value, user_default = case.get('value'), case.get('user_default')
    out['validate'] = outcome(lambda: schema.validate())
    if 'check' in case['heat']:
        out['check'] = outcome(lambda: [schema.check(value, user_default), None][1])
    out['value'] = outcome(lambda: schema.value(value, user_default))
    return out


@pytest.mark.parametrize('case', CASES, ids=[c['id'] for c in CASES])
def test_matches_heat(case):
    expected = {stage: comparable(answer) for stage, answer in case['heat'].items()}
    got = {stage: comparable(answer) for stage, answer in hot_ls_answers(case).items()}
    assert got == expected


def test_golden_covers_enough():
    assert len(CASES) >= 300
    groups = {c['group'] for c in CASES}
    for group in ('not-mapping', 'unknown-key', 'missing-type', 'type-invalid', 'tags',
                  'constraints-not-list', 'constraint-not-mapping', 'constraint-unknown-key',
                  'no-constraint', 'modulo-version', 'range-def', 'length-def', 'modulo-def',
                  'applicability', 'description', 'default-list', 'default-json',
                  'default-boolean', 'value-number', 'missing', 'user-default'):
        assert group in groups
