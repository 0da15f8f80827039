"""The differential study: hot-ls against Heat on mutants of every corpus seed.

Prints, per mutation kind, how many mutants Heat rejects (template validate
or stack create), hot-ls's recall on them, its false positives (an error
where Heat accepts on both paths) and how often its error is on the mutated
line.  Needs Heat's venv for mutants not yet in the cache (tools/differential.py
says how); `--quick` runs the recorded sample instead, without Heat.

    python benchmarks/bench_differential.py            # the full study (~10 min uncached)
    python benchmarks/bench_differential.py --quick    # fixtures/differential/ only
"""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'tools'))
import differential  # noqa: E402


def main() -> int:
    quick = '--quick' in sys.argv
    return differential.main(['--quick'] if quick else ['--full', '--show', '0'])


if __name__ == '__main__':
    raise SystemExit(main())
