"""Create the template's stack with an environment of the workspace that maps a type it uses.

A type outside Heat's namespaces (`HeatLib::Volume::Basic`, `My::Server`)
that no environment known for the template maps is a warning (HOT701, and
HOT731 for a group's member): hot-ls was not told which environments the
stack is created with.  When environments of the workspace map the type,
the fix names one of them in the settings file hot-ls reads for the
template (the nearest `.hot-ls.toml`, or a pyproject.toml's `[tool.hot-ls]`;
a new `.hot-ls.toml` at the workspace folder when there is none): a
`[[stacks]]` entry with the template and the environment, so the template
is checked as `openstack stack create -e ENV` creates it.  The
environments that map the most of the template's unmapped types come
first; one action per environment, at most three.
"""
from __future__ import annotations

import json
import os
from typing import Any

from hot_ls.analysis.findings import UNMAPPED
from hot_ls.config.settings import find_config_file
from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.workspace.registry import types_mapped

MOST = 3  # actions: the environments that map the most of the template's unmapped types


def use_environment(ctx: FixContext, diagnostic: Any) -> list[CodeAction]:
    name = (diagnostic.data or {}).get(UNMAPPED)
    analysis = ctx.analysis
    workspace = analysis.workspace
    if not isinstance(name, str) or workspace is None or analysis.path is None:
        return []
    template = os.path.abspath(analysis.path)
    wanted = {d.data[UNMAPPED] for d in analysis.diagnostics
              if isinstance(d.data, dict) and isinstance(d.data.get(UNMAPPED), str)}
    ranked = []
    for summary in workspace.index().environments():
        mapped = types_mapped(summary.environment.loaded.registry, wanted)
        if name in mapped:
            fetched = sum(1 for value in mapped.values() if '://' in value)  # (not read)
            ranked.append((-len(mapped), fetched, _distance(summary.path, template),
                           summary.path))
    if not ranked:
        return []
    settings = _settings_file(workspace, template)
    if settings is None:
        return []
    path, text = settings
    folder = os.path.dirname(path)
    table = '[[tool.hot-ls.stacks]]' if os.path.basename(path) == 'pyproject.toml' \
        else '[[stacks]]'
    actions = []
    for *_, environment in sorted(ranked)[:MOST]:
        entry = (f'{table}\ntemplates = [{_toml(_relative(template, folder))}]\n'
                 f'environments = [{_toml(_relative(environment, folder))}]\n')
        if text is None:
            edit = TextEdit(0, 0, entry, path, create=True)
        else:
            gap = '' if not text else '\n' if text.endswith('\n') else '\n\n'
            edit = TextEdit(len(text), len(text), gap + entry, path)
        shown = _relative(environment, os.path.dirname(template))
        actions.append(quickfix(
            f'Create this stack with {shown}, which maps {name} '
            f'(a [[stacks]] entry in {os.path.basename(path)})', [edit], [diagnostic]))
    return actions


def _settings_file(workspace, template: str) -> tuple[str, str | None] | None:
    """(the settings file to add the entry to, its text; None for a file to create), within
    the workspace's folders; None when it cannot be read."""
    found = find_config_file(template)
    if found is not None:
        source = workspace.files.read(found)
        return (found, source.text) if source.problem is None else None
    roots = [root for root in workspace.roots
             if template.startswith(root.rstrip(os.sep) + os.sep)]
    folder = max(roots, key=len) if roots else os.path.dirname(template)
    return os.path.join(folder, '.hot-ls.toml'), None


def _distance(environment: str, template: str) -> int:
    """How far apart two files are in the tree (folders to climb and descend)."""
    common = os.path.commonpath([environment, template])
    return sum(len(os.path.relpath(os.path.dirname(p), common).split(os.sep))
               for p in (environment, template))


def _relative(path: str, folder: str) -> str:
    return os.path.relpath(path, folder).replace(os.sep, '/')


def _toml(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)
