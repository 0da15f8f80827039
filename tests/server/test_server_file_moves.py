"""Renaming and moving files through the real server (`workspace/willRenameFiles`).

VS Code asks before it renames or moves files and folders in its explorer; the
server answers with the edits that keep every reference naming the same file,
computed on the editor's unsaved buffers.  Neovim 0.11 does not declare it, so
it is not announced there; a client that sends it anyway gets the same answer.
"""
from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
from lsprotocol import types

from helpers import FIXTURES
from lsp_session import FAST, TIMEOUT, capabilities, session

pytestmark = pytest.mark.asyncio(loop_scope='function')
PROJECT = os.path.join(FIXTURES, 'workspace', 'project')


def uri(root: str, name: str) -> str:
    return Path(os.path.join(root, name)).as_uri()


def changes_of(edit: types.WorkspaceEdit) -> dict[str, list[tuple]]:
    """uri -> (start line, start character, end character, new text) of each edit."""
    found = ({c.text_document.uri: c.edits for c in edit.document_changes}
             if edit.document_changes is not None else edit.changes)
    return {target: [(e.range.start.line, e.range.start.character, e.range.end.character,
                      e.new_text) for e in edits] for target, edits in found.items()}


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_moving_files_keeps_every_reference_with_unsaved_edits(client, tmp_path):
    root = str(tmp_path / 'project')
    shutil.copytree(PROJECT, root)
    async with session(capabilities(client), {**FAST, 'environments': ['env.yaml']},
                       name=client, folders=(root,)) as s:
        operations = s.result.capabilities.workspace.file_operations
        announced = operations is not None and operations.will_rename is not None
        assert announced == (client == 'vscode')
        # env.yaml open, with a line typed above its registry and not saved
        env = uri(root, 'env.yaml')
        with open(os.path.join(root, 'env.yaml'), encoding='utf-8') as fh:
            text = fh.read()
        s.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=env, language_id='yaml', version=1, text=text)))
        s.client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=env, version=2),
            [types.TextDocumentContentChangeWholeDocument(text='# unsaved\n' + text)]))
        line = ('# unsaved\n' + text).splitlines().index('  My::Server: providers/server.yaml')
        edit = await asyncio.wait_for(s.client.workspace_will_rename_files_async(
            types.RenameFilesParams([
                types.FileRename(uri(root, 'providers'), uri(root, 'lib/providers')),
                types.FileRename(uri(root, 'stack.yaml'), uri(root, 'stacks/stack.yaml'))])),
            TIMEOUT)
        assert changes_of(edit) == {
            env: [(line, 14, 35, 'lib/providers/server.yaml')],
            uri(root, 'stack.yaml'): [(13, 10, 25, '../nested/net.yaml'),
                                      (25, 25, 40, '../scripts/boot.sh')]}
        if client == 'vscode':  # versioned: the open buffer's version, none for a file
            versions = {c.text_document.uri: c.text_document.version
                        for c in edit.document_changes}
            assert versions == {env: 2, uri(root, 'stack.yaml'): None}
        # nothing names it: no edit at all
        nothing = await asyncio.wait_for(s.client.workspace_will_rename_files_async(
            types.RenameFilesParams([types.FileRename(uri(root, 'defects/out-of-range.yaml'),
                                                      uri(root, 'defects/range.yaml'))])),
            TIMEOUT)
        assert nothing is None


def apply_edit(root: str, edit: types.WorkspaceEdit) -> None:
    """What the editor does with the answer: the edits, written to the files."""
    for target, edits in changes_of(edit).items():
        path = target[len('file://'):]
        with open(path, encoding='utf-8') as fh:
            lines = fh.read().split('\n')
        for line, start, end, new in sorted(edits, reverse=True):
            lines[line] = lines[line][:start] + new + lines[line][end:]
        with open(path, 'w', encoding='utf-8') as fh:
            fh.write('\n'.join(lines))


async def test_after_the_move_the_moved_template_checks_as_before(tmp_path):
    """The whole of an explorer move: willRenameFiles, the edits applied and saved, the files
    moved, the file watcher's events; the template opened at its new place (with its
    provider and its nested template moved too) gets the diagnostics it had."""
    root = str(tmp_path / 'project')
    shutil.copytree(PROJECT, root)
    async with session(capabilities('vscode'), {**FAST, 'environments': ['env.yaml']},
                       name='vscode', folders=(root,)) as s:
        async def diagnostics_of(name: str, since: int) -> list[tuple]:
            target = uri(root, name)
            with open(os.path.join(root, name), encoding='utf-8') as fh:
                text = fh.read()
            s.client.text_document_did_open(types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=target, language_id='yaml', version=1, text=text)))
            found = await s.diagnostics(target, 1, since)
            s.client.text_document_did_close(types.DidCloseTextDocumentParams(
                types.TextDocumentIdentifier(target)))
            return sorted((d.code, d.range.start.line, d.message) for d in found)
        before = await diagnostics_of('defects/missing-output.yaml', 0)
        assert [code for code, _, _ in before] == ['HOT706']
        moves = [('providers', 'lib/providers'), ('defects', 'stacks/defects')]
        edit = await asyncio.wait_for(s.client.workspace_will_rename_files_async(
            types.RenameFilesParams([types.FileRename(uri(root, a), uri(root, b))
                                     for a, b in moves])), TIMEOUT)
        apply_edit(root, edit)
        events = []
        for a, b in moves:
            moved = [os.path.relpath(os.path.join(d, f), root)
                     for d, _, files in os.walk(os.path.join(root, a)) for f in files]
            os.makedirs(os.path.dirname(os.path.join(root, b)), exist_ok=True)
            shutil.move(os.path.join(root, a), os.path.join(root, b))
            for name in moved:
                events += [types.FileEvent(uri(root, name), types.FileChangeType.Deleted),
                           types.FileEvent(uri(root, b + name[len(a):]),
                                           types.FileChangeType.Created)]
        events.append(types.FileEvent(uri(root, 'env.yaml'), types.FileChangeType.Changed))
        s.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(events))
        after = await diagnostics_of('stacks/defects/missing-output.yaml', len(s.published))
        # the same problem, its message naming the provider where it now is
        assert after == [(code, line, message.replace(' providers/', ' lib/providers/'))
                         for code, line, message in before]
