"""The resource registry and the environment merge, held to Heat's answers.

fixtures/golden/registry.json is written by tools/gen_registry_golden.py:
each case of tools/registry_cases.yaml processed by python-heatclient and
Heat's engine as `openstack stack create -e ...` processes it (a freshly
started engine).  Here the same files go through hot-ls's workspace.
"""
from __future__ import annotations

import json
import os
import re

import pytest
import yaml

from helpers import ROOT
from hot_ls.workspace import Workspace

with open(os.path.join(ROOT, 'tools', 'registry_cases.yaml'), encoding='utf-8') as fh:
    CASES = {case['id']: case for case in yaml.safe_load(fh)}
with open(os.path.join(ROOT, 'fixtures', 'golden', 'registry.json'), encoding='utf-8') as fh:
    GOLDEN = json.load(fh)


def build(case: dict, root) -> tuple:
    for name, text in (case.get('files') or {}).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding='utf-8')
    template = root / 'template.yaml'
    template.write_text(case.get('template') or 'heat_template_version: 2016-10-14\n',
                        encoding='utf-8')
    paths = []
    for index, env in enumerate(case.get('environments') or []):
        env = dict(env)
        path = root / env.pop('name', f'env{index}.yaml')
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(env), encoding='utf-8')
        paths.append(str(path))
    for index, text in enumerate(case.get('text-environments') or []):
        path = root / f'text{index}.yaml'
        path.write_text(text, encoding='utf-8')
        paths.append(str(path))
    workspace = Workspace(roots=[str(root)], environments=paths)
    return workspace, workspace.stack(str(template))


def normalise(message: str, root) -> str:
    """Without the directories (the generator's temporary one, or this test's)."""
    message = re.sub(r'file://|/tmp/tmp[^/]+/', '', message)
    return message.replace(str(root) + os.sep, '')


@pytest.mark.parametrize('case_id', sorted(GOLDEN))
def test_registry_agrees_with_heat(case_id, tmp_path):
    root = tmp_path.resolve()
    case, heat = CASES[case_id], GOLDEN[case_id]
    workspace, stack = build(case, root)
    environment = stack.environment
    if 'error' in heat:
        assert environment.problems, f'Heat refuses: {heat["error"]}'
        assert normalise(environment.problems[0].message, root) == normalise(heat['error'], root)
        return
    assert not environment.problems, [p.message for p in environment.problems]
    assert environment.parameters == heat['parameters']
    assert environment.parameter_defaults == heat['parameter_defaults']
    for item in heat['queries']:
        query, answer = item['query'], item['answer']
        type_name, resource = query[0], (query[1] if len(query) > 1 else None)
        found = stack.resolve(type_name, resource)
        if 'class' in answer:
            assert found.resolution.class_name == answer['class'], query
        elif 'template' in answer:
            assert found.provider is not None, query
            assert os.path.relpath(found.provider.path, root) == answer['template'], query
        else:
            assert found.type is None and found.message == answer['error'], query
        if resource is not None:
            registry = environment.registry
            assert sorted(registry.setting_for(resource, 'hooks')) == answer['hooks']
            assert sorted(registry.setting_for(resource, 'restricted_actions')) == \
                answer['restricted_actions']
