"""An environment's `event_sinks`, as Heat builds them: what stops a stack before it exists.

Heat's Environment builds every event sink it is given when it is made
(`Environment._update_event_sinks`), on `template validate -e` and on a stack
create alike: for each item, a copy, `type` popped, the plugin class looked up
(the `heat.event_sinks` entry point: stock Heat has `zaqar-queue` alone) and
called with the rest as keyword arguments (python-heatclient sends the file
as JSON, so a key that is not a string arrives as one).  Any failure is a plain Python
error whose text is all the user sees ("'zaqar'", "'type'", "ZaqarEventSink.
__init__() missing 1 required positional argument: 'target'").  `refusal`
reproduces those texts, and says which item and which of its keys failed so
that a diagnostic can point there.  An empty or false section never gets that
far (Heat's merge skips it); a null one is refused earlier (HOT602).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from hot_ls.syntax import Mapping, Node, Sequence

#: Heat's event sink plugins: type -> (class name, required arguments, optional arguments)
SINK_TYPES = {'zaqar-queue': ('ZaqarEventSink', ('target',), ('ttl',))}
TYPE = 'type'


@dataclass(frozen=True)
class SinkRefusal:
    """Heat's message, with what a user should read beside it and where it failed."""

    message: str        # Heat's own text
    why: str            # what it means
    index: int | None   # the item of the list (None: the section itself)
    key: Any = None     # the item's key it failed on (None: the item)
    on_value: bool = False  # the key's value rather than the key
    unknown_type: str | None = None  # a type Heat has no plugin for

    @property
    def text(self) -> str:
        return f'{self.message} ({self.why})'


_SHAPE = 'event_sinks is a list of mappings, each with a `type` ("zaqar-queue")'


def refusal(sinks: Any) -> SinkRefusal | None:
    """Why Heat cannot build these event sinks (the section's plain value), or None."""
    if not sinks:
        return None
    if isinstance(sinks, (dict, str)):
        items = list(sinks)  # (iterating a mapping gives its keys, a string its characters)
        at = None
    elif isinstance(sinks, list):
        items, at = sinks, 0
    else:
        return SinkRefusal(f"'{_type_name(sinks)}' object is not iterable", _SHAPE, None)
    for number, sink in enumerate(items):
        index = number if at is not None else None
        found = _item_refusal(sink, index)
        if found is not None:
            return found
    return None


def refused_node(section: Node, refused: SinkRefusal) -> Node:
    """Where in the section (its node) Heat's refusal is: the item, its key or the key's
    value it failed on; the section itself when the section is what fails."""
    if refused.index is None or not isinstance(section, Sequence) \
            or refused.index >= len(section.items):
        return section
    item = section.items[refused.index]
    pair = item.index.get(refused.key) if isinstance(item, Mapping) else None
    if pair is None:
        return item
    return pair.value if refused.on_value and pair.value is not None else pair.key


def _item_refusal(sink: Any, index: int | None) -> SinkRefusal | None:
    if isinstance(sink, list):  # list.copy() works; list.pop('type') does not
        return SinkRefusal("'str' object cannot be interpreted as an integer", _SHAPE, index)
    if not isinstance(sink, dict):
        return SinkRefusal(f"'{_type_name(sink)}' object has no attribute 'copy'", _SHAPE, index)
    if TYPE not in sink:
        return SinkRefusal(repr(TYPE), 'Heat\'s KeyError: an event sink needs a `type`: '
                           '"zaqar-queue"', index)
    kind = sink[TYPE]
    if isinstance(kind, (list, dict)):
        return SinkRefusal(f"unhashable type: '{_type_name(kind)}'",
                           'an event sink\'s `type` is a name: "zaqar-queue"', index, TYPE, True)
    if kind not in SINK_TYPES:
        return SinkRefusal(repr(kind), 'Heat\'s KeyError: there is no event sink of this type; '
                           'Heat has "zaqar-queue"', index, TYPE, True,
                           unknown_type=kind if isinstance(kind, str) else None)
    name, required, optional = SINK_TYPES[kind]
    arguments = [key for key in sink if key != TYPE]
    takes = f'a {kind} sink takes `target`, the queue\'s name, and optionally `ttl`'
    for key in arguments:
        if key not in required and key not in optional:
            return SinkRefusal(f"{name}.__init__() got an unexpected keyword argument "
                               f"'{_json_key(key)}'", takes, index, key)
    missing = [key for key in required if key not in sink]
    if missing:
        names = ' and '.join(f"'{key}'" for key in missing)
        plural = 's' if len(missing) > 1 else ''
        return SinkRefusal(f'{name}.__init__() missing {len(missing)} required positional '
                           f'argument{plural}: {names}', takes, index)
    return None


def _type_name(value: Any) -> str:
    return type(value).__name__


def _json_key(key: Any) -> str:
    """A key as python-heatclient hands it on (it sends each environment file as JSON)."""
    return key if isinstance(key, str) else json.dumps(key)
