"""Environment files as a stack is created with them: read, located, merged, registered.

`openstack stack create -e a.yaml -e b.yaml` (and `template validate -e`):

1. python-heatclient reads each file and rewrites each `resource_registry`
   value that is not a type name (`'::'` in it) into the URL of the file
   it names (relative to the environment's own URL, or its `base_url`).
   It also deep-merges the files, but it names them
   (`environment_files`), and then heat-api drops that merge;
2. Heat's engine merges the files in order over the `-P` values
   (`environment_util.merge_environments`): `parameters` and
   `parameter_defaults` by each parameter's merge strategy, every other
   section with `merge_map` (a shallow update that skips null values, so
   one file's `resources:` replaces another's).

`StackEnvironment` reproduces this, keeping where each registry entry was
written (for navigation and messages), then loads the registry as
`ResourceRegistry.load` does: a null deletes, `hooks` and
`restricted_actions` are checked, a mapping nests (`resources`).

With the `capabilities` setting, environments are read as the
resource-capabilities blueprint reads them (hot_ls.workspace.capabilities):
a `requires` section, and registry values that are lists of candidate
templates.  `requires` merges across the stack's files as the registry
does (python-heatclient's deep_update, then the engine's merge_map: for
each key, the last file giving it a non-null value wins), and each list is
replaced by the candidate that merged `requires` selects before the
registry is loaded, so the registry only ever holds what a stock Heat
registry holds.
"""
from __future__ import annotations

import collections.abc
import copy
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator
from urllib.parse import urljoin, urlparse

from hot_ls.model import event_sinks
from hot_ls.model.environment import (EVENT_SINKS, REQUIRES, RESOURCE_REGISTRY, Environment,
                                      EnvironmentError_, merge_environments, merge_map)
from hot_ls.syntax import Mapping, Node, Scalar, Sequence, SyntaxTree
from hot_ls.workspace.paths import Locator, Target
from hot_ls.workspace.registry import (HOOK_TYPES, HOOKS, RESOURCES, RESTRICTED,
                                       RESTRICTED_ACTIONS, TEMPLATE_SUFFIXES, Entry,
                                       GlobalRegistry, Origin, Registry)


@dataclass(frozen=True)
class CandidateRef:
    """One item of a list-valued registry entry (the capabilities blueprint's candidates)."""

    value: Any                          # as written
    target: Target                      # the file it names (or why there is none)
    span: tuple[int, int] | None = None


@dataclass(frozen=True)
class Leaf:
    """One value of a registry as written, with where (and, for a file, what it names)."""

    value: Any
    origin: Origin
    target: Target | None = None
    #: what a file reference is relative to: the environment's folder, or a `base_url`
    base: str | None = None
    #: for a list of candidate templates (with the `capabilities` setting): each item
    candidates: tuple[CandidateRef, ...] | None = None


def leaves(tree: dict) -> Iterator[Leaf]:
    """Every Leaf of a registry tree (nested dicts of Leaf: `resources`, hooks...)."""
    for value in tree.values():
        if isinstance(value, dict):
            yield from leaves(value)
        else:
            yield value


def _is_hook_definition(key: Any, value: Any) -> str | None:
    """Heat's is_hook_definition / is_valid_restricted_action: None, or Heat's message."""
    if key not in (HOOKS, RESTRICTED):
        return None
    allowed = HOOK_TYPES if key == HOOKS else RESTRICTED_ACTIONS
    if isinstance(value, str):
        valid = value in allowed
    elif isinstance(value, collections.abc.Sequence):
        valid = all(item in allowed for item in value)
    else:
        valid = False
    if valid:
        return None
    if key == HOOKS:
        return ('Invalid hook type "%(value)s" for resource breakpoint, acceptable hook '
                'types are: %(types)s' % {'value': value, 'types': HOOK_TYPES})
    return ('Invalid restricted_action type "%(value)s" for resource, acceptable '
            'restricted_action types are: %(types)s'
            % {'value': value, 'types': RESTRICTED_ACTIONS})


def _is_file_reference(key: Any, value: Any) -> bool:
    """python-heatclient's `ignore_if` negated: which registry values it reads as files."""
    if key in ('base_url', HOOKS, RESTRICTED) or isinstance(value, dict):
        return False
    return isinstance(value, str) and '::' not in value


