"""Pause Python's cyclic garbage collector while building trees.

Building a tree allocates hundreds of thousands of small objects, none of
which form reference cycles; the collector, triggered every few hundred
allocations, would scan the whole growing tree again and again.  Measured
on the corpus, pausing it removes ~45% of the analysis time.  Reference
counting still frees everything as usual.  The pause is re-entrant and
thread-safe: the collector comes back when the last pauser leaves.
"""
from __future__ import annotations

import contextlib
import gc
import threading

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextlib.contextmanager
def gc_paused():
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
