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
    registry.delete(('My::Ser*',))  # (Heat's null for a glob: every entry it prefixes)
    assert [e.name for e in registry.candidates('My::Server')] == ['My::*']
    registry.delete(('My::*',))
    assert [e.name for e in registry.candidates('My::Server')] == []
    assert [e.name for e in registry.candidates('Your::Server')] == []