def _span(node: Node | None) -> tuple[int, int] | None:
    return (node.start, node.end) if node is not None else None


class MissingFile(EnvironmentError_):
    """A registry value naming a file that does not exist (python-heatclient cannot read it)."""


def client_refusal(key: Any, value: Any, base: str) -> str | None:
    """Why python-heatclient cannot process a registry value (its resolve_environment_urls:
    `ignore_if`, then `urljoin`), or None."""
    if key == 'base_url' or isinstance(value, dict):
        return None
    try:
        if '::' in value:
            return None
    except TypeError as exc:  # null, a number, a boolean
        return str(exc)
    if key in (HOOKS, RESTRICTED):
        return None
    try:
        urljoin(base if base.endswith('/') else base + '/', value)
    except Exception as exc:  # a list (the capabilities blueprint's candidates)
        return str(exc)
    return None


@dataclass
class LoadedEnvironment:
    """One environment file: its model, and its registry with origins and located files."""

    path: str | None
    environment: Environment
    registry: dict = field(default_factory=dict)  # nested dicts of Leaf
    #: what python-heatclient refuses while reading it (it stops `openstack stack create`)
    client_problems: list[EnvironmentError_] = field(default_factory=list)
    #: read as the capabilities blueprint reads it (`requires`, lists of candidates)
    capabilities: bool = False
    #: the blueprint's `requires` section as written (None: absent or not read)
    requires: Any = None
    requires_node: Node | None = None

    @classmethod
    def load(cls, text: str, path: str | None, locator: Locator,
             capabilities: bool = False, tree: SyntaxTree | None = None) -> 'LoadedEnvironment':
        """Read the environment `text` (`tree`: its parse, when the caller has it)."""
        extra = (REQUIRES,) if capabilities else ()
        env = Environment.from_text(text, path, extra) if tree is None \
            else Environment.from_tree(tree, path, extra)
        loaded = cls(path, env, capabilities=capabilities)
        root = env.tree.root if env.tree is not None else None
        if capabilities and isinstance(root, Mapping):
            pair = root.index.get(REQUIRES)
            if pair is not None:
                shown = pair.value is not None and pair.value.end > pair.value.start
                loaded.requires_node = pair.value if shown else pair.key  # (the key: empty)
                loaded.requires = pair.value.to_python() if pair.value is not None else None
        node = env.sections.get(RESOURCE_REGISTRY)
        if isinstance(node, Mapping):
            base = os.path.dirname(os.path.abspath(path)) if path else os.getcwd()
            base_url = node.get('base_url')
            given = isinstance(base_url, Scalar) and isinstance(base_url.value, str)
            if given:
                base = base_url.value
            loaded.registry = loaded._read(node, base, locator, top=True, given_base=given)
        elif node is not None:  # (a null one: Heat refuses the empty section)
            value = node.to_python()
            loaded.client_problems.append(EnvironmentError_(
                f"'{type(value).__name__}' object has no attribute 'get'", node, path,
                'resource_registry maps resource type names to types or template files'))
        return loaded

    def _read(self, node: Mapping, base: str, locator: Locator, top: bool,
              client: bool = True, in_resources: bool = False,
              given_base: bool = False) -> dict:
        """The registry mapping `node` as Leafs.  python-heatclient reads (`client`) the values
        of the registry itself and of each resource's entry under `resources`, no others
        (`given_base`: `base` is a `base_url` as written, not the file's folder)."""
        out: dict = {}
        for key, pair in node.index.items():
            value = pair.value
            if in_resources and not isinstance(value, Mapping):
                # python-heatclient reads each resource's entry with .get('base_url')
                raw = value.to_python() if value is not None else None
                self.client_problems.append(EnvironmentError_(
                    f"'{type(raw).__name__}' object has no attribute 'get'",
                    value if value is not None else pair.key, self.path,
                    'an entry under `resources` maps a resource name to its own registry'))
            if isinstance(value, Mapping) and key not in (HOOKS, RESTRICTED):
                inner_base, inner_given = base, given_base
                found = value.get('base_url')  # a resource's own (python-heatclient honours it)
                if not top and isinstance(found, Scalar) and isinstance(found.value, str):
                    inner_base, inner_given = found.value, True
                out[key] = self._read(value, inner_base, locator, top=False,
                                      client=in_resources,
                                      in_resources=top and key == RESOURCES,
                                      given_base=inner_given)
                continue
            raw = value.to_python() if value is not None else None
            origin = Origin(self.path, _span(pair.key), _span(value))
            if self.capabilities and client and isinstance(value, Sequence) \
                    and key not in (HOOKS, RESTRICTED):
                out[key] = Leaf(raw, origin, None, base, tuple(
                    CandidateRef(item.to_python(), _locate_candidate(item.to_python(), base,
                                                                     locator), _span(item))
                    for item in value.items))
                continue  # a list of candidates: capabilities.choose picks one
            target = locator.locate(raw, base) if _is_file_reference(key, raw) else None
            out[key] = Leaf(raw, origin, target, base if target is not None else None)
            if client:
                self._check_client(key, raw, base, target, pair, given_base)
        return out

    def _check_client(self, key: Any, raw: Any, base: str, target: Target | None, pair,
                      given_base: bool = False) -> None:
        node = pair.value if pair.value is not None else pair.key
        refusal = client_refusal(key, raw, base)
        if refusal is None and given_base and _is_file_reference(key, raw):
            url = urljoin(base, raw)  # (as python-heatclient joins them, then opens the URL)
            if not urlparse(url).scheme:
                self.client_problems.append(EnvironmentError_(
                    f'unknown url type: {url!r}', node, self.path,
                    'base_url must be a URL, such as file:///path/to/templates/: '
                    'python-heatclient joins each file name to it and opens the result'))
                return
        if refusal is not None:
            self.client_problems.append(EnvironmentError_(refusal, node, self.path))
        elif target is not None and target.readable and not os.path.isfile(target.path):
            self.client_problems.append(MissingFile(
                f'Could not fetch contents for {target.reference}', node, self.path))

    def registry_problems(self) -> Iterable[tuple[int, int, str]]:
        """Heat's checks of `hooks` and `restricted_actions` in this file: (start, end, message)."""
        stack = [self.registry]
        while stack:
            tree = stack.pop()
            for key, value in tree.items():
                if isinstance(value, dict):
                    stack.append(value)
                    continue
                message = _is_hook_definition(key, value.value)
                if message is not None and value.origin.value is not None:
                    yield value.origin.value[0], value.origin.value[1], message

    @property
    def problems(self) -> list[EnvironmentError_]:
        """What stops a stack create with this file: python-heatclient's refusals first."""
        return self.client_problems + self.environment.problems


