"""One template as part of a stack: its environment, and what each resource type resolves to.

A `StackContext` is a template together with the environment it is
created with: the `-e` files that apply to it (from the configuration),
or, for a provider template, its parent's environment passed down as Heat
passes it (`environment.get_child_environment`: the same registry and
`parameter_defaults`, minus the registry entry that led to the child).
Its `resolve(type, resource_name)` answers what Heat would: one of Heat's
types (through aliases and globs), a provider template turned into a
resource type, or not found, with the steps that led there.
"""
from __future__ import annotations

import json
import os
import weakref
from dataclasses import InitVar, dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable

from hot_ls.catalog import ResourceType
from hot_ls.language.parameters import meant_nonzero
from hot_ls.language.versions import language
from hot_ls.model.document import Kind
from hot_ls.workspace.environments import StackEnvironment
from hot_ls.workspace.files import FileStore
from hot_ls.workspace.paths import UNSAVED, Locator, Target
from hot_ls.workspace.providers import provider_type
from hot_ls.workspace.registry import RESOURCES, TEMPLATE, Registry, Resolution
from hot_ls.workspace.summaries import UNKNOWN, Expression, ParamRef, ResourceInfo

if TYPE_CHECKING:
    from hot_ls.workspace.workspace import Workspace

#: Heat's max_nested_stack_depth by default (heat/common/config.py; the setting of that name
#: gives a cloud's)
MAX_NESTED_DEPTH = 5
#: the name an unsaved document (no path) gets as a stack's template
UNSAVED_NAME = '<unsaved document>'

# Why a type has no schema although it resolved (TypeResolution.problem kinds)
NOT_FOUND = 'not-found'              # no implementation: Heat refuses the template
LOOP = 'loop'                        # the registry maps in a circle
PROVIDER_MISSING = 'provider-missing'  # a template file that does not exist
PROVIDER_UNREAD = 'provider-unread'    # a URL, or outside the workspace: not checked
PROVIDER_BROKEN = 'provider-broken'    # not a HOT template Heat can read
UNRESOLVED = 'capabilities-unresolved'  # a list of candidates `requires` chose none of

#: StackContext's cache key of the resource names its environment has entries for
_NAMED = object()

#: the group types whose members Heat validates with the group (StackContext.nested)
GROUP = 'OS::Heat::ResourceGroup'
AUTOSCALING = 'OS::Heat::AutoScalingGroup'
CHAIN = 'OS::Heat::ResourceChain'
#: the names Heat makes a provider template of
TEMPLATE_SUFFIXES = ('.yaml', '.template')


def _integer(value: Any) -> Any:
    """A value as Heat's Integer property reads it (a number, or a string of one); None when
    absent, UNKNOWN when not known or not an integer."""
    if value is None or value is UNKNOWN:
        return value
    if isinstance(value, bool):
        return UNKNOWN
    try:
        return int(value)
    except (TypeError, ValueError):
        return UNKNOWN


@dataclass(frozen=True)
class TypeResolution:
    """What a resource's type is in its stack."""

    requested: Any
    resolution: Resolution
    type: ResourceType | None = None       # Heat's type, or the provider template's schema
    provider: Target | None = None         # for a template: the file
    problem: str | None = None             # NOT_FOUND, LOOP, PROVIDER_* (None: resolved)
    message: str | None = None             # what to tell the user about the problem

    @property
    def is_provider(self) -> bool:
        return self.provider is not None


class TemplateFiles:
    """The `files` a template is sent with: each `get_file` target, read as python-heatclient
    reads it (relative to the template, UTF-8 or base64), through the workspace (confined;
    a URL or a file outside it has no content here).

    It keeps what it reads with (the workspace's locator and file store, the template, the
    context's set of files read), not the context or the workspace: they keep it, and a
    reference back would make a reference cycle, freed only by the cyclic collector."""

    def __init__(self, locator: Locator, store: FileStore, template: str, read: set):
        self._locator = locator
        self._store = store
        self._template = template
        self._read_paths = read
        self._read: dict[Any, str | None] = {}

    def get(self, name: Any, default: Any = None) -> Any:
        if name not in self._read:
            target = locate(self._locator, self._template, name)
            self._read[name] = self._store.file_content(target)
            if target.readable:
                self._read_paths.add(target.path)
        found = self._read[name]
        return default if found is None else found

    def __contains__(self, name: object) -> bool:
        return self.get(name) is not None


