"""The server's workspaces: one per workspace folder the editor opened.

A document is analysed among the files of the workspace folder that holds
it (or, outside every folder, its own folder).  The editor's open buffers
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
from typing import Iterable

from hot_ls.config import Settings
from hot_ls.workspace import Workspace
from hot_ls.workspace.summaries import Summary


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class Workspaces:
    def __init__(self) -> None:
        self.folders: tuple[str, ...] = ()
        self.settings = Settings()
        self._spaces: dict[str, Workspace] = {}
        self._lock = threading.Lock()
        self._retired = 0  # generations of workspaces replaced (settings changed)

    # -- configuration -------------------------------------------------------------------
    def set_folders(self, folders: Iterable[str]) -> None:
        self.folders = tuple(dict.fromkeys(os.path.abspath(f) for f in folders if f))
        self._reset()

    def configure(self, settings: Settings) -> None:
        """New settings: new workspaces (what they resolved may differ), the buffers kept."""
        self.settings = settings
        self._reset()

    def _reset(self) -> None:
        with self._lock:
            overlays = {path: text for space in self._spaces.values()
                        for path, text in space.files.overlays().items()}
            self._retired += sum(space.generation for space in self._spaces.values()) + 1
            self._spaces = {}
        for path, text in overlays.items():
            self.for_path(path).files.overlay(path, text)

    @property
    def generation(self) -> int:
        """Moves on whenever any workspace's files change what others see of them."""
        return self._retired + sum(space.generation for space in list(self._spaces.values()))

    # -- which workspace ------------------------------------------------------------------
    def folder_of(self, path: str | None) -> str:
        if path is None:
            return self.folders[0] if self.folders else os.getcwd()
        path = os.path.abspath(path)
        holding = [f for f in self.folders if _within(path, f)]
        if holding:
            return max(holding, key=len)
        return os.path.dirname(path)

    def for_path(self, path: str | None) -> Workspace:
        folder = self.folder_of(path)
        with self._lock:
            found = self._spaces.get(folder)
            if found is None:
                # a document outside every folder the editor opened: its own folder only,
                # never indexed below (it may be a home directory)
                found = self._spaces[folder] = Workspace(
                    self.settings, [folder], recursive=folder in self.folders)
        return found

    def all(self) -> list[Workspace]:
        """The workspaces of the editor's folders (created if need be)."""
        return [self.for_path(os.path.join(folder, '.')) for folder in self.folders]

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
        return self.for_path(path).document_analysed(path, text, summary)

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
