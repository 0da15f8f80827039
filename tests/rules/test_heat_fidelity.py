"""hot-ls against Heat's own verdicts on every rule fixture.

fixtures/heat-verdicts/fixtures.json is written by
tools/record_fixture_verdicts.py, which runs each fixture through Heat
27.0.1 offline (and notes python-heatclient's own refusal: a template file a `type:` names
that is not there).  Where either rejects a fixture, hot-ls must report an error;
where Heat accepts it (also with property values validated, and with the
resource plugins' own checks that run at stack create), hot-ls must report
none.  A fixture that documents a deliberate difference starts with
a `# heat-differs: <reason>` comment.
"""
from __future__ import annotations

import json
import os

import pytest

from helpers import FIXTURES, errors
from hot_ls.text.source import read_source
from hot_ls.rules import analyze_file
from test_rule_fixtures import RULES_DIR, fixture_files, fixture_settings

with open(os.path.join(FIXTURES, 'heat-verdicts', 'fixtures.json'), encoding='utf-8') as fh:
    VERDICTS = json.load(fh)


def _real_create_failure(message):
    """A create-time rejection that is about the template, not about the stubbed cloud."""
    return bool(message) and not message.startswith('AttributeError') and \
        'can not be found' not in message


@pytest.mark.parametrize('relpath', fixture_files())
def test_fixture_agrees_with_heat(relpath):
    key = os.path.join('rules', relpath)
    assert key in VERDICTS, f'no Heat verdict recorded for {key}: run tools/record_fixture_verdicts.py'
    path = os.path.join(RULES_DIR, relpath)
    text = read_source(path).text
    if text.startswith('# heat-differs:'):
        pytest.skip(text.splitlines()[0])
    verdict = VERDICTS[key]
    found = errors(analyze_file(path, fixture_settings(path)))
    if verdict.get('client') is not None:
        assert found, f'python-heatclient refuses this template ({verdict["client"]!r}); ' \
            'hot-ls reports no error'
    elif verdict['template'] is not None:
        assert found, f'Heat rejects this template ({verdict["template"]!r}); hot-ls reports no error'
    elif verdict['strict'] is None and not _real_create_failure(verdict.get('create')):
        assert not found, f'Heat accepts this template; hot-ls reports {[d.message for d in found]}'
