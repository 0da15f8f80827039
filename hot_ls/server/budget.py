"""What a request may cost: a time budget, a size limit, and an answer in every case.

Every request handler and command is wrapped by `bounded` (app.create_server):

- a document larger than `FEATURE_SIZE_LIMIT` characters gets its
  diagnostics only: every other request about it answers null (what LSP
  calls "nothing here") without reading it.  The analysis of such a text is
  already bounded (hot_ls.syntax.skim: only its top-level keys are read);
  the features that read the text itself (completion, signature help) and
  the position conversions would still walk all of it on every keystroke.
- a request that has not finished after `REQUEST_BUDGET` seconds is
  cancelled and answered with an error (RequestFailed, `convert.Refusal`)
  saying so, never left hanging; a diagnostic pull with ServerCancelled and
  `retriggerRequest`, so that the client pulls again.  What it waited for
  (an analysis in a worker thread) runs on and is kept for the next
  request: a thread cannot be stopped, only no longer waited for; the
  structural limits (parse depth and size, alias expansion, the evaluator's
  value limits, yaql's quotas) bound that work.
"""
from __future__ import annotations

import asyncio
import dataclasses
import functools
import inspect
import logging
from typing import Any, Awaitable, Callable

from lsprotocol import types

from hot_ls.server import convert
from hot_ls.syntax.skim import SIZE_LIMIT

logger = logging.getLogger(__name__)

#: Seconds a request may take before it is cancelled and answered with an error.
REQUEST_BUDGET = 30.0
#: Characters beyond which a document gets its diagnostics only (Heat reads no larger
#: request, so no larger template can be deployed: hot_ls.syntax.skim).
FEATURE_SIZE_LIMIT = SIZE_LIMIT
#: The requests a document beyond FEATURE_SIZE_LIMIT still gets answered.
DIAGNOSTICS_ONLY = frozenset({types.TEXT_DOCUMENT_DIAGNOSTIC})


def too_large(ls: Any, params: Any) -> bool:
    """Whether the request names an open document beyond FEATURE_SIZE_LIMIT."""
    document = getattr(params, 'text_document', None)
    uri = getattr(document, 'uri', None)
    if not isinstance(uri, str):
        return False
    found = ls.documents.find(uri)
    return found is not None and len(found.text) > FEATURE_SIZE_LIMIT


def bounded(method: str, function: Callable[..., Awaitable[Any]]) -> Callable[..., Any]:
    """`function(ls, params)` for a request (or `function(ls, *arguments)` for a command),
    within the budget and the size limit."""
    @functools.wraps(function)
    async def run(ls, *arguments):
        if method not in DIAGNOSTICS_ONLY and arguments and too_large(ls, arguments[0]):
            return None
        seconds = REQUEST_BUDGET
        try:
            return await asyncio.wait_for(function(ls, *arguments), seconds)
        except asyncio.TimeoutError:
            logger.warning('%s took longer than %g s: cancelled', method, seconds)
            message = f'hot-ls: {method} took longer than {seconds:g} s and was cancelled'
            if method == types.TEXT_DOCUMENT_DIAGNOSTIC:
                # The client pulls again, and gets the analysis the first pull started.
                raise convert.Refusal(message, int(types.LSPErrorCodes.ServerCancelled),
                                      {'retriggerRequest': True}) from None
            raise convert.request_failed(message) from None
    return run


def handler_within_limits(handler: Any) -> Any:
    """An app.Handler whose function, if it answers a request, is `bounded`."""
    is_request = types.METHOD_TO_TYPES[handler.method][1] is not None
    if not (is_request and inspect.iscoroutinefunction(handler.function)):
        return handler  # notifications; initialize and shutdown answer at once
    return dataclasses.replace(handler, function=bounded(handler.method, handler.function))


def command_within_limits(function: Callable[..., Any]) -> Callable[..., Any]:
    """A command's function (workspace/executeCommand), `bounded` if it awaits anything."""
    if not inspect.iscoroutinefunction(function):
        return function  # it answers at once
    return bounded(types.WORKSPACE_EXECUTE_COMMAND, function)
