"""Cases run and time taken per fuzz test: reported, never asserted on.

With HOT_LS_FUZZ_SAVE=DIR the slowest input of each test is written there.
"""
from __future__ import annotations

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


FIGURES: dict[str, Figures] = {}


@contextmanager
def record(test: str, text: str):
    """Time one case of `test` on `text`."""
    started = time.perf_counter()
    try:
        yield
    finally:
        elapsed = time.perf_counter() - started
        figures = FIGURES.setdefault(test, Figures())
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
        lines.append(f'{test}: {figures.cases} cases in {figures.total:.1f} s, largest input '
                     f'{max(figures.sizes)} characters; slowest {figures.slowest:.3f} s on '
                     f'{len(figures.slowest_input)} characters: {sample}')
    return lines
