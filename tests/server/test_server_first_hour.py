"""A user's first hour in the editor, end to end (issue 13): YAML that is not Heat's gets
nothing; the settings file is read as `hot-ls check` reads it, with the editor's settings
on top; misconfiguration is shown; clients without snippets get plain text; refusals and
malformed requests are answered; INFO goes to window/logMessage.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import Future

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path
from pytest_lsp import client_capabilities
from lsp_session import FAST, TIMEOUT, Session, capabilities, session

pytestmark = pytest.mark.asyncio(loop_scope='module')

PLAYBOOK = '- hosts: all\n  tasks:\n    - name: hello\n      debug: msg=hi\n'
KUBERNETES = 'apiVersion: v1\nkind: Pod\n---\napiVersion: v1\nkind: Service\n'
HELM = 'metadata:\n  name: {{ .Values.name }}\n  labels:\n    {{- include "x" . | nindent 4 }}\n'
UNKNOWN_SECTION = 'heat_template_version: 2021-04-16\nresources: {}\nfoo: 1\n'


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]


def open_file(lsp: Session, path, text: str, version: int = 1) -> str:
    """Open a document that is a real file (so its folder's settings file applies)."""
    path.write_text(text)
    uri = from_fs_path(str(path))
    lsp.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id='yaml', version=version, text=text)))
    return uri


async def complete(lsp: Session, uri: str, line: int, character: int) -> types.CompletionList:
    return await asyncio.wait_for(lsp.client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))),
        TIMEOUT)


async def until(condition, timeout: float = TIMEOUT) -> None:
    async def wait():
        while not condition():
            await asyncio.sleep(0.02)
    await asyncio.wait_for(wait(), timeout)


# -- YAML that is not Heat's -----------------------------------------------------------

@pytest.mark.parametrize('name, text', [('playbook.yml', PLAYBOOK), ('pod.yaml', KUBERNETES),
                                        ('chart.yaml', HELM)], ids=['ansible', 'k8s', 'helm'])
async def test_yaml_that_is_not_heat_gets_no_diagnostics_and_no_completion(
        lsp: Session, name: str, text: str):
    uri = lsp.open(f'not-heat-{lsp.name}-{name}', text)
    assert await lsp.diagnostics(uri, 1) == []
    assert list((await complete(lsp, uri, 1, 2)).items) == []
    hover = await lsp.client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(0, 1)))
    assert hover is None


async def test_a_document_becomes_a_template_as_its_version_is_typed(lsp: Session):
    uri = lsp.open(f'new-{lsp.name}.yaml', '')
    assert await lsp.diagnostics(uri, 1) == []
    # An empty document is offered only the way in.
    assert [i.label for i in (await complete(lsp, uri, 0, 0)).items] == ['heat_template_version']
    lsp.change(uri, 2, ((0, 0, 0, 0), 'heat_template_version: 2021'))
    found = await lsp.diagnostics(uri, 2, since=len(lsp.published))
    assert codes(found) == ['HOT102']  # half-typed: already a template, with its diagnostics
    lsp.change(uri, 3, ((0, 27, 0, 27), '-04-16\nfoo: 1\n'))
    assert codes(await lsp.diagnostics(uri, 3, since=len(lsp.published))) == ['HOT110']
    # And back: a playbook again.
    lsp.change(uri, 4, ((0, 0, 2, 0), PLAYBOOK))
    assert await lsp.diagnostics(uri, 4, since=len(lsp.published)) == []


async def test_broken_text_meant_as_heat_is_diagnosed(lsp: Session):
    uri = lsp.open(f'broken-heat-{lsp.name}.yaml',
                   'heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None\n')
    assert codes(await lsp.diagnostics(uri, 1)) == ['HOT001']


# -- one configuration -------------------------------------------------------------------

