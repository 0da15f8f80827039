"""Whole-template evaluation: per-item results, Heat's template messages, call values for editors.

The function semantics are checked against Heat by the golden cases; these
tests check what a preview adds on top: each item evaluated on its own,
Heat's paths in messages, disabled resources and outputs, environments,
hidden parameters, and the value of any call node.
"""
from __future__ import annotations

import textwrap

from hot_ls.evaluator import TemplateEvaluation, preview
from hot_ls.model import Template
from hot_ls.model.environment import Environment
from hot_ls.syntax import Mapping, parse

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev, constraints: [{allowed_values: [dev, prod]}]}
      size: {type: number, default: 2}
      password: {type: string, default: secret, hidden: true}
      required: {type: string}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
      broken: {equals: [only-one]}
      uses_broken: {not: broken}
    resources:
      server:
        type: OS::Nova::Server
        properties:
          name: {list_join: ['-', [web, {get_param: env}]]}
          flavor: {if: [is_prod, m1.large, m1.small]}
          extra: {if: [is_prod, {big: true}]}
          count: {str_split: [',', 'a,b', 5]}
      backup:
        type: OS::Cinder::Volume
        condition: is_prod
        properties:
          size: {get_param: size}
    outputs:
      url:
        value: {str_replace: {template: 'http://$ip/', params: {$ip: {get_attr: [server, first_address]}}}}
      backup_id:
        condition: is_prod
        value: {get_resource: backup}
      sizes:
        value: {repeat: {template: 'n-%x%', for_each: {'%x%': [1, 2]}}}
    ''')


def template_of(text: str = TEMPLATE) -> Template:
    return Template(parse(text), 'stack.yaml')


def test_preview_with_defaults():
    data = preview(template_of()).to_json()
    assert data['parameters'] == {
        'env': 'dev', 'size': 2, 'password': '******',
        'required': {'error': {'message': 'The Parameter (required) was not provided.'}}}
    assert data['conditions'] == {
        'is_prod': False,
        'broken': {'error': {'message': 'conditions.broken.equals: Arguments to "equals" must be '
                                        'of the form: [value_1, value_2]'}},
        'uses_broken': {'error': {'message': 'conditions.broken.equals: Arguments to "equals" '
                                             'must be of the form: [value_1, value_2]'}}}
    assert data['resources']['server'] == {
        'type': 'OS::Nova::Server', 'enabled': True,
        'properties': {'name': 'web-dev', 'flavor': 'm1.small', 'count': {'error': {
            'message': 'Property error: resources.server.properties.count: Incorrect index to '
                       '"str_split" should be between 0 and 1'}}}}
    assert data['resources']['backup'] == {'type': 'OS::Cinder::Volume', 'enabled': False,
                                           'properties': None}
    assert data['outputs'] == {
        'url': 'http://<<get_attr server first_address>>/',
        'backup_id': None,
        'sizes': {'error': {'message': 'replace() argument 2 must be str, not int'}}}
    assert data['disabled_outputs'] == ['backup_id']


def test_values_and_environments_change_the_preview():
    env = Environment.from_text('parameters: {env: prod}\n', 'prod.yaml')
    data = preview(template_of(), [env], {'size': '10', 'required': 'x'}).to_json()
    assert data['parameters']['size'] == 10
    assert data['parameters']['required'] == 'x'
    assert data['conditions']['is_prod'] is True
    assert data['resources']['backup'] == {'type': 'OS::Cinder::Volume', 'enabled': True,
                                           'properties': {'size': 10}}
    assert data['resources']['server']['properties']['extra'] == {'big': True}
    assert data['outputs']['backup_id'] == '<<get_resource backup>>'
    assert 'disabled_outputs' not in data


def test_a_parameter_value_heat_refuses():
    data = preview(template_of(), parameter_values={'env': 'test'}).to_json()
    assert data['parameters']['env'] == {'error': {'message': (
        'Parameter \'env\' is invalid: "test" is not an allowed value ["dev", "prod"]')}}


def test_an_environment_heat_refuses_is_reported_once():
    env = Environment.from_text('paramters: {env: prod}\n', 'typo.yaml')
    data = preview(template_of(), [env]).to_json()
    assert data['errors'] == [{'message': 'environment has wrong section "paramters"'}]
    assert data['parameters']['env'] == 'dev'


def test_value_of_any_call_node():
    template = template_of()
    evaluation = TemplateEvaluation(template)
    server = template.resources['server'].get('properties')
    assert isinstance(server, Mapping)
    name_call = server.get('name')
    join_args = name_call.get('list_join')
    get_param_call = join_args.items[1].items[1]
    assert evaluation.value_of(name_call).value == 'web-dev'
    assert evaluation.value_of(get_param_call).value == 'dev'
    flavor = evaluation.value_of(server.get('flavor'))
    assert flavor.value == 'm1.small'
    failing = evaluation.value_of(server.get('count'))
    assert failing.error.message == ('Property error: resources.server.properties.count: '
                                     'Incorrect index to "str_split" should be between 0 and 1')
    backup_size = template.resources['backup'].get('properties').get('size')
    assert evaluation.value_of(backup_size) is None  # a disabled resource is never evaluated


def test_get_file_reads_what_the_files_give(tmp_path):
    """The evaluator reads no file itself: `files` (the workspace's, in hot-ls) answers."""
    from hot_ls.workspace import Workspace
    (tmp_path / 'script.sh').write_text('echo hi\n', encoding='utf-8')
    (tmp_path / 'latin1.sh').write_bytes('echo café\n'.encode('latin-1'))
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        outputs:
          script: {value: {get_file: script.sh}}
          binary: {value: {get_file: latin1.sh}}
          missing: {value: {get_file: nope.sh}}
          outside: {value: {get_file: /etc/hostname}}
        ''')
    path = tmp_path / 'stack.yaml'
    path.write_text(text, encoding='utf-8')
    workspace = Workspace(roots=[str(tmp_path)])
    files = workspace.stack(str(path)).files
    data = preview(Template(parse(text), str(path)), files=files).to_json()
    assert data['outputs']['script'] == 'echo hi\n'
    assert data['outputs']['binary'] == 'ZWNobyBjYWbpCg==\n'  # python-heatclient sends base64
    for name in ('missing', 'outside'):  # never read outside the workspace
        assert data['outputs'][name] == {'error': {'message': (
            'No content found in the "files" section for get_file path: '
            + {'missing': 'nope.sh', 'outside': '/etc/hostname'}[name])}}
    assert preview(Template(parse(text), str(path))).to_json()['outputs']['script'] == {
        'error': {'message': 'No content found in the "files" section for get_file path: '
                             'script.sh'}}


