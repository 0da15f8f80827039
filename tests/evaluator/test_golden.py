"""hot-ls's evaluator against Heat's own answers on every golden case.

See golden.py for how answers are compared.  A case hot-ls cannot compute
(Unknown) is allowed only where listed in UNKNOWN_EXPECTED, with the reason,
so a regression that turns a computed value into Unknown fails here.
"""
from __future__ import annotations

import pytest

from golden import UNKNOWN_EXPECTED, compare, load, run

CASES = load()


def test_enough_cases():
    assert len(CASES) >= 400


@pytest.mark.parametrize('case', CASES, ids=[c['id'] for c in CASES])
def test_case_agrees_with_heat(case):
    kind, problem = compare(case, run(case))
    assert problem is None, f'{case["id"]}: {problem}'
    if kind == 'unknown':
        assert case['id'] in UNKNOWN_EXPECTED, (
            f'{case["id"]}: hot-ls did not compute this value; Heat gives {case.get("deployed")}')
    else:
        assert case['id'] not in UNKNOWN_EXPECTED, f'{case["id"]} is now computed: update the list'
