"""The real server over stdio, driven as an editor drives it: start-up, open, typing, a soak.

Starts `python -m hot_ls serve` (its modules compiled once, as an installed server has
them: `_common.installed_env`) and speaks JSON-RPC to it over its pipes (push
diagnostics, UTF-16, as VS Code).  Prints

- `initialize` answered after process start (and after the request was sent);
- the first diagnostics after opening ../shared/perf/synthetic__synth_10k.yaml, at once
  after `initialize` (the server still importing), again as another document as soon as
  those are in (the server, after publishing them, makes the workspace's summary of the
  first: about 14 ms of its time), and once more after a pause (`IDLE`), the server
  idle: issue 11's "first diagnostics"; each with the server's analysis time of it; and
  the first keystroke typed into the first one, after a pause (what the first analysis of
  an edit after opening costs: rules.incremental.prepare_for_edits);
- keystroke -> diagnostics, p50/p95, typing one character per 50 ms pause at three
  places, each in the text opened: inside a property value, a new resource line (typed
  once: at most as many keystrokes as it has characters), a section key (a
  parameter's name), and the same less the debounce the server chose for each
  keystroke (its log: "debounce URI N ms"; issue 11's target: at most 25 ms beyond
  it); and the analysis time of those keystrokes, p50/p95, with how
  their texts were parsed (one entry re-parsed, or all) and how many of the
  template's entries the rules checked (the server's debug log, forwarded as
  window/logMessage: "analysed URI (how) in N ms, C of E entries checked");
- the same keystroke -> diagnostics on a 125-line template;
- the soak (benchmarks/bench_soak.py): edits typed into synth_10k, each awaited, the
  server's resident memory after opening and after every 100 edits, and the ratio of
  the largest to the first.

    python benchmarks/bench_keystroke.py           # full: 60 keystrokes per place, 1,000-edit soak
    python benchmarks/bench_keystroke.py --quick   # 15 keystrokes per place, 100-edit soak
    python benchmarks/bench_keystroke.py --no-soak
    python benchmarks/bench_keystroke.py --strokes 2 --soak 2   # a smoke run (the tests)

Figures, not assertions: the machine's load moves them.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time

from _common import PERF, ROOT, installed_env

SYNTH = os.path.join(PERF, 'synthetic__synth_10k.yaml')
SMALL = os.path.join(ROOT, '..', 'shared', 'corpus', 'heat-templates', 'hot',
                     'servers_in_new_neutron_net.yaml')
ANALYSED = re.compile(r'analysed \S+ \((\w+)\) in ([0-9.]+) ms(?:, (\d+) of (\d+) entries)?')
DEBOUNCE = re.compile(r'debounce \S+ ([0-9.]+) ms')
IDLE = 1.0  # seconds: the server done with what it does after publishing (summaries, logs)


class Server:
    """A hot-ls server process and the messages it sends, read by a thread."""

    def __init__(self):
        env = installed_env(HOT_LS_LOG_LEVEL='DEBUG')
        self.started = time.perf_counter()
        self.process = subprocess.Popen([sys.executable, '-m', 'hot_ls', 'serve'],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env)
        self.lock = threading.Condition()
        self.responses: dict[int, tuple[float, dict]] = {}
        self.published: list[tuple[float, dict]] = []
        #: (how it parsed, ms, (entries checked, entries) or None) of each analysis logged
        self.analyses: list[tuple[str, float, tuple[int, int] | None]] = []
        #: the debounce of each edit (seconds), as the server logged it
        self.debounces: list[float] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_log, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            header = b''
            while not header.endswith(b'\r\n\r\n'):
                byte = stream.read(1)
                if not byte:
                    return
                header += byte
            length = int(re.search(rb'Content-Length: (\d+)', header).group(1))
            message = json.loads(stream.read(length))
            now = time.perf_counter()
            with self.lock:
                if 'id' in message and 'method' not in message:
                    self.responses[message['id']] = (now, message)
                elif message.get('method') == 'textDocument/publishDiagnostics':
                    self.published.append((now, message['params']))
                elif message.get('method') == 'window/logMessage':
                    self._analysed(message['params'].get('message', ''))
                elif 'id' in message:  # a request from the server: answer it (null)
                    self._write({'jsonrpc': '2.0', 'id': message['id'], 'result': None})
                self.lock.notify_all()

    def _read_log(self) -> None:
        for line in self.process.stderr:
            with self.lock:
                self._analysed(line.decode('utf-8', 'replace'))

    def _analysed(self, line: str) -> None:
        """Note an analysis the server logged (how it parsed, ms, entries checked of all)."""
        debounce = DEBOUNCE.search(line)
        if debounce:
            self.debounces.append(float(debounce.group(1)) / 1000)
        match = ANALYSED.search(line)
        if match:
            checked = (int(match.group(3)), int(match.group(4))) if match.group(3) else None
            self.analyses.append((match.group(1), float(match.group(2)), checked))

    def _write(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.process.stdin.write(b'Content-Length: %d\r\n\r\n%s' % (len(body), body))
        self.process.stdin.flush()

    def request(self, method: str, params) -> int:
        self.next_id += 1
        self._write({'jsonrpc': '2.0', 'id': self.next_id, 'method': method, 'params': params})
        return self.next_id

    def notify(self, method: str, params) -> None:
        self._write({'jsonrpc': '2.0', 'method': method, 'params': params})

    def response(self, ident: int, timeout: float = 60) -> tuple[float, dict]:
        with self.lock:
            assert self.lock.wait_for(lambda: ident in self.responses, timeout), 'no response'
            return self.responses[ident]

    def diagnostics_of(self, uri: str, version: int, timeout: float = 60) -> float:
        """When the diagnostics of `uri` at `version` arrived."""
        def found():
            return next((at for at, p in self.published
                         if p['uri'] == uri and p.get('version') == version), None)
        with self.lock:
            assert self.lock.wait_for(lambda: found() is not None, timeout), \
                f'no diagnostics for version {version}'
            return found()

    def rss_mb(self) -> float:
        with open(f'/proc/{self.process.pid}/status') as fh:
            for line in fh:
                if line.startswith('VmRSS:'):
                    return int(line.split()[1]) / 1024
        return 0.0

    def initialize(self) -> tuple[float, float]:
        sent = time.perf_counter()
        ident = self.request('initialize', {
            'processId': os.getpid(), 'rootUri': None,
            'capabilities': {'textDocument': {'publishDiagnostics': {}}},
            'clientInfo': {'name': 'bench_keystroke'}})
        at, _ = self.response(ident)
        self.notify('initialized', {})
        return at - self.started, at - sent

    def open(self, uri: str, text: str) -> float:
        sent = time.perf_counter()
        self.notify('textDocument/didOpen', {'textDocument': {
            'uri': uri, 'languageId': 'yaml', 'version': 1, 'text': text}})
        return self.diagnostics_of(uri, 1) - sent

    def type(self, uri: str, version: int, line: int, character: int, text: str,
             end: int | None = None) -> float:
        """Replace line:character..line:end (an insertion without `end`) with `text`."""
        end = character if end is None else end
        self.notify('textDocument/didChange', {
            'textDocument': {'uri': uri, 'version': version},
            'contentChanges': [{'range': {'start': {'line': line, 'character': character},
                                          'end': {'line': line, 'character': end}},
                                'text': text}]})
        return time.perf_counter()

    def close(self) -> None:
        ident = self.request('shutdown', None)
        self.response(ident)
        self.notify('exit', None)
        self.process.wait(10)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def describe(values: list[float]) -> str:
    if not values:
        return 'none'
    return (f'p50 {statistics.median(values) * 1000:.0f} ms, '
            f'p95 {percentile(values, 0.95) * 1000:.0f} ms ({len(values)})')


def describe_ms(values: list[float]) -> str:
    if not values:
        return 'none'
    return (f'p50 {statistics.median(values):.1f} ms, p95 {percentile(values, 0.95):.1f} ms '
            f'({len(values)})')


def describe_analyses(analyses: list[tuple[str, float, tuple[int, int] | None]]) -> str:
    """Analysis time p50/p95, how the texts were parsed, and how many entries were checked."""
    if not analyses:
        return 'none'
    hows = {how: sum(1 for h, _, _ in analyses if h == how) for how in ('incremental', 'full')}
    checked = [c for _, _, c in analyses if c is not None]
    entries = (f'; entries checked p50 {statistics.median(c for c, _ in checked):.0f} '
               f'of {checked[0][1]}') if checked else ''
    return (describe_ms([ms for _, ms, _ in analyses])
            + f' [parse: {hows["incremental"]} incremental, {hows["full"]} full{entries}]')


def find_line(text: str, pattern: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if re.match(pattern, line))


def typing(server: Server, uri: str, version: int, line: int, character: int, word: str,
           count: int) -> tuple[int, list[float], list[float], list[float]]:
    """Type `count` characters of `word` (cycled), one per 50 ms pause, each awaited: the
    latencies, the analyses, and each latency less the debounce the server chose for it."""
    latencies, analyses, beyond = [], [], []
    for index in range(count):
        version += 1
        with server.lock:
            seen = len(server.analyses)
            debounced = len(server.debounces)
        sent = server.type(uri, version, line, character + index, word[index % len(word)])
        latencies.append(server.diagnostics_of(uri, version) - sent)
        with server.lock:
            analyses.extend(server.analyses[seen:])
            delays = server.debounces[debounced:]
        if delays:
            beyond.append(latencies[-1] - delays[-1])
        time.sleep(0.05)
    return version, latencies, analyses, beyond


#: the new resource line, typed one character at a time (its first states are not YAML: the
#: whole text is parsed again, with error recovery)
NEW_RESOURCE = '  new_res: {type: OS::Heat::None}'


def reset(server: Server, uri: str, version: int, text: str) -> int:
    """Replace the whole document with `text` (each place is typed into the text opened)."""
    version += 1
    server.notify('textDocument/didChange', {'textDocument': {'uri': uri, 'version': version},
                                             'contentChanges': [{'text': text}]})
    server.diagnostics_of(uri, version)
    return version


def open_and_wait(server: Server, uri: str, text: str) -> tuple[float, str]:
    """Open `text` as `uri`: seconds to its first diagnostics, and the server's analysis of it."""
    with server.lock:
        seen = len(server.analyses)
    first = server.open(uri, text)
    with server.lock:
        analysed = [ms for _, ms, _ in server.analyses[seen:]]
    return first, (f'{analysed[0]:.0f} ms' if analysed else 'not logged')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--quick', action='store_true',
                        help='15 keystrokes per place, a 100-edit soak')
    parser.add_argument('--strokes', type=int, help='keystrokes per place (default 60)')
    parser.add_argument('--soak', type=int, metavar='EDITS',
                        help='edits of the soak (default 1,000; 0: none)')
    parser.add_argument('--no-soak', action='store_true', help='no soak')
    options = parser.parse_args()
    strokes = options.strokes or (15 if options.quick else 60)
    edits = 0 if options.no_soak else (options.soak if options.soak is not None
                                       else 100 if options.quick else 1000)
    with open(SYNTH, encoding='utf-8') as fh:
        synth = fh.read()
    server = Server()
    since_start, since_request = server.initialize()
    print(f'initialize answered {since_start * 1000:.0f} ms after process start '
          f'({since_request * 1000:.0f} ms after the request)')
    uri = 'file:///bench/synth_10k.yaml'
    first, analysed = open_and_wait(server, uri, synth)
    print(f'synth_10k ({synth.count(chr(10))} lines) opened at once: first diagnostics '
          f'{first * 1000:.0f} ms after didOpen (the server still importing; its analysis '
          f'{analysed}); resident {server.rss_mb():.0f} MB')
    time.sleep(IDLE)
    value = find_line(synth, r'\s+cidr: \{get_param: t7_cidr\}')
    version, latencies, analyses, _ = typing(server, uri, 1, value,
                                             len(synth.splitlines()[value]) - 1, 'x', 1)
    print(f'  its first keystroke (in a property value): keystroke -> diagnostics '
          f'{latencies[0] * 1000:.0f} ms (the debounce expects a spliced edit\'s cost); '
          f'analysis {describe_analyses(analyses)}')
    again = 'file:///bench/again/synth_10k.yaml'
    first, analysed = open_and_wait(server, again, synth)
    print(f'synth_10k opened again as soon as those are in: first diagnostics '
          f'{first * 1000:.0f} ms after didOpen (the server still keeping the summary of the '
          f'first; its analysis {analysed})')
    time.sleep(IDLE)
    idle = 'file:///bench/idle/synth_10k.yaml'
    first, analysed = open_and_wait(server, idle, synth)
    print(f'synth_10k opened once the server is idle: first diagnostics {first * 1000:.0f} ms '
          f'after didOpen (its analysis {analysed})')
    for opened in (again, idle):
        server.notify('textDocument/didClose', {'textDocument': {'uri': opened}})
    lines = synth.splitlines()
    places = [
        ('inside a property value', find_line(synth, r'\s+cidr: \{get_param: t7_cidr\}'),
         None, 'x'),
        ('a new resource line', find_line(synth, r'^outputs:') - 1, 0, NEW_RESOURCE + '\n'),
        ('a section key (a parameter name)', find_line(synth, r'^  t20_image:'), 5, 'y'),
    ]
    for label, line, column, word in places:
        version = reset(server, uri, version, synth)
        count = strokes
        if column is None:
            column = len(lines[line]) - 1  # before the closing brace
        if word.endswith('\n'):
            # a new line first, then its characters typed one by one, once
            version += 1
            server.type(uri, version, line + 1, 0, '\n')
            server.diagnostics_of(uri, version)
            line += 1
            word = word.rstrip('\n')
            count = min(strokes, len(word))
        version, latencies, analyses, beyond = typing(server, uri, version, line, column, word,
                                                      count)
        print(f'  {label}: keystroke -> diagnostics {describe(latencies)}, beyond the debounce '
              f'{describe(beyond)}; analysis {describe_analyses(analyses)}')
    server.close()

    with open(SMALL, encoding='utf-8') as fh:
        small = fh.read()
    server = Server()
    server.initialize()
    uri = 'file:///bench/small.yaml'
    server.open(uri, small)
    line = find_line(small, r'\s+flavor: ')
    _, latencies, analyses, beyond = typing(server, uri, 1, line,
                                            len(small.splitlines()[line]), 'x', strokes)
    print(f'{os.path.basename(SMALL)} ({small.count(chr(10))} lines): keystroke -> diagnostics '
          f'{describe(latencies)}, beyond the debounce {describe(beyond)}; '
          f'analysis {describe_analyses(analyses)}')
    server.close()

    if edits:
        from bench_soak import soak  # (it imports this module)
        soak(edits, min(100, edits))


if __name__ == '__main__':
    main()
