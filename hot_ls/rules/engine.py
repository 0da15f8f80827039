"""Run the rules over an analysis and write its diagnostics.

`check(analysis)` is the one checking pipeline: each rule that applies to
the document's kind yields findings, which become diagnostics with the
rule's identity and (possibly overridden) severity; errors of checks Heat
makes only on resources it creates are softened inside resources it never
creates; then duplicates, findings on lines error recovery blanked, and
suppressed ones are dropped, recording which codes of which suppression
comments suppressed something; last, HOT010 (unused-suppression) reports
the codes that suppressed nothing: it reads every other rule's findings,
so it runs after them (hot_ls.rules.syntax.unused_suppression).
`analyze(text, path, settings)` parses and checks in one call,
`analyze_file(path, settings)` reads the file first: the CLI, the server
and the tests all use them.
"""
from __future__ import annotations

import logging
import os
from typing import Any

from hot_ls.analysis import Analysis, Diagnostic, Finding, RuleBook, Severity, allow_deep_recursion
from hot_ls.analysis.suppressions import NamedCode
from hot_ls.config import Settings
from hot_ls.model.document import Kind
from hot_ls.analysis.entries import Checking
from hot_ls.rules.base import Rule
from hot_ls.rules.environment_suppressions import EnvironmentSuppressions
from hot_ls.rules.records import Carried, per_entry, record
from hot_ls.rules.registry import RULE_CLASSES, RULES
from hot_ls.rules.syntax.analysis_incomplete import AnalysisIncomplete
from hot_ls.rules.syntax.unreadable_file import UnreadableFile
from hot_ls.rules.syntax.unused_suppression import UnusedSuppression
from hot_ls.syntax import SyntaxTree
from hot_ls.syntax.gc_pause import gc_paused
from hot_ls.text.source import ReadProblem, read_source
from hot_ls.workspace import StackContext, Workspace

_log = logging.getLogger(__name__)
_SURVIVES_RECOVERY = frozenset(rule.code for rule in RULES if rule.survives_recovery)
RULE_BOOK = RuleBook([cls.info() for cls in RULE_CLASSES])
_UNREADABLE = [rule for rule in RULES if isinstance(rule, UnreadableFile)]
_UNUSED = next(rule for rule in RULES if isinstance(rule, UnusedSuppression))
_ABOUT_ENVIRONMENTS = frozenset(key for rule in RULES if rule.about_environments
                                for key in (rule.code, rule.name))


def analyze(text: str, path: str | None = None, settings: Settings | None = None,
            tree: SyntaxTree | None = None, read_problem: ReadProblem | None = None,
            workspace: Workspace | None = None, stack: StackContext | None = None) -> Analysis:
    """Parse and check one document (among the files of `workspace`, by default its folder's;
    a tree the workspace already parsed of this text is not parsed again; as part of `stack`,
    by default the one the workspace makes of it).

    Never raises for bad input.
    """
    allow_deep_recursion()
    if tree is None and workspace is not None:
        tree = workspace.parsed_tree(path, text)
    with gc_paused():
        return check(Analysis(text, path, settings, tree=tree, read_problem=read_problem,
                              workspace=workspace, stack=stack))


def analyze_file(path: str, settings: Settings | None = None,
                 workspace: Workspace | None = None) -> Analysis:
    """Read (as Heat reads: UTF-8) and check the file at `path`."""
    source = read_source(path)
    return analyze(source.text, path, settings, read_problem=source.problem,
                   workspace=workspace)


def analyze_stacks_of(environment: str, workspace: Workspace,
                      templates: list[str] | None = None) -> list[Analysis]:
    """The analyses of the templates the configuration creates with the environment file
    (`templates`, when the caller has them already: Workspace.stacks_created_with), each
    as it stands in the workspace (an editor's buffer, else the file), with the
    environment's text there."""
    if templates is None:
        templates = workspace.stacks_created_with(environment)
    found = []
    for template in templates:
        source = workspace.files.read(template)
        if source.problem is None:
            found.append(analyze(source.text, template, workspace.settings,
                                 workspace=workspace))
    return found


def check(analysis: Analysis, carried: 'Carried | None' = None) -> Analysis:
    """Run every applicable rule over the analysis and set its diagnostics (and, for a HOT
    template, its `records`).  With `carried` (hot_ls.rules.incremental), the per-entry rules
    check only the entries it says, and the others' findings are taken from its records."""
    allow_deep_recursion()
    with gc_paused():
        if not _check(analysis, carried):
            _check(analysis, None)
    return analysis


