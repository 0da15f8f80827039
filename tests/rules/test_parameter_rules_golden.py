"""The parameter rules against Heat's answers in fixtures/golden/parameters.json.

Each golden case's schema becomes a one-parameter template.  Where Heat
refuses the schema (parsing it, or validating it as `template validate`
does), hot-ls must report an error; where Heat accepts it, and a stack
create with the default would succeed too, hot-ls must report none.  And
where Heat refuses, the message hot-ls reports contains Heat's (or is
contained in it).
"""
from __future__ import annotations

import json
import os

import pytest

from helpers import FIXTURES, errors
from hot_ls.rules import analyze

with open(os.path.join(FIXTURES, 'golden', 'parameters.json'), encoding='utf-8') as fh:
    CASES = [c for c in json.load(fh)['cases'] if 'value' not in c and 'user_default' not in c]


def template(case: dict) -> str:
    return json.dumps({'heat_template_version': case['version'],
                       'parameters': {case['name']: case['schema']},
                       'resources': {'r': {'type': 'OS::Heat::None'}}})


@pytest.mark.parametrize('case', CASES, ids=[c['id'] for c in CASES])
def test_rules_agree_with_heat(case):
    heat = case['heat']
    found = errors(analyze(template(case), 'golden.json'))
    refused = heat['parse'] if not heat['parse']['ok'] else (
        heat['validate'] if not heat['validate']['ok'] else None)
    if refused is not None:
        assert found, f'Heat refuses ({refused["error"]!r}); hot-ls reports no error'
        message = refused['error']
        assert any(message in d.message or d.message in message for d in found), \
            (message, [d.message for d in found])
    elif 'check' in heat and heat['check']['ok']:
        assert not found, [d.message for d in found]
    elif 'check' in heat and isinstance(case['schema'], dict) and case['schema'].get('default') is not None:
        # Heat accepts the template but a stack create fails on the default
        assert found, f'a stack create fails ({heat["check"]["error"]!r}); hot-ls reports no error'
