"""Event sinks as Heat builds them: where in the file each refusal points.

Heat's messages themselves are held to Heat's answers by
tests/workspace/test_registry_golden.py (the `event-sink*` cases of
tools/registry_cases.yaml); here, the places.
"""
from __future__ import annotations

import pytest

from hot_ls.model import event_sinks
from hot_ls.syntax import parse


def refused_text(environment: str) -> tuple[str, str] | None:
    """(the refusal's text, the text of the node it points at), or None."""
    tree = parse(environment)
    section = tree.root.get('event_sinks')
    refused = event_sinks.refusal(section.to_python())
    if refused is None:
        return None
    node = event_sinks.refused_node(section, refused)
    return refused.message, environment[node.start:node.end]


@pytest.mark.parametrize('environment', [
    'event_sinks: []\n',
    'event_sinks: false\n',
    "event_sinks: ''\n",
    'event_sinks:\n  - {type: zaqar-queue, target: q}\n',
    'event_sinks:\n  - {type: zaqar-queue, target: q, ttl: 60}\n',
])
def test_what_heat_builds_is_not_refused(environment):
    assert refused_text(environment) is None


@pytest.mark.parametrize('environment, message, at', [
    # the type Heat has no plugin for: its value, in the item that fails (not the first)
    ('event_sinks:\n  - {type: zaqar-queue, target: q}\n  - {type: zaqar, target: q}\n',
     "'zaqar'", 'zaqar'),
    ('event_sinks:\n  - {type: [zaqar-queue]}\n', "unhashable type: 'list'", '[zaqar-queue]'),
    # an argument the plugin does not take: its key, written as python-heatclient sends it
    ('event_sinks:\n  - {type: zaqar-queue, target: q, queue: q}\n',
     "ZaqarEventSink.__init__() got an unexpected keyword argument 'queue'", 'queue'),
    ('event_sinks:\n  - {type: zaqar-queue, target: q, 1: x}\n',
     "ZaqarEventSink.__init__() got an unexpected keyword argument '1'", '1'),
    # what the item lacks: the item
    ('event_sinks:\n  - {target: q}\n', "'type'", '{target: q}'),
    ('event_sinks:\n  - {type: zaqar-queue}\n',
     "ZaqarEventSink.__init__() missing 1 required positional argument: 'target'",
     '{type: zaqar-queue}'),
    ('event_sinks:\n  - zaqar-queue\n', "'str' object has no attribute 'copy'", 'zaqar-queue'),
    ('event_sinks:\n  - [zaqar-queue]\n', "'str' object cannot be interpreted as an integer",
     '[zaqar-queue]'),
    # a section that is no list: the section
    ('event_sinks: {type: zaqar-queue}\n', "'str' object has no attribute 'copy'",
     '{type: zaqar-queue}'),
    ('event_sinks: 5\n', "'int' object is not iterable", '5'),
])
def test_a_refusal_points_where_heat_fails(environment, message, at):
    assert refused_text(environment) == (message, at)
