"""Diagnostics of files no editor has open (`diagnostic_mode = "workspace"` or `"stacks"`).

An editor shows the problems of the documents it has open, but a project of
many templates (TripleO's hundreds, joined by environments and provider
templates) has problems in files nobody opened: a parameter a provider
template stops declaring breaks the template that uses it.  In workspace
mode, every Heat document of the editor's workspace folders that is not open
gets the diagnostics it would get if it were opened (the same analysis,
among the same files, the editor's unsaved buffers included), published for
its URI, so the editor's problem list covers the whole project.  In stacks
mode, only the templates the open templates' stacks use get them (what
`hot-ls check` of the open templates checks): the set changes as templates
are opened, closed and edited (`rescope`).

They are made again when the file changes on disk, when a file its analysis
read changes (an open buffer's parameters, a provider template, an
environment: `reads`), and for every file when the settings change; they are
cleared when the file goes away or stops being a Heat document, when the
editor opens it (its own diagnostics take over), and when the mode is
switched off.

The files are checked one at a time, in the background, and only while no
open document's analysis is waiting (`quiet`): the pass never delays typing
by more than one file's analysis.  Nothing is kept of an analysis but the
file's URI and what it read.

Plain asyncio: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

import asyncio
import logging
import os
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Iterable

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Checked:
    """What is known of a file whose diagnostics were published."""

    uri: str
    reads: frozenset[str]  # the other files its analysis read (absolute paths)


@dataclass(frozen=True)
class Result:
    """A file's check: what to publish for it, and what it read."""

    uri: str
    payload: Any
    reads: frozenset[str]


@dataclass
class Hooks:
    """What the driver asks of the server."""

    #: every file the workspace mode covers now (the Heat documents of the folders in scope)
    candidates: Callable[[], Awaitable[list[str]]]
    #: whether a file is covered: in an editor folder whose settings ask for workspace mode
    in_scope: Callable[[str], bool]
    is_open: Callable[[str], bool]
    #: the file's diagnostics, or None when it gets none (gone, unreadable, not Heat's)
    check: Callable[[str], Awaitable[Result | None]]
    publish: Callable[[Any], None]
    clear: Callable[[str], None]  # a URI's diagnostics cleared
    #: returns once no open document waits for its analysis
    quiet: Callable[[], Awaitable[None]]
    #: (files checked, files queued in all) as a pass goes on; (n, n) when it is over
    progress: Callable[[int, int], None] = lambda done, total: None


class WorkspaceDiagnostics:
    def __init__(self, hooks: Hooks) -> None:
        self.hooks = hooks
        self._queue: dict[str, None] = {}  # an ordered set of absolute paths
        self._checked: dict[str, Checked] = {}
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task | None = None
        self._done = 0  # files checked since the queue was last empty
        self._draining = False
        self.idle_waiters: list[asyncio.Future] = []
        self._scoping: asyncio.Lock | None = None  # one look at the files in scope at a time

    # -- what to check -------------------------------------------------------------------
    async def check_all(self) -> None:
        """Check every file in scope again (a new index, new settings); clear the files
        checked before that are no longer covered."""
        self._enqueue(await self._covered())

    async def rescope(self) -> None:
        """The files in scope may have changed (stacks mode: a template opened, closed or
        restructured): clear those no longer covered, check those newly covered."""
        candidates = await self._covered()
        self._enqueue([path for path in candidates
                       if path not in self._checked and path not in self._queue])

    async def _covered(self) -> list[str]:
        """The files in scope now; the diagnostics of those checked before that are not are
        cleared (one still queued is left out when its turn comes: `_check`)."""
        if self._scoping is None:
            self._scoping = asyncio.Lock()
        async with self._scoping:
            candidates = [os.path.abspath(p) for p in await self.hooks.candidates()]
            covered = set(candidates)
            for path in list(self._checked):
                if path not in covered:
                    self._drop(path)
            return candidates

    def files_changed(self, paths: Iterable[str], everything: bool = False) -> None:
        """Files changed (on disk, or what an open buffer shows of itself to others): check
        them, and every checked file that read one of them, again (`everything`: every
        checked file, as when the stacks reach other templates than before)."""
        changed = {os.path.abspath(p) for p in paths}
        dependents = [path for path, known in self._checked.items()
                      if everything or known.reads & changed]
        self._enqueue([*sorted(changed), *dependents])

    def opened(self, path: str | None) -> str | None:
        """The editor opened a file: its own diagnostics take over.  The URI whose workspace
        diagnostics are to be cleared, if they were published."""
        if path is None:
            return None
        path = os.path.abspath(path)
        self._queue.pop(path, None)
        known = self._checked.pop(path, None)
        return known.uri if known is not None else None

    def closed(self, path: str | None) -> None:
        """The editor closed a file: check it as it is on disk."""
        if path is not None:
            self._enqueue([os.path.abspath(path)])

    @property
    def checked(self) -> dict[str, Checked]:
        return dict(self._checked)

    def _enqueue(self, paths: Iterable[str]) -> None:
        for path in paths:
            if self.hooks.in_scope(path) and not self.hooks.is_open(path):
                self._queue[path] = None
            elif path in self._checked and not self.hooks.is_open(path):
                self._drop(path)  # out of scope now (a settings file switched the mode off)
        if self._queue:
            self._start()

    def _drop(self, path: str) -> None:
        known = self._checked.pop(path, None)
        if known is not None:
            self.hooks.clear(known.uri)

    # -- the background pass ---------------------------------------------------------------
    def _start(self) -> None:
        if self._wake is None:
            self._wake = asyncio.Event()
        self._wake.set()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name='hot-ls workspace diagnostics')

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            self._draining = True
            try:
                await self._drain()
            finally:
                self._draining = False
                self._done = 0
                for waiter in self.idle_waiters:
                    if not waiter.done():
                        waiter.set_result(None)
                self.idle_waiters.clear()

    async def _drain(self) -> None:
        while self._queue:
            await self.hooks.quiet()
            if not self._queue:
                break
            path = next(iter(self._queue))
            del self._queue[path]
            await self._check(path)
            self._done += 1
            self.hooks.progress(self._done, self._done + len(self._queue))

    async def _check(self, path: str) -> None:
        if self.hooks.is_open(path) or not self.hooks.in_scope(path):
            return
        try:
            result = await self.hooks.check(path)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception('the workspace check of %s failed', path)
            return
        if self.hooks.is_open(path):
            return  # opened meanwhile: its own diagnostics are the ones shown
        if not self.hooks.in_scope(path):
            return  # left the scope meanwhile (and was cleared then, if it had been published)
        if result is None:
            self._drop(path)
            return
        self._checked[path] = Checked(result.uri, result.reads)
        self.hooks.publish(result.payload)

    async def idle(self) -> None:
        """Returns once every file queued so far has been checked."""
        if not self._queue and not self._draining:
            return
        waiter = asyncio.get_running_loop().create_future()
        self.idle_waiters.append(waiter)
        await waiter

    def close(self) -> None:
        self._queue.clear()
        if self._task is not None:
            self._task.cancel()
