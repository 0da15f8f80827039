"""Heat's resource registry: which implementation a resource type names, for one stack.

Ported from heat/engine/environment.py (`ResourceRegistry`,
`ResourceInfo` and its subclasses), so the answer is Heat's:

- an entry is a *template* when its key or its value ends in `.yaml` or
  `.template`, a *glob* when its key ends in `*`, a *class* when its value
  is not a string (Heat's own types; in a user environment, anything that
  is not a string, mapping or null), and otherwise a *map* (an alias to
  another type name);
- `resources: {<resource name>: {<type>: <implementation>}}` overrides one
  resource's type (the name is matched exactly; `hooks` and
  `restricted_actions` sit beside, matched with fnmatch);
- the candidates for a type are the user environment's, then the global
  one's (Heat's own types and the aliases of etc/heat/environment.d), a
  longer (more specific) path before a shorter one; the first candidate
  that leads somewhere wins, following maps and globs (a glob never
  matches its own target);
- `type: something.yaml` in a template is a template only in a user
  environment, which every stack has.

Nothing here reads a file: a template entry's file is located (`Locator`)
by whoever builds the registry.
"""
from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from typing import Any, Iterator

from hot_ls.workspace.paths import Target

TEMPLATE_SUFFIXES = ('.yaml', '.template')
HOOK_TYPES = ('pre-create', 'pre-update', 'pre-delete', 'post-create', 'post-update',
              'post-delete')
RESTRICTED_ACTIONS = ('update', 'replace')
HOOKS, RESTRICTED = 'hooks', 'restricted_actions'
RESOURCES = 'resources'

CLASS, TEMPLATE, MAP, GLOB = 'class', 'template', 'map', 'glob'
_MAX_STEPS = 50  # Heat follows maps until it finds something (or recurses forever)


def not_found(type_name: Any) -> str:
    return f'The Resource Type ({type_name}) could not be found.'


@dataclass(frozen=True)
class Origin:
    """Where an entry was written: the environment file and the spans of its key and value."""

    path: str | None
    key: tuple[int, int] | None = None
    value: tuple[int, int] | None = None


@dataclass(frozen=True)
class Entry:
    """One mapping of the registry (Heat's ResourceInfo)."""

    path: tuple[str, ...]   # ('OS::TripleO::Controller',), ('resources', 'db', 'OS::Nova::Server')
    value: Any              # the type it maps to, a template reference, or Heat's own class name
    user: bool = True       # from an environment (else: Heat's global environment)
    origin: Origin | None = None
    target: Target | None = None  # for a template entry: the file its reference names

    @property
    def name(self) -> str:
        return self.path[-1]

    @property
    def kind(self) -> str:
        if self.name.endswith(TEMPLATE_SUFFIXES):
            return TEMPLATE
        if not isinstance(self.value, str):
            return CLASS
        if self.value.endswith(TEMPLATE_SUFFIXES):
            return TEMPLATE
        if self.name.endswith('*'):
            return GLOB
        return MAP

    @property
    def template(self) -> str:
        """A template entry's template reference (its key when the key is a file name)."""
        return self.name if self.name.endswith(TEMPLATE_SUFFIXES) else self.value

    def sort_key(self) -> tuple:
        # ResourceInfo.__lt__: user entries first, longer paths first, then by path
        return (not self.user, -len(self.path), self.path)

    def glob_matches(self, type_name: str) -> bool:
        """GlobResourceInfo.matches: the prefix, but never the glob's own target."""
        return type_name != self.value and type_name.startswith(self.name[:-1])


@dataclass(frozen=True)
class Resolution:
    """What a resource type resolves to in a registry."""

    requested: Any
    entry: Entry | None = None                 # the class or template entry reached
    steps: tuple[Entry, ...] = ()              # the maps and globs followed to get there
    error: str | None = None                   # Heat's message when nothing is found
    loop: bool = False                          # the maps lead round in a circle

    @property
    def kind(self) -> str | None:
        return self.entry.kind if self.entry is not None else None

    @property
    def class_name(self) -> str | None:
        """For Heat's own (or a plugin's) type: its registered name."""
        return self.entry.name if self.entry is not None and self.entry.kind == CLASS else None

    @property
    def via_user(self) -> bool:
        """Whether an environment mapping took part (the type is not plainly Heat's own)."""
        return any(step.user for step in self.steps) or (
            self.entry is not None and self.entry.user)


