"""Formatters for `hot-ls check`: text, json, github, sarif, junit, codequality, checkstyle.

Each takes the file reports and the run's `ReportOptions` and returns the
whole report as one string (SARIF, JUnit, GitLab Code Quality and Checkstyle
in their own modules; the table of formats is `hot_ls.cli.check.FORMATTERS`).
Lines and columns are 1-based; columns count Unicode code points (SARIF's
count UTF-16 code units, as SARIF consumers expect, and say so).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

from hot_ls.model.document import Kind
from hot_ls.analysis import Analysis, Diagnostic, Severity
from hot_ls.cli.baseline import Identity, Outcome, identify
from hot_ls.text import LineIndex


@dataclass
class FileReport:
    """What is kept of one file's analysis: not its tree, so a large run stays small."""

    path: str
    kind: Kind | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: LineIndex | None = None
    #: each diagnostic's baseline identity (computed only when a baseline or SARIF needs it)
    identities: list[Identity] = field(default_factory=list)

    @classmethod
    def of(cls, path: str, analysis: Analysis, identities: bool = False) -> 'FileReport':
        found = [identify(analysis, d) for d in analysis.diagnostics] if identities else []
        return cls(path, analysis.kind, analysis.diagnostics, analysis.tree.lines, found)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)


@dataclass
class ReportOptions:
    """What a formatter needs to know of the run besides the reports."""

    fail_on: Severity = Severity.ERROR  # diagnostics this severe or worse fail the run
    color: bool = False                 # ANSI colours (text only, on a terminal)
    baseline: Outcome | None = None     # what --baseline hid, if one was given
    #: of the files reported, those checked only because the templates named use them
    used: int = 0

    def fails(self, diagnostic: Diagnostic) -> bool:
        return diagnostic.severity <= self.fail_on


def rows(report: FileReport):
    lines = report.lines
    if lines is None:
        return
    for d in report.diagnostics:
        start = lines.position(d.start)
        end = lines.position(d.end)
        yield d, start.line + 1, start.character + 1, end.line + 1, end.character + 1


@dataclass(frozen=True)
class Place:
    """A related place of a diagnostic, 1-based; `path` None for the report's own file."""

    path: str | None
    line: int
    column: int
    end_line: int
    end_column: int
    message: str

    def shown(self, report: FileReport) -> str:
        return f'{report.path if self.path is None else self.path}:{self.line}:{self.column}'


def related_places(report: FileReport, diagnostic: Diagnostic) -> list[Place]:
    """The places a diagnostic's message speaks of that can be placed: in the file itself,
    or in another file whose lines are known (shown relative to the current directory
    when under it)."""
    places = []
    for related in diagnostic.related:
        lines = report.lines if related.path is None else related.lines
        if lines is None:
            continue
        start, end = lines.position(related.start), lines.position(related.end)
        places.append(Place(None if related.path is None else shown_path(related.path),
                            start.line + 1, start.character + 1, end.line + 1,
                            end.character + 1, related.message))
    return places


def shown_path(path: str) -> str:
    """A path as a report shows it: relative to the working directory when under it."""
    relative = os.path.relpath(path) if os.path.isabs(path) else path
    return path if relative.startswith('..') else relative


def summary(reports: list[FileReport], options: ReportOptions | None = None) -> dict:
    errors = warnings = information = 0
    for report in reports:
        errors += report.count(Severity.ERROR)
        warnings += report.count(Severity.WARNING)
        information += report.count(Severity.INFORMATION)
    counts = {'files': len(reports), 'errors': errors, 'warnings': warnings}
    if options is not None and options.used:
        counts['used'] = options.used  # (of `files`: those the templates named use)
    if options is not None and options.fail_on is Severity.INFORMATION:
        counts['information'] = information
    if options is not None and options.baseline is not None:
        counts['baseline'] = {'matched': options.baseline.matched,
                              'stale': options.baseline.stale}
    return counts


def _plural(count: int, noun: str) -> str:
    return f'{count} {noun}' + ('' if count == 1 else 's')


