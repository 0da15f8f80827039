"""Record Heat's verdict on every fixture under fixtures/ (run with Heat's venv).

Writes fixtures/heat-verdicts/fixtures.json: {path relative to fixtures/:
{"template": verdict, "strict": verdict}}, where a verdict is null when Heat
accepts the file and Heat's error message otherwise.  "template" is what
`openstack orchestration template validate` says; "strict" adds property
value validation; "create" also runs each resource plugin's validate(), as a
stack create does before it touches a cloud.

An environment beside a fixture (`X.env.yaml` for `X.yaml`) is passed as -e.
Run it again whenever a fixture is added or changed; the fidelity test
fails when a fixture has no recorded verdict.  Heat picks its first error
in a hash-randomised order, so by default an entry already recorded is
kept unless Heat's accept/reject answer on one of the modes changed (new
fixtures are added, removed ones dropped); --rewrite records every
message afresh.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402
import heat_offline_create  # noqa: E402,F401  (groups' nested stacks too)
from client_files import client_refusal, referenced_files  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..', 'fixtures'))
OUT = os.path.join(ROOT, 'heat-verdicts', 'fixtures.json')
SCAN = ('rules',)


def client_text(path: str) -> str:
    """The template text python-heatclient sends: the file as UTF-8, or base64 when it is
    not UTF-8 (utils.read_url_content), which Heat then reads as a plain string."""
    import base64
    with open(path, 'rb') as fh:
        data = fh.read()
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        return base64.encodebytes(data).decode('ascii')


def _same_answers(old: dict, new: dict) -> bool:
    return all((old.get(mode) is None) == (new.get(mode) is None) for mode in new)


def main() -> None:
    rewrite = '--rewrite' in sys.argv
    previous = {}
    if os.path.isfile(OUT) and not rewrite:
        with open(OUT, encoding='utf-8') as fh:
            previous = json.load(fh)
    verdicts = {}
    for top in SCAN:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if (not name.endswith(('.yaml', '.yml', '.json', '.template')) or '.env.' in name
                        or name.endswith('.settings.json')):
                    continue
                path = os.path.join(dirpath, name)
                text = client_text(path)
                envs = []
                stem, ext = os.path.splitext(path)
                if os.path.isfile(stem + '.env' + ext):
                    with open(stem + '.env' + ext, encoding='utf-8') as fh:
                        envs.append(fh.read())
                files: dict = {}
                referenced_files(path, text, files)
                for env in envs:  # the provider templates its resource_registry names
                    referenced_files(path, env, files)
                # (python-heatclient's own refusal, before it sends anything)
                entry = {'client': client_refusal(path, text)}
                for mode in ('template', 'strict', 'create'):
                    result = heat_validate.validate({'template': text, 'environments': envs,
                                                     'files': files, 'strict': mode != 'template',
                                                     'create': mode == 'create'})
                    entry[mode] = None if result['ok'] else result['error']
                key = os.path.relpath(path, ROOT)
                old = previous.get(key)
                verdicts[key] = old if old is not None and _same_answers(old, entry) else entry
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(verdicts, fh, indent=1, sort_keys=True)
        fh.write('\n')
    print(f'{len(verdicts)} fixtures recorded')


if __name__ == '__main__':
    main()
