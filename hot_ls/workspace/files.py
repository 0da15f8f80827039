"""The workspace's one way to read other files: confined, cached, and aware of open editors.

Every file another document depends on (an environment, a provider
template, a `get_file` target) is read here: through the `Locator`'s
confinement and `hot_ls.text.source` (UTF-8, problems reported).  A file
open in the editor is read from its buffer, not from disk, so a change
the user has not saved yet already counts.  Contents are cached by file
identity (size and modification time), so an unchanged file is read once.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass

from hot_ls.text.source import ReadProblem, Source, file_content, read_source
from hot_ls.workspace.paths import Locator, Target


@dataclass(frozen=True)
class Stamp:
    """What identifies a version of a file: its size and modification time, or an overlay."""

    size: int
    mtime_ns: int
    overlay: int = 0  # the overlay's revision (0: the file on disk)


class FileStore:
    def __init__(self, locator: Locator):
        self.locator = locator
        self._overlays: dict[str, tuple[int, str]] = {}
        self._cache: dict[str, tuple[Stamp, Source]] = {}
        self._lock = threading.Lock()
        self._revision = 0

    # -- editor buffers -----------------------------------------------------------
    def overlay(self, path: str, text: str) -> None:
        """Read `path` from this text (an open editor's buffer) instead of the disk."""
        with self._lock:
            self._revision += 1
            self._overlays[os.path.abspath(path)] = (self._revision, text)

    def drop_overlay(self, path: str) -> None:
        with self._lock:
            self._overlays.pop(os.path.abspath(path), None)

    def has_overlay(self, path: str) -> bool:
        return os.path.abspath(path) in self._overlays

    def overlay_text(self, path: str) -> str | None:
        found = self._overlays.get(os.path.abspath(path))
        return found[1] if found is not None else None

    def overlays(self) -> dict[str, str]:
        """Every editor buffer: path -> text."""
        with self._lock:
            return {path: text for path, (_, text) in self._overlays.items()}

    # -- reading ------------------------------------------------------------------------
    def stamp(self, path: str) -> Stamp | None:
        """The current identity of the file (None: it does not exist)."""
        path = os.path.abspath(path)
        found = self._overlays.get(path)
        if found is not None:
            return Stamp(len(found[1]), 0, found[0])
        try:
            info = os.stat(path)
        except OSError:
            return None
        return Stamp(info.st_size, info.st_mtime_ns)

    def read(self, path: str) -> Source:
        """The text of a workspace file (the caller has located it: see `read_target`)."""
        path = os.path.abspath(path)
        found = self._overlays.get(path)
        if found is not None:
            return Source(found[1])
        stamp = self.stamp(path)
        if stamp is None:
            return Source('', ReadProblem('file not found'))
        cached = self._cache.get(path)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        source = read_source(path)
        with self._lock:
            self._cache[path] = (stamp, source)
        return source

    def read_target(self, target: Target) -> Source:
        """The text a located reference names, or a problem saying why there is none."""
        if target.refusal is not None or target.path is None:
            return Source('', ReadProblem(f'not read: {target.refusal}'))
        return self.read(target.path)

    def file_content(self, target: Target) -> str | None:
        """What `get_file` returns for a target: its text as python-heatclient sends it."""
        if not target.readable:
            return None
        path = os.path.abspath(target.path)
        found = self._overlays.get(path)
        if found is not None:
            return found[1]
        try:
            with open(path, 'rb') as fh:
                return file_content(fh.read())
        except OSError:
            return None

    def names_beside(self, target: Target, limit: int = 5000) -> list[str]:
        """The names of the files in a readable target's directory (open documents there
        included): what a misspelt reference may have meant.  Nothing for a target hot-ls does
        not read; at most `limit` names of a very large directory."""
        if not target.readable:
            return []
        directory = os.path.dirname(os.path.abspath(target.path))
        names: set[str] = set()
        try:
            with os.scandir(directory) as entries:
                for entry in entries:
                    if len(names) >= limit:
                        break
                    if entry.is_file():
                        names.add(entry.name)
        except OSError:
            pass
        names.update(os.path.basename(path) for path in list(self._overlays)
                     if os.path.dirname(path) == directory)
        return sorted(names)

    def exists(self, target: Target) -> bool:
        return target.readable and (os.path.abspath(target.path) in self._overlays
                                    or os.path.isfile(target.path))

    def forget(self, path: str) -> None:
        """Drop what is cached of `path` (it changed on disk)."""
        with self._lock:
            self._cache.pop(os.path.abspath(path), None)