def summary_line(reports: list[FileReport], options: ReportOptions) -> str:
    """`3 files checked: 1 error, 2 warnings` (and what the baseline hid), for people."""
    counts = summary(reports, options)
    used = (f' ({counts["used"]} of them used by the templates named)' if 'used' in counts
            else '')
    text = (f'{_plural(counts["files"], "file")} checked{used}: '
            f'{_plural(counts["errors"], "error")}, {_plural(counts["warnings"], "warning")}')
    if 'information' in counts:
        text += f', {counts["information"]} information'
    baseline = options.baseline
    if baseline is not None:
        stale = ('1 baseline entry no longer occurs' if baseline.stale == 1
                 else f'{baseline.stale} baseline entries no longer occur')
        text += f'; {_plural(baseline.matched, "finding")} in the baseline, {stale}'
    return text


_COLORS = {Severity.ERROR: '\x1b[1;31m', Severity.WARNING: '\x1b[1;33m',
           Severity.INFORMATION: '\x1b[1;34m', Severity.HINT: '\x1b[2m'}
_BOLD, _DIM, _RESET = '\x1b[1m', '\x1b[2m', '\x1b[0m'


def format_text(reports: list[FileReport], options: ReportOptions | None = None) -> str:
    options = options or ReportOptions()
    color = options.color
    out = []
    for report in reports:
        for d, line, column, _, _ in rows(report):
            if color:
                out.append(f'{_BOLD}{report.path}:{line}:{column}:{_RESET} '
                           f'{_COLORS[d.severity]}{d.severity.label}{_RESET}'
                           f'{_DIM}[{d.code}]{_RESET} {d.message}')
            else:
                out.append(f'{report.path}:{line}:{column}: {d.severity.label}[{d.code}] '
                           f'{d.message}')
            for place in related_places(report, d):
                out.append(f'  {_BOLD}{place.shown(report)}:{_RESET} {_DIM}note:{_RESET} '
                           f'{place.message}' if color else
                           f'  {place.shown(report)}: note: {place.message}')
    out.append(summary_line(reports, options))
    return '\n'.join(out) + '\n'


def format_json(reports: list[FileReport], options: ReportOptions | None = None) -> str:
    files = []
    for report in reports:
        diagnostics = []
        for d, line, column, end_line, end_column in rows(report):
            diagnostics.append({'code': d.code, 'name': d.name, 'severity': d.severity.label,
                                'message': d.message, 'line': line, 'column': column,
                                'end_line': end_line, 'end_column': end_column,
                                'related': [_related_json(place)
                                            for place in related_places(report, d)]})
        entry = {'path': report.path, 'diagnostics': diagnostics}
        if report.kind is not None:
            entry['kind'] = report.kind.value
        files.append(entry)
    return json.dumps({'files': files, 'summary': summary(reports, options)}, indent=2,
                      ensure_ascii=False) + '\n'


def _related_json(place: Place) -> dict:
    found = {'message': place.message, 'line': place.line, 'column': place.column,
             'end_line': place.end_line, 'end_column': place.end_column}
    if place.path is not None:
        found = {'path': place.path, **found}
    return found


_GITHUB_LEVEL = {Severity.ERROR: 'error', Severity.WARNING: 'warning',
                 Severity.INFORMATION: 'notice', Severity.HINT: 'notice'}


def _escape(text: str) -> str:
    """A workflow command's message (after `::`)."""
    return text.replace('%', '%25').replace('\r', '%0D').replace('\n', '%0A')


def _escape_property(text: str) -> str:
    """A workflow command's property value (`file=...,title=...`): `,` and `:` end one."""
    return _escape(text).replace(':', '%3A').replace(',', '%2C')


def format_github(reports: list[FileReport], options: ReportOptions | None = None) -> str:
    """GitHub Actions workflow commands: annotations on the pull request."""
    out = []
    for report in reports:
        for d, line, column, end_line, end_column in rows(report):
            out.append(f'::{_GITHUB_LEVEL[d.severity]} file={_escape_property(report.path)},'
                       f'line={line},col={column},endLine={end_line},endColumn={end_column},'
                       f'title={_escape_property(f"{d.code} {d.name}")}::{_escape(d.message)}')
    return '\n'.join(out) + ('\n' if out else '')
