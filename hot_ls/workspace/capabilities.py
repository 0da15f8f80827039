"""The resource-capabilities blueprint: templates say what they offer, environments what they need.

Heat never shipped the blueprint (it refuses a template's `capabilities:`
section and an environment's `requires:`); with the `capabilities`
setting, hot-ls implements it, as defined here.

**Annotation.**  A template's top-level `capabilities:` is a mapping.
`resource_type` names the resource types the template can implement (a
type name or a list of them); every other key is a tag, whose value is
one value or a list of values the template offers (`deployment: [puppet,
docker]` suits both).  Any key is allowed, as the blueprint wants; a
section that is not a mapping declares nothing.

**Matching.**  A candidate template matches `requires` when

- every key of `requires` is declared by the candidate, and every value
  `requires` gives it (one, or each of a list) is among the values the
  candidate declares for it (`requires: {resource_type: X}` likewise
  needs X among the candidate's resource types); and
- a candidate that declares `resource_type` names the registry key being
  resolved (one that declares none may implement any type).

Values compare as YAML writes them: `2` and `"2"`, `true` and `"true"`
are equal (a `-c key=value` criterion is text).  A template without a
`capabilities` section declares nothing, so it matches only an empty
`requires`; so does a candidate that is a type name (`OS::Heat::None`).

**Resolution.**  A list-valued `resource_registry` entry is resolved
against the stack's `requires` (merged over its environment files:
`environments.merged_requires`): the one matching candidate is chosen;
none or several is an error naming every candidate and what does not
match.  A candidate that does not exist or is not a HOT template never
matches.  A candidate hot-ls may not read (a URL, a file outside the
workspace) might match or not: then hot-ls chooses nothing and reports
nothing, rather than guess.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from hot_ls.workspace.environments import (CandidateRef, Leaf, ListResolver, LoadedEnvironment,
                                           merged_registry, merged_requires)
from hot_ls.workspace.registry import Origin
from hot_ls.workspace.workspace import SKIP_DIRS, SUFFIXES

if TYPE_CHECKING:
    from hot_ls.workspace.summaries import Summary
    from hot_ls.workspace.workspace import Index, Workspace

RESOURCE_TYPE = 'resource_type'
SECTION = 'capabilities'
REQUIRES_NOT_A_MAPPING = ('requires must be a mapping of capability names to the values a '
                          'candidate template must declare')


# -- values -------------------------------------------------------------------------------
def value_text(value: Any) -> str:
    """A value as YAML writes it (what values compare by)."""
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if value is None:
        return 'null'
    if isinstance(value, (dict, list)):
        return json.dumps(value, sort_keys=True, default=str)
    return str(value)


def flow(requires: Mapping[str, tuple]) -> str:
    """`{deployment: puppet, os: [centos, rhel]}`: requirements as a YAML flow mapping."""
    items = []
    for key, values in requires.items():
        shown = value_text(values[0]) if len(values) == 1 else \
            '[' + ', '.join(value_text(v) for v in values) + ']'
        items.append(f'{key}: {shown}')
    return '{' + ', '.join(items) + '}'


def _values(value: Any) -> tuple:
    return tuple(value) if isinstance(value, list) else (value,)


# -- annotation ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Capabilities:
    """A template's `capabilities` section, normalised."""

    declared: bool = False                              # the section is present
    tags: dict[str, tuple] = field(default_factory=dict)  # key -> the values it offers
    types: tuple[str, ...] = ()                         # resource_type
    problem: str | None = None                          # what of it is not understood

    @classmethod
    def of(cls, section: Any, present: bool = True) -> 'Capabilities':
        """From the section as plain data (`present`: whether the template has it at all)."""
        if not present:
            return cls()
        if not isinstance(section, dict):
            return cls(True, problem='capabilities must be a mapping (tags and resource_type); '
                                     'this one declares nothing')
        tags: dict[str, tuple] = {}
        types: tuple[str, ...] = ()
        problem = None
        for key, value in section.items():
            if key == RESOURCE_TYPE:
                names = _values(value)
                types = tuple(n for n in names if isinstance(n, str) and n)
                if len(types) != len(names):
                    problem = 'resource_type must be a resource type name or a list of them'
            else:
                tags[str(key)] = _values(value)
        return cls(True, tags, types, problem)

    @classmethod
    def of_summary(cls, summary: 'Summary | None') -> 'Capabilities':
        template = summary.template if summary is not None else None
        if template is None:
            return cls()
        return cls.of(template.capabilities, template.capabilities_span is not None)

    def offered(self, key: str) -> tuple | None:
        """The values declared for `key` (None: not declared)."""
        if key == RESOURCE_TYPE:
            return self.types or None
        return self.tags.get(key)

    def as_dict(self) -> dict:
        """Plain data for JSON: each tag's value (a list when several), then resource_type."""
        out: dict[str, Any] = {k: v[0] if len(v) == 1 else list(v) for k, v in self.tags.items()}
        if self.types:
            out[RESOURCE_TYPE] = list(self.types)
        return out

    def text(self, types: bool = True) -> str:
        """`deployment: puppet; resource_type: OS::TripleO::Controller` (`no capabilities`
        when empty); `types`: with resource_type."""
        parts = [f'{k}: ' + ', '.join(value_text(x) for x in v) for k, v in self.tags.items()]
        if self.types and types:
            parts.append(f'{RESOURCE_TYPE}: ' + ', '.join(self.types))
        return '; '.join(parts) if parts else 'no capabilities'


