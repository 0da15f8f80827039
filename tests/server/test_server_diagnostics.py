"""Diagnostics end to end, as VS Code (push) and as Neovim 0.11 (pull)."""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from lsp_session import (CLEAN, CLIENTS, COLUMNS, DUPLICATE, LINE, UNKNOWN_VERSION, WIDE, Session,
                         capabilities, session)

from hot_ls.rules import analyze
from hot_ls.text import LineIndex

pytestmark = pytest.mark.asyncio(loop_scope='module')

def span(d: types.Diagnostic | types.Location) -> tuple[int, int, int, int]:
    r = d.range
    return (r.start.line, r.start.character, r.end.line, r.end.character)


def with_code(diagnostics, code: str) -> list[types.Diagnostic]:
    return [d for d in diagnostics if d.code == code]


async def test_capabilities(lsp: Session):
    caps = lsp.result.capabilities
    _, model, encoding = CLIENTS[lsp.name]
    assert lsp.result.server_info.name == 'hot-ls'
    assert caps.position_encoding == encoding
    assert caps.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert caps.text_document_sync.open_close
    if model == 'pull':
        assert caps.diagnostic_provider.identifier == 'hot-ls'
        assert caps.diagnostic_provider.inter_file_dependencies is False
    else:
        assert caps.diagnostic_provider is None


async def test_unknown_version(lsp: Session):
    uri = lsp.open('version.yaml', UNKNOWN_VERSION)
    diagnostics = await lsp.diagnostics(uri, 1)
    assert [(d.code, span(d)) for d in diagnostics] == [('HOT103', (0, 23, 0, 33))]
    [d] = diagnostics
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.source == 'hot-ls'
    assert d.message.startswith('The template version is invalid')
    assert d.data == {'replacements': ['2021-04-16', '2018-08-31', '2018-03-02']}
    assert d.code_description is None


async def test_duplicate_key_has_related_information(lsp: Session):
    uri = lsp.open('duplicate.yaml', DUPLICATE)
    diagnostics = await lsp.diagnostics(uri, 1)
    assert [(d.code, span(d)) for d in diagnostics] == [('HOT002', (4, 2, 4, 3))]
    [d] = diagnostics
    assert d.severity == types.DiagnosticSeverity.Warning
    [related] = d.related_information
    assert related.location.uri == uri
    assert span(related.location) == (2, 2, 2, 3)
    assert related.message == 'first defined here'


async def test_related_information_only_if_supported(client_name: str):
    caps = capabilities(client_name)
    caps.text_document.publish_diagnostics.related_information = False
    async with session(caps, {'debounceMs': 0}) as lsp:
        uri = lsp.open('duplicate.yaml', DUPLICATE)
        [d] = await lsp.diagnostics(uri, 1)
        assert d.code == 'HOT002'
        assert d.related_information is None


async def test_incremental_edits(lsp: Session):
    uri = lsp.open('edit.yaml', CLEAN)
    assert await lsp.diagnostics(uri, 1) == []

    lsp.change(uri, 2, ((0, 23, 0, 33), '2099-01-01'))
    assert [(d.code, span(d)) for d in await lsp.diagnostics(uri, 2)] == [
        ('HOT103', (0, 23, 0, 33))]

    lsp.change(uri, 3, ((0, 23, 0, 33), '2021-04-16'))
    assert await lsp.diagnostics(uri, 3) == []

    # Several changes in one notification apply in order, each to the text the
    # previous one left: append a duplicate resource, then break the version.
    lsp.change(uri, 4, ((4, 0, 4, 0), '  r:\n    type: OS::Heat::None\n'),
               ((0, 23, 0, 27), '2099'))
    assert [(d.code, span(d)) for d in await lsp.diagnostics(uri, 4)] == [
        ('HOT103', (0, 23, 0, 33)), ('HOT002', (4, 2, 4, 3))]

    # Delete the duplicate (lines 4-5) again.
    lsp.change(uri, 5, ((4, 0, 6, 0), ''))
    assert [d.code for d in await lsp.diagnostics(uri, 5)] == ['HOT103']


