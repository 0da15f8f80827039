"""The figures the fuzz tests report.

They run under the test suite's hypothesis profile (tests/conftest.py): in
CI a derandomized one, so every run tries the same cases;
`HOT_LS_HYPOTHESIS=long` (with `HOT_LS_HYPOTHESIS_EXAMPLES=N`) a random,
longer one.

Each test records how long every case took (`timings.record`); the
terminal summary prints the cases run and the slowest input of each test.
The properties are structural (no exception, replies, ranges, limits): no
test asserts on time; the summary says which input was slowest.
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), 'server'))
import timings  # noqa: E402
from hot_ls.analysis import allow_deep_recursion  # noqa: E402
from hot_ls.rules import analyze  # noqa: E402

allow_deep_recursion()  # as the analyses will: hypothesis restores the limit it started with
# The first analysis loads the catalog and the language facts (about a second): done here,
# so that the slowest case reported is the slowest input, not the first one.
analyze('heat_template_version: 2021-04-16\nresources: {r: {type: OS::Heat::None}}\n')

PROFILE = os.environ.get('HOT_LS_HYPOTHESIS', 'ci')


def pytest_terminal_summary(terminalreporter):
    lines = timings.summary()
    if lines:
        terminalreporter.write_sep('-', f'fuzzing ({PROFILE} profile)')
        for line in lines:
            terminalreporter.write_line(line)
