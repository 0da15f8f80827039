"""Typed settings with defaults; a bad value falls back to the default with a message.

The same structure comes from three places, layered in this order (see
docs/settings.md): the defaults, then `[tool.hot-ls]` in pyproject.toml or a
`.hot-ls.toml` file (found upwards from each file; the CLI's `--config` names
one), then what the editor sends (`initializationOptions`, then
`workspace/configuration` or `workspace/didChangeConfiguration`) or the
command line's options.  A later layer *adds to* the lists of an earlier one,
merges into its tables key by key, and replaces its single values
(`overlay`).  Every setting remembers where its value came from (`origins`,
what `hot-ls config` prints).  Keys are written in snake_case; camelCase from
editors is accepted too.
"""
from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from typing import Any

SEVERITY_NAMES = ('error', 'warning', 'information', 'hint')


@dataclass(frozen=True)
class Stack:
    """Templates created as stacks with these environments (`openstack stack create -e ...`)."""

    # Glob patterns of the root templates (relative to the settings file or the workspace).
    templates: tuple[str, ...] = ()
    # Environment files, in the order of their -e options.
    environments: tuple[str, ...] = ()
    # Parameter values (-P).
    parameters: dict[str, Any] = field(default_factory=dict)


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
    # Environment files applied to every template (checking, evaluating, previewing), in order.
    environments: tuple[str, ...] = ()
    # Per stack: which templates are created with which environments (see Stack).
    stacks: tuple[Stack, ...] = ()
    # Folders besides the workspace's that hot-ls may read (provider templates, get_file).
    search_paths: tuple[str, ...] = ()
    # Absolute path prefixes that stand for a folder here: {"/usr/share/x": "x"}.
    path_map: dict[str, str] = field(default_factory=dict)
    # Understand the resource-capabilities blueprint (`capabilities`, `requires`, lists in
    # resource_registry) instead of reporting what stock Heat refuses.
    capabilities: bool = False
    # Parameter values for evaluation: {"name": value}.
    parameters: dict[str, Any] = field(default_factory=dict)
    # Glob patterns of files `hot-ls check DIR` skips and the editor leaves alone.
    exclude: tuple[str, ...] = ()
    # Glob patterns of files that are Heat documents whatever their content (checked by
    # `hot-ls check DIR`, diagnosed in the editor).
    include: tuple[str, ...] = ()
    # Milliseconds to wait after an edit before analysing (server only).
    debounce_ms: int = 200
    # Which files the editor gets diagnostics for (server only): "open_files"; "stacks":
    # also the templates the open templates' stacks use (their provider templates, at any
    # depth); "workspace": also every Heat document of the workspace folders.
    diagnostic_mode: str = 'open_files'
    # Heat's max_nested_stack_depth on the cloud (heat.conf; Heat's default is 5).
    max_nested_stack_depth: int = 5
    # Messages about what could not be used: an unknown key, a value of the wrong shape, a
    # file that cannot be read (each left out: the default is kept).  The CLI stops on them
    # (exit status 2); the server shows each and goes on.
    problems: tuple[str, ...] = ()
    # The folder relative globs (`exclude`, `include`) are matched from: the settings
    # file's, else the editor's workspace folder; None: the working directory.
    base_dir: str | None = None
    # Where each setting's value came from: {"disable": ("/p/.hot-ls.toml", "editor")}.
    # Not part of equality: the same values from elsewhere analyse the same.
    origins: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False)

    def with_problem(self, message: str) -> 'Settings':
        return replace(self, problems=self.problems + (message,))


def snake_case(name: str) -> str:
    return re.sub(r'(?<!^)(?=[A-Z])', '_', name).lower().replace('-', '_')


