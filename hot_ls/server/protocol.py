"""Where hot-ls departs from pygls's built-in handling of the protocol.

Three things, all so that there is exactly one answer to "what does the client
see":

- initialize: pygls picks the client's *first* offered position encoding;
  hot-ls picks with `Encoding.negotiate` (UTF-32, then UTF-8, else UTF-16),
  and only announces a diagnostic provider to clients that pull diagnostics.
  The decisions are `convert.client_features` / `convert.server_capabilities`.
- didOpen/didChange/didClose: pygls keeps its own copy of every document and
  applies edits before our handlers run, splitting lines where LSP does not
  and, for a column past a line's end, *rewriting the client's position in
  the params* it then hands on to us.  hot-ls's `DocumentStore` is the only
  copy, so these skip pygls's workspace and go straight to our handlers.
- requests: a request is about the document as it was when the request
  arrived.  pygls starts an async handler as a task, which first runs after
  the messages read with it (often the next didChange) were handled; so the
  revision of the request's document is noted on arrival (`arrival`, a context
  variable the handler's task inherits) and `app.request_analysis` answers
  from that revision or not at all.
"""
from __future__ import annotations

import contextvars

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from hot_ls.server import convert


#: (uri, revision) of the request's document when the request arrived, or None
arrival: contextvars.ContextVar[tuple[str, int] | None] = contextvars.ContextVar(
    'hot_ls_request_arrival', default=None)


class HotProtocol(LanguageServerProtocol):

    def _handle_request(self, msg_id, method_name, params):
        arrival.set(self._revision_of(params))
        super()._handle_request(msg_id, method_name, params)

    def _revision_of(self, params) -> tuple[str, int] | None:
        uri = getattr(getattr(params, 'text_document', None), 'uri', None)
        documents = getattr(self._server, 'documents', None)
        document = documents.find(uri) if isinstance(uri, str) and documents is not None else None
        return (uri, document.revision) if document is not None else None

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
