"""`hot-ls check` parses a provider template once: the tree its summary parsed is handed to
the file's own analysis (Workspace(hand_over_trees=True)), once, and only for the same text."""
from __future__ import annotations

from hot_ls.rules import analyze
from hot_ls.workspace import Workspace

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
    workspace = Workspace(roots=[str(tmp_path)], hand_over_trees=True)
    parent_analysis = analyze(PARENT, parent, workspace=workspace)
    assert [d.code for d in parent_analysis.diagnostics] == ['HOT702']  # colour: unknown
    tree = workspace._trees[child]  # parsed for the provider's summary
    first = analyze(CHILD, child, workspace=workspace)
    assert first.tree is tree
    second = analyze(CHILD, child, workspace=workspace)
    assert second.tree is not tree  # handed over once: the workspace keeps nothing
    assert _report(first) == _report(second) == _report(analyze(CHILD, child))


def test_a_changed_text_is_parsed_again(tmp_path):
    parent, child = _project(tmp_path)
    workspace = Workspace(roots=[str(tmp_path)], hand_over_trees=True)
    analyze(PARENT, parent, workspace=workspace)
    edited = CHILD + '  s: {type: OS::Heat::None}\n'
    analysis = analyze(edited, child, workspace=workspace)
    assert analysis.text == edited
    assert set(analysis.template.resources) == {'r', 's'}


def test_without_hand_over_no_tree_is_kept(tmp_path):
    parent, child = _project(tmp_path)
    workspace = Workspace(roots=[str(tmp_path)])
    analyze(PARENT, parent, workspace=workspace)
    assert workspace._trees is None
    assert workspace.parsed_tree(child, CHILD) is None
