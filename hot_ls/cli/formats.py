"""Formatters for `hot-ls check`: text, json, github.

Lines and columns are 1-based; columns count Unicode code points.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field

from hot_ls.model.document import Kind
from hot_ls.analysis import Analysis, Diagnostic, Severity
from hot_ls.text import LineIndex


@dataclass
class FileReport:
    """What is kept of one file's analysis: not its tree, so a large run stays small."""

    path: str
    kind: Kind | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    lines: LineIndex | None = None

    @classmethod
    def of(cls, path: str, analysis: Analysis) -> 'FileReport':
        return cls(path, analysis.kind, analysis.diagnostics, analysis.tree.lines)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)


def _rows(report: FileReport):
    lines = report.lines
    if lines is None:
        return
    for d in report.diagnostics:
        start = lines.position(d.start)
        end = lines.position(d.end)
        yield d, start.line + 1, start.character + 1, end.line + 1, end.character + 1


def summary(reports: list[FileReport]) -> dict:
    errors = warnings = 0
    for report in reports:
        errors += report.count(Severity.ERROR)
        warnings += report.count(Severity.WARNING)
    return {'files': len(reports), 'errors': errors, 'warnings': warnings}


def _plural(count: int, noun: str) -> str:
    return f'{count} {noun}' + ('' if count == 1 else 's')


def format_text(reports: list[FileReport]) -> str:
    out = []
    for report in reports:
        for d, line, column, _, _ in _rows(report):
            out.append(f'{report.path}:{line}:{column}: {d.severity.label}[{d.code}] {d.message}')
    counts = summary(reports)
    out.append(f'{_plural(counts["files"], "file")} checked: {_plural(counts["errors"], "error")}, '
               f'{_plural(counts["warnings"], "warning")}')
    return '\n'.join(out) + '\n'


def format_json(reports: list[FileReport]) -> str:
    files = []
    for report in reports:
        diagnostics = []
        for d, line, column, end_line, end_column in _rows(report):
            diagnostics.append({'code': d.code, 'name': d.name, 'severity': d.severity.label,
                                'message': d.message, 'line': line, 'column': column,
                                'end_line': end_line, 'end_column': end_column})
        entry = {'path': report.path, 'diagnostics': diagnostics}
        if report.kind is not None:
            entry['kind'] = report.kind.value
        files.append(entry)
    return json.dumps({'files': files, 'summary': summary(reports)}, indent=2,
                      ensure_ascii=False) + '\n'


_GITHUB_LEVEL = {Severity.ERROR: 'error', Severity.WARNING: 'warning',
                 Severity.INFORMATION: 'notice', Severity.HINT: 'notice'}


def _escape(text: str) -> str:
    return text.replace('%', '%25').replace('\r', '%0D').replace('\n', '%0A')


def format_github(reports: list[FileReport]) -> str:
    """GitHub Actions workflow commands: annotations on the pull request."""
    out = []
    for report in reports:
        for d, line, column, end_line, end_column in _rows(report):
            out.append(f'::{_GITHUB_LEVEL[d.severity]} file={report.path},line={line},col={column},'
                       f'endLine={end_line},endColumn={end_column},title={d.code} {d.name}::'
                       f'{_escape(d.message)}')
    return '\n'.join(out) + ('\n' if out else '')


FORMATTERS = {'text': format_text, 'json': format_json, 'github': format_github}
