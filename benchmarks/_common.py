"""Shared helpers for the benchmarks: inputs, the parse floor, timing."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared'))
CORPUS = os.path.join(SHARED, 'corpus')
PERF = os.path.join(SHARED, 'perf')
SUFFIXES = ('.yaml', '.yml', '.json', '.template')
#: where the processes the benchmarks start keep their bytecode (not in the tree)
PYCACHE = os.path.join(tempfile.gettempdir(), 'hot-ls-bench-pycache')


def installed_env(**extra: str) -> dict:
    """The environment of a hot-ls process started from this tree as an installed one runs:
    with its modules compiled once (an install compiles them; without a bytecode cache,
    e.g. PYTHONDONTWRITEBYTECODE, every start compiles every module: about 0.15 s more)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        p for p in (ROOT, os.environ.get('PYTHONPATH')) if p), PYTHONPYCACHEPREFIX=PYCACHE, **extra)
    env.pop('PYTHONDONTWRITEBYTECODE', None)
    subprocess.run([sys.executable, '-m', 'compileall', '-q', os.path.join(ROOT, 'hot_ls')],
                   env=env, check=True, stdout=subprocess.DEVNULL)
    return env


def corpus_texts() -> list[tuple[str, str]]:
    found = []
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(SUFFIXES):
                path = os.path.join(dirpath, name)
                with open(path, encoding='utf-8', errors='replace') as fh:
                    found.append((path, fh.read()))
    return found


def floor_parse(text: str) -> None:
    """The floor: ruamel.yaml's bare C event parse of the text, with its own event objects."""
    from ruamel.yaml.cyaml import CParser
    parser = CParser(text)
    try:
        while parser.get_event() is not None:
            pass
    except Exception:  # a broken file stops where libyaml stops
        pass


def timed(fn, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def describe(times: list[float]) -> str:
    return (f'best {min(times) * 1000:.1f} ms, median {statistics.median(times) * 1000:.1f} ms '
            f'({len(times)} runs)')
