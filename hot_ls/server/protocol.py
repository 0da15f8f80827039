"""Where hot-ls departs from pygls's built-in handling of the protocol.

So that there is exactly one answer to "what does the client see":

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
- a request whose params cannot be read (a malformed position, a missing
  field): pygls logs it and drops it, and the client waits forever; hot-ls
  answers it with an InvalidParams error saying what could not be read.
- an expected refusal (`convert.Refusal`, such as a rename of a pseudo
  parameter) is answered with its error and logged in one line, without the
  traceback pygls logs for every failed request.
"""
from __future__ import annotations

import contextvars
import logging
from concurrent.futures import Future
from typing import Any

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.language_server import lsp_method

from hot_ls.server import convert

logger = logging.getLogger(__name__)


class _Answered:
    """A request already answered with an error while it was being read: nothing to do."""

    jsonrpc = None


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

    def structure_message(self, data: dict[str, Any]):
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if not (isinstance(data, dict) and 'id' in data and 'method' in data):
                raise  # a notification, or a response: no one to answer
            cause = error.__cause__
            detail = f'{data["method"]}: the params cannot be read ({_first_line(cause)})' \
                if isinstance(error, JsonRpcInvalidParams) else f'{data["method"]}: {error}'
            logger.warning('answered request %s with an error: %s', data['id'], detail)
            self._send_response(data['id'], error=type(error)(detail).to_response_error())
            return _Answered()

    def handle_message(self, message):
        if isinstance(message, _Answered):
            return
        super().handle_message(message)

    def _send_handler_result(self, future: Future, *, msg_id):
        refusal = None if future.cancelled() else future.exception()
        if isinstance(refusal, convert.Refusal):
            self._request_futures.pop(msg_id, None)
            logger.info('refused request %s: %s', msg_id, refusal.message)
            self._send_response(msg_id, error=refusal.to_response_error())
            return
        super()._send_handler_result(future, msg_id=msg_id)

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


def _first_line(error: BaseException | None) -> str:
    text = str(error) if error is not None else 'invalid'
    return text.strip().splitlines()[0] if text.strip() else type(error).__name__
