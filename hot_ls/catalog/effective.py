"""The catalog a set of settings produces: bundled, then cloud dumps, then plugins.

Precedence (later wins): the bundled catalog < `catalogs` (cloud dumps) <
`plugin_paths` (plugin source, the newest truth about the user's own types).
The result is cached on the settings values and the files' modification
times, so the server and the CLI build it once, not per document.
"""
from __future__ import annotations

import os
import threading
from typing import Protocol

from hot_ls.catalog.catalog import Catalog, Problem, bundled


class CatalogSettings(Protocol):
    """What the catalog reads from hot_ls.config.Settings (duck-typed: no import upwards)."""

    target_release: str | None
    plugin_paths: tuple[str, ...]
    catalogs: tuple[str, ...]


def build_catalog(plugin_paths: tuple[str, ...] = (), catalogs: tuple[str, ...] = (),
                  target_release: str | None = None) -> Catalog:
    """Build (uncached) the effective catalog."""
    base = bundled()
    problems: list[Problem] = []
    target = None
    if target_release is not None and str(target_release).strip():
        target = base.releases.parse(target_release)
        if target is None:
            problems.append(Problem('target_release', None,
                                    f'unknown Heat release "{target_release}"; using the newest, '
                                    f'{base.releases.latest.target_label}', 'error'))
    types = {}
    if catalogs:
        from hot_ls.catalog.dumps import load_dumps
        found, dump_problems = load_dumps(tuple(catalogs), base)
        types.update(found)
        problems.extend(dump_problems)
    if plugin_paths:
        from hot_ls.catalog.plugins import load_plugins
        with_dumps = base.with_types(types) if types else base
        found, plugin_problems = load_plugins(tuple(plugin_paths), with_dumps)
        types.update(found)
        problems.extend(plugin_problems)
    if not types and not problems and target is None:
        return base
    return base.with_types(types, problems, target)


def _fingerprint(paths: tuple[str, ...]) -> tuple:
    """(path, mtime, size) of every file under `paths`, so edits invalidate the cache."""
    out = []
    for root in paths:
        if os.path.isfile(root):
            candidates = [root]
        else:
            candidates = []
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
                candidates.extend(os.path.join(dirpath, f) for f in sorted(filenames)
                                  if f.endswith(('.py', '.json')))
        for path in candidates:
            try:
                stat = os.stat(path)
            except OSError:
                continue
            out.append((path, stat.st_mtime_ns, stat.st_size))
    return tuple(out)


_lock = threading.Lock()
_cache: dict[tuple, Catalog] = {}


def effective_catalog(settings: CatalogSettings) -> Catalog:
    """The catalog for `settings`, built once per distinct settings (and file state)."""
    plugin_paths = tuple(getattr(settings, 'plugin_paths', ()) or ())
    catalogs = tuple(getattr(settings, 'catalogs', ()) or ())
    target_release = getattr(settings, 'target_release', None)
    if not plugin_paths and not catalogs and target_release is None:
        return bundled()
    key = (plugin_paths, catalogs, target_release,
           _fingerprint(plugin_paths), _fingerprint(catalogs))
    with _lock:
        found = _cache.get(key)
        if found is None:
            found = build_catalog(plugin_paths, catalogs, target_release)
            if len(_cache) > 16:
                _cache.clear()
            _cache[key] = found
        return found


def clear_cache() -> None:
    with _lock:
        _cache.clear()
