"""features.stack_problems: a template's diagnostics about its environment, placed in the
environment; and the workspace's answer to which stacks are created with one."""
from __future__ import annotations

import os

from hot_ls.config import settings_from_dict
from hot_ls.features.stack_problems import environment_problems
from hot_ls.rules import analyze, analyze_file
from hot_ls.workspace import Workspace

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  size:
    type: number
    constraints:
      - range: {min: 1, max: 4}
resources: {}
'''
ENV = 'parameters:\n  size: 9\n'


def project(tmp_path, stacks: list, environments: tuple = ()) -> Workspace:
    for name in ('a.yaml', 'b.yaml', 'other.yaml'):
        (tmp_path / name).write_text(TEMPLATE)
    (tmp_path / 'env.yaml').write_text(ENV)
    settings = settings_from_dict({'stacks': stacks, 'environments': list(environments)})
    return Workspace(settings, [str(tmp_path)])


def test_one_diagnostic_per_place_naming_every_stack(tmp_path):
    workspace = project(tmp_path, [{'templates': ['a.yaml', 'b.yaml'],
                                    'environments': ['env.yaml']}])
    env = str(tmp_path / 'env.yaml')
    stacks = workspace.stacks_created_with(env)
    assert stacks == [str(tmp_path / 'a.yaml'), str(tmp_path / 'b.yaml')]
    analyses = [analyze_file(path, workspace.settings, workspace=workspace) for path in stacks]
    [found] = environment_problems(analyze(ENV, env, workspace.settings, workspace=workspace),
                                   analyses)
    assert (found.code, found.message, ENV[found.start:found.end]) == (
        'HOT220', "Parameter 'size' is invalid: 9 is out of range (min: 1, max: 4) (given in "
        'env.yaml) (in the stack of a.yaml and 1 more)', '9')
    assert [(os.path.basename(r.path), TEMPLATE[r.start:r.end], r.message)
            for r in found.related] == [
        ('a.yaml', 'size', 'the template reports it here'),
        ('a.yaml', 'range', 'the constraint it violates'),
        ('b.yaml', 'size', 'the template reports it here'),
        ('b.yaml', 'range', 'the constraint it violates')]


def test_another_text_of_the_environment_gets_none(tmp_path):
    """The stacks read the file's text; an analysis of an edited text is not theirs."""
    workspace = project(tmp_path, [{'templates': ['a.yaml'], 'environments': ['env.yaml']}])
    env = str(tmp_path / 'env.yaml')
    analyses = [analyze_file(str(tmp_path / 'a.yaml'), workspace.settings, workspace=workspace)]
    edited = ENV.replace('9', '99')
    assert environment_problems(analyze(edited, env, workspace.settings), analyses) == []


def test_only_the_stacks_the_configuration_names(tmp_path):
    env = str(tmp_path / 'env.yaml')
    # every template gets it, no stack is named: the environment speaks for none
    assert project(tmp_path, [], environments=('env.yaml',)).stacks_created_with(env) == []
    # a stack entry names templates; the global environments are theirs too
    workspace = project(tmp_path, [{'templates': ['a.yaml'], 'environments': []}],
                        environments=('env.yaml',))
    assert workspace.stacks_created_with(env) == [str(tmp_path / 'a.yaml')]
    # another environment's stack
    (tmp_path / 'other-env.yaml').write_text('parameters: {}\n')
    workspace = project(tmp_path, [{'templates': ['*.yaml'], 'environments': ['other-env.yaml']}])
    assert workspace.stacks_created_with(env) == []
    assert workspace.stacks_created_with(str(tmp_path / 'other-env.yaml')) == [
        str(tmp_path / name) for name in ('a.yaml', 'b.yaml', 'other.yaml')]


def test_a_name_the_template_does_not_declare_gets_its_did_you_mean_as_a_quick_fix(tmp_path):
    from hot_ls.features.code_actions import code_actions
    workspace = project(tmp_path, [{'templates': ['a.yaml'], 'environments': ['env.yaml']}])
    env = str(tmp_path / 'env.yaml')
    text = 'parameters:\n  sise: 2\n'
    (tmp_path / 'env.yaml').write_text(text)
    stack = analyze_file(str(tmp_path / 'a.yaml'), workspace.settings, workspace=workspace)
    environment = analyze(text, env, workspace.settings, workspace=workspace)
    [found] = environment_problems(environment, [stack])
    assert (found.code, text[found.start:found.end]) == ('HOT604', 'sise')
    actions = code_actions(environment, found.start, found.end, [found])
    # the rename, and no suppression: a comment here would not reach the template's
    assert [(a.title, [(e.start, e.end, e.new_text) for e in a.edits]) for a in actions
            if a.diagnostics] == [('Change "sise" to "size"', [(14, 18, 'size')])]
