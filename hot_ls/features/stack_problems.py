"""What the stacks created with an environment file find wrong in it, shown on the file.

A template's diagnostics about what an environment gives it (HOT220: a value
its parameter refuses; HOT604: a name it does not declare) are the
template's, and point into the environment where the fix is.  An
environment open in the editor alone would show nothing of them: these
are the same diagnostics, placed where they point, once per place, naming
the templates whose stacks find them (`environment_problems`, a pure
function of the templates' analyses).  HOT604's did-you-mean becomes the
quick fix that renames the parameter in the environment.  A suppression
comment in the environment on such a place suppresses the template's
diagnostic (hot_ls.rules.environment_suppressions), and so its copy here;
it counts as used here: the environment's own HOT010, which could not see
the stacks, is dropped for it (`with_stack_problems`).
"""
from __future__ import annotations

import os
from typing import Iterable

from hot_ls.analysis import Analysis, Diagnostic, Related

#: the code of the diagnostic on a suppression comment's code that suppressed nothing
UNUSED_SUPPRESSION = 'HOT010'


def environment_problems(environment: Analysis, stacks: Iterable[Analysis]) -> list[Diagnostic]:
    """The diagnostics of the templates `stacks` (each analysed as the root of a stack
    created with the environment) that point into the environment's text, as diagnostics of
    the environment: each at the place it points at, with the templates' places related.
    A place in another version of the environment's text (the analysis of an older edit)
    is left out."""
    path = os.path.normcase(os.path.abspath(environment.path)) if environment.path else None
    if path is None:
        return []
    found: dict[tuple, tuple[Diagnostic, list[tuple[Analysis, Diagnostic, Related]]]] = {}
    for stack in stacks:
        for diagnostic in stack.diagnostics:
            for place in diagnostic.related:
                if place.path is None or os.path.normcase(os.path.abspath(place.path)) != path \
                        or place.lines is None or place.lines.text != environment.text:
                    continue
                key = (diagnostic.code, place.start, place.end, diagnostic.message)
                found.setdefault(key, (diagnostic, []))[1].append((stack, diagnostic, place))
    return [_placed(environment, first, sources) for first, sources in found.values()]


def with_stack_problems(environment: Analysis, stacks: Iterable[Analysis],
                        reported_elsewhere: Iterable[Analysis] = ()) -> list[Diagnostic]:
    """The environment's own diagnostics and its stacks' (`environment_problems`), in
    order; but HOT010 on a comment code that suppressed a diagnostic of one of `stacks` or
    of `reported_elsewhere` (analyses of templates whose diagnostics are reported on them
    only: `hot-ls check` of the template and the environment)."""
    stacks = list(stacks)
    found = environment_problems(environment, stacks)
    own = _without_used_suppressions(environment, [*stacks, *reported_elsewhere])
    if not found:
        return own
    return sorted(own + found, key=Diagnostic.sort_key)


def _without_used_suppressions(environment: Analysis, stacks: list[Analysis]) -> list[Diagnostic]:
    diagnostics = environment.diagnostics
    if environment.path is None or not any(d.code == UNUSED_SUPPRESSION for d in diagnostics):
        return diagnostics
    path = os.path.normcase(os.path.abspath(environment.path))
    used = {(named.start, named.end) for stack in stacks
            for where, text, named in stack.suppressed_in_environments
            if where == path and text == environment.text}
    return [d for d in diagnostics
            if not (d.code == UNUSED_SUPPRESSION and (d.start, d.end) in used)]


def _placed(environment: Analysis, first: Diagnostic,
            sources: list[tuple[Analysis, Diagnostic, Related]]) -> Diagnostic:
    folder = os.path.dirname(os.path.abspath(environment.path))
    names = [os.path.relpath(stack.path, folder) for stack, _, _ in sources]
    place = sources[0][2]
    related = []
    for stack, diagnostic, _ in sources:  # (each place names its file: the editor shows it)
        lines = stack.tree.lines
        related.append(Related(diagnostic.start, diagnostic.end, 'the template reports it here',
                               stack.path, lines))
        related.extend(Related(other.start, other.end, other.message, stack.path, lines)
                       for other in diagnostic.related if other.path is None)
    where = names[0] if len(names) == 1 else f'{names[0]} and {len(names) - 1} more'
    offered = (first.data or {}).get('environment_replacements')
    # the did-you-mean quick fix, on the name here
    data = {'replacements': offered} if offered else None
    return Diagnostic(first.code, first.name, first.severity,
                      f'{first.message} (in the stack of {where})', place.start, place.end,
                      related, data=data)
