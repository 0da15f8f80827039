"""hot-ls against Heat's answers at stack create on the resource plugins' own checks.

fixtures/golden/validate.jsonl is written by tools/gen_validate_golden.py from
tools/validate_cases.yaml: what `openstack stack create` says of each template
before it creates anything (Heat 27.0.1, offline, clients stubbed).  Where Heat
accepts, hot-ls reports no error.  Where it refuses, hot-ls reports an error,
and Heat's message is hot-ls's: exactly, for the plugins' own checks (HOT730);
for the checks of a group's member (HOT702, HOT706, HOT731), hot-ls's message
is Heat's sentence, which Heat prefixes with the member's path in the nested
stack, and which hot-ls follows with its explanation or suggestions.  A case
marked "heat-first" is one where Heat stops at another problem first (a
translation rule, a property constraint); there hot-ls must still report an
error.  A case marked "cloud-dependent" is one Heat refuses where its cloud's
API is recent enough (as the offline one's is): hot-ls warns, with Heat's
sentence.
"""
from __future__ import annotations

import json
import os
import re

import pytest

from helpers import FIXTURES, errors
from hot_ls.rules import analyze

with open(os.path.join(FIXTURES, 'golden', 'validate.jsonl'), encoding='utf-8') as fh:
    RECORDS = [json.loads(line) for line in fh if line.strip()]

MEMBER_CODES = ('HOT702', 'HOT706', 'HOT731')
#: what hot-ls adds after Heat's sentence: suggestions, the member type, a reason
_ADDITIONS = re.compile(r'(; did you mean .*|: the members of .*| \(.*\))$')


def heat_sentence(message: str) -> str:
    return _ADDITIONS.sub('', message)


@pytest.mark.parametrize('record', RECORDS, ids=[r['id'] for r in RECORDS])
def test_message_is_heats(record):
    analysis = analyze(record['template'])
    found = errors(analysis)
    heat = record['heat']
    if record.get('cloud-dependent'):
        warned = [heat_sentence(d.message) for d in analysis.diagnostics
                  if d.code == 'HOT730' and d.severity.label == 'warning']
        assert not found and warned == [heat], [(d.code, d.message) for d in analysis.diagnostics]
        return
    if heat is None:
        assert not found, f'Heat accepts; hot-ls reports {[(d.code, d.message) for d in found]}'
        return
    assert found, f'Heat refuses ({heat!r}); hot-ls reports no error'
    if record.get('heat-first'):
        return
    messages = [d.message for d in found if d.code == 'HOT730']
    messages += [heat_sentence(d.message) for d in found if d.code in MEMBER_CODES]
    if heat in messages:
        return
    assert any(m.startswith(('The Referenced Attribute', 'Unknown Property', 'The Resource Type'))
               and m in heat for m in messages), (heat, [(d.code, d.message) for d in found])


def test_every_check_is_exercised():
    """Each type of the table has a case Heat refuses and hot-ls reports."""
    from hot_ls.rules.plugins.table import CHECKS
    refused = ' '.join(r['template'] for r in RECORDS if r['heat'])  # (cloud-dependent too)
    missing = [name for name in CHECKS if f'type: {name}\n' not in refused]
    assert not missing, missing