def _check(analysis: Analysis, carried: 'Carried | None') -> bool:
    """False when a rule failed in a run over some entries only: then all must be checked
    (a failing rule's findings are dropped everywhere)."""
    settings = analysis.settings
    disabled = set(settings.disable)
    overrides = settings.severity
    kind = analysis.kind
    only_syntax = analysis.only_syntax  # too deep or too large: HOT007 or HOT008 says so
    rules = _UNREADABLE if analysis.read_problem is not None else RULES
    excused: set[str] = set()  # the codes and names of rules that could not report
    template = analysis.template
    checking = None
    if template is not None:
        checking = analysis.checking = Checking(template, carried.dirty if carried else None)
        if carried is not None:
            analysis.keep_facts(carried.facts)
        analysis.observations.clear()
        analysis.dynamic_reads.clear()
    found = Found()
    unsure = _unsure_stack(analysis) if template is not None and not only_syntax else None
    for index, rule in enumerate(rules):
        if rule.code in disabled or rule.name in disabled:
            excused.update((rule.code, rule.name))
            continue
        if kind not in rule.kinds or rule is _UNUSED:
            continue
        if only_syntax and not rule.survives_recovery:
            continue  # every structural check would recurse as deep as Heat fails to, or
            # read what Heat never reads
        severity = rule.severity
        override = overrides.get(rule.code) or overrides.get(rule.name)
        if override:
            severity = Severity.parse(override)
        entry_rule = rule.per_entry and checking is not None
        if entry_rule:
            checking.current = None
        try:
            for sequence, finding in enumerate(rule.check(analysis)):
                diagnostic = _diagnostic(rule, finding, severity)
                if rule.checked_when_created:
                    _excuse_disabled_resource(diagnostic, analysis)
                if unsure is not None and diagnostic.severity is Severity.ERROR \
                        and not rule.refused_when_sent(finding):
                    diagnostic.severity = Severity.WARNING
                    diagnostic.message = f'{diagnostic.message} ({unsure})'
                found.add(index, sequence, diagnostic, checking.current if entry_rule else None)
        except Exception as exc:  # a bug in a rule must not cost the other rules' findings
            _log.exception('rule %s failed on %s', rule.code, analysis.path or '<document>')
            if carried is not None:
                return False
            found.failed(index)
            for sequence, diagnostic in enumerate(_incomplete(rule, exc, disabled)):
                found.add(index, sequence, diagnostic, None)
            excused.update((rule.code, rule.name))
        if entry_rule:
            checking.current = None
    entries: list[tuple[int, tuple, int, Diagnostic]] = []
    if template is not None:
        entries = per_entry(analysis, found.entries, carried)
        # The records are made when the next analysis asks for them (the CLI never does);
        # what a run with a failing rule found is not kept: the rule may not fail next time.
        analysis.keep_records(None if found.failures else (record, found.entries, carried))
    diagnostics = found.in_order(entries)
    used: set[NamedCode] = set()
    diagnostics = _filter(diagnostics, analysis, used)
    analysis.rules = RULE_BOOK
    if rules is RULES and not only_syntax and _UNUSED.code not in excused and kind in _UNUSED.kinds:
        if kind is Kind.ENVIRONMENT and _unknowable(analysis, used):
            excused.update(_ABOUT_ENVIRONMENTS)
        diagnostics.extend(_unused_suppressions(analysis, used, excused, overrides))
    diagnostics.sort(key=Diagnostic.sort_key)
    analysis.diagnostics = diagnostics
    return True


class Found:
    """The diagnostics of one run of the rules: each per-entry rule's about each entry
    (`entries`: (section, name) -> [(rule index, sequence, diagnostic)]), and the rest."""

    def __init__(self):
        self.entries: dict[tuple[str, Any], list[tuple[int, int, Diagnostic]]] = {}
        self.others: list[tuple[int, int, Diagnostic]] = []
        self.failures: set[int] = set()

    def failed(self, index: int) -> None:
        """The rule `index` failed: what it found before is dropped."""
        self.failures.add(index)
        self.others = [item for item in self.others if item[0] != index]
        for key, items in self.entries.items():
            self.entries[key] = [item for item in items if item[0] != index]

    def add(self, index: int, sequence: int, diagnostic: Diagnostic, entry) -> None:
        if entry is None:
            self.others.append((index, sequence, diagnostic))
        else:
            self.entries.setdefault((entry.section, entry.name), []).append(
                (index, sequence, diagnostic))

    def in_order(self, entries: list[tuple[int, tuple, int, Diagnostic]]) -> list[Diagnostic]:
        """Every diagnostic, in one order whatever entries the run checked: by rule, then
        (for a per-entry rule's: `entries`, (rule index, the entry's place, sequence,
        diagnostic)) by entry (parameters, resources, outputs, conditions, each in the order
        of the text), then in the order the rule found them; what a rule found outside any
        entry comes before what it found in one.  Of duplicates, the first is kept
        (_filter)."""
        keyed = [(index, (-1,), sequence, diagnostic)
                 for index, sequence, diagnostic in self.others]
        keyed.extend(entries)
        keyed.sort(key=lambda item: item[:3])
        return [item[3] for item in keyed]


