"""The `hot-ls eval` and `hot-ls preview` commands, run as real processes.

The batch replay feeds golden cases (the ones JSON can hold exactly)
through `hot-ls eval --batch` and compares each result line with Heat's
answer, so the command and the library agree with Heat, not just with each
other.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys


from golden import ROOT, UNKNOWN_EXPECTED, load

PYTHON = sys.executable


def hot_ls(*args, stdin: str = '', cwd: str = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([PYTHON, '-m', 'hot_ls', *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=cwd)


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding='utf-8')
    return str(path)


def expected_json(case: dict) -> dict | None:
    """What `hot-ls eval` must print for a golden case, when Heat's answer says it exactly."""
    expect = case['expect']
    deployed = case.get('deployed')
    if case['id'] in UNKNOWN_EXPECTED or (deployed is not None and deployed != expect):
        return None  # depends on deploy-time values: compared in test_golden
    if 'error' in expect:
        return {'error': {'message': expect['error']['message']}}
    return {'value': expect['value']}


def test_batch_replays_golden_cases():
    cases = [c for c in load() if 'yaml' not in c
             and not c['expect'].get('error', {}).get('message', '').startswith('Algorithm')]
    stdin = ''.join(json.dumps({k: v for k, v in c.items() if k not in ('expect', 'deployed')})
                    + '\n' for c in cases)
    done = hot_ls('eval', '--batch', stdin=stdin)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(cases)
    compared = 0
    for case, line in zip(cases, lines):
        result = json.loads(line)
        assert result.pop('id') == case['id']
        want = expected_json(case)
        if want is None:
            continue
        assert result == want, case['id']
        compared += 1
    assert compared > 700


def test_batch_keeps_going_after_bad_lines():
    stdin = ('{"version": "2021-04-16", "snippet": {"list_join": ["-", ["a", "b"]]}}\n'
             'not json\n'
             '[1, 2]\n'
             '{"version": "2021-04-16"}\n'
             '{"version": "1999-01-01", "snippet": 1}\n'
             '{"id": 7, "version": "2013-05-23", "snippet": {"Fn::Select": [1, ["a", "b"]]}}\n')
    done = hot_ls('eval', '--batch', stdin=stdin)
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert results[0] == {'value': 'a-b'}
    assert results[1]['error']['message'].startswith('invalid JSON')
    assert results[2] == {'error': {'message': 'a case must be a JSON object'}}
    assert results[3] == {'error': {'message': 'a case needs a "snippet"'}}
    assert results[4]['error']['message'] == 'invalid case: unknown heat_template_version: 1999-01-01'
    assert results[5] == {'id': 7, 'value': 'b'}
    assert len(results) == 6
    assert done.returncode == 1  # a line was not JSON


def test_eval_snippet_yaml_and_exit_status():
    done = hot_ls('eval', stdin='{str_replace_strict: {template: a, params: {b: c}}}\n')
    assert json.loads(done.stdout) == {
        'error': {'message': 'The following params were not found in the template: b'}}
    assert done.returncode == 1
    done = hot_ls('eval', '--template-version', '2015-04-30',
                  stdin='list_join: [",", [a, {get_resource: x}]]')
    assert json.loads(done.stdout) == {
        'error': {'message': 'The specified reference "x" (in unknown) is incorrect.'}}


def test_eval_with_template_environment_and_values(tmp_path):
    template = write(tmp_path, 't.yaml', '''
heat_template_version: 2016-10-14
parameters:
  env: {type: string, default: dev}
  port: {type: number, default: 80}
conditions:
  is_prod: {equals: [{get_param: env}, prod]}
resources:
  server: {type: OS::Nova::Server}
''')
    env = write(tmp_path, 'prod.yaml', 'parameters: {env: prod}\n')
    done = hot_ls('eval', '--template', template, '-e', env, '-P', 'port=8080', stdin='''
str_replace:
  template: http://$host:$port/$env
  params:
    $host: {get_attr: [server, first_address]}
    $port: {get_param: port}
    $env: {if: [is_prod, live, test]}
''')
    assert json.loads(done.stdout) == {
        'value': 'http://<<get_attr server first_address>>:8080/live'}
    assert done.returncode == 0
    done = hot_ls('eval', '--template', template, '--condition', stdin='is_prod')
    assert json.loads(done.stdout) == {'value': False}
    done = hot_ls('eval', '--template', template, '--template-version', '2021-04-16',
                  stdin='[a, {if: [is_prod, b]}]')
    assert json.loads(done.stdout) == {'value': ['a']}