def _locate_candidate(value: Any, base: str, locator: Locator) -> Target:
    """A candidate of a list: a file (as python-heatclient would read it) or a type name."""
    if isinstance(value, str) and '::' in value:
        return Target(value)  # a resource type: no file, no refusal
    return locator.locate(value, base)


def _copy_tree(tree: dict) -> dict:
    """A copy of nested dicts (their leaves shared: they are immutable)."""
    return {k: _copy_tree(v) if isinstance(v, dict) else v for k, v in tree.items()}


def client_merge(old: Any, new: dict) -> dict:
    """python-heatclient's deep_update."""
    if old is None or not isinstance(old, dict):
        old = {}
    for key, value in new.items():
        if isinstance(value, dict):
            old[key] = client_merge(old.get(key, {}), value)
        else:
            old[key] = value
    return old


def _server_merge(old: Any, new: dict) -> dict:
    """Heat's merge_map without deep_merge: a shallow update that skips nulls."""
    if not old:
        return new
    for key, value in new.items():
        if not (isinstance(value, Leaf) and value.value is None):
            old[key] = value
    return old


#: picks one candidate of a list-valued registry entry: (the entry's path, the list, the
#: stack's merged `requires`) -> (the chosen value, or None; why none, or None when hot-ls
#: cannot tell).  hot_ls.workspace.capabilities.list_resolver builds it.
ListResolver = Callable[[tuple, Leaf, dict], 'tuple[Leaf | None, str | None]']


