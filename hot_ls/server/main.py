"""`hot-ls serve`: run the language server over stdio, or TCP with --tcp HOST:PORT."""
from __future__ import annotations

import importlib
import logging
import sys
import threading

from hot_ls.server import logs

logger = logging.getLogger(__name__)


def parse_address(text: str) -> tuple[str, int]:
    """HOST:PORT, [IPv6]:PORT or :PORT (localhost) into (host, port)."""
    host, sep, port = text.rpartition(':')
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ValueError(f'expected HOST:PORT, got {text!r}')
    host = host.strip('[]') or '127.0.0.1'
    return host, int(port)


def _import_server() -> None:
    """Import what the server needs, first what the first diagnostics need."""
    for name in ('hot_ls.server.app', 'hot_ls.rules', 'hot_ls.catalog'):
        try:
            importlib.import_module(name)
        except Exception:  # the main thread imports it again and reports the failure
            logger.exception('importing %s failed', name)
            return


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
        # The server (pygls, lsprotocol, the analysis) is imported in the background
        # while `initialize` is read and answered (see quick_start).
        loading = threading.Thread(target=_import_server, name='hot-ls-import', daemon=True)
        loading.start()
        # Over stdio, stdout is the protocol stream: anything else printed by
        # accident goes to stderr instead.
        stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
        sys.stdout = sys.stderr
        from hot_ls.server import quick_start
        read, answered = quick_start.answer_initialize(stdin, stdout)
        loading.join()
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
