"""Run the rules over a document and produce its diagnostics.

This is the one analysis pipeline: text -> syntax tree -> kind -> model ->
rules.  The CLI and the server both call `analyze`; neither has a second
implementation.
"""
from __future__ import annotations

import logging
import re
import sys
from dataclasses import dataclass, field

from hot_ls.config import Settings
from hot_ls.model.document import Kind, classify
from hot_ls.model.template import Template
from hot_ls.rules.always_disabled import always_disabled
from hot_ls.rules.base import Diagnostic, Finding, Rule, Severity
from hot_ls.rules.context import Context
from hot_ls.rules.registry import RULES
from hot_ls.rules.syntax.analysis_incomplete import AnalysisIncomplete
from hot_ls.rules.syntax.nesting_too_deep import MAX_DEPTH
from hot_ls.syntax import SyntaxTree, parse
from hot_ls.syntax.gc_pause import gc_paused
from hot_ls.text import LineIndex

_log = logging.getLogger(__name__)
_INCOMPLETE = AnalysisIncomplete
_SURVIVES_RECOVERY = frozenset(rule.code for rule in RULES if rule.survives_recovery)
_SUPPRESS = re.compile(r'#\s*hot-ls:\s*(disable|disable-file)\s*=\s*([A-Za-z0-9_,\- ]+)')


@dataclass
class Analysis:
    text: str
    path: str | None
    tree: SyntaxTree
    kind: Kind
    diagnostics: list[Diagnostic] = field(default_factory=list)
    context: Context | None = None

    @property
    def template(self) -> Template | None:
        if self.kind is not Kind.HOT or self.context is None:
            return None
        return self.context.template

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity == severity)


def rule_by_code(code: str) -> type[Rule] | None:
    for rule in RULES:
        if rule.code == code or rule.name == code:
            return type(rule)
    return None


def _suppressions(text: str, lines: LineIndex) -> tuple[dict[int, set[str]], set[str]]:
    """Line-level (`# hot-ls: disable=CODE[,CODE]`) and file-level suppressions.

    Lines are counted as the diagnostics' lines are (LF, CRLF, lone CR; not
    the other breaks `str.splitlines` knows).  A code is the first word of
    each comma-separated part, so a reason may follow: `disable=HOT301 legacy`.
    """
    by_line: dict[int, set[str]] = {}
    whole_file: set[str] = set()
    if 'hot-ls:' not in text:
        return by_line, whole_file
    for line_number in range(lines.line_count):
        line = lines.line_text(line_number)
        if 'hot-ls:' not in line:
            continue
        for match in _SUPPRESS.finditer(line):
            codes = {c.split()[0] for c in match.group(2).split(',') if c.strip()}
            if match.group(1) == 'disable-file':
                whole_file |= codes
            else:
                by_line.setdefault(line_number, set()).update(codes)
    return by_line, whole_file


# The structural checks recurse once or a few times per level of nesting;
# documents nested deeper than Heat can parse (MAX_DEPTH) get only the
# syntax checks, so this limit covers everything else with room to spare.
# Python 3.11 runs Python-to-Python calls without growing the C stack.
_RECURSION_LIMIT = 6 * MAX_DEPTH + 1000


def analyze(text: str, path: str | None = None, settings: Settings | None = None,
            tree: SyntaxTree | None = None) -> Analysis:
    """Analyse one document.  Never raises for bad input."""
    if sys.getrecursionlimit() < _RECURSION_LIMIT:
        sys.setrecursionlimit(_RECURSION_LIMIT)
    with gc_paused():
        return _analyze(text, path, settings, tree)


def _analyze(text: str, path: str | None, settings: Settings | None,
             tree: SyntaxTree | None) -> Analysis:
    settings = settings or Settings()
    tree = tree if tree is not None else parse(text)
    kind = classify(tree, path)
    ctx = Context(tree, kind, path, settings)
    analysis = Analysis(text, path, tree, kind, context=ctx)
    disabled = set(settings.disable)
    overrides = settings.severity
    diagnostics: list[Diagnostic] = []
    too_deep = tree.depth > MAX_DEPTH
    incomplete = _INCOMPLETE
    for rule in RULES:
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
            for finding in rule.check(ctx):
                found.append(_diagnostic(rule, finding, severity))
        except Exception as exc:  # a bug in a rule must not cost the other rules' findings
            _log.exception('rule %s failed on %s', rule.code, path or '<document>')
            if incomplete.code not in disabled and incomplete.name not in disabled:
                found = [Diagnostic(incomplete.code, incomplete.name, incomplete.severity,
                                    f'hot-ls could not finish rule {rule.code} on this document '
                                    f'(internal error: {type(exc).__name__}: {exc}); please report it',
                                    0, 0)]
        if found and rule.checked_when_created:
            _excuse_disabled_resources(found, ctx)
        diagnostics.extend(found)
    diagnostics = _filter(diagnostics, tree, text)
    diagnostics.sort(key=Diagnostic.sort_key)
    analysis.diagnostics = diagnostics
    return analysis


def _excuse_disabled_resources(found: list[Diagnostic], ctx: Context) -> None:
    """Errors inside a resource Heat never creates become warnings that say why."""
    disabled = always_disabled(ctx)
    if not disabled:
        return
    for diagnostic in found:
        if diagnostic.severity is Severity.ERROR:
            reason = disabled.reason(diagnostic.start, diagnostic.end)
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


def _filter(diagnostics: list[Diagnostic], tree: SyntaxTree, text: str) -> list[Diagnostic]:
    """Drop duplicates, findings on lines error recovery blanked, and suppressed ones."""
    seen = set()
    by_line, whole_file = _suppressions(text, tree.lines)
    kept = []
    for diagnostic in diagnostics:
        key = (diagnostic.code, diagnostic.start, diagnostic.end, diagnostic.message)
        if key in seen:
            continue
        seen.add(key)
        if diagnostic.code in whole_file or diagnostic.name in whole_file:
            continue
        if by_line:
            line = tree.lines.line_of(diagnostic.start)
            codes = by_line.get(line)
            if codes and (diagnostic.code in codes or diagnostic.name in codes or 'all' in codes):
                continue
        if diagnostic.code not in _SURVIVES_RECOVERY and tree.is_patched(diagnostic.start, diagnostic.end):
            continue
        kept.append(diagnostic)
    return kept
