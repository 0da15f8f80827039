"""Settings, robustness and the session lifecycle, end to end."""
from __future__ import annotations

import asyncio
import socket

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from lsp_session import (CLEAN, DUPLICATE, SERVER, TIMEOUT, UNKNOWN_VERSION, Session,
                         capabilities, make_client, server_env, session, stop, uri_for)

pytestmark = pytest.mark.asyncio(loop_scope='module')


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


# -- settings ----------------------------------------------------------------------

@pytest.mark.parametrize('client, options', [
    ('vscode', {'disable': ['HOT002'], 'debounceMs': 0}),
    ('neovim', {'disable': ['HOT002'], 'debounceMs': 0}),
    ('vscode', {'hot-ls': {'disable': ['HOT002'], 'debounce_ms': 0}}),
    ('vscode', {'hotLs': {'disable': ['duplicate-key']}}),
], ids=['vscode-flat', 'neovim-flat', 'vscode-hot-ls', 'vscode-hotLs'])
async def test_initialization_options_disable_a_rule(client: str, options):
    async with session(capabilities(client), options) as lsp:
        uri = lsp.open('duplicate.yaml', DUPLICATE + 'heat_template_version: 2099-01-01\n')
        # The duplicate keys are not reported; the other problems still are.
        found = codes(await lsp.diagnostics(uri, 1))
        assert 'HOT002' not in found and 'HOT103' in found
        assert lsp.client.messages == []


async def test_bad_settings_are_shown_once_and_fall_back(client_name: str):
    options = {'hot-ls': {'debounceMs': 'soon', 'disable': ['HOT002']}}
    async with session(capabilities(client_name), options) as lsp:
        uri = lsp.open('duplicate.yaml', DUPLICATE)
        assert codes(await lsp.diagnostics(uri, 1)) == []   # the good value applies
        await _until(lambda: len(lsp.client.messages) >= 1)
        [message] = lsp.client.messages
        assert message.type == types.MessageType.Warning
        assert 'debounce' in message.message

        # The same bad value again: not shown again.  A new one: shown.
        _configure(lsp, options)
        _configure(lsp, {'hot-ls': {'debounceMs': 'soon', 'disable': ['HOT002'], 'colour': 1}})
        await _until(lambda: len(lsp.client.messages) >= 2)
        await lsp.quiet(0.2)
        assert len(lsp.client.messages) == 2
        assert 'colour' in lsp.client.messages[1].message


async def test_did_change_configuration_reanalyses_open_documents(own_lsp: Session):
    lsp = own_lsp
    uri = lsp.open('duplicate.yaml', DUPLICATE)
    assert codes(await lsp.diagnostics(uri, 1)) == ['HOT002']
    mark = len(lsp.published)
    _configure(lsp, {'hotLs': {'disable': ['HOT002'], 'debounceMs': 0}})
    if lsp.pull:
        await _until_pulled(lsp, uri, lambda items: items == [])
        assert lsp.published == []
    else:
        params = await lsp.wait_published(uri, 1, since=mark)
        assert list(params.diagnostics) == []
    # And back.
    mark = len(lsp.published)
    _configure(lsp, {'hotLs': {}})
    if lsp.pull:
        await _until_pulled(lsp, uri, lambda items: codes(items) == ['HOT002'])
    else:
        params = await lsp.wait_published(uri, 1, since=mark)
        assert codes(params.diagnostics) == ['HOT002']


async def test_refresh_is_requested_from_pull_clients_that_support_it():
    caps = capabilities('neovim', refresh=True)
    async with session(caps, {'debounceMs': 0}) as lsp:
        uri = lsp.open('duplicate.yaml', DUPLICATE)
        assert codes(await lsp.diagnostics(uri, 1)) == ['HOT002']
        assert lsp.client.diagnostic_refresh_count == 0
        _configure(lsp, {'disable': ['HOT002']})
        await _until(lambda: lsp.client.diagnostic_refresh_count == 1)
        assert codes(await lsp.diagnostics(uri, 1)) == []
        assert lsp.published == []


async def test_configuration_is_pulled_when_the_client_sends_none():
    async with session(capabilities('vscode'), {'debounceMs': 0}) as lsp:
        uri = lsp.open('version.yaml', UNKNOWN_VERSION)
        assert codes((await lsp.wait_published(uri, 1)).diagnostics) == ['HOT103']
        lsp.client.set_configuration({'disable': ['HOT103']}, section='hot-ls')
        mark = len(lsp.published)
        _configure(lsp, None)
        assert codes((await lsp.wait_published(uri, 1, since=mark)).diagnostics) == []