@dataclass
class StackEnvironment:
    """The environment a stack is created with: its files merged and its registry loaded."""

    files: tuple[LoadedEnvironment, ...] = ()
    registry: Registry = field(default_factory=Registry)
    parameters: dict = field(default_factory=dict)
    parameter_defaults: dict = field(default_factory=dict)
    #: what Heat refuses: (the file, the node if known, the message)
    problems: list[EnvironmentError_] = field(default_factory=list)
    #: configured environment files that could not be read (messages naming them)
    unread: tuple[str, ...] = ()
    #: the parameter values given beside the files (settings; `-P`)
    given: dict = field(default_factory=dict)
    #: the capabilities blueprint's `requires`, merged over the files
    requires: dict = field(default_factory=dict)
    #: lists of candidates no candidate was chosen for: registry path -> why (None: hot-ls
    #: cannot tell, a candidate was not read)
    unresolved: dict[tuple, str | None] = field(default_factory=dict)

    @property
    def known(self) -> bool:
        """Whether any environment applies (else an unknown type may be mapped by one not
        given)."""
        return bool(self.files)

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(f.path for f in self.files if f.path)


def merged_registry(files: Iterable[LoadedEnvironment]) -> dict:
    """The registries of these files (in order) merged as a stack create merges them: the
    engine's merge_map of each over those before it."""
    merged: dict = {}
    for loaded in files:
        if loaded.registry:
            merged = _server_merge(merged, _copy_tree(loaded.registry))
    return merged


def merged_requires(files: Iterable[LoadedEnvironment]) -> dict:
    """The blueprint's `requires` of these files, merged as the registry merges: for each key,
    the value of the last file that gives it a non-null one (a `requires` that is not a
    mapping counts for nothing: HOT610 reports it)."""
    sections = [copy.deepcopy(f.requires) for f in files if isinstance(f.requires, dict)]
    client: dict = {}
    for section in sections:
        client = client_merge(client, copy.deepcopy(section))
    merged = client
    for section in sections:
        if section:
            merged = merge_map(merged, section)
    return {key: value for key, value in merged.items() if value is not None}


def resolve_lists(tree: dict, requires: dict, resolver: ListResolver,
                  path: tuple = ()) -> dict[tuple, tuple[Leaf, str | None]]:
    """Replace each list of candidates in a (merged) registry by the candidate `resolver`
    chooses; returns the lists it chose none for (removed): path -> (the list, why)."""
    unresolved: dict[tuple, tuple[Leaf, str | None]] = {}
    for key, value in list(tree.items()):
        here = path + (key,)
        if isinstance(value, dict):
            unresolved.update(resolve_lists(value, requires, resolver, here))
        elif value.candidates is not None:
            chosen, why = resolver(here, value, requires)
            if chosen is not None:
                tree[key] = chosen
            else:
                del tree[key]
                unresolved[here] = (value, why)
    return unresolved


