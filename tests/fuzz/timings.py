"""Cases run and time taken per fuzz test: reported, never asserted on.

An analysis in this process is timed in CPU time (`cpu=True`), less the
garbage collector's pauses: on a shared machine the wall clock also counts
the time other processes had the CPU, and a full collection of what
hypothesis keeps lands on whichever case is running (a 14-byte input
"took" 2.6 s), so either made a trivial input the slowest.  A server
session runs in another process: its wall-clock time is what the client
waited.  With HOT_LS_FUZZ_SAVE=DIR the slowest input of each test
is written there.
"""
from __future__ import annotations

import gc
import os
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, field


@dataclass
class Figures:
    cases: int = 0
    total: float = 0.0
    slowest: float = 0.0
    slowest_input: str = ''
    sizes: list[int] = field(default_factory=list)
    clock: str = 'wall clock'



FIGURES: dict[str, Figures] = {}
_collecting = [0.0, 0.0]  # CPU time in the garbage collector so far, when the current one began


def _collector(phase: str, info: dict) -> None:
    if phase == 'start':
        _collecting[1] = time.process_time()
    else:
        _collecting[0] += time.process_time() - _collecting[1]


gc.callbacks.append(_collector)


@contextmanager
def record(test: str, text: str, cpu: bool = False):
    """Time one case of `test` on `text` (this process's CPU time with `cpu`)."""
    clock = time.process_time if cpu else time.perf_counter
    started, collected = clock(), _collecting[0]
    try:
        yield
    finally:
        elapsed = clock() - started - (_collecting[0] - collected if cpu else 0.0)
        figures = FIGURES.setdefault(test, Figures())
        figures.clock = 'CPU, garbage collection excluded' if cpu else 'wall clock'
        figures.cases += 1
        figures.total += elapsed
        figures.sizes.append(len(text))
        if elapsed >= figures.slowest:
            figures.slowest = elapsed
            figures.slowest_input = text


def summary() -> list[str]:
    lines = []
    save = os.environ.get('HOT_LS_FUZZ_SAVE')
    for test, figures in sorted(FIGURES.items()):
        if save:
            os.makedirs(save, exist_ok=True)
            name = re.sub(r'\W+', '-', test) + '.slowest.txt'
            with open(os.path.join(save, name), 'w', encoding='utf-8',
                      errors='surrogatepass') as fh:
                fh.write(figures.slowest_input)
        sample = figures.slowest_input[:80].encode('unicode_escape').decode('ascii')
        lines.append(f'{test}: {figures.cases} cases in {figures.total:.1f} s ({figures.clock}), '
                     f'largest input {max(figures.sizes)} characters; slowest '
                     f'{figures.slowest:.3f} s on {len(figures.slowest_input)} characters: '
                     f'{sample}')
    return lines
