"""`initialize` is answered before the server is imported, with the server's own reply."""
from __future__ import annotations

import io
import os
import sys

import pytest
from lsprotocol import types
from pytest_lsp import client_capabilities

from hot_ls.server import quick_start
from lsp_session import CLIENTS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
from gen_initialize_result import server_result  # noqa: E402


def _capabilities(name: str | None) -> types.ClientCapabilities:
    return client_capabilities(CLIENTS[name][0]) if name else types.ClientCapabilities()


@pytest.mark.parametrize('name', [None, *CLIENTS])
def test_the_quick_reply_is_the_servers(name):
    """For the recorded clients and a bare one: hot_ls/data/initialize_result.json, decided
    for the client, is what the full server replies (tools/gen_initialize_result.py)."""
    from pygls.protocol import default_converter
    capabilities = _capabilities(name)
    params = default_converter().unstructure(types.InitializeParams(capabilities=capabilities))
    assert quick_start.initialize_result(params) == server_result(capabilities)


def _framed(message: dict) -> bytes:
    return quick_start.frame(message)


def test_initialize_is_answered_and_handed_on():
    initialize = {'jsonrpc': '2.0', 'id': 7, 'method': 'initialize',
                  'params': {'capabilities': {'general': {'positionEncodings': ['utf-8']}}}}
    after = _framed({'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    stdin = io.BytesIO(_framed(initialize) + after)
    stdout = io.BytesIO()
    read, answered = quick_start.answer_initialize(stdin, stdout)
    assert answered == 7
    _, reply = quick_start.read_message(io.BytesIO(stdout.getvalue()))
    assert reply['id'] == 7 and reply['result']['capabilities']['positionEncoding'] == 'utf-8'
    assert 'diagnosticProvider' not in reply['result']['capabilities']
    # the real server reads the same bytes, the initialize first
    replay = quick_start.Replay(read, stdin)
    assert quick_start.read_message(replay)[1] == initialize
    assert quick_start.read_message(replay)[1]['method'] == 'initialized'
    # and its own reply to id 7 is not sent again; everything else is
    out = io.BytesIO()
    filtered = quick_start.Filtered(out, 7)
    filtered.write(_framed({'jsonrpc': '2.0', 'id': 7, 'result': {}}))
    filtered.write(_framed({'jsonrpc': '2.0', 'method': 'window/logMessage', 'params': {}}))
    filtered.write(_framed({'jsonrpc': '2.0', 'id': 7, 'result': None}))
    messages = []
    stream = io.BytesIO(out.getvalue())
    while (message := quick_start.read_message(stream)[1]) is not None:
        messages.append(message)
    assert [m.get('method', m.get('id')) for m in messages] == ['window/logMessage', 7]


def test_anything_else_first_is_left_to_the_server():
    first = _framed({'jsonrpc': '2.0', 'id': 1, 'method': 'shutdown'})
    stdin, stdout = io.BytesIO(first), io.BytesIO()
    read, answered = quick_start.answer_initialize(stdin, stdout)
    assert answered is None and read == first and stdout.getvalue() == b''