def locate(locator: Locator, template: str, reference: Any) -> Target:
    """A file `template` names, relative to it (a template never saved has no folder)."""
    if os.path.basename(template) == UNSAVED_NAME and isinstance(reference, str) \
            and '://' not in reference and not os.path.isabs(reference):
        return Target(reference, refusal=UNSAVED)
    return locator.locate(reference, os.path.dirname(os.path.abspath(template)))


@dataclass(frozen=True)
class Nesting:
    """The deepest chain of nested stacks below a template."""

    depth: int                 # the depth of the deepest stack (the root stack is 0)
    path: tuple[str, ...]      # its templates, from the one asked about
    cycle: bool = False        # the last template is already on the path

    def names(self) -> list[str]:
        return [os.path.basename(p) for p in self.path]


@dataclass
class StackContext:
    """A template in its stack: the environment and the chain of templates above it.

    It refers to its workspace weakly: the workspace keeps its contexts (a cache), and
    a strong reference back would make a reference cycle of every workspace, which then
    (with everything it read) is freed only by the cyclic collector.  Whoever uses a
    context holds its workspace (an analysis does)."""

    owner: InitVar['Workspace']
    template: str                       # the template's path
    environment: StackEnvironment
    chain: tuple[str, ...] = ()         # the templates above it, root first
    root: str | None = None             # the template the stack is created from
    #: the values the parent passes (its resource's properties, the parameters here): plain
    #: data, or UNKNOWN where a function other than get_param computes them; None: not known
    values: dict | None = field(default=None, repr=False)
    #: the nested stacks of groups on the way here (each a level of nesting of its own)
    groups: int = 0
    #: the first resource on the way here whose condition does not hold, or is not known,
    #: under the stack's inputs: (its template, its name, False or UNKNOWN)
    guard: tuple | None = None
    #: the provider templates resolving types has read
    read: set = field(default_factory=set, repr=False)
    _cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self, owner: 'Workspace') -> None:
        self._workspace = weakref.ref(owner)

    @property
    def workspace(self) -> 'Workspace':
        workspace = self._workspace()
        if workspace is None:
            raise ReferenceError('the workspace of this stack context was dropped')
        return workspace

    @property
    def certain(self) -> bool:
        """Every resource of the chain that leads here is created (no `condition`, or one that
        holds under the stack's inputs)."""
        return self.guard is None

    @property
    def depth(self) -> int:
        """How deep Heat nests its stack (the root's is 0; a group's member is two below the
        group's stack: the group's own nested stack holds it)."""
        return len(self.chain) + self.groups

    @property
    def alone(self) -> bool:
        """A stack of the template alone: no environment, no parent.  Its types resolve
        through the workspace's global registry only, as in any other such context of the
        workspace."""
        environment = self.environment
        return not environment.files and not environment.given and not environment.unread \
            and not self.chain and self.root is None

    @property
    def registry(self) -> Registry:
        return self.environment.registry

    @property
    def environments_known(self) -> bool:
        return self.environment.known

    def resolve(self, type_name: Any, resource_name: Any = None) -> TypeResolution:
        named = self._cache.get(_NAMED)
        if named is None:
            named = self._cache[_NAMED] = self._named_resources()
        # (a resource no entry names resolves as its type alone: one resolution per type)
        key = (type_name, resource_name if resource_name in named[0] or
               (named[1] and str(resource_name) in named[1]) else None)
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._resolve(type_name, key[1])
        return found

    def _named_resources(self) -> tuple[set, set]:
        """The resource names the environment has entries for (`resources: {name: ...}` in
        the registry; a `requires` choice it could not make, as a path of strings): only
        those resources may resolve otherwise than their type does alone."""
        user = {key[1] for key in self.registry.user if len(key) == 3 and key[0] == RESOURCES}
        unresolved = {path[1] for path in self.environment.unresolved
                      if len(path) == 3 and path[0] == RESOURCES}
        return user, unresolved

    def _resolve(self, type_name: Any, resource_name: Any) -> TypeResolution:
        unresolved = self.environment.unresolved
        if unresolved and isinstance(type_name, str):
            for path in ((RESOURCES, str(resource_name), type_name), (type_name,)):
                if path in unresolved:  # the environment is refused: nothing to check against
                    why = unresolved[path]
                    return TypeResolution(type_name, Resolution(type_name), problem=UNRESOLVED,
                                          message=why or 'the resource-capabilities `requires` '
                                          'selects no single candidate hot-ls can read')
        resolution = self.registry.resolve(type_name, resource_name)
        entry = resolution.entry
        if entry is None:
            return TypeResolution(type_name, resolution, problem=LOOP if resolution.loop
                                  else NOT_FOUND, message=resolution.error)
        if entry.kind != TEMPLATE:
            return TypeResolution(type_name, resolution,
                                  self.workspace.catalog.get(entry.name))
        target = entry.target or self.locate(entry.template)
        if entry.user is False:  # Heat's global environment: its own templates, not ours
            return TypeResolution(type_name, resolution, None, target, PROVIDER_UNREAD,
                                  f'{entry.template} is a template of Heat\'s own installation')
        if not target.readable:
            return TypeResolution(type_name, resolution, None, target, PROVIDER_UNREAD,
                                  f'the provider template {target.reference} is not read '
                                  f'({target.refusal})')
        self.read.add(target.path)
        summary = self.workspace.summary(target.path)
        if summary is None:
            return TypeResolution(type_name, resolution, None, target, PROVIDER_MISSING,
                                  f'Could not fetch contents for {target.reference}: '
                                  'the file does not exist')
        if summary.template is None and summary.kind is Kind.CFN:
            # (Heat makes a resource type of a CloudFormation template too; hot-ls does not
            # read its interface)
            return TypeResolution(type_name, resolution, None, target, PROVIDER_UNREAD,
                                  f'the provider template {target.reference} is a '
                                  'CloudFormation template, whose parameters and outputs '
                                  'hot-ls does not read')
        if summary.template is None:
            kind = summary.kind.value
            what = summary.problem or \
                f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} document, not a HOT template"
            return TypeResolution(type_name, resolution, None, target, PROVIDER_BROKEN,
                                  f'the provider template {target.reference} cannot be used: '
                                  f'{what}')
        if summary.syntax is not None and summary.dated:
            return TypeResolution(
                type_name, resolution, None, target, PROVIDER_BROKEN,
                'The template version is invalid: Template version was not provided: libyaml '
                f'refuses the provider template {target.reference} ({summary.syntax}), so '
                "Heat reads it with PyYAML's pure-Python parser, which reads its unquoted "
                'heat_template_version as a date (quote it, or mend that line)')
        if summary.syntax is not None:
            return TypeResolution(type_name, resolution, None, target, PROVIDER_BROKEN,
                                  f'Error parsing template {target.reference}: '
                                  f'{summary.syntax}: Heat cannot read the provider template')
        rtype = provider_type(entry.name, summary.template,
                              self.environment.parameter_defaults)
        return TypeResolution(type_name, resolution, rtype, target)

    def facade(self, resolved: TypeResolution, resource_name: Any = None) -> ResourceType | None:
        """The type a provider template stands in for, if its type name has another
        implementation (Heat's `get_resource_info(..., ignore=<the template>)`)."""
        entry = resolved.resolution.entry
        if resolved.provider is None or entry is None or not isinstance(resolved.requested, str):
            return None
        other = self.registry.resolve(resolved.requested, resource_name, ignore=entry)
        if other.entry is None:
            return None
        if other.entry.kind != TEMPLATE:
            return self.workspace.catalog.get(other.entry.name)
        target = other.entry.target or self.locate(other.entry.template)
        summary = self.workspace.summary(target.path) if target.readable else None
        if summary is None or summary.template is None:
            return None
        return provider_type(other.entry.name, summary.template,
                             self.environment.parameter_defaults)

    def deepest(self, limit: int = MAX_NESTED_DEPTH) -> Nesting:
        """The deepest nesting of provider templates and groups' members below this template
        (or a cycle), looked for as far as `limit` (Heat's max_nested_stack_depth) and one
        further."""
        return self._deepest((self.template,), self.depth, limit)[0]

    def read_below(self, limit: int = MAX_NESTED_DEPTH, summary: Any = None
                   ) -> frozenset[str]:
        """The templates `deepest` reads: this one's and those of the stacks nested below
        it, as far as `limit` and one further (none when they nest in a loop).  A template
        none of whose resources may be a stack of one of ours is not walked (synth_10k's
        945 resources: 100 ms).  `summary`: the template's, when the caller has it."""
        if not self._may_nest(summary):
            return frozenset((self.template,))
        return self._deepest((self.template,), self.depth, limit)[1]

    def _may_nest(self, summary: Any = None) -> bool:
        """Whether a resource of the template may be a stack of a template of ours: an
        environment's registry may map any type to one; else a type (a group's member's)
        names one, or a chain's types may."""
        if self.registry.user:
            return True
        if summary is None:
            summary = self.workspace.summary(self.template)
        for resource in summary.template.resources if summary and summary.template else ():
            for one in (resource, resource.member):
                if one is not None and isinstance(one.type, str) and (
                        one.type.endswith(TEMPLATE_SUFFIXES) or one.type == CHAIN):
                    return True
        return False

    def _deepest(self, path: tuple[str, ...], depth: int, limit: int
                 ) -> tuple[Nesting, frozenset[str]]:
        """`deepest`, and the templates whose summaries it read (Workspace.nesting_memo keeps
        what it found until one of them, or anything else, changes)."""
        key = (self.template, self.registry.lineage, bool(self.chain), limit,
               None if self.values is None else repr(sorted(map(repr, self.values.items()))))
        memo = self.workspace.nesting_memo
        # (a result deeper than the limit was looked for only as far as it: it holds for a
        # walk that reaches this template as deep)
        too_deep = key + (depth,)
        known = memo.get(key) or memo.get(too_deep)
        if known is not None:
            height, tail, read = known
            return Nesting(depth + height, path + tail), read
        best = Nesting(depth, path)
        read = {self.template}
        if depth <= limit:  # deeper is already too deep: no need to look further
            summary = self.workspace.summary(self.template)
            resources = summary.template.resources if summary and summary.template else ()
            for resource in resources:
                for child, _ in self.nested(resource):
                    read.add(child.template)  # (its parameters make the values it is passed)
                    if child.guard is not self.guard:
                        continue  # created under a condition that does not hold (or unknown)
                    # (a group's member: below the group's own nested stack, as Heat names it)
                    way = path + ((f'{resource.name}<nested_stack>',)
                                  if child.groups > self.groups else ())
                    below = depth + 1 + child.groups - self.groups
                    if child.template in path:
                        return Nesting(below, way + (child.template,), cycle=True), frozenset()
                    found, child_read = child._deepest(way + (child.template,), below, limit)
                    if found.cycle:
                        return found, frozenset()
                    read |= child_read
                    if found.depth > best.depth:
                        best = found
        read = frozenset(read)
        memo[key if best.depth <= limit else too_deep] = (best.depth - depth,
                                                          best.path[len(path):], read)
        return best, read

    @property
    def files(self) -> TemplateFiles:
        """What `get_file` reads in this template."""
        found = self._cache.get(TemplateFiles)
        if found is None:
            workspace = self.workspace
            found = self._cache[TemplateFiles] = TemplateFiles(
                workspace.locator, workspace.files, self.template, self.read)
        return found

    @property
    def saved(self) -> bool:
        """Whether the template is a file (an unsaved buffer has no folder to resolve from)."""
        return os.path.basename(self.template) != UNSAVED_NAME

    def locate(self, reference: Any) -> Target:
        """A file the template names, relative to the template."""
        return locate(self.workspace.locator, self.template, reference)

    def child(self, resolution: TypeResolution, resource_name: Any = None,
              passed: ResourceInfo | None = None, group: bool = False,
              known: Known | None = None, guard: tuple | None = None,
              values: dict | None = None) -> 'StackContext | None':
        """The context of the provider template a resource's type resolved to (`passed`: the
        resource, whose properties are the child's parameter values; `values`: those values,
        when the caller has them otherwise; `group`: a member of a group, one nested stack
        further; `guard`: the resource whose condition may leave it uncreated)."""
        if resolution.provider is None or not resolution.provider.readable:
            return None
        entry = resolution.resolution.entry
        registry = self.registry
        if entry is not None and entry.user and entry.path in registry.user:
            # Heat's registry.remove_item: the child does not see the entry that led to it
            registry = registry.without(entry.path)
        return StackContext(self.workspace, resolution.provider.path,
                            replace(self.environment, parameters={}, given={},
                                    registry=registry),
                            self.chain + (self.template,), self.root or self.template,
                            values=values if values is not None else
                            self.passed_values(passed, known) if passed is not None else None,
                            groups=self.groups + group, guard=self.guard or guard)

    # -- the stacks below it --------------------------------------------------------------
    def nested(self, resource: 'ResourceInfo', known: Known | None = None
               ) -> list[tuple['StackContext', 'ResourceInfo']]:
        """The stacks Heat validates below one of its resources, each with what it stands for
        (the resource, or a group's member): the provider template its type is, else (a
        group whose size is known here and not 0) its member's, one per type of a
        ResourceChain.  A group whose size depends on what is known only at create time
        is not followed: Heat validates no member of a group of 0.  A resource whose condition
        does not hold (or is not known) under the stack's inputs makes uncertain stacks.
        (`known`: what the caller has of this template, else read in its summary.)"""
        found = []
        holds = True
        if resource.conditional:
            holds = self.condition_holds(resource.condition, known)
        guard = None if holds is True else (self.template, resource.name, holds)
        resolved = self.resolve(resource.type, resource.name)
        child = self.child(resolved, resource.name, resource, known=known, guard=guard)
        if child is not None:
            found.append((child, resource))
        kind = resolved.type.name if resolved.type is not None and not resolved.is_provider \
            else None
        for member_type, member in self.members(kind, resource, known):
            child = self.child(self.resolve(member_type), None, member, group=True,
                               known=known, guard=guard)
            if child is not None:
                found.append((child, member))
        return found

    def members(self, kind: str | None, resource: 'ResourceInfo', known: Known | None = None
                 ) -> list[tuple[str, 'ResourceInfo']]:
        """The member types a group of Heat's type `kind` validates, each with what its
        members are passed."""
        values = resource.values
        if kind == GROUP and resource.member is not None:
            size = self._size(values.get('count', 1), known)
            member = resource.member
        elif kind == AUTOSCALING and resource.member is not None:
            desired = self._size(values.get('desired_capacity'), known)
            size = desired if desired is UNKNOWN or desired else \
                self._size(values.get('min_size'), known)
            member = resource.member
        elif kind == CHAIN and resource.chain is not None:
            types = self.value(values.get('resources', []), known)
            if not isinstance(types, list) or not all(isinstance(t, str) for t in types):
                return []
            # (a template file named here is not sent with the stack: Heat cannot fetch it)
            return [(t, resource.chain) for t in types
                    if not t.endswith(TEMPLATE_SUFFIXES) or '://' in t]
        else:
            return []
        if not isinstance(member.type, str) or not isinstance(size, int) or size <= 0:
            return []
        return [(member.type, member)]

    def _size(self, written: Any, known: Known | None) -> Any:
        """A group's size: its value here; where a parameter meant never to be 0 gives it at
        deploy time (language.parameters.meant_nonzero), 1 (the group has members).  Not in
        a nested stack, where what the parent passes may be 0 when Heat validates it (a
        get_attr's null)."""
        size = _integer(self.value(written, known))
        if size is UNKNOWN and isinstance(written, ParamRef) and not self.chain:
            schema = self._schema(written.name, known)
            if schema is not None and schema.default is None and meant_nonzero(schema):
                return 1
        return size

    def condition_holds(self, condition: Any, known: Known | None = None,
                        missing: frozenset = frozenset()) -> Any:
        """Whether a resource's `condition` holds under this stack's inputs: True, False, or
        UNKNOWN (a function other than get_param, equals, contains, not, and, or, if; a
        parameter not known here).  Reading one of the `missing` parameters (which nothing
        gives a value) raises MissingParameter, as Heat fails there, unless an `and` or an
        `or` may have stopped before it."""
        return _Conditions(self, known, missing).holds(condition)

    def value(self, written: Any, known: Known | None = None) -> Any:
        """A property's value in this stack: plain data as it is, a get_param the parameter's
        value, an `if` the branch its condition takes (UNKNOWN when not known)."""
        if isinstance(written, ParamRef):
            return self.parameter_value(written.name, known)
        if isinstance(written, Expression):
            return _Conditions(self, known).value(written.data)
        return written

    def _schema(self, name: Any, known: Known | None) -> Any:
        """A parameter's schema: the caller's, else the template summary's."""
        if known is not None and known.schema is not None:
            return known.schema(name)
        summary = self.workspace.summary(self.template)
        info = summary.template.parameters.get(name) \
            if summary is not None and summary.template is not None else None
        return info.schema if info is not None else None

    def parameter_value(self, name: Any, known: Known | None = None) -> Any:
        """A parameter's value as Heat gives it: the value passed (by the parent, or for the
        root `-P` and the environments' `parameters`), else the environments'
        `parameter_defaults`, else its default; UNKNOWN when it cannot be known here."""
        found = self._schema(name, known)
        if found is None:
            return UNKNOWN
        if self.chain:
            if self.values is None:
                return UNKNOWN
            user = self.values.get(name)
            if user is UNKNOWN:
                return UNKNOWN
        else:
            user = self.environment.parameters.get(name)
        try:
            return found.value(user, self.environment.parameter_defaults.get(name))
        except Exception:  # no value, or one Heat refuses (said where it is checked)
            return UNKNOWN

    def conditions(self, known: Known | None = None) -> dict:
        """The template's `conditions` section (plain data)."""
        if known is not None and known.conditions is not None:
            return known.conditions() or {}
        summary = self.workspace.summary(self.template)
        return (summary.template.conditions if summary is not None and
                summary.template is not None else None) or {}

    def passed_values(self, resource: 'ResourceInfo', known: Known | None = None) -> dict:
        """The parameter values a resource's properties give its nested stack."""
        return {key: self.value(value, known) for key, value in resource.values.items()}

    def passed_parameters(self, schema: Callable[[Any], Any], values: dict | None = None
                          ) -> dict:
        """The parameter values this nested stack is created with, as Heat's
        TemplateResource.child_params makes them from the parent's properties (`values`, when
        the caller has them otherwise: a group's member with its index replaced): those known
        here, of declared parameters (`schema(name)`), that Heat passes the same whatever
        else it is given (see `child_parameter`); none at a root.  A null value (`get_attr`
        while Heat validates the stack) is the type's empty value: the provider's property
        schema reads None so (Property.get_value), and child_params passes what it reads."""
        values = self.values if values is None else values
        if not self.chain or not values:
            return {}
        found = {}
        for name, value in values.items():
            declared = schema(name)
            if declared is None or value is UNKNOWN:
                continue
            passed = _NULL.get(declared.type, UNKNOWN) if value is None else \
                child_parameter(declared.type, value)
            if passed is UNCONVERTED:
                if len(self.chain) == 1 and not self.groups:
                    continue  # (the root's validation of its properties refuses it first)
                # (child_params passes the property's default instead; a provider's property
                # schema has none (properties.Schema.from_parameter): the type's empty value)
                passed = _EMPTY[declared.type]
            if passed is not UNKNOWN:
                found[name] = passed
        return found


