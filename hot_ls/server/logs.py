"""Logging for the server: stderr always, and window/logMessage once connected.

Never stdout: over stdio that is the protocol stream.
"""
from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from typing import Callable

FORMAT = '%(asctime)s %(levelname)s %(name)s: %(message)s'


def configure() -> None:
    """Log hot-ls at INFO (HOT_LS_LOG_LEVEL to change) and libraries at WARNING, to stderr."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING)
    level = os.environ.get('HOT_LS_LOG_LEVEL', 'INFO').upper()
    logging.getLogger('hot_ls').setLevel(getattr(logging, level, logging.INFO))


class ClientLogHandler(logging.Handler):
    """Forwards hot-ls's log records to the client, from any thread, via the event loop."""

    def __init__(self, loop: asyncio.AbstractEventLoop, send: Callable[[int, str], None],
                 level: int = logging.INFO):
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


def detach(handler: logging.Handler) -> None:
    logging.getLogger('hot_ls').removeHandler(handler)
