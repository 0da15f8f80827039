"""The server's workspaces: one per workspace folder the editor opened (and settings file).

A document is analysed among the files of the workspace folder that holds
it (or, outside every folder, its own folder), with the settings of the
nearest settings file upwards from it (`.hot-ls.toml`, or a pyproject.toml
with `[tool.hot-ls]`: what `hot-ls check` reads there) and the editor's
settings on top (`effective`); so a folder whose files name two settings
files has a workspace for each.  The editor's open buffers
overlay the files on disk, so a parameter added to a provider template and
not saved yet already counts in its parent.  When what another file sees
of a document changes (its parameters, outputs, capabilities; an
environment's content), the workspace's generation moves on, and every
analysis made before is out of date (`generation` is part of each
analysis' key in the scheduler).

Plain Python: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

import os
import threading
import time
from dataclasses import replace
from typing import Any, Iterable

from hot_ls.config import Settings, find_config_file, load_settings, overlay
from hot_ls.config.settings import snake_case
from hot_ls.rules.misconfiguration import misconfiguration
from hot_ls.workspace import Workspace
from hot_ls.workspace.summaries import Summary


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return status.st_mtime_ns, status.st_size


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def effective(config: str | None, editor: Any, folder: str, source: str) -> Settings:
    """The settings file's settings (paths relative to it), then the editor's on top (its
    relative `plugin_paths`, `catalogs` and `search_paths` relative to the workspace
    folder); relative globs are matched from the settings file's folder, else the workspace
    folder."""
    settings = load_settings(config)
    if editor:
        settings = overlay(_anchored(editor, folder), settings, source)
    return settings if settings.base_dir is not None else replace(settings, base_dir=folder)


_FOLDER_PATHS = frozenset(('plugin_paths', 'catalogs', 'search_paths'))


def _anchored(editor: Any, folder: str) -> Any:
    if not isinstance(editor, dict):
        return editor
    anchored = {}
    for key, value in editor.items():
        if snake_case(str(key)) in _FOLDER_PATHS and isinstance(value, list):
            value = [os.path.join(folder, v) if isinstance(v, str) and not os.path.isabs(v)
                     else v for v in value]
        anchored[key] = value
    return anchored


class Workspaces:
    def __init__(self) -> None:
        self.folders: tuple[str, ...] = ()
        #: the editor's settings, as it sent them (ServerSettings.data)
        self.editor: Any = {}
        self.editor_source = 'editor settings'
        self._spaces: dict[tuple[str, str | None], Workspace] = {}
        self._configs: dict[str, str | None] = {}  # folder of a document -> its settings file
        self._lock = threading.Lock()
        self._retired = 0  # generations of workspaces replaced (settings changed)
        self._own: dict[str, int] = {}  # document -> the moves its own analyses made
        self._problems: list[str] = []  # what the settings of new workspaces cannot use
        self._stamps: dict[str, tuple[int, int] | None] = {}  # settings file -> as read
        self._checked = 0.0  # when settings_files_stale last looked (time.monotonic)

    # -- configuration -------------------------------------------------------------------
    def set_folders(self, folders: Iterable[str]) -> None:
        self.folders = tuple(dict.fromkeys(os.path.abspath(f) for f in folders if f))
        self._reset()

    def configure(self, editor: Any, source: str = 'editor settings') -> None:
        """New editor settings: new workspaces (what they resolved may differ), the buffers
        kept."""
        self.editor, self.editor_source = editor, source
        self._reset()

    def settings_files_changed(self) -> None:
        """A settings file appeared, changed or went away: find and read them again."""
        self._reset()

    def _reset(self) -> None:
        with self._lock:
            overlays = {path: text for space in self._spaces.values()
                        for path, text in space.files.overlays().items()}
            self._retired += sum(space.generation for space in self._spaces.values()) + 1
            self._spaces = {}
            self._configs = {}
            self._stamps = {}
        for path, text in overlays.items():
            self.for_path(path).files.overlay(path, text)

    def unshown_problems(self) -> list[str]:
        """What the settings of the workspaces made since the last call cannot use."""
        with self._lock:
            problems, self._problems = self._problems, []
        return problems

    @property
    def generation(self) -> int:
        """Moves on whenever any workspace's files change what others see of them."""
        return self._retired + sum(space.generation for space in list(self._spaces.values()))

    def generation_for(self, path: str | None) -> int:
        """The generation as a document's analysis depends on it: without the moves made by
        its own analyses.  What others see of a document (its parameters, outputs) changes
        nothing in its own analysis, which has just been made from its text: counting them
        would make every edit of a parameter's name analyse the document twice."""
        own = self._own.get(os.path.abspath(path), 0) if path is not None else 0
        return self.generation - own

    # -- which workspace ------------------------------------------------------------------
    def folder_of(self, path: str | None) -> str:
        if path is None:
            return self.folders[0] if self.folders else os.getcwd()
        path = os.path.abspath(path)
        holding = [f for f in self.folders if _within(path, f)]
        if holding:
            return max(holding, key=len)
        return os.path.dirname(path)

    def config_of(self, path: str | None) -> str | None:
        """The settings file of a document: the nearest one upwards from its folder."""
        start = os.path.dirname(os.path.abspath(path)) if path is not None else self.folder_of(None)
        return self._config_from(start)

    def _config_from(self, start: str) -> str | None:
        with self._lock:
            if start in self._configs:
                return self._configs[start]
        found = find_config_file(start)
        stamp = _stamp(found) if found is not None else None
        with self._lock:
            self._configs[start] = found
            if found is not None:
                self._stamps.setdefault(found, stamp)
        return found

    def settings_files_stale(self, every: float = 0.5) -> bool:
        """Whether a settings file read since the last reset has changed or gone, or a
        document's folder now finds another one (a `.hot-ls.toml` a quick fix created): for
        an editor that does not report changed files (Neovim 0.7).  It looks at most once
        every `every` seconds."""
        now = time.monotonic()
        with self._lock:
            if now - self._checked < every:
                return False
            self._checked = now
            configs, stamps = dict(self._configs), dict(self._stamps)
        return any(_stamp(path) != stamp for path, stamp in stamps.items()) or \
            any(find_config_file(start) != found for start, found in configs.items())

    def for_path(self, path: str | None) -> Workspace:
        return self._space(self.folder_of(path), self.config_of(path))

    def _space(self, folder: str, config: str | None) -> Workspace:
        key = (folder, config)
        with self._lock:
            found = self._spaces.get(key)
        if found is not None:
            return found
        settings = effective(key[1], self.editor, folder, self.editor_source)
        problems = list(settings.problems) + misconfiguration(settings)
        with self._lock:
            found = self._spaces.get(key)
            if found is None:
                # a document outside every folder the editor opened: its own folder only,
                # never indexed below (it may be a home directory)
                found = self._spaces[key] = Workspace(settings, [folder],
                                                      recursive=folder in self.folders)
                self._problems.extend(problems)
        return found

    def all(self) -> list[Workspace]:
        """The workspaces of the editor's folders (created if need be; with the settings file
        of the folder itself)."""
        return [self._space(folder, self._config_from(folder)) for folder in self.folders]

    def settings_files(self) -> list[str]:
        """The settings files of the editor's folders and of the documents seen so far."""
        for folder in self.folders:
            self._config_from(folder)
        with self._lock:
            return sorted({config for config in self._configs.values() if config is not None})

    # -- the editor's buffers ----------------------------------------------------------
    def opened(self, path: str | None, text: str) -> None:
        if path is not None:
            self.for_path(path).files.overlay(path, text)

    def edited(self, path: str | None, text: str) -> None:
        self.opened(path, text)

    def analysed(self, path: str | None, text: str, summary: Summary | None) -> bool:
        """A document's analysis is done: whether what other files see of it changed."""
        if path is None or summary is None:
            return False
        moved = self.for_path(path).document_analysed(path, text, summary)
        if moved:
            with self._lock:
                key = os.path.abspath(path)
                self._own[key] = self._own.get(key, 0) + 1
        return moved

    def restructured(self, path: str) -> bool:
        """Whether the document's last analysis changed which templates the stacks reach
        (Workspace.take_restructured)."""
        return self.for_path(path).take_restructured(os.path.abspath(path))

    def closed(self, path: str | None) -> bool:
        if path is None:
            return False
        workspace = self.for_path(path)
        workspace.files.drop_overlay(path)
        return workspace.changed([path])

    def files_changed(self, paths: Iterable[str]) -> bool:
        """Files changed on disk (the editor's file watcher): whether any change matters."""
        changed = False
        by_space: dict[int, tuple[Workspace, list[str]]] = {}
        for path in paths:
            workspace = self.for_path(path)
            by_space.setdefault(id(workspace), (workspace, []))[1].append(path)
        for workspace, group in by_space.values():
            changed = workspace.changed(group) or changed
        return changed