def test_a_failing_condition_keeps_heats_message_every_time_it_is_asked():
    """Heat's messages (fixtures/golden/eval.jsonl, group failing-conditions), not a copy's
    TypeError nor 'Circular definition' on the second look."""
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          env: {type: string}
          data: {type: json, default: [1]}
        conditions:
          prod: {equals: [{get_param: env}, prod]}
          prod_and: {and: [prod, true]}
          has_b: {yaql: {expression: '$.data.containsKey(b)', data: {get_param: data}}}
          not_has_b: {not: has_b}
        resources:
          r: {type: OS::Heat::Value, condition: prod_and, properties: {value: {if: [prod, a, b]}}}
          s: {type: OS::Heat::Value, condition: not_has_b, properties: {value: {if: [has_b, 1, 2]}}}
        outputs:
          o: {value: {if: [prod_and, 1, 2]}}
          p: {value: {if: [not_has_b, 1, 2]}}
        ''')
    data = preview(template_of(text)).to_json()
    missing = {'error': {'message': 'The Parameter (env) was not provided.'}}
    no_method = {'error': {'message': 'No method "containsKey" for receiver (1,) matches supplied '
                                      'arguments'}}
    assert data['conditions'] == {'prod': missing, 'prod_and': missing, 'has_b': no_method,
                                  'not_has_b': no_method}
    assert data['outputs']['o'] == missing
    assert data['outputs']['p']['error']['message'].endswith(no_method['error']['message'])


def test_kept_exceptions_are_copied_with_their_message():
    from hot_ls.evaluator.errors import StackValidationFailed, UserParameterMissing, fresh
    from yaql.language.exceptions import NoMatchingMethodException
    for exc in (UserParameterMissing(key='x'), StackValidationFailed(error='E', path=['a'], message='m'),
                NoMatchingMethodException('containsKey', (1,)), KeyError('k')):
        copied = fresh(exc)
        assert copied is not exc and type(copied) is type(exc) and str(copied) == str(exc)
