"""`hot-ls check --format checkstyle`: Checkstyle XML, which Jenkins (Warnings Next
Generation), reviewdog, Bitbucket and SonarQube importers read.

One `<file>` per file checked, one `<error>` per diagnostic: `line` and
`column` (1-based), `severity` (error, warning or info), `message`, and
`source` the rule (`hot-ls.HOT702`).  A file without diagnostics is an empty
`<file>` (it was checked).
"""
from __future__ import annotations

from xml.sax.saxutils import quoteattr

from hot_ls.analysis import Severity
from hot_ls.cli.formats import FileReport, ReportOptions, rows
from hot_ls.cli.junit import xml_clean

_SEVERITY = {Severity.ERROR: 'error', Severity.WARNING: 'warning',
             Severity.INFORMATION: 'info', Severity.HINT: 'info'}


def format_checkstyle(reports: list[FileReport], options: ReportOptions) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<checkstyle version="4.3">']
    for report in reports:
        errors = [f'    <error line="{line}" column="{column}" '
                  f'severity="{_SEVERITY[d.severity]}" '
                  f'message={quoteattr(xml_clean(d.message))} '
                  f'source={quoteattr(f"hot-ls.{d.code}")}/>'
                  for d, line, column, _, _ in rows(report)]
        name = quoteattr(xml_clean(report.path))
        out.append(f'  <file name={name}>' + ''.join('\n' + e for e in errors) +
                   ('\n  </file>' if errors else '</file>'))
    out.append('</checkstyle>')
    return '\n'.join(out) + '\n'
