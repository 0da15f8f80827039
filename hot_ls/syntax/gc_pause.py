"""Keep Python's cyclic garbage collector away from the trees hot-ls builds.

Building and analysing a tree allocates hundreds of thousands of small
objects that form no reference cycles.  Left alone, the collector (run
every few hundred allocations) scans the growing tree again and again;
paused during an analysis, it still scans the whole new tree once it is
back, since everything allocated meanwhile is young.  Measured on the
corpus, that is a third of the analysis time.

So the collector is off during an analysis, and the objects the analysis
leaves are then frozen (`gc.freeze()`: moved where the collector never
looks; reference counting still frees them the moment they are dropped).
What could escape reference counting is cyclic garbage frozen with them,
kept until the collector looks again: so hot-ls makes no reference cycles
(a parsed function refers to its scope weakly, as Heat's does; a kept
exception drops its traceback; a stack context its workspace: held by
tests/analysis/test_reference_cycles.py), and, for the cycles of others
(libraries, the event loop), the collector is let back over the frozen
objects (`gc.unfreeze()`, a collection) once a few million have
accumulated, which bounds them.  The pause is re-entrant and thread-safe.
"""
from __future__ import annotations

import contextlib
import gc
import threading

# Thaw and collect once this many objects were frozen since the last time.
THAW_AFTER = 3_000_000

_lock = threading.Lock()
_depth = 0
_was_enabled = False
_frozen_since_thaw = 0


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
                _settle()
                gc.enable()


def _settle() -> None:
    """Freeze what the analysis left; now and then, let the collector back over it.

    The count of young objects (what `gc.get_count()` reports, cheap) stands
    for what is frozen; `gc.get_freeze_count()` would walk them all.
    """
    global _frozen_since_thaw
    _frozen_since_thaw += sum(gc.get_count())
    gc.freeze()
    if _frozen_since_thaw > THAW_AFTER:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _frozen_since_thaw = 0
