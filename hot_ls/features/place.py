"""What a cursor's path means in a HOT template: section, owner, field, property path, call.

`cursor.locate` gives keys and indexes; this module reads them as the
template language does: `resources.server.properties.networks.0.port` is
the `port` property of an item of `networks` of the resource `server`;
`outputs.ip.value.get_attr.1` is the second argument of a get_attr.  The
function tables come from the template's version, so `str_split` is a
function in 2015-10-15 and a plain key before.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from hot_ls.features.cursor import Cursor
from hot_ls.language import HotVersion, language

VALUE_FIELDS = frozenset(('properties', 'metadata', 'update_policy', 'deletion_policy',
                          'external_id'))
VALUE = 'value'
CONDITION = 'condition'


@dataclass
class Place:
    cursor: Cursor
    version: HotVersion
    section: str | None = None
    owner: Any = None  # the resource, output, parameter or condition name
    field: Any = None  # the key under the owner: 'properties', 'type', 'value', ...
    context: str | None = None  # VALUE or CONDITION: where functions are live
    rest: list = dataclasses.field(default_factory=list)  # steps after the field
    property_path: list = dataclasses.field(default_factory=list)  # steps before any function call
    call: str | None = None  # the innermost function whose arguments hold the cursor
    call_path: list = dataclasses.field(default_factory=list)  # steps after the function's key

    @property
    def key_position(self) -> bool:
        return self.cursor.key_position

    @property
    def argument(self) -> int | None:
        """The index of the argument being written, for list arguments."""
        if self.call is None or not self.call_path:
            return None
        first = self.call_path[0]
        return first if isinstance(first, int) else None


def interpret(cursor: Cursor, version: HotVersion | None = None) -> Place:
    version = version or language().latest
    place = Place(cursor, version)
    path = list(cursor.path)
    if not path:
        return place
    place.section = path[0] if isinstance(path[0], str) else None
    if len(path) >= 2:
        place.owner = path[1]
    if len(path) >= 3:
        place.field = path[2]
    place.rest = path[3:]
    section, fld = place.section, place.field
    if section == 'resources':
        if fld in VALUE_FIELDS:
            place.context = VALUE
        elif fld == 'condition':
            place.context = CONDITION
    elif section == 'outputs':
        if fld == 'value':
            place.context = VALUE
        elif fld == 'condition':
            place.context = CONDITION
    elif section == 'conditions':
        place.context = CONDITION
        place.field = None
        place.rest = path[2:]
    if place.context is not None:
        _find_calls(place)
    else:
        place.property_path = list(place.rest)
    return place


def _find_calls(place: Place) -> None:
    version = place.version
    if place.context == VALUE:
        live = {name for name, info in version.functions.items()}
    else:
        live = {name for name, impl in version.condition_context.items() if impl != 'Invalid'}
    before: list | None = None
    for index, step in enumerate(place.rest):
        if isinstance(step, str) and step in live:
            if before is None:
                before = place.rest[:index]
            place.call = step
            place.call_path = place.rest[index + 1:]
    place.property_path = before if before is not None else list(place.rest)
    if place.call == 'if' and place.call_path[:1] == [0]:
        # if's first argument is a condition, whatever the context around it.
        place.context = CONDITION
