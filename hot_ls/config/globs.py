"""Which files the `exclude` and `include` globs name.

A pattern matches a file when it matches (`fnmatch`, where `*` also crosses
`/`) the file's name, its path relative to the settings' folder
(`Settings.base_dir`: the settings file's folder, else the editor's
workspace folder, else the working directory), or its whole path.  So
`*.j2.yaml` names every Jinja2 source, `templates/*` everything under the
folder `templates` beside the settings file, `/srv/heat/*` what lies there.
"""
from __future__ import annotations

import fnmatch
import os


def matches(path: str, patterns: tuple[str, ...] | list[str], base_dir: str | None = None) -> bool:
    if not patterns:
        return False
    full = os.path.abspath(path)
    candidates = {full.replace(os.sep, '/'), os.path.basename(full),
                  path.replace(os.sep, '/')}
    base = os.path.abspath(base_dir or os.getcwd())
    if full.startswith(base.rstrip(os.sep) + os.sep):
        candidates.add(os.path.relpath(full, base).replace(os.sep, '/'))
    return any(fnmatch.fnmatch(candidate, pattern.replace(os.sep, '/'))
               for pattern in patterns for candidate in candidates)
