"""`diagnostic_mode = "workspace"` through the real server: the problems of files not open.

The editor opens a copy of fixtures/workspace/project (a template joined to
provider templates by env.yaml, and a folder of defects) and opens none of
its files: each Heat document still gets the diagnostics it would get opened,
pushed for its URI; they follow an unsaved edit of a provider template they
read, a change on disk, the file being opened (its own diagnostics take over)
and closed again, and the mode being switched off.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from lsprotocol import types

from helpers import CORPUS, FIXTURES, needs_corpus
from lsp_session import FAST, TIMEOUT, Session, capabilities, session

pytestmark = pytest.mark.asyncio
PROJECT = os.path.join(FIXTURES, 'workspace', 'project')
WORKSPACE_MODE = {**FAST, 'environments': ['env.yaml'], 'diagnosticMode': 'workspace'}

#: what each file of the project gets, opened or not (code, line, column)
EXPECTED = {
    'defects/cycle.yaml': [('HOT606', 3, 10)],
    'defects/missing-output.yaml': [('HOT706', 8, 31)],
    'defects/missing-provider.yaml': [('HOT605', 3, 10)],
    'defects/missing-required.yaml': [('HOT703', 2, 2)],
    'defects/out-of-range.yaml': [('HOT705', 6, 13)],
    'defects/unknown-property.yaml': [('HOT702', 6, 6)],
    'defects/unmapped.yaml': [('HOT701', 3, 10)],
    'env.yaml': [],
    'nested/net.yaml': [],
    'providers/server.yaml': [],
    'stack.yaml': [],
}


def uri(root: str, name: str) -> str:
    return Path(os.path.join(root, name)).as_uri()


def brief(diagnostics) -> list[tuple]:
    return [(d.code, d.range.start.line, d.range.start.character) for d in diagnostics]


def full(diagnostics) -> list[tuple]:
    return [(d.code, d.message, d.severity, d.range.start.line, d.range.start.character,
             d.range.end.line, d.range.end.character) for d in diagnostics]


def last_published(s: Session, target: str, since: int = 0):
    found = [p for p in s.published[since:] if p.uri == target]
    return found[-1] if found else None


async def published_for(s: Session, names, since: int = 0, check=lambda p: True) -> dict:
    """The last diagnostics pushed for each of `names` (after index `since`), once each has
    been pushed and passes `check`."""
    targets = {uri(s.root, name): name for name in names}

    async def all_there():
        while True:
            found = {name: last_published(s, target, since) for target, name in targets.items()}
            if all(p is not None and check(p) for p in found.values()):
                return found
            await asyncio.sleep(0.02)
    return await asyncio.wait_for(all_there(), TIMEOUT)


def project_copy(tmp_path) -> str:
    root = str(tmp_path / 'project')
    shutil.copytree(PROJECT, root)
    return root


@contextlib.asynccontextmanager
async def workspace_mode(client: str, tmp_path):
    """A session on a copy of the project in workspace mode, once every file's diagnostics
    are pushed (their last ones: `pushed`)."""
    root = project_copy(tmp_path)
    async with session(capabilities(client), WORKSPACE_MODE, name=client,
                       folders=(root,)) as s:
        s.root = root
        s.pushed = await published_for(s, EXPECTED)
        yield s


def open_file(s: Session, name: str, version: int = 1) -> tuple[str, str]:
    with open(os.path.join(s.root, name), encoding='utf-8') as fh:
        text = fh.read()
    target = uri(s.root, name)
    s.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=target, language_id='yaml', version=version, text=text)))
    return target, text


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_every_file_gets_the_diagnostics_it_gets_opened(client, tmp_path):
    async with workspace_mode(client, tmp_path) as s:
        found = s.pushed
        assert {name: brief(p.diagnostics) for name, p in found.items()} == EXPECTED
        assert all(p.version is None for p in found.values())  # (no editor version: on disk)
        # opened, each file gets the same diagnostics, the client's way
        for name in EXPECTED:
            since = len(s.published)
            target, _ = open_file(s, name)
            assert full(await s.diagnostics(target, 1, since)) == full(found[name].diagnostics)
            if s.pull:  # pulled: the pushed ones are cleared, or the editor would show both
                cleared = await published_for(s, [name], since, lambda p: p.version is None)
                assert list(cleared[name].diagnostics) == []


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_they_follow_edits_of_what_they_read_the_disk_and_the_editor(client, tmp_path):
    async with workspace_mode(client, tmp_path) as s:
        root = s.root
        # an unsaved edit of the provider: removing its parameter `count` makes the property
        # of a template nobody opened unknown
        provider, text = open_file(s, 'providers/server.yaml')
        await s.diagnostics(provider, 1)
        since = len(s.published)
        start = text.count('\n', 0, text.index('  count:'))
        s.change(provider, 2, ((start, 0, start + 5, 0), ''))
        await s.diagnostics(provider, 2, since)  # (a pull client asks after each edit)
        found = await published_for(s, ['defects/out-of-range.yaml'], since)
        assert [(d.code, d.message) for d in found['defects/out-of-range.yaml'].diagnostics] \
            == [('HOT702', 'Unknown Property count')]
        # undone: the error goes
        since = len(s.published)
        removed = ''.join(text.splitlines(keepends=True)[start:start + 5])
        s.change(provider, 3, ((start, 0, start, 0), removed))
        await s.diagnostics(provider, 3, since)
        found = await published_for(s, ['defects/out-of-range.yaml'], since)
        assert brief(found['defects/out-of-range.yaml'].diagnostics) == [('HOT705', 6, 13)]

        # a file changed on disk, told by the editor's file watcher
        path = os.path.join(root, 'defects', 'unmapped.yaml')
        with open(path, 'a', encoding='utf-8') as fh:
            fh.write('  other:\n    type: OS::Heat::Nonee\n')
        since = len(s.published)
        s.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([
            types.FileEvent(uri=uri(root, 'defects/unmapped.yaml'),
                            type=types.FileChangeType.Changed)]))
        found = await published_for(s, ['defects/unmapped.yaml'], since)
        assert [d.code for d in found['defects/unmapped.yaml'].diagnostics] == [
            'HOT701', 'HOT701']
        # a file deleted: its diagnostics go with it
        os.remove(path)
        since = len(s.published)
        s.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([
            types.FileEvent(uri=uri(root, 'defects/unmapped.yaml'),
                            type=types.FileChangeType.Deleted)]))
        found = await published_for(s, ['defects/unmapped.yaml'], since)
        assert list(found['defects/unmapped.yaml'].diagnostics) == []

        # opened, edited and closed unsaved: the file is checked as it is on disk again
        target, _ = open_file(s, 'defects/cycle.yaml')
        await s.diagnostics(target, 1)
        s.change(target, 2, ((3, 10, 3, 20), 'OS::Heat::None'))
        assert await s.diagnostics(target, 2) == [] or s.pull
        since = len(s.published)
        s.close(target)
        found = await published_for(s, ['defects/cycle.yaml'], since,
                                    lambda p: len(p.diagnostics) > 0)
        assert brief(found['defects/cycle.yaml'].diagnostics) == [('HOT606', 3, 10)]

        # the mode switched off: every file's workspace diagnostics are cleared
        since = len(s.published)
        s.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={'hot-ls': {**WORKSPACE_MODE, 'diagnosticMode': 'open_files'}}))
        gone = [name for name in EXPECTED  # (the provider is open; unmapped.yaml is gone)
                if name not in ('defects/unmapped.yaml', 'providers/server.yaml')]
        found = await published_for(s, gone, since)
        assert all(list(p.diagnostics) == [] for p in found.values())


async def test_open_files_mode_reports_only_what_is_open(tmp_path):
    """The default: nothing is published for a file the editor has not opened, also after
    the index is built; asking for the workspace mode then checks them."""
    root = project_copy(tmp_path)
    caps = capabilities('vscode')
    caps.window = types.WindowClientCapabilities(work_done_progress=True)
    async with session(caps, {**FAST, 'environments': ['env.yaml']}, name='vscode',
                       folders=(root,)) as s:
        s.root = root

        async def indexed():
            while not any(getattr(v, 'kind', None) == 'end'
                          for v in s.client.progress_reports.get('hot-ls-index', [])):
                await asyncio.sleep(0.02)
        await asyncio.wait_for(indexed(), TIMEOUT)
        target, _ = open_file(s, 'defects/cycle.yaml')
        await s.diagnostics(target, 1)
        await s.quiet(0.5)
        assert {p.uri for p in s.published} == {target}
        since = len(s.published)
        s.client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
            settings={'hot-ls': WORKSPACE_MODE}))
        others = [name for name in EXPECTED if name != 'defects/cycle.yaml']
        found = await published_for(s, others, since)
        assert {name: brief(p.diagnostics) for name, p in found.items()} == {
            name: EXPECTED[name] for name in others}
        assert last_published(s, target, since) is None or \
            last_published(s, target, since).version == 1  # the open one: its own only


async def pass_over(s: Session) -> list:
    """The progress of the server's pass over the workspace, once it has ended."""
    async def ended():
        while True:
            for token, values in s.client.progress_reports.items():
                if str(token).startswith('hot-ls-check') and values and \
                        getattr(values[-1], 'kind', None) == 'end':
                    return values
            await asyncio.sleep(0.05)
    return await asyncio.wait_for(ended(), 300)


