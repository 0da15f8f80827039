"""load_plugins: the resource types plugin directories register, read without running them."""
from __future__ import annotations

import os
from typing import Any

from hot_ls.catalog.catalog import Catalog, Problem
from hot_ls.catalog.plugins.collection import Collector
from hot_ls.catalog.plugins.discovery import mapping_function, plugin_modules
from hot_ls.catalog.plugins.execution import Interpreter
from hot_ls.catalog.plugins.heat import HeatKnowledge
from hot_ls.catalog.plugins.modules import ModuleTable, ReadError
from hot_ls.catalog.plugins.values import (Function, HeatClass, PluginClass, PluginModule,
                                           Unresolved)
from hot_ls.catalog.schema import ResourceType

_Mapping = tuple[PluginModule, Function, Any]


def load_plugins(paths: tuple[str, ...] | list[str], catalog: Catalog
                 ) -> tuple[dict[str, ResourceType], list[Problem]]:
    """The resource types the plugin modules under `paths` register, and the problems found.

    Nothing is imported or executed: `ast` parses each module, its imports
    resolve to plugin modules and hot-ls's knowledge of Heat only (modules.py),
    and the interpreter follows its module and class bodies.
    """
    problems: list[Problem] = []
    roots = []
    for path in paths:
        if not os.path.exists(path):
            problems.append(Problem(path, None, 'plugin path does not exist', 'error'))
        else:
            roots.append(path)
    modules = plugin_modules(tuple(roots))
    heat = HeatKnowledge(catalog)
    read_problems: list[Problem] = []

    def unreadable(module: PluginModule, error: ReadError) -> None:
        read_problems.append(Problem(module.path, error.line, error.message, error.severity))

    interpreter = Interpreter(modules, heat, ModuleTable(modules, unreadable), read_problems)
    mappings = _mappings(interpreter, problems)
    types = _register(interpreter, mappings, problems)
    problems.extend(read_problems)
    return types, problems


def _mappings(interpreter: Interpreter, problems: list[Problem]) -> list[_Mapping]:
    """Each module read, in Heat's order, and what its mapping function returns."""
    found: list[_Mapping] = []
    for module in interpreter.modules:
        try:
            interpreter.run(module)
            function = mapping_function(module)
            if function is not None:
                found.append((module, function, interpreter.run_function(function)))
        except Exception as exc:  # a reader bug must not take the server down
            problems.append(Problem(module.path, None, f'hot-ls could not read this plugin '
                                    f'({type(exc).__name__}: {exc}); please report it'))
    return found


def _register(interpreter: Interpreter, mappings: list[_Mapping], problems: list[Problem]
              ) -> dict[str, ResourceType]:
    """The registered types' schemas; what could not be read, reported once per file."""
    class_names: dict[int, str] = {}  # registered names of plugin classes, for substitute_class
    for _module, _function, mapping in mappings:
        if isinstance(mapping, dict):
            for name, cls in sorted(mapping.items(), key=lambda kv: str(kv[0])):
                if isinstance(name, str) and isinstance(cls, PluginClass):
                    class_names.setdefault(id(cls), name)
    types: dict[str, ResourceType] = {}
    origin: dict[str, str] = {}
    issues_by_file: dict[str, list[Unresolved]] = {}
    for module, function, mapping in mappings:
        collector = Collector(interpreter, class_names)
        line = function.node.lineno
        if isinstance(mapping, Unresolved) or not isinstance(mapping, dict):
            collector.note(mapping if isinstance(mapping, Unresolved) else Unresolved(
                module.path, line, f'{function.name}() does not return a dict'))
            mapping = {}
        for name, cls in mapping.items():
            body = _resource_type(collector, module, line, name, cls, problems)
            if body is None:
                continue
            if name in origin and origin[name] != module.path:
                problems.append(Problem(module.path, line, f'{name} is also registered by '
                                        f'{origin[name]}; this one is used'))
            origin[name] = module.path
            types[name] = ResourceType(name, body, source=module.path)
        for issue in collector.issues.values():
            issues_by_file.setdefault(issue.path, []).append(issue)
    for path in sorted(issues_by_file):
        problems.append(_unresolved_problem(path, issues_by_file[path]))
    return types


def _resource_type(collector: Collector, module: PluginModule, line: int, name: Any, cls: Any,
                   problems: list[Problem]) -> dict | None:
    if isinstance(name, Unresolved):
        collector.note(name)
        return None
    if not isinstance(name, str):
        collector.note(Unresolved(module.path, line, f'the type name {name!r}'))
        return None
    if isinstance(cls, Unresolved):
        collector.note(cls)
        return None
    if not isinstance(cls, (PluginClass, HeatClass)):
        collector.note(Unresolved(module.path, line, f'the class registered as {name}'))
        return None
    try:
        return collector.resource_type(cls, module.path, line)
    except RecursionError:
        collector.note(Unresolved(module.path, line, f'the schema of {name}, nested too deeply'))
    except Exception as exc:  # a reader bug must not take the server down
        problems.append(Problem(module.path, line, f'hot-ls could not read {name} '
                                f'({type(exc).__name__}: {exc}); please report it'))
    return None


def _unresolved_problem(path: str, issues: list[Unresolved]) -> Problem:
    issues = sorted(issues, key=lambda i: (i.line or 0, i.what))
    first = issues[0]
    message = f'cannot resolve statically: {first.what}'
    if len(issues) > 1:
        more = '; '.join(f'line {i.line}: {i.what}' for i in issues[1:6])
        extra = f' and {len(issues) - 6} more' if len(issues) > 6 else ''
        message += f' (also {more}{extra})'
    message += ('. hot-ls reads plugins without running them; that part of the schema '
                'is left out and the rest is used')
    return Problem(path, first.line, message)
