"""A time limit for evaluation that loops within its other limits: a yaql expression.

Heat bounds yaql by the length of each collection (200) and the memory an
expression uses (10,000 bytes), not by time: `range(200).select(range(200)
.select(range(100).sum()).sum()).sum()` stays within both and runs for
minutes.  `within(seconds)` stops the code it guards once that much time
has passed: a profile function (called on every Python and C function call
and return of this thread, looking at the clock every 1,024 of them)
raises `TimeLimit`, a BaseException, so that no `except Exception` in the
library swallows it.  A single call into C cannot be stopped this way:
the yaql functions that could spend unbounded time in one (a regular
expression backtracking, `pow` of big integers) check their cost before
the call instead (functions/yaql_bounded.py, `Refused`).
"""
from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Iterator

#: Seconds one yaql evaluation may take.
YAQL_SECONDS = 1.0


class TimeLimit(BaseException):
    """The guarded code ran past its time limit."""


class Refused(BaseException):
    """A call not made: it could run past any time limit in one call into C, which the
    limit cannot stop (functions/yaql_bounded.py).  A BaseException, as TimeLimit."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Raise TimeLimit in the guarded code once `seconds` have passed.  Under a profiler
    (sys.getprofile() set) the code runs unguarded rather than take the profiler's place."""
    previous = sys.getprofile()
    if previous is not None:
        yield
        return
    deadline = time.monotonic() + seconds
    calls = 0

    def watch(frame, event, arg):
        nonlocal calls
        calls += 1
        if not calls & 1023 and time.monotonic() > deadline:
            sys.setprofile(None)
            raise TimeLimit(seconds)

    sys.setprofile(watch)
    try:
        yield
    finally:
        sys.setprofile(None)
