"""The fuzz tests' two profiles, and the figures they report.

- quick (the default, and CI's): derandomized, so every run tries the same
  cases, and small enough for the whole fuzz part to take about a minute;
- long (`HOT_LS_FUZZ=long`): random, many more cases per test, no
  time limit; `HOT_LS_FUZZ_EXAMPLES=N` sets the cases per test.

Each test records how long every case took (`timings.record`); the
terminal summary prints the cases run and the slowest input of each test.
The properties are structural (no exception, replies, ranges, limits): no
test asserts on time, and `analysis_limit` says which input was slowest.
"""
from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), 'server'))
import timings  # noqa: E402
from hot_ls.analysis import allow_deep_recursion  # noqa: E402
from hot_ls.rules import analyze  # noqa: E402

allow_deep_recursion()  # as the analyses will: hypothesis restores the limit it started with
# The first analysis loads the catalog and the language facts (about a second): done here,
# so that the slowest case reported is the slowest input, not the first one.
analyze('heat_template_version: 2021-04-16\nresources: {r: {type: OS::Heat::None}}\n')

_COMMON = dict(deadline=None, database=None, print_blob=True,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.filter_too_much,
                                      HealthCheck.function_scoped_fixture])
settings.register_profile('quick', derandomize=True, max_examples=int(os.environ.get("HOT_LS_FUZZ_EXAMPLES", "60")), **_COMMON)
settings.register_profile('long', derandomize=False,
                          max_examples=int(os.environ.get('HOT_LS_FUZZ_EXAMPLES', '3000')),
                          **_COMMON)
PROFILE = 'long' if os.environ.get('HOT_LS_FUZZ') == 'long' else 'quick'
settings.load_profile(PROFILE)


def pytest_terminal_summary(terminalreporter):
    lines = timings.summary()
    if lines:
        terminalreporter.write_sep('-', f'fuzzing ({PROFILE} profile)')
        for line in lines:
            terminalreporter.write_line(line)