@dataclass(frozen=True)
class Known:
    """What a caller (the template's own analysis) has of the template a context is for:
    `schema(name)`, a parameter's schema; `conditions()`, its conditions section.  Else
    they are read in the template's summary."""

    schema: Callable[[Any], Any] | None = None
    conditions: Callable[[], dict | None] | None = None


class MissingParameter(Exception):
    """A condition reads a parameter nothing gives a value: Heat's UserParameterMissing."""

    def __init__(self, name: Any):
        super().__init__(name)
        self.name = name


class _Conditions:
    """Heat's condition functions over plain data, as far as a summary tells them: a
    condition's name, a boolean, get_param, equals, contains, not, and, or, and `if` for a
    value (Heat's hot/functions.py); anything else is UNKNOWN."""

    def __init__(self, stack: StackContext, known: Known | None = None,
                 missing: frozenset = frozenset()):
        self.stack, self.known, self.missing = stack, known, missing
        self._defined: dict | None = None
        self.seen: set = set()

    @property
    def defined(self) -> dict:
        if self._defined is None:
            self._defined = self.stack.conditions(self.known)
        return self._defined

    def holds(self, condition: Any) -> Any:
        if isinstance(condition, bool):
            return condition
        if isinstance(condition, str):  # a condition's name
            if condition in self.seen or condition not in self.defined:
                return UNKNOWN  # (a circle, or undefined: the rules say so)
            self.seen.add(condition)
            try:
                return self.holds(self.defined[condition])
            finally:
                self.seen.discard(condition)
        value = self.value(condition)
        return value if isinstance(value, bool) else UNKNOWN

    def value(self, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        if len(data) != 1:
            return UNKNOWN
        (function, argument), = data.items()
        if function == 'get_param':
            if isinstance(argument, list) and argument:
                head = argument[0] if isinstance(argument[0], str) else None
                argument = head if len(argument) == 1 or head in self.missing \
                    else None  # (a path into a parameter's value: not known here)
            if isinstance(argument, str) and argument in self.missing:
                raise MissingParameter(argument)
            return self.stack.parameter_value(argument, self.known) \
                if isinstance(argument, str) else UNKNOWN
        if function == 'if' and isinstance(argument, list) and len(argument) in (2, 3):
            taken = self.holds(argument[0])
            if taken is UNKNOWN:
                return UNKNOWN
            return self.value(argument[1] if taken else
                              argument[2] if len(argument) == 3 else None)
        if function == 'equals' and isinstance(argument, list) and len(argument) == 2:
            left, right = (self.value(item) for item in argument)
            return UNKNOWN if left is UNKNOWN or right is UNKNOWN else left == right
        if function == 'contains' and isinstance(argument, list) and len(argument) == 2:
            item, sequence = (self.value(part) for part in argument)
            if item is UNKNOWN or not isinstance(sequence, list):
                return UNKNOWN
            return item in sequence
        if function == 'not':
            inner = self.holds(argument)
            return UNKNOWN if inner is UNKNOWN else not inner
        if function in ('and', 'or') and isinstance(argument, list) and argument:
            decisive = function == 'or'  # (True decides an `or`, False an `and`)
            unknown = False
            for item in argument:  # (in order, stopping as Heat's all() and any() stop)
                try:
                    found = self.holds(item)
                except MissingParameter:
                    if unknown:  # (an item before may have stopped Heat short of it)
                        return UNKNOWN
                    raise
                if found is decisive:
                    return decisive
                unknown = unknown or found is UNKNOWN
            return UNKNOWN if unknown else not decisive
        return UNKNOWN


#: child_parameter's answer for a value the property refuses with a ValueError, which
#: child_params replaces by the property's value for None while the stack is validated
UNCONVERTED = object()
#: the property's value without a default (Property._get_string, _get_number, _get_bool)
_EMPTY = {'string': '', 'number': 0, 'boolean': False}
#: ... for a null value: also a json parameter's ({}, Property._get_map) and a
#: comma_delimited_list's ([], which child_params joins)
_NULL = {**_EMPTY, 'json': {}, 'comma_delimited_list': ''}


def child_parameter(parameter_type: str, value: Any) -> Any:
    """What Heat passes a nested stack's parameter of this type for a property value the
    parent computed (TemplateResource.child_params, after the provider's property schema
    reads the value: Property._get_string, _get_number, _get_bool, _get_list, _get_map with
    conversion allowed); UNCONVERTED for a value the property refuses with a ValueError;
    UNKNOWN where Heat's answer is not that simple (a TypeError, which Heat raises; a list
    of maps, which it flattens; a function left unresolved)."""
    if _has_function(value):
        return UNKNOWN
    if parameter_type == 'string':
        if isinstance(value, str):
            return value
        return str(value) if isinstance(value, (bool, int)) else UNCONVERTED
    if parameter_type == 'number':
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            for convert in (int, float):
                try:
                    return convert(value)
                except ValueError:
                    pass
            return UNCONVERTED
        return UNKNOWN
    if parameter_type == 'boolean':
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            normalised = value.lower()
            return normalised == 'true' if normalised in ('true', 'false') else UNCONVERTED
        return UNKNOWN
    if parameter_type == 'comma_delimited_list':
        if isinstance(value, str):
            return value  # (split at the commas, then joined again)
        if not isinstance(value, list) or \
                not all(item is None or isinstance(item, str) for item in value):
            return UNKNOWN  # (maps flattened, or what ','.join refuses)
        return ','.join(item if item is not None else '' for item in value)
    if parameter_type == 'json':
        if isinstance(value, list):
            return json.dumps(value)  # (Property._get_map: jsonutils.dumps)
        return value if isinstance(value, (dict, str)) else UNKNOWN
    return UNKNOWN


def _has_function(value: Any) -> bool:
    """Whether plain data still holds a function call (an `if` branch taken here can)."""
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)) in _function_names():
            return True
        return any(_has_function(item) for item in value.values())
    if isinstance(value, list):
        return any(_has_function(item) for item in value)
    return value is UNKNOWN


def _function_names() -> frozenset:
    found = language()
    return found.all_function_names | found.all_condition_function_names
