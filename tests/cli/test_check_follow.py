"""`hot-ls check root.yaml` checks the templates the root's stack uses, as the real command.

`openstack stack create -t root.yaml` sends every template file a `type:` names and Heat
creates a nested stack of each: an error in one fails the root's create, so checking the root
alone reports it, in the file and on the line where it is.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

from helpers import CORPUS, FIXTURES, needs_corpus

#: root.yaml -> relay.yaml -> lib/child.yaml, which reads a parameter it does not declare;
#: other.yaml, used by nothing, has an error of its own
TREE = os.path.join(FIXTURES, 'workspace', 'used-templates')
with open(os.path.join(TREE, 'lib', 'child.yaml'), encoding='utf-8') as _fh:
    CHILD = _fh.read()
ROOT = ('heat_template_version: 2021-04-16\n'
        'resources:\n'
        '  child:\n'
        '    type: child.yaml\n'
        '    properties:\n'
        '      size: 3\n')
CHILD_ERROR = ('child.yaml:8:27: error[HOT301] The Parameter (sise) is not defined in this '
               'template; did you mean "size"?')


def run(*args, cwd):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, 'PYTHONPATH': os.getcwd()})


def write(folder, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def tree(tmp_path):
    copy = tmp_path / 'tree'
    shutil.copytree(TREE, copy)
    return copy


def test_the_root_alone_reports_an_error_two_templates_down(tmp_path):
    folder = tree(tmp_path)
    result = run('check', 'root.yaml', cwd=folder)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stdout == (f'lib/{CHILD_ERROR}\n'
                             '3 files checked (2 of them used by the templates named): 1 error, '
                             '0 warnings\n')
    assert result.stderr == ''
    summary = json.loads(run('check', '--format', 'json', 'root.yaml', cwd=folder).stdout)
    assert summary['summary'] == {'files': 3, 'errors': 1, 'warnings': 0, 'used': 2}
    assert [f['path'] for f in summary['files']] == ['root.yaml', 'relay.yaml', 'lib/child.yaml']


def test_each_template_named_alone_has_an_error_where_heat_refuses_its_create(tmp_path):
    """Heat's verdicts (fixtures/heat-verdicts/workspace-used-templates.json, by
    tools/record_stack_verdicts.py used-templates): each template of the tree created alone is
    refused, root.yaml and relay.yaml for what lib/child.yaml does; `hot-ls check` of each
    alone fails too.  Without following, root.yaml and relay.yaml would pass."""
    with open(os.path.join(FIXTURES, 'heat-verdicts', 'workspace-used-templates.json'),
              encoding='utf-8') as fh:
        verdicts = json.load(fh)
    assert sorted(verdicts) == ['lib/child.yaml', 'other.yaml', 'relay.yaml', 'root.yaml']
    folder = tree(tmp_path)
    for name, verdict in verdicts.items():
        refused = any(verdict[step] for step in ('client', 'template', 'create'))
        assert refused
        assert run('check', name, cwd=folder).returncode == 1, name
        alone = run('check', '--no-follow', name, cwd=folder).returncode
        assert alone == (0 if name in ('root.yaml', 'relay.yaml') else 1), name


def test_no_follow_checks_only_the_files_named(tmp_path):
    result = run('check', '--no-follow', 'root.yaml', cwd=tree(tmp_path))
    assert result.returncode == 0
    assert result.stdout == '1 file checked: 0 errors, 0 warnings\n'


def test_every_level_a_group_member_and_an_environment_mapping_are_followed(tmp_path):
    """Two levels down through a ResourceGroup's member and a type -e maps to a template; a
    circle of templates ends; the files are checked in the order first met.  The member of a
    group of 0 is not: Heat validates no member there, and the root's create accepts it."""
    write(tmp_path, {
        'root.yaml': ROOT.replace('child.yaml', 'My::Relay'),
        'env.yaml': 'resource_registry:\n  My::Relay: lib/relay.yaml\n',
        'lib/relay.yaml': ('heat_template_version: 2021-04-16\n'
                           'parameters:\n'
                           '  size: {type: number}\n'
                           'resources:\n'
                           '  group:\n'
                           '    type: OS::Heat::ResourceGroup\n'
                           '    properties:\n'
                           '      count: 1\n'
                           '      resource_def: {type: ../child.yaml, properties: {size: 1}}\n'
                           '  none:\n'
                           '    type: OS::Heat::ResourceGroup\n'
                           '    properties:  # (no member: Heat validates none)\n'
                           '      count: 0\n'
                           '      resource_def: {type: ../other.yaml}\n'
                           '  back:\n'
                           '    type: loop.yaml\n'),
        'lib/loop.yaml': ('heat_template_version: 2021-04-16\n'
                          'resources:\n'
                          '  again: {type: loop.yaml}\n'),
        'child.yaml': CHILD,
        'other.yaml': 'heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::Nonee}\n',
    })
    result = run('check', '-e', 'env.yaml', 'root.yaml', cwd=tmp_path)
    lines = result.stdout.splitlines()
    assert CHILD_ERROR in lines
    assert lines[-1].startswith('5 files checked (3 of them used by the templates named): ')
    files = json.loads(run('check', '--format', 'json', '-e', 'env.yaml', 'root.yaml',
                           cwd=tmp_path).stdout)['files']
    assert [f['path'] for f in files] == ['root.yaml', 'env.yaml', 'lib/relay.yaml',
                                          'child.yaml', 'lib/loop.yaml']
    # without the environment, nothing maps My::Relay: nothing is followed
    result = run('check', 'root.yaml', cwd=tmp_path)
    assert 'used by' not in result.stdout and 'child.yaml' not in result.stdout


