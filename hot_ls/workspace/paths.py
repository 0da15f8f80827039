"""Where a reference to another file leads, and whether hot-ls may read it.

Templates and environments name other files: provider templates (`type:
nested.yaml`, `resource_registry` values) and `get_file` targets.
python-heatclient resolves each against the URL of the file that names it
(`urljoin`), so `../common/x.yaml` and `file:///abs/x.yaml` both work, and
it fetches `http(s)://` URLs.  hot-ls resolves the same way but reads only
inside the workspace: its folders and the configured search paths.  A URL
is never fetched, and a path that leaves the workspace (through `..`, an
absolute path or a symlink) is never read; the `Target` says why, so a
diagnostic can.  `path_map` lets an absolute prefix that exists only on the
deploying machine (TripleO's `/usr/share/openstack-tripleo-heat-templates`)
stand for a folder of the workspace.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import unquote, urlparse

URL = 'a URL: hot-ls never fetches anything'
OUTSIDE = 'outside the workspace folders and search paths'
SYMLINK_OUT = 'a symbolic link leading outside the workspace'
NOT_A_STRING = 'not a file name'
UNSAVED = 'the document is not saved as a file, so what a relative path names is unknown'


@dataclass(frozen=True)
class Target:
    """What a reference names: a local file hot-ls may read, or why there is none."""

    reference: str
    path: str | None = None     # absolute and normalised (symlinks not resolved)
    refusal: str | None = None  # URL, OUTSIDE, SYMLINK_OUT, NOT_A_STRING

    @property
    def readable(self) -> bool:
        return self.path is not None and self.refusal is None


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class Locator:
    """Resolves references as python-heatclient does, confined to the workspace."""

    def __init__(self, roots: 'list[str] | tuple[str, ...]' = (),
                 search_paths: 'list[str] | tuple[str, ...]' = (),
                 path_map: 'dict[str, str] | None' = None, remember_real_paths: bool = False):
        """`remember_real_paths`: the links do not change while the locator lives (one
        command's run): each path's real path, a system call per component, is found once."""
        folders = [os.path.abspath(p) for p in (*roots, *search_paths)]
        self.folders: tuple[str, ...] = tuple(dict.fromkeys(folders))
        self._real = tuple(os.path.realpath(p) for p in self.folders)
        self._real_paths: dict[str, str] | None = {} if remember_real_paths else None
        # longest prefix first, so a more specific mapping wins
        self.path_map = sorted(((os.path.normpath(k), os.path.abspath(v))
                                for k, v in (path_map or {}).items()),
                               key=lambda item: len(item[0]), reverse=True)

    def with_roots(self, *roots: str) -> 'Locator':
        """This locator, also allowing `roots`."""
        extra = [os.path.abspath(r) for r in roots if r]
        locator = Locator.__new__(Locator)
        locator.folders = tuple(dict.fromkeys((*self.folders, *extra)))
        locator._real = tuple(os.path.realpath(p) for p in locator.folders)
        locator.path_map = self.path_map
        locator._real_paths = self._real_paths
        return locator

    def allowed(self, path: str) -> str | None:
        """None when hot-ls may read `path`, else why not."""
        path = os.path.abspath(path)
        if not any(_within(path, folder) for folder in self.folders):
            return OUTSIDE
        real = self._real_path(path)
        if real != path and not any(_within(real, folder) for folder in self._real):
            return SYMLINK_OUT
        return None

    def _real_path(self, path: str) -> str:
        known = self._real_paths
        if known is None:
            return os.path.realpath(path)
        found = known.get(path)
        if found is None:
            found = known[path] = os.path.realpath(path)
        return found

    def locate(self, reference: object, base_dir: str) -> Target:
        """The file `reference` names when written in a file of `base_dir`."""
        if not isinstance(reference, str) or not reference:
            return Target(str(reference), refusal=NOT_A_STRING)
        parsed = urlparse(reference)
        if parsed.scheme and parsed.scheme != 'file' and len(parsed.scheme) > 1:
            return Target(reference, refusal=URL)  # (one letter: a Windows drive)
        name = unquote(parsed.path) if parsed.scheme == 'file' else reference
        path = os.path.normpath(name if os.path.isabs(name) else os.path.join(base_dir, name))
        for prefix, folder in self.path_map:
            if _within(path, prefix):
                path = os.path.normpath(folder + path[len(prefix):])
                break
        return Target(reference, path, self.allowed(path))
