"""Support statuses: Heat's `support.SupportStatus` chain as data, text and availability.

Heat writes a status as the current one with a `previous_status` link to
the one before (newest first).  Here the chain is a tuple of steps, oldest
first, because that is the order the lifecycle is read in:
"supported since 2014.2 → deprecated in 5.0.0: use OS::Neutron::X → hidden in 6.0.0".
"""
from __future__ import annotations

from typing import Any, NamedTuple

from hot_ls.catalog.releases import Release, Releases, version_key

STATUSES = (UNKNOWN, SUPPORTED, DEPRECATED, UNSUPPORTED, HIDDEN) = (
    'UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED', 'HIDDEN')

# Statuses that mark an item's arrival when they are the oldest step.
_ARRIVALS = (SUPPORTED, UNSUPPORTED)

_WORDS = {
    SUPPORTED: ('supported since', 'supported'),
    DEPRECATED: ('deprecated in', 'deprecated'),
    HIDDEN: ('hidden in', 'hidden'),
    UNSUPPORTED: ('unsupported since', 'unsupported'),
    UNKNOWN: ('unknown status since', 'unknown status'),
}


class StatusStep(NamedTuple):
    """One step of the lifecycle."""

    status: str
    version: str | None = None
    message: str | None = None
    substitute: str | None = None  # the registered name of Heat's substitute_class

    @property
    def head(self) -> str:
        """'deprecated in 5.0.0' (or 'deprecated' when the version is unknown)."""
        with_version, without = _WORDS.get(self.status, _WORDS[UNKNOWN])
        return f'{with_version} {self.version.strip()}' if self.version else without

    def text(self) -> str:
        """'deprecated in 5.0.0: <message>', with the substitute when the message lacks it."""
        out = self.head
        message = (self.message or '').strip()
        if self.substitute and self.substitute not in message:
            message = f'{message} (use {self.substitute})' if message else f'use {self.substitute}'
        return f'{out}: {message}' if message else out

    def to_dict(self) -> dict:
        out: dict[str, Any] = {'status': self.status}
        if self.version is not None:
            out['version'] = self.version
        if self.message is not None:
            out['message'] = self.message
        if self.substitute is not None:
            out['substitute'] = self.substitute
        return out


class SupportStatus:
    """The whole lifecycle of a type, property or attribute."""

    __slots__ = ('steps',)

    def __init__(self, steps: tuple[StatusStep, ...]):
        self.steps: tuple[StatusStep, ...] = tuple(steps)  # oldest first; never empty
        if not self.steps:
            raise ValueError('a support status needs at least one step')

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SupportStatus) and self.steps == other.steps

    def __hash__(self) -> int:
        return hash(self.steps)

    def __repr__(self) -> str:
        return f'SupportStatus({self.text()!r})'

    # -- the current status --------------------------------------------
    @property
    def current(self) -> StatusStep:
        return self.steps[-1]

    @property
    def status(self) -> str:
        return self.current.status

    @property
    def version(self) -> str | None:
        return self.current.version

    @property
    def message(self) -> str | None:
        return self.current.message

    @property
    def substitute(self) -> str | None:
        """The newest substitute named anywhere in the chain."""
        for step in reversed(self.steps):
            if step.substitute:
                return step.substitute
        return None

    @property
    def is_supported(self) -> bool:
        return self.status == SUPPORTED

    @property
    def is_deprecated(self) -> bool:
        return self.status == DEPRECATED

    @property
    def is_hidden(self) -> bool:
        return self.status == HIDDEN

    @property
    def is_unsupported(self) -> bool:
        return self.status == UNSUPPORTED

    @property
    def since(self) -> str | None:
        """The version the item arrived in, when the chain records it.

        That is the oldest step's version if that step is SUPPORTED or
        UNSUPPORTED; a chain that starts with DEPRECATED or HIDDEN only says
        the item existed before then.
        """
        first = self.steps[0]
        if first.status in _ARRIVALS and first.version and version_key(first.version):
            return first.version.strip()
        return None

    # -- text --------------------------------------------------------------
    def text(self) -> str:
        """'supported since 2014.2 → deprecated in 5.0.0: use OS::Neutron::X → hidden in 6.0.0'."""
        return ' → '.join(step.text() for step in self.steps)

    def __str__(self) -> str:
        return self.text()

    # -- versions ------------------------------------------------------------
    def available_in(self, target: Release) -> bool:
        """Whether the item exists in release `target` (arrived in it or before)."""
        since = self.since
        if since is None:
            return True
        key = version_key(since)
        return key is None or key[0] <= target.key[0]

    def at(self, target: Release) -> StatusStep | None:
        """The step in effect in release `target`; None when the item had not arrived.

        A chain that starts after `target` with DEPRECATED or HIDDEN means the
        item was supported before: that is reported as a plain SUPPORTED step.
        """
        if not self.available_in(target):
            return None
        effective = None
        for step in self.steps:
            key = version_key(step.version) if step.version else None
            if key is None or key[0] <= target.key[0]:
                effective = step
            else:
                break
        return effective if effective is not None else StatusStep(SUPPORTED)

    # -- conversions -----------------------------------------------------------
    def to_list(self) -> list[dict]:
        """The chain as the bundled data stores it: newest first."""
        return [step.to_dict() for step in reversed(self.steps)]

    def to_heat(self) -> dict:
        """Heat's SupportStatus.to_dict(): nested `previous_status` (no substitute)."""
        out: dict | None = None
        for step in self.steps:
            out = {'status': step.status, 'message': step.message, 'version': step.version,
                   'previous_status': out}
        assert out is not None
        return out

    @classmethod
    def parse(cls, data: Any) -> 'SupportStatus':
        """From the bundled list form, Heat's nested dict form, or None (the default)."""
        if data is None:
            return DEFAULT_SUPPORT
        steps: list[StatusStep] = []
        if isinstance(data, dict):  # Heat's to_dict(): newest first via previous_status
            seen = 0
            while isinstance(data, dict) and seen < 50:
                steps.append(_step(data))
                data = data.get('previous_status')
                seen += 1
        elif isinstance(data, list):  # the bundled form: newest first
            steps = [_step(d) for d in data if isinstance(d, dict)]
        if not steps:
            return DEFAULT_SUPPORT
        steps.reverse()
        if len(steps) == 1 and steps[0] == StatusStep(SUPPORTED):
            return DEFAULT_SUPPORT
        return cls(tuple(steps))


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def _step(data: dict) -> StatusStep:
    status = data.get('status')
    if status not in STATUSES:
        status = UNKNOWN
    return StatusStep(status, _text(data.get('version')), _text(data.get('message')),
                      _text(data.get('substitute')))


DEFAULT_SUPPORT = SupportStatus((StatusStep(SUPPORTED),))


def availability(item: str, status: SupportStatus, target: Release,
                 releases: Releases) -> str | None:
    """None when `item` exists in `target`, else why not.

    "OS::Octavia::Quota is available since 14.0.0 (Ussuri); the target
    release is Train (13.0.0)".
    """
    if status.available_in(target):
        return None
    since = status.since
    assert since is not None
    return (f'{item} is available since {releases.label(since)}; '
            f'the target release is {target.target_label}')
