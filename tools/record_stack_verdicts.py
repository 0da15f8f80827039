"""Record Heat's verdict on templates created with environments, as `openstack stack create
-t TEMPLATE -e ENV...` would: fixtures/heat-verdicts/<name>.json.

Run with the Heat virtual environment's Python:
    /work/venv-heat/bin/python tools/record_stack_verdicts.py tht       # ../shared/corpus/tht-master-rendered
    /work/venv-heat/bin/python tools/record_stack_verdicts.py project   # fixtures/workspace/project
    /work/venv-heat/bin/python tools/record_stack_verdicts.py nested-defaults
    /work/venv-heat/bin/python tools/record_stack_verdicts.py nested-stacks
    /work/venv-heat/bin/python tools/record_stack_verdicts.py used-templates
    /work/venv-heat/bin/python tools/record_stack_verdicts.py ovb      # quintupleo.yaml
    /work/venv-heat/bin/python tools/record_stack_verdicts.py magnum   # kubecluster.yaml
    /work/venv-heat/bin/python tools/record_stack_verdicts.py tht-depth-7  # overcloud.yaml, depth 7
    /work/venv-heat/bin/python tools/record_stack_verdicts.py tht-depth-7-given  # and the values
    /work/venv-heat/bin/python tools/record_stack_verdicts.py --serve  # requests on stdin

Unlike record_corpus_verdicts.py, the files go through python-heatclient's own
processing (`template_utils.get_template_contents`, which reads provider
templates and get_file targets relative to the file naming them, and
`process_multiple_environments_and_files`), then through the engine as a
stack create does before it touches a cloud: the environments merged
(`merge_environments`), the template validated, the stack validated with
property values and every resource plugin's validate() (nested stacks
included), cloud clients stubbed (tools/heat_validate.py).  A get_file target
missing from the checkout is given a one-line placeholder, as in
record_corpus_verdicts.py: the corpus keeps data files only.

Each entry: {"client": error or null (python-heatclient refused),
"template": ..., "create": ...}: null where that step accepts, else Heat's message.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402  (bootstraps Heat, stubs the cloud clients)
import heat_offline_create  # noqa: E402,F401  (groups' nested stacks too)

from heat.common import context, environment_format, environment_util as env_util  # noqa: E402
from heat.common import template_format  # noqa: E402
from heat.engine import environment, stack as parser, template as templatem  # noqa: E402
from heatclient.common import template_utils, utils as client_utils  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, '..'))
CORPUS = os.path.normpath(os.path.join(ROOT, '..', 'shared', 'corpus'))
PROJECTS = {
    # name: (folder, environments relative to it, output)
    'tht': (os.path.join(CORPUS, 'tht-master-rendered'),
            ['overcloud-resource-registry-puppet.yaml'], 'tht-registry.json'),
    'project': (os.path.join(ROOT, 'fixtures', 'workspace', 'project'), ['env.yaml'],
                'workspace-project.json'),
    'nested-defaults': (os.path.join(ROOT, 'fixtures', 'workspace', 'nested-defaults'),
                        ['env.yaml'], 'workspace-nested-defaults.json'),
    'nested-stacks': (os.path.join(ROOT, 'fixtures', 'workspace', 'nested-stacks'),
                      ['env.yaml'], 'workspace-nested-stacks.json'),
    'used-templates': (os.path.join(ROOT, 'fixtures', 'workspace', 'used-templates'), [],
                       'workspace-used-templates.json'),
    # (overcloud.yaml on a cloud whose max_nested_stack_depth is 7, as a TripleO undercloud's)
    'tht-depth-7': (os.path.join(CORPUS, 'tht-master-rendered'),
                    ['overcloud-resource-registry-puppet.yaml'], 'tht-overcloud-depth-7.json',
                    ['overcloud.yaml'], {'max_nested_stack_depth': 7}),
    # (and with the two values TripleO's client gives at deploy time: Heat accepts it)
    'tht-depth-7-given': (os.path.join(CORPUS, 'tht-master-rendered'),
                          ['overcloud-resource-registry-puppet.yaml',
                           os.path.join(ROOT, 'fixtures', 'environments',
                                        'tht-deploy-time.yaml')],
                          'tht-overcloud-depth-7-given.json', ['overcloud.yaml'],
                          {'max_nested_stack_depth': 7}),
    # (real trees as their users create them: only the root named, with their environments)
    'ovb': (os.path.join(CORPUS, 'ovb'),
            ['templates/resource-registry.yaml', 'environments/base.yaml',
             'environments/all-networks.yaml'], 'ovb-quintupleo.json',
            ['templates/quintupleo.yaml']),
    'magnum': (os.path.join(CORPUS, 'magnum-zed', 'magnum', 'drivers'),
               [f'common/templates/environments/{name}.yaml' for name in (
                   'with_private_network', 'with_volume', 'with_etcd_volume',
                   'with_master_lb_octavia', 'enable_floating_ip')],
               'magnum-kubecluster.json', ['k8s_fedora_coreos_v1/templates/kubecluster.yaml']),
}
_real_read = client_utils.read_url_content


def _read_url_content(url: str):
    """python-heatclient's reader, with a placeholder for a missing get_file script."""
    try:
        return _real_read(url)
    except Exception:
        if url.endswith(('.yaml', '.yml', '.template', '.json')):
            raise
        return b'# content of a script the checkout leaves out\n'


