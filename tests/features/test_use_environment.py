"""The quick fix of a type no known environment maps (HOT701, HOT731): a `[[stacks]]` entry in
the settings file naming an environment of the workspace that maps it, after which the
template checks as `openstack stack create -e ENV` creates it."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from hot_ls.config.settings import load_settings
from hot_ls.features.code_actions import code_actions
from hot_ls.rules import analyze
from hot_ls.workspace import Workspace

APP = """\
heat_template_version: 2021-04-16
resources:
  web:
    type: My::Server
  data:
    type: My::Volume
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: My::Server
"""
SERVER = """\
heat_template_version: 2021-04-16
parameters:
  size: {type: number, default: 1}
resources:
  none:
    type: OS::Heat::None
"""


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / 'stacks').mkdir()
    (tmp_path / 'stacks' / 'app.yaml').write_text(APP, encoding='utf-8')
    (tmp_path / 'lib').mkdir()
    (tmp_path / 'lib' / 'server.yaml').write_text(SERVER, encoding='utf-8')
    (tmp_path / 'env').mkdir()
    # maps one of app.yaml's types; all.yaml maps both (a glob), nearer to nothing
    (tmp_path / 'env' / 'one.yaml').write_text(
        'resource_registry:\n  My::Server: ../lib/server.yaml\n', encoding='utf-8')
    (tmp_path / 'env' / 'all.yaml').write_text(
        'resource_registry:\n  "My::*": ../lib/server.yaml\n', encoding='utf-8')
    (tmp_path / 'env' / 'other.yaml').write_text(
        'resource_registry:\n  Other::Type: ../lib/server.yaml\n', encoding='utf-8')
    return tmp_path


def analysed(root: Path, settings=None):
    path = str(root / 'stacks' / 'app.yaml')
    workspace = Workspace(settings, [str(root)])
    return analyze(APP, path, workspace.settings, workspace=workspace)


def fixes(analysis, code='HOT701', type_name='My::Server'):
    [diagnostic] = [d for d in analysis.diagnostics
                    if d.code == code and f'({type_name})' in d.message]
    return [a for a in code_actions(analysis, diagnostic.start, diagnostic.end, [diagnostic])
            if a.title.startswith('Create this stack')]


def apply(action) -> str:
    [edit] = action.edits
    before = Path(edit.path).read_text(encoding='utf-8') if not edit.create else ''
    after = before[:edit.start] + edit.new_text + before[edit.end:]
    Path(edit.path).write_text(after, encoding='utf-8')
    return after


def test_without_a_settings_file_the_fix_creates_one(project):
    analysis = analysed(project)
    assert [d.severity.name for d in analysis.diagnostics if d.code == 'HOT701'] == \
        ['WARNING', 'WARNING']
    actions = fixes(analysis)
    # all.yaml maps both of the template's types, one.yaml only My::Server
    assert [a.title for a in actions] == [
        'Create this stack with ../env/all.yaml, which maps My::Server '
        '(a [[stacks]] entry in .hot-ls.toml)',
        'Create this stack with ../env/one.yaml, which maps My::Server '
        '(a [[stacks]] entry in .hot-ls.toml)']
    [edit] = actions[0].edits
    assert (edit.path, edit.create, edit.start, edit.end) == (
        str(project / '.hot-ls.toml'), True, 0, 0)
    assert apply(actions[0]) == ('[[stacks]]\ntemplates = ["stacks/app.yaml"]\n'
                                 'environments = ["env/all.yaml"]\n')
    # the settings hot-ls then reads: the stack is created with all.yaml, which maps both
    after = analysed(project, load_settings(str(project / '.hot-ls.toml')))
    assert [d for d in after.diagnostics if d.code in ('HOT701', 'HOT731')] == []


def test_an_existing_settings_file_gets_the_entry_appended(project):
    settings = project / '.hot-ls.toml'
    settings.write_text('exclude = ["build/**"]', encoding='utf-8')  # (no newline at its end)
    [first, second] = fixes(analysed(project))
    assert apply(second) == ('exclude = ["build/**"]\n\n[[stacks]]\n'
                             'templates = ["stacks/app.yaml"]\nenvironments = ["env/one.yaml"]\n')
    after = analysed(project, load_settings(str(settings)))
    assert [(d.code, d.severity.name, d.message) for d in after.diagnostics
            if d.code == 'HOT701'] == [
        ('HOT701', 'ERROR', 'The Resource Type (My::Volume) could not be found.  No environment '
         "of this stack maps it (one.yaml), and it is not in Heat's catalog")]


def test_a_pyproject_gets_a_tool_table(project):
    pyproject = project / 'pyproject.toml'
    pyproject.write_text('[project]\nname = "x"\n\n[tool.hot-ls]\ndisable = []\n',
                         encoding='utf-8')
    [first, _] = fixes(analysed(project, load_settings(str(pyproject))))
    assert first.title.endswith('(a [[stacks]] entry in pyproject.toml)')
    assert apply(first).endswith('[tool.hot-ls]\ndisable = []\n\n[[tool.hot-ls.stacks]]\n'
                                 'templates = ["stacks/app.yaml"]\n'
                                 'environments = ["env/all.yaml"]\n')
    settings = load_settings(str(pyproject))
    assert [(s.templates, s.environments) for s in settings.stacks] == [
        ((str(project / 'stacks' / 'app.yaml'),), (str(project / 'env' / 'all.yaml'),))]


def test_a_group_member_type_gets_it_too(project):
    [diagnostic] = [d for d in analysed(project).diagnostics if d.code == 'HOT731']
    assert diagnostic.data == {'unmapped_type': 'My::Server'}
    assert len(fixes(analysed(project), 'HOT731')) == 2


def test_no_fix_when_no_environment_of_the_workspace_maps_it(project):
    os.remove(project / 'env' / 'all.yaml')
    assert fixes(analysed(project), type_name='My::Volume') == []
