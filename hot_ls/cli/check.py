"""`hot-ls check PATH... [-e ENV]...`: every diagnostic of every Heat document, offline.

Each template is checked as a stack created with the configured
environments and the `-e` ones (in that order), among the files of its
folders (hot_ls.workspace).  A template named is checked as a stack's root with
the templates its stack uses (hot_ls.workspace.stack_templates), as nested
stacks, as `openstack stack create` sends and validates them; `--no-follow`
checks only those named.

The report (text, json, github, sarif, junit, codequality or checkstyle) goes to stdout, or to
`--output FILE` with the text summary on stdout; the progress bar, when
stderr is a terminal, goes to stderr.  `--baseline` drops the findings a
baseline holds, `--write-baseline` records them (hot_ls.cli.baseline).

Exit status: 0 when no diagnostic is at least as severe as `--fail-on`
(default: error), 1 when one is, 2 for a usage error (also an unreadable
baseline or an unwritable output file, settings that cannot work) or an
internal failure, 3 when nothing was checked (no Heat document found; 0
with `--allow-empty`).  Writing a baseline exits 0: the findings it records
are accepted.

`--fix` first applies the quick fixes that keep what was meant to the files
(hot_ls.cli.fix), saying each on stderr; the check then reports what is left.
`--diff` prints those fixes as a unified diff instead, and neither writes nor
checks (exit status 1 when there are fixes, 0 when there are none).
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, replace

from hot_ls.analysis import Severity
from hot_ls.cli.baseline import Baseline, BaselineError, write as write_baseline
from hot_ls.cli.checkstyle import format_checkstyle
from hot_ls.cli.codequality import format_codequality
from hot_ls.cli.files import discover, excluded
from hot_ls.cli.unmapped import unmapped_hint
from hot_ls.cli.formats import (FileReport, ReportOptions, format_github, format_json,
                                format_text, shown_path, summary_line)
from hot_ls.cli.junit import format_junit
from hot_ls.cli.progress import Progress
from hot_ls.cli.sarif import format_sarif
from hot_ls.config import Settings, Stack
from hot_ls.features.stack_problems import with_stack_problems
from hot_ls.model.document import Kind
from hot_ls.rules import analyze_file, analyze_stacks_of
from hot_ls.workspace import Workspace
from hot_ls.workspace.stack_templates import templates_used

FORMATTERS = {'text': format_text, 'json': format_json, 'github': format_github,
              'sarif': format_sarif, 'junit': format_junit, 'codequality': format_codequality,
              'checkstyle': format_checkstyle}
FAIL_ON = ('error', 'warning', 'information')
EXIT_STATUS = """\
exit status:
  0  no diagnostic at least as severe as --fail-on (also after --write-baseline)
  1  at least one such diagnostic
  2  usage error (bad option, unreadable baseline, unwritable --output, settings that
     cannot work: an unknown rule, a missing --catalog or --plugin-path, an unknown
     --target-release) or internal error
  3  nothing was checked: no Heat template or environment among the PATHs (0 with
     --allow-empty)"""


def add_parser(sub) -> None:
    import argparse
    check = sub.add_parser(
        'check', help='check templates and environments',
        description='Check Heat templates and environment files offline.',
        epilog=EXIT_STATUS, formatter_class=argparse.RawDescriptionHelpFormatter)
    check.add_argument('paths', nargs='+', metavar='PATH', help='files or directories')
    check.add_argument('--format', choices=tuple(FORMATTERS), default='text',
                       help='report format (default: text)')
    check.add_argument('--output', '-o', metavar='FILE',
                       help='write the report to FILE; the text summary still goes to stdout')
    check.add_argument('--fail-on', choices=FAIL_ON, default='error',
                       help='the least severe diagnostic that makes the exit status 1 '
                            '(default: error)')
    check.add_argument('--baseline', metavar='FILE',
                       help='report only the findings this baseline does not hold')
    check.add_argument('--write-baseline', metavar='FILE',
                       help='record every finding of this run as a baseline, and exit 0')
    check.add_argument('--color', choices=('auto', 'always', 'never'), default='auto',
                       help='colour the text report: auto (default) on a terminal unless '
                            'NO_COLOR is set')
    check.add_argument('--heat-only', action='store_true',
                       help='skip named files that are not Heat documents, as in directories '
                            '(for pre-commit, which names every YAML and JSON file)')
    check.add_argument('--allow-empty', action='store_true',
                       help='exit 0, not 3, when no Heat document is found to check')
    check.add_argument('--no-follow', action='store_true',
                       help='check only the files named, not the templates the stacks of the '
                            'templates named use (their provider templates, at any depth)')
    check.add_argument('--quiet', '-q', action='store_true',
                       help='no progress bar (it only ever shows on a terminal)')
    check.add_argument('-j', '--jobs', type=jobs_count, default=1, metavar='N',
                       help='analyse in N processes (auto: one per CPU); the report is the '
                            'same, in the same order (default: 1)')
    check.add_argument('--disable', action='append', default=[], metavar='CODE',
                       help='turn a rule off (repeatable)')
    check.add_argument('--fix', action='store_true',
                       help='first apply the quick fixes that keep what was meant (a ":" a key '
                            'lacks, spaces for a tab, a misspelt name with one close match...) '
                            'and write the files; then check them')
    check.add_argument('--diff', action='store_true',
                       help='print the fixes --fix would make as a unified diff, write nothing '
                            'and check nothing; exit 1 when there are some')
    check.add_argument('-e', '--environment', action='append', default=[], metavar='ENV',
                       help='an environment every template is created with, in order, as '
                            "Heat's -e (repeatable; after the configured ones)")
    from hot_ls.cli import catalog as catalog_cli
    catalog_cli.add_catalog_options(check)


def workspace_for(paths: list[str], settings: Settings,
                  environments: list[str] | tuple[str, ...] = ()) -> Workspace:
    """The workspace of a command line: the folders of its paths; the working directory, the
    environments' folders and the settings file's folder (the project it configures: its
    `environments` and `stacks` name files there, also for a run in one of its subfolders)
    may be read too."""
    roots = [p if os.path.isdir(p) else os.path.dirname(os.path.abspath(p)) for p in paths]
    readable = [os.getcwd()] + [os.path.dirname(os.path.abspath(e)) for e in environments]
    if settings.base_dir is not None:
        readable.append(settings.base_dir)
    return Workspace(settings, roots, environments=environments, readable=readable,
                     one_run=True)


def jobs_count(value: str) -> int:
    """`-j N`: a positive number, or `auto` (or 0): one process per CPU this process may use."""
    if value in ('auto', '0'):
        return available_cpus()
    try:
        count = int(value)
    except ValueError:
        count = 0
    if count < 1:
        import argparse
        raise argparse.ArgumentTypeError(f'expected a positive number or auto, not {value!r}')
    return count


def available_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@dataclass
class Run:
    """What a run looked at and what it reports."""

    reports: list[FileReport]
    looked_at: int  # files found (named, or in the directories named)
    used: int = 0   # of the files checked, those only the stacks of the templates named use


def check_paths(paths: list[str], settings: Settings, identities: bool = False,
                progress: Progress | None = None, heat_only: bool = False,
                environments: list[str] | tuple[str, ...] = (), jobs: int = 1,
                follow: bool = False) -> list[FileReport]:
    """Analyse every file `paths` name; the reports (see `run_paths`)."""
    return run_paths(paths, settings, identities, progress, heat_only, environments,
                     jobs, follow).reports


def run_paths(paths: list[str], settings: Settings, identities: bool = False,
              progress: Progress | None = None, heat_only: bool = False,
              environments: list[str] | tuple[str, ...] = (), jobs: int = 1,
              follow: bool = False) -> Run:
    """Analyse every file `paths` name; `identities` adds the baseline identities.

    Each template is created with `environments` (as `openstack stack create
    -e`) on top of the configured ones; those files are checked too.  A file
    found in a directory is reported only when it is a Heat document; so is
    a named file with `heat_only`.  With `jobs` > 1 the files are analysed in
    that many processes, each with its own workspace (the same files, read the
    same way), and reported in the same order.  With `follow`, the templates the
    stacks of the templates named use are checked too, after the files found.
    """
    named = [*paths, *(e for e in environments if not _within(e, paths))]
    files = list(discover(named, settings.exclude))
    if follow:
        settings = as_roots(settings, _unreached(workspace_for(paths, settings, environments),
                                                 files))
    job = _Job(paths, settings, identities, heat_only, tuple(environments))
    used = _used(job.workspace(), files, settings.exclude) if follow else []
    files += [(path, False) for path in used]
    job.checked = frozenset(os.path.abspath(path) for path, _ in files)
    if progress is not None:
        progress.total = len(files)
    jobs = min(jobs, len(files))
    reports = []
    for (path, _), report in zip(files, job.run_all(files, jobs)):
        if progress is not None:
            progress.advance(path)
        if report is not None:
            reports.append(report)
    return Run(reports, len(files) - len(used), len(used))


def as_roots(settings: Settings, paths: list[str]) -> Settings:
    """The settings with each file named created as a stack's root (a `stacks` entry with no
    environment of its own: the configured and -e ones still apply): the templates its stack
    uses are then its nested stacks, checked as Heat validates them when it creates the root
    (no property values checked there, a template only a condition reaches with warnings)."""
    return replace(settings, stacks=settings.stacks + tuple(
        Stack(templates=(os.path.abspath(path),)) for path in paths))


def _unreached(workspace: Workspace, files: list[tuple[str, bool]]) -> list[str]:
    """The files named that no configured stack reaches (one that does stays in its stack:
    pre-commit names a nested template a commit changed)."""
    return [path for path, explicit in files if explicit and not workspace.stack(path).chain]


def _used(workspace: Workspace, files: list[tuple[str, bool]], exclude: tuple[str, ...]
          ) -> list[str]:
    """The templates the stacks of the named templates use that are not among `files` (nor
    excluded), as they are shown: relative to the working directory when under it."""
    checked = {os.path.abspath(path) for path, _ in files}
    named = [path for path, explicit in files if explicit]
    return [shown_path(path) for path in templates_used(workspace, named)
            if path not in checked and not excluded(path, exclude)]


class _Job:
    """What checking one file needs (picklable: each process of a pool gets a copy, once)."""

    def __init__(self, paths: list[str], settings: Settings, identities: bool, heat_only: bool,
                 environments: tuple[str, ...], checked: frozenset[str] = frozenset()):
        self.paths = list(paths)
        self.settings = settings
        self.identities = identities
        self.heat_only = heat_only
        self.environments = environments
        self.checked = checked  # every file of the run (absolute)
        self._workspace: Workspace | None = None

    def __getstate__(self) -> dict:
        return {**self.__dict__, '_workspace': None}  # each process makes its own

    def workspace(self) -> Workspace:
        if self._workspace is None:
            self._workspace = workspace_for(self.paths, self.settings, self.environments)
        return self._workspace

    def check(self, file: tuple[str, bool]) -> FileReport | None:
        """The report of one file, or None when it is not reported (see `run_paths`)."""
        path, explicit = file
        analysis = analyze_file(path, self.settings, self.workspace())
        if (self.heat_only or not explicit) and not analysis.kind.is_heat_document:
            return None
        if analysis.kind is Kind.ENVIRONMENT:
            analysis.diagnostics = self._with_stack_problems(path, analysis)
        return FileReport.of(path, analysis, self.identities)

    def _with_stack_problems(self, path: str, analysis) -> list:
        """The environment's diagnostics with what its stacks not checked here find in it;
        the stacks checked here (which report it on the template) are analysed too when
        the environment has a suppression comment that suppressed nothing of its own
        (HOT010): it may suppress a template's diagnostic (features.stack_problems)."""
        templates = self.workspace().stacks_created_with(path)
        others = [t for t in templates if t not in self.checked]
        here = [t for t in templates if t in self.checked] \
            if any(d.code == 'HOT010' for d in analysis.diagnostics) else []
        return with_stack_problems(
            analysis, analyze_stacks_of(path, self.workspace(), templates=others),
            analyze_stacks_of(path, self.workspace(), templates=here) if here else ())

    def run_all(self, files: list[tuple[str, bool]], jobs: int):
        """Each file's report (or None), in order; in `jobs` processes when more than one."""
        if jobs <= 1:
            yield from map(self.check, files)
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        # fork where it is safe (Linux): the workers start with everything imported
        context = multiprocessing.get_context('fork' if sys.platform.startswith('linux')
                                              else None)
        # Small chunks keep the processes busy to the end (files differ a lot in size);
        # map() gives the results in the files' order whatever order they finish in.
        chunk = max(1, min(16, len(files) // (jobs * 8)))
        with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                 initargs=(self,)) as pool:
            yield from pool.map(_check_in_worker, files, chunksize=chunk)


_worker_job: _Job | None = None  # in a process of the pool: its job, workspace and all


def _start_worker(job: _Job) -> None:
    global _worker_job
    _worker_job = job


def _check_in_worker(file: tuple[str, bool]) -> FileReport | None:
    return _worker_job.check(file)


def _within(path: str, paths: list[str]) -> bool:
    path = os.path.abspath(path)
    for given in paths:
        given = os.path.abspath(given)
        if path == given or (os.path.isdir(given) and path.startswith(given + os.sep)):
            return True
    return False


def _fix(args, settings: Settings) -> None:
    """--fix: fix the files the check will look at (hot_ls.cli.fix); each fix on stderr."""
    from hot_ls.cli.fix import files_to_fix, fix_files
    workspace = workspace_for(args.paths, settings, args.environment)
    fixed, left = fix_files(files_to_fix(_named(args), settings), settings, workspace)
    for one in fixed:
        print(f'hot-ls: fixed {one}', file=sys.stderr)
    for reason in left:
        print(f'hot-ls: {reason}', file=sys.stderr)
    files = len({one.path for one in fixed})
    print(f'hot-ls: {len(fixed)} fix{"es" if len(fixed) != 1 else ""} applied'
          + (f' in {files} file{"s" if files != 1 else ""}' if fixed else ''), file=sys.stderr)


def _diff(args, settings: Settings) -> int:
    """--diff: the fixes --fix would make, as a unified diff on stdout; 1 when there are."""
    from hot_ls.cli.fix import diff_of, files_to_fix
    workspace = workspace_for(args.paths, settings, args.environment)
    count = files = 0
    for path in files_to_fix(_named(args), settings):
        diff, fixed = diff_of(path, settings, workspace)
        if fixed:
            sys.stdout.write(diff)
            count, files = count + len(fixed), files + 1
    print(f'hot-ls: {count} fix{"es" if count != 1 else ""} would be applied'
          + (f' in {files} file{"s" if files != 1 else ""}' if count else ''), file=sys.stderr)
    return 1 if count else 0


def _named(args) -> list[str]:
    """The paths a run looks at: those named, and the -e environments outside them."""
    return [*args.paths, *(e for e in args.environment if not _within(e, args.paths))]


def use_color(choice: str, stream) -> bool:
    """`always`, `never`, or (auto) on a terminal when NO_COLOR is unset or empty."""
    if choice != 'auto':
        return choice == 'always'
    isatty = getattr(stream, 'isatty', None)
    return bool(isatty and isatty()) and not os.environ.get('NO_COLOR')


def run(args, settings: Settings) -> int:
    try:
        baseline = Baseline.load(args.baseline) if args.baseline else None
    except BaselineError as exc:
        print(f'hot-ls: {exc}', file=sys.stderr)
        return 2
    if args.diff:
        return _diff(args, settings)
    if args.fix:
        _fix(args, settings)
    progress = Progress.for_terminal(0, sys.stderr, args.quiet)
    identities = bool(baseline or args.write_baseline
                      or args.format in ('sarif', 'codequality'))
    try:
        checked = run_paths(args.paths, settings, identities, progress, args.heat_only,
                            args.environment, args.jobs, follow=not args.no_follow)
    finally:
        progress.close()
    reports = checked.reports
    if args.write_baseline:
        try:
            written = write_baseline(args.write_baseline, reports)
        except BaselineError as exc:
            print(f'hot-ls: {exc}', file=sys.stderr)
            return 2
    options = ReportOptions(fail_on=Severity.parse(args.fail_on), used=checked.used)
    if baseline is not None:
        options.baseline = baseline.apply(reports)
    to_file = args.output is not None
    options.color = args.format == 'text' and not to_file and use_color(args.color, sys.stdout)
    report = FORMATTERS[args.format](reports, options)
    if to_file:
        try:
            with open(args.output, 'w', encoding='utf-8') as fh:
                fh.write(report)
        except OSError as exc:
            print(f'hot-ls: cannot write {args.output}: {exc.strerror}', file=sys.stderr)
            return 2
        sys.stdout.write(summary_line(reports, options) + '\n')
    else:
        sys.stdout.write(report)
        if baseline is not None and args.format != 'text':
            print(f'hot-ls: {summary_line(reports, options)}', file=sys.stderr)
    if args.write_baseline:
        print(f'hot-ls: wrote {written} findings to {args.write_baseline}', file=sys.stderr)
        return 0
    hint = unmapped_hint(reports)
    if hint is not None:
        print(f'hot-ls: hint: {hint}', file=sys.stderr)
    failed = any(options.fails(d) for report in reports for d in report.diagnostics)
    if not reports:
        found = ('no YAML, JSON or .template file found' if checked.looked_at == 0 else
                 f'{checked.looked_at} file{"s" if checked.looked_at > 1 else ""} found, none '
                 f'of them a Heat template or environment')
        hint = '' if args.allow_empty else ' (--allow-empty accepts that)'
        print(f'hot-ls: nothing checked in {" ".join(args.paths)}: {found}{hint}',
              file=sys.stderr)
        return 0 if args.allow_empty else 3
    return 1 if failed else 0
