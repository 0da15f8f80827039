"""What a rule is and what it reports.

A rule is a class with its metadata as attributes (code, name, severity,
kinds of document it applies to) and its documentation as its docstring,
under the headings What it checks / Why it matters / Example / Fix.  Its
`check` reads an analysis (hot_ls.analysis) and yields Findings that point
at nodes or spans; the engine turns them into Diagnostics.  Rules never
compute line numbers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Iterable

from hot_ls.analysis.findings import (NEEDS_VERSION, UNMAPPED, Diagnostic, Finding, Related,
                                     RuleInfo, Severity, Tag)
from hot_ls.model.document import Kind
from hot_ls.syntax import Node

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis

__all__ = ['NEEDS_VERSION', 'UNMAPPED', 'Diagnostic', 'Finding', 'Related', 'Rule', 'RuleInfo',
           'Severity', 'Tag', 'at']


class Rule:
    code: ClassVar[str]
    name: ClassVar[str]
    severity: ClassVar[Severity]
    kinds: ClassVar[frozenset[Kind]] = frozenset({Kind.HOT})
    # Findings on lines that error recovery blanked are usually artefacts of
    # the blanking; rules about the document as a whole keep theirs.
    survives_recovery: ClassVar[bool] = False
    # Heat makes this check only on the resources it creates, never on one
    # whose condition is false whatever the parameters (hot_ls.rules.always_disabled):
    # inside such a resource an error is only a warning.
    checked_when_created: ClassVar[bool] = False
    # Heat makes this check on every template python-heatclient sends with a stack, whether
    # the stack creates it or not: it reads each one's version and builds its parameters'
    # schemas (Template.all_param_schemata) before it validates anything.  So in a template
    # a configured stack creates only under a condition (hot_ls.rules.engine), an error is
    # still an error.
    checked_when_sent: ClassVar[bool] = False
    # The rule checks the template's entries one by one (hot_ls.analysis.entries): it looks
    # only at `analysis.checking`'s entries, and what it yields while one of them is
    # `analysis.checking.current` is about that entry: it depends only on the entry, on the
    # entries it names and on the frame (hot_ls.rules.incremental keeps it while those do
    # not change).  What it yields with no current entry depends on the frame alone.  Any
    # other rule is re-run whole on every analysis, and must be cheap.
    per_entry: ClassVar[bool] = False
    # The rule reports on a template what an environment file of its stack gives it, with
    # the place in the environment related: a comment there suppresses it
    # (hot_ls.rules.environment_suppressions).
    about_environments: ClassVar[bool] = False

    @classmethod
    def summary(cls) -> str:
        """The first line of the docstring: the one-line doc."""
        return (cls.__doc__ or '').strip().splitlines()[0].strip()

    @classmethod
    def documentation(cls) -> str:
        import inspect
        return inspect.cleandoc(cls.__doc__ or '')

    @classmethod
    def info(cls) -> RuleInfo:
        return RuleInfo(cls.code, cls.name, cls.severity, cls.summary(), cls.documentation())

    def refused_when_sent(self, finding: Finding) -> bool:
        """Whether Heat refuses what this finding reports in any template sent with the stack
        (`checked_when_sent`; a rule whose findings differ says which)."""
        return self.checked_when_sent

    def check(self, analysis: 'Analysis') -> Iterable[Finding]:  # pragma: no cover - abstract
        raise NotImplementedError


def at(node: Node, message: str, **kwargs) -> Finding:
    """A finding spanning a node."""
    return Finding(node.start, node.end, message, **kwargs)
