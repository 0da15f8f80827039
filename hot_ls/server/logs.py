"""Logging for the server: window/logMessage once connected, stderr before that.

Never stdout: over stdio that is the protocol stream.  Once the client is
connected, hot-ls's records go to it as window/logMessage (with their level as
the message type); stderr then gets only ERROR and worse, since editors show a
server's stderr as errors (Neovim logs every stderr line at ERROR level).
Before the connection, and after it ends, stderr gets everything.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from typing import Callable

FORMAT = '%(asctime)s %(levelname)s %(name)s: %(message)s'


class _WhileNotForwarding(logging.Filter):
    """Lets a record through to stderr when no client takes the logs, or when it is an error."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not _forwarding or record.levelno >= logging.ERROR


_forwarding: list[logging.Handler] = []  # the client handlers attached


def configure() -> None:
    """Log hot-ls at INFO (HOT_LS_LOG_LEVEL to change) and libraries at WARNING, to stderr
    until a client takes them."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(_WhileNotForwarding())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    level = os.environ.get('HOT_LS_LOG_LEVEL', 'INFO').upper()
    logging.getLogger('hot_ls').setLevel(getattr(logging, level, logging.INFO))


class ClientLogHandler(logging.Handler):
    """Forwards hot-ls's log records to the client, from any thread, via the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, send: Callable[[int, str], None],
                 level: int | None = None):
        # INFO and worse; DEBUG too when HOT_LS_LOG_LEVEL asks for it
        if level is None:
            level = min(logging.INFO, logging.getLogger('hot_ls').getEffectiveLevel())
        super().__init__(level)
        self._loop = loop
        self._send = send
        self._local = threading.local()
        self.setFormatter(logging.Formatter('%(name)s: %(message)s'))

    def emit(self, record: logging.LogRecord) -> None:
        if getattr(self._local, 'busy', False):
            return  # a record logged while sending one: do not loop
        try:
            text = self.format(record)
            self._loop.call_soon_threadsafe(self._deliver, record.levelno, text)
        except RuntimeError:
            pass  # the loop is closed: the session is over; stderr still has it

    def _deliver(self, level: int, text: str) -> None:
        self._local.busy = True
        try:
            self._send(level, text)
        except Exception:
            pass
        finally:
            self._local.busy = False


def attach(handler: logging.Handler) -> None:
    logging.getLogger('hot_ls').addHandler(handler)
    _forwarding.append(handler)


def detach(handler: logging.Handler) -> None:
    logging.getLogger('hot_ls').removeHandler(handler)
    if handler in _forwarding:
        _forwarding.remove(handler)
