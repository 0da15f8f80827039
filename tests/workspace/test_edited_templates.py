"""What the workspace keeps while a template's buffer is edited
(Workspace._forget_stacks `edited`): the registries, each template's parameter types, and the
nestings that read none of the edited templates (StackContext.deepest).  At every step of an
editing session the open documents' diagnostics are those a fresh workspace gives."""
from __future__ import annotations

import os

from hot_ls.rules import analyze
from hot_ls.rules.incremental import prepare_for_edits, reanalyze
from hot_ls.server.workspaces import Workspaces

VERSION = 'heat_template_version: 2021-04-16\n'


def _level(number: int) -> str:
    """level<number>.yaml: nests the next level (level5, only when `deep` holds); level6
    nests none.  From the root, level5 is 5 stacks deep, level6 6: Heat's limit is 5."""
    text = VERSION + ('parameters:\n  deep: {type: boolean, default: false}\n'
                      'conditions:\n  go: {get_param: deep}\n'
                      'resources:\n')
    if number < 6:
        text += (f'  next:\n    type: My::L{number + 1}\n'
                 + ('    condition: go\n' if number == 5 else '')
                 + '    properties: {deep: {get_param: deep}}\n')
    else:
        text += '  leaf: {type: OS::Heat::None}\n'
    return text


ROOT = (VERSION + 'parameters:\n  deep: {type: boolean, default: false}\n'
        'resources:\n  top:\n    type: My::L1\n    properties: {deep: {get_param: deep}}\n')
ENV = 'resource_registry:\n' + ''.join(f'  My::L{n}: level{n}.yaml\n' for n in range(1, 7))


class Session:
    """An editor's: open documents analysed as the server analyses them."""

    def __init__(self, folder: str):
        self.folder = folder
        self.spaces = self._spaces()
        self.previous: dict[str, object] = {}
        self.texts: dict[str, str] = {}

    def _spaces(self) -> Workspaces:
        spaces = Workspaces()
        spaces.set_folders([self.folder])
        spaces.configure({'environments': [os.path.join(self.folder, 'env.yaml')]})
        return spaces

    def type(self, name: str, text: str) -> None:
        """The buffer of `name` becomes `text`: it is analysed, then, when what the others see
        of it changed, every other open document (as the server checks the dependents)."""
        path = os.path.join(self.folder, name)
        self.texts[path] = text
        self.spaces.edited(path, text)
        self.analyse(path)

    def analyse(self, path: str) -> None:
        """As the server's worker, then its event loop (HotLanguageServer.after_analysis,
        dependencies_changed): the documents that read a template whose interface or
        structure moved are analysed again (every one, when the stacks reach others)."""
        text = self.texts[path]
        workspace = self.spaces.for_path(path)
        analysis, _ = reanalyze(self.previous.get(path), text, path, workspace.settings,
                                workspace=workspace)
        analysis.dependencies
        moved = self.spaces.analysed(path, text, analysis.summary)
        restructured = self.spaces.restructured(path)
        prepare_for_edits(analysis)
        self.previous[path] = analysis
        if moved:
            for other, before in list(self.previous.items()):
                if other != path and (restructured or path in before.dependencies):
                    self.analyse(other)

    def fresh(self) -> dict[str, list]:
        spaces = self._spaces()
        for path, text in self.texts.items():
            spaces.opened(path, text)
        return {path: _shown(analyze(text, path, spaces.for_path(path).settings,
                                     workspace=spaces.for_path(path)))
                for path, text in self.texts.items()}

    def shown(self) -> dict[str, list]:
        return {path: _shown(analysis) for path, analysis in self.previous.items()}


def _shown(analysis) -> list:
    return [(d.code, d.severity.value, d.start, d.end, d.message) for d in analysis.diagnostics]


def test_the_nesting_depth_follows_edits_of_the_root_and_of_a_template_it_nests(tmp_path):
    (tmp_path / 'env.yaml').write_text(ENV)
    for number in range(1, 7):
        (tmp_path / f'level{number}.yaml').write_text(_level(number))
    (tmp_path / 'root.yaml').write_text(ROOT)
    session = Session(str(tmp_path))
    steps = [('root.yaml', ROOT),
             ('root.yaml', ROOT.replace('default: false', 'default: true')),  # 6 deep
             ('level3.yaml', _level(3).replace('    type: My::L4\n', '    type: My::L5\n')),  # 5
             ('root.yaml', ROOT.replace('default: false', 'default: tru')),  # refused value
             ('level3.yaml', _level(3)),
             ('root.yaml', ROOT.replace('default: false', 'default: true')),
             ('level5.yaml', _level(5).replace('  next:\n', '  nexts:\n'))]
    depth_errors = []
    for name, text in steps:
        session.type(name, text)
        assert session.shown() == session.fresh(), (name, text)
        depth_errors.append([d[4] for d in session.shown()[str(tmp_path / 'root.yaml')]
                             if d[0] == 'HOT606'])
    assert depth_errors[0] == [] and depth_errors[2] == [] and depth_errors[4] == []
    assert depth_errors[1] and depth_errors[1][0].startswith('Recursion depth exceeds 5')
    assert depth_errors[5] == depth_errors[1] and depth_errors[6] == depth_errors[1]


