"""What the stacks created with an environment file find wrong in it, shown on the file.

A template's diagnostics about what an environment gives it (HOT220: a value
its parameter refuses; HOT604: a name it does not declare) are the
template's, and point into the environment where the fix is.  An
environment open in the editor alone would show nothing of them: these
are the same diagnostics, placed where they point, once per place, naming
the templates whose stacks find them (`environment_problems`, a pure
function of the templates' analyses).  HOT604's did-you-mean becomes the
quick fix that renames the parameter in the environment; a suppression
comment in the environment would not reach the template, so none is offered.
"""
from __future__ import annotations

import os
from typing import Iterable

from hot_ls.analysis import Analysis, Diagnostic, Related

#: the key of a diagnostic's data that marks it as a stack's, shown on the environment
STACK_PROBLEM = 'stack_problem'


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


def with_stack_problems(environment: Analysis, stacks: Iterable[Analysis]) -> list[Diagnostic]:
    """The environment's own diagnostics and its stacks' (`environment_problems`), in
    order."""
    found = environment_problems(environment, stacks)
    if not found:
        return environment.diagnostics
    return sorted(environment.diagnostics + found, key=Diagnostic.sort_key)


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
    data: dict = {STACK_PROBLEM: True}  # (a comment here cannot suppress the template's)
    offered = (first.data or {}).get('environment_replacements')
    if offered:
        data['replacements'] = offered  # the did-you-mean quick fix, on the name here
    return Diagnostic(first.code, first.name, first.severity,
                      f'{first.message} (in the stack of {where})', place.start, place.end,
                      related, data=data)
