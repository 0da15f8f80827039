"""A user's first hour with the CLI (issue 13), through the real command: one settings file
and where each value came from, global options after the command, misconfiguration and empty
runs that fail loudly, `-P` as Heat takes it, messages that say where and what."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from helpers import FIXTURES

SERVER = os.path.join(FIXTURES, 'examples', 'server.yaml')
UNKNOWN_SECTION = 'heat_template_version: 2021-04-16\nresources: {}\nfoo: 1\n'


def run(*args, cwd=None, stdin=None):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, input=stdin, env={**os.environ, 'PYTHONPATH': os.getcwd()})


# -- one configuration ----------------------------------------------------------------------

def test_config_goes_before_or_after_the_command(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text(UNKNOWN_SECTION)
    settings = tmp_path / 'elsewhere.toml'
    settings.write_text('disable = ["HOT110"]\n')
    assert run('check', str(template)).returncode == 1
    assert run('--config', str(settings), 'check', str(template)).returncode == 0
    assert run('check', str(template), '--config', str(settings)).returncode == 0
    assert run('catalog', 'list', '--config', str(settings)).returncode == 0
    missing = run('check', str(template), '--config', str(tmp_path / 'nope.toml'))
    assert missing.returncode == 2
    assert missing.stderr == (f'hot-ls: error: --config {tmp_path / "nope.toml"}: cannot read it: '
                              'No such file or directory\n')


def test_config_prints_each_setting_and_where_it_came_from(tmp_path):
    project = tmp_path / 'project'
    (project / 'templates').mkdir(parents=True)
    (project / 'pyproject.toml').write_text(
        '[tool.hot-ls]\ndisable = ["HOT708"]\nplugin_paths = ["plugins"]\n'
        'severity = { HOT402 = "error" }\n')
    (project / 'plugins').mkdir()
    result = run('config', str(project / 'templates'), '--disable', 'HOT002')
    assert result.returncode == 2 and 'unrecognized arguments: --disable' in result.stderr
    result = run('config', str(project / 'templates'), '--format', 'json')
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    source = str(project / 'pyproject.toml')
    assert data['file'] == source and data['errors'] == []
    assert data['settings']['disable'] == {'value': ['HOT708'], 'from': [source]}
    assert data['settings']['plugin_paths'] == {'value': [str(project / 'plugins')],
                                                'from': [source]}
    assert data['settings']['target_release'] == {'value': None, 'from': ['default']}
    text = run('config', str(project / 'templates')).stdout.splitlines()
    assert text[0] == f'# settings file: {source}'
    def row(setting: str, origin: str) -> str:
        return f'{setting:<48} # {origin}'
    assert row('disable = ["HOT708"]', source) in text
    assert row('severity = {HOT402 = "error"}', source) in text
    assert row('# target_release not set', 'default') in text


def test_config_of_a_folder_without_settings_and_with_bad_ones(tmp_path):
    result = run('config', str(tmp_path))
    assert result.returncode == 0
    assert result.stdout.startswith('# settings file: none (no .hot-ls.toml, nor a pyproject.toml '
                                    f'with [tool.hot-ls], upwards from {tmp_path})\n')
    (tmp_path / '.hot-ls.toml').write_text('disable = ["HOT999"]\ncolour = 1\n')
    bad = run('config', str(tmp_path))
    assert bad.returncode == 1
    assert bad.stderr.splitlines() == [
        f'hot-ls: {tmp_path / ".hot-ls.toml"}: unknown setting "colour"',
        f'hot-ls: disable (from {tmp_path / ".hot-ls.toml"}): "HOT999" is not a hot-ls rule '
        'code or name; did you mean "HOT709" or "HOT609" or "HOT219"? (`hot-ls rules` lists them)']


# -- misconfiguration is loud -------------------------------------------------------------------

def test_an_unknown_rule_in_disable_or_in_the_settings_file_stops_the_run(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text(UNKNOWN_SECTION)
    flag = run('check', '--disable', 'unknwon-section', str(template))
    assert flag.returncode == 2 and flag.stdout == ''
    assert flag.stderr == ('hot-ls: error: disable (from --disable): "unknwon-section" is not a '
                           'hot-ls rule code or name; did you mean "unknown-section" or '
                           '"environment-section" or "component-unknown-action"? (`hot-ls rules` '
                           'lists them)\n')
    (tmp_path / '.hot-ls.toml').write_text('severity = { HOT11 = "warning" }\n')
    settings = run('check', str(template), cwd=tmp_path)
    assert settings.returncode == 2
    assert settings.stderr.startswith(f'hot-ls: error: severity (from {tmp_path / ".hot-ls.toml"})'
                                      ': "HOT11" is not a hot-ls rule code or name')


def test_an_unknown_code_in_a_suppression_comment_is_reported_on_the_comment(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text('heat_template_version: 2021-04-16\nresources: {}  # hot-ls: disable=HOT99\n')
    result = run('check', '--fail-on', 'warning', str(template))
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == (f'{template}:2:34: warning[HOT010] Unused '
                                             'suppression: "HOT99" is not a hot-ls rule code or name')


def test_a_run_that_checks_nothing_fails(tmp_path):
    (tmp_path / 'empty').mkdir()
    (tmp_path / 'ansible').mkdir()
    (tmp_path / 'ansible' / 'site.yml').write_text('- hosts: all\n')
    for folder, found in (('empty', 'no YAML, JSON or .template file found'),
                          ('ansible', '1 file found, none of them a Heat template or environment')):
        result = run('check', str(tmp_path / folder))
        assert result.returncode == 3
        assert result.stdout == '0 files checked: 0 errors, 0 warnings\n'
        assert result.stderr == (f'hot-ls: nothing checked in {tmp_path / folder}: {found} '
                                 '(--allow-empty accepts that)\n')
        assert run('check', '--allow-empty', str(tmp_path / folder)).returncode == 0


# -- -P, eval's input, messages ------------------------------------------------------------------

def test_a_parameter_value_for_no_parameter_is_refused_as_heat_refuses_it():
    message = 'The Parameter (flavour) was not defined in template.'  # Heat's, recorded below
    preview = run('preview', SERVER, '-P', 'flavour=m1.large')
    assert preview.returncode == 2 and preview.stderr == f'hot-ls: -P flavour: {message}\n'
    graph = run('graph', SERVER, '-P', 'flavour=m1.large')
    assert graph.returncode == 2 and graph.stderr == f'hot-ls: -P flavour: {message}\n'
    evaluated = run('eval', '--template', SERVER, '-P', 'flavour=x', stdin='{get_param: flavor}')
    assert evaluated.returncode == 1
    assert json.loads(evaluated.stdout) == {'error': {'message': f'-P flavour: {message}'}}
    assert run('preview', SERVER, '-P', 'flavor=m1.medium').returncode == 0


def test_heat_refuses_a_parameter_value_for_no_parameter():
    """What the message above is held to: Heat's own answer (tools/heat_validate.py)."""
    import pytest
    heat = '/work/venv-heat/bin/python'
    tools = os.path.join(os.path.dirname(FIXTURES), 'tools')
    if not os.path.exists(heat):
        pytest.skip('no Heat virtual environment here')
    case = {'id': 1, 'template': 'heat_template_version: 2021-04-16\nparameters:\n  flavor: '
            '{type: string, default: x}\nresources: {}\n', 'environments':
            ['parameters: {flavour: m1.large}'], 'strict': True, 'create': True}
    answer = subprocess.run([heat, 'heat_validate.py'], input=json.dumps(case) + '\n', cwd=tools,
                            capture_output=True, text=True)
    assert json.loads(answer.stdout)['error'] == 'The Parameter (flavour) was not defined in template.'


def test_eval_of_an_empty_input_is_an_error():
    for stdin in ('', '\n  \n'):
        result = run('eval', stdin=stdin)
        assert result.returncode == 1
        assert json.loads(result.stdout)['error']['message'].startswith('no snippet on standard input')


def test_preview_names_the_item_where_heat_says_unknown(tmp_path):
    template = tmp_path / 't.yaml'
    template.write_text('heat_template_version: 2021-04-16\nresources: {}\noutputs:\n'
                        '  url: {value: {get_resource: web}}\n')
    data = json.loads(run('preview', str(template)).stdout)
    assert data['outputs']['url'] == {'error': {
        'message': 'The specified reference "web" (in outputs.url.value) is incorrect.'}}


def test_github_annotations_escape_their_properties(tmp_path):
    folder = tmp_path / 'a,b:c'
    folder.mkdir()
    template = folder / 't.yaml'
    template.write_text(UNKNOWN_SECTION)
    result = run('check', '--format', 'github', str(template))
    [line] = result.stdout.splitlines()
    escaped = str(template).replace(',', '%2C').replace(':', '%3A')
    assert line.startswith(f'::error file={escaped},line=3,col=1,endLine=3,endColumn=4,'
                           'title=HOT110 unknown-section::')
