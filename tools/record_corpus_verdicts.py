"""Record Heat's verdict on every file of ../shared/corpus (run with Heat's venv).

Writes fixtures/heat-verdicts/corpus.json: {relative path: {"template": verdict,
"strict": verdict, "create": verdict}} where a verdict is null when Heat
accepts the file, or Heat's error message: "template" is `openstack
orchestration template validate`, "strict" adds the property values,
"create" also each resource plugin's validate() and the groups' nested
stacks, as `openstack stack create` checks before it touches a cloud.  Files that are not templates (environments, Jinja2
sources, CFN templates are included as templates) get Heat's parse verdict.
For a gated heat-templates file X.yaml with an X_env.yaml beside it, the
environment is passed as -e, as heat-templates' own gate does.
The corpus test compares hot-ls against these verdicts: where Heat accepts,
hot-ls must report no error.  Provider templates and get_file targets are
passed in `files` as python-heatclient would; a get_file target missing from
the corpus (scripts were not kept) is replaced by a one-line placeholder.
An entry already recorded keeps its message unless Heat's accept/reject
answer changed (Heat picks its first error in a hash-randomised order);
--rewrite records every message afresh.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402
import heat_offline_create  # noqa: E402,F401  (groups' nested stacks too)
from client_files import referenced_files  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), '..')
CORPUS = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'corpus'))
OUT = os.path.join(ROOT, 'fixtures', 'heat-verdicts', 'corpus.json')
SUFFIXES = ('.yaml', '.yml', '.json', '.template')


def env_for(path: str) -> list[str]:
    stem, ext = os.path.splitext(path)
    env = stem + '_env' + ext
    if os.path.isfile(env):
        with open(env, encoding='utf-8') as fh:
            return [fh.read()]
    return []


def main() -> None:
    previous = {}
    if os.path.isfile(OUT) and '--rewrite' not in sys.argv:
        with open(OUT, encoding='utf-8') as fh:
            previous = json.load(fh)
    verdicts = {}
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        for name in sorted(filenames):
            if not name.endswith(SUFFIXES):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, CORPUS)
            with open(path, encoding='utf-8', errors='replace') as fh:
                text = fh.read()
            entry = {}
            envs = env_for(path)
            files: dict = {}
            referenced_files(path, text, files)
            for env in envs:
                referenced_files(path, env, files)
            for mode in ('template', 'strict', 'create'):
                result = heat_validate.validate({'template': text, 'environments': envs,
                                                 'files': files, 'strict': mode != 'template',
                                                 'create': mode == 'create'})
                entry[mode] = None if result['ok'] else result['error']
            old = previous.get(rel)
            same = old is not None and all((old.get(m) is None) == (entry[m] is None) for m in entry)
            verdicts[rel] = old if same else entry
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(verdicts, fh, indent=1, sort_keys=True)
        fh.write('\n')
    print(f'{len(verdicts)} files, '
          f'{sum(1 for v in verdicts.values() if v["template"] is None)} accepted by template validate, '
          f'{sum(1 for v in verdicts.values() if v["strict"] is None)} accepted strictly')


if __name__ == '__main__':
    main()
