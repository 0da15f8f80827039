"""One full analysis (parse, model, every rule) of the largest templates.

Each reported as a ratio to the floor (the bare C event parse with ruamel.yaml);
target for ../shared/perf/synthetic__synth_10k.yaml: at most 3x.  Floor and
analysis are timed in turns, so that a change in the machine's load moves both.

    python benchmarks/bench_analysis.py           # full: 20 runs each
    python benchmarks/bench_analysis.py --quick   # 3 runs each
"""
from __future__ import annotations

import os
import sys

from _common import PERF, describe, floor_parse, timed

FILES = ['synthetic__synth_10k.yaml', 'tht-master-rendered__network__endpoints__endpoint_map.yaml',
         'tht-master-rendered__overcloud.yaml', 'tht-master-rendered__common__post.yaml',
         'magnum-zed__magnum__drivers__k8s_fedora_coreos_v1__templates__kubecluster.yaml']


def main() -> None:
    quick = '--quick' in sys.argv
    repeat = 3 if quick else 20
    from hot_ls.rules import analyze
    for name in FILES:
        path = os.path.join(PERF, name)
        with open(path, encoding='utf-8') as fh:
            text = fh.read()
        analyze(text, path)
        floor, full = [], []
        for _ in range(repeat):
            floor += timed(lambda: floor_parse(text), 1)
            full += timed(lambda: analyze(text, path), 1)
        lines = text.count('\n')
        print(f'{name} ({lines} lines)')
        print(f'  floor:          {describe(floor)}')
        print(f'  full analysis:  {describe(full)}  = {min(full) / min(floor):.2f}x the floor')


if __name__ == '__main__':
    main()