# -- robustness ----------------------------------------------------------------------

async def test_a_failing_handler_does_not_end_the_server(lsp: Session):
    missing = uri_for('never-opened.yaml')
    # A request about a document never opened: refused (the client's mistake, not a failure).
    with pytest.raises(JsonRpcException, match='not open') as refused:
        await lsp.pull_report(missing)
    assert refused.value.code == types.LSPErrorCodes.RequestFailed
    # A notification: logged, nothing else.
    lsp.change(missing, 2, ((0, 0, 0, 0), 'x'))
    await _until(lambda: any('textDocument/didChange failed' in m.message
                             for m in lsp.client.log_messages))
    assert not any('textDocument/diagnostic failed' in m.message
                   for m in lsp.client.log_messages)
    # Still serving.
    uri = lsp.open('after.yaml', UNKNOWN_VERSION)
    assert codes(await lsp.diagnostics(uri, 1)) == ['HOT103']


async def test_garbage_text_gets_diagnostics_not_a_crash(lsp: Session):
    garbage = '\x00\ufeff{[: : -\n\t- ]]\u2028\r\n' * 50 + '😀' * 10
    # Text that shows nothing of Heat is not Heat's: the server says nothing of it.
    quiet = lsp.open('garbage-alone.yaml', garbage)
    assert codes(await lsp.diagnostics(quiet, 1)) == []
    # Meant as a template: its syntax errors.
    uri = lsp.open('garbage.yaml', 'heat_template_version: 2021-04-16\n' + garbage)
    assert 'HOT001' in codes(await lsp.diagnostics(uri, 1))
    lsp.change(uri, 2, ((0, 0, 1000, 0), CLEAN))  # an end past the end: clamps
    assert codes(await lsp.diagnostics(uri, 2)) == []


# -- lifecycle -----------------------------------------------------------------------

async def test_exit_without_shutdown_is_status_1():
    client = make_client()
    await client.start_io(*SERVER, env=server_env())
    try:
        await client.initialize_session(types.InitializeParams(capabilities=capabilities('vscode')))
        client.exit(None)
        assert await asyncio.wait_for(client._server.wait(), TIMEOUT) == 1
    finally:
        await stop(client)


async def test_serve_over_tcp():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        port = probe.getsockname()[1]
    process = await asyncio.create_subprocess_exec(
        *SERVER, '--tcp', f'127.0.0.1:{port}', env=server_env(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    client = make_client()
    try:
        for _ in range(200):
            try:
                await client.start_tcp('127.0.0.1', port)
                break
            except OSError:
                await asyncio.sleep(0.05)
        else:
            pytest.fail('the server never listened')
        await client.initialize_session(types.InitializeParams(capabilities=capabilities('vscode')))
        uri = uri_for('tcp.yaml')
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=UNKNOWN_VERSION)))
        await _until(lambda: any(p.uri == uri for p in client.published))
        assert codes(client.published[0].diagnostics) == ['HOT103']
        await client.shutdown_async(None)
        client.exit(None)
        assert await asyncio.wait_for(process.wait(), TIMEOUT) == 0
        stdout = await process.stdout.read()
        assert stdout == b''  # nothing on stdout when serving over TCP either
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
        await stop(client)


async def test_bad_tcp_address_is_a_usage_error():
    process = await asyncio.create_subprocess_exec(
        *SERVER, '--tcp', 'nowhere', env=server_env(),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    stdout, stderr = await asyncio.wait_for(process.communicate(), TIMEOUT)
    assert process.returncode == 2
    assert b'HOST:PORT' in stderr and stdout == b''


# -- helpers -------------------------------------------------------------------------

def _configure(lsp: Session, settings) -> None:
    lsp.client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=settings))


async def _until(predicate, timeout: float = TIMEOUT) -> None:
    async def poll():
        while not predicate():
            await asyncio.sleep(0.01)
    await asyncio.wait_for(poll(), timeout)


async def _until_pulled(lsp: Session, uri: str, predicate) -> None:
    """Pull until the report satisfies `predicate` (the change is a notification:
    the pull may overtake it)."""
    async def poll():
        while not predicate(list((await lsp.pull_report(uri)).items)):
            await asyncio.sleep(0.02)
    await asyncio.wait_for(poll(), TIMEOUT)

