"""`hot-ls eval --template`, `preview` and `graph` evaluate a template with what its stack gives it.

The editor and `hot-ls check` take a template as part of its stack: a
configured stack's environments, the values a parent passes a nested
stack, the files python-heatclient sends.  The commands that show values
must show the same ones (hot_ls.cli.stack_inputs); before, they read only
the settings' top-level `environments` and `parameters`, and `preview` no
file at all for `get_file`.
"""
from __future__ import annotations

import json

import pytest

from hot_ls.cli.main import main

TOP = '''heat_template_version: 2018-08-31
parameters:
  name: {type: string, default: dflt}
  big: {type: boolean, default: false}
conditions:
  is_big: {get_param: big}
resources:
  child: {type: child.yaml, properties: {label: {get_param: name}}}
  extra: {type: OS::Heat::None, condition: is_big}
  file_config:
    type: OS::Heat::SoftwareConfig
    properties: {config: {get_file: data.txt}}
outputs:
  shown: {value: {get_param: name}}
  script: {value: {get_file: data.txt}}
'''
CHILD = '''heat_template_version: 2018-08-31
parameters:
  label: {type: string, default: childdefault}
outputs:
  shown: {value: {list_join: ['-', [{get_param: label}, x]]}}
'''
STACKS = '''[[stacks]]
templates = ["templates/top.yaml"]
environments = ["envs/prod.yaml"]
'''


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project whose settings file configures templates/top.yaml as a stack's root, created
    with envs/prod.yaml (outside the templates' folder)."""
    (tmp_path / 'templates').mkdir()
    (tmp_path / 'envs').mkdir()
    (tmp_path / 'templates' / 'top.yaml').write_text(TOP)
    (tmp_path / 'templates' / 'child.yaml').write_text(CHILD)
    (tmp_path / 'templates' / 'data.txt').write_text('#!/bin/sh\necho hi\n')
    (tmp_path / 'envs' / 'prod.yaml').write_text('parameter_defaults: {name: prod, big: true}\n')
    (tmp_path / '.hot-ls.toml').write_text(STACKS)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *argv: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        import io
        import sys
        monkeypatch.setattr(sys, 'stdin', io.StringIO(stdin))
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def preview(capsys, *argv: str) -> dict:
    status, out, err = run(capsys, 'preview', *argv)
    assert err == ''
    return json.loads(out)


def test_preview_of_a_configured_root_uses_its_stacks_environments(project, capsys):
    shown = preview(capsys, 'templates/top.yaml')
    assert shown['outputs']['shown'] == 'prod'
    assert shown['resources']['extra']['enabled'] is True


def test_preview_P_wins_over_the_stacks_environments(project, capsys):
    shown = preview(capsys, 'templates/top.yaml', '-P', 'name=cli')
    assert shown['outputs']['shown'] == 'cli'


def test_preview_of_a_nested_template_uses_the_values_its_parent_passes(project, capsys):
    assert preview(capsys, 'templates/child.yaml')['outputs']['shown'] == 'prod-x'


def test_preview_reads_the_files_get_file_names(project, capsys):
    shown = preview(capsys, 'templates/top.yaml')
    assert shown['outputs']['script'] == '#!/bin/sh\necho hi\n'
    assert shown['resources']['file_config']['properties']['config'] == '#!/bin/sh\necho hi\n'


def test_preview_without_a_configured_stack_uses_the_defaults(project, capsys):
    (project / '.hot-ls.toml').unlink()
    shown = preview(capsys, 'templates/top.yaml')
    assert shown['outputs']['shown'] == 'dflt'
    assert shown['resources']['extra']['enabled'] is False


def test_preview_from_a_subfolder_reads_the_settings_files_environments(project, capsys,
                                                                         monkeypatch):
    monkeypatch.chdir(project / 'templates')
    assert preview(capsys, 'top.yaml')['outputs']['shown'] == 'prod'
    status, out, err = run(capsys, 'check', 'top.yaml')
    assert (status, out) == (0, '2 files checked (1 of them used by the templates named): '
                                '0 errors, 0 warnings\n')


def test_preview_an_unreadable_environment_is_a_usage_error(project, capsys):
    status, out, err = run(capsys, 'preview', 'templates/top.yaml', '-e', 'missing.yaml')
    assert status == 2 and out == ''
    assert err == 'hot-ls: environment ../missing.yaml: cannot read file: file not found\n'


def test_eval_with_a_template_uses_its_stack(project, capsys, monkeypatch):
    status, out, _ = run(capsys, 'eval', '--template', 'templates/top.yaml',
                         stdin='{get_param: name}', monkeypatch=monkeypatch)
    assert (status, json.loads(out)) == (0, {'value': 'prod'})
    status, out, _ = run(capsys, 'eval', '--condition', '--template', 'templates/top.yaml',
                         stdin='is_big', monkeypatch=monkeypatch)
    assert (status, json.loads(out)) == (0, {'value': True})
    status, out, _ = run(capsys, 'eval', '--template', 'templates/child.yaml',
                         stdin='{get_param: label}', monkeypatch=monkeypatch)
    assert (status, json.loads(out)) == (0, {'value': 'prod'})
    status, out, _ = run(capsys, 'eval', '--template', 'templates/child.yaml', '-P', 'label=cli',
                         stdin='{get_param: label}', monkeypatch=monkeypatch)
    assert (status, json.loads(out)) == (0, {'value': 'cli'})


def test_graph_draws_the_resources_the_stack_creates(project, capsys):
    status, out, _ = run(capsys, 'graph', 'templates/top.yaml', '--format', 'json')
    assert status == 0
    nodes = {n['name']: n for n in json.loads(out)['resources']}
    assert nodes['extra']['enabled'] is True
    (project / '.hot-ls.toml').unlink()
    status, out, _ = run(capsys, 'graph', 'templates/top.yaml', '--format', 'json')
    assert {n['name']: n for n in json.loads(out)['resources']}['extra']['enabled'] is False
