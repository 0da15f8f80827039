"""Reading custom resource plugins statically: fidelity on Heat's own tree, and time.

Heat's resource modules (heat/engine/resources of an installed Heat) are
read as if they were a user's --plugin-path, and every type they register
is compared field by field with the bundled catalog, which
tools/gen_catalog.py made from a live Heat.  Then the time to read that
tree, and the small fixture directories, is measured.

    python benchmarks/bench_plugins.py --heat /path/to/site-packages/heat/engine/resources
    python benchmarks/bench_plugins.py --quick      # 1 run each; the fixtures only
                                                    # unless --heat is given

Without --heat, $HOT_LS_HEAT_RESOURCES or a Heat found beside the project
(see tests/helpers.py) is used when there is one.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, 'tests'))

from hot_ls.catalog import bundled  # noqa: E402
from hot_ls.catalog.plugins import load_plugins  # noqa: E402

FIXTURES = os.path.join(ROOT, 'fixtures', 'plugins')
FIELDS = ('properties', 'attributes', 'support_status', 'description', 'update_policy',
          'any_attribute', 'snapshot_delete')


def heat_resources() -> str | None:
    try:
        from helpers import HEAT_RESOURCES
    except ImportError:
        return None
    return HEAT_RESOURCES


def fidelity(path: str) -> None:
    catalog = bundled()
    types, problems = load_plugins((path,), catalog)
    missing = sorted(set(catalog._classes.values()) - set(types))
    differ: dict[str, list[str]] = {}
    for name, rtype in sorted(types.items()):
        expected = catalog.get(name)
        if expected is None:
            differ[name] = ['not in the bundled catalog']
            continue
        fields = [k for k in FIELDS
                  if (rtype.body.get(k) or None) != (expected.body.get(k) or None)]
        if fields:
            differ[name] = fields
    print(f'Heat tree: {len(types)} types read, {len(types) - len(differ)} identical '
          f'in {", ".join(FIELDS)}; {len(problems)} files reported')
    for name, fields in differ.items():
        print(f'  differs: {name}: {", ".join(fields)}')
    for name in missing:
        print(f'  not read: {name}')


def timing(label: str, paths: tuple[str, ...], runs: int) -> None:
    catalog = bundled()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        load_plugins(paths, catalog)
        times.append(time.perf_counter() - start)
    print(f'{label}: median {statistics.median(times) * 1000:.0f} ms, '
          f'min {min(times) * 1000:.0f} ms over {runs} runs')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--heat', help="Heat's heat/engine/resources directory")
    parser.add_argument('--quick', action='store_true', help='one run each')
    args = parser.parse_args()
    runs = 1 if args.quick else 5
    heat = args.heat or heat_resources()
    if heat and os.path.isdir(heat):
        fidelity(heat)
        timing("Heat's resources tree", (heat,), runs)
    else:
        print("Heat's resources tree: not found, skipped (give --heat)")
    timing('fixtures/plugins/guide', (os.path.join(FIXTURES, 'guide'),), runs * 4)
    timing('fixtures/plugins/nested', (os.path.join(FIXTURES, 'nested'),), runs * 4)
    return 0


if __name__ == '__main__':
    sys.exit(main())
