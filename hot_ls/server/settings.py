"""The server's settings: from initializationOptions and workspace/didChangeConfiguration.

Either message may carry the settings flat (`{"disable": ["HOT002"]}`) or
under the server's section (`{"hot-ls": {...}}` or `{"hotLs": {...}}`).  The
effective settings are the defaults, overlaid with the initializationOptions,
overlaid with the latest configuration.  A bad value keeps its default and
becomes a problem message, which the server shows the user once.

Plain Python: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from hot_ls.config import Settings, settings_from_dict

SECTION = 'hot-ls'
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
        self._initial = Settings()
        self.current = Settings()
        # Bumped whenever `current` changes: part of every cached analysis's key.
        self.generation = 0
        self._source = ''
        self._shown: set[str] = set()

    def initialize(self, options: Any) -> Settings:
        self._source = 'initializationOptions'
        self._initial = settings_from_dict(unwrap(options), source=self._source)
        self.current = self._initial
        self.generation += 1
        return self.current

    def configure(self, options: Any, source: str = 'configuration') -> bool:
        """Apply a configuration; whether anything the analysis sees changed."""
        base = replace(self._initial, problems=())
        updated = settings_from_dict(unwrap(options), base=base, source=source)
        self._source = source
        # Problem messages do not change what the analysis sees.
        changed = replace(updated, problems=()) != replace(self.current, problems=())
        self.current = updated
        if changed:
            self.generation += 1
        return changed

    @property
    def debounce_seconds(self) -> float:
        return self.current.debounce_ms / 1000

    def unshown_problems(self) -> list[str]:
        """Problem messages not shown to the user yet: each is shown once, whichever
        message (initializationOptions, a configuration change) brought it."""
        prefix = f'{self._source}: '
        fresh = []
        for problem in self.current.problems:
            key = problem[len(prefix):] if problem.startswith(prefix) else problem
            if key not in self._shown:
                self._shown.add(key)
                fresh.append(problem)
        return fresh