async def test_the_settings_file_applies_and_editor_settings_add_to_it(tmp_path, client_name):
    project = tmp_path / 'project'
    (project / 'templates').mkdir(parents=True)
    (project / '.hot-ls.toml').write_text('disable = ["HOT110"]\nexclude = ["generated/*"]\n'
                                          'include = ["heat/*.yaml"]\n')
    (project / 'generated').mkdir()
    (project / 'heat').mkdir()
    editor = {'hot-ls': {'disable': ['duplicate-key'], 'debounceMs': 10}}
    caps = capabilities(client_name)
    async with session(caps, editor, name=client_name) as lsp:
        text = UNKNOWN_SECTION + 'resources: {}\n'  # HOT110 (file) and HOT002 (editor)
        uri = open_file(lsp, project / 'templates' / 't.yaml', text)
        assert codes(await lsp.diagnostics(uri, 1)) == []
        # exclude: left alone, whatever it holds; include: a template whatever it holds
        excluded = open_file(lsp, project / 'generated' / 'g.yaml', 'heat_template_version: 1\n')
        assert await lsp.diagnostics(excluded, 1) == []
        included = open_file(lsp, project / 'heat' / 'bare.yaml', 'resources: []\nname: x\n')
        assert 'HOT101' in codes(await lsp.diagnostics(included, 1))
        # outside the project: neither the file's settings nor its globs
        elsewhere = open_file(lsp, tmp_path / 'other.yaml', text)
        assert codes(await lsp.diagnostics(elsewhere, 1)) == ['HOT110']


async def test_a_changed_settings_file_is_read_again(tmp_path):
    (tmp_path / '.hot-ls.toml').write_text('disable = ["HOT110"]\n')
    caps = capabilities('vscode')
    async with session(caps, FAST, name='vscode') as lsp:
        uri = open_file(lsp, tmp_path / 't.yaml', UNKNOWN_SECTION)
        assert codes(await lsp.diagnostics(uri, 1)) == []
        (tmp_path / '.hot-ls.toml').write_text('disable = []\n')
        mark = len(lsp.published)
        lsp.client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=from_fs_path(str(tmp_path / '.hot-ls.toml')),
                            type=types.FileChangeType.Changed)]))
        params = await lsp.wait_published(uri, 1, since=mark)
        assert codes(params.diagnostics) == ['HOT110']


async def test_flat_settings_of_neovim_are_read_through_workspace_configuration():
    """Neovim answers workspace/configuration from `settings = {...}`: given flat, its
    `hot-ls` section is null, and the server asks for all of it."""
    caps = capabilities('neovim', pull=False)
    assert caps.workspace.configuration
    async with session(caps, None, name='neovim 0.11') as lsp:
        lsp.client.set_configuration({'disable': ['HOT110'], 'debounceMs': 0})
        mark = len(lsp.published)
        lsp.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings=None))
        uri = lsp.open('flat.yaml', UNKNOWN_SECTION)
        # (a first publication may come before the configuration is read)
        await until(lambda: any(p.uri == uri and list(p.diagnostics) == []
                                for p in lsp.published[mark:]))
        assert codes(lsp.published[-1].diagnostics) == []


async def test_init_options_of_older_clients_apply():
    """Neovim before 0.11 answers workspace/configuration but does not say so, and sends no
    didChangeConfiguration: its settings reach the server as init_options."""
    caps = client_capabilities('neovim@v0.7.0')
    assert not caps.workspace.configuration
    async with session(caps, {'disable': ['unknown-section'], 'debounceMs': 0},
                       name='neovim 0.7') as lsp:
        uri = lsp.open('init.yaml', UNKNOWN_SECTION + 'resources: {}\n')
        assert codes((await lsp.wait_published(uri, 1)).diagnostics) == ['HOT002']


# -- misconfiguration is shown -------------------------------------------------------------

async def test_unknown_rules_and_missing_paths_in_the_settings_are_shown(tmp_path, client_name):
    (tmp_path / '.hot-ls.toml').write_text('disable = ["HOT999"]\ncatalogs = ["nowhere"]\n'
                                           'colour = 1\n')
    editor = {'disable': ['no-such-rule'], 'targetRelease': 'bogus', 'debounceMs': 0}
    async with session(capabilities(client_name), editor, name=client_name) as lsp:
        uri = open_file(lsp, tmp_path / 't.yaml', UNKNOWN_SECTION)
        await lsp.diagnostics(uri, 1)
        await until(lambda: len(lsp.client.messages) >= 5)
        await lsp.quiet(0.2)
        shown = sorted(m.message for m in lsp.client.messages)
        assert all(m.type == types.MessageType.Warning for m in lsp.client.messages)
        assert len(shown) == 5, shown
        # the editor goes on without what it cannot use (the CLI would stop)
        assert f'hot-ls: {tmp_path / ".hot-ls.toml"}: unknown setting "colour" (ignored)' in shown
        assert any('"HOT999" is not a hot-ls rule code or name' in m and '.hot-ls.toml' in m
                   for m in shown)
        assert any('"no-such-rule" is not a hot-ls rule code or name' in m
                   and 'editor settings' in m for m in shown)
        assert any('"bogus" is not a Heat release' in m for m in shown)
        assert any(f'{tmp_path / "nowhere"}: catalog path does not exist' in m for m in shown)


