"""When documents are analysed: debounced, off the event loop, never stale.

- `analysis(uri)` returns the analysis of the document's *current* text under
  the current settings, computing it if needed.  It runs `analyze` in a worker
  thread, so a large document never blocks the event loop; two callers asking
  for the same text share one run; a result that arrives after the text (or
  the settings) changed is not the current analysis (the caller waits for a
  fresh one), only where the next run starts from (an incremental analysis
  starts from the newest made).  What the server does with an analysis that
  the answer need not wait for (`after`: what other files see of it) runs in
  the same worker once the analysis is out; the document's next run waits for
  it (that run consumes this analysis' tree).
  `analysis(uri, revision)` is a request's: the analysis of the text the
  request was sent against, or `Outdated` once the text has moved on (the
  server answers ContentModified: a position of one version is never
  answered with a range of another).
- Each document has at most one run in the executor.  A caller that needs a
  newer text than the one being analysed waits for that run to finish and
  then starts one for the text current *then*: edits arriving faster than
  analysis never queue up runs of texts nobody will look at.
- `schedule(uri, delay, publish)` is the push model: wait `delay` seconds,
  then publish the current analysis.  Each new call for a document cancels
  that document's pending one, so a burst of edits produces one analysis, of
  the final text.
- `debounce(uri, longest)` is the delay after an edit: adaptive.  A document
  whose next analysis is expected to take t waits 2t (at least `SHORTEST`, at
  most the configured `longest`): an analysis cheaper than the pause between
  two keystrokes runs after each of them, an expensive one waits for a pause.
  The next analysis is expected to cost what the last one did, unless the last
  was made in full, is over (what the server does after it too), and the next
  edit may be spliced (one entry re-parsed: a document just opened, or one
  whose text was parsed whole again): then what the last spliced one did, the
  shortest wait if there was none.

Plain asyncio: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from concurrent.futures import Executor
from typing import Callable, Hashable

from hot_ls.config import Settings
from hot_ls.analysis import Analysis
from hot_ls.server.documents import Document, DocumentNotOpen, DocumentStore
from hot_ls.syntax.incremental import may_splice

logger = logging.getLogger(__name__)

#: the shortest debounce, in seconds (an edit's analysis never starts sooner)
SHORTEST = 0.025
#: how long, at most, `after` waits for the event loop to answer with the analysis first
AFTER_WAITS = 0.05

#: (text, path, settings, the document's previous analysis or None) -> its analysis
Analyze = Callable[[str, str | None, Settings, Analysis | None], Analysis]
#: (text, path, its analysis) -> None, after the analysis is out
After = Callable[[str, str | None, Analysis], None]
Publish = Callable[[Document, Analysis], None]


class Outdated(Exception):
    """The document changed after the request was sent: its answer would be for another text."""

    def __init__(self, uri: str):
        super().__init__(f'{uri} changed while the request was handled')
        self.uri = uri


class Scheduler:
    def __init__(self, documents: DocumentStore, analyze: Analyze, executor: Executor,
                 settings: Callable[[str | None], tuple[Settings, Hashable]],
                 after: After | None = None):
        self._documents = documents
        self._analyze = analyze
        self._after = after
        self._executor = executor
        self._settings = settings  # document's path -> (settings, generation)
        #: uri -> (key, the run's result, the run's end: its result, then `after`)
        self._running: dict[str, tuple[Hashable, asyncio.Future, asyncio.Future]] = {}
        self._pending: dict[str, asyncio.Task] = {}
        self._cost: dict[str, float] = {}  # uri -> seconds its last analysis took
        #: uri -> seconds its last analysis from a spliced tree took (`debounce`)
        self._spliced_cost: dict[str, float] = {}
        #: uri -> whether its next edit may be spliced into its last analysis' tree
        self._may_splice: dict[str, bool] = {}

    def key(self, document: Document) -> Hashable:
        """What an analysis depends on: the text (its revision), the settings and the other
        files (the generation, as the document sees it)."""
        return (document.revision, self._settings(document.path)[1])

    # -- pull: the analysis of the current text ------------------------------

    async def analysis(self, uri: str, revision: int | None = None) -> tuple[Document, Analysis]:
        """The analysis of the current text; with `revision`, of that revision's text or
        `Outdated`."""
        while True:
            document = self._documents.get(uri)  # DocumentNotOpen if closed meanwhile
            if revision is not None and document.revision != revision:
                raise Outdated(uri)
            key = self.key(document)
            if document.analysis_key == key and document.analysis is not None:
                return document, document.analysis
            running = self._running.get(uri)
            if running is not None and running[0] != key and not running[2].done():
                # A run for an older text: wait for it to end rather than queue another
                # beside it, then start one for whatever text is current by then.
                await asyncio.wait([running[2]])
                continue
            future = running[1] if running is not None and running[0] == key \
                else self._start(document, key)
            # Shielded: a caller giving up (a newer edit, a cancelled request)
            # must not cancel the run another caller may be sharing.
            analysis, _, _ = await asyncio.shield(future)
            current = self._documents.get(uri)
            if self.key(current) == key:
                current.analysis, current.analysis_key = analysis, key
                return current, analysis
            # The text or the settings changed meanwhile: analyse the new ones.

    def _start(self, document: Document, key: Hashable) -> asyncio.Future:
        settings, _ = self._settings(document.path)
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        end = asyncio.wrap_future(self._executor.submit(
            self._timed, loop, future, document.text, document.path, settings,
            document.analysis), loop=loop)
        uri = document.uri
        self._running[uri] = (key, future, end)

        def finished(done: asyncio.Future) -> None:
            if done.cancelled() or done.exception() is not None:
                return
            analysis, seconds, spliceable = done.result()
            self._cost[uri] = seconds
            self._may_splice[uri] = spliceable
            if analysis.incremental:
                self._spliced_cost[uri] = seconds
            current = self._documents.find(uri)
            if current is not None:
                # The newest analysis made, even of a text gone since (its key then never
                # matches): the next run starts from it (an incremental parse consumed the
                # tree of the one before).
                current.analysis, current.analysis_key = done.result()[0], key

        def ended(done: asyncio.Future) -> None:
            if self._running.get(uri, (None, None, None))[2] is done:
                del self._running[uri]
            if not future.done():  # the run never handed its result over: never left waiting
                failure = None if done.cancelled() else done.exception()
                future.set_exception(failure or RuntimeError(f'the analysis of {uri} failed'))

        future.add_done_callback(finished)
        end.add_done_callback(ended)
        return future

    def _timed(self, loop: asyncio.AbstractEventLoop, future: asyncio.Future, text: str,
               path: str | None, settings: Settings, previous: Analysis | None) -> None:
        """The run, in a worker: the analysis, handed to the event loop as soon as it is made
        (`future`: (the analysis, seconds it took, whether the next edit may be spliced into
        its tree)), then `after`."""
        started = time.perf_counter()
        try:
            analysis = self._analyze(text, path, settings, previous)
        except BaseException as exc:  # (handed over: the loop's callers see it)
            _hand_over(loop, future, None, exc)
            return
        seconds = time.perf_counter() - started
        # (asked here, of a tree nothing consumes before the next run: this thread's)
        spliceable = analysis.read_problem is None and may_splice(analysis.tree)
        answered = threading.Event()
        if not _hand_over(loop, future, (analysis, seconds, spliceable), None, answered):
            return  # the loop is closed: the server is gone
        if self._after is not None:
            # `after` holds the GIL as it runs: let the loop answer (publish) first
            answered.wait(AFTER_WAITS)
            try:
                self._after(text, path, analysis)
            except Exception:
                logger.exception('after the analysis of %s', path or '<document>')

    # -- push: debounced --------------------------------------------------------

    def debounce(self, uri: str, longest: float) -> float:
        """How long to wait after an edit of `uri` before analysing it (see the module doc)."""
        cost = self._cost.get(uri)
        if cost is None:
            return longest
        if self._may_splice.get(uri) and not self._busy(uri):
            cost = self._spliced_cost.get(uri, 0.0)
        return min(longest, max(SHORTEST, 2 * cost))

    def _busy(self, uri: str) -> bool:
        """Whether the document's last run is still going (its `after`, once the analysis is
        out): the next cannot start before it ends, whatever the debounce."""
        running = self._running.get(uri)
        return running is not None and not running[2].done()

    def forget(self, uri: str) -> None:
        """The document was closed: drop what is known of it."""
        self.cancel(uri)
        self._cost.pop(uri, None)
        self._spliced_cost.pop(uri, None)
        self._may_splice.pop(uri, None)

    def schedule(self, uri: str, delay: float, publish: Publish) -> None:
        self.cancel(uri)
        logger.debug('debounce %s %.1f ms', uri, delay * 1000)
        self._pending[uri] = asyncio.get_running_loop().create_task(
            self._debounced(uri, delay, publish), name=f'analyse {uri}')

    def pending(self, uri: str) -> bool:
        return uri in self._pending

    async def quiet(self) -> None:
        """Returns once no document waits for its analysis (none debounced, none running):
        what background work waits for, so as never to slow an edit's analysis."""
        while True:
            waiting = [task for task in self._pending.values() if not task.done()]
            waiting += [end for _, _, end in self._running.values() if not end.done()]
            if not waiting:
                return
            await asyncio.wait(waiting)

    async def _debounced(self, uri: str, delay: float, publish: Publish) -> None:
        task = asyncio.current_task()
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            document, analysis = await self.analysis(uri)
        except asyncio.CancelledError:
            raise
        except DocumentNotOpen:
            return
        except Exception:
            logger.exception('analysis of %s failed', uri)
            return
        finally:
            if self._pending.get(uri) is task:
                del self._pending[uri]
        try:
            publish(document, analysis)
        except Exception:
            logger.exception('publishing the diagnostics of %s failed', uri)

    def cancel(self, uri: str) -> None:
        task = self._pending.pop(uri, None)
        if task is not None:
            task.cancel()

    def close(self) -> None:
        for uri in list(self._pending):
            self.cancel(uri)


def _hand_over(loop: asyncio.AbstractEventLoop, *settling) -> bool:
    """_settle(*settling) on the loop, from a worker; False when the loop is closed."""
    try:
        loop.call_soon_threadsafe(_settle, *settling)
    except RuntimeError:
        return False
    return True


def _settle(future: asyncio.Future, result, exception: BaseException | None,
            answered: threading.Event | None = None) -> None:
    """Hand a run's outcome to its callers, on the event loop; `answered` is set once the
    callbacks it wakes have had their turn (two turns of the loop: the future's callbacks,
    then the tasks they wake)."""
    if answered is not None:
        loop = future.get_loop()
        loop.call_soon(loop.call_soon, answered.set)
    if future.done():
        return
    if exception is not None:
        future.set_exception(exception)
    else:
        future.set_result(result)
