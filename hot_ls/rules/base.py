"""What a rule is and what it reports.

A rule is a class with its metadata as attributes (code, name, severity,
kinds of document it applies to) and its documentation as its docstring,
under the headings What it checks / Why it matters / Example / Fix.  Its
`check` yields Findings that point at nodes or spans; the engine turns them
into Diagnostics.  Rules never compute line numbers.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable

from hot_ls.model.document import Kind
from hot_ls.syntax import Node

if TYPE_CHECKING:
    from hot_ls.rules.context import Context


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
    start: int
    end: int
    message: str


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

    @classmethod
    def summary(cls) -> str:
        """The first line of the docstring: the one-line doc."""
        return (cls.__doc__ or '').strip().splitlines()[0].strip()

    @classmethod
    def documentation(cls) -> str:
        import inspect
        return inspect.cleandoc(cls.__doc__ or '')

    def check(self, ctx: 'Context') -> Iterable[Finding]:  # pragma: no cover - abstract
        raise NotImplementedError


def at(node: Node, message: str, **kwargs) -> Finding:
    """A finding spanning a node."""
    return Finding(node.start, node.end, message, **kwargs)
