"""What the resource catalog adds to server start: cold import and first lookup, then all types.

Target: importing hot_ls.catalog, loading the bundled catalog and the first
lookup of a type's properties add at most 50 ms to server start.  Each
figure is measured in a fresh interpreter (the catalog is cached per
process), after `hot_ls.language` is imported, since the server imports it
anyway.

    python benchmarks/bench_catalog_load.py           # 15 fresh interpreters
    python benchmarks/bench_catalog_load.py --quick   # 3
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile

# Bytecode goes to a private cache (PYCACHE), so an installed server's conditions (compiled
# modules) are measured without writing __pycache__ into the tree.
from _common import PYCACHE, ROOT

PROBE = r'''
import json, time
import hot_ls.language.constraints, hot_ls.language.versions   # the server has these already
t0 = time.perf_counter()
import hot_ls.catalog
t1 = time.perf_counter()
catalog = hot_ls.catalog.bundled()
t2 = time.perf_counter()
server = catalog.resolve('OS::Nova::Server')
flavor = server.properties['flavor']
assert flavor.required
t3 = time.perf_counter()
count = 0
for rtype in catalog:
    count += sum(1 for _ in rtype.walk_properties()) + len(rtype.attributes)
    rtype.update_policy
t4 = time.perf_counter()
assert count > 2000
print(json.dumps({'import': t1 - t0, 'load': t2 - t1, 'first': t3 - t2, 'all': t4 - t3}))
'''


def one_run(source: bool = False) -> dict:
    """One fresh interpreter; `source`: compile every module (no bytecode cache)."""
    env = {**os.environ, 'PYTHONPATH': ROOT, 'PYTHONPYCACHEPREFIX': PYCACHE}
    env.pop('PYTHONDONTWRITEBYTECODE', None)
    if source:
        env['PYTHONDONTWRITEBYTECODE'] = '1'
        env['PYTHONPYCACHEPREFIX'] = tempfile.mkdtemp(prefix='hot-ls-nopyc-')
    out = subprocess.run([sys.executable, '-c', PROBE], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True).stdout
    return json.loads(out)


def describe(values: list[float]) -> str:
    return (f'best {min(values) * 1000:.1f} ms, median {statistics.median(values) * 1000:.1f} ms '
            f'({len(values)} runs)')


def main() -> None:
    repeat = 3 if '--quick' in sys.argv else 15
    one_run()  # fills the bytecode cache
    runs = [one_run() for _ in range(repeat)]
    cold = [r['import'] + r['load'] + r['first'] for r in runs]
    print('catalog, each figure in a fresh interpreter with compiled modules (as installed):')
    print(f'  import hot_ls.catalog:              {describe([r["import"] for r in runs])}')
    print(f'  bundled() (index of 201 types):     {describe([r["load"] for r in runs])}')
    print(f'  first lookup (Server properties):   {describe([r["first"] for r in runs])}')
    print(f'  cold total (import+load+lookup):    {describe(cold)}   target <= 50 ms')
    print(f'  then all 201 types, every schema:   {describe([r["all"] for r in runs])}')
    source = [one_run(source=True) for _ in range(max(3, repeat // 3))]
    print('without a bytecode cache (every module compiled at import; PYTHONDONTWRITEBYTECODE):')
    print(f'  cold total (import+load+lookup):    '
          f'{describe([r["import"] + r["load"] + r["first"] for r in source])}')
    if statistics.median(cold) > 0.050:
        print('  OVER THE 50 ms BUDGET')
        sys.exit(1)


if __name__ == '__main__':
    main()
