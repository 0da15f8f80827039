"""Every rule fixture against its snapshot of rendered diagnostics.

Fixtures live in fixtures/rules/<CODE>-<name>/; each `X.yaml` has an
`X.snap` holding every diagnostic hot-ls reports on it.  Run with
UPDATE_SNAPSHOTS=1 to write or rewrite the snapshots, then review the diff; a
fixture without a snapshot fails (CI never sets UPDATE_SNAPSHOTS).
"""
from __future__ import annotations

import os

import pytest

from helpers import FIXTURES, render
from hot_ls.config import Settings
from hot_ls.rules import analyze_file
from hot_ls.rules.registry import RULE_CLASSES

RULES_DIR = os.path.join(FIXTURES, 'rules')
SUFFIXES = ('.yaml', '.yml', '.json', '.template')


def fixture_files():
    found = []
    for dirpath, _, filenames in os.walk(RULES_DIR):
        for name in sorted(filenames):
            if name.endswith(SUFFIXES) and '.env.' not in name and not name.endswith('.settings.json'):
                found.append(os.path.relpath(os.path.join(dirpath, name), RULES_DIR))
    return sorted(found)


def fixture_settings(path: str) -> Settings:
    """A fixture may carry settings in a `X.settings.json` beside it, and an environment
    `X.env.yaml` it is created with (as tools/record_fixture_verdicts.py passes it to Heat)."""
    import json
    from dataclasses import replace
    from hot_ls.config import settings_from_dict
    stem, ext = os.path.splitext(path)
    settings = Settings()
    if os.path.isfile(stem + '.settings.json'):
        with open(stem + '.settings.json', encoding='utf-8') as fh:
            settings = settings_from_dict(json.load(fh))
    if os.path.isfile(stem + '.env' + ext):
        settings = replace(settings, environments=settings.environments + (stem + '.env' + ext,))
    return settings


@pytest.mark.parametrize('relpath', fixture_files())
def test_fixture_matches_snapshot(relpath):
    path = os.path.join(RULES_DIR, relpath)
    analysis = analyze_file(path, fixture_settings(path))
    rendered = render(analysis)
    snap = os.path.splitext(path)[0] + '.snap'
    if os.environ.get('UPDATE_SNAPSHOTS'):
        with open(snap, 'w', encoding='utf-8') as fh:
            fh.write(rendered)
    if not os.path.exists(snap):
        pytest.fail(f'{os.path.relpath(snap, RULES_DIR)} is missing: a fixture without its '
                    f'snapshot checks nothing (write it with UPDATE_SNAPSHOTS=1, then review it)')
    with open(snap, encoding='utf-8') as fh:
        assert rendered == fh.read()


def test_every_rule_has_a_fixture_that_triggers_it():
    triggered = set()
    for relpath in fixture_files():
        path = os.path.join(RULES_DIR, relpath)
        analysis = analyze_file(path, fixture_settings(path))
        triggered.update(d.code for d in analysis.diagnostics)
    from test_limits import COVERED_HERE
    missing = [rule.code for rule in RULE_CLASSES
               if rule.code not in triggered and rule.code not in COVERED_HERE]
    assert not missing, f'rules without a fixture that triggers them: {missing}'
