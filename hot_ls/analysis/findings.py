"""What checking a document finds: severities, findings (from a rule) and diagnostics.

A rule yields `Finding`s that point at offsets of the document (code
points); the rules engine gives each its rule's identity and severity, which
makes a `Diagnostic`.  The analysis keeps the diagnostics; features (quick
fixes, hover) and the edges (server, CLI) read them.  Nobody here computes
a line number: the edges convert offsets.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Severity(enum.IntEnum):
    """Numbered as in LSP."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> 'Severity':
        return cls[text.upper()]


class Tag(str, enum.Enum):
    DEPRECATED = 'deprecated'
    UNNECESSARY = 'unnecessary'


@dataclass
class Related:
    """Another place a diagnostic's message speaks of: in the same document, or (`path`) in
    another file, whose line index (`lines`, of that file's text) places the offsets."""

    start: int
    end: int
    message: str
    path: str | None = None
    lines: Any = field(default=None, compare=False, repr=False)


#: a finding's data key: the first heat_template_version where what it reports is fine (the
#: quick fix raises the version to the latest any finding of the document needs)
NEEDS_VERSION = 'needs_version'
#: The data key of a type that no environment known for the template maps (HOT701, HOT731):
#: the quick fix offers the workspace's environments that map it.
UNMAPPED = 'unmapped_type'


@dataclass
class Finding:
    start: int
    end: int
    message: str
    severity: Severity | None = None  # None: the rule's severity
    related: list[Related] = field(default_factory=list)
    tags: tuple[Tag, ...] = ()
    data: dict[str, Any] | None = None  # for quick fixes, e.g. {"replacements": [...]}


@dataclass
class Diagnostic:
    """A finding with its rule's identity; offsets are code points into the text."""

    code: str
    name: str
    severity: Severity
    message: str
    start: int
    end: int
    related: list[Related] = field(default_factory=list)
    tags: tuple[Tag, ...] = ()
    data: dict[str, Any] | None = None

    def sort_key(self):
        return (self.start, self.end, self.code, self.message)


@dataclass(frozen=True)
class RuleInfo:
    """What a reader of a diagnostic may want to know of its rule (hover, code actions)."""

    code: str
    name: str
    severity: Severity
    summary: str
    documentation: str


class RuleBook:
    """The rules that checked an analysis, by code or name.

    The rules engine hands its book to every analysis it checks, so the
    features can explain a code (hover on a suppression comment) without
    importing the rules.
    """

    def __init__(self, rules: list[RuleInfo]):
        self._by_key: dict[str, RuleInfo] = {}
        for rule in rules:
            self._by_key[rule.code] = rule
            self._by_key[rule.name] = rule

    def find(self, code_or_name: str) -> RuleInfo | None:
        return self._by_key.get(code_or_name)

    def __contains__(self, code_or_name: str) -> bool:
        return code_or_name in self._by_key
