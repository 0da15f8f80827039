"""`hot-ls check PATH... [-e ENV]...`: every diagnostic of every Heat document, offline."""
from __future__ import annotations

import os
import sys

from hot_ls.analysis import Severity
from hot_ls.cli.files import discover
from hot_ls.cli.formats import FORMATTERS, FileReport
from hot_ls.config import Settings
from hot_ls.rules import analyze_file
from hot_ls.workspace import Workspace


def workspace_for(paths: list[str], settings: Settings,
                  environments: list[str] | tuple[str, ...] = ()) -> Workspace:
    """The workspace of a command line: the folders of its paths; the working directory and
    the environments' folders may be read too."""
    roots = [p if os.path.isdir(p) else os.path.dirname(os.path.abspath(p)) for p in paths]
    readable = [os.getcwd()] + [os.path.dirname(os.path.abspath(e)) for e in environments]
    return Workspace(settings, roots, environments=environments, readable=readable)


def check_paths(paths: list[str], settings: Settings,
                environments: list[str] | tuple[str, ...] = ()) -> list[FileReport]:
    """Check the files (and the Heat documents of the directories) of `paths`, each created
    with `environments` (as `openstack stack create -e`) on top of the configured ones."""
    workspace = workspace_for(paths, settings, environments)
    named = [*paths, *(e for e in environments if not _within(e, paths))]
    reports = []
    for path, explicit in discover(named, settings.exclude):
        analysis = analyze_file(path, settings, workspace)
        if not explicit and not analysis.kind.is_heat_document:
            continue
        reports.append(FileReport.of(path, analysis))
    return reports


def _within(path: str, paths: list[str]) -> bool:
    path = os.path.abspath(path)
    for given in paths:
        given = os.path.abspath(given)
        if path == given or (os.path.isdir(given) and path.startswith(given + os.sep)):
            return True
    return False


def run(args, settings: Settings) -> int:
    for problem in settings.problems:
        print(f'hot-ls: {problem}', file=sys.stderr)
    reports = check_paths(args.paths, settings, args.environment)
    sys.stdout.write(FORMATTERS[args.format](reports))
    failed = any(report.count(Severity.ERROR) for report in reports)
    return 1 if failed else 0
