"""Suppression comments in a stack's environment files, for what the template says of them.

Some of a template's diagnostics are about what an environment file gives
its stack (HOT604: a name the template does not declare; HOT220: a value its
parameter refuses).  They are the template's, but their related place in the
environment is where the fix is, and where a user who accepts one writes
the comment: `flavour: m1.large  # hot-ls: disable=HOT604`.  So a comment in
one of the stack's environment files suppresses a diagnostic of the template
on the line of a related place in that file, as a comment in the template
would on the diagnostic's own line.  Each comment code that does so is kept
on the analysis (`Analysis.suppressed_in_environments`): the environment's
own analysis cannot see it, and features.stack_problems counts it as used
there (no HOT010), where it also hides the copy the environment would show.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from hot_ls.analysis.suppressions import NamedCode, Suppressions

if TYPE_CHECKING:
    from hot_ls.analysis import Analysis, Diagnostic


def environment_key(path: str) -> str:
    """How an environment file's path is compared (absolute, case as the system folds it)."""
    return os.path.normcase(os.path.abspath(path))


class EnvironmentSuppressions:
    """The comments of one template analysis' environment files (read when first asked)."""

    def __init__(self, analysis: 'Analysis'):
        self._analysis = analysis
        self._paths: frozenset[str] | None = None
        self._comments: dict[tuple[str, str], Suppressions] = {}

    def suppressing(self, diagnostic: 'Diagnostic') -> list[tuple[str, str, NamedCode]]:
        """(environment path, its text, code) of each comment code that suppresses the
        diagnostic at one of its related places; empty when none does."""
        found: list[tuple[str, str, NamedCode]] = []
        for place in diagnostic.related:
            if place.path is None or place.lines is None:
                continue
            path = environment_key(place.path)
            if path not in self._environment_paths():
                continue
            lines = place.lines
            comments = self._comments.get((path, lines.text))
            if comments is None:
                comments = self._comments[(path, lines.text)] = Suppressions.of(lines.text, lines)
            if not comments:
                continue
            line = lines.line_of(place.start)
            found.extend((path, lines.text, named) for _, named in
                         comments.suppressing(diagnostic.code, diagnostic.name, line))
        return found

    def _environment_paths(self) -> frozenset[str]:
        if self._paths is None:
            analysis = self._analysis
            self._paths = frozenset()
            if analysis.template is not None:
                self._paths = frozenset(environment_key(path)
                                        for path in analysis.stack.environment.paths)
        return self._paths