def test_eval_rejects_bad_parameter_option():
    done = hot_ls('eval', '-P', 'novalue', stdin='1')
    assert done.returncode == 1
    assert json.loads(done.stdout) == {'error': {'message': "-P expects NAME=VALUE, got 'novalue'"}}


def test_preview_json_and_yaml(tmp_path):
    template = write(tmp_path, 't.yaml', '''
heat_template_version: 2021-04-16
parameters:
  env: {type: string, default: dev}
  password: {type: string, default: pw, hidden: true}
conditions:
  is_prod: {equals: [{get_param: env}, prod]}
resources:
  server:
    type: OS::Nova::Server
    properties:
      name: {list_join: ['-', [web, {get_param: env}]]}
      flavor: {if: [is_prod, m1.large, m1.small]}
  backup:
    type: OS::Heat::None
    condition: is_prod
outputs:
  url:
    value: {make_url: {scheme: http, host: {get_attr: [server, first_address]}, path: /app}}
  backup_id:
    condition: is_prod
    value: {get_resource: backup}
  broken:
    value: {list_join: [',', [1]]}
''')
    done = hot_ls('preview', template, '--raw')
    data = json.loads(done.stdout)
    assert data == {
        'parameters': {'env': 'dev', 'password': '******'},
        'conditions': {'is_prod': False},
        'resources': {
            'server': {'type': 'OS::Nova::Server', 'enabled': True,
                       'properties': {'name': 'web-dev', 'flavor': 'm1.small'}},
            'backup': {'type': 'OS::Heat::None', 'enabled': False, 'properties': {}}},
        'outputs': {'url': 'http://<<get_attr server first_address>>/app', 'backup_id': None,
                    'broken': {'error': {'message':
                               'Items to join must be string, map or list not 1'}}},
        'disabled_outputs': ['backup_id']}
    assert done.returncode == 1  # an output fails
    done = hot_ls('preview', template, '-P', 'env=prod', '--format', 'yaml')
    assert 'is_prod: true' in done.stdout
    assert 'flavor: m1.large' in done.stdout
    assert 'backup_id: <<get_resource backup>>' in done.stdout


def test_preview_shows_the_properties_heat_gives_the_resource(tmp_path):
    """Every property of the type, defaults, conversions and translations applied, as
    `openstack stack preview` shows them (held to Heat over the corpus by
    tools/compare_preview.py); --raw shows the values as resolved."""
    template = write(tmp_path, 't.yaml', '''
heat_template_version: 2021-04-16
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network_id: private
      fixed_ips: [{subnet: sub}]
      admin_state_up: "false"
  random:
    type: OS::Heat::RandomString
    properties:
      length: "12"
  none:
    type: OS::Heat::None
    properties: {anything: 1}
''')
    data = json.loads(hot_ls('preview', template).stdout)['resources']
    port = data['port']['properties']
    assert port['network'] == 'private' and port['network_id'] is None  # translation
    assert port['fixed_ips'] == [{'subnet': 'sub', 'subnet_id': None, 'ip_address': None}]
    assert port['admin_state_up'] is False and port['replacement_policy'] == 'AUTO'
    assert data['random']['properties']['length'] == 12
    assert data['random']['properties']['character_classes'] == [{'class': 'lettersdigits',
                                                                   'min': 1}]
    assert data['none']['properties'] == {}
    raw = json.loads(hot_ls('preview', template, '--raw').stdout)['resources']
    assert raw['random']['properties'] == {'length': '12'}
    assert raw['none']['properties'] == {'anything': 1}


