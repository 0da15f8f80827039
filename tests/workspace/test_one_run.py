"""The workspace of one command's run (Workspace(one_run=True), as `hot-ls check` makes it):
a provider template is parsed once (the tree its summary parsed is handed to the file's own
analysis, once, and only for the same text), and each real path is found once."""
from __future__ import annotations

import os

from hot_ls.rules import analyze
from hot_ls.workspace import Workspace
from hot_ls.workspace.paths import SYMLINK_OUT, Locator

PARENT = ('heat_template_version: 2018-08-31\n'
          'resources:\n'
          '  child: {type: child.yaml, properties: {size: 2, colour: red}}\n')
CHILD = ('heat_template_version: 2018-08-31\n'
         'parameters:\n'
         '  size: {type: number}\n'
         'resources:\n'
         '  r: {type: OS::Heat::None}\n')


def _project(tmp_path):
    (tmp_path / 'parent.yaml').write_text(PARENT)
    (tmp_path / 'child.yaml').write_text(CHILD)
    return str(tmp_path / 'parent.yaml'), str(tmp_path / 'child.yaml')


def _report(analysis):
    return [(d.code, d.start, d.end, d.message) for d in analysis.diagnostics]


def test_the_summary_tree_is_handed_to_the_file_analysis_once(tmp_path):
    parent, child = _project(tmp_path)
    workspace = Workspace(roots=[str(tmp_path)], one_run=True)
    parent_analysis = analyze(PARENT, parent, workspace=workspace)
    assert [d.code for d in parent_analysis.diagnostics] == ['HOT702']  # colour: unknown
    tree = workspace._trees[child]  # parsed for the provider's summary
    first = analyze(CHILD, child, workspace=workspace)
    assert first.tree is tree
    second = analyze(CHILD, child, workspace=workspace)
    assert second.tree is not tree  # handed over once: the workspace keeps nothing
    assert _report(first) == _report(second) == _report(analyze(CHILD, child))


def test_no_tree_is_kept_for_a_file_already_analysed(tmp_path):
    parent, child = _project(tmp_path)
    workspace = Workspace(roots=[str(tmp_path)], one_run=True)
    analyze(CHILD, child, workspace=workspace)
    analyze(PARENT, parent, workspace=workspace)  # reads the child's summary after it
    assert workspace.summary(child).template is not None
    assert workspace._trees == {}


def test_a_changed_text_is_parsed_again(tmp_path):
    parent, child = _project(tmp_path)
    workspace = Workspace(roots=[str(tmp_path)], one_run=True)
    analyze(PARENT, parent, workspace=workspace)
    edited = CHILD + '  s: {type: OS::Heat::None}\n'
    analysis = analyze(edited, child, workspace=workspace)
    assert analysis.text == edited
    assert set(analysis.template.resources) == {'r', 's'}


def test_outside_one_run_no_tree_is_kept(tmp_path):
    parent, child = _project(tmp_path)
    workspace = Workspace(roots=[str(tmp_path)])
    analyze(PARENT, parent, workspace=workspace)
    assert workspace._trees is None
    assert workspace.parsed_tree(child, CHILD) is None


def test_remembered_real_paths_still_refuse_a_link_leading_out(tmp_path):
    inside, outside = tmp_path / 'inside', tmp_path / 'outside'
    inside.mkdir()
    outside.mkdir()
    (outside / 'secret.yaml').write_text('x: 1\n')
    os.symlink(outside / 'secret.yaml', inside / 'link.yaml')
    (inside / 'plain.yaml').write_text('x: 1\n')
    remembering = Locator([str(inside)], remember_real_paths=True)
    for _ in range(2):  # the second answer is the remembered one
        assert remembering.locate('link.yaml', str(inside)).refusal == SYMLINK_OUT
        assert remembering.locate('plain.yaml', str(inside)).readable
    assert remembering._real_paths[str(inside / 'link.yaml')] == str(outside / 'secret.yaml')
    assert remembering.with_roots(str(outside)).locate('link.yaml', str(inside)).readable
    assert Locator([str(inside)])._real_paths is None
