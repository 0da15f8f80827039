"""The quick fix that names a workspace environment in the settings, end to end, as VS Code
(documentChanges) and as Neovim 0.11 (which declares file creation, not documentChanges).

A template uses a type that only an environment of the workspace maps; no settings file
exists.  The fix's edit creates `.hot-ls.toml` with a `[[stacks]]` entry; written as the
editor writes it and reported as a changed file, the template is analysed again with the
environment: the warning is gone.
"""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from lsp_session import FAST, TIMEOUT, capabilities, session

pytestmark = pytest.mark.asyncio(loop_scope='module')

APP = """\
heat_template_version: 2021-04-16
resources:
  web:
    type: My::Server
"""


def project(tmp_path):
    """app.yaml, whose type only env.yaml maps (to lib/server.yaml); no settings file."""
    (tmp_path / 'lib').mkdir()
    (tmp_path / 'lib' / 'server.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources: {}\n', encoding='utf-8')
    (tmp_path / 'env.yaml').write_text('resource_registry:\n  My::Server: lib/server.yaml\n',
                                       encoding='utf-8')
    app = tmp_path / 'app.yaml'
    app.write_text(APP, encoding='utf-8')
    return app


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_the_fix_creates_the_settings_file_and_the_warning_goes(client, tmp_path):
    app = project(tmp_path)
    async with session(capabilities(client), FAST, name=client, folders=(str(tmp_path),)) as lsp:
        uri = app.as_uri()
        lsp.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=APP)))
        [warning] = [d for d in await lsp.diagnostics(uri, 1) if d.code == 'HOT701']
        result = await asyncio.wait_for(lsp.client.text_document_code_action_async(
            types.CodeActionParams(types.TextDocumentIdentifier(uri), warning.range,
                                   types.CodeActionContext(diagnostics=[warning]))), TIMEOUT)
        [action] = [a for a in result if a.title.startswith('Create this stack')]
        assert action.title == ('Create this stack with env.yaml, which maps My::Server '
                                '(a [[stacks]] entry in .hot-ls.toml)')
        assert list(action.diagnostics) == [warning]
        settings = tmp_path / '.hot-ls.toml'
        create, write = action.edit.document_changes
        assert action.edit.changes is None
        assert isinstance(create, types.CreateFile) and create.uri == settings.as_uri()
        assert create.options.ignore_if_exists
        assert write.text_document.uri == settings.as_uri()
        assert write.text_document.version is None
        [edit] = write.edits
        assert (edit.range.start.line, edit.range.start.character,
                edit.range.end.line, edit.range.end.character) == (0, 0, 0, 0)
        assert edit.new_text == ('[[stacks]]\ntemplates = ["app.yaml"]\n'
                                 'environments = ["env.yaml"]\n')
        # the editor creates the file, writes it; the server reads the settings again
        settings.write_text(edit.new_text, encoding='utf-8')
        mark = len(lsp.published)
        lsp.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(
            changes=[types.FileEvent(uri=settings.as_uri(), type=types.FileChangeType.Created)]))
        if lsp.pull:
            async def settled():
                while True:
                    found = await lsp.diagnostics(uri, 1)
                    if not any(d.code == 'HOT701' for d in found):
                        return found
                    await asyncio.sleep(0.05)
            after = await asyncio.wait_for(settled(), TIMEOUT)
        else:
            after = (await lsp.wait_published(uri, 1, since=mark)).diagnostics
        assert [d.code for d in after] == []


async def test_a_client_that_cannot_create_files_gets_the_fix_only_for_an_existing_file(tmp_path):
    app = project(tmp_path)
    caps = capabilities('vscode')
    caps.workspace.workspace_edit.resource_operations = None
    async with session(caps, FAST, name='no-create', folders=(str(tmp_path),)) as lsp:
        uri = app.as_uri()
        lsp.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=APP)))
        [warning] = [d for d in await lsp.diagnostics(uri, 1) if d.code == 'HOT701']

        async def titles():
            result = await asyncio.wait_for(lsp.client.text_document_code_action_async(
                types.CodeActionParams(types.TextDocumentIdentifier(uri), warning.range,
                                       types.CodeActionContext(diagnostics=[warning]))), TIMEOUT)
            return [a for a in result if a.title.startswith('Create this stack')]

        assert await titles() == []
        (tmp_path / '.hot-ls.toml').write_text('disable = []\n', encoding='utf-8')
        [action] = await titles()
        [write] = action.edit.document_changes
        assert write.text_document.uri == (tmp_path / '.hot-ls.toml').as_uri()
        [edit] = write.edits
        assert (edit.range.start.line, edit.range.start.character) == (1, 0)
        assert edit.new_text.startswith('\n[[stacks]]\n')
