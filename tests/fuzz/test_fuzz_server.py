"""Random LSP sessions against a live server (`python -m hot_ls serve` over stdio).

Each case is a sequence of editor moves on a few documents: open, edit
(ranges past the end of a line or of the document included), close, and
requests at arbitrary positions (past the end, inside a UTF-16 surrogate
pair), for documents never opened, some cancelled as soon as sent, some
malformed.  Properties: every request gets a reply (a result or an error,
never silence, and never an internal error: an exception escaping a
handler); the server stays up; every published diagnostic lies inside the
text of the version it was published for.

One server per client for the whole module (starting one per case would
cost a second each): its own event loop, driven case by case.
"""
from __future__ import annotations

import asyncio
import contextlib
import itertools

import pytest
from hypothesis import given, strategies as st
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from hot_ls.server.documents import Edit, apply_edit
from hot_ls.text import Encoding, LineIndex
from hot_ls.text.encoding import units_in
from lsp_session import CLEAN, DUPLICATE, FAST, TIMEOUT, WIDE, capabilities, session
import timings

INTERNAL_ERROR = -32603
TEXTS = [CLEAN, WIDE, DUPLICATE, '', 'heat_template_version: 2021-04-16\nresources:\n  a: {type: '
         'OS::Heat::None, properties: {x: {get_attr: [b, c]}}}\n  b: {type: OS::Heat::None}\n'
         'outputs:\n  o: {value: {str_replace: {template: "😀 $x", params: {$x: {get_param: p}}}}}\n',
         '[' * 1200 + ']' * 1200, '{get_param: ' * 400]
NAMES = ['a.yaml', 'b.yaml', 'never-opened.yaml']
REQUESTS = [
    types.TEXT_DOCUMENT_HOVER, types.TEXT_DOCUMENT_COMPLETION, types.TEXT_DOCUMENT_SIGNATURE_HELP,
    types.TEXT_DOCUMENT_DEFINITION, types.TEXT_DOCUMENT_REFERENCES,
    types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT, types.TEXT_DOCUMENT_PREPARE_RENAME,
    types.TEXT_DOCUMENT_RENAME, types.TEXT_DOCUMENT_DOCUMENT_SYMBOL,
    types.TEXT_DOCUMENT_FOLDING_RANGE, types.TEXT_DOCUMENT_SELECTION_RANGE,
    types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE,
    types.TEXT_DOCUMENT_CODE_ACTION, types.TEXT_DOCUMENT_DOCUMENT_LINK,
    types.TEXT_DOCUMENT_CODE_LENS, types.TEXT_DOCUMENT_INLAY_HINT, types.TEXT_DOCUMENT_DIAGNOSTIC,
    types.WORKSPACE_WILL_RENAME_FILES,
]

position = st.tuples(st.integers(0, 12), st.integers(0, 120))
operation = st.one_of(
    st.tuples(st.just('open'), st.sampled_from(NAMES[:2]), st.sampled_from(range(len(TEXTS)))),
    st.tuples(st.just('change'), st.sampled_from(NAMES[:2]),
              st.lists(st.tuples(position, position, st.sampled_from(
                  ['', 'x', '\n', '😀', '  - ', '{get_param: p}', 'type: OS::Nova::Server\n',
                   '\ud800', '[', '"'])), min_size=1, max_size=3)),
    st.tuples(st.just('close'), st.sampled_from(NAMES[:2])),
    st.tuples(st.just('request'), st.sampled_from(NAMES), st.sampled_from(REQUESTS), position,
              st.sampled_from(['wait', 'cancel', 'malformed', 'surrogate'])),
)


def _params(method: str, uri: str, at: tuple[int, int]):
    document = types.TextDocumentIdentifier(uri=uri)
    where = types.Position(*at)
    span = types.Range(types.Position(0, 0), where)
    return {
        types.TEXT_DOCUMENT_HOVER: lambda: types.HoverParams(text_document=document, position=where),
        types.TEXT_DOCUMENT_COMPLETION: lambda: types.CompletionParams(text_document=document, position=where),
        types.TEXT_DOCUMENT_SIGNATURE_HELP: lambda: types.SignatureHelpParams(text_document=document,
                                                                       position=where),
        types.TEXT_DOCUMENT_DEFINITION: lambda: types.DefinitionParams(text_document=document, position=where),
        types.TEXT_DOCUMENT_REFERENCES: lambda: types.ReferenceParams(
            text_document=document, position=where,
            context=types.ReferenceContext(include_declaration=True)),
        types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT: lambda: types.DocumentHighlightParams(
            text_document=document, position=where),
        types.TEXT_DOCUMENT_PREPARE_RENAME: lambda: types.PrepareRenameParams(text_document=document,
                                                                         position=where),
        types.TEXT_DOCUMENT_RENAME: lambda: types.RenameParams(
            text_document=document, position=where, new_name='renamed'),
        types.TEXT_DOCUMENT_DOCUMENT_SYMBOL: lambda: types.DocumentSymbolParams(text_document=document),
        types.TEXT_DOCUMENT_FOLDING_RANGE: lambda: types.FoldingRangeParams(text_document=document),
        types.TEXT_DOCUMENT_SELECTION_RANGE: lambda: types.SelectionRangeParams(
            text_document=document, positions=[where, types.Position(0, 0)]),
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL: lambda: types.SemanticTokensParams(text_document=document),
        types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE: lambda: types.SemanticTokensRangeParams(
            text_document=document, range=span),
        types.TEXT_DOCUMENT_CODE_ACTION: lambda: types.CodeActionParams(
            text_document=document, range=span, context=types.CodeActionContext(diagnostics=[])),
        types.TEXT_DOCUMENT_DOCUMENT_LINK: lambda: types.DocumentLinkParams(text_document=document),
        types.TEXT_DOCUMENT_CODE_LENS: lambda: types.CodeLensParams(text_document=document),
        types.TEXT_DOCUMENT_INLAY_HINT: lambda: types.InlayHintParams(text_document=document, range=span),
        types.TEXT_DOCUMENT_DIAGNOSTIC: lambda: types.DocumentDiagnosticParams(text_document=document),
        types.WORKSPACE_WILL_RENAME_FILES: lambda: types.RenameFilesParams(
            [types.FileRename(uri, uri.replace('.yaml', f'-{at[0]}/moved.yaml'))]),
    }[method]()


