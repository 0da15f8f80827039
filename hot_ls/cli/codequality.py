"""`hot-ls check --format codequality`: GitLab's Code Quality report (CodeClimate's JSON).

GitLab shows it in merge requests (`artifacts: reports: codequality:`): the
findings a change adds or fixes, and in the changes view beside the lines.
One issue per diagnostic, as GitLab reads them: `description` (the code and
the message), `check_name` (the rule code), `severity` (error: major,
warning: minor, information and hints: info), `location` (the path relative
to the working directory, where GitLab runs the job, and the begin and end
positions), and a `fingerprint` GitLab compares between the branches: the
baseline identity (rule, place in the template, text: it survives moved
lines) with the path and, for identical findings, their count.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter

from hot_ls.analysis import Severity
from hot_ls.cli.formats import FileReport, ReportOptions, rows

_SEVERITY = {Severity.ERROR: 'major', Severity.WARNING: 'minor',
             Severity.INFORMATION: 'info', Severity.HINT: 'info'}


def _path(path: str) -> str:
    relative = os.path.relpath(os.path.abspath(path))
    return (relative if not relative.startswith(os.pardir) else os.path.abspath(path)) \
        .replace(os.sep, '/')


def format_codequality(reports: list[FileReport], options: ReportOptions) -> str:
    issues = []
    for report in reports:
        path = _path(report.path)
        identities = report.identities or [None] * len(report.diagnostics)
        seen: Counter = Counter()
        for (diagnostic, line, column, end_line, end_column), identity in zip(
                rows(report), identities):
            what = identity.fingerprint if identity is not None else \
                f'{diagnostic.code}:{diagnostic.start}'
            seen[what] += 1
            fingerprint = hashlib.sha256(
                f'{path}\0{what}\0{seen[what]}'.encode('utf-8')).hexdigest()[:32]
            issues.append({
                'type': 'issue',
                'description': f'{diagnostic.code} {diagnostic.message}',
                'check_name': diagnostic.code,
                'categories': ['Bug Risk'],
                'severity': _SEVERITY[diagnostic.severity],
                'fingerprint': fingerprint,
                'location': {'path': path, 'positions': {
                    'begin': {'line': line, 'column': column},
                    'end': {'line': end_line, 'column': end_column}}},
            })
    return json.dumps(issues, indent=2, ensure_ascii=False) + '\n'
