"""features.stack_problems: a template's diagnostics about its environment, placed in the
environment; and the workspace's answer to which stacks are created with one."""
from __future__ import annotations

import os

from hot_ls.config import settings_from_dict
from hot_ls.features.stack_problems import environment_problems, with_stack_problems
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
    # the rename; and the suppressions, here, where they reach the template's diagnostic
    assert [(a.title, [(e.start, e.end, e.new_text) for e in a.edits]) for a in actions
            if a.diagnostics] == [
        ('Change "sise" to "size"', [(14, 18, 'size')]),
        ('Suppress HOT604 on this line', [(21, 21, '  # hot-ls: disable=HOT604')]),
        ('Suppress HOT604 in this file', [(0, 0, '# hot-ls: disable-file=HOT604\n')])]


def test_a_comment_in_the_environment_suppresses_the_stacks_diagnostic_and_is_used(tmp_path):
    workspace = project(tmp_path, [{'templates': ['a.yaml'], 'environments': ['env.yaml']}])
    env = str(tmp_path / 'env.yaml')
    text = ('parameters:\n  sise: 2  # hot-ls: disable=stack-environment\n'
            '  size: 9  # hot-ls: disable=HOT604\n')
    (tmp_path / 'env.yaml').write_text(text)
    stack = analyze_file(str(tmp_path / 'a.yaml'), workspace.settings, workspace=workspace)
    # the template's HOT604 is suppressed where the environment names the parameter; its
    # HOT220 is not (the comment on that line names another rule)
    assert [d.code for d in stack.diagnostics] == ['HOT220']
    assert [(os.path.basename(path), text[named.start:named.end])
            for path, _, named in stack.suppressed_in_environments] == [
        ('env.yaml', 'stack-environment')]
    environment = analyze(text, env, workspace.settings, workspace=workspace)
    # alone, the environment cannot know what its comments suppress in the stack
    assert [text[d.start:d.end] for d in environment.diagnostics if d.code == 'HOT010'] == [
        'stack-environment', 'HOT604']
    shown = with_stack_problems(environment, [stack])
    assert [(d.code, text[d.start:d.end]) for d in shown] == [('HOT220', '9'), ('HOT010', 'HOT604')]
    # the template's diagnostics reported on it only (hot-ls check of both): the same comments
    assert [(d.code, text[d.start:d.end]) for d in with_stack_problems(
        environment, [], [stack])] == [('HOT010', 'HOT604')]
    # another text of the environment: what the stack saw in the file is not about it
    edited = text.replace('sise: 2', 'sise: 3')
    assert [d.code for d in with_stack_problems(
        analyze(edited, env, workspace.settings, workspace=workspace), [stack])] == [
        'HOT010', 'HOT010']


def test_a_file_wide_comment_in_the_environment_suppresses_every_place_in_it(tmp_path):
    workspace = project(tmp_path, [{'templates': ['a.yaml', 'b.yaml'],
                                    'environments': ['env.yaml']}])
    (tmp_path / 'env.yaml').write_text('# hot-ls: disable-file=HOT604,HOT220\n'
                                       'parameters:\n  sise: 2\n  size: 9\n')
    for name in ('a.yaml', 'b.yaml'):
        stack = analyze_file(str(tmp_path / name), workspace.settings, workspace=workspace)
        assert stack.diagnostics == []
        assert len(stack.suppressed_in_environments) == 2


def test_without_a_stack_named_the_environment_cannot_tell_its_stack_comments_are_unused(tmp_path):
    """Every template gets the environment (`environments`): which of them reports what a
    comment suppresses is not known, so HOT010 says nothing of such a code; of another
    rule's, it does."""
    workspace = project(tmp_path, [], environments=('env.yaml',))
    text = 'parameters:\n  sise: 2  # hot-ls: disable=HOT604,HOT002\n'
    (tmp_path / 'env.yaml').write_text(text)
    environment = analyze(text, str(tmp_path / 'env.yaml'), workspace.settings,
                          workspace=workspace)
    assert [(d.code, text[d.start:d.end]) for d in environment.diagnostics] == [
        ('HOT010', 'HOT002')]
    stack = analyze_file(str(tmp_path / 'a.yaml'), workspace.settings, workspace=workspace)
    assert stack.diagnostics == []  # (suppressed there)