client_utils.read_url_content = _read_url_content


def verdict(template_path: str, environments: list[str]) -> dict:
    entry: dict = {'client': None, 'template': None, 'create': None}
    try:
        files, template = template_utils.get_template_contents(template_file=template_path)
        tracker: list = []
        env_files, env = template_utils.process_multiple_environments_and_files(
            env_paths=environments, env_list_tracker=tracker)
        files.update(env_files)
        # what the API receives: JSON, so the bytes python-heatclient read become text
        files = json.loads(json.dumps({k: v.decode('utf-8') if isinstance(v, bytes) else v
                                       for k, v in files.items()}))
        # heat-api hands the engine `environment` only without `environment_files`: the
        # engine merges the files over empty sections (InstantiationData.environment)
        env = {}
        environment_format.default_for_missing(env)
    except BaseException as exc:  # python-heatclient refuses (CommandError, TypeError...)
        entry['client'] = f'{type(exc).__name__}: {exc}'
        return entry
    for mode in ('template', 'create'):
        params = json.loads(json.dumps(env))
        try:
            tmpl = templatem.Template(template, files=files)
            env_util.merge_environments(tracker, files, params, tmpl.all_param_schemata(files))
            if mode == 'create':
                given = dict(params.get('parameter_defaults') or {})
                given.update(params.get('parameters') or {})
                params['parameters'].update(heat_validate.placeholder_values(template, given))
            tmpl.env = environment.Environment(params)
            tmpl.validate()
            ctx = context.RequestContext(user_id='u', project_id='p', is_admin=False)
            stk = parser.Stack(ctx, 'dummy', tmpl, strict_validate=mode == 'create')
            stk.validate(validate_res_tmpl_only=mode != 'create')
        except BaseException as exc:
            entry[mode] = str(exc) or type(exc).__name__
            if mode == 'template':
                entry['create'] = entry['template']
                break
    return entry


def serve() -> None:
    """`--serve`: one request per line on stdin, {"template": path, "environments": [paths],
    "heat_conf": {option: value}}; one verdict per line on stdout (tools/stack_differential.py
    asks this way, Heat imported once)."""
    from oslo_config import cfg
    for line in sys.stdin:
        request = json.loads(line)
        for option, value in (request.get('heat_conf') or {}).items():
            cfg.CONF.set_override(option, value)
        answer = verdict(request['template'], request['environments'])
        for option in request.get('heat_conf') or {}:
            cfg.CONF.clear_override(option)
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()


def main() -> None:
    if sys.argv[1:] == ['--serve']:
        return serve()
    name = sys.argv[1] if len(sys.argv) > 1 else 'project'
    folder, environments, output, *rest = PROJECTS[name]
    roots, overrides = (rest + [None, None])[:2]
    for option, value in (overrides or {}).items():  # (the cloud's heat.conf)
        from oslo_config import cfg
        cfg.CONF.set_override(option, value)
    environments = [os.path.join(folder, e) for e in environments]
    verdicts = {}
    if roots:  # the roots named: each created with the environments
        for root in roots:
            verdicts[root] = verdict(os.path.join(folder, root), environments)
    for dirpath, dirnames, filenames in [] if roots else os.walk(folder):
        dirnames.sort()
        for file in sorted(filenames):
            if not file.endswith(('.yaml', '.template')) or file.endswith('.j2.yaml'):
                continue
            path = os.path.join(dirpath, file)
            try:
                with open(path, encoding='utf-8') as fh:
                    data = template_format.parse(fh.read())
            except Exception:
                continue
            if not isinstance(data, dict) or 'heat_template_version' not in data:
                continue
            verdicts[os.path.relpath(path, folder)] = verdict(path, environments)
    out = os.path.join(ROOT, 'fixtures', 'heat-verdicts', output)
    with open(out, 'w', encoding='utf-8') as fh:
        json.dump(verdicts, fh, indent=1, sort_keys=True)
        fh.write('\n')
    rejected = sum(1 for v in verdicts.values() if v['client'] or v['template'] or v['create'])
    print(f'{len(verdicts)} templates, {rejected} refused by python-heatclient or Heat')


if __name__ == '__main__':
    main()
