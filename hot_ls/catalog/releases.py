"""Heat releases: numbers, series names, comparison and the newest HOT version of each.

Heat numbered its releases by date until Kilo (2013.1 … 2015.1) and
semantically since Liberty (5.0.0, 6.0.0, …); since 2023 each series also
has a release id (2023.1 = Antelope = Heat 20.0.0).  Support statuses in
Heat's code use those numbers ('2014.2', '5.0.0', '22.0.0', sometimes with
stray spaces).  `version_key` puts all of them on one scale, and `Releases`
(read from the generated catalog) names them.
"""
from __future__ import annotations

import functools
import re

_NUMBERS = re.compile(r'\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?')


def version_key(version: object) -> tuple[int, int, int] | None:
    """A sortable key for a Heat version or release id; None if it is not one.

    '2014.2' → (4, 0, 0) and '5.0.0' → (6, 0, 0): the first number is the
    series' position (Grizzly, 2013.1, is 1), so date-numbered and
    semantically numbered releases compare correctly.  A release id such as
    '2023.1' maps to its Heat number (20.0.0).  Trailing text ('.0rc1',
    '-eol') is ignored.
    """
    if not isinstance(version, (str, int, float)) or isinstance(version, bool):
        return None
    return _key_of(str(version))


@functools.lru_cache(maxsize=512)
def _key_of(version: str) -> tuple[int, int, int] | None:
    """version_key of a text (remembered: the catalog's statuses name a few dozen versions,
    and every analysis compares them with the target release)."""
    match = _NUMBERS.match(version)
    if match is None:
        return None
    major = int(match.group(1))
    minor = int(match.group(2) or 0)
    patch = int(match.group(3) or 0)
    if major >= 2016:  # a release id: 2023.1 is Heat 20.0.0, 2023.2 is 21.0.0 ...
        if minor not in (1, 2):
            return None
        return (20 + (major - 2023) * 2 + (minor - 1) + 1, 0, 0)
    if major >= 2010:  # 2013.1 (Grizzly) … 2015.1 (Kilo): one series every half year
        if minor not in (1, 2):
            return None
        return ((major - 2013) * 2 + minor, 0, patch)
    if major < 5:  # Heat's semantic numbering starts with Liberty, 5.0.0
        return None
    return (major + 1, minor, patch)


class Release:
    """One Heat release series; releases compare by age."""

    __slots__ = ('number', 'name', 'release_id', 'hot_version', 'key')

    def __init__(self, number: str, name: str | None, release_id: str | None = None,
                 hot_version: str | None = None):
        self.number = number  # Heat's version number of the series: '2014.2', '13.0.0'
        self.name = name  # lower-case series name: 'train'; None for a series newer than the data
        self.release_id = release_id  # '2023.1' from 2023 on
        self.hot_version = hot_version  # the newest heat_template_version it understands
        key = version_key(number)
        if key is None:
            raise ValueError(f'not a Heat version: {number!r}')
        self.key: tuple[int, int, int] = (key[0], 0, 0)

    @property
    def title(self) -> str:
        """'Train', '2023.1 Antelope', or the number when the name is unknown."""
        if self.name is None:
            return self.number
        name = self.name.capitalize()
        return f'{self.release_id} {name}' if self.release_id else name

    @property
    def label(self) -> str:
        """'13.0.0 (Train)': the number first, as support statuses write it."""
        return self.number if self.name is None else f'{self.number} ({self.title})'

    @property
    def target_label(self) -> str:
        """'Train (13.0.0)': the name first, as a target release is described."""
        return self.number if self.name is None else f'{self.title} ({self.number})'

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Release) and self.key == other.key

    def __lt__(self, other: 'Release') -> bool:
        return self.key < other.key

    def __le__(self, other: 'Release') -> bool:
        return self.key <= other.key

    def __gt__(self, other: 'Release') -> bool:
        return self.key > other.key

    def __ge__(self, other: 'Release') -> bool:
        return self.key >= other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f'Release({self.number!r}, {self.name!r})'


class Releases:
    """The release table: parse a release given by number or name, name versions."""

    def __init__(self, entries: list[dict]):
        self.all: tuple[Release, ...] = tuple(sorted(
            Release(e['number'], e['name'], e.get('release_id'), e.get('hot_version'))
            for e in entries))
        self._by_ordinal = {r.key[0]: r for r in self.all}
        self._by_text: dict[str, Release] = {}
        for release in self.all:
            for text in (release.name, release.release_id, release.number):
                if text:
                    self._by_text[text.lower()] = release

    def __iter__(self):
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    @property
    def latest(self) -> Release:
        return self.all[-1]

    def parse(self, text: object) -> Release | None:
        """The release `text` names: 'train', 'Train', '13.0.0', '13', '2023.1', 'antelope'.

        A number in a known series gives that series ('13.1.0' is Train);
        a number newer than the table gives an unnamed release.  None when
        `text` names no release.
        """
        if isinstance(text, Release):
            return text
        if not isinstance(text, (str, int, float)) or isinstance(text, bool):
            return None
        cleaned = str(text).strip().lower()
        if not cleaned:
            return None
        found = self._by_text.get(cleaned)
        if found is not None:
            return found
        if not re.fullmatch(r'v?\d+(\.\d+){0,2}([.-]?[a-z0-9]+)*', cleaned):
            return None
        return self.release_of(cleaned)

    def release_of(self, version: object) -> Release | None:
        """The release series a Heat version belongs to ('14.1.0' → Ussuri)."""
        key = version_key(version)
        if key is None:
            return None
        found = self._by_ordinal.get(key[0])
        if found is not None:
            return found
        if key[0] > self.latest.key[0]:
            return Release(f'{key[0] - 1}.0.0', None)
        return None

    def label(self, version: object) -> str:
        """'14.0.0 (Ussuri)' for a version of a known series, else the version as written."""
        text = str(version).strip()
        release = self.release_of(text)
        if release is None or release.name is None:
            return text
        return f'{text} ({release.title})'

    @staticmethod
    def compare(a: object, b: object) -> int:
        """-1, 0 or 1 as version (or Release) `a` is older than, the same as or newer than `b`.

        Unparseable versions raise ValueError.
        """
        ka = a.key if isinstance(a, Release) else version_key(a)
        kb = b.key if isinstance(b, Release) else version_key(b)
        if ka is None or kb is None:
            raise ValueError(f'not a Heat version: {a if ka is None else b!r}')
        return (ka > kb) - (ka < kb)

    def names(self) -> list[str]:
        """Every accepted spelling, for messages and completion."""
        return sorted(self._by_text)
