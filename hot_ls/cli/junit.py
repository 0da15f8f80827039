"""`hot-ls check --format junit`: a JUnit XML report, for GitLab's and Jenkins' test reports.

One testcase per file checked (its name and `file` the file's path), with
one `<failure>` per diagnostic that fails the run (`--fail-on`; its type
the rule code, its message the diagnostic's, its text the text format's
line and notes); the diagnostics below that severity are listed in the testcase's
`<system-out>`.  A file without failures is a passing testcase.  The
testsuite's `failures` counts failing files, as its `tests` counts files.
"""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from hot_ls.cli.formats import FileReport, ReportOptions, related_places, rows


def _line(report: FileReport, diagnostic, line: int, column: int) -> str:
    """The text format's line, with its notes on the related places."""
    return '\n'.join([f'{report.path}:{line}:{column}: {diagnostic.severity.label}'
                      f'[{diagnostic.code}] {diagnostic.message}'] +
                     [f'  {place.shown(report)}: note: {place.message}'
                      for place in related_places(report, diagnostic)])


def xml_clean(text: str) -> str:
    """Without the characters XML 1.0 cannot hold."""
    return ''.join(c for c in text if c in '\t\n\r' or (' ' <= c <= '\ud7ff')
                   or ('\ue000' <= c <= '\ufffd') or c >= '\U00010000')


def _xml_text(text: str) -> str:
    return escape(xml_clean(text))


def format_junit(reports: list[FileReport], options: ReportOptions) -> str:
    cases = []
    failed = 0
    for report in reports:
        failures, others = [], []
        for diagnostic, line, column, _, _ in rows(report):
            text = _line(report, diagnostic, line, column)
            if options.fails(diagnostic):
                failures.append(
                    f'      <failure type={quoteattr(diagnostic.code)} '
                    f'message={quoteattr(xml_clean(diagnostic.message))}>{_xml_text(text)}'
                    f'</failure>')
            else:
                others.append(_xml_text(text))
        failed += bool(failures)
        body = failures[:]
        if others:
            body.append('      <system-out>' + '\n'.join(others) + '</system-out>')
        name = quoteattr(xml_clean(report.path))
        head = f'    <testcase classname="hot-ls" name={name} file={name}'
        cases.append(head + ('>\n' + '\n'.join(body) + '\n    </testcase>' if body else '/>'))
    counts = f'tests="{len(reports)}" failures="{failed}" errors="0"'
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<testsuites name="hot-ls" {counts}>',
           f'  <testsuite name="hot-ls check" {counts} skipped="0">',
           *cases,
           '  </testsuite>',
           '</testsuites>']
    return '\n'.join(out) + '\n'