def test_an_edited_template_walks_again_only_the_nestings_that_read_it(tmp_path):
    (tmp_path / 'env.yaml').write_text(ENV)
    for number in range(1, 7):
        (tmp_path / f'level{number}.yaml').write_text(_level(number))
    session = Session(str(tmp_path))
    session.type('root.yaml', ROOT.replace('default: false', 'default: true'))
    workspace = session.spaces.for_path(str(tmp_path / 'root.yaml'))
    level5 = str(tmp_path / 'level5.yaml')
    assert any(level5 in found[2] for found in workspace.nesting_memo.values())
    before = dict(workspace.nesting_memo)
    assert level5 in session.previous[str(tmp_path / 'root.yaml')].dependencies
    text = _level(5) + '  more: {type: OS::Heat::None}\n'  # (the stacks' structure changed)
    session.texts[level5] = text
    session.spaces.edited(level5, text)
    workspace = session.spaces.for_path(level5)
    analysis, _ = reanalyze(None, text, level5, workspace.settings, workspace=workspace)
    assert session.spaces.analysed(level5, text, analysis.summary)
    kept = workspace.nesting_memo
    assert kept and all(level5 not in found[2] for found in kept.values())
    assert all(before[key] is found for key, found in kept.items())  # (not walked again)
    assert len(kept) < len(before)
    session.previous[level5] = analysis
    session.analyse(str(tmp_path / 'root.yaml'))
    assert session.shown() == session.fresh()


MERGED_ENV = '''\
parameter_defaults:
  size: 3
  names: a,b
'''
MERGED_ROOT = '''\
heat_template_version: 2021-04-16
parameters:
  size: {type: number, default: 1}
  names: {type: comma_delimited_list, default: x}
  other: {type: string, default: o}
conditions:
  big: {equals: [{get_param: size}, 3]}
resources:
  sized:
    type: OS::Heat::Value
    condition: big
    properties: {value: {get_attr: [nowhere, out]}}
  listed:
    type: OS::Heat::Value
    properties: {type: number, value: {get_param: names}}
  plain:
    type: OS::Heat::Value
    properties: {value: {get_param: other}}
'''


def test_a_root_created_with_an_environment_keeps_its_entries_while_its_stack_is_the_same(
        tmp_path):
    """The stack of a root made again because its own interface changed is the same when
    the environment and what merging it gives are: the entries that did not change keep
    their findings; when the merge gives other values (a parameter's type changed how it
    merges), every entry is checked again.  Each step as a fresh workspace sees it."""
    (tmp_path / 'env.yaml').write_text(MERGED_ENV)
    (tmp_path / 'root.yaml').write_text(MERGED_ROOT)
    session = Session(str(tmp_path))
    steps = [MERGED_ROOT,
             MERGED_ROOT.replace('default: o}', 'default: oo}'),  # a default: the same stack
             MERGED_ROOT.replace('size: {type: number', 'size: {type: string'),  # '3' != 3
             MERGED_ROOT.replace('names: {type: comma_delimited_list', 'names: {type: string'),
             MERGED_ROOT.replace('  other: {type: string, default: o}\n', ''),
             MERGED_ROOT]
    for text in steps:
        session.type('root.yaml', text)
        assert session.shown() == session.fresh(), text
    root = str(tmp_path / 'root.yaml')
    session.type('root.yaml', MERGED_ROOT.replace('default: o}', 'default: p}'))
    checking = session.previous[root].checking
    assert not checking.everything  # (the same stack: only what reads `other`)
    assert [d.name for d in checking.definitions('resources')] == ['plain']


def test_the_same_environment_is_the_same_files_registry_and_merged_values(tmp_path):
    from dataclasses import replace

    from hot_ls.rules.incremental import _same_environment
    (tmp_path / 'env.yaml').write_text(MERGED_ENV)
    (tmp_path / 'root.yaml').write_text(MERGED_ROOT)
    session = Session(str(tmp_path))
    session.type('root.yaml', MERGED_ROOT)
    root = str(tmp_path / 'root.yaml')
    workspace = session.spaces.for_path(root)
    before = workspace.stack(root)
    workspace._forget_stacks((root,), True)
    now = workspace.stack(root)
    assert now is not before and _same_environment(before, now)
    environment = now.environment
    for changed in (replace(environment, parameter_defaults={'size': '3', 'names': 'a,b'}),
                    replace(environment, parameters={'size': 4}),
                    replace(environment, files=()),
                    replace(environment, registry=replace(environment.registry))):
        assert not _same_environment(before, replace(now, owner=workspace, environment=changed))
    assert not _same_environment(before, replace(now, owner=workspace, chain=(root,)))


def test_only_a_template_that_may_nest_a_stack_is_walked_for_its_dependencies(tmp_path,
                                                                                monkeypatch):
    """Analysis.dependencies walks what a template nests (StackContext.read_below) only when
    a resource may be a stack of one of ours: synth_10k's 945 resources, none of them, cost
    the server 100 ms after every keystroke that moved its interface."""
    from hot_ls.workspace.stacks import StackContext
    walked = []
    deepest = StackContext._deepest
    monkeypatch.setattr(StackContext, '_deepest',
                        lambda self, *args: walked.append(self.template) or deepest(self, *args))
    (tmp_path / 'plain.yaml').write_text(VERSION + 'resources:\n  a: {type: OS::Heat::None}\n'
                                         '  g: {type: OS::Heat::ResourceGroup, properties: '
                                         '{resource_def: {type: OS::Heat::None}}}\n')
    (tmp_path / 'nests.yaml').write_text(VERSION + 'resources:\n  a: {type: plain.yaml}\n')
    session = Session(str(tmp_path))
    session.spaces.configure({})
    session.type('plain.yaml', (tmp_path / 'plain.yaml').read_text())
    assert walked == []
    session.type('nests.yaml', (tmp_path / 'nests.yaml').read_text())
    assert str(tmp_path / 'nests.yaml') in walked
    assert str(tmp_path / 'plain.yaml') in session.previous[str(tmp_path / 'nests.yaml')].dependencies
