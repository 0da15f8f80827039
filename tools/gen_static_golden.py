"""Heat's verdict on the templates of tools/static_cases.yaml (run with Heat's venv).

Writes fixtures/golden/static.jsonl: {"id", "template", "heat": message or
null}, where the message is what `openstack orchestration template
validate` says (tools/heat_validate.py, offline).  The templates are the
project's; Heat only gives the verdicts.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402
import yaml  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
CASES = os.path.join(ROOT, 'tools', 'static_cases.yaml')
OUT = os.path.join(ROOT, 'fixtures', 'golden', 'static.jsonl')


def main() -> None:
    with open(CASES, encoding='utf-8') as fh:
        cases = yaml.safe_load(fh)['cases']
    with open(OUT, 'w', encoding='utf-8') as fh:
        for case in cases:
            verdict = heat_validate.validate({'template': case['template'], 'strict': False})
            fh.write(json.dumps({'id': case['id'], 'template': case['template'],
                                 'heat': None if verdict['ok'] else verdict['error']}) + '\n')
    print(f'{len(cases)} verdicts recorded in {os.path.relpath(OUT, ROOT)}')


if __name__ == '__main__':
    main()