class _Loaded:
    """The identity of a registry loaded from environment files (Registry.lineage)."""

    __slots__ = ()


@dataclass
class Registry:
    """One stack's registry: the user environment's entries over the global ones."""

    user: dict[tuple[str, ...], Entry] = field(default_factory=dict)
    global_: 'GlobalRegistry | None' = None
    #: per-resource `hooks` and `restricted_actions` (resource name pattern -> key -> value)
    resource_settings: dict[str, dict[str, Any]] = field(default_factory=dict)
    _cache: dict[tuple[Any, Any], Resolution] = field(default_factory=dict, repr=False)
    #: the user entries that are globs (`OS::TripleO::*`), in order: made when first needed
    _globs: list[Entry] | None = field(default=None, repr=False)
    #: what this registry is: a loaded one (an object of its own), and the entries removed
    #: from it on the way down to a nested stack (`without`); made when first asked
    _lineage: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def lineage(self) -> tuple:
        """What identifies the registry's entries while the registry it comes from lives:
        equal for two registries made alike from one loaded registry (a key for what is
        worked out of a registry: a nested stack's is made anew each time it is asked)."""
        if self._lineage is None:
            self._lineage = (_Loaded(), frozenset())
        return self._lineage

    def without(self, path: tuple[str, ...]) -> 'Registry':
        """This registry less one user entry: Heat's registry.remove_item, for the nested
        stack the entry led to."""
        loaded, removed = self.lineage
        found = Registry({k: v for k, v in self.user.items() if k != path}, self.global_,
                         dict(self.resource_settings))
        found._lineage = (loaded, removed | {path})
        return found

    def add(self, entry: Entry) -> None:
        self.user[entry.path] = entry
        self._globs = None

    def delete(self, path: tuple[str, ...]) -> None:
        """A null value: delete the entry, or every entry with a `prefix*`'s prefix."""
        name = path[-1]
        if name.endswith('*'):
            for key in [k for k in self.user if len(k) == len(path) and k[:-1] == path[:-1]
                        and k[-1].startswith(name[:-1])]:
                del self.user[key]
        else:
            self.user.pop(path, None)
        self._globs = None

    # -- Heat's iterable_by / get_resource_info ------------------------------------------
    def candidates(self, type_name: str, resource_name: Any = None) -> Iterator[Entry]:
        if type_name.endswith(TEMPLATE_SUFFIXES):
            found = self.user.get((type_name,))
            yield found if found is not None else Entry((type_name,), None)
        if resource_name is not None:
            found = self.user.get((RESOURCES, resource_name, type_name))
            if found is not None:
                yield found
        found = self.user.get((type_name,))
        if found is not None and not type_name.endswith(TEMPLATE_SUFFIXES):
            yield found
        globs = self._globs
        if globs is None:
            globs = self._globs = [entry for key, entry in self.user.items()
                                   if len(key) == 1 and key[0].endswith('*')]
        for entry in globs:
            if entry.glob_matches(type_name):
                yield entry

    def resolve(self, type_name: Any, resource_name: Any = None,
                ignore: Entry | None = None) -> Resolution:
        """What `type_name` (of the resource `resource_name`) resolves to, as Heat would;
        `ignore`: an implementation to pass over (Heat asks so to find a facade)."""
        key = (type_name, resource_name, id(ignore) if ignore is not None else None)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._resolve(type_name, resource_name, (), 0,
                                                     ignore=ignore)
        return found

    def _resolve(self, type_name: Any, resource_name: Any, steps: tuple[Entry, ...],
                 depth: int, user: bool = True, ignore: Entry | None = None) -> Resolution:
        if not isinstance(type_name, str):
            return Resolution(type_name, steps=steps, error=not_found(type_name))
        if depth > _MAX_STEPS:
            chain = ' -> '.join(str(s.name) for s in steps[-6:])
            return Resolution(type_name, steps=steps, loop=True,
                              error=f'The resource_registry maps types in a loop ({chain} -> ...)')
        candidates = list(self.candidates(type_name, resource_name)) if user else []
        if self.global_ is not None:
            candidates.extend(self.global_.candidates(type_name))
        candidates.sort(key=Entry.sort_key)
        for entry in candidates:
            kind = entry.kind
            if kind in (CLASS, TEMPLATE):
                if ignore is not None and entry == ignore:
                    continue
                return Resolution(type_name, entry, steps)
            if kind == GLOB:
                prefix = entry.name[:-1]
                target = entry.value[:-1] + type_name[len(prefix):] \
                    if entry.value.endswith('*') else entry.value
            else:
                target = entry.value
            # A global entry's mapping resolves in the global registry only.
            found = self._resolve(target, resource_name, steps + (entry,), depth + 1,
                                  user=user and entry.user, ignore=ignore)
            if found.entry is not None or found.loop:
                return found
            # not found that way: Heat tries the next candidate
        return Resolution(type_name, steps=steps, error=not_found(type_name))

    # -- hooks and restrictions ------------------------------------------------------------
    def setting_for(self, resource_name: str, key: str) -> set[str]:
        """The hooks or restricted actions set for a resource (fnmatch on the name pattern)."""
        values: set[str] = set()
        for pattern, settings in self.resource_settings.items():
            if fnmatch.fnmatchcase(str(resource_name), pattern) and key in settings:
                value = settings[key]
                values |= {value} if isinstance(value, str) else set(value)
        return values