def stack_environment(files: Iterable[LoadedEnvironment], global_registry: GlobalRegistry | None,
                      param_types: dict | None = None,
                      parameters: dict | None = None,
                      list_resolver: ListResolver | None = None,
                      registries: dict | None = None) -> StackEnvironment:
    """The environment of a stack created with these files (in order) and `-P` parameters;
    `list_resolver` (the `capabilities` setting) chooses among lists of candidates.

    `registries`: where the caller keeps, while the files and what the resolver reads stay
    the same, the registry each list of files loads (with what it requires, its unresolved
    lists and its problems).  It depends on nothing else, and stacks only read it: TripleO's
    300 templates, each a stack's root with the same registry of 1,400 entries, share one
    (and what it resolves)."""
    files = tuple(files)
    stack = StackEnvironment(files, given=dict(parameters or {}))
    for loaded in files:
        if loaded.problems:
            stack.problems.extend(loaded.problems)
    usable = [f for f in files if not f.problems]
    key = (tuple(map(id, files)), id(global_registry), list_resolver is not None)
    loaded_registry = registries.get(key) if registries is not None else None
    if loaded_registry is None or len(loaded_registry.files) != len(files) \
            or any(kept is not given for kept, given in zip(loaded_registry.files, files)) \
            or loaded_registry.registry.global_ is not global_registry:
        loaded_registry = _loaded_registry(files, usable, global_registry, list_resolver)
        if registries is not None:
            if len(registries) >= _MAX_REGISTRIES:  # (files read anew each time: no summary)
                registries.clear()
            registries[key] = loaded_registry
    stack.registry = loaded_registry.registry
    stack.requires = loaded_registry.requires
    stack.unresolved = loaded_registry.unresolved
    stack.problems.extend(loaded_registry.problems)
    # parameters and parameter_defaults: the engine's strategies, file by file, over the -P
    # values alone (heat-api drops python-heatclient's merge of the files when they are named)
    try:
        merged = merge_environments([f.environment for f in usable], dict(param_types or {}),
                                    dict(parameters or {}), {})
    except EnvironmentError_ as exc:
        # kept without its traceback, whose frame (this one) holds `stack`: no reference cycle
        stack.problems.append(exc.with_traceback(None))
        # (the stack is refused; what its values would be, for the evaluator: the client's)
        client_parameters: dict = dict(parameters or {})
        client_defaults: dict = {}
        for loaded in usable:
            client_parameters = client_merge(client_parameters, copy.deepcopy(
                loaded.environment.parameters))
            client_defaults = client_merge(client_defaults, copy.deepcopy(
                loaded.environment.parameter_defaults))
        stack.parameters, stack.parameter_defaults = client_parameters, client_defaults
    else:
        stack.parameters, stack.parameter_defaults = merged.parameters, merged.parameter_defaults
        refused = event_sinks.refusal(merged.event_sinks)
        if refused is not None:  # (the sinks of the one file that gives any: two cannot merge)
            given = [f for f in usable if f.environment.section(EVENT_SINKS)][-1]
            node = given.environment.sections[EVENT_SINKS]
            stack.problems.append(EnvironmentError_(
                refused.message, event_sinks.refused_node(node, refused), given.path,
                refused.why))
    return stack


#: the most lists of files whose registries stack_environment keeps
_MAX_REGISTRIES = 64


@dataclass
class _LoadedRegistry:
    """What stack_environment loads of a list of files' registries (see `registries`)."""

    files: tuple[LoadedEnvironment, ...]
    registry: Registry
    requires: dict
    unresolved: dict[tuple, str | None]
    problems: list[EnvironmentError_]


def _loaded_registry(files: tuple[LoadedEnvironment, ...], usable: list[LoadedEnvironment],
                     global_registry: GlobalRegistry | None,
                     list_resolver: ListResolver | None) -> _LoadedRegistry:
    loaded = StackEnvironment(files, Registry(global_=global_registry))
    registry = merged_registry(usable)
    if list_resolver is not None:
        loaded.requires = merged_requires(usable)
        for here, (leaf, why) in resolve_lists(registry, loaded.requires, list_resolver).items():
            loaded.unresolved[tuple(str(p) for p in here)] = why
            if why is not None:
                loaded.problems.append(EnvironmentError_(why, None, leaf.origin.path))
    _load_registry(loaded, (), registry)
    return _LoadedRegistry(files, loaded.registry, loaded.requires, loaded.unresolved,
                           loaded.problems)


def _load_registry(stack: StackEnvironment, path: tuple, registry: dict) -> None:
    """ResourceRegistry._load_registry over the merged registry."""
    for key, value in registry.items():
        here = path + (key,)
        if isinstance(value, dict):
            if len(here) == 2 and here[0] == RESOURCES:
                settings = {k: v.value for k, v in value.items()
                            if isinstance(v, Leaf) and k in (HOOKS, RESTRICTED)}
                if settings:
                    stack.registry.resource_settings[str(key)] = settings
            _load_registry(stack, here, value)
            continue
        leaf: Leaf = value
        if leaf.value is None:
            stack.registry.delete(here)
            continue
        problem = _is_hook_definition(key, leaf.value)
        if problem is not None:
            stack.problems.append(EnvironmentError_(problem, None, leaf.origin.path))
            continue
        if key in (HOOKS, RESTRICTED):
            continue
        target = leaf.target
        stack.registry.add(Entry(tuple(str(p) for p in here), leaf.value, True, leaf.origin,
                                 target if _names_template(key, leaf.value) else None))


def _names_template(key: Any, value: Any) -> bool:
    return (isinstance(key, str) and key.endswith(TEMPLATE_SUFFIXES)) or (
        isinstance(value, str) and value.endswith(TEMPLATE_SUFFIXES))
