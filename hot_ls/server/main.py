"""`hot-ls serve`: run the language server over stdio, or TCP with --tcp HOST:PORT."""
from __future__ import annotations

import logging
import sys

from hot_ls.server import logs

logger = logging.getLogger(__name__)


def parse_address(text: str) -> tuple[str, int]:
    """HOST:PORT, [IPv6]:PORT or :PORT (localhost) into (host, port)."""
    host, sep, port = text.rpartition(':')
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f'expected HOST:PORT, got {text!r}')
    host = host.strip('[]') or '127.0.0.1'
    return host, int(port)


def serve(tcp: str | None = None) -> int:
    """Serve until the client says exit.  0 after a shutdown request, else 1 (LSP)."""
    address = None
    if tcp is not None:
        try:
            address = parse_address(tcp)
        except ValueError as exc:
            print(f'hot-ls serve: --tcp: {exc}', file=sys.stderr)
            return 2
    logs.configure()
    if address is None:
        # `initialize` is read and answered before the server (pygls, lsprotocol, the
        # analysis) is imported (see quick_start).  Not meanwhile: an import in another
        # thread holds the interpreter, and the editor waits for that reply.
        # Over stdio, stdout is the protocol stream: anything else printed by
        # accident goes to stderr instead.
        stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
        sys.stdout = sys.stderr
        from hot_ls.server import quick_start
        read, answered = quick_start.answer_initialize(stdin, stdout)
        stdin, stdout = quick_start.Replay(read, stdin), quick_start.Filtered(stdout, answered)
    from hot_ls.server.app import create_server
    server = create_server()
    try:
        if address is None:
            server.start_io(stdin, stdout)
        else:
            server.start_tcp(*address)
    except SystemExit:
        pass  # the exit notification
    except KeyboardInterrupt:
        return 130
    finally:
        server.close_session()
    return 0 if server.shutdown_requested else 1