# -- requirements and matching -------------------------------------------------------------
def requirements(requires: Any) -> tuple[dict[str, tuple], str | None]:
    """An environment's `requires` (or `-c` criteria) as key -> the values required, and what
    is wrong with it (None: fine).  A null value requires nothing."""
    if requires is None:
        return {}, None
    if not isinstance(requires, Mapping):
        return {}, REQUIRES_NOT_A_MAPPING
    out = {}
    for key, value in requires.items():
        if value is not None:
            out[str(key)] = tuple(value) if isinstance(value, (list, tuple)) else (value,)
    return out, None


@dataclass(frozen=True)
class Mismatch:
    """One reason a candidate does not match."""

    key: str
    wanted: tuple                 # the values required
    offered: tuple | None         # the values declared (None: the key is not declared)
    registry_key: bool = False    # resource_type against the entry's type name

    def text(self) -> str:
        wanted = ', '.join(value_text(v) for v in self.wanted)
        if self.offered is None:
            return f'{self.key}: not declared (requires {wanted})'
        offered = ', '.join(value_text(v) for v in self.offered)
        if self.registry_key:
            return f'{self.key}: {offered}, not {wanted}'
        return f'{self.key}: declares {offered}, requires {wanted}'


def mismatches(capabilities: Capabilities, requires: Mapping[str, tuple],
               type_name: str | None = None) -> tuple[Mismatch, ...]:
    """Why a template with these capabilities does not match (empty: it matches)."""
    found = []
    for key, wanted in requires.items():
        offered = capabilities.offered(key)
        if offered is None:
            found.append(Mismatch(key, wanted, None))
            continue
        have = {value_text(v) for v in offered}
        if not all(value_text(v) in have for v in wanted):
            found.append(Mismatch(key, wanted, offered))
    if type_name is not None and capabilities.types and type_name not in capabilities.types \
            and not any(m.key == RESOURCE_TYPE for m in found):
        found.append(Mismatch(RESOURCE_TYPE, (type_name,), capabilities.types, True))
    return tuple(found)


# -- choosing among candidates ----------------------------------------------------------------
READ, TYPE_NAME, UNREAD, MISSING, NOT_TEMPLATE, NOT_REFERENCE = (
    'read', 'type-name', 'unread', 'missing', 'not-template', 'not-reference')


