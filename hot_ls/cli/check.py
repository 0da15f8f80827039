"""`hot-ls check PATH...`: every diagnostic of every Heat document, offline."""
from __future__ import annotations

import sys

from hot_ls.cli.files import discover
from hot_ls.cli.formats import FORMATTERS, FileReport
from hot_ls.config import Settings
from hot_ls.rules import Severity, analyze


def read_text(path: str) -> str:
    with open(path, 'rb') as fh:
        data = fh.read()
    return data.decode('utf-8-sig', errors='replace') if data.startswith(b'\xef\xbb\xbf') \
        else data.decode('utf-8', errors='replace')


def check_paths(paths: list[str], settings: Settings) -> list[FileReport]:
    reports = []
    for path, explicit in discover(paths, settings.exclude):
        try:
            text = read_text(path)
        except OSError as exc:
            reports.append(FileReport(path, error=f'cannot read file: {exc.strerror or exc}'))
            continue
        analysis = analyze(text, path, settings)
        if not explicit and not analysis.kind.is_heat_document:
            continue
        reports.append(FileReport.of(path, analysis))
    return reports


def run(args, settings: Settings) -> int:
    for problem in settings.problems:
        print(f'hot-ls: {problem}', file=sys.stderr)
    reports = check_paths(args.paths, settings)
    sys.stdout.write(FORMATTERS[args.format](reports))
    failed = any(report.error or report.count(Severity.ERROR) for report in reports)
    return 1 if failed else 0
