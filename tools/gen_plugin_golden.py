"""Record what Heat itself makes of the project's plugin fixtures: fixtures/plugins/golden.json.

Run with the Heat virtual environment's Python:

    /work/.venv-heat/bin/python tools/gen_plugin_golden.py

The fixture directories listed in SAFE are loaded with Heat's own plugin
loader (heat.common.plugin_loader, as heat-engine loads `plugin_dirs`),
each module's (available_)resource_mapping() is called, and every
registered class is dumped the way tools/gen_catalog.py dumps Heat's types.
tests/catalog/test_plugins.py checks that hot-ls' static reading of the
same files gives the same schemas.  Only our own, harmless fixtures are
imported here; fixtures/plugins/harmful is never loaded by anything.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_catalog  # noqa: E402  (bootstraps Heat)

from heat.common import plugin_loader  # noqa: E402
from heat.engine import resources  # noqa: E402

ROOT = gen_catalog.ROOT
FIXTURES = os.path.join(ROOT, 'fixtures', 'plugins')
SAFE = ('guide', 'nested')  # directories Heat can import: no outside libraries, no side effects
OUT = os.path.join(FIXTURES, 'golden.json')


def load(directory: str, index: int) -> dict:
    package = plugin_loader.create_subpackage([directory], 'heat.engine', f'hotls_fixture{index}')
    mapping = {}
    for module in plugin_loader.load_modules(package, ignore_error=False):
        for name in ('available_resource_mapping', 'resource_mapping'):
            function = getattr(module, name, None)
            if callable(function):
                mapping.update(function())
                break
    return mapping


def main() -> int:
    registry = resources.global_env().registry._registry
    namer = gen_catalog.Namer(registry)
    mappings = {}
    for index, directory in enumerate(SAFE):
        mappings[directory] = load(os.path.join(FIXTURES, directory), index)
        for name, cls in mappings[directory].items():
            namer.by_class.setdefault(cls, []).append(name)
    out = {}
    for directory, mapping in mappings.items():
        for name, cls in sorted(mapping.items()):
            body = gen_catalog.class_schema(cls, namer)
            body.pop('constants', None)
            body.pop('class', None)
            if gen_catalog.overrides_get_attribute(cls):
                body['any_attribute'] = True
            out[name] = {'directory': directory, 'schema': body}
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(out, fh, indent=1, sort_keys=True, ensure_ascii=False)
        fh.write('\n')
    print(f'{OUT}: {len(out)} types')
    return 0


if __name__ == '__main__':
    sys.exit(main())