def test_a_template_named_or_found_is_reported_once(tmp_path):
    folder = tree(tmp_path)
    for args in (('root.yaml', 'lib/child.yaml'), ('lib/child.yaml', 'root.yaml'),
                 ('root.yaml', 'lib')):
        result = run('check', *args, cwd=folder)
        assert result.stdout.count(CHILD_ERROR.split(': ', 1)[1]) == 1, args
        assert '(1 of them used by the templates named)' in result.stdout, args  # relay.yaml


def test_what_the_workspace_may_not_read_or_the_settings_exclude_is_not_followed(tmp_path):
    (tmp_path / 'project').mkdir()
    write(tmp_path, {'outside/child.yaml': CHILD,
                     'project/root.yaml': ROOT.replace('child.yaml', '../outside/child.yaml')})
    result = run('check', 'root.yaml', cwd=tmp_path / 'project')
    assert result.returncode == 0
    assert result.stdout.endswith('1 file checked: 0 errors, 0 warnings\n')
    assert 'is not read (outside the workspace folders and search paths)' in result.stdout
    write(tmp_path, {'project/child.yaml': CHILD, 'project/root.yaml': ROOT,
                     'project/.hot-ls.toml': 'exclude = ["child.yaml"]\n'})
    result = run('check', 'root.yaml', cwd=tmp_path / 'project')
    assert result.stdout == '1 file checked: 0 errors, 0 warnings\n'


def test_jobs_follow_the_same_templates(tmp_path):
    folder = tree(tmp_path)
    serial = run('check', 'root.yaml', 'other.yaml', cwd=folder)
    parallel = run('check', '-j', '2', 'root.yaml', 'other.yaml', cwd=folder)
    assert parallel.stdout == serial.stdout
    assert serial.stdout.endswith('4 files checked (2 of them used by the templates named): '
                                  '2 errors, 0 warnings\n')


@needs_corpus
def test_a_real_stack_root_alone_catches_a_mutant_three_levels_down(tmp_path):
    """OVB's quintupleo.yaml, configured as its users create it: the root alone checks its 11
    nested templates, with no error; a reference to no resource in baremetal-ports-all.yaml
    (what an environment maps OS::OVB::BaremetalPorts to, three stacks down) is reported on its
    line."""
    tree = tmp_path / 'ovb'
    shutil.copytree(os.path.join(CORPUS, 'ovb'), tree, symlinks=True)
    (tree / '.hot-ls.toml').write_text(
        '[[stacks]]\ntemplates = ["templates/quintupleo.yaml"]\n'
        'environments = ["templates/resource-registry.yaml", "environments/base.yaml", '
        '"environments/all-networks.yaml"]\n')
    result = run('check', 'templates/quintupleo.yaml', cwd=tree)
    assert result.returncode == 0, result.stdout
    # (warnings only: the corpus has not OVB's bin/ its get_file reads, an output's reference)
    assert result.stdout.endswith('12 files checked (11 of them used by the templates named): '
                                  '0 errors, 3 warnings\n')
    # Heat 27.0.1 refuses the create: "InvalidTemplateReference: resources.baremetal_env
    # <virtual-baremetal.yaml>.resources.openstack_baremetal_servers<nested_stack>.resources.0
    # <virtual-baremetal-servers.yaml>.resources.baremetal_ports<baremetal-ports-all.yaml>: The
    # specified reference "provision_net" (in provision_port.Properties.network) is incorrect."
    ports = tree / 'templates' / 'baremetal-ports-all.yaml'
    text = ports.read_text()
    old = 'network: {get_param: [networks, provision]}'
    assert text.count(old) == 1
    ports.write_text(text.replace(old, 'network: {get_resource: provision_net}'))
    result = run('check', 'templates/quintupleo.yaml', cwd=tree)
    assert result.returncode == 1
    errors = [line for line in result.stdout.splitlines() if 'error[' in line]
    assert errors == ['templates/baremetal-ports-all.yaml:44:31: error[HOT302] The specified '
                      'reference "provision_net" is incorrect: no such resource']
    # the root's own diagnostics do not show it: only the run that follows its stack does
    assert run('check', '--no-follow', 'templates/quintupleo.yaml', cwd=tree).returncode == 0


