"""Record Heat's answers on resource registry and environment merge cases:
fixtures/golden/registry.json.

Run with the Heat virtual environment's Python (python-heatclient is part of it):
    /work/venv-heat/bin/python tools/gen_registry_golden.py

Each case of tools/registry_cases.yaml is written to a temporary directory
(environment files, the files beside them, a template), then processed as
`openstack stack create -t template.yaml -e env0.yaml -e env1.yaml` does
before it touches a cloud: python-heatclient's
`process_multiple_environments_and_files` (reading each file, rewriting
registry references into file URLs; its deep merge of them heat-api drops
when the files are named), then the engine's
`environment_util.merge_environments` of the files over empty sections, then
`environment.Environment` with its ResourceRegistry.  For each query
(type, resource name) the answer is what `get_resource_info` returns in a
freshly started engine: the
registered class name, the template file (relative to the case's
directory), or Heat's error; also recorded: the merged parameters and
parameter_defaults, or the error the processing stopped at.
The cases are written by the project; the answers are Heat's.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from urllib.parse import urlparse, unquote

import yaml

sys.path.insert(0, os.path.dirname(__file__))
import heat_runtime  # noqa: E402,F401

from heat.common import environment_util as env_util  # noqa: E402
from heat.common import environment_format, template_format  # noqa: E402
from heat.engine import environment, template as templatem  # noqa: E402
from heatclient.common import template_utils  # noqa: E402

HERE = os.path.dirname(__file__)
CASES = os.path.join(HERE, 'registry_cases.yaml')
OUT = os.path.join(HERE, '..', 'fixtures', 'golden', 'registry.json')


def write(root: str, name: str, text: str) -> str:
    path = os.path.join(root, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as fh:
        fh.write(text)
    return path


def answer(info, root: str) -> dict:
    if isinstance(info, environment.TemplateResourceInfo):
        url = info.template_name
        path = unquote(urlparse(url).path) if url.startswith('file:') else url
        return {'template': os.path.relpath(path, root) if os.path.isabs(path) else path}
    if isinstance(info, environment.ClassResourceInfo):
        return {'class': info.name}
    return {'other': type(info).__name__, 'name': info.name}


def fresh_engine() -> None:
    """A new global environment, as in a heat-engine that has just started.

    Heat's registry mutates shared entries as it resolves (a global alias
    found through a stack's registry is re-registered there and marked as a
    user entry, for every later stack), so each case gets a fresh one.
    """
    from heat.engine import resources
    resources._environment = None
    resources.initialise()


def run(case: dict) -> dict:
    fresh_engine()
    with tempfile.TemporaryDirectory() as root:
        root = os.path.realpath(root)
        for name, text in (case.get('files') or {}).items():
            write(root, name, text)
        template_text = case.get('template') or 'heat_template_version: 2016-10-14\n'
        write(root, 'template.yaml', template_text)
        env_paths = []
        for index, env in enumerate(case.get('environments') or []):
            env = dict(env)
            name = env.pop('name', f'env{index}.yaml')
            env_paths.append(write(root, name, yaml.safe_dump(env)))
        for index, text in enumerate(case.get('text-environments') or []):
            env_paths.append(write(root, f'text{index}.yaml', text))
        result: dict = {}
        try:
            tracker: list = []
            files, env = template_utils.process_multiple_environments_and_files(
                env_paths=env_paths, env_list_tracker=tracker)
            # heat-api hands the engine `environment` only without `environment_files`
            # (InstantiationData.environment): python-heatclient's merged `env` is dropped, the
            # engine merges the files (as the client rewrote them) over the empty sections
            env = {}
            environment_format.default_for_missing(env)
            tmpl = templatem.Template(template_format.parse(template_text), files=files)
            env_util.merge_environments(tracker, files, env, tmpl.all_param_schemata(files))
            heat_env = environment.Environment(env)
        except Exception as exc:  # the processing stops: python-heatclient or Heat refuses
            return {'error': str(exc), 'exception': type(exc).__name__}
        result['parameters'] = heat_env.params
        result['parameter_defaults'] = heat_env.param_defaults
        answers = []
        for query in case.get('queries') or []:
            type_name = query[0]
            resource_name = query[1] if len(query) > 1 else None
            try:
                info = heat_env.get_resource_info(type_name, resource_name)
                found = answer(info, root)
            except Exception as exc:
                found = {'error': str(exc)}
            if resource_name is not None:
                registry = heat_env.registry
                found['hooks'] = sorted(h for h in environment.HOOK_TYPES
                                        if registry.matches_hook(resource_name, h))
                found['restricted_actions'] = sorted(
                    registry.get_rsrc_restricted_actions(resource_name))
            answers.append({'query': query, 'answer': found})
        result['queries'] = answers
        return result


def main() -> None:
    with open(CASES, encoding='utf-8') as fh:
        cases = yaml.safe_load(fh)
    out = {case['id']: run(case) for case in cases}
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump(out, fh, indent=1, sort_keys=True, default=str)
        fh.write('\n')
    print(f'{len(out)} cases recorded')


if __name__ == '__main__':
    main()
