"""Record Heat's verdict on what `hot-ls capabilities resolve` writes (run with Heat's venv).

The capabilities blueprint's example (fixtures/workspace/capabilities) is
copied to a temporary folder, where `hot-ls capabilities resolve -e
environment.yaml -o resolved/environment.yaml` runs (with the Python
given: one where hot-ls's dependencies are installed; Heat's venv has
none of them).  Heat then judges `overcloud.yaml` created with:

- "resolved": the environment written, with the template copies it
  names and the files those name (as python-heatclient would upload
  them);
- "stock": the fixture's own environment.yaml (stock Heat refuses
  `requires`);
- "without-copies": the environment written, but mapping the type to the
  original puppet/controller.yaml, which keeps its `capabilities` section
  (why resolve writes copies: stock Heat refuses the section in a
  provider template when the stack is created).

Each verdict is null when Heat accepts and Heat's message otherwise, per
mode as in tools/record_fixture_verdicts.py ("template" = `openstack
orchestration template validate`, "strict" and "create" = what a stack
create checks).  The files written are recorded too:
tests/cli/test_capabilities_cli.py runs the same command and compares.

Run from tools/:
    /work/venv-heat/bin/python record_capabilities_verdicts.py PYTHON-WITH-HOT-LS
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402
from record_corpus_verdicts import referenced_files  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
PROJECT = os.path.join(ROOT, 'fixtures', 'workspace', 'capabilities')
OUT = os.path.join(ROOT, 'fixtures', 'golden', 'capabilities.json')
ARGV = ['capabilities', 'resolve', '-e', 'environment.yaml', '-o', 'resolved/environment.yaml']
TEMPLATE = 'overcloud.yaml'


def verdicts(folder: str, environment: str, text: str | None = None) -> dict:
    """Heat's verdict on the template created with `environment` (its text, if given)."""
    with open(os.path.join(folder, TEMPLATE), encoding='utf-8') as fh:
        template = fh.read()
    if text is None:
        with open(os.path.join(folder, environment), encoding='utf-8') as fh:
            text = fh.read()
    files: dict = {}
    referenced_files(os.path.join(folder, TEMPLATE), template, files)
    referenced_files(os.path.join(folder, environment), text, files)
    out = {}
    for mode in ('template', 'strict', 'create'):
        result = heat_validate.validate({'template': template, 'environments': [text],
                                         'files': files, 'strict': mode != 'template',
                                         'create': mode == 'create'})
        out[mode] = None if result['ok'] else result['error']
    return out


def main(python: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, 'capabilities')
        shutil.copytree(PROJECT, folder)
        done = subprocess.run([python, '-m', 'hot_ls', *ARGV], cwd=folder, capture_output=True,
                              text=True, env=dict(os.environ, PYTHONPATH=ROOT))
        if done.returncode != 0:
            sys.exit(f'hot-ls capabilities resolve failed ({done.returncode}): {done.stderr}')
        written = {}
        for dirpath, _, filenames in os.walk(os.path.join(folder, 'resolved')):
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                with open(path, encoding='utf-8') as fh:
                    written[os.path.relpath(path, folder)] = fh.read()
        environment = ARGV[ARGV.index('-o') + 1]
        resolved = written[environment]
        original = os.path.relpath(os.path.join(PROJECT, 'puppet', 'controller.yaml'),
                                   os.path.join(PROJECT, 'resolved'))
        copy_name = next(line.split(': ', 1)[1] for line in resolved.splitlines()
                         if line.strip().startswith('OS::TripleO::Controller:'))
        record = {
            'argv': ARGV,
            'written': dict(sorted(written.items())),
            'heat': {'resolved': verdicts(folder, environment),
                     'stock': verdicts(folder, 'environment.yaml'),
                     'without-copies': verdicts(folder, environment,
                                                resolved.replace(copy_name, original))},
        }
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(record, fh, indent=1, sort_keys=True)
        fh.write('\n')
    print(json.dumps(record['heat'], indent=1))


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