def _as_tuple_of_str(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


#: `diagnostic_mode`: the open documents only; and the templates their stacks use; or every
#: Heat document of the workspace too.
DIAGNOSTIC_MODES = ('open_files', 'stacks', 'workspace')

# The settings whose values are lists or tables: a later layer adds to them.
LIST_SETTINGS = ('disable', 'plugin_paths', 'catalogs', 'environments', 'exclude', 'include',
                 'search_paths', 'stacks')
TABLE_SETTINGS = ('severity', 'parameters', 'path_map')
# What is not a setting of its own.
_INTERNAL = ('problems', 'base_dir', 'origins')


def settings_from_dict(data: dict | None, base: Settings | None = None,
                       source: str = 'settings') -> Settings:
    """`data` on `base` (or the defaults), replacing what it gives; defaults for bad values."""
    return _apply(data, base, source, merge=False)


def overlay(data: dict | None, base: Settings, source: str) -> Settings:
    """`data` as a layer over `base`: its lists are added to base's (without repeats), its
    tables merged into base's key by key, its single values replace base's; a null value
    sets nothing (the editor sends `target_release: null` for "the default")."""
    return _apply(data, base, source, merge=True)


def _apply(data: dict | None, base: Settings | None, source: str, merge: bool) -> Settings:
    settings = base or Settings()
    if not data:
        return settings
    if not isinstance(data, dict):
        return settings.with_problem(f'{source}: expected a table of settings')
    known = {f.name: f for f in fields(Settings)}
    updates: dict[str, Any] = {}
    problems: list[str] = []
    for raw_key, value in data.items():
        if merge and value is None:
            continue  # a layer's null is "not set here": the layer below decides
        key = snake_case(str(raw_key))
        if key not in known or key in _INTERNAL:
            problems.append(f'{source}: unknown setting "{raw_key}"')
            continue
        if key in ('disable', 'plugin_paths', 'catalogs', 'environments', 'exclude', 'include',
                   'search_paths'):
            converted = _as_tuple_of_str(value)
            if converted is None:
                problems.append(f'{source}: "{raw_key}" must be a list of strings')
                continue
            updates[key] = converted
        elif key == 'severity':
            if not isinstance(value, dict) or not all(
                    isinstance(v, str) and v in SEVERITY_NAMES for v in value.values()):
                problems.append(f'{source}: "severity" must map rule codes to one of '
                                f'{", ".join(SEVERITY_NAMES)}')
                continue
            updates[key] = dict(value)
        elif key == 'target_release':
            if value is not None and not isinstance(value, str):
                problems.append(f'{source}: "target_release" must be a string')
                continue
            updates[key] = value
        elif key == 'parameters':
            if not isinstance(value, dict):
                problems.append(f'{source}: "parameters" must be a table')
                continue
            updates[key] = dict(value)
        elif key == 'stacks':
            stacks, problem = _stacks(value, source)
            if problem is not None:
                problems.append(problem)
                continue
            updates[key] = stacks
        elif key == 'path_map':
            if not isinstance(value, dict) or not all(
                    isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
                problems.append(f'{source}: "path_map" must map path prefixes to paths')
                continue
            updates[key] = dict(value)
        elif key == 'capabilities':
            if not isinstance(value, bool):
                problems.append(f'{source}: "capabilities" must be true or false')
                continue
            updates[key] = value
        elif key == 'debounce_ms':
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10000:
                problems.append(f'{source}: "debounce_ms" must be an integer from 0 to 10000')
                continue
            updates[key] = value
        elif key == 'max_nested_stack_depth':
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100:
                problems.append(f'{source}: "max_nested_stack_depth" must be an integer from 1 '
                                'to 100')
                continue
            updates[key] = value
        elif key == 'diagnostic_mode':
            if value not in DIAGNOSTIC_MODES:
                problems.append(f'{source}: "diagnostic_mode" must be one of '
                                f'{", ".join(DIAGNOSTIC_MODES)}')
                continue
            updates[key] = value
    origins = dict(settings.origins)
    for key, value in updates.items():
        if merge:
            value = _merged(getattr(settings, key), value, key)
            origins[key] = tuple(dict.fromkeys(
                origins.get(key, ()) + (source,))) if key in LIST_SETTINGS + TABLE_SETTINGS \
                else (source,)
        else:
            origins[key] = (source,)
        updates[key] = value
    settings = replace(settings, **updates, origins=origins)
    for problem in problems:
        settings = settings.with_problem(problem)
    return settings


def _merged(old: Any, new: Any, key: str) -> Any:
    if key in LIST_SETTINGS:
        return tuple(dict.fromkeys(tuple(old) + tuple(new))) if key != 'stacks' \
            else tuple(old) + tuple(new)
    if key in TABLE_SETTINGS:
        return {**old, **new}
    return new


def with_origin(settings: Settings, key: str, source: str, **values: Any) -> Settings:
    """`settings` with `values` set by `source` (the command line's options)."""
    origins = dict(settings.origins)
    origins[key] = tuple(dict.fromkeys(origins.get(key, ()) + (source,))) \
        if key in LIST_SETTINGS + TABLE_SETTINGS else (source,)
    return replace(settings, **values, origins=origins)

def _stacks(value: Any, source: str) -> tuple[tuple[Stack, ...], str | None]:
    """The `stacks` setting: a list of tables {templates, environments, parameters}."""
    if not isinstance(value, (list, tuple)):
        return (), f'{source}: "stacks" must be a list of tables'
    stacks = []
    for index, item in enumerate(value):
        where = f'{source}: stacks[{index}]'
        if not isinstance(item, dict):
            return (), f'{where} must be a table'
        unknown = sorted(set(map(snake_case, item)) - {'templates', 'template', 'environments',
                                                   'parameters'})
        if unknown:
            return (), f'{where}: unknown key "{unknown[0]}"'
        templates = _as_tuple_of_str(item.get('templates', item.get('template')))
        environments = _as_tuple_of_str(item.get('environments', ()))
        parameters = item.get('parameters', {})
        if not templates:
            return (), f'{where}: "templates" must name at least one template'
        if environments is None:
            return (), f'{where}: "environments" must be a list of strings'
        if not isinstance(parameters, dict):
            return (), f'{where}: "parameters" must be a table'
        stacks.append(Stack(templates, environments, dict(parameters)))
    return tuple(stacks), None


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


class ConfigFileError(Exception):
    """A settings file that was asked for by name cannot be read."""


def read_config_file(path: str) -> dict:
    """The settings table of a TOML file (`[tool.hot-ls]` of a pyproject.toml).

    Raises ConfigFileError when the file cannot be read or is not TOML."""
    try:
        with open(path, 'rb') as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise ConfigFileError(f'{path}: cannot read it: {exc.strerror}') from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigFileError(f'{path}: not valid TOML: {exc}') from None
    if os.path.basename(path) == 'pyproject.toml':
        data = data.get('tool', {}).get('hot-ls', {})
    return data


def load_settings(path: str | None) -> Settings:
    """Read settings from a TOML file; paths in it are relative to the file.

    A file that cannot be read gives the defaults with a problem message."""
    if path is None:
        return Settings()
    try:
        data = read_config_file(path)
    except ConfigFileError as exc:
        return Settings().with_problem(str(exc))
    path = os.path.abspath(path)
    settings = settings_from_dict(data, source=path)
    return replace(absolute_paths(settings, os.path.dirname(path)),
                   base_dir=os.path.dirname(path))


def absolute_paths(settings: Settings, base: str) -> Settings:
    """The settings' file paths made absolute against `base` (as written, when absolute)."""

    def absolute(paths: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(p if os.path.isabs(p) else os.path.normpath(os.path.join(base, p))
                     for p in paths)

    return replace(settings, plugin_paths=absolute(settings.plugin_paths),
                   catalogs=absolute(settings.catalogs),
                   environments=absolute(settings.environments),
                   search_paths=absolute(settings.search_paths),
                   path_map={k: v if os.path.isabs(v) else os.path.join(base, v)
                             for k, v in settings.path_map.items()},
                   stacks=tuple(replace(stack, templates=absolute(stack.templates),
                                        environments=absolute(stack.environments))
                                for stack in settings.stacks))