async def test_rapid_edits_analyse_only_the_final_text(client_name: str):
    # Default settings: the 200 ms debounce.
    async with session(capabilities(client_name), None) as lsp:
        uri = lsp.open('typing.yaml', CLEAN)
        assert await lsp.diagnostics(uri, 1) == []
        lsp.change(uri, 2, ((0, 23, 0, 33), ''))
        version = 2
        for column, char in enumerate('2099-01-01', start=23):  # typed one key at a time
            version += 1
            lsp.change(uri, version, ((0, column, 0, column), char))
            await asyncio.sleep(0.02)  # a fast typist: well inside the debounce
        assert version == 12
        diagnostics = await lsp.diagnostics(uri, version)
        assert [(d.code, span(d)) for d in diagnostics] == [('HOT103', (0, 23, 0, 33))]
        await lsp.quiet()
        if lsp.pull:
            assert lsp.published == []
        else:
            # One analysis for the opening and one for the last edit: the
            # intermediate texts were never analysed, let alone published.
            assert [p.version for p in lsp.published if p.uri == uri] == [1, 12]


async def test_pull_client_never_gets_pushed_push_client_never_asked(lsp: Session):
    uri = lsp.open('model.yaml', DUPLICATE)
    if CLIENTS[lsp.name][1] == 'pull':
        report = await lsp.pull_report(uri)
        assert [d.code for d in report.items] == ['HOT002']
        lsp.change(uri, 2, ((0, 23, 0, 33), '2099-01-01'))
        assert [d.code for d in (await lsp.pull_report(uri)).items] == ['HOT103', 'HOT002']
        lsp.close(uri)
        await lsp.quiet()
        assert lsp.published == []
    else:
        params = await lsp.wait_published(uri, 1)
        assert [d.code for d in params.diagnostics] == ['HOT002']
        lsp.change(uri, 2, ((0, 23, 0, 33), '2099-01-01'))
        assert [d.code for d in (await lsp.wait_published(uri, 2)).diagnostics] == [
            'HOT103', 'HOT002']
        mark = len(lsp.published)
        lsp.close(uri)
        cleared = await lsp.wait_published(uri, None, since=mark)
        assert list(cleared.diagnostics) == []


async def test_neovim_without_pull_capability_is_pushed_to():
    async with session(capabilities('neovim', pull=False), {'debounceMs': 0}) as lsp:
        assert lsp.result.capabilities.diagnostic_provider is None
        uri = lsp.open('push.yaml', UNKNOWN_VERSION)
        params = await lsp.wait_published(uri, 1)
        assert [(d.code, span(d)) for d in params.diagnostics] == [('HOT103', (0, 23, 0, 33))]


async def test_pull_result_ids():
    async with session(capabilities('neovim'), {'debounceMs': 0}) as lsp:
        uri = lsp.open('ids.yaml', UNKNOWN_VERSION)
        first = await lsp.pull_report(uri)
        assert first.kind == 'full' and first.result_id
        again = await lsp.pull_report(uri, previous=first.result_id)
        assert again.kind == 'unchanged' and again.result_id == first.result_id
        lsp.change(uri, 2, ((0, 23, 0, 33), '2021-04-16'))
        after = await lsp.pull_report(uri, previous=first.result_id)
        assert after.kind == 'full' and list(after.items) == [] and after.result_id != first.result_id


async def test_yaml_syntax_error_while_typing(lsp: Session):
    text = ('heat_template_version: 2021-04-16\n'
            'resources:\n'
            '  server:\n'
            '    type: OS::Nova::Server\n'
            '    properties:\n')
    uri = lsp.open('typing.yaml', text)
    assert with_code(await lsp.diagnostics(uri, 1), 'HOT001') == []
    lsp.change(uri, 2, ((5, 0, 5, 0), '      flavor: '))
    lsp.change(uri, 3, ((5, 14, 5, 14), '{get_param: '))
    typed = text + '      flavor: {get_param: '
    errors = with_code(await lsp.diagnostics(uri, 3), 'HOT001')
    assert len(errors) == 1
    [error] = errors
    assert error.severity == types.DiagnosticSeverity.Error
    # Where the analysis of the same text puts it: the edits were applied right.
    [expected] = [d for d in analyze(typed).diagnostics if d.code == 'HOT001']
    lines = LineIndex(typed)
    start, end = lines.position(expected.start), lines.position(expected.end)
    assert span(error) == (start.line, start.character, end.line, end.character)
    assert start.line >= 5

    lsp.change(uri, 4, ((5, 26, 5, 26), 'flavor}'))
    assert with_code(await lsp.diagnostics(uri, 4), 'HOT001') == []


