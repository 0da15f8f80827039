"""Run the rules over an analysis and write its diagnostics.

`check(analysis)` is the one checking pipeline: each rule that applies to
the document's kind yields findings, which become diagnostics with the
rule's identity and (possibly overridden) severity; errors of checks Heat
makes only on resources it creates are softened inside resources it never
creates; then duplicates, findings on lines error recovery blanked, and
suppressed ones are dropped.  `analyze(text, path, settings)` parses and
checks in one call, `analyze_file(path, settings)` reads the file first:
the CLI, the server and the tests all use them.
"""
from __future__ import annotations

import logging

from hot_ls.analysis import Analysis, Diagnostic, Finding, RuleBook, Severity, allow_deep_recursion
from hot_ls.config import Settings
from hot_ls.rules.base import Rule
from hot_ls.rules.registry import RULE_CLASSES, RULES
from hot_ls.rules.syntax.analysis_incomplete import AnalysisIncomplete
from hot_ls.rules.syntax.unreadable_file import UnreadableFile
from hot_ls.syntax import SyntaxTree
from hot_ls.syntax.gc_pause import gc_paused
from hot_ls.text.source import ReadProblem, read_source

_log = logging.getLogger(__name__)
_SURVIVES_RECOVERY = frozenset(rule.code for rule in RULES if rule.survives_recovery)
RULE_BOOK = RuleBook([cls.info() for cls in RULE_CLASSES])
_UNREADABLE = [rule for rule in RULES if isinstance(rule, UnreadableFile)]


def analyze(text: str, path: str | None = None, settings: Settings | None = None,
            tree: SyntaxTree | None = None, read_problem: ReadProblem | None = None) -> Analysis:
    """Parse and check one document.  Never raises for bad input."""
    allow_deep_recursion()
    with gc_paused():
        return check(Analysis(text, path, settings, tree=tree, read_problem=read_problem))


def analyze_file(path: str, settings: Settings | None = None) -> Analysis:
    """Read (as Heat reads: UTF-8) and check the file at `path`."""
    source = read_source(path)
    return analyze(source.text, path, settings, read_problem=source.problem)


def check(analysis: Analysis) -> Analysis:
    """Run every applicable rule over the analysis and set its diagnostics."""
    allow_deep_recursion()
    with gc_paused():
        _check(analysis)
    return analysis


def _check(analysis: Analysis) -> None:
    settings = analysis.settings
    disabled = set(settings.disable)
    overrides = settings.severity
    kind = analysis.kind
    diagnostics: list[Diagnostic] = []
    too_deep = analysis.too_deep
    rules = _UNREADABLE if analysis.read_problem is not None else RULES
    for rule in rules:
        if kind not in rule.kinds or rule.code in disabled or rule.name in disabled:
            continue
        if too_deep and not rule.survives_recovery:
            continue  # every structural check would recurse as deep as Heat fails to
        severity = rule.severity
        override = overrides.get(rule.code) or overrides.get(rule.name)
        if override:
            severity = Severity.parse(override)
        found = []
        try:
            for finding in rule.check(analysis):
                found.append(_diagnostic(rule, finding, severity))
        except Exception as exc:  # a bug in a rule must not cost the other rules' findings
            _log.exception('rule %s failed on %s', rule.code, analysis.path or '<document>')
            found = _incomplete(rule, exc, disabled)
        if found and rule.checked_when_created:
            _excuse_disabled_resources(found, analysis)
        diagnostics.extend(found)
    diagnostics = _filter(diagnostics, analysis)
    diagnostics.sort(key=Diagnostic.sort_key)
    analysis.diagnostics = diagnostics
    analysis.rules = RULE_BOOK


def _incomplete(rule: Rule, exc: Exception, disabled: set[str]) -> list[Diagnostic]:
    incomplete = AnalysisIncomplete
    if incomplete.code in disabled or incomplete.name in disabled:
        return []
    return [Diagnostic(incomplete.code, incomplete.name, incomplete.severity,
                       f'hot-ls could not finish rule {rule.code} on this document '
                       f'(internal error: {type(exc).__name__}: {exc}); please report it', 0, 0)]


def _excuse_disabled_resources(found: list[Diagnostic], analysis: Analysis) -> None:
    """Errors inside a resource (or output) Heat does not create under the inputs (the
    default parameter values and the configured ones) become warnings that say why."""
    template = analysis.template
    if template is None or template.version is None or not template.facts.has_conditions:
        return
    presence = analysis.presence
    for diagnostic in found:
        if diagnostic.severity is Severity.ERROR:
            reason = presence.reason(diagnostic.start, diagnostic.end)
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


def _filter(diagnostics: list[Diagnostic], analysis: Analysis) -> list[Diagnostic]:
    """Drop duplicates, findings on lines error recovery blanked, and suppressed ones."""
    tree = analysis.tree
    seen = set()
    suppressions = analysis.suppressions
    kept = []
    for diagnostic in diagnostics:
        key = (diagnostic.code, diagnostic.start, diagnostic.end, diagnostic.message)
        if key in seen:
            continue
        seen.add(key)
        if suppressions and suppressions.suppressing(
                diagnostic.code, diagnostic.name, tree.lines.line_of(diagnostic.start)):
            continue
        if diagnostic.code not in _SURVIVES_RECOVERY and tree.is_patched(diagnostic.start, diagnostic.end):
            continue
        kept.append(diagnostic)
    return kept
