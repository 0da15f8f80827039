"""How hot_ls.language.custom_constraints uses croniter and iso8601, beyond the golden answers.

The libraries are loaded on the first value checked (the language server's
start-up does not pay for them), a missing one is an error rather than a
verdict, and an 'R' (random) cron field gives the same answer whatever the
draw.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from helpers import FIXTURES
from hot_ls.language import custom_constraints as cc


def run_python(code: str) -> str:
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(FIXTURES))
    return out.stdout.strip()


def test_each_library_is_imported_by_the_first_value_it_checks():
    code = '''
import sys
from hot_ls.language import custom_constraints as cc
loaded = lambda: sorted(m for m in ('croniter', 'iso8601', 'dateutil') if m in sys.modules)
print(loaded())
cc.check_cron_expression('')       # Heat accepts an empty expression without asking croniter
cc.check_json_string('{}')
print(loaded())
cc.check_iso_8601('2025-01-01')
print(loaded())
cc.check_cron_expression('0 0 * * *')
print(loaded())
'''
    assert run_python(code).splitlines() == [
        '[]', '[]', "['iso8601']", "['croniter', 'dateutil', 'iso8601']"]


def test_a_missing_library_is_an_error_not_a_verdict():
    code = '''
import sys
sys.modules['croniter'] = None   # as if the library were not installed
sys.modules['iso8601'] = None
from hot_ls.language import custom_constraints as cc
for check, value in ((cc.check_cron_expression, '0 0 * * *'), (cc.check_iso_8601, '2025-01-01'),
                     (cc.check_expiration, '2030-01-01')):
    try:
        print(repr(check(value)))
    except ImportError as exc:
        print('ImportError', exc)
'''
    assert run_python(code).splitlines() == [
        'ImportError import of croniter halted; None in sys.modules',
        'ImportError import of iso8601 halted; None in sys.modules',
        'ImportError import of iso8601 halted; None in sys.modules',
    ]


@pytest.mark.parametrize('expression, answer', [
    ('R(0-30)/7 * * * *', None),
    ('R/15 R * * *', None),
    ('* * * * R(0-6)/2', None),
    ('* * * * * * R(1970-2099)', None),
    ('R(0-60) * * * *', 'Invalid CRON expression: [r(0-60)] is not acceptable, out of range'),
    ('* * * R(1-13) *', 'Invalid CRON expression: [r(1-13)] is not acceptable, out of range'),
    ('R(5-3) * * * *', 'Invalid CRON expression: Range end must be greater than range begin'),
    ('R/0 * * * *', 'Invalid CRON expression: Bad expression: r/0'),
])
def test_random_fields_give_one_answer_whatever_the_draw(expression, answer):
    state = random.getstate()
    try:
        for seed in range(200):
            random.seed(seed)
            assert cc.check_cron_expression(expression) == answer
    finally:
        random.setstate(state)


def test_hashed_fields_are_refused_as_heat_passes_no_hash_id():
    assert cc.check_cron_expression('H/15 * * * *') == \
        'Invalid CRON expression: Hashed definitions must include hash_id'


def test_loading_croniter_runs_no_program():
    """croniter's import asks platform.architecture(), which would run `file`; hot-ls runs none."""
    code = '''
import subprocess
started = []
real = subprocess.Popen.__init__
def spy(self, *args, **kwargs):
    started.append(args[0] if args else kwargs.get('args'))
    return real(self, *args, **kwargs)
subprocess.Popen.__init__ = spy
import platform
from hot_ls.language import custom_constraints as cc
print(repr(cc.check_cron_expression('0 0 * * *')), started, platform.architecture.__module__)
'''
    assert run_python(code) == "None [] platform"
