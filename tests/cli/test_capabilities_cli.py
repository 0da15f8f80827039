"""`hot-ls capabilities find|summary|resolve`, run as real processes on the blueprint's example.

`resolve` is held to Heat: tools/record_capabilities_verdicts.py ran the same
command on a copy of fixtures/workspace/capabilities and recorded what it
wrote and Heat's verdict on overcloud.yaml created with it
(fixtures/golden/capabilities.json); here the command runs again and must
write exactly that.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from helpers import FIXTURES, ROOT

PROJECT = os.path.join(FIXTURES, 'workspace', 'capabilities')
with open(os.path.join(FIXTURES, 'golden', 'capabilities.json'), encoding='utf-8') as fh:
    GOLDEN = json.load(fh)


def hot_ls(*args: str, cwd: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True,
                          text=True, env=env, cwd=cwd)


@pytest.fixture
def project(tmp_path) -> str:
    folder = str(tmp_path / 'capabilities')
    shutil.copytree(PROJECT, folder)
    return folder


# -- resolve -------------------------------------------------------------------------------
def test_resolve_writes_what_heat_accepts(project):
    done = hot_ls(*GOLDEN['argv'], cwd=project)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ('environment.yaml: OS::TripleO::Controller: requires {deployment: '
                           'puppet} selects puppet/controller.yaml\n'
                           'wrote resolved/environment.yaml\n'
                           'wrote resolved/environment.templates/controller.yaml\n')
    written = {}
    for dirpath, _, filenames in os.walk(os.path.join(project, 'resolved')):
        for name in filenames:
            path = os.path.join(dirpath, name)
            with open(path, encoding='utf-8') as fh:
                written[os.path.relpath(path, project)] = fh.read()
    assert written == GOLDEN['written']
    heat = GOLDEN['heat']
    # unmodified Heat accepts the stack created with what resolve wrote ...
    assert heat['resolved'] == {'template': None, 'strict': None, 'create': None}
    # ... and refuses the environment it was written from,
    assert heat['stock']['template'] == 'environment has wrong section "requires"'
    # and the chosen template as it is, at stack create: hence the copy
    assert heat['without-copies']['create'].endswith(
        'The template section is invalid: capabilities')


def test_the_copy_names_the_files_of_the_original(project):
    hot_ls(*GOLDEN['argv'], cwd=project)
    copy = os.path.join(project, 'resolved', 'environment.templates', 'controller.yaml')
    with open(copy, encoding='utf-8') as fh:
        text = fh.read()
    [reference] = re.findall(r'get_file: ([^}]+)\}', text)
    with open(os.path.join(os.path.dirname(copy), reference), encoding='utf-8') as fh:
        script = fh.read()
    with open(os.path.join(PROJECT, 'puppet', 'scripts', 'configure.sh'), encoding='utf-8') as fh:
        assert script == fh.read()


@pytest.mark.parametrize('environment, message', [
    ('unmatched.yaml', 'hot-ls: unmatched.yaml: No candidate for OS::TripleO::Controller '
                       'matches requires {deployment: ansible}: puppet/controller.yaml '
                       '(deployment: declares puppet, requires ansible); docker/controller.yaml '
                       '(deployment: declares docker, requires ansible)\n'),
    ('ambiguous.yaml', 'hot-ls: ambiguous.yaml: 2 candidates for OS::TripleO::Controller match '
                       'requires {}: puppet/controller.yaml, docker/controller.yaml (requires '
                       'must select one: they differ in deployment)\n'),
])
def test_resolve_fails_when_requires_selects_none_or_several(project, environment, message):
    done = hot_ls('capabilities', 'resolve', '-e', environment, '-o', 'out.yaml', cwd=project)
    assert (done.returncode, done.stdout, done.stderr) == (1, '', message)
    assert not os.path.exists(os.path.join(project, 'out.yaml'))


def test_requires_merges_over_the_files_given(project):
    done = hot_ls('capabilities', 'resolve', '-e', 'ambiguous.yaml', '-e', 'environment.yaml',
                  '-o', 'out.yaml', cwd=project)
    assert done.returncode == 0, done.stderr
    with open(os.path.join(project, 'out.yaml'), encoding='utf-8') as fh:
        assert 'OS::TripleO::Controller: out.templates/controller.yaml\n' in fh.read()


def test_resolve_writes_yaml_heats_loader_reads_alike(project):
    from hot_ls.syntax import parse
    values = {'a': 'yes', 'b': 'on', 'c': '0777', 'd': '1:20', 'e': '2015-10-15', 'f': 'null',
              'g': 3, 'h': [True, 'no'], 'i': 'x: y', 'j': ''}
    with open(os.path.join(project, 'values.yaml'), 'w', encoding='utf-8') as fh:
        json.dump({'parameter_defaults': values}, fh)
    done = hot_ls('capabilities', 'resolve', '-e', 'values.yaml', '-o', 'out.yaml', cwd=project)
    assert done.returncode == 0, done.stderr
    with open(os.path.join(project, 'out.yaml'), encoding='utf-8') as fh:
        text = fh.read()
    assert parse(text).root.to_python() == {'parameter_defaults': values}


@pytest.mark.parametrize('args, message', [
    (('-o', 'out.yaml'), 'the following arguments are required: -e/--environment'),
    (('-e', 'environment.yaml'), 'the following arguments are required: -o/--output'),
    (('-e', 'nowhere.yaml', '-o', 'out.yaml'), 'nowhere.yaml: cannot read file: file not found'),
    (('-e', 'environment.yaml', '-o', './environment.yaml'),
     'is one of the environments to resolve; write it elsewhere'),
])
def test_resolve_usage_errors(project, args, message):
    done = hot_ls('capabilities', 'resolve', *args, cwd=project)
    assert done.returncode == 2 and message in done.stderr


# -- find ------------------------------------------------------------------------------------
def test_find_like_the_blueprints_capabilities_find(project):
    entries = sorted(os.listdir(project))  # what the shell makes of ./*
    done = hot_ls('capabilities', 'find', '-r', '-c', 'resource_type=OS::TripleO::Controller',
                  *[f'./{e}' for e in entries], cwd=project)
    assert (done.returncode, done.stdout) == (0, 'docker/controller.yaml\n'
                                                 'puppet/controller.yaml\n')


def test_find_with_several_criteria(project):
    done = hot_ls('capabilities', 'find', '-r', '-c', 'resource_type=OS::TripleO::Controller',
                  '-c', 'deployment=puppet', '.', cwd=project)
    assert (done.returncode, done.stdout) == (0, 'puppet/controller.yaml\n')
    done = hot_ls('capabilities', 'find', '-r', '-c', 'deployment=puppet',
                  '-c', 'deployment=docker', '.', cwd=project)
    assert (done.returncode, done.stdout) == (0, '')
    # without -r, only the folder's own files
    done = hot_ls('capabilities', 'find', '-c', 'deployment=puppet', '.', cwd=project)
    assert (done.returncode, done.stdout) == (0, '')
    done = hot_ls('capabilities', 'find', '-c', 'deployment=puppet', 'puppet', cwd=project)
    assert (done.returncode, done.stdout) == (0, 'puppet/controller.yaml\n')


def test_find_shows_paths_outside_the_current_folder_absolute(project, tmp_path):
    done = hot_ls('capabilities', 'find', '-r', '-c', 'deployment=docker', project,
                  cwd=str(tmp_path / 'capabilities' / 'puppet'))
    assert done.stdout == os.path.join(project, 'docker', 'controller.yaml') + '\n'


@pytest.mark.parametrize('args', [('-c', 'deployment', '.'), ('-c', '=x', '.'), ('nowhere',),
                                  ()])
def test_find_usage_errors(project, args):
    assert hot_ls('capabilities', 'find', *args, cwd=project).returncode == 2


# -- summary ---------------------------------------------------------------------------------
def test_summary_text(project):
    done = hot_ls('capabilities', 'summary', 'puppet/controller.yaml', 'docker/controller.yaml',
                  cwd=project)
    assert (done.returncode, done.stdout) == (0, '''\
resource types:
  OS::TripleO::Controller
    puppet/controller.yaml  deployment: puppet
    docker/controller.yaml  deployment: docker
tags:
  deployment: puppet, docker
''')


def test_summary_json_has_the_blueprints_two_shapes(project):
    with open(os.path.join(project, 'common.yaml'), 'w', encoding='utf-8') as fh:
        fh.write('heat_template_version: 2015-10-15\ncapabilities: {deployment: [puppet, '
                 'docker], ha: true}\nresources: {}\n')
    done = hot_ls('capabilities', 'summary', '--format', 'json', '.', cwd=project)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        'resource_types': {'OS::TripleO::Controller': ['docker/controller.yaml',
                                                       'puppet/controller.yaml']},
        'tags': {'deployment': ['puppet', 'docker'], 'ha': [True]},
        'templates': {'common.yaml': {'deployment': ['puppet', 'docker'], 'ha': True},
                      'docker/controller.yaml': {'deployment': 'docker',
                                                 'resource_type': ['OS::TripleO::Controller']},
                      'puppet/controller.yaml': {'deployment': 'puppet',
                                                 'resource_type': ['OS::TripleO::Controller']}}}
    text = hot_ls('capabilities', 'summary', '.', cwd=project).stdout
    assert '  (no resource_type)\n    common.yaml  deployment: puppet, docker; ha: true\n' in text


def test_capabilities_without_a_subcommand(project):
    done = hot_ls('capabilities', cwd=project)
    assert done.returncode == 2 and 'usage: hot-ls capabilities' in done.stderr


# -- the setting, through hot-ls check -----------------------------------------------------
def test_check_with_the_projects_settings(project):
    # .hot-ls.toml: capabilities = true, overcloud.yaml created with environment.yaml
    done = hot_ls('check', 'overcloud.yaml', 'environment.yaml', cwd=project)
    assert done.returncode == 0, done.stdout
    # (and the provider template its requires selects, which the stack uses: checked too)
    assert [line.split(' ', 2)[:2] for line in done.stdout.splitlines()[:-1]] == [
        ['environment.yaml:1:1:', 'warning[HOT609]'], ['environment.yaml:4:28:', 'warning[HOT609]'],
        ['puppet/controller.yaml:3:1:', 'warning[HOT609]']]
    done = hot_ls('check', '-e', 'unmatched.yaml', 'overcloud.yaml', cwd=project)
    assert done.returncode == 1
    assert 'overcloud.yaml:1:1: error[HOT604] Heat refuses the environment unmatched.yaml: ' \
           'No candidate for OS::TripleO::Controller matches' in done.stdout


def test_check_without_the_setting_names_it(project):
    os.remove(os.path.join(project, '.hot-ls.toml'))
    done = hot_ls('check', 'puppet/controller.yaml', 'ambiguous.yaml', cwd=project)
    assert done.returncode == 1
    assert 'error[HOT110] The template section is invalid: capabilities (the section is the ' \
           "resource-capabilities blueprint's, which Heat never implemented; the setting " \
           '`capabilities = true` has hot-ls understand it)' in done.stdout
    assert 'error[HOT603] python-heatclient stops: Cannot mix str and non-str arguments (a ' \
           'list of candidate templates is the resource-capabilities blueprint' in done.stdout
