"""Nested stacks through the real server (fixtures/workspace/nested-stacks, its settings file
naming the stacks): a provider template opened in the editor gets what Heat's validation of
a nested stack refuses as errors and what only its create would as warnings, and a group's
member follows the count typed in the group's buffer.
"""
from __future__ import annotations

import os
import shutil

import pytest
import pytest_asyncio
from lsprotocol import types

from helpers import FIXTURES
from hot_ls.rules.resources.member_issues import NESTED
from lsp_session import FAST, capabilities, session
from test_server_workspace import codes, open_file, position, settled

pytestmark = pytest.mark.asyncio(loop_scope='module')
PROJECT = os.path.join(FIXTURES, 'workspace', 'nested-stacks')


@pytest_asyncio.fixture(loop_scope='module', params=['vscode', 'neovim'])
async def project(request, tmp_path_factory):
    root = str(tmp_path_factory.mktemp('nested') / 'nested-stacks')
    shutil.copytree(PROJECT, root)
    async with session(capabilities(request.param), FAST, name=request.param,
                       folders=(root,)) as s:
        s.root = root
        yield s


async def test_a_nested_stacks_values_are_warnings_and_a_read_one_an_error(project):
    lenient, _ = open_file(project, 'nested/lenient.yaml')
    found = await project.diagnostics(lenient, 1)
    assert sorted(d.code for d in found) == ['HOT214', 'HOT301', 'HOT703', 'HOT704', 'HOT705',
                                             'HOT705']
    assert {d.severity for d in found} == {types.DiagnosticSeverity.Warning}
    assert all(d.message.endswith(f'({NESTED})') for d in found if d.code != 'HOT214')
    read, _ = open_file(project, 'nested/read.yaml')
    assert [(d.code, d.severity, d.message) for d in await project.diagnostics(read, 1)] == [
        ('HOT703', types.DiagnosticSeverity.Error, 'Property flavor not assigned')]


async def test_the_member_follows_the_count_typed_in_the_group(project):
    member, _ = open_file(project, 'nested/counted-member.yaml')
    assert [d.code for d in await project.diagnostics(member, 1)] == ['HOT220']
    group, text = open_file(project, 'group-counted.yaml')
    await project.diagnostics(group, 1)
    at = position(text, '{get_param: members}')
    written = len('{get_param: members}')
    since = len(project.published)
    project.change(group, 2, ((at.line, at.character, at.line, at.character + written), '0'))
    await project.diagnostics(group, 2, since)
    assert await settled(project, member, 1, since, codes()) == []
    since = len(project.published)
    project.change(group, 3, ((at.line, at.character, at.line, at.character + 1), '2'))
    await project.diagnostics(group, 3, since)
    found = await settled(project, member, 1, since, codes('HOT220'))
    assert [d.code for d in found] == ['HOT220']
