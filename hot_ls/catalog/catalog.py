"""The catalog of resource types, and the bundled one generated from Heat.

`bundled()` reads hot_ls/data/catalog.json.gz (written by
tools/gen_catalog.py): an index is parsed at once, each type's schema the
first time it is asked for.  `Catalog.lookup` resolves the global
environment's aliases as Heat does: an exact name first, then the aliases
(`OS::Metering::Alarm` → `OS::Aodh::Alarm`) and globs (`OS::Quantum*` →
`OS::Neutron*`).
"""
from __future__ import annotations

import functools
import gzip
import json
import os
from typing import Iterable, Iterator, NamedTuple

from hot_ls.catalog.releases import Release, Releases
from hot_ls.catalog.schema import ResourceType
from hot_ls.catalog.support import SupportStatus


class Problem(NamedTuple):
    """Something in a plugin file, cloud dump or setting that could not be used."""

    path: str
    line: int | None  # 1-based; None when the problem is about the whole file
    message: str
    severity: str = 'warning'  # 'warning' or 'error'

    def __str__(self) -> str:
        where = self.path if self.line is None else f'{self.path}:{self.line}'
        return f'{where}: {self.message}'


class Lookup(NamedTuple):
    """The answer to `Catalog.lookup(name)`."""

    requested: str
    name: str  # the type it resolves to (== requested when no alias applied)
    type: ResourceType | None  # None for a template alias
    alias: str | None = None  # the alias entry that applied: 'OS::Quantum*', 'OS::Metering::Alarm'
    template: str | None = None  # the provider template a template alias names

    @property
    def via_alias(self) -> bool:
        return self.alias is not None


class Aliases:
    """The global environment's resource_registry entries (Heat's etc/heat/environment.d)."""

    def __init__(self, types: dict[str, str] | None = None, globs: dict[str, str] | None = None,
                 templates: dict[str, str] | None = None):
        self.types = dict(types or {})  # 'OS::Metering::Alarm' → 'OS::Aodh::Alarm'
        self.globs = dict(globs or {})  # 'OS::Quantum*' → 'OS::Neutron*'
        self.templates = dict(templates or {})  # 'AWS::CloudWatch::Alarm' → a template URL

    def step(self, name: str) -> tuple[str, str, str] | None:
        """One resolution step: (entry, kind, target) with kind 'type', 'glob' or 'template'."""
        if name in self.types:
            return name, 'type', self.types[name]
        if name in self.templates:
            return name, 'template', self.templates[name]
        # Heat prefers the longest matching glob.
        for key in sorted(self.globs, key=len, reverse=True):
            value = self.globs[key]
            prefix = key[:-1]
            if name != value and name.startswith(prefix):
                target = value[:-1] + name[len(prefix):] if value.endswith('*') else value
                return key, 'glob', target
        return None

    def to_dict(self) -> dict:
        return {'types': dict(self.types), 'globs': dict(self.globs),
                'templates': dict(self.templates)}


class CustomConstraintInfo(NamedTuple):
    name: str
    service: str | None  # the OpenStack client it needs ('nova'); None for Heat's own checks
    heat_class: str | None = None


