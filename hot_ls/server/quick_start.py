"""Answer `initialize` before pygls, lsprotocol and the analysis are imported.

Importing pygls and lsprotocol (thousands of attrs classes) and hot-ls's rules,
catalog, evaluator and features takes a second or two; an editor waits for the
`initialize` reply before it sends anything else (and `hot-ls serve`, what
editors run, skips the other commands' parsers, which import the analysis:
cli/main.py).  So `hot-ls serve` over stdio reads the first message itself:

- `initialize`: answered at once with the `InitializeResult` the full server
  gives (`hot_ls/data/initialize_result.json`, written by
  `tools/gen_initialize_result.py` from the server itself and held to it by
  tests/server/test_quick_start.py), with what depends on the client decided
  as the server decides it: the position encoding (`Encoding.negotiate`),
  whether a diagnostic provider is announced (only to clients that pull),
  whether file renames are asked about (only by clients that declare
  `willRename`), and what pygls's capability builder reads of the client
  (willSave/willSaveWaitUntil in textDocumentSync when the client declares
  them, rename options for a client with prepareSupport).
- then the message is handed on to the real server as if it had just arrived
  (`Replay`), so pygls and hot-ls set themselves up from it exactly as
  before; their own reply to it is not sent twice (`Filtered`).

Anything else first (a client that does not start with `initialize`) is
handed on untouched and the real server answers it.  Plain Python and json:
this module must stay quick to import.
"""
from __future__ import annotations

import io
import json
import os
import re
from typing import Any, BinaryIO

_LENGTH = re.compile(rb'^Content-Length: (\d+)\r\n$', re.IGNORECASE)
RESULT_PATH = os.path.join(os.path.dirname(os.path.dirname(__file__)), 'data',
                           'initialize_result.json')


def read_message(stream: BinaryIO) -> tuple[bytes, dict | None]:
    """One framed message: its raw bytes, and its JSON (None at the end of the stream or
    when it is not JSON)."""
    raw = b''
    length = None
    while True:
        line = stream.readline()
        if not line:
            return raw, None
        raw += line
        match = _LENGTH.match(line)
        if match:
            length = int(match.group(1))
        if line == b'\r\n':
            break
    if length is None:
        return raw, None
    body = stream.read(length)
    raw += body
    try:
        message = json.loads(body)
    except ValueError:
        return raw, None
    return raw, message if isinstance(message, dict) else None


def initialize_result(params: Any) -> dict:
    """The reply the full server gives to these initialize params."""
    from hot_ls import __version__
    from hot_ls.text import Encoding
    with open(RESULT_PATH, encoding='utf-8') as fh:
        result = json.load(fh)
    capabilities = params.get('capabilities') if isinstance(params, dict) else None
    capabilities = capabilities if isinstance(capabilities, dict) else {}
    general = capabilities.get('general') if isinstance(capabilities.get('general'), dict) else {}
    offered = general.get('positionEncodings') or []
    encoding = Encoding.negotiate([str(e) for e in offered] if isinstance(offered, list) else [])
    text_document = capabilities.get('textDocument')
    text_document = text_document if isinstance(text_document, dict) else {}
    server = result['capabilities']
    server['positionEncoding'] = encoding.value
    if text_document.get('diagnostic') is None:
        server.pop('diagnosticProvider', None)
    if not _table(_table(capabilities, 'workspace'), 'fileOperations').get('willRename'):
        server['workspace']['fileOperations'].pop('willRename', None)
    synchronization = _table(text_document, 'synchronization')
    for key in ('willSave', 'willSaveWaitUntil'):  # declared by the client: False (no handler)
        if synchronization.get(key) is not None:
            server['textDocumentSync'][key] = False
    if _table(text_document, 'rename').get('prepareSupport'):
        server['renameProvider'] = {'prepareProvider': True}
    result['serverInfo']['version'] = __version__
    return result


def _table(parent: dict, key: str) -> dict:
    value = parent.get(key)
    return value if isinstance(value, dict) else {}


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode('utf-8')
    return b'Content-Length: %d\r\n\r\n%s' % (len(body), body)


def answer_initialize(stdin: BinaryIO, stdout: BinaryIO) -> tuple[bytes, Any]:
    """Read the first message; answer it if it is `initialize`.  Returns its raw bytes
    (to be handed on) and the id answered (None: nothing was answered)."""
    raw, message = read_message(stdin)
    if message is None or message.get('method') != 'initialize' or 'id' not in message:
        return raw, None
    try:
        result = initialize_result(message.get('params'))
    except Exception:  # anything odd: let the real server answer
        return raw, None
    stdout.write(frame({'jsonrpc': '2.0', 'id': message['id'], 'result': result}))
    stdout.flush()
    return raw, message['id']


class Replay:
    """stdin with the messages already read put back in front (readline and read, as
    pygls's reader uses them)."""

    def __init__(self, prefix: bytes, stream: BinaryIO):
        self._prefix = io.BytesIO(prefix)
        self._left = len(prefix)
        self._stream = stream

    def readline(self) -> bytes:
        if self._left:
            line = self._prefix.readline()
            self._left -= len(line)
            return line
        return self._stream.readline()

    def read(self, size: int = -1) -> bytes:
        if self._left:
            data = self._prefix.read(size if size >= 0 and size <= self._left else self._left)
            self._left -= len(data)
            if size >= 0 and len(data) < size:
                data += self._stream.read(size - len(data))
            return data
        return self._stream.read(size)


class Filtered:
    """stdout that drops the real server's reply to the request already answered."""

    def __init__(self, stream: BinaryIO, answered: Any):
        self._stream = stream
        self._answered = answered

    def write(self, data: bytes) -> Any:
        if self._answered is not None:
            header, _, body = bytes(data).partition(b'\r\n\r\n')
            try:
                message = json.loads(body)
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get('id') == self._answered \
                    and 'method' not in message:
                self._answered = None
                return len(data)
        return self._stream.write(data)

    def flush(self) -> None:
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()