@dataclass(frozen=True)
class Candidate:
    """One candidate of a list, and how it fares against `requires`."""

    ref: CandidateRef
    status: str                              # READ, TYPE_NAME, UNREAD, MISSING, ...
    capabilities: Capabilities = field(default_factory=Capabilities)
    mismatches: tuple[Mismatch, ...] = ()
    note: str | None = None                  # what it is, when it is not a readable template

    @property
    def name(self) -> str:
        return value_text(self.ref.value)

    @property
    def path(self) -> str | None:
        """The file it names (when it names one hot-ls may read)."""
        return self.ref.target.path if self.ref.target.readable else None

    @property
    def matches(self) -> bool:
        return self.status in (READ, TYPE_NAME) and not self.mismatches

    @property
    def unknown(self) -> bool:
        return self.status == UNREAD

    def why(self, requires: Mapping[str, tuple]) -> str:
        """Why it matches or not, in a few words."""
        if self.unknown:
            return f'not read ({self.note}): hot-ls cannot tell'
        if self.status not in (READ, TYPE_NAME):
            return self.note or self.status
        if self.mismatches:
            return '; '.join(m.text() for m in self.mismatches)
        if not requires:
            return 'matches (requires nothing)'
        return 'matches ' + flow(requires)


@dataclass(frozen=True)
class Choice:
    """Which candidate of a list `requires` selects, and why."""

    type_name: str
    requires: dict[str, tuple]
    candidates: tuple[Candidate, ...]

    @property
    def matching(self) -> tuple[Candidate, ...]:
        return tuple(c for c in self.candidates if c.matches)

    @property
    def unknown(self) -> tuple[Candidate, ...]:
        return tuple(c for c in self.candidates if c.unknown)

    @property
    def chosen(self) -> Candidate | None:
        matching = self.matching
        return matching[0] if len(matching) == 1 and not self.unknown else None

    @property
    def failed(self) -> bool:
        """Certainly an error: several candidates match, or none while each was read."""
        matching = self.matching
        return len(matching) > 1 or (not matching and not self.unknown)

    @property
    def error(self) -> str | None:
        """The message of a failed choice (None when it did not fail)."""
        if not self.failed:
            return None
        wanted = flow(self.requires)
        matching = self.matching
        if not matching:
            reasons = '; '.join(f'{c.name} ({c.why(self.requires)})' for c in self.candidates)
            if not self.candidates:
                reasons = 'the list is empty'
            return f'No candidate for {self.type_name} matches requires {wanted}: {reasons}'
        names = ', '.join(c.name for c in matching)
        keys = _distinguishing(matching)
        hint = (f'requires must select one: they differ in {", ".join(keys)}' if keys else
                'they declare the same capabilities, so requires cannot tell them apart')
        return (f'{len(matching)} candidates for {self.type_name} match requires {wanted}: '
                f'{names} ({hint})')

    def verdict(self) -> str:
        """One line: what `requires` selects (or why nothing)."""
        chosen = self.chosen
        if chosen is not None:
            return f'requires {flow(self.requires)} selects {chosen.name}'
        if self.failed:
            return self.error or ''
        unread = ', '.join(f'{c.name} ({c.note})' for c in self.unknown)
        return (f'hot-ls cannot tell which candidate requires {flow(self.requires)} selects: '
                f'not read: {unread}')


def _distinguishing(candidates: Sequence[Candidate]) -> list[str]:
    """The capability keys whose declared values differ between these candidates."""
    keys: dict[str, None] = {}
    for candidate in candidates:
        keys.update(dict.fromkeys(candidate.capabilities.tags))
    differing = []
    for key in keys:
        seen = {tuple(sorted(value_text(v) for v in c.capabilities.offered(key) or ()))
                if c.capabilities.offered(key) is not None else None for c in candidates}
        if len(seen) > 1:
            differing.append(key)
    return differing


def _candidate(ref: CandidateRef, workspace: 'Workspace') -> Candidate:
    """A candidate with what hot-ls knows of its capabilities (not yet matched)."""
    target = ref.target
    if not isinstance(ref.value, str) or not ref.value:
        return Candidate(ref, NOT_REFERENCE, note='not a template reference')
    if target.path is None and target.refusal is None:
        return Candidate(ref, TYPE_NAME, note='a resource type: declares no capabilities')
    if target.refusal is not None:
        return Candidate(ref, UNREAD, note=target.refusal)
    summary = workspace.summary(target.path)
    if summary is None:
        return Candidate(ref, MISSING, note='Could not fetch contents: the file does not exist')
    if summary.template is None:
        why = f': {summary.problem}' if summary.problem else ''
        return Candidate(ref, NOT_TEMPLATE, note=f'not a HOT template{why}')
    return Candidate(ref, READ, Capabilities.of_summary(summary))