async def test_a_pass_over_the_workspace_reports_progress(tmp_path):
    root = project_copy(tmp_path)
    caps = capabilities('vscode')
    caps.window = types.WindowClientCapabilities(work_done_progress=True)
    async with session(caps, WORKSPACE_MODE, name='vscode', folders=(root,)) as s:
        s.root = root
        await published_for(s, EXPECTED)
        values = await pass_over(s)
        assert (values[0].kind, values[0].message) == ('begin', 'checking the workspace')
        assert values[-1].message == '11 files checked'


@needs_corpus
async def test_tripleo_gets_what_hot_ls_check_reports_file_by_file():
    """tht-master-rendered as the editor's folder, its registry as the environment, nothing
    open: every file's pushed diagnostics are those `hot-ls check` reports on it (code,
    place, message), the Jinja2 sources' note included."""
    tht = os.path.join(CORPUS, 'tht-master-rendered')
    registry = 'overcloud-resource-registry-puppet.yaml'
    caps = capabilities('vscode')
    caps.window = types.WindowClientCapabilities(work_done_progress=True)
    async with session(caps, {'environments': [registry], 'diagnosticMode': 'workspace'},
                       name='vscode', folders=(tht,)) as s:
        await pass_over(s)
        await s.quiet(0.2)
        pushed = {unquote(urlparse(p.uri).path): sorted(
            (d.code, d.range.start.line, d.range.start.character, d.message)
            for d in p.diagnostics) for p in s.published}
    report = json.loads(subprocess.run(
        [sys.executable, '-m', 'hot_ls', 'check', tht, '-e', os.path.join(tht, registry),
         '--format', 'json'], capture_output=True, text=True, cwd=tht).stdout)
    checked = {os.path.normpath(os.path.join(tht, f['path'])): sorted(
        (d['code'], d['line'] - 1, d['column'] - 1, d['message']) for d in f['diagnostics'])
        for f in report['files']}
    assert len(checked) > 500 and sum(map(len, checked.values())) > 400
    assert pushed == checked


