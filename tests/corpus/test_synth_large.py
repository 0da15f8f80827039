"""Precision and recall at scale: ../shared/tools/synth_large.py's templates, with its injected defects.

The generator builds a large, internally consistent template (a correct
linter reports no error on it) and, with --broken K, injects K known defects
at random resource-property lines, printing where it put each one.  hot-ls
must report exactly those: each at its line and column, with the rule that
owns the defect, and no other error.  Two defects drawn on the same line
leave only the last one in the file.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import SHARED
from hot_ls.rules import analyze

GENERATOR = os.path.join(SHARED, 'tools', 'synth_large.py')
pytestmark = pytest.mark.skipif(not os.path.exists(GENERATOR), reason='../shared/tools/synth_large.py is not present')

#: the generator's defect kinds, the rule each one is, and the text its diagnostic starts at
KINDS = {
    'dangling_get_param': ('HOT301', 'no_such_param_'),
    'dangling_get_resource': ('HOT302', 'no_such_resource_'),
    'bad_get_attr_args': ('HOT404', 'get_attr'),
    'unknown_type': ('HOT701', 'OS::Nova::NoSuchType'),
}


def _generate(*args: str) -> tuple[str, list[dict]]:
    done = subprocess.run([sys.executable, GENERATOR, *args], capture_output=True, text=True, check=True)
    return done.stdout, [json.loads(line) for line in done.stderr.splitlines() if line.strip()]


def _errors(text: str, name: str) -> set[tuple[int, int, str]]:
    analysis = analyze(text, name)
    found = set()
    for diagnostic in analysis.diagnostics:
        if diagnostic.severity.label == 'error':
            start = analysis.tree.lines.position(diagnostic.start)
            found.add((start.line + 1, start.character + 1, diagnostic.code))
    return found


def _expected(text: str, injected: list[dict]) -> set[tuple[int, int, str]]:
    lines = text.split('\n')
    last_on_line = {}
    for defect in injected:
        last_on_line[defect['line']] = defect['kind']
    expected = set()
    for line, kind in last_on_line.items():
        code, marker = KINDS[kind]
        column = lines[line - 1].find(marker)
        assert column >= 0, (line, kind, lines[line - 1])
        expected.add((line, column + 1, code))
    return expected


@pytest.mark.parametrize('version', ['2021-04-16', '2018-08-31'])
def test_the_consistent_template_has_no_error(version):
    text, injected = _generate('--lines', '4000', '--version', version)
    assert injected == []
    assert _errors(text, f'synth-{version}.yaml') == set()


@pytest.mark.parametrize('seed', [1, 2, 3, 4, 5])
def test_every_injected_defect_and_nothing_else(seed):
    text, injected = _generate('--lines', '6000', '--broken', '16', '--seed', str(seed))
    assert len(injected) == 16
    expected = _expected(text, injected)
    assert len(expected) >= 10
    assert _errors(text, f'synth-broken-{seed}.yaml') == expected