def choose(type_name: str, candidates: Iterable[CandidateRef], requires: Any,
           workspace: 'Workspace') -> Choice:
    """Which of `candidates` (a list-valued registry entry for `type_name`) `requires` (an
    environment's section, or the stack's merged one, as plain data) selects."""
    wanted, _ = requirements(requires)
    found = []
    for ref in candidates:
        candidate = _candidate(ref, workspace)
        if candidate.status in (READ, TYPE_NAME):
            candidate = Candidate(ref, candidate.status, candidate.capabilities,
                                  mismatches(candidate.capabilities, wanted, type_name),
                                  candidate.note)
        found.append(candidate)
    return Choice(type_name, wanted, tuple(found))


def explain(type_name: str, list_leaf: Leaf, requires: Any, workspace: 'Workspace') -> Choice:
    """For the editor: which candidate of this registry list `requires` selects, and, per
    candidate, why it matches or not (`Choice.verdict`, `Candidate.why`)."""
    return choose(type_name, list_leaf.candidates or (), requires, workspace)


def registry_lists(tree: dict, path: tuple = ()) -> Iterator[tuple[tuple, Leaf]]:
    """The lists of candidates of a registry read with the blueprint (`LoadedEnvironment
    .registry`): (the entry's path, its Leaf); the type mapped is the path's last key."""
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from registry_lists(value, path + (key,))
        elif value.candidates is not None:
            yield path + (key,), value


def list_resolver(workspace: 'Workspace') -> ListResolver:
    """What `stack_environment` calls for each list of candidates (the `capabilities` setting)."""
    def resolve(path: tuple, leaf: Leaf, requires: dict) -> tuple[Leaf | None, str | None]:
        choice = choose(str(path[-1]), leaf.candidates or (), requires, workspace)
        chosen = choice.chosen
        if chosen is None:
            return None, choice.error
        ref = chosen.ref
        target = ref.target if chosen.status == READ else None
        return Leaf(ref.value, Origin(leaf.origin.path, leaf.origin.key, ref.span), target,
                    leaf.base if target is not None else None), None
    return resolve


@dataclass(frozen=True)
class StackRequirements:
    """A list of environment files a stack is created with, and what it makes of them."""

    files: tuple[str, ...]
    requires: dict                  # their merged `requires`
    registry: dict                  # their merged registry (nested dicts of Leaf)

    def keeps(self, path: tuple, environment: str) -> bool:
        """Whether the merged registry's entry at `path` is the one `environment` wrote (a
        later file may have replaced it)."""
        node: Any = self.registry
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return False
            node = node[key]
        return isinstance(node, Leaf) and node.origin.path is not None and \
            os.path.abspath(node.origin.path) == os.path.abspath(environment)


def requirement_contexts(workspace: 'Workspace', environment: str,
                         current: LoadedEnvironment | None = None) -> list[StackRequirements]:
    """The stacks an environment file's lists are resolved in: one for each list of
    environment files the configuration creates stacks with that holds it; none when the
    configuration names it nowhere.  `current`: the file as it is being edited (else it is
    read like the others)."""
    environment = os.path.abspath(environment)
    contexts = []
    for files in workspace.environment_lists():
        if environment not in files:
            continue
        loaded = [current if current is not None and path == environment
                  else workspace.environment(path) for path in files]
        usable = [env for env in loaded if env is not None and not env.problems]
        contexts.append(StackRequirements(files, merged_requires(usable),
                                          merged_registry(usable)))
    return contexts


@dataclass(frozen=True)
class ListChoice:
    """A list of candidates of an environment file, chosen in one stack."""

    path: tuple                      # the registry entry (its last key: the type it maps)
    leaf: Leaf
    choice: Choice
    files: tuple[str, ...] = ()      # the stack's environment files (empty: the file alone)
    requires_known: bool = True      # a requires applies: the file's own, or its stack's