@needs_corpus
def test_a_value_heat_checks_only_when_it_creates_the_nested_stack_fails_no_root():
    """heat-templates' barbican container_generic.yaml uses secret.yaml, whose `expiration`
    default went out of date in 2017.  Heat 27.0.1 refuses secret.yaml created alone, and
    accepts container_generic.yaml: it validates the nested stack without checking its
    property values.  Checked alone, each gets what Heat says: the followed secret.yaml is a
    nested stack of the root named, its value a warning."""
    folder = os.path.join(CORPUS, 'heat-templates', 'hot', 'barbican')
    root = run('check', 'container_generic.yaml', cwd=folder)
    assert root.returncode == 0, root.stdout
    assert 'secret.yaml' in root.stdout and 'warning[HOT714] expiration' in root.stdout
    assert root.stdout.endswith('(1 of them used by the templates named): 0 errors, '
                                '1 warning\n')
    alone = run('check', 'secret.yaml', cwd=folder)
    assert alone.returncode == 1 and 'error[HOT714] expiration' in alone.stdout


@needs_corpus
def test_a_nested_template_named_stays_in_the_stack_the_settings_configure(tmp_path):
    """With container_generic.yaml configured as a stack's root (`[[stacks]]`), secret.yaml
    named alone (as pre-commit names what a commit changed) is still its nested stack, not a
    root of its own: its out-of-date expiration is a warning, as without following."""
    folder = tmp_path / 'barbican'
    shutil.copytree(os.path.join(CORPUS, 'heat-templates', 'hot', 'barbican'), folder)
    (folder / '.hot-ls.toml').write_text('[[stacks]]\ntemplates = ["container_generic.yaml"]\n')
    followed = run('check', 'secret.yaml', cwd=folder)
    assert followed.returncode == 0, followed.stdout
    assert 'warning[HOT714] expiration' in followed.stdout
    assert followed.stdout == run('check', '--no-follow', 'secret.yaml', cwd=folder).stdout


@needs_corpus
@pytest.mark.parametrize('folder, root', [
    ('heat-templates/hot/barbican', 'container_generic.yaml'),
    ('magnum-zed/magnum/drivers/k8s_fedora_coreos_v1/templates', 'kubecluster.yaml'),
    # (lb_etcd.yaml's allowed_cidrs, which the cluster does not pass: an error there, as Heat,
    # given Magnum's environments, refuses the create: "resources.etcd_lb.properties:
    # Property allowed_cidrs not assigned")
    ('magnum-zed', 'magnum/drivers/swarm_fedora_atomic_v1/templates/cluster.yaml'),
])
def test_the_editors_stacks_mode_checks_what_is_followed_as_the_cli_does(folder, root):
    """The editor's stacks mode gives each template an open one uses the context
    `Workspace.nested_from` makes (no settings changed); `hot-ls check ROOT` makes each named
    template a stack's root in its settings (`as_roots`).  Both check the followed templates
    alike: the same diagnostics, template by template.  (Over the corpus's 145 templates that
    use others, all 348 templates they use agreed when this was written.)"""
    from hot_ls.config import Settings
    from hot_ls.rules import analyze
    from hot_ls.workspace import Workspace
    from hot_ls.workspace.stack_templates import templates_used
    base = os.path.join(CORPUS, folder)
    result = run('check', root, '--format', 'json', cwd=base)
    followed = {os.path.normpath(os.path.join(base, found['path'])):
                [(d['code'], d['severity'], d['message'], d['line'], d['column'])
                 for d in found['diagnostics']]
                for found in json.loads(result.stdout)['files']}
    workspace = Workspace(Settings(), [base])
    path = os.path.join(base, root)
    used = templates_used(workspace, [path])
    assert used and set(used) <= set(followed)
    nested = workspace.nested_from([path])
    for template in used:
        with open(template, encoding='utf-8') as fh:
            analysis = analyze(fh.read(), template, workspace=workspace,
                               stack=nested.get(template))
        lines = analysis.tree.lines
        assert [(d.code, d.severity.name.lower(), d.message,
                 lines.position(d.start)[0] + 1, lines.position(d.start)[1] + 1)
                for d in analysis.diagnostics] == followed[template], template
