"""Edits and requests interleaved without waiting, as a fast typist's editor sends them.

Each request is answered from the text it was sent against, or refused as
ContentModified (ServerCancelled with retriggerRequest for a diagnostic pull):
a selection range sent at one version never comes back with a range that only
exists in a later one.
"""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from lsp_session import TIMEOUT, Session
from pygls.exceptions import JsonRpcException

pytestmark = pytest.mark.asyncio(loop_scope='module')

HEADER = 'heat_template_version: 2021-04-16\nresources:\n'
EDITS = 30


def resource(index: int) -> str:
    return f'  r{index}:\n    type: OS::Heat::None\n'


def text_at(count: int) -> str:
    return HEADER + ''.join(resource(i) for i in range(count))


def now(future) -> asyncio.Future:
    """A request sent at once, in order with the notifications (the client's `*_async`
    methods send only when first awaited)."""
    return asyncio.wrap_future(future)


def outermost(selection: types.SelectionRange) -> types.Range:
    while selection.parent is not None:
        selection = selection.parent
    return selection.range


async def test_interleaved_edits_and_requests_answer_their_own_version(lsp: Session):
    uri = lsp.open('versions-interleaved.yaml', text_at(1))
    sent = []  # (the number of resources at the request's version, its future)
    for count in range(2, EDITS + 2):
        line = 2 + 2 * (count - 1)  # the new resource's key line
        lsp.change(uri, count, ((line, 0, line, 0), resource(count - 1)))
        position = types.Position(line, 3)
        sent.append((count, 'selection', now(lsp.client.text_document_selection_range(
            types.SelectionRangeParams(types.TextDocumentIdentifier(uri=uri), [position])))))
        sent.append((count, 'symbols', now(lsp.client.text_document_document_symbol(
            types.DocumentSymbolParams(types.TextDocumentIdentifier(uri=uri))))))
        if lsp.pull:
            sent.append((count, 'pull', now(lsp.client.text_document_diagnostic(
                types.DocumentDiagnosticParams(types.TextDocumentIdentifier(uri=uri))))))
    answers = await asyncio.wait_for(asyncio.gather(*(f for _, _, f in sent),
                                                    return_exceptions=True), TIMEOUT * 2)
    answered = 0
    for (count, kind, _), answer in zip(sent, answers):
        if isinstance(answer, JsonRpcException):
            if kind == 'pull':
                assert answer.code == -32802 and answer.data == {'retriggerRequest': True}
            else:
                assert answer.code == -32801, answer  # ContentModified
            continue
        assert not isinstance(answer, BaseException), answer
        answered += 1
        lines = text_at(count).count('\n')
        if kind == 'selection':
            whole = outermost(answer[0])
            assert (whole.start.line, whole.end.line) == (0, lines - 1) or \
                (whole.start.line, whole.end.line) == (0, lines), (count, whole)
            assert answer[0].range.start.line == 2 + 2 * (count - 1)
        elif kind == 'symbols':
            resources = next(s for s in answer if s.name == 'resources')
            assert [c.name for c in resources.children] == [f'r{i}' for i in range(count)]
        else:
            assert answer.kind == 'full'
    # The last version's requests always get their answer: nothing comes after them.
    assert answered >= 2
    last = [a for (count, kind, _), a in zip(sent, answers) if count == EDITS + 1 and kind != 'pull']
    assert all(not isinstance(a, BaseException) for a in last)
    lsp.close(uri)


async def test_edits_then_a_pause_publish_the_final_text(lsp: Session):
    """A burst of edits ends with the diagnostics of the final text (pushed or pulled)."""
    uri = lsp.open('versions-burst.yaml', text_at(1))
    for count in range(2, 12):
        line = 2 + 2 * (count - 1)
        lsp.change(uri, count, ((line, 0, line, 0), '  bad' + str(count) + ':\n    type: 42\n'))
    diagnostics = await lsp.diagnostics(uri, 11)
    lines = {d.range.start.line for d in diagnostics}
    assert {2 + 2 * (count - 1) + 1 for count in range(2, 12)} <= lines
    lsp.close(uri)
