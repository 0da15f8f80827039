"""The benchmarks run (in their shortest modes) and print their figures; no figure is asserted."""
from __future__ import annotations

import os
import re
import subprocess
import sys

from helpers import ROOT, needs_corpus, needs_perf

BENCHMARKS = os.path.join(ROOT, 'benchmarks')


def bench(*args: str) -> str:
    done = subprocess.run([sys.executable, os.path.join(BENCHMARKS, args[0]), *args[1:]],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@needs_perf
def test_the_soak_prints_the_resident_memory_every_n_edits():
    out = bench('bench_soak.py', '--edits', '4', '--every', '2')
    assert re.search(r'after +2 edits: resident \d+ MB', out)
    assert re.search(r'resident MB after open then every 2: \d+ \d+ \d+; largest / after open = '
                     r'\d\.\d\d; peak \(VmHWM\) \d+ MB', out), out


@needs_perf
def test_the_keystroke_benchmark_prints_start_up_first_diagnostics_and_latencies():
    out = bench('bench_keystroke.py', '--strokes', '2', '--soak', '0')
    assert re.search(r'initialize answered \d+ ms after process start', out), out
    assert re.search(r'opened again as soon as those are in: first diagnostics \d+ ms after '
                     r'didOpen \(the server still keeping the summary of the first; its analysis '
                     r'\d+ ms\)', out), out
    assert re.search(r'opened once the server is idle: first diagnostics \d+ ms after didOpen '
                     r'\(its analysis \d+ ms\)', out), out
    assert len(re.findall(r'keystroke -> diagnostics p50 \d+ ms, p95 \d+ ms \(2\), beyond the '
                          r'debounce p50 -?\d+ ms, p95 -?\d+ ms \(2\); analysis p50 [\d.]+ ms',
                          out)) == 4, out


@needs_corpus
def test_the_check_benchmark_prints_the_ratio_to_the_floor_and_the_jobs_scaling():
    out = bench('bench_check.py', '--quick')
    assert re.search(r'ratio to the floor: \d+\.\d\dx', out), out
    assert re.search(r'`hot-ls check -j 2 \S+`: \d+ ms wall', out), out


@needs_corpus
def test_the_workspace_diagnostics_benchmark_prints_the_pass_and_typing_during_it():
    out = bench('bench_workspace_diagnostics.py', '--strokes', '2')
    assert re.search(r'workspace pass: \d+ files pushed in [\d.]+ s after initialize \(\d+ '
                     r'errors, \d+ warnings\); resident \d+ MB after', out), out
    assert re.search(r'keystroke -> diagnostics during a pass: (p50 \d+ ms, p95 \d+ ms '
                     r'\(\d+\)|none); idle: p50 \d+ ms, p95 \d+ ms \(2\)', out), out
    assert re.search(r'parameter \w+ of \S+ renamed \(unsaved\): \d+ files not open pushed '
                     r'again, the last [\d.]+ s after the edit', out), out
    assert re.search(r'keystroke -> diagnostics with diagnostic_mode = "open_files": p50 \d+ ms, '
                     r'p95 \d+ ms \(2\)', out), out


@needs_corpus
def test_the_workspace_benchmark_prints_the_index_an_edit_the_call_hierarchy_moves_typing():
    out = bench('bench_workspace.py', '--quick')
    assert re.search(r'cold index: \d+ Heat documents, \d+ resource types resolved; best '
                     r'[\d.]+ s', out), out
    assert re.search(r'edit of \S+ \(interface changed: True\): \d+ of \d+ templates depend '
                     r'on it', out), out
    assert re.search(r'call hierarchy \(again\): 9 templates nest deployment/nova/'
                     r'nova-base-puppet.yaml, found in \d+ ms; overcloud.yaml nests \d+', out), out
    assert re.search(r'file moves: deployment/nova one level down and a network map moved: '
                     r'48 edits in 19 of \d+ files, found in \d+ ms', out), out
    assert len(re.findall(r'typing in overcloud.yaml, a [\w\' ]+: analysis p50 \d+ ms, p95 \d+ '
                          r'ms; after it p50 \d+ ms, p95 \d+ ms \(5 keystrokes\)', out)) == 2, out
    assert len(re.findall(r'typing in nova-compute-container-puppet.yaml, a [\w\' ]+ '
                          r'\(aliases\): analysis p50 \d+ ms, p95 \d+ ms; after it p50 \d+ ms, '
                          r'p95 \d+ ms \(5 keystrokes\)', out)) == 2, out
