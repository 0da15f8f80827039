"""Typed settings with defaults; a bad value falls back to the default with a message.

The same structure comes from three places: `[tool.hot-ls]` in
pyproject.toml or a `.hot-ls.toml` file (for the CLI), and the editor's
`initializationOptions` / `workspace/didChangeConfiguration` (for the server).
Keys are written in snake_case; camelCase from editors is accepted too.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from typing import Any

SEVERITY_NAMES = ('error', 'warning', 'information', 'hint')


@dataclass(frozen=True)
class Settings:
    # Rule codes (e.g. "HOT402") or names (e.g. "function-unavailable") to turn off.
    disable: tuple[str, ...] = ()
    # Per-rule severity overrides: {"HOT402": "error"}.
    severity: dict[str, str] = field(default_factory=dict)
    # Heat release the templates must run on (issue: resource catalog); None = newest.
    target_release: str | None = None
    # Directories of custom resource plugins, read statically.
    plugin_paths: tuple[str, ...] = ()
    # Schema dumps from `openstack orchestration resource type show -f json`.
    catalogs: tuple[str, ...] = ()
    # Environment files applied when evaluating and previewing.
    environments: tuple[str, ...] = ()
    # Parameter values for evaluation: {"name": value}.
    parameters: dict[str, Any] = field(default_factory=dict)
    # Glob patterns of files `hot-ls check DIR` skips.
    exclude: tuple[str, ...] = ()
    # Milliseconds to wait after an edit before analysing (server only).
    debounce_ms: int = 200
    # Messages about values that could not be used (shown by the CLI and the server).
    problems: tuple[str, ...] = ()

    def with_problem(self, message: str) -> 'Settings':
        return replace(self, problems=self.problems + (message,))


def _snake(name: str) -> str:
    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower().replace('-', '_')


def _as_tuple_of_str(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def settings_from_dict(data: dict | None, base: Settings | None = None,
                       source: str = 'settings') -> Settings:
    """Overlay `data` on `base` (or the defaults), keeping defaults for bad values."""
    settings = base or Settings()
    if not data:
        return settings
    if not isinstance(data, dict):
        return settings.with_problem(f'{source}: expected a table of settings, ignored')
    known = {f.name: f for f in fields(Settings)}
    updates: dict[str, Any] = {}
    problems: list[str] = []
    for raw_key, value in data.items():
        key = _snake(str(raw_key))
        if key not in known or key == 'problems':
            problems.append(f'{source}: unknown setting "{raw_key}", ignored')
            continue
        if key in ('disable', 'plugin_paths', 'catalogs', 'environments', 'exclude'):
            converted = _as_tuple_of_str(value)
            if converted is None:
                problems.append(f'{source}: "{raw_key}" must be a list of strings, ignored')
                continue
            updates[key] = converted
        elif key == 'severity':
            if not isinstance(value, dict) or not all(
                    isinstance(v, str) and v in SEVERITY_NAMES for v in value.values()):
                problems.append(f'{source}: "severity" must map rule codes to one of '
                                f'{", ".join(SEVERITY_NAMES)}, ignored')
                continue
            updates[key] = dict(value)
        elif key == 'target_release':
            if value is not None and not isinstance(value, str):
                problems.append(f'{source}: "target_release" must be a string, ignored')
                continue
            updates[key] = value
        elif key == 'parameters':
            if not isinstance(value, dict):
                problems.append(f'{source}: "parameters" must be a table, ignored')
                continue
            updates[key] = dict(value)
        elif key == 'debounce_ms':
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10000:
                problems.append(f'{source}: "debounce_ms" must be an integer from 0 to 10000, ignored')
                continue
            updates[key] = value
    settings = replace(settings, **updates)
    for problem in problems:
        settings = settings.with_problem(problem)
    return settings


def find_config_file(start: str) -> str | None:
    """The nearest `.hot-ls.toml`, or pyproject.toml with a [tool.hot-ls] table, upwards."""
    directory = os.path.abspath(start)
    if os.path.isfile(directory):
        directory = os.path.dirname(directory)
    while True:
        candidate = os.path.join(directory, '.hot-ls.toml')
        if os.path.isfile(candidate):
            return candidate
        pyproject = os.path.join(directory, 'pyproject.toml')
        if os.path.isfile(pyproject):
            try:
                with open(pyproject, 'rb') as fh:
                    if 'hot-ls' in tomllib.load(fh).get('tool', {}):
                        return pyproject
            except (OSError, tomllib.TOMLDecodeError):
                pass
        parent = os.path.dirname(directory)
        if parent == directory:
            return None
        directory = parent


def load_settings(path: str | None) -> Settings:
    """Read settings from a TOML file; paths in it are relative to the file."""
    if path is None:
        return Settings()
    try:
        with open(path, 'rb') as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return Settings().with_problem(f'{path}: {exc}; using default settings')
    if os.path.basename(path) == 'pyproject.toml':
        data = data.get('tool', {}).get('hot-ls', {})
    settings = settings_from_dict(data, source=path)
    base = os.path.dirname(os.path.abspath(path))

    def absolute(paths: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(p if os.path.isabs(p) else os.path.join(base, p) for p in paths)

    return replace(settings, plugin_paths=absolute(settings.plugin_paths),
                   catalogs=absolute(settings.catalogs),
                   environments=absolute(settings.environments))
