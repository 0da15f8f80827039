"""The server's resource limits, end to end: a time budget per request, diagnostics only for
a document too large to deploy, and no queue of analyses when edits outrun them.

The first and the last run an instrumented server (instrumented_server.py): every analysis
takes at least a given time, as a large template's does on a slow machine, and the process
reports how many analyses ran and how much work ever waited in the executor's queue.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from lsp_session import CLEAN, FAST, TIMEOUT, Session, capabilities, session
from hot_ls.syntax.skim import SIZE_LIMIT

pytestmark = pytest.mark.asyncio(loop_scope='module')

INSTRUMENTED = [sys.executable, os.path.join(os.path.dirname(__file__), 'instrumented_server.py')]
CONTENT_MODIFIED = -32801
SERVER_CANCELLED = -32802
REQUEST_FAILED = -32803


def _hover(lsp: Session, uri: str, line: int, character: int):
    return lsp.client.text_document_hover(types.HoverParams(
        types.TextDocumentIdentifier(uri=uri), types.Position(line, character)))


async def _diagnostics_once_analysed(lsp: Session, uri: str, version: int):
    """The diagnostics of `version`: pushed, or pulled again while a pull is cancelled for
    taking longer than the budget (ServerCancelled, retriggerRequest: as the client would)."""
    if not lsp.pull:
        return await lsp.diagnostics(uri, version)
    for _ in range(100):
        try:
            return await lsp.diagnostics(uri, version)
        except JsonRpcException as error:
            assert error.code == SERVER_CANCELLED and error.data == {'retriggerRequest': True}
    raise AssertionError('never answered')


async def test_a_request_past_its_budget_is_cancelled_with_an_error(client_name, tmp_path):
    """An analysis takes 3 s and a request may take 0.5: the hover waiting for it is answered
    with RequestFailed; the analysis runs on, and the next hover is answered from it."""
    report = tmp_path / 'report.json'
    env = {'HOT_LS_TEST_REPORT': str(report), 'HOT_LS_TEST_ANALYSIS_SECONDS': '3',
           'HOT_LS_TEST_REQUEST_BUDGET': '0.5'}
    async with session(capabilities(client_name), FAST, name=client_name, command=INSTRUMENTED,
                       env=env) as lsp:
        uri = lsp.open('slow.yaml', CLEAN)
        with pytest.raises(JsonRpcException) as refused:
            await asyncio.wait_for(asyncio.wrap_future(_hover(lsp, uri, 3, 14)), TIMEOUT)
        assert refused.value.code == REQUEST_FAILED
        assert refused.value.message == ('hot-ls: textDocument/hover took longer than 0.5 s '
                                         'and was cancelled')
        await _diagnostics_once_analysed(lsp, uri, 1)
        answer = await asyncio.wait_for(asyncio.wrap_future(_hover(lsp, uri, 3, 14)), TIMEOUT)
        assert 'OS::Heat::None' in answer.contents.value
    assert json.loads(report.read_text(encoding='utf-8'))['analyses'] == 1


async def test_a_document_too_large_to_deploy_gets_diagnostics_only(lsp: Session):
    """Over Heat's request limit: HOT007 once, and every other request answers null."""
    body = ''.join(f'  r{i}:\n    type: OS::Heat::None\n' for i in range(40_000))
    text = 'heat_template_version: 2021-04-16\nresources:\n' + body
    assert len(text) > SIZE_LIMIT
    uri = lsp.open('too-large.yaml', text)
    assert [(d.code, d.message) for d in await lsp.diagnostics(uri, 1)] == [
        ('HOT007', f'Template size ({len(text)} bytes) exceeds maximum allowed size '
                   '(524288 bytes).')]
    document = types.TextDocumentIdentifier(uri=uri)
    at = types.Position(3, 12)
    whole = types.Range(types.Position(0, 0), at)
    requests = [
        lsp.client.text_document_hover_async(types.HoverParams(document, at)),
        lsp.client.text_document_completion_async(types.CompletionParams(document, at)),
        lsp.client.text_document_definition_async(types.DefinitionParams(document, at)),
        lsp.client.text_document_document_symbol_async(types.DocumentSymbolParams(document)),
        lsp.client.text_document_folding_range_async(types.FoldingRangeParams(document)),
        lsp.client.text_document_selection_range_async(
            types.SelectionRangeParams(document, [at])),
        lsp.client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(document)),
        lsp.client.text_document_inlay_hint_async(types.InlayHintParams(document, whole)),
        lsp.client.text_document_document_link_async(types.DocumentLinkParams(document)),
    ]
    answers = await asyncio.wait_for(asyncio.gather(*requests), TIMEOUT)
    assert answers == [None] * len(requests)
    lsp.close(uri)


async def test_edits_faster_than_analysis_never_queue_analyses(client_name, tmp_path):
    """Sixty edits, each followed by a hover, sent without waiting while each analysis takes
    0.3 s: every hover is answered (from its own version or ContentModified), the final text's
    diagnostics arrive, and no more than a few analyses ever ran, one at a time, with
    nothing waiting in the executor's queue."""
    report = tmp_path / 'report.json'
    env = {'HOT_LS_TEST_REPORT': str(report), 'HOT_LS_TEST_ANALYSIS_SECONDS': '0.3'}
    edits = 60
    async with session(capabilities(client_name), FAST, name=client_name, command=INSTRUMENTED,
                       env=env) as lsp:
        uri = lsp.open('burst.yaml', CLEAN)
        hovers = []
        for version in range(2, edits + 2):
            lsp.change(uri, version, ((0, 0, 0, 0), f'# {version}\n'))
            hovers.append(asyncio.wrap_future(_hover(lsp, uri, version - 1 + 3, 14)))
        answers = await asyncio.wait_for(asyncio.gather(*hovers, return_exceptions=True),
                                         TIMEOUT * 2)
        for answer in answers:
            if isinstance(answer, JsonRpcException):
                assert answer.code == CONTENT_MODIFIED, answer
            else:
                assert not isinstance(answer, BaseException), answer
        assert 'OS::Heat::None' in answers[-1].contents.value  # the last is always answered
        assert await lsp.diagnostics(uri, edits + 1) == []
    seen = json.loads(report.read_text(encoding='utf-8'))
    assert seen['most_running'] == 1
    assert seen['most_queued'] == 0
    assert seen['analyses'] <= 4, seen