class Catalog:
    """Resource types by name, with aliases, releases and what loading them reported."""

    def __init__(self, types: dict[str, ResourceType], *, releases: Releases,
                 aliases: Aliases | None = None,
                 custom_constraints: dict[str, CustomConstraintInfo] | None = None,
                 heat_version: str | None = None, classes: dict[str, str] | None = None,
                 base_classes: dict[str, ResourceType] | None = None,
                 problems: Iterable[Problem] = (), target: Release | None = None,
                 heat_namespaces: frozenset[str] | None = None,
                 heat_modules: 'str | dict | None' = None):
        self._types = dict(types)
        self.releases = releases
        self.aliases = aliases or Aliases()
        self.custom_constraints = dict(custom_constraints or {})
        self.heat_version = heat_version
        self._classes = dict(classes or {})
        self._base_classes = dict(base_classes or {})
        self.problems: tuple[Problem, ...] = tuple(problems)
        #: the release templates must run on (settings.target_release; default: the newest)
        self.target: Release = target or releases.latest
        self._heat_namespaces = heat_namespaces if heat_namespaces is not None else frozenset(
            t.namespace for t in self._types.values() if t.source == 'bundled')
        self._heat_modules = heat_modules  # JSON text until first use

    # -- lookups ---------------------------------------------------------------
    def get(self, name: str) -> ResourceType | None:
        """The type registered under exactly `name` (no alias resolution)."""
        return self._types.get(name)

    def lookup(self, name: str) -> Lookup | None:
        """`name` resolved as Heat's global environment does; None if unknown."""
        if not isinstance(name, str):
            return None
        found = self._types.get(name)
        if found is not None:
            return Lookup(name, name, found)
        current, first_alias = name, None
        for _ in range(10):  # Heat resolves recursively; aliases do not loop in practice
            step = self.aliases.step(current)
            if step is None:
                return None
            entry, kind, target = step
            first_alias = first_alias or entry
            if kind == 'template':
                return Lookup(name, current, None, first_alias, target)
            current = target
            found = self._types.get(current)
            if found is not None:
                return Lookup(name, current, found, first_alias)
        return None

    def resolve(self, name: str) -> ResourceType | None:
        """The type `name` stands for, through aliases; None for unknown and template aliases."""
        found = self.lookup(name)
        return found.type if found is not None else None

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.lookup(name) is not None

    def __len__(self) -> int:
        return len(self._types)

    def __iter__(self) -> Iterator[ResourceType]:
        """Every type, HIDDEN ones included, sorted by name."""
        return self.types(include_hidden=True)

    def types(self, include_hidden: bool = False) -> Iterator[ResourceType]:
        for name in sorted(self._types):
            rtype = self._types[name]
            if include_hidden or not rtype.hidden:
                yield rtype

    def names(self, include_hidden: bool = False) -> list[str]:
        return [t.name for t in self.types(include_hidden)]

    # -- namespaces and classes -------------------------------------------------
    @property
    def heat_namespaces(self) -> frozenset[str]:
        """Namespaces Heat's own catalog owns: 'OS::Nova', 'AWS::EC2', 'OS::Neutron::LBaaS'..."""
        return self._heat_namespaces

    def heat_owns(self, name: str) -> bool:
        """Whether `name` lies in a namespace of Heat's own catalog (an unknown one is a typo)."""
        namespace = name.rpartition('::')[0]
        return namespace in self._heat_namespaces

    def heat_class(self, path: str) -> ResourceType | None:
        """A Heat resource class by module path ('heat.engine.resources.openstack.nova.server.Server').

        Registered classes give their type; Heat's unregistered base classes
        (resource.Resource, neutron.NeutronResource...) give a nameless
        schema holder.  Used to resolve plugins that subclass Heat classes.
        """
        name = self._classes.get(path)
        if name is not None:
            return self._types.get(name)
        return self._base_classes.get(path)

    def heat_constants(self, path: str) -> dict | None:
        """Data a Heat module or schema class defines ('heat.engine.support' → SUPPORTED...).

        Values are JSON; Heat's schema objects are tagged {"$property": ...},
        {"$attribute": ...}, {"$constraint": ...} or {"$support": [...]}.
        """
        if isinstance(self._heat_modules, str):
            self._heat_modules = json.loads(self._heat_modules)
        return (self._heat_modules or {}).get(path)

    # -- derived catalogs ------------------------------------------------------
    def with_types(self, types: dict[str, ResourceType], problems: Iterable[Problem] = (),
                   target: Release | None = None) -> 'Catalog':
        """A copy where `types` override (or add to) this catalog's."""
        merged = dict(self._types)
        merged.update(types)
        return Catalog(merged, releases=self.releases, aliases=self.aliases,
                       custom_constraints=self.custom_constraints,
                       heat_version=self.heat_version, classes=self._classes,
                       base_classes=self._base_classes,
                       problems=self.problems + tuple(problems), target=target or self.target,
                       heat_namespaces=self._heat_namespaces, heat_modules=self._heat_modules)

    def availability(self, item: str, status: SupportStatus,
                     target: Release | None = None) -> str | None:
        """None when an item with `status` exists in the target release, else the message."""
        from hot_ls.catalog.support import availability
        return availability(item, status, target or self.target, self.releases)


# -- the bundled catalog ----------------------------------------------------------

def _read_bundled() -> dict:
    import hot_ls.data
    path = os.path.join(os.path.dirname(hot_ls.data.__file__), 'catalog.json.gz')
    try:
        with open(path, 'rb') as fh:
            raw = fh.read()
    except OSError:  # not a plain directory (a zip import): ask importlib
        from importlib import resources
        raw = resources.files('hot_ls.data').joinpath('catalog.json.gz').read_bytes()
    return json.loads(gzip.decompress(raw))


@functools.lru_cache(maxsize=1)
def bundled() -> Catalog:
    """The catalog of openstack-heat's registry, as tools/gen_catalog.py recorded it."""
    data = _read_bundled()
    index = data['index']
    stored = data['types']
    types: dict[str, ResourceType] = {}
    for name, text in stored.items():
        entry = index[name]
        types[name] = ResourceType(
            name, functools.partial(json.loads, text), support_data=entry['support_status'],
            accepts_any_attribute=entry['any_attribute'])
    base_classes = {path: ResourceType('', functools.partial(json.loads, text))
                    for path, text in data['base_classes'].items()}
    aliases = data['aliases']
    constraints = {name: CustomConstraintInfo(name, info.get('service'), info.get('class'))
                   for name, info in data['custom_constraints'].items()}
    return Catalog(types, releases=Releases(data['releases']),
                   aliases=Aliases(aliases['types'], aliases['globs'], aliases['templates']),
                   custom_constraints=constraints, heat_version=data['heat_version'],
                   classes=data['classes'], base_classes=base_classes,
                   heat_modules=data.get('modules'))


@functools.lru_cache(maxsize=1)
def releases() -> Releases:
    """The release table alone (from the bundled catalog)."""
    return bundled().releases