async def test_the_settings_file_of_the_folder_asks_for_it_and_includes_a_file(tmp_path):
    """The mode and `include` from the folder's .hot-ls.toml, the editor sending no settings:
    the template and the file `include` names (a playbook, which Heat refuses) are reported,
    as `hot-ls check` reports them."""
    (tmp_path / '.hot-ls.toml').write_text(
        'diagnostic_mode = "workspace"\ninclude = ["play.yml"]\n')
    (tmp_path / 't.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::Nonee}\n')
    (tmp_path / 'play.yml').write_text('- hosts: all\n  tasks: []\n')
    (tmp_path / 'other.yml').write_text('- hosts: all\n  tasks: []\n')
    async with session(capabilities('vscode'), None, name='vscode',
                       folders=(str(tmp_path),)) as s:
        s.root = str(tmp_path)
        found = await published_for(s, ['t.yaml', 'play.yml'])
        assert brief(found['t.yaml'].diagnostics) == [('HOT701', 2, 12)]
        assert brief(found['play.yml'].diagnostics) == [('HOT003', 0, 0)]
        await s.quiet(0.3)
        assert last_published(s, uri(s.root, 'other.yml')) is None


async def test_the_log_says_what_the_workspace_mode_checks_and_when_it_finds_nothing(tmp_path):
    (tmp_path / 'full').mkdir()
    (tmp_path / 'full' / 't.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources: {}\n')
    (tmp_path / 'empty').mkdir()
    (tmp_path / 'empty' / 'playbook.yml').write_text('- hosts: all\n  tasks: []\n')
    for folder, expected in (('full', 'checking 1 Heat document of the workspace folders'),
                             ('empty', 'no Heat document in the workspace folders to check')):
        async with session(capabilities('vscode'), {'diagnosticMode': 'workspace'},
                           name='vscode', folders=(str(tmp_path / folder),)) as s:
            async def logged():
                while not any(expected in m.message for m in s.client.log_messages):
                    await asyncio.sleep(0.02)
            await asyncio.wait_for(logged(), TIMEOUT)