async def test_save_analyses_at_once():
    # A long debounce: the save, not the timer, produces the diagnostics.
    async with session(capabilities('vscode'), {'debounceMs': 10000}) as lsp:
        uri = lsp.open('save.yaml', CLEAN)
        assert list((await lsp.wait_published(uri, 1)).diagnostics) == []
        lsp.change(uri, 2, ((0, 23, 0, 33), '2099-01-01'))
        lsp.client.text_document_did_save(types.DidSaveTextDocumentParams(
            types.TextDocumentIdentifier(uri=uri)))
        params = await lsp.wait_published(uri, 2)
        assert [d.code for d in params.diagnostics] == ['HOT103']


async def test_documents_are_independent_and_need_not_be_files(lsp: Session):
    a = lsp.open('a.yaml', UNKNOWN_VERSION)
    b = lsp.open('b.yaml', DUPLICATE)
    untitled = 'untitled:Untitled-1'  # no filesystem path
    lsp.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=untitled, language_id='yaml', version=1, text=UNKNOWN_VERSION)))
    lsp.change(a, 2, ((0, 23, 0, 33), '2021-04-16'))
    assert await lsp.diagnostics(a, 2) == []
    assert [d.code for d in await lsp.diagnostics(b, 1)] == ['HOT002']
    assert [d.code for d in await lsp.diagnostics(untitled, 1)] == ['HOT103']


async def test_position_encoding_is_hot_ls_choice_not_the_client_order():
    # pygls alone would take the client's first choice, utf-16.
    async with session(capabilities('neovim', encodings=['utf-16', 'utf-8'])) as lsp:
        assert lsp.result.capabilities.position_encoding == 'utf-8'


@pytest.mark.parametrize('encoding', list(COLUMNS))
async def test_positions_and_edits_in_each_encoding(client_name: str, encoding: str):
    key, after_emoji = COLUMNS[encoding]
    # The constants are what the encodings say (checked here, not by the server).
    prefix = LINE[:LINE.rindex(', r:') + 2]
    assert key == {'utf-32': len(prefix), 'utf-16': len(prefix.encode('utf-16-le')) // 2,
                   'utf-8': len(prefix.encode())}[encoding]
    emoji = LINE[:LINE.index('😀') + 1]
    assert after_emoji == {'utf-32': len(emoji), 'utf-16': len(emoji.encode('utf-16-le')) // 2,
                           'utf-8': len(emoji.encode())}[encoding]

    caps = capabilities(client_name, encodings=[encoding])
    async with session(caps, {'debounceMs': 0}) as lsp:
        assert lsp.result.capabilities.position_encoding == encoding
        uri = lsp.open('wide.yaml', WIDE)
        [d] = with_code(await lsp.diagnostics(uri, 1), 'HOT002')
        assert span(d) == (2, key, 2, key + 1)
        assert span(d.related_information[0].location) == (2, 12, 2, 13)

        # Rename the duplicate: the edit lands only if its column is read in `encoding`.
        lsp.change(uri, 2, ((2, key, 2, key + 1), 's'))
        diagnostics = await lsp.diagnostics(uri, 2)
        assert with_code(diagnostics, 'HOT002') == [] and with_code(diagnostics, 'HOT001') == []

        # Type right after the emoji, then rename back: the duplicate is one further right.
        lsp.change(uri, 3, ((2, after_emoji, 2, after_emoji), '!'))
        lsp.change(uri, 4, ((2, key + 1, 2, key + 2), 'r'))
        [d] = with_code(await lsp.diagnostics(uri, 4), 'HOT002')
        assert span(d) == (2, key + 1, 2, key + 2)
        assert with_code(await lsp.diagnostics(uri, 4), 'HOT001') == []


async def test_a_large_document_does_not_block_the_others(lsp: Session):
    """Analysis runs off the event loop: a small document opened just after a
    large one gets its diagnostics first."""
    big = CLEAN + ''.join(f'  r{i}:\n    type: OS::Heat::None\n    properties:\n'
                          f'      a: {{get_resource: r}}\n' for i in range(6000))
    finished: list[str] = []

    async def diagnose(name: str, text: str):
        uri = lsp.open(name, text)
        await asyncio.sleep(0)
        diagnostics = await lsp.diagnostics(uri, 1)
        finished.append(name)
        return diagnostics

    large, small = await asyncio.gather(diagnose('large.yaml', big),
                                        diagnose('small.yaml', UNKNOWN_VERSION))
    assert finished == ['small.yaml', 'large.yaml']
    assert [d.code for d in small] == ['HOT103']
    assert with_code(large, 'HOT001') == []