# -- clients without snippets -----------------------------------------------------------------

async def test_snippets_become_plain_text_without_placeholders_for_older_clients():
    caps = client_capabilities('neovim@v0.7.0')
    assert not caps.text_document.completion.completion_item.snippet_support
    text = ('heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::None}\n'
            '  b:\n    type: OS::Heat::Value\n    properties:\n      value: \n')
    async with session(caps, FAST, name='neovim 0.7') as lsp:
        uri = lsp.open('plain.yaml', text)
        await lsp.wait_published(uri, 1)
        items = {i.label: i for i in (await complete(lsp, uri, 6, 13)).items}
        for item in items.values():
            inserted = item.text_edit.new_text if item.text_edit else item.insert_text
            assert item.insert_text_format in (None, types.InsertTextFormat.PlainText)
            assert '${' not in inserted and '$0' not in inserted, inserted
        get_attr = items['get_attr']
        assert (get_attr.text_edit.new_text if get_attr.text_edit else get_attr.insert_text) \
            == '{get_attr: ['
        assert 'resource_name' not in str([i.text_edit for i in items.values()])


# -- refusals, malformed requests and logs ---------------------------------------------------

async def test_a_refused_rename_is_an_error_reply_without_a_traceback(lsp: Session):
    uri = lsp.open(f'refuse-{lsp.name}.yaml', 'heat_template_version: 2021-04-16\nparameters:\n'
                   '  a: {type: string}\n  b: {type: string}\n')
    await lsp.diagnostics(uri, 1)
    with pytest.raises(JsonRpcException, match='already'):
        await lsp.client.text_document_rename_async(types.RenameParams(
            types.TextDocumentIdentifier(uri), types.Position(2, 2), 'b'))
    await until(lambda: any('refused request' in m.message for m in lsp.client.log_messages))
    assert not any('Traceback' in m.message for m in lsp.client.log_messages)


async def test_a_malformed_request_gets_an_error_reply(lsp: Session):
    # Sent as raw JSON: the client's own types would refuse to write it.
    protocol, msg_id = lsp.client.protocol, f'malformed-{lsp.name}'
    reply: Future = Future()
    protocol._request_futures[msg_id] = reply
    protocol._send_data({'jsonrpc': '2.0', 'id': msg_id, 'method': types.TEXT_DOCUMENT_HOVER,
                         'params': {'textDocument': {'uri': 'file:///x.yaml'},
                                    'position': {'line': 'first', 'character': 0}}})
    with pytest.raises(JsonRpcException, match='textDocument/hover: the params cannot be read'):
        await asyncio.wait_for(asyncio.wrap_future(reply), TIMEOUT)
    uri = lsp.open(f'after-malformed-{lsp.name}.yaml', UNKNOWN_SECTION)
    assert codes(await lsp.diagnostics(uri, 1)) == ['HOT110']  # still serving


async def test_info_goes_to_log_messages(lsp: Session):
    await until(lambda: any('position encoding' in m.message for m in lsp.client.log_messages))
    [started] = [m for m in lsp.client.log_messages if 'position encoding' in m.message]
    assert started.type == types.MessageType.Info



async def test_completion_items_carry_no_filter_text_equal_to_their_label(lsp: Session):
    """Neovim before 0.10 replaces an item's range only when it has no filterText; given one
    it inserts after the last keyword, doubling `OS::Nova::` (found by hand in Neovim 0.7)."""
    uri = lsp.open(f'filter-{lsp.name}.yaml', 'heat_template_version: 2021-04-16\nresources:\n'
                   '  s:\n    type: OS::Nova::\n')
    await lsp.diagnostics(uri, 1)
    items = (await complete(lsp, uri, 3, 20)).items
    server = next(i for i in items if i.label == 'OS::Nova::Server')
    assert server.filter_text is None
    assert server.text_edit.range.start == types.Position(3, 10)
