"""Run `hot-ls serve` with a slow analysis, and count the work that reaches the executor.

For test_server_limits.py, set through the environment:

- HOT_LS_TEST_ANALYSIS_SECONDS: every analysis takes at least this long (a
  large template on a slow machine), in the worker thread, as a real one;
- HOT_LS_TEST_REQUEST_BUDGET: the per-request time budget in seconds
  (`budget.REQUEST_BUDGET`);
- HOT_LS_TEST_REPORT: where to write, when the process exits,
  {"analyses": N, "most_running": R, "most_queued": Q}: the analyses run,
  the most running at once, and the most analyses ever waiting in the
  server's executor's queue (counted after each submit; the features that
  run in a worker, such as references, are not analyses).
"""
import atexit
import json
import os
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from hot_ls.server import app, budget

REPORT = os.environ['HOT_LS_TEST_REPORT']
SECONDS = float(os.environ.get('HOT_LS_TEST_ANALYSIS_SECONDS', '0'))
if 'HOT_LS_TEST_REQUEST_BUDGET' in os.environ:
    budget.REQUEST_BUDGET = float(os.environ['HOT_LS_TEST_REQUEST_BUDGET'])

seen = {'analyses': 0, 'most_running': 0, 'most_queued': 0}
_running = 0
_queued = 0  # analyses submitted and not started
_lock = threading.Lock()
_reanalyze = app.reanalyze
_submit = ThreadPoolExecutor.submit


def slow_reanalyze(*args, **kwargs):
    global _running
    with _lock:
        seen['analyses'] += 1
        _running += 1
        seen['most_running'] = max(seen['most_running'], _running)
    try:
        time.sleep(SECONDS)
        return _reanalyze(*args, **kwargs)
    finally:
        with _lock:
            _running -= 1


def counting_submit(self, fn, *args, **kwargs):
    """Submit; note how many analyses already wait in the executor's queue (submitted, not
    started: the executor's SimpleQueue cannot be looked into)."""
    global _queued
    if not (self._thread_name_prefix.startswith('hot-ls')  # not pygls's reader of stdin
            and getattr(fn, '__name__', '') == '_timed'):
        return _submit(self, fn, *args, **kwargs)
    with _lock:
        seen['most_queued'] = max(seen['most_queued'], _queued)
        _queued += 1

    def started(*a, **k):
        global _queued
        with _lock:
            _queued -= 1
        return fn(*a, **k)
    return _submit(self, started, *args, **kwargs)


def write_report():
    with open(REPORT, 'w', encoding='utf-8') as fh:
        json.dump(seen, fh)


app.reanalyze = slow_reanalyze
ThreadPoolExecutor.submit = counting_submit
atexit.register(write_report)

from hot_ls.cli.main import main  # noqa: E402

sys.exit(main(['serve']))
