"""Fixtures for the server tests; the helpers are in lsp_session.py.

`lsp` is one server per test module and client (as esbonio's e2e tests share
theirs): tests on it use their own document URIs and do not change settings.
Tests that need their own settings or capabilities start a `session` of their
own.  The e2e modules run in a module-scoped event loop for this.
"""
from __future__ import annotations

from typing import AsyncIterator

import pytest
import pytest_asyncio
from lsp_session import CLIENTS, FAST, Session, capabilities, session


@pytest.fixture(params=list(CLIENTS))
def client_name(request) -> str:
    return request.param


@pytest_asyncio.fixture(scope='module', loop_scope='module', params=list(CLIENTS))
async def lsp(request) -> AsyncIterator[Session]:
    """A server shared by a module's tests, as VS Code or Neovim 0.11, short debounce."""
    async with session(capabilities(request.param), FAST, name=request.param) as s:
        yield s


@pytest_asyncio.fixture(loop_scope='module', params=list(CLIENTS))
async def own_lsp(request) -> AsyncIterator[Session]:
    """A server for one test, as VS Code or Neovim 0.11, short debounce."""
    async with session(capabilities(request.param), FAST, name=request.param) as s:
        yield s
