"""An environment file open in the editor alone shows what the stacks created with it find
wrong in it (hot_ls.features.stack_problems), through the real server, with the VS Code
(pull) and Neovim (push) capability sets.

The workspace names its stack in the editor's settings (`stacks`: stack.yaml created with
env.yaml); only env.yaml is open.  A parameter the template does not declare, typed under
`parameters`, gets HOT604 on its name; a value the template's constraint refuses gets
HOT220 on the value; each names the template, and relates its place there.
"""
from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
import pytest_asyncio
from lsprotocol import types

from helpers import FIXTURES
from lsp_session import FAST, TIMEOUT, capabilities, session

pytestmark = pytest.mark.asyncio(loop_scope='module')
PROJECT = os.path.join(FIXTURES, 'workspace', 'project')


@pytest_asyncio.fixture(loop_scope='module', params=['vscode', 'neovim'])
async def project(request, tmp_path_factory):
    root = str(tmp_path_factory.mktemp('alone') / 'project')
    shutil.copytree(PROJECT, root)
    with open(os.path.join(root, 'stack.yaml'), 'a', encoding='utf-8') as fh:
        fh.write('  size:\n    value: {get_param: size}\n')
    text = Path(root, 'stack.yaml').read_text(encoding='utf-8').replace(
        'parameters:\n', 'parameters:\n  size:\n    type: number\n    default: 1\n'
        '    constraints:\n      - range: {min: 1, max: 4}\n', 1)
    Path(root, 'stack.yaml').write_text(text, encoding='utf-8')
    options = {**FAST, 'stacks': [{'templates': ['stack.yaml'], 'environments': ['env.yaml']}]}
    async with session(capabilities(request.param), options, name=request.param,
                       folders=(root,)) as s:
        s.root = root
        yield s


async def test_the_environment_shows_what_its_stack_finds_wrong_in_it(project):
    env = Path(project.root, 'env.yaml')
    text = env.read_text(encoding='utf-8')
    uri = env.as_uri()
    project.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=text)))
    assert await project.diagnostics(uri, 1) == []
    end = text.count('\n')
    since = len(project.published)
    project.change(uri, 2, ((end, 0, end, 0), 'parameters:\n  flavour: m1.large\n  size: 9\n'))
    found = await project.diagnostics(uri, 2, since)
    assert [(d.code, d.message, d.range.start.line, d.range.start.character)
            for d in found] == [
        ('HOT604', 'Heat refuses the environment env.yaml: The Parameter (flavour) was not '
         'defined in template. Did you mean "flavor"? (in the stack of stack.yaml)', end + 1, 2),
        ('HOT220', "Parameter 'size' is invalid: 9 is out of range (min: 1, max: 4) "
         '(given in env.yaml) (in the stack of stack.yaml)', end + 2, 8)]
    stack = Path(project.root, 'stack.yaml').as_uri()
    places = [(p.location.uri, p.location.range.start.line, p.message)
              for p in found[1].related_information]
    assert places == [(stack, 3, 'the template reports it here'),
                      (stack, 7, 'the constraint it violates')]
    # the did-you-mean is the quick fix, on the name in the environment; or a suppression
    result = await asyncio.wait_for(project.client.text_document_code_action_async(
        types.CodeActionParams(types.TextDocumentIdentifier(uri), found[0].range,
                               types.CodeActionContext(diagnostics=[found[0]]))), TIMEOUT)
    fixes = [a for a in result or [] if isinstance(a, types.CodeAction) and a.diagnostics]
    assert [a.title for a in fixes] == ['Change "flavour" to "flavor"',
                                        'Suppress HOT604 on this line', 'Suppress HOT604 in this file']
    # the suppression, applied as the editor applies it: the comment on the environment's
    # line suppresses the template's diagnostic, so its copy here, and is used (no HOT010)
    workspace_edit = fixes[1].edit  # (VS Code declares documentChanges; Neovim does not)
    [edit] = workspace_edit.document_changes[0].edits if workspace_edit.document_changes \
        else workspace_edit.changes[uri]
    assert edit.new_text == '  # hot-ls: disable=HOT604'
    since = len(project.published)
    project.change(uri, 3, ((edit.range.start.line, edit.range.start.character,
                             edit.range.end.line, edit.range.end.character), edit.new_text))
    assert [d.code for d in await project.diagnostics(uri, 3, since)] == ['HOT220']
    # fixed in the environment: nothing left
    since = len(project.published)
    project.change(uri, 4, ((end, 0, end + 3, 0), 'parameters:\n  flavor: m1.large\n'
                                                  '  size: 4\n'))
    assert await project.diagnostics(uri, 4, since) == []
