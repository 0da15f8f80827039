"""`hot-ls check` over all of ../shared/corpus, against the floor.

The floor is the bare C event parse of the same texts with ruamel.yaml.
Target: at most 4x the floor.  Prints both and the ratio, best of N runs,
in one process (files are read once, before timing), then the wall time of
the real command for reference.

    python benchmarks/bench_check.py          # full: 5 runs
    python benchmarks/bench_check.py --quick  # 1 run
"""
from __future__ import annotations

import subprocess
import sys
import time

from _common import CORPUS, corpus_texts, describe, floor_parse, timed


def main() -> None:
    quick = '--quick' in sys.argv
    repeat = 1 if quick else 5
    from hot_ls.rules import analyze
    texts = corpus_texts()
    size = sum(len(text) for _, text in texts)
    print(f'corpus: {len(texts)} files, {size / 1e6:.1f} M characters')
    analyze(texts[0][1], texts[0][0])  # warm up imports and data
    floor = timed(lambda: [floor_parse(text) for _, text in texts], repeat)
    def check_all():
        for path, text in texts:  # as `hot-ls check` does: keep the diagnostics, not the trees
            analyze(text, path).diagnostics

    check = timed(check_all, repeat)
    print(f'floor (ruamel C event parse): {describe(floor)}')
    print(f'hot-ls analysis of every file:  {describe(check)}')
    print(f'ratio to the floor: {min(check) / min(floor):.2f}x (target <= 4x)')
    start = time.perf_counter()
    subprocess.run([sys.executable, '-m', 'hot_ls', 'check', CORPUS], stdout=subprocess.DEVNULL,
                   check=False)
    print(f'`hot-ls check {CORPUS}` wall time, process start included: '
          f'{(time.perf_counter() - start) * 1000:.0f} ms')


if __name__ == '__main__':
    main()
