"""Heat's verdict on the templates of tools/validate_cases.yaml at stack create (run with Heat's venv).

Writes fixtures/golden/validate.jsonl: {"id", "template", "heat": message or
null[, "heat-first": why Heat stops at another error than hot-ls's]}, where
the message is what `openstack stack create` says before it creates anything: tools/heat_validate.py with "create": true (every cloud
client stubbed), which runs each resource plugin's validate() and the
validation of the groups' nested stacks.  The templates are the project's;
Heat only gives the verdicts.  tests/rules/test_validate_golden.py compares
hot-ls's messages with them.

tools/heat_offline_create.py lets every group validate its nested stack.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402
import yaml  # noqa: E402
import heat_offline_create  # noqa: E402  (groups' nested stacks too)

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
CASES = os.path.join(ROOT, 'tools', 'validate_cases.yaml')
OUT = os.path.join(ROOT, 'fixtures', 'golden', 'validate.jsonl')


def main() -> None:
    with open(CASES, encoding='utf-8') as fh:
        cases = yaml.safe_load(fh)['cases']
    ids = [case['id'] for case in cases]
    duplicates = {i for i in ids if ids.count(i) > 1}
    if duplicates:
        raise SystemExit(f'duplicate case ids: {sorted(duplicates)}')
    with open(OUT, 'w', encoding='utf-8') as fh:
        for case in cases:
            verdict = heat_validate.validate({'template': case['template'], 'strict': True,
                                              'create': True})
            message = None if verdict['ok'] else verdict['error']
            if message is not None:
                message = message.replace(heat_offline_create.MEMBER, '<member>')
            record = {'id': case['id'], 'template': case['template'], 'heat': message}
            if case.get('heat-first'):
                record['heat-first'] = case['heat-first']
            if case.get('cloud-dependent'):
                record['cloud-dependent'] = case['cloud-dependent']
            fh.write(json.dumps(record) + '\n')
    print(f'{len(cases)} verdicts recorded in {os.path.relpath(OUT, ROOT)}')


if __name__ == '__main__':
    main()