def list_choices(workspace: 'Workspace', environment: LoadedEnvironment) -> list[ListChoice]:
    """Each list of candidates of an environment file (`environment`: as it is being edited),
    chosen with the merged `requires` of each stack the configuration creates with it (not
    where a later file of that stack replaces the entry), or, when the configuration names it
    nowhere, with its own `requires`.  What HOT610 reports and the editor shows."""
    lists = list(registry_lists(environment.registry))
    if not lists:
        return []
    stacks = requirement_contexts(workspace, environment.path, environment) \
        if environment.path else []
    own = merged_requires([environment])
    found = []
    for path, leaf in lists:
        type_name = str(path[-1])
        if not stacks:
            found.append(ListChoice(path, leaf, choose(type_name, leaf.candidates or (), own,
                                                       workspace),
                                    requires_known=environment.requires_node is not None))
        for stack in stacks:
            if stack.keeps(path, environment.path):
                found.append(ListChoice(path, leaf, choose(type_name, leaf.candidates or (),
                                                           stack.requires, workspace),
                                        stack.files))
    return found


# -- introspection ----------------------------------------------------------------------------
def candidates_declaring(index: 'Index', type_name: str) -> list['Summary']:
    """The templates of the index whose `resource_type` names `type_name` (by path)."""
    found = [s for s in index.templates() if type_name in Capabilities.of_summary(s).types]
    return sorted(found, key=lambda s: s.path)


def template_files(paths: Iterable[str], recursive: bool = True) -> Iterator[str]:
    """The files `paths` name (absolute, in a stable order): each file, and the template files
    of each folder (its sub-folders too when `recursive`)."""
    for path in paths:
        path = os.path.abspath(path)
        if not os.path.isdir(path):
            yield path
            continue
        for dirpath, dirnames, filenames in os.walk(path):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS) if recursive else []
            for name in sorted(filenames):
                if name.endswith(SUFFIXES):
                    yield os.path.join(dirpath, name)


def find(paths: Iterable[str], criteria: Iterable[tuple[str, Any]], recursive: bool,
         workspace: 'Workspace') -> list[str]:
    """The templates among `paths` whose capabilities satisfy every `(key, value)` criterion
    (the blueprint's `capabilities-find`); with none, every template declaring capabilities."""
    wanted: dict[str, tuple] = {}
    for key, value in criteria:
        wanted[key] = wanted.get(key, ()) + (value,)
    found = []
    for path in dict.fromkeys(template_files(paths, recursive)):
        capabilities = Capabilities.of_summary(workspace.summary(path))
        if capabilities.declared and not mismatches(capabilities, wanted):
            found.append(path)
    return found


@dataclass
class CapabilitySummary:
    """The choices a set of templates offers (the blueprint's `template-capabilities`)."""

    templates: dict[str, Capabilities] = field(default_factory=dict)  # path -> capabilities

    def tags(self) -> dict[str, list]:
        """Tag-based: each tag and the values the templates offer, `{'deployment': ['puppet',
        'docker']}`."""
        out: dict[str, dict[str, Any]] = {}
        for capabilities in self.templates.values():
            for key, values in capabilities.tags.items():
                seen = out.setdefault(key, {})
                for value in values:
                    seen.setdefault(value_text(value), value)
        return {key: list(values.values()) for key, values in out.items()}

    def resource_types(self) -> dict[str, list[str]]:
        """Type-based: each resource type and the templates implementing it,
        `{'OS::TripleO::Controller': ['puppet/controller.yaml', 'docker/controller.yaml']}`."""
        out: dict[str, list[str]] = {}
        for path, capabilities in self.templates.items():
            for name in capabilities.types:
                out.setdefault(name, []).append(path)
        return out

    def untyped(self) -> list[str]:
        """The templates that declare capabilities but no resource_type."""
        return [path for path, c in self.templates.items() if not c.types]


def summary(paths: Iterable[str], workspace: 'Workspace') -> CapabilitySummary:
    """What the templates among `paths` (files, or folders searched recursively) declare."""
    found = CapabilitySummary()
    for path in dict.fromkeys(template_files(paths)):
        capabilities = Capabilities.of_summary(workspace.summary(path))
        if capabilities.declared:
            found.templates[path] = capabilities
    return found
