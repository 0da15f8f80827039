"""End-to-end helpers: the real server (`python -m hot_ls serve`) driven by pytest-lsp.

Clients are described by the capability sets pytest-lsp ships, recorded from
real editors:

- ``visual-studio-code`` (v1.65.2): no ``textDocument.diagnostic`` (pull came
  in VS Code 1.67), no ``general.positionEncodings`` -> push diagnostics, UTF-16.
- ``neovim`` (v0.11.0): declares ``textDocument.diagnostic`` and offers
  utf-8, utf-16, utf-32 -> pull diagnostics, UTF-32.

so parametrising over the two covers both diagnostic models.  Tests drive
either through `Session`, whose `diagnostics()` pulls or waits for a push as
the client would.
"""
from __future__ import annotations

import asyncio
import contextlib
import copy
import os
import sys
from pathlib import Path
from typing import Any, AsyncIterator

from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SERVER = [sys.executable, '-m', 'hot_ls', 'serve']
TIMEOUT = 15.0

CLIENTS = {
    # name: (pytest-lsp capability set, diagnostics model, negotiated encoding)
    'vscode': ('visual-studio-code@v1.65.2', 'push', 'utf-16'),
    'neovim': ('neovim@v0.11.0', 'pull', 'utf-32'),
}

CLEAN = """\
heat_template_version: 2021-04-16
resources:
  r:
    type: OS::Heat::None
"""

UNKNOWN_VERSION = """\
heat_template_version: 2099-01-01
resources:
  r:
    type: OS::Heat::None
"""

DUPLICATE = """\
heat_template_version: 2021-04-16
resources:
  r:
    type: OS::Heat::None
  r:
    type: OS::Heat::None
"""


# The second "r" comes after CJK text and an emoji (a surrogate pair in UTF-16,
# four bytes in UTF-8) on the same line.
LINE = 'resources: {r: {type: OS::Heat::None, metadata: {note: "日本語のテンプレート😀"}}, r: {type: OS::Heat::None}}'
WIDE = f'heat_template_version: 2021-04-16\ndescription: "日本語のテンプレート"\n{LINE}\n'
# column of the second "r" / of the end of the emoji, per encoding
COLUMNS = {'utf-32': (72, 67), 'utf-16': (73, 68), 'utf-8': (95, 90)}


def server_env() -> dict[str, str]:
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(p for p in (ROOT, env.get('PYTHONPATH')) if p)
    env.setdefault('HOT_LS_LOG_LEVEL', 'DEBUG')
    return env


def capabilities(client: str, *, encodings: list[str] | None = None, pull: bool | None = None,
                 refresh: bool | None = None, configuration: bool | None = None,
                 ) -> types.ClientCapabilities:
    """A client's recorded capabilities, optionally changed."""
    caps = copy.deepcopy(client_capabilities(CLIENTS[client][0]))
    if encodings is not None:
        caps.general = caps.general or types.GeneralClientCapabilities()
        caps.general.position_encodings = encodings
    if pull is not None:
        caps.text_document.diagnostic = (
            types.DiagnosticClientCapabilities(dynamic_registration=False) if pull else None)
    if refresh is not None:
        caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=refresh)
    if configuration is not None:
        caps.workspace.configuration = configuration
    return caps


def _record_publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)  # type: ignore[attr-defined]


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # every publishDiagnostics, in order
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    register_lsp_features(client, features)
    return client


def uri_for(name: str) -> str:
    return f'file:///tmp/hot-ls-tests/{name}'


class Session:
    """A client connected to a running server, with the editor's moves as helpers."""

    def __init__(self, client: LanguageClient, result: types.InitializeResult, name: str):
        self.client = client
        self.name = name  # a key of CLIENTS, or a description
        self.result = result
        self.pull = result.capabilities.diagnostic_provider is not None
        self.encoding = result.capabilities.position_encoding or 'utf-16'

    @property
    def published(self) -> list[types.PublishDiagnosticsParams]:
        return self.client.published  # type: ignore[attr-defined]

    def open(self, name: str, text: str, version: int = 1) -> str:
        uri = uri_for(name)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id='yaml', version=version, text=text)))
        return uri

    def change(self, uri: str, version: int, *edits: tuple[tuple[int, int, int, int], str]):
        """Incremental edits: ((start line, start char, end line, end char), new text)."""
        changes = [types.TextDocumentContentChangePartial(
            range=types.Range(types.Position(r[0], r[1]), types.Position(r[2], r[3])), text=text)
            for r, text in edits]
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version), changes))

    def close(self, uri: str) -> None:
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            types.TextDocumentIdentifier(uri=uri)))

    async def pull_report(self, uri: str, previous: str | None = None):
        return await asyncio.wait_for(self.client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri=uri),
                                           previous_result_id=previous)), TIMEOUT)

    async def wait_published(self, uri: str, version: int | None, since: int = 0
                             ) -> types.PublishDiagnosticsParams:
        """The first publishDiagnostics for `uri` at `version` after index `since`."""
        async def first():
            while True:
                for params in self.published[since:]:
                    if params.uri == uri and params.version == version:
                        return params
                await asyncio.sleep(0.01)
        return await asyncio.wait_for(first(), TIMEOUT)

    async def diagnostics(self, uri: str, version: int, since: int = 0) -> list[types.Diagnostic]:
        """The diagnostics of `uri` at `version`, the way this client gets them."""
        if self.pull:
            report = await self.pull_report(uri)
            assert report.kind == 'full'
            return list(report.items)
        return list((await self.wait_published(uri, version, since)).diagnostics)

    async def quiet(self, seconds: float = 0.4) -> None:
        """Let the server finish whatever it would still send."""
        await asyncio.sleep(seconds)


@contextlib.asynccontextmanager
async def session(caps: types.ClientCapabilities, options: Any = None,
                  name: str = 'custom', args: tuple[str, ...] = (),
                  folders: tuple[str, ...] = (), command: list[str] | None = None,
                  env: dict[str, str] | None = None) -> AsyncIterator[Session]:
    """A server session; `folders`: the workspace folders the editor opened; `command`
    instead of SERVER and `env` added to the server's environment, for an instrumented one."""
    client = make_client()
    await client.start_io(*(command or SERVER), *args, env={**server_env(), **(env or {})})
    try:
        workspace_folders = [types.WorkspaceFolder(uri=Path(f).as_uri(), name=os.path.basename(f))
                             for f in folders] or None
        result = await asyncio.wait_for(client.initialize_session(types.InitializeParams(
            capabilities=caps, initialization_options=options,
            client_info=types.ClientInfo(name=name), workspace_folders=workspace_folders)),
            TIMEOUT)
        yield Session(client, result, name)
        await asyncio.wait_for(client.shutdown_session(), TIMEOUT)
        # shutdown then exit: the server ends with status 0 (LSP).
        assert client._server.returncode == 0
    finally:
        await stop(client)


async def stop(client: LanguageClient) -> None:
    """Stop the client; a server still running (a test failed) is killed first, or
    pygls's `stop` would wait for it forever."""
    process = client._server
    if process is not None and process.returncode is None:
        process.kill()
        await process.wait()
    await client.stop()


FAST = {'debounceMs': 10}
