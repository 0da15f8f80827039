"""Which files of a --plugin-path are plugin modules, and which function registers their types.

Heat's plugin loader (heat.common.plugin_loader) walks each plugin
directory as a package, `heat.engine.plugins`, and registers what each
module's `available_resource_mapping()` (or else `resource_mapping()`)
returns: `{'My::Custom::Plugin': MyResourceClass}`.  This module finds the
same modules, by walking the directories, without importing anything.
"""
from __future__ import annotations

import os
from typing import Iterator

from hot_ls.catalog.plugins.values import Function, PluginModule

MAPPING_FUNCTIONS = ('available_resource_mapping', 'resource_mapping')  # Heat's order


def discover(root: str) -> Iterator[tuple[str, str, bool]]:
    """(path, dotted name, is_package) of the modules Heat's plugin loader would load.

    Like pkgutil.walk_packages: the directory's modules, and packages (with
    an __init__.py) recursively; `tests` packages and `setup` modules skipped.
    """
    if os.path.isfile(root):
        if root.endswith('.py'):
            yield root, os.path.splitext(os.path.basename(root))[0], False
        return

    seen: set[str] = set()

    def walk(directory: str, prefix: str) -> Iterator[tuple[str, str, bool]]:
        real = os.path.realpath(directory)
        if real in seen:  # a symbolic link loop
            return
        seen.add(real)
        try:
            entries = sorted(os.listdir(directory))
        except OSError:
            return
        for entry in entries:
            if entry.startswith('.'):
                continue
            full = os.path.join(directory, entry)
            if os.path.isdir(full):
                init = os.path.join(full, '__init__.py')
                if entry.isidentifier() and entry != 'tests' and os.path.isfile(init):
                    yield init, prefix + entry, True
                    yield from walk(full, prefix + entry + '.')
            elif entry.endswith('.py') and entry != '__init__.py':
                stem = entry[:-3]
                if stem.isidentifier() and stem != 'setup':
                    yield full, prefix + stem, False

    yield from walk(root, '')


def plugin_modules(roots: tuple[str, ...]) -> list[PluginModule]:
    """The modules under `roots`, in the order Heat's loader imports them."""
    return [PluginModule(os.path.abspath(path), name, is_package)
            for root in roots for path, name, is_package in discover(root)]


def mapping_function(module: PluginModule) -> Function | None:
    """The function whose result Heat registers, once the module's body was read."""
    for name in MAPPING_FUNCTIONS:
        found = module.globals.get(name)
        if isinstance(found, Function):
            return found
    return None
