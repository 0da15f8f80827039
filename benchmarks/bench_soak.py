"""The server's memory over a long editing session of ../shared/perf/synthetic__synth_10k.yaml.

Starts the real server (`python -m hot_ls serve`, over stdio, push diagnostics),
opens synth_10k and types edits into it as an editor would, awaiting the
diagnostics of every edit before the next one (so that every edit is analysed:
the worst case for memory), at three places in turn (inside a property value,
a parameter's name, a resource's name), each character typed then
deleted so the text keeps its size.  Every 10 edits it asks what an editor asks
after a change (document symbols, folding ranges, semantic tokens, a hover at
the edit).  Prints the server's resident memory (VmRSS) right after opening and
after every 100 edits, its peak (VmHWM), and the ratio of the largest to the
first.

    python benchmarks/bench_soak.py             # 1,000 edits
    python benchmarks/bench_soak.py --quick     # 100 edits (what CI runs)
    python benchmarks/bench_soak.py --edits N [--every M] [--diagnostics-only]

Figures, not assertions: the target is at most 1.5x the resident size after
opening, at every point.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

from _common import PERF
from bench_keystroke import Server, find_line

SYNTH = os.path.join(PERF, 'synthetic__synth_10k.yaml')


def status_mb(pid: int, field: str) -> float:
    with open(f'/proc/{pid}/status') as fh:
        for line in fh:
            if line.startswith(field + ':'):
                return int(line.split()[1]) / 1024
    return 0.0


def soak(edits: int, every: int = 100, features: bool = True, out=sys.stdout) -> list[float]:
    """Type `edits` edits into synth_10k through the real server; the resident MB after
    opening, then after every `every` edits (and after the last)."""
    with open(SYNTH, encoding='utf-8') as fh:
        text = fh.read()
    lines = text.splitlines()
    server = Server()
    server.initialize()
    uri = 'file:///bench/soak/synth_10k.yaml'
    server.open(uri, text)
    opened = server.rss_mb()
    figures = [opened]
    print(f'soak: synth_10k opened, resident {opened:.0f} MB; {edits} edits, each awaited',
          file=out, flush=True)
    value = find_line(text, r'\s+cidr: \{get_param: t7_cidr\}')
    parameter = find_line(text, r'^  t20_image:')
    outputs = find_line(text, r'^outputs:')
    resource = max(i for i in range(outputs) if lines[i].startswith('  ')
                   and not lines[i].startswith('   ') and lines[i].rstrip().endswith(':'))
    # inside a property value, in a parameter's name, in a resource's name
    places = [(value, len(lines[value]) - 1), (parameter, 5), (resource, 3)]
    version = 1
    started = time.perf_counter()
    for index in range(edits):
        version += 1
        line, column = places[(index // 2) % len(places)]
        if index % 2 == 0:
            server.type(uri, version, line, column, 'z')
        else:
            server.type(uri, version, line, column, '', column + 1)
        server.diagnostics_of(uri, version)
        if features and index % 10 == 9:
            position = {'line': line, 'character': column}
            document = {'uri': uri}
            asked = [server.request('textDocument/documentSymbol', {'textDocument': document}),
                     server.request('textDocument/foldingRange', {'textDocument': document}),
                     server.request('textDocument/semanticTokens/full',
                                    {'textDocument': document}),
                     server.request('textDocument/hover', {'textDocument': document,
                                                           'position': position})]
            for ident in asked:
                server.response(ident)
        if (index + 1) % every == 0 or index == edits - 1:
            figures.append(server.rss_mb())
            print(f'  after {index + 1:5d} edits: resident {figures[-1]:.0f} MB '
                  f'({(time.perf_counter() - started) / (index + 1) * 1000:.0f} ms per edit)',
                  file=out, flush=True)
    peak = status_mb(server.process.pid, 'VmHWM')
    server.close()
    print(f'soak: resident MB after open then every {every}: '
          + ' '.join(f'{mb:.0f}' for mb in figures)
          + f'; largest / after open = {max(figures) / opened:.2f}'
          + f'; peak (VmHWM) {peak:.0f} MB = {peak / opened:.2f}x', file=out, flush=True)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--quick', action='store_true', help='100 edits')
    parser.add_argument('--edits', type=int, help='how many edits (default 1,000)')
    parser.add_argument('--every', type=int, default=100, help='print memory every N edits')
    parser.add_argument('--diagnostics-only', action='store_true',
                        help='no feature requests between the edits')
    options = parser.parse_args()
    edits = options.edits or (100 if options.quick else 1000)
    soak(edits, min(options.every, edits), features=not options.diagnostics_only)


if __name__ == '__main__':
    main()