def test_preview_unreadable_template(tmp_path):
    done = hot_ls('preview', str(tmp_path / 'missing.yaml'))
    assert done.returncode == 2
    assert 'hot-ls:' in done.stderr


SIZED = """\
heat_template_version: 2021-04-16
parameters:
  flavor: {type: string, default: small}
outputs:
  size: {value: {get_param: flavor}}
"""


def test_preview_and_eval_take_the_settings_inputs_as_the_editor_does(tmp_path):
    """parameters and environments from .hot-ls.toml apply, then -e and -P over them."""
    template = write(tmp_path, 'stack.yaml', SIZED)
    write(tmp_path, 'prod.yaml', 'parameter_defaults: {flavor: from-env}\n')
    write(tmp_path, '.hot-ls.toml', 'parameters = {flavor = "large"}\n')
    done = hot_ls('preview', template, cwd=str(tmp_path))
    assert json.loads(done.stdout)['outputs']['size'] == 'large', done.stderr
    done = hot_ls('preview', template, '-P', 'flavor=tiny', cwd=str(tmp_path))
    assert json.loads(done.stdout)['outputs']['size'] == 'tiny'
    done = hot_ls('eval', '--template', template, stdin='{get_param: flavor}', cwd=str(tmp_path))
    assert json.loads(done.stdout) == {'value': 'large'}
    write(tmp_path, '.hot-ls.toml', 'environments = ["prod.yaml"]\n')
    done = hot_ls('preview', template, cwd=str(tmp_path))
    assert json.loads(done.stdout)['outputs']['size'] == 'from-env'
    write(tmp_path, '.hot-ls.toml', 'environments = ["missing.yaml"]\n')
    done = hot_ls('preview', template, cwd=str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.startswith('hot-ls: environment ') and 'missing.yaml: cannot read file' in done.stderr


def test_a_file_that_is_not_utf8_is_one_clear_message_everywhere(tmp_path):
    path = tmp_path / 'latin1.yaml'
    path.write_bytes(SIZED.replace('small', 'caf\xe9').encode('latin-1'))
    done = hot_ls('preview', str(path))
    assert done.returncode == 2
    assert done.stderr == (f'hot-ls: {path}: the file is not valid UTF-8 (cannot decode byte 0xE9); '
                           'Heat reads templates, environments and files as UTF-8\n')
    done = hot_ls('eval', '--template', str(path), stdin='1')
    assert done.returncode == 1 and 'not valid UTF-8' in json.loads(done.stdout)['error']['message']
    done = hot_ls('check', str(path))
    assert done.returncode == 1
    assert done.stdout.startswith(f'{path}:3:38: error[HOT000] the file is not valid UTF-8')


def test_eval_and_preview_refuse_an_attribute_the_type_does_not_have(tmp_path):
    """Heat (tools/heat_validate.py): 'outputs.ip.value.get_attr: The Referenced Attribute
    (server first_adress) is incorrect.'  A type that takes any attribute takes any."""
    template = write(tmp_path, 't.yaml', '''
heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Nova::Server
    properties: {flavor: f, image: i}
  group:
    type: OS::Heat::ResourceGroup
    properties: {resource_def: {type: OS::Heat::None}}
outputs:
  ip:
    value: {get_attr: [server, first_adress]}
  any:
    value: {get_attr: [group, resource.0.whatever]}
''')
    outputs = json.loads(hot_ls('preview', template).stdout)['outputs']
    assert outputs['ip'] == {'error': {'message': 'outputs.ip.value.get_attr: The Referenced '
                                                  'Attribute (server first_adress) is incorrect.'}}
    assert outputs['any'] == '<<get_attr group resource.0.whatever>>'
    done = hot_ls('eval', '--template', template, stdin='{get_attr: [server, first_adress]}')
    assert json.loads(done.stdout) == {'error': {'message': 'get_attr: The Referenced Attribute '
                                                            '(server first_adress) is incorrect.'}}
    done = hot_ls('eval', '--template', template, stdin='{get_attr: [server, first_address]}')
    assert json.loads(done.stdout) == {'value': '<<get_attr server first_address>>'}
