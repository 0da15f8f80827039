"""`diagnostic_mode = "workspace"` at TripleO's scale, through the real server over stdio.

The editor opens ../shared/corpus/tht-master-rendered as its workspace folder, with
overcloud-resource-registry-puppet.yaml as the environment of every template, and opens
no file.  Prints

- the pass: how long after `initialized` every Heat document's diagnostics were pushed
  (the server indexes the folder, then checks each file in the background), how many
  files, errors and warnings, and the server's resident memory before and after;
- keystroke -> diagnostics in a template opened meanwhile (a second pass, started by a
  settings change, running): p50/p95, against the same typing once the server is idle:
  what the background pass costs the editor (it checks one file at a time, only while no
  open document waits), and the same typing with the default mode (`open_files`);
- an unsaved edit of a provider template's interface (a parameter of
  deployment/nova/nova-base-puppet.yaml renamed): how many files not open are checked
  again and pushed, and how long until the last of them is.

    python benchmarks/bench_workspace_diagnostics.py          # full: 40 keystrokes each
    python benchmarks/bench_workspace_diagnostics.py --quick  # 10 keystrokes each
    python benchmarks/bench_workspace_diagnostics.py --strokes 2   # a smoke run (the tests)

Figures, not assertions: the machine's load moves them.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

from _common import CORPUS
from bench_keystroke import Server, percentile

THT = os.path.join(CORPUS, 'tht-master-rendered')
REGISTRY = 'overcloud-resource-registry-puppet.yaml'
TYPED = os.path.join(THT, 'deployment', 'nova', 'nova-compute-container-puppet.yaml')
PROVIDER = os.path.join(THT, 'deployment', 'nova', 'nova-base-puppet.yaml')


class WorkspaceServer(Server):
    """A server with a workspace folder, whose $/progress notifications are kept."""

    def initialize_folder(self, folder: str, options: dict) -> None:
        ident = self.request('initialize', {
            'processId': os.getpid(), 'rootUri': Path(folder).as_uri(),
            'workspaceFolders': [{'uri': Path(folder).as_uri(), 'name': 'tht'}],
            'initializationOptions': options,
            'capabilities': {'textDocument': {'publishDiagnostics': {}},
                             'window': {'workDoneProgress': True}},
            'clientInfo': {'name': 'bench_workspace_diagnostics'}})
        self.response(ident)
        self.notify('initialized', {})

    def uris_published(self, since: int = 0) -> dict[str, dict]:
        with self.lock:
            return {p['uri']: p for _, p in self.published[since:]}

    def wait_quiet(self, since: int, quiet: float = 1.5, timeout: float = 600) -> float:
        """Wait until nothing has been pushed for `quiet` seconds; when the last push
        after index `since` came (perf_counter)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            with self.lock:
                last = self.published[-1][0] if len(self.published) > since else None
            if last is not None and time.perf_counter() - last > quiet:
                return last
            time.sleep(0.1)
        raise TimeoutError('the server kept pushing')


def typing(server: Server, uri: str, text: str, strokes: int, first_version: int
           ) -> list[tuple[float, float]]:
    """Type `strokes` characters into a parameter's description, 50 ms apart; each
    keystroke's (sent, diagnostics arrived)."""
    line = next(n for n, l in enumerate(text.split('\n')) if l.strip().startswith('description:'))
    column = len(text.split('\n')[line])
    times = []
    version = first_version
    for n in range(strokes):
        version += 1
        sent = server.type(uri, version, line, column + n, 'x')
        times.append((sent, server.diagnostics_of(uri, version)))
        time.sleep(0.05)
    return times


def describe(times: list[tuple[float, float]]) -> str:
    if not times:
        return 'none'
    latencies = [arrived - sent for sent, arrived in times]
    return (f'p50 {statistics.median(latencies) * 1e3:.0f} ms, '
            f'p95 {percentile(latencies, 0.95) * 1e3:.0f} ms ({len(times)})')


def main() -> None:
    strokes = 10 if '--quick' in sys.argv else 40
    if '--strokes' in sys.argv:
        strokes = int(sys.argv[sys.argv.index('--strokes') + 1])
    if not os.path.isdir(THT):
        print(f'skipped: {THT} is not there')
        return
    server = WorkspaceServer()
    options = {'environments': [REGISTRY], 'diagnosticMode': 'workspace', 'debounceMs': 200}
    try:
        started = time.perf_counter()
        server.initialize_folder(THT, options)
        last = server.wait_quiet(0)
        pushed = server.uris_published()
        errors = sum(1 for p in pushed.values() for d in p['diagnostics'] if d['severity'] == 1)
        warnings = sum(1 for p in pushed.values() for d in p['diagnostics']
                       if d['severity'] == 2)
        print(f'workspace pass: {len(pushed)} files pushed in {last - started:.1f} s after '
              f'initialize ({errors} errors, {warnings} warnings); resident '
              f'{server.rss_mb():.0f} MB after')

        # typing while a pass runs (a settings change starts one), then idle
        with open(TYPED, encoding='utf-8') as fh:
            text = fh.read()
        uri = Path(TYPED).as_uri()
        server.open(uri, text)
        since = len(server.published)
        server.notify('workspace/didChangeConfiguration', {'settings': {
            'hot-ls': {**options, 'disable': ['HOT008']}}})
        typed = typing(server, uri, text, strokes, 1)
        server.wait_quiet(since)
        with server.lock:  # the pass ended with the last file it pushed
            ended = max(at for at, p in server.published[since:] if p['uri'] != uri)
        during = [(sent, arrived) for sent, arrived in typed if arrived <= ended]
        idle = typing(server, uri, text, strokes, 1 + strokes)
        print(f'keystroke -> diagnostics during a pass: {describe(during)}; idle: '
              f'{describe(idle)}')

        # an unsaved edit of a provider template's interface
        with open(PROVIDER, encoding='utf-8') as fh:
            provider_text = fh.read()
        provider = Path(PROVIDER).as_uri()
        server.open(provider, provider_text)
        lines = provider_text.split('\n')
        line = lines.index('parameters:') + 1
        name = lines[line].strip().rstrip(':')
        since = len(server.published)
        sent = server.type(provider, 2, line, 2, 'renamed_', None)
        last = server.wait_quiet(since)
        again = {u for u in server.uris_published(since) if u != provider}
        print(f'parameter {name} of {os.path.relpath(PROVIDER, THT)} renamed (unsaved): '
              f'{len(again)} files not open pushed again, the last {last - sent:.1f} s after '
              f'the edit')
    finally:
        server.close()
    # the same typing with the default mode: only the open documents get diagnostics
    server = WorkspaceServer()
    try:
        server.initialize_folder(THT, {**options, 'diagnosticMode': 'open_files'})
        server.open(uri, text)
        time.sleep(2)  # the index built meanwhile
        print(f'keystroke -> diagnostics with diagnostic_mode = "open_files": '
              f'{describe(typing(server, uri, text, strokes, 1))}')
    finally:
        server.close()


if __name__ == '__main__':
    main()
