"""Which files `hot-ls check` looks at."""
from __future__ import annotations

import fnmatch
import os
from typing import Iterator

SUFFIXES = ('.yaml', '.yml', '.template', '.json')
_SKIP_DIRS = frozenset(('.git', '.hg', '.svn', '.tox', '.venv', 'venv', 'node_modules',
                        '__pycache__', '.mypy_cache', '.pytest_cache'))


def excluded(path: str, patterns: tuple[str, ...]) -> bool:
    normalized = path.replace(os.sep, '/')
    return any(fnmatch.fnmatch(normalized, pattern) or fnmatch.fnmatch(os.path.basename(path), pattern)
               for pattern in patterns)


def discover(paths: list[str], exclude: tuple[str, ...] = ()) -> Iterator[tuple[str, bool]]:
    """Yield (path, explicit) for every file to check, in a stable order.

    `explicit` is True for files named on the command line: those are
    always reported on, while files found in directories are reported only
    when they turn out to be Heat documents.
    """
    for path in paths:
        if os.path.isdir(path):
            for dirpath, dirnames, filenames in os.walk(path):
                dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS)
                for name in sorted(filenames):
                    if name.endswith(SUFFIXES):
                        full = os.path.join(dirpath, name)
                        if not excluded(full, exclude):
                            yield full, False
        else:
            yield path, True
