"""`hot-ls check PATH...`: every diagnostic of every Heat document, offline."""
from __future__ import annotations

import sys

from hot_ls.analysis import Severity
from hot_ls.cli.files import discover
from hot_ls.cli.formats import FORMATTERS, FileReport
from hot_ls.config import Settings
from hot_ls.rules import analyze_file


def check_paths(paths: list[str], settings: Settings) -> list[FileReport]:
    reports = []
    for path, explicit in discover(paths, settings.exclude):
        analysis = analyze_file(path, settings)
        if not explicit and not analysis.kind.is_heat_document:
            continue
        reports.append(FileReport.of(path, analysis))
    return reports


def run(args, settings: Settings) -> int:
    for problem in settings.problems:
        print(f'hot-ls: {problem}', file=sys.stderr)
    reports = check_paths(args.paths, settings)
    sys.stdout.write(FORMATTERS[args.format](reports))
    failed = any(report.count(Severity.ERROR) for report in reports)
    return 1 if failed else 0
