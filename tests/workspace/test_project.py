"""A project of templates joined by an environment (fixtures/workspace/project), checked as
`hot-ls check DIR -e env.yaml`, against Heat's own verdicts.

fixtures/heat-verdicts/workspace-project.json is written by
tools/record_stack_verdicts.py: each template processed by python-heatclient
and validated by Heat as `openstack stack create -t T -e env.yaml` would.
Where python-heatclient or Heat refuses a template, hot-ls reports an error;
where both accept it, none (an output Heat only finds missing while
creating the stack is a warning).
"""
from __future__ import annotations

import json
import os

import pytest

from helpers import FIXTURES
from hot_ls.analysis import Severity
from hot_ls.cli.check import check_paths
from hot_ls.config import Settings, Stack

PROJECT = os.path.join(FIXTURES, 'workspace', 'project')
ENV = os.path.join(PROJECT, 'env.yaml')
with open(os.path.join(FIXTURES, 'heat-verdicts', 'workspace-project.json'),
          encoding='utf-8') as fh:
    VERDICTS = json.load(fh)


def found(reports) -> dict[str, list[tuple[str, str, int, str]]]:
    out = {}
    for report in reports:
        rel = os.path.relpath(report.path, PROJECT)
        out[rel] = [(d.code, d.severity.label, report.lines.position(d.start).line + 1, d.message)
                    for d in report.diagnostics]
    return out


@pytest.fixture(scope='module')
def with_env():
    return found(check_paths([PROJECT], Settings(), environments=[ENV]))


def test_every_template_has_a_heat_verdict(with_env):
    assert set(VERDICTS) == {p for p in with_env if p != 'env.yaml'}


@pytest.mark.parametrize('path', sorted(VERDICTS))
def test_errors_exactly_where_heat_refuses(path, with_env):
    verdict = VERDICTS[path]
    refused = verdict['client'] or verdict['template'] or verdict['create']
    errors = [d for d in with_env[path] if d[1] == 'error']
    if refused:
        assert errors, f'Heat refuses ({refused}); hot-ls reports no error'
    else:
        assert errors == [], f'Heat accepts; hot-ls reports {errors}'


def test_the_diagnostics_of_each_defect(with_env):
    assert with_env['defects/unknown-property.yaml'] == [
        ('HOT702', 'error', 7, 'Unknown Property size')]
    assert with_env['defects/missing-required.yaml'] == [
        ('HOT703', 'error', 3, 'Property flavor not assigned')]
    assert with_env['defects/out-of-range.yaml'] == [
        ('HOT705', 'error', 7, 'count: 9 is out of range (min: 1, max: 5)')]
    assert with_env['defects/unmapped.yaml'] == [
        ('HOT701', 'error', 4, 'The Resource Type (My::Unmapped) could not be found.  No '
                               "environment of this stack maps it (env.yaml), and it is not in "
                               "Heat's catalog")]
    assert with_env['defects/missing-output.yaml'] == [
        ('HOT706', 'warning', 9, 'The Referenced Attribute (server address) is incorrect: the '
                                 'provider template providers/server.yaml has no output '
                                 '"address".  Heat accepts the template and the stack fails '
                                 'when the resource is created')]
    assert with_env['defects/missing-provider.yaml'] == [
        ('HOT605', 'error', 4, 'Could not fetch contents for ../providers/servr.yaml: the file '
                               'does not exist; did you mean "../providers/server.yaml"?')]
    assert with_env['defects/cycle.yaml'] == [
        ('HOT606', 'error', 4, 'Recursion depth exceeds 5.  The template reaches itself: '
                               'cycle.yaml -> cycle.yaml')]
    for clean in ('stack.yaml', 'env.yaml', 'providers/server.yaml', 'nested/net.yaml'):
        assert with_env[clean] == [], clean