def _unknowable(analysis: Analysis, used: set[NamedCode]) -> bool:
    """Whether an environment file's comments name a rule that reports on templates what
    an environment gives them, and no stack created with it is named (whose analyses would
    tell whether a comment suppressed something: features.stack_problems)."""
    if not any(named.code in _ABOUT_ENVIRONMENTS and named not in used
               for comment in analysis.suppressions.comments for named in comment.codes):
        return False
    return analysis.path is None or not analysis.workspace.stacks_created_with(analysis.path,
                                                                               limit=1)


def _unused_suppressions(analysis: Analysis, used: set[NamedCode], excused: set[str],
                         overrides: dict) -> list[Diagnostic]:
    """HOT010 on the suppression codes that suppressed nothing (not in a document with
    syntax errors: which rules would have fired on a half-typed line is unknown)."""
    if not analysis.suppressions or analysis.tree.syntax_errors:
        return []
    rule = _UNUSED
    override = overrides.get(rule.code) or overrides.get(rule.name)
    severity = Severity.parse(override) if override else rule.severity
    try:
        return [_diagnostic(rule, finding, severity)
                for finding in rule.unused(analysis, used, excused)]
    except Exception as exc:  # as for any rule: a bug here costs only this rule's findings
        _log.exception('rule %s failed on %s', rule.code, analysis.path or '<document>')
        return _incomplete(rule, exc, excused)


def _incomplete(rule: Rule, exc: Exception, disabled: set[str]) -> list[Diagnostic]:
    incomplete = AnalysisIncomplete
    if incomplete.code in disabled or incomplete.name in disabled:
        return []
    return [Diagnostic(incomplete.code, incomplete.name, incomplete.severity,
                       f'hot-ls could not finish rule {rule.code} on this document '
                       f'(internal error: {type(exc).__name__}: {exc}); please report it', 0, 0)]


def _unsure_stack(analysis: Analysis) -> str | None:
    """Why Heat may never check this template, when it is a nested stack the configured
    stack creates only under a condition that does not hold (or is not known) under its
    inputs: Heat validates a nested stack's template only when it creates it
    (python-heatclient sends a file it cannot parse as it is), and refuses none of its errors
    before, but those of the rules `checked_when_sent` (its version, its parameters'
    schemas)."""
    stack = analysis.stack
    if not stack.chain or stack.guard is None:
        return None
    parent, name, holds = stack.guard
    how = 'which it does not' if holds is False else 'which is not known before the create'
    return (f'Heat checks this template only when it creates it: {name} in '
            f'{os.path.basename(parent)} is created only when its condition holds, {how} '
            'under the stack\'s inputs')


def _excuse_disabled_resource(diagnostic: Diagnostic, analysis: Analysis) -> None:
    """An error inside a resource (or output) Heat does not create under the inputs (the
    default parameter values and the configured ones) becomes a warning that says why."""
    if diagnostic.severity is not Severity.ERROR:
        return
    template = analysis.template
    if template is None or template.version is None or not template.facts.has_conditions:
        return
    reason = analysis.presence.reason(diagnostic.start, diagnostic.end)
    if reason is not None:
        diagnostic.severity = Severity.WARNING
        diagnostic.message = f'{diagnostic.message} ({reason})'


def _diagnostic(rule: Rule, finding: Finding, severity: Severity) -> Diagnostic:
    if finding.severity is not None:
        # A rule may lower its own severity (e.g. a guarded reference); an
        # override only ever applies to the rule's default.
        severity = max(severity, finding.severity) if severity <= rule.severity else severity
    return Diagnostic(rule.code, rule.name, severity, finding.message, finding.start,
                      max(finding.start, finding.end), finding.related, finding.tags, finding.data)


def _filter(diagnostics: list[Diagnostic], analysis: Analysis,
            used: set[NamedCode]) -> list[Diagnostic]:
    """Drop duplicates, findings on lines error recovery blanked, and suppressed ones.

    Every comment code that suppresses a diagnostic is added to `used` (all of
    them, when several name the same rule: none of them is unused); a template's
    diagnostic is also suppressed by a comment in one of its stack's environment files at
    one of its related places (hot_ls.rules.environment_suppressions).
    """
    tree = analysis.tree
    seen = set()
    suppressions = analysis.suppressions
    elsewhere: EnvironmentSuppressions | None = None
    analysis.suppressed_in_environments = []
    kept = []
    for diagnostic in diagnostics:
        key = (diagnostic.code, diagnostic.start, diagnostic.end, diagnostic.message)
        if key in seen:
            continue
        seen.add(key)
        if suppressions:
            by = suppressions.suppressing(diagnostic.code, diagnostic.name,
                                          tree.lines.line_of(diagnostic.start))
            if by:
                used.update(named for _, named in by)
                continue
        if diagnostic.related and analysis.template is not None:
            if elsewhere is None:
                elsewhere = EnvironmentSuppressions(analysis)
            by_environment = elsewhere.suppressing(diagnostic)
            if by_environment:
                analysis.suppressed_in_environments.extend(by_environment)
                continue
        if diagnostic.code not in _SURVIVES_RECOVERY and tree.is_patched(diagnostic.start, diagnostic.end):
            continue
        kept.append(diagnostic)
    return kept
