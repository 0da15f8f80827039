"""The hint `hot-ls check` prints when environments it checked map the types it warned about.

A type outside Heat's namespaces that no environment known for its template
maps is a warning (HOT701, HOT731): hot-ls was not told which environments
the stack is created with.  When environment files among those checked map
such types, the run says which, so the user can name them (`-e`, or a
`stacks` entry of the settings, which the editor's quick fix writes).
"""
from __future__ import annotations

import os
from collections import Counter

from hot_ls.analysis.findings import UNMAPPED
from hot_ls.cli.formats import FileReport
from hot_ls.model.document import Kind
from hot_ls.model.environment import Environment
from hot_ls.workspace.registry import types_mapped

#: environments named in the hint, at most
NAMED = 3


def unmapped_hint(reports: list[FileReport]) -> str | None:
    """One line naming the checked environments that map the most of the run's unmapped
    types, or None (no such warning, or no checked environment maps one)."""
    warned: Counter = Counter()
    for report in reports:
        for diagnostic in report.diagnostics:
            data = diagnostic.data
            if isinstance(data, dict) and isinstance(data.get(UNMAPPED), str):
                warned[data[UNMAPPED]] += 1
    if not warned:
        return None
    mapping: list[tuple[int, str]] = []
    for report in reports:
        if report.kind is not Kind.ENVIRONMENT:
            continue
        covered = sum(warned[name] for name in _mapped(report.path, set(warned)))
        if covered:
            mapping.append((-covered, report.path))
    if not mapping:
        return None
    mapping.sort()
    named = ', '.join(os.path.relpath(path) for _, path in mapping[:NAMED])
    more = f' (and {len(mapping) - NAMED} more)' if len(mapping) > NAMED else ''
    total = sum(warned.values())
    return (f'{total} warning{"s" if total != 1 else ""} (HOT701, HOT731) name types that no '
            f'environment known for their templates maps, and environments checked here map '
            f'some: {named}{more}.  Name the stacks\' environments in the settings (`stacks`) '
            'or with -e')


def _mapped(path: str, wanted: set[str]) -> set[str]:
    """Which of `wanted` an environment file's resource_registry maps."""
    try:
        with open(path, encoding='utf-8') as fh:
            registry = Environment.from_text(fh.read(), path).section('resource_registry')
    except (OSError, UnicodeDecodeError):
        return set()
    return set(types_mapped(registry, wanted)) if isinstance(registry, dict) else set()
