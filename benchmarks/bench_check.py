"""`hot-ls check` over all of ../shared/corpus: against the floor, and its `-j` scaling.

The floor is the bare C event parse of the same texts with ruamel.yaml.
Target: at most 2.5x the floor.  Prints both and the ratio, best of N runs
(taken in turns), in one process (files are read once, before timing; the files analysed among
one workspace, as `hot-ls check` does); then the wall time of the real command (process
start included, its modules compiled once as an installed hot-ls has them) with `-j 1`,
`-j 2`... up to the CPUs this process may use, and the speed-up over `-j 1`.

    python benchmarks/bench_check.py          # full: 5 runs
    python benchmarks/bench_check.py --quick  # 1 run
"""
from __future__ import annotations

import subprocess
import sys
import time

from _common import CORPUS, corpus_texts, describe, floor_parse, installed_env, timed


def command_seconds(jobs: int) -> float:
    env = installed_env()
    start = time.perf_counter()
    subprocess.run([sys.executable, '-m', 'hot_ls', 'check', '-q', '-j', str(jobs), CORPUS],
                   stdout=subprocess.DEVNULL, check=False, env=env)
    return time.perf_counter() - start


def main() -> None:
    quick = '--quick' in sys.argv
    repeat = 1 if quick else 5
    from hot_ls.cli.check import available_cpus, workspace_for
    from hot_ls.config import Settings
    from hot_ls.rules import analyze
    texts = corpus_texts()
    size = sum(len(text) for _, text in texts)
    print(f'corpus: {len(texts)} files, {size / 1e6:.1f} M characters')
    settings = Settings()

    def floor_all():
        for _, text in texts:
            floor_parse(text)

    def check_all():
        # as `hot-ls check` does: one workspace, keep the diagnostics, not the trees
        workspace = workspace_for([CORPUS], settings)
        for path, text in texts:
            analyze(text, path, settings, workspace=workspace).diagnostics

    floor_all()  # warm up: imports, data, the allocator
    check_all()
    floor, check = [], []
    for _ in range(repeat):  # in turns, so that a change in the machine's load moves both
        floor += timed(floor_all, 1)
        check += timed(check_all, 1)
    print(f'floor (ruamel C event parse): {describe(floor)}')
    print(f'hot-ls analysis of every file:  {describe(check)}')
    print(f'ratio to the floor: {min(check) / min(floor):.2f}x (target <= 2.5x)')
    cpus = available_cpus()
    counts = sorted({1, 2, cpus}) if quick else list(range(1, cpus + 1))
    walls = {jobs: min(command_seconds(jobs) for _ in range(1 if quick else 3))
             for jobs in counts}
    for jobs, wall in walls.items():
        print(f'`hot-ls check -j {jobs} {CORPUS}`: {wall * 1000:.0f} ms wall, process start '
              f'included ({walls[1] / wall:.2f}x -j 1)')


if __name__ == '__main__':
    main()