def _surrogate_position(text: str, fallback: tuple[int, int]) -> tuple[int, int]:
    """A UTF-16 position between the two halves of the first astral character, if any."""
    lines = LineIndex(text)
    for offset, char in enumerate(text):
        if ord(char) > 0xFFFF:
            line = lines.line_of(offset)
            return line, units_in(text[lines.line_start(line):offset], Encoding.UTF16) + 1
    return fallback


class Harness:
    """A server session and the client's model of the documents it opened."""

    def __init__(self, lsp):
        self.lsp = lsp
        self.encoding = Encoding(lsp.encoding)
        self.texts: dict[str, str] = {}       # uri -> current text
        self.versions = itertools.count(1)    # one sequence for every uri: no version reused
        self.sent: dict[tuple[str, int], str] = {}  # (uri, version) -> text
        self.replies = 0
        self.requests = 0

    def uri(self, name: str) -> str:
        return f'file:///tmp/hot-ls-fuzz/{name}'

    async def run(self, operations) -> None:
        self.requests = self.replies = 0
        try:
            for op in operations:
                await getattr(self, op[0])(*op[1:])
        finally:
            for name in NAMES[:2]:  # leave the server with nothing open
                await self.close(name)

    async def open(self, name: str, which: int) -> None:
        uri = self.uri(name)
        if uri in self.texts:
            await self.close(name)
        version = next(self.versions)
        self.texts[uri] = TEXTS[which]
        self.sent[uri, version] = TEXTS[which]
        self.lsp.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id='yaml', version=version,
                                   text=TEXTS[which])))

    async def change(self, name: str, edits) -> None:
        uri = self.uri(name)
        if uri not in self.texts:
            return
        version = next(self.versions)
        text = self.texts[uri]
        for start, end, new in edits:
            text = apply_edit(text, Edit(new, start, end), self.encoding)
        self.texts[uri] = self.sent[uri, version] = text
        self.lsp.change(uri, version, *[((*s, *e), new) for s, e, new in edits])

    async def close(self, name: str) -> None:
        uri = self.uri(name)
        if self.texts.pop(uri, None) is not None:
            self.lsp.close(uri)

    async def request(self, name: str, method: str, at: tuple[int, int], how: str) -> None:
        uri = self.uri(name)
        if method == types.TEXT_DOCUMENT_DIAGNOSTIC and not self.lsp.pull:
            return
        if how == 'surrogate':
            at = _surrogate_position(self.texts.get(uri, ''), at)
        protocol = self.lsp.client.protocol
        self.requests += 1
        if how == 'malformed':
            ident = f'malformed-{self.requests}'
            future = asyncio.get_running_loop().create_future()
            protocol._request_futures[ident] = future
            protocol._send_data({'jsonrpc': '2.0', 'id': ident, 'method': method,
                                 'params': {'textDocument': 'here', 'position': [1, 2]}})
        else:
            ident = f'request-{self.requests}'
            future = protocol.send_request_async(method, _params(method, uri, at), msg_id=ident)
            if how == 'cancel':
                protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=ident))
        try:
            await asyncio.wait_for(future, TIMEOUT)
        except JsonRpcException as error:
            assert error.code != INTERNAL_ERROR, (method, how, error)
            if how == 'malformed':
                assert error.code == -32602, error  # InvalidParams
        self.replies += 1

    def check_published(self) -> None:
        """Every published diagnostic lies inside its version's text."""
        for params in self.lsp.published:
            text = self.sent.get((params.uri, params.version))
            if text is None:
                continue
            lines = LineIndex(text)
            for diagnostic in params.diagnostics:
                for where in (diagnostic.range.start, diagnostic.range.end):
                    assert where.line < lines.line_count, (where, params.version)
                    line = lines.line_text(where.line).rstrip('\r\n')
                    assert where.character <= units_in(line, self.encoding), (where, line)


@pytest.fixture(scope='module', params=['vscode', 'neovim'])
def harness(request):
    """A server for the module, in an event loop of its own (hypothesis calls the test
    synchronously, once per case)."""
    loop = asyncio.new_event_loop()
    stack = contextlib.AsyncExitStack()
    lsp = loop.run_until_complete(stack.enter_async_context(
        session(capabilities(request.param), FAST, name=request.param)))
    harness = Harness(lsp)
    # Warm up (the first analysis and features load the catalog and their modules), so that
    # the slowest case reported is the slowest input, not the first one.
    loop.run_until_complete(harness.run([('open', 'a.yaml', 0)] + [
        ('request', 'a.yaml', method, (3, 10), 'wait') for method in REQUESTS]))
    try:
        yield loop, harness
    finally:
        loop.run_until_complete(stack.aclose())
        loop.close()


@given(operations=st.lists(operation, min_size=1, max_size=12))
def test_random_sessions(harness, operations):
    loop, h = harness
    label = f'server ({h.lsp.name})'
    with timings.record(label, repr(operations)):
        loop.run_until_complete(h.run(operations))
    assert h.replies == h.requests
    h.check_published()
