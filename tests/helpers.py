"""Shared helpers for the tests: paths, rendering diagnostics, analysing snippets."""
from __future__ import annotations

import glob
import os
import textwrap

import pytest

from hot_ls.rules import Analysis, analyze

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(ROOT, 'fixtures')
SHARED = os.path.normpath(os.path.join(ROOT, '..', 'shared'))
CORPUS = os.path.join(SHARED, 'corpus')
PERF = os.path.join(SHARED, 'perf')
#: for the tests that read ../shared: skipped in a clone without it (as the README says)
needs_corpus = pytest.mark.skipif(not os.path.isdir(CORPUS), reason='../shared/corpus is not present')
needs_perf = pytest.mark.skipif(not os.path.isdir(PERF), reason='../shared/perf is not present')


def _heat_venv() -> str | None:
    """The Heat virtual environment of the oracle tests (README: `.venv-heat`), if there is one.

    $HOT_LS_HEAT_VENV first, then `.venv-heat` in the project, beside it
    (a worktree's parent), or `venv-heat` beside it.
    """
    parent = os.path.dirname(ROOT)
    for candidate in (os.environ.get('HOT_LS_HEAT_VENV'), os.path.join(ROOT, '.venv-heat'),
                      os.path.join(parent, '.venv-heat'), os.path.join(parent, 'venv-heat')):
        if candidate and os.path.exists(os.path.join(candidate, 'bin', 'python')):
            return candidate
    return None


def _heat_package(venv: str | None) -> str | None:
    if venv is None:
        return None
    found = sorted(glob.glob(os.path.join(venv, 'lib', 'python3*', 'site-packages', 'heat')))
    return found[-1] if found else None


HEAT_VENV = _heat_venv()
HEAT_PYTHON = os.path.join(HEAT_VENV, 'bin', 'python') if HEAT_VENV else None
# Heat's own resource plugins: the tests read them as a user's plugin directory.
HEAT_RESOURCES = (os.path.join(_heat_package(HEAT_VENV), 'engine', 'resources')
                  if _heat_package(HEAT_VENV) else None)


def render(analysis: Analysis) -> str:
    """Diagnostics as snapshot text: 1-based line:col-line:col severity[CODE] message."""
    lines = analysis.tree.lines
    out = []
    for d in analysis.diagnostics:
        start, end = lines.position(d.start), lines.position(d.end)
        out.append(f'{start.line + 1}:{start.character + 1}-{end.line + 1}:{end.character + 1} '
                   f'{d.severity.label}[{d.code}] {d.message}')
        for related in d.related:
            where = lines if related.path is None else related.lines
            rs, re_ = where.position(related.start), where.position(related.end)
            place = '' if related.path is None else os.path.basename(related.path) + ' '
            out.append(f'    related {place}{rs.line + 1}:{rs.character + 1}-{re_.line + 1}:'
                       f'{re_.character + 1} {related.message}')
    return '\n'.join(out) + ('\n' if out else '')


def check(text: str, path: str | None = None, **kwargs) -> Analysis:
    """Analyse a dedented snippet."""
    return analyze(textwrap.dedent(text).lstrip('\n'), path, **kwargs)


def codes(analysis: Analysis) -> list[str]:
    return [d.code for d in analysis.diagnostics]


def errors(analysis: Analysis) -> list:
    return [d for d in analysis.diagnostics if d.severity.label == 'error']


def error_codes_in(path, workspace) -> list[str]:
    """The error codes of the file at `path` (as it is on disk), analysed among `workspace`."""
    return [d.code for d in errors(analyze(path.read_text(), str(path), workspace=workspace))]


def analysed_in_buffer(path, text: str, workspace) -> bool:
    """`text` typed in an editor's buffer of `path` and analysed, as the server does: whether
    the workspace says what other files see of it changed."""
    workspace.files.overlay(str(path), text)
    summary = analyze(text, str(path), workspace=workspace).summary
    return workspace.document_analysed(str(path), text, summary)


def one_stack(folder, template, environment):
    """A workspace over `folder` whose settings create `template` with `environment` (paths)."""
    from hot_ls.config import Settings, Stack
    from hot_ls.workspace import Workspace
    return Workspace(Settings(stacks=(Stack(templates=(str(template),),
                                            environments=(str(environment),)),)),
                     [str(folder)])
