"""The registry's glob entries (`My::*`), kept in a list made when first needed: an entry added
or deleted afterwards (an environment read after a lookup) is seen by the next lookup."""
from __future__ import annotations

from hot_ls.workspace.registry import Entry, Registry


def test_a_glob_added_or_deleted_after_a_lookup_is_seen():
    registry = Registry()
    registry.add(Entry(('My::*',), 'Other::*'))
    assert [e.name for e in registry.candidates('My::Server')] == ['My::*']
    registry.add(Entry(('My::Ser*',), 'Special::*'))
    assert [e.name for e in registry.candidates('My::Server')] == ['My::*', 'My::Ser*']
    registry.delete(('My::*',))
    assert [e.name for e in registry.candidates('My::Server')] == ['My::Ser*']
    assert [e.name for e in registry.candidates('Your::Server')] == []