class GlobalRegistry:
    """Heat's global environment: its own (and plugin) types, and etc/heat/environment.d."""

    def __init__(self, class_names: 'Any', aliases: dict[str, str], globs: dict[str, str],
                 templates: dict[str, str]):
        self._classes = class_names  # a container of type names (the catalog)
        self._entries: dict[str, Entry] = {}
        for name, value in aliases.items():
            self._entries[name] = Entry((name,), value, user=False)
        for name, value in templates.items():
            self._entries[name] = Entry((name,), value, user=False)
        self._globs = [Entry((name,), value, user=False) for name, value in globs.items()]

    @classmethod
    def of(cls, catalog: Any) -> 'GlobalRegistry':
        aliases = catalog.aliases
        return cls(_CatalogNames(catalog), aliases.types, aliases.globs, aliases.templates)

    def candidates(self, type_name: str) -> Iterator[Entry]:
        if type_name in self._entries:
            yield self._entries[type_name]
        elif type_name in self._classes:
            yield Entry((type_name,), object(), user=False)  # ClassResourceInfo
        for entry in self._globs:
            if entry.glob_matches(type_name):
                yield entry


class _CatalogNames:
    """`name in catalog` without alias resolution: Heat's registered class names."""

    def __init__(self, catalog: Any):
        self._catalog = catalog

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._catalog.get(name) is not None


def types_mapped(entries: dict, wanted: set[str]) -> dict[str, str]:
    """Which of the type names `wanted` a resource_registry's top-level `entries` (name ->
    what it maps to: a type, a template, or a leaf with a `value`) map, by name or by Heat's
    `prefix*` glob (never onto the glob's own target), each with what it maps it to.  The
    per-resource `resources:` section maps no type of the stack."""
    found: dict[str, str] = {}
    for key, value in entries.items():
        if not isinstance(key, str) or isinstance(value, dict):
            continue
        value = str(getattr(value, 'value', value))
        if key.endswith('*'):
            found.update((name, value) for name in wanted
                         if name.startswith(key[:-1]) and name != value)
        elif key in wanted:
            found[key] = value
    return found