def test_without_the_environment_a_mapped_type_is_only_a_warning():
    reports = check_paths([PROJECT], Settings())
    diagnostics = [d for r in reports for d in r.diagnostics]
    assert {d.code for d in diagnostics if d.severity is Severity.ERROR} == {'HOT605', 'HOT606'}
    mapped = [d for d in diagnostics if d.code == 'HOT701']
    assert mapped and all(d.severity is Severity.WARNING for d in mapped)
    assert all('no environment is known for this template' in d.message for d in mapped)


def test_the_same_environment_from_the_settings(tmp_path):
    """`environments` (here, as a settings file would give them) act as -e does."""
    reports = check_paths([PROJECT], Settings(environments=(ENV,)))
    assert found(reports) == found(check_paths([PROJECT], Settings(), environments=[ENV]))


def test_stacks_name_the_environments_of_some_templates_only():
    settings = Settings(stacks=(Stack(templates=(os.path.join(PROJECT, 'stack.yaml'),),
                                      environments=(ENV,)),))
    by_path = found(check_paths([PROJECT], settings))
    assert by_path['stack.yaml'] == []
    # a template no stack names stays without environments: the mapped type is a warning
    assert [d[:2] for d in by_path['defects/unmapped.yaml']] == [('HOT701', 'warning')]
    # a provider the configured stack reaches inherits its environment (parameter_defaults)
    assert by_path['providers/server.yaml'] == []


def test_an_edited_buffer_tells_its_change_once_another_file_read_it_first(tmp_path):
    """The editor's buffer of a provider template loses a parameter; a parent's analysis (in
    another thread) reads the new buffer before the provider's own analysis is done: that
    analysis still tells that what parents see of the provider changed, and tells it once."""
    from hot_ls.rules import analyze
    from hot_ls.workspace import Workspace
    provider = tmp_path / 'server.yaml'
    text = ('heat_template_version: 2021-04-16\nparameters:\n  flavor: {type: string}\n'
            '  count: {type: number, default: 1}\nresources: {}\n')
    provider.write_text(text)
    workspace = Workspace(Settings(), [str(tmp_path)])
    assert workspace.summary(str(provider)) is not None  # (as the index reads it)
    workspace.files.overlay(str(provider), text)  # opened in the editor, and analysed
    summary = analyze(text, str(provider), workspace=workspace).summary
    assert workspace.document_analysed(str(provider), text, summary) is False
    edited = text.replace('  count: {type: number, default: 1}\n', '')
    workspace.files.overlay(str(provider), edited)
    workspace.summary(str(provider))  # a parent's analysis summarises the new buffer first
    summary = analyze(edited, str(provider), workspace=workspace).summary
    assert workspace.document_analysed(str(provider), edited, summary) is True
    assert workspace.document_analysed(str(provider), edited, summary) is False


def test_discovers_says_what_discover_finds(tmp_path):
    """`discovers` (is this changed file one the folder's files include?) agrees with the
    walk, for every file of a tree with skipped folders, an excluded file and other files."""
    from hot_ls.workspace import Workspace
    for name in ('a.yaml', 'b.yml', 'c.json', 'd.template', 'notes.txt', 'run.sh',
                 'sub/e.yaml', 'sub/deep/f.yaml', 'node_modules/g.yaml', '.git/h.yaml',
                 'sub/.tox/i.yaml', 'generated.yaml'):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text('{}\n')
    workspace = Workspace(Settings(exclude=('generated.yaml',)), [str(tmp_path)])
    found = set(workspace.discover())
    assert sorted(os.path.relpath(p, tmp_path) for p in found) == [
        'a.yaml', 'b.yml', 'c.json', 'd.template', 'sub/deep/f.yaml', 'sub/e.yaml']
    for path in tmp_path.rglob('*'):
        if path.is_file():
            assert workspace.discovers(str(path)) == (str(path) in found), path
    assert not workspace.discovers(str(tmp_path.parent / 'elsewhere.yaml'))
    flat = Workspace(Settings(), [str(tmp_path)], recursive=False)
    assert flat.discovers(str(tmp_path / 'a.yaml')) and \
        not flat.discovers(str(tmp_path / 'sub' / 'e.yaml'))
