"""The editor's settings: from initializationOptions and workspace/configuration or
workspace/didChangeConfiguration.

Either message may carry the settings flat (`{"disable": ["HOT002"]}`) or
under the server's section (`{"hot-ls": {...}}` or `{"hotLs": {...}}`).  The
editor's layer is the initializationOptions, overlaid with the latest
configuration (a key the configuration gives replaces the initializationOptions'
one).  That layer goes on top of each folder's settings file
(`hot_ls.server.workspaces`: lists add up, tables merge, single values
replace, as docs/settings.md says).  A bad value keeps its default and
becomes a problem message, which the server shows the user once.

Plain Python: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

from typing import Any

from hot_ls.config import Settings, settings_from_dict

SECTION = 'hot-ls'
EDITOR = 'editor settings'  # the editor's layer, as messages and origins name it
SECTION_KEYS = ('hot-ls', 'hotLs', 'hot_ls')


def unwrap(options: Any) -> Any:
    """The server's own settings out of a flat or sectioned dict."""
    if isinstance(options, dict):
        for key in SECTION_KEYS:
            if key in options:
                return options[key]
    return options


class ServerSettings:
    def __init__(self) -> None:
        self._initial: Any = {}
        self._configured: Any = {}
        #: the editor's layer alone, over the defaults (what the editor's messages gave)
        self.current = Settings()
        # Bumped whenever the editor's layer changes: part of every cached analysis's key.
        self.generation = 0
        #: configurations applied so far: a configuration pulled while another arrived is
        #: older than that one (`configure_pulled`)
        self.applied = 0
        self._shown: set[str] = set()

    def initialize(self, options: Any) -> Settings:
        self._initial = unwrap(options) or {}
        self.current = self._layer()
        self.generation += 1
        return self.current

    def configure(self, options: Any) -> bool:
        """Apply a configuration; whether anything the analysis sees changed."""
        self.applied += 1
        before = self.current
        self._configured = unwrap(options) or {}
        self.current = self._layer()
        changed = self.current != before  # problems and origins do not count
        if changed:
            self.generation += 1
        return changed

    def _layer(self) -> Settings:
        return settings_from_dict(self.data, source=EDITOR)

    @property
    def data(self) -> Any:
        """The editor's settings, as given (initializationOptions, then the configuration's);
        something that is not a table is kept as it is, to be reported."""
        initial, configured = self._initial, self._configured
        if not isinstance(configured, dict):
            return configured
        if not isinstance(initial, dict):
            return configured or initial
        return {**initial, **configured}

    def unshown(self, problems: list[str] | tuple[str, ...]) -> list[str]:
        """The messages of `problems` not shown to the user yet: each is shown once."""
        fresh = []
        for problem in problems:
            if problem not in self._shown:
                self._shown.add(problem)
                fresh.append(problem)
        return fresh

    def unshown_problems(self) -> list[str]:
        return self.unshown(self.current.problems)
