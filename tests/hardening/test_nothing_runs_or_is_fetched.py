"""Nothing executes, nothing is fetched, nothing is written: `hot-ls check` and a server session.

Both run in a child process under an audit hook (guard.py) that records
every socket opened (and its address family), every connection, name
lookup, URL request, process start and file opened, until the process
exits.  The workspace holds a template whose `get_file`s and provider name
a URL, an absolute path outside the workspace, a path escaping through
`..`, a `file://` URL outside it and a symbolic link pointing out of it,
and the configuration names a plugin directory whose modules write a file,
open a socket, exit and loop forever when imported
(fixtures/plugins/side_effects).  Then:

- no network socket (AF_INET, AF_INET6) is created, nothing connects,
  looks a name up or requests a URL (asyncio's loop has an AF_UNIX
  socketpair of its own: that is all);
- no process is started, no file is opened for writing;
- no file outside the workspace is opened, not even to check that it
  exists (the targets above are never read);
- each refused target gets its HOT608 (or HOT605) saying why;
- the plugins' schemas are there (they were read with `ast`), and the
  file their import would write does not exist.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from lsprotocol import types

from helpers import FIXTURES, ROOT

GUARD = os.path.join(os.path.dirname(__file__), 'guard.py')

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    resources:
      inside:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: scripts/ok.sh}
      url:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: "https://example.invalid/boot.sh"}
      absolute:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: OUTSIDE/secret.sh}
      dotdot:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: ../outside/secret.sh}
      link:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: scripts/link.sh}
      file_url:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: "file://OUTSIDE/secret.sh"}
      provider:
        type: ../outside/nested.yaml
      plugin:
        type: SideEffects::Writer
        properties:
          path: /tmp/never
    ''')

UNKNOWN = ', so its content is unknown here'
EXPECTED_HOT608 = [
    (10, 'https://example.invalid/boot.sh is a URL: hot-ls never fetches anything'),
    (14, 'OUTSIDE/secret.sh is outside the workspace folders and search paths: hot-ls does not '
         'read it'),
    (18, '../outside/secret.sh is outside the workspace folders and search paths: hot-ls does '
         'not read it'),
    (22, 'scripts/link.sh is a symbolic link leading outside the workspace: hot-ls does not '
         'read it'),
    (26, 'file://OUTSIDE/secret.sh is outside the workspace folders and search paths: hot-ls '
         'does not read it'),
]


@pytest.fixture
def workspace(tmp_path) -> Path:
    """tmp/ws (the workspace, with the template and its configuration) and tmp/outside."""
    outside = tmp_path / 'outside'
    outside.mkdir()
    (outside / 'secret.sh').write_text('echo secret\n', encoding='utf-8')
    (outside / 'nested.yaml').write_text('heat_template_version: 2021-04-16\n', encoding='utf-8')
    ws = tmp_path / 'ws'
    (ws / 'scripts').mkdir(parents=True)
    (ws / 'scripts' / 'ok.sh').write_text('echo ok\n', encoding='utf-8')
    os.symlink(outside / 'secret.sh', ws / 'scripts' / 'link.sh')
    plugins = tmp_path / 'plugins'
    shutil.copytree(os.path.join(FIXTURES, 'plugins', 'side_effects'), plugins,
                    ignore=shutil.ignore_patterns('native'))
    (ws / '.hot-ls.toml').write_text(f'plugin_paths = ["{plugins}"]\n', encoding='utf-8')
    (ws / 'stack.yaml').write_text(TEMPLATE.replace('OUTSIDE', str(outside)), encoding='utf-8')
    return ws


def guard_env(report: Path) -> dict[str, str]:
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(p for p in (ROOT, env.get('PYTHONPATH')) if p)
    env['PYTHONDONTWRITEBYTECODE'] = '1'  # the interpreter's own caches are not hot-ls's
    env['HOT_LS_GUARD_REPORT'] = str(report)
    return env


def assert_nothing_happened(report: Path, workspace: Path) -> None:
    seen = json.loads(report.read_text(encoding='utf-8'))
    assert seen['network'] == [], seen['network']
    assert seen['processes'] == [], seen['processes']
    assert seen['written'] == [], seen['written']
    outside = str(workspace.parent / 'outside')
    assert [p for p in seen['opened'] if p.startswith(outside)] == []
    assert [p for p in seen['looked_at'] if p.startswith(outside)] == []
    assert not (workspace.parent / 'plugins' / 'WRITTEN').exists()
    assert seen['unix_sockets'] <= 2  # asyncio's self-pipe (the server only)


def test_check_runs_nothing_and_reads_only_the_workspace(workspace, tmp_path):
    report = tmp_path / 'guard.json'
    result = subprocess.run([sys.executable, GUARD, 'check', '--format', 'json', 'stack.yaml'],
                            cwd=workspace, env=guard_env(report), capture_output=True,
                            text=True, timeout=300)
    assert result.returncode in (0, 1), result.stderr
    diagnostics = json.loads(result.stdout)['files'][0]['diagnostics']
    refused = [(d['line'], d['message'].removesuffix(UNKNOWN))
               for d in diagnostics if d['code'] == 'HOT608']
    outside = str(workspace.parent / 'outside')
    assert refused == [(line, message.replace('OUTSIDE', outside))
                       for line, message in EXPECTED_HOT608]
    messages = {d['code']: d['message'] for d in diagnostics}
    assert 'outside the workspace folders and search paths' in messages['HOT605']
    # the plugin's type is known (its schema read with ast): its property is checked
    assert not [d for d in diagnostics if d['code'] == 'HOT101' and 'SideEffects' in d['message']]
    assert_nothing_happened(report, workspace)


def guarded_session(workspace: Path, report: Path, options: dict, drive) -> list:
    """A server session under the guard, in the workspace folder: `drive(client, uri)` does
    what the editor does; the diagnostics last published for stack.yaml."""
    from lsp_session import TIMEOUT, capabilities, make_client
    uri = (workspace / 'stack.yaml').as_uri()

    async def session() -> list[types.Diagnostic]:
        client = make_client()
        await client.start_io(sys.executable, GUARD, 'serve', env=guard_env(report),
                              cwd=str(workspace))
        try:
            await asyncio.wait_for(client.initialize_session(types.InitializeParams(
                capabilities=capabilities('vscode'), initialization_options=options,
                workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name='ws')])),
                TIMEOUT)
            await drive(client, uri)

            async def published():
                while not any(p.uri == uri for p in client.published):
                    await asyncio.sleep(0.05)
                return [p for p in client.published if p.uri == uri][-1].diagnostics
            diagnostics = await asyncio.wait_for(published(), TIMEOUT)
            await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
            return diagnostics
        finally:
            process = client._server
            if process is not None and process.returncode is None:
                await asyncio.wait_for(process.wait(), TIMEOUT)
            await client.stop()
    return asyncio.run(session())


def assert_refused_as_expected(diagnostics: list, workspace: Path) -> None:
    refused = sorted((d.range.start.line + 1, d.message.removesuffix(UNKNOWN))
                     for d in diagnostics if d.code == 'HOT608')
    outside = str(workspace.parent / 'outside')
    assert refused == [(line, message.replace('OUTSIDE', outside))
                       for line, message in EXPECTED_HOT608]


def test_a_server_session_runs_nothing_and_reads_only_the_workspace(workspace, tmp_path):
    from lsp_session import TIMEOUT

    async def drive(client, uri):
        text = (workspace / 'stack.yaml').read_text(encoding='utf-8')
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=text)))
        for line in (9, 13, 17, 21, 27):  # hover and definition on each refused target
            at = types.Position(line, 30)
            await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri), position=at)), TIMEOUT)
            await asyncio.wait_for(client.text_document_definition_async(
                types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri),
                                       position=at)), TIMEOUT)
        await asyncio.wait_for(client.text_document_document_link_async(
            types.DocumentLinkParams(text_document=types.TextDocumentIdentifier(uri))),
            TIMEOUT)

    report = tmp_path / 'guard.json'
    diagnostics = guarded_session(workspace, report, {'debounceMs': 10}, drive)
    assert_refused_as_expected(diagnostics, workspace)
    assert_nothing_happened(report, workspace)


def test_the_workspace_mode_runs_nothing_and_reads_only_the_workspace(workspace, tmp_path):
    """`diagnostic_mode = "workspace"`, nothing opened: the template is checked in the
    background, with the same refusals, and nothing more happens than when it is opened."""
    async def drive(client, uri):
        return None  # the editor opens nothing

    report = tmp_path / 'guard.json'
    diagnostics = guarded_session(workspace, report, {'diagnosticMode': 'workspace'}, drive)
    assert_refused_as_expected(diagnostics, workspace)
    assert_nothing_happened(report, workspace)
