"""Where hot-ls departs from pygls's built-in handling of the protocol.

Three things.  A request whose params do not have the shape its method
takes is answered with an InvalidParams error (pygls only logs it, and the
client waits for a reply that never comes).  And two, both so that there is
exactly one answer to "what does the client see":

- initialize: pygls picks the client's *first* offered position encoding;
  hot-ls picks with `Encoding.negotiate` (UTF-32, then UTF-8, else UTF-16),
  and only announces a diagnostic provider to clients that pull diagnostics.
  The decisions are `convert.client_features` / `convert.server_capabilities`.
- didOpen/didChange/didClose: pygls keeps its own copy of every document and
  applies edits before our handlers run, splitting lines where LSP does not
  and, for a column past a line's end, *rewriting the client's position in
  the params* it then hands on to us.  hot-ls's `DocumentStore` is the only
  copy, so these skip pygls's workspace and go straight to our handlers.
"""
from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from hot_ls.server import convert


class _Answered:
    """What a malformed request becomes once its error reply is sent: nothing to handle."""


ANSWERED = _Answered()


class HotProtocol(LanguageServerProtocol):

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if not ('id' in data and 'method' in data and 'jsonrpc' in data):
                raise  # a notification or a response: nobody waits for an answer
            cause = str(error.__cause__ or '').splitlines()
            detail = f': {cause[0]}' if cause else ''
            self._send_response(data['id'], error=JsonRpcException(
                message=f'{error.message} for {data["method"]}{detail}',
                code=error.code).to_response_error())
            return ANSWERED

    def handle_message(self, message):
        if message is ANSWERED:
            return
        super().handle_message(message)

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams):
        result = yield from super().lsp_initialize(params)
        features = getattr(self._server, 'client', None) or convert.client_features(
            params.capabilities)
        convert.server_capabilities(result.capabilities, features)
        return result

    def _to_user_handler(self, method: str, params):
        if (handler := self.fm.features.get(method)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams):
        yield from self._to_user_handler(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        yield from self._to_user_handler(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        yield from self._to_user_handler(types.TEXT_DOCUMENT_DID_CLOSE, params)
