"""The tree of files a template lives in: which environments apply, what providers it uses.

One `Workspace` per set of folders (an editor's workspace folders, or the
paths `hot-ls check` was given).  It is the only part of hot-ls that reads
files other than the document being analysed, always through its
`FileStore` (confined to the folders and the configured search paths).
It answers:

- `stack(path)`: the template as part of a stack (`StackContext`) — with
  the environments the configuration names for it (`environments`, then
  those of every matching `stacks` entry, then the command line's `-e`),
  or, for a provider template reached from such a stack, its parent's
  environment; without any, an empty one (`environments_known` is False);
- `summary(path)`: what it keeps of any file (cached by size and mtime);
- `parsed_tree(path, text)`: for `one_run` (a command such as `hot-ls check`, during which
  the files do not change), the tree a summary parsed of a file, handed once to the file's
  own analysis, which need not parse it again (and its locator remembers real paths);
- `index()`: every Heat document of the folders, for what spans files
  (workspace symbols, references across files, who uses a provider);
- `changed(paths)`: forget what depended on changed files.
"""
from __future__ import annotations

import fnmatch
import glob
import os
import threading
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from hot_ls.config import Settings, matches
from hot_ls.model.document import Kind
from hot_ls.syntax import SyntaxTree, parse
from hot_ls.workspace.environments import (LoadedEnvironment, StackEnvironment, leaves,
                                            stack_environment)
from hot_ls.workspace.files import FileStore, Stamp
from hot_ls.workspace.paths import Locator
from hot_ls.workspace.registry import GlobalRegistry
from hot_ls.workspace.stacks import TEMPLATE_SUFFIXES, StackContext, locate
from hot_ls.workspace.summaries import Summary, summarize

SUFFIXES = ('.yaml', '.yml', '.template', '.json')
SKIP_DIRS = frozenset(('.git', '.hg', '.svn', '.tox', '.venv', 'venv', 'node_modules',
                       '__pycache__', '.mypy_cache', '.pytest_cache'))

Progress = Callable[[int, int, str], None]  # (done, total, path)
#: how many generations `changed_since` can tell about
_REMEMBERED = 64
_NOT_TOLD = object()


@dataclass
class Index:
    """Every Heat document of the workspace folders, summarised."""

    summaries: dict[str, Summary] = field(default_factory=dict)

    def templates(self) -> Iterator[Summary]:
        return (s for s in self.summaries.values() if s.template is not None)

    def environments(self) -> Iterator[Summary]:
        return (s for s in self.summaries.values() if s.environment is not None)


class Workspace:
    def __init__(self, settings: Settings | None = None, roots: Iterable[str] = (),
                 environments: Iterable[str] = (), catalog: Any = None,
                 readable: Iterable[str] = (), recursive: bool = True,
                 one_run: bool = False):
        """`roots`: the folders of the workspace (indexed and readable); `readable`: other
        folders hot-ls may read files from but does not index; `recursive`: whether the
        index goes down the folders (not for a document's own folder); `one_run`: the
        workspace of one command's run, which checks each file once while no file changes:
        the tree of each file a summary parses is kept until that file's own analysis takes
        it (`parsed_tree`), and each path's real path is found once.  Not for an editor's
        session, where the trees would pile up and links may change."""
        self.settings = settings or Settings()
        self.recursive = recursive
        self.roots = tuple(dict.fromkeys(os.path.abspath(r) for r in roots if r))
        self.locator = Locator((*self.roots, *readable), self.settings.search_paths,
                               self.settings.path_map, remember_real_paths=one_run)
        self.files = FileStore(self.locator)
        #: environments given for every template on top of the configuration (`check -e`)
        self.extra_environments = tuple(os.path.abspath(e) for e in environments)
        self._catalog = catalog
        self._global: GlobalRegistry | None = None
        self._lock = threading.RLock()
        self._summaries: dict[str, tuple[Stamp, Summary]] = {}
        #: open document -> the interface its last analysis told others (document_analysed)
        self._told: dict[str, Any] = {}
        self._told_structure: dict[str, Any] = {}  # (the same for structure_key)
        #: templates whose last analysed version changed which templates the stacks reach
        #: (take_restructured)
        self._restructured: set[str] = set()
        #: path -> the tree summary() parsed, until parsed_tree() hands it over
        self._trees: dict[str, SyntaxTree] | None = {} if one_run else None
        #: the files whose own analysis asked for its tree (`one_run`): none is kept for them
        self._analysed: set[str] = set()
        #: open document -> (the text an analysis in progress is of, that analysis: a weak
        #: reference, the thread making it), whose summary `summary` takes in that thread
        #: rather than parse the buffer again (another thread would make its model alongside)
        self._analysing: dict[str, tuple[str, Any, int]] = {}
        self._stacks: dict[str, StackContext] = {}
        self._index: Index | None = None
        self._parents: dict[str, StackContext] | None = None
        #: the last roots `nested_from` was asked of, and what it found (one: the editor's)
        self._nested: tuple[tuple[str, ...], dict[str, StackContext]] | None = None
        #: (template, registry...) -> (height, templates below, the templates read): see
        #: StackContext.deepest
        self.nesting_memo: dict = {}
        #: the registry's templates' parameter types, by the templates it names (see
        #: _sent_parameter_types); each template's own, and what it names
        self._sent_memo: dict[tuple, tuple[dict, set[str]]] = {}
        self._sent_nodes: dict[str, Any] = {}
        #: the registries the configured environments load (environments.stack_environment)
        self._registries: dict = {}
        self.generation = 0
        #: generation -> the files whose change started it (the last few generations)
        self._causes: dict[int, frozenset[str]] = {}

    @classmethod
    def for_document(cls, path: str | None, settings: Settings | None = None) -> 'Workspace':
        """A workspace for one document analysed on its own: its folder."""
        roots = [os.path.dirname(os.path.abspath(path))] if path else [os.getcwd()]
        return cls(settings, roots, recursive=False)

    # -- what every stack shares ---------------------------------------------------------
    @property
    def catalog(self):
        if self._catalog is None:
            from hot_ls.catalog import effective_catalog
            self._catalog = effective_catalog(self.settings)
        return self._catalog

    @property
    def global_registry(self) -> GlobalRegistry:
        if self._global is None:
            self._global = GlobalRegistry.of(self.catalog)
        return self._global

    # -- files ------------------------------------------------------------------------------
    def summary(self, path: str) -> Summary | None:
        """What the workspace keeps of a file (None: it does not exist or may not be read)."""
        path = os.path.abspath(path)
        if self.locator.allowed(path) is not None:
            return None
        stamp = self.files.stamp(path)
        if stamp is None:
            return None
        with self._lock:
            cached = self._summaries.get(path)
            if cached is not None and cached[0] == stamp:
                return cached[1]
            if cached is not None:
                self._seen_before(path, cached[1])
            analysing = self._analysing.get(path)
            if analysing is not None and analysing[2] == threading.get_ident():
                del self._analysing[path]
            else:
                analysing = None
        analysis = analysing[1]() if analysing is not None else None
        if analysis is not None and self.files.overlay_text(path) == analysing[0]:
            summary = analysis.summary  # (made of its tree: the buffer is not parsed again)
            with self._lock:
                self._summaries[path] = (stamp, summary)
            return summary
        source = self.files.read(path)
        tree = parse(source.text) if self._trees is not None and source.problem is None \
            else None
        summary = summarize(path, source, self.locator, tree=tree,
                            capabilities=self.settings.capabilities)
        with self._lock:
            self._summaries[path] = (stamp, summary)
            if tree is not None and path not in self._analysed:
                self._trees[path] = tree
        return summary

    def _seen_before(self, path: str, replaced: Summary) -> None:
        """A summary of the file is replaced by one of its new text before the analysis of
        its buffer tells what changed (`document_analysed`): what the others saw of it is
        the replaced one's, unless an analysis told them since."""
        self._told.setdefault(path, replaced.interface_key())
        self._told_structure.setdefault(path, replaced.template.structure_key()
                                        if replaced.template is not None else None)

    def analysing(self, path: str, text: str, analysis: Any) -> None:
        """An analysis of an open document's buffer (`text`) starts: should a stack need the
        document's summary before the analysis is done (a root's own, whose parameters' types
        it merges the environments with), it is the analysis' summary (Analysis.summary,
        made of its tree), not a second parse of the buffer (TripleO's overcloud.yaml: 40 ms
        a keystroke)."""
        path = os.path.abspath(path)
        if self.files.overlay_text(path) == text:
            with self._lock:
                self._analysing[path] = (text, weakref.ref(analysis), threading.get_ident())

    def parsed_tree(self, path: str | None, text: str) -> SyntaxTree | None:
        """The tree a summary parsed of the file at `path` (`one_run`), if it is
        the tree of `text`; handed over once: the workspace forgets it."""
        if self._trees is None or path is None:
            return None
        path = os.path.abspath(path)
        with self._lock:
            self._analysed.add(path)
            tree = self._trees.pop(path, None)
        return tree if tree is not None and tree.text == text else None

    def environment(self, path: str) -> LoadedEnvironment | None:
        summary = self.summary(path)
        if summary is None:
            return None
        if summary.environment is not None:
            return summary.environment.loaded
        # Heat reads any mapping as an environment (and refuses what it cannot use)
        return LoadedEnvironment.load(self.files.read(path).text, path, self.locator,
                                      self.settings.capabilities)

    # -- which environments apply --------------------------------------------------------
    def configured_environments(self, template: str) -> tuple[tuple[str, ...], dict] | None:
        """The -e files and -P values the configuration gives a template as a stack's root,
        or None when it names none for it."""
        template = os.path.abspath(template)
        environments = list(self.settings.environments)
        parameters: dict = dict(self.settings.parameters)
        matched = bool(environments)
        for stack in self.settings.stacks:
            if any(self._matches(template, pattern) for pattern in stack.templates):
                environments.extend(stack.environments)
                parameters.update(stack.parameters)
                matched = True
        environments.extend(self.extra_environments)
        if not matched and not self.extra_environments and not parameters:
            return None
        return tuple(self._absolute(e, template) for e in environments), parameters

    def stacks_created_with(self, environment: str, limit: int = 10) -> list[str]:
        """The root templates the configuration creates with the environment file: the
        HOT templates a `stacks` entry names (of the workspace, or that a settings file's
        glob finds where the workspace may read) whose environments (the settings' own and
        -e included) hold it, in path order, at most `limit` (a template every stack would
        get, with `environments` alone, is no stack named)."""
        if not self.settings.stacks:
            return []
        environment = os.path.normpath(os.path.abspath(environment))
        found = []
        for path in self._stack_candidates():
            summary = self.summary(path)
            if summary is None or summary.kind is not Kind.HOT or not any(
                    self._matches(path, pattern)
                    for stack in self.settings.stacks for pattern in stack.templates):
                continue
            configured = self.configured_environments(path)
            if configured is not None and environment in map(os.path.normpath, configured[0]):
                found.append(path)
                if len(found) == limit:
                    break
        return found

    def _stack_candidates(self) -> list[str]:
        """The templates of the workspace, and those a settings file's `stacks` globs name
        where the workspace may read (its globs are absolute: they may name templates beyond
        these folders), in path order."""
        candidates = {summary.path for summary in self.index().templates()}
        for stack in self.settings.stacks:
            for pattern in stack.templates:
                if os.path.isabs(pattern):
                    candidates.update(os.path.abspath(path)
                                      for path in glob.glob(pattern, recursive=True))
        return sorted(candidates)

    def environment_lists(self) -> list[tuple[str, ...]]:
        """Every list of environment files the configuration creates stacks with (absolute,
        in order): the settings' `environments` and `-e` for any template, and each `stacks`
        entry's on top of those.  A relative path is relative to the first folder."""
        base = self.roots[0] if self.roots else os.getcwd()

        def absolute(paths: tuple[str, ...]) -> list[str]:
            return [p if os.path.isabs(p) else os.path.join(base, p) for p in paths]
        common = absolute(self.settings.environments)
        extra = list(self.extra_environments)
        lists = [tuple(common + extra)] if common or extra else []
        for stack in self.settings.stacks:
            lists.append(tuple(common + absolute(stack.environments) + extra))
        return list(dict.fromkeys(lists))

    def _matches(self, path: str, pattern: str) -> bool:
        if os.path.isabs(pattern):
            return fnmatch.fnmatch(path, pattern)
        return any(fnmatch.fnmatch(path, os.path.join(root, pattern)) for root in self.roots) \
            or fnmatch.fnmatch(os.path.basename(path), pattern)

    def _absolute(self, path: str, template: str) -> str:
        if os.path.isabs(path):
            return path
        for root in self.roots:  # relative to the workspace folder holding the template
            if template.startswith(root.rstrip(os.sep) + os.sep):
                return os.path.join(root, path)
        return os.path.join(os.path.dirname(template), path)

    # -- stacks -------------------------------------------------------------------------------
    def stack(self, template: str) -> StackContext:
        """The template as part of its stack (see the module's docstring)."""
        template = os.path.abspath(template)
        with self._lock:
            found = self._stacks.get(template)
        if found is not None:
            return found
        found = self._root_stack(template)
        if found is None:
            found = self._reached(template)
        if found is None:
            found = StackContext(self, template, StackEnvironment(  # (one registry for all)
                registry=stack_environment((), self.global_registry,
                                           registries=self._registries).registry))
        with self._lock:
            self._stacks[template] = found
        return found

    def _root_stack(self, template: str) -> StackContext | None:
        configured = self.configured_environments(template)
        if configured is None:
            return None
        paths, parameters = configured
        loaded = []
        problems = []
        for path in paths:
            env = self.environment(path)
            if env is None:
                target = self.locator.locate(path, os.path.dirname(template))
                reason = target.refusal or 'file not found'
                shown = os.path.relpath(path, os.path.dirname(template))
                problems.append(f'environment {shown}: cannot read file: {reason}')
                continue
            loaded.append(env)
        types = self._sent_parameter_types(template, loaded)
        resolver = None
        if self.settings.capabilities:  # (imported here: capabilities imports this module)
            from hot_ls.workspace.capabilities import list_resolver
            resolver = list_resolver(self)
        environment = stack_environment(loaded, self.global_registry, types, parameters,
                                        resolver, self._registries)
        environment.unread = tuple(problems)
        return StackContext(self, template, environment, root=template)

    def _sent_parameter_types(self, template: str, loaded: list[LoadedEnvironment]) -> dict:
        """Each parameter's type as Heat's merge of the environments knows them
        (Template.all_param_schemata): those of every template python-heatclient sends with
        the stack (the templates the root's `type:`s name, a group's member's too, and theirs;
        the registry's templates, and theirs), the root's over the others', the first found
        of the others' for a name several declare.  A `parameter_defaults` value of a later
        file is kept only for a parameter known so.

        What the registry's templates send is the same for every root created with the same
        environments (TripleO's 300 templates share one registry of 1,400 entries): it is
        found once (`_sent_memo`), then the root's own templates are added to it."""
        starts = tuple(leaf.target.path for env in loaded for leaf in leaves(env.registry)
                       if leaf.target is not None and leaf.target.readable
                       and leaf.target.path.endswith(TEMPLATE_SUFFIXES))
        shared = self._sent_memo.get(starts)
        if shared is None:
            shared = self._sent_memo[starts] = self._sent_walk(list(starts), {}, set())
        registry_types, registry_seen = shared
        node = self._sent_node(template)
        own, children = node if node is not None else ({}, [])
        types = {**registry_types, **own}
        if template not in registry_seen:  # (else its templates are the registry's already)
            self._sent_walk(list(children), types, registry_seen | {template})
        return types

    def _sent_walk(self, pending: list[str], types: dict, seen: set[str]
                   ) -> tuple[dict, set[str]]:
        """The templates python-heatclient sends from `pending` on (depth first, as far as
        `seen`), each parameter's type from the first that declares it (`types` first)."""
        while pending:
            path = pending.pop()
            if path in seen:
                continue
            seen.add(path)
            node = self._sent_node(path)
            if node is None:
                continue
            own, children = node
            for name, kind in own.items():
                types.setdefault(name, kind)
            pending.extend(children)
        return types, seen

    def _sent_node(self, path: str) -> tuple[dict, list[str]] | None:
        """A template's parameter types and the templates its `type:`s name (a group's
        member's too), or None when it is no template: read once until a file changes."""
        found = self._sent_nodes.get(path, _NOT_TOLD)
        if found is not _NOT_TOLD:
            return found
        summary = self.summary(path)
        found = None
        if summary is not None and summary.template is not None:
            own = {name: info.schema.type for name, info in
                   summary.template.parameters.items() if info.schema is not None}
            children = []
            for resource in summary.template.resources:
                for one in (resource, resource.member):
                    if one is not None and isinstance(one.type, str) \
                            and one.type.endswith(TEMPLATE_SUFFIXES):
                        target = locate(self.locator, path, one.type)
                        if target.readable:
                            children.append(target.path)
            found = (own, children)
        self._sent_nodes[path] = found
        return found

    def _reached(self, template: str) -> StackContext | None:
        """A provider template reached from a configured stack: its parent's environment."""
        if not self.settings.stacks and not self.settings.environments \
                and not self.extra_environments:
            return None
        parents = self._provider_parents()
        return parents.get(template)

    def _provider_parents(self) -> dict[str, StackContext]:
        """For every provider template (a group's member too) reached from a configured
        root: its context."""
        with self._lock:
            if self._parents is not None:
                return self._parents
        # (a stack's root beyond these folders too: a nested template checked on its own,
        # as pre-commit names only what a commit changed, is still in its stack)
        roots = [path for path in self._stack_candidates()
                 if self.configured_environments(path) is not None]
        reached = self._reached_from(roots)
        with self._lock:
            self._parents = reached
        return reached

    def nested_from(self, roots: Iterable[str]) -> dict[str, StackContext]:
        """For every provider template (a group's member too) the stacks of `roots` reach and
        no configured stack does: its context as their nested stack (`hot-ls check ROOT`'s
        followed templates; the editor's stacks mode, whose open templates are the roots).
        The last roots asked are remembered until a file changes."""
        key = tuple(sorted({os.path.abspath(root) for root in roots}))
        with self._lock:
            if self._nested is not None and self._nested[0] == key:
                return self._nested[1]
        reached = {path: context for path, context in self._reached_from(key).items()
                   if not self.stack(path).chain}
        with self._lock:
            self._nested = (key, reached)
        return reached

    def _reached_from(self, roots: Iterable[str]) -> dict[str, StackContext]:
        """The templates the stacks of `roots` use, each with the context it is first reached
        in (one reached without a condition on the way over one reached with)."""
        reached: dict[str, StackContext] = {}
        # (deeper than Heat nests, HOT606 says so: what is below is not looked at)
        deepest = max(8, self.settings.max_nested_stack_depth + 1)
        for root in roots:
            pending = [self.stack(root)]
            while pending:
                context = pending.pop()
                summary = self.summary(context.template)
                if summary is None or summary.template is None:
                    continue
                for resource in summary.template.resources:
                    for child, _ in context.nested(resource):
                        if child.depth > deepest or child.template in child.chain:
                            continue
                        known = reached.get(child.template)
                        if known is not None and (known.certain or not child.certain):
                            continue  # (else reached again without a condition on the way)
                        if self.configured_environments(child.template) is not None:
                            continue  # configured as a root of its own
                        reached[child.template] = child
                        pending.append(child)
        return reached

    # -- the index ------------------------------------------------------------------------------
    def index(self, progress: Progress | None = None) -> Index:
        """Every Heat document of the workspace folders (built once; kept current by `changed`)."""
        with self._lock:
            if self._index is not None:
                return self._index
        paths = list(self.discover())
        index = Index()
        for number, path in enumerate(paths, 1):
            summary = self.summary(path)
            if summary is not None and summary.kind.is_heat_document and summary.kind is not Kind.JINJA:
                index.summaries[path] = summary
            if progress is not None:
                progress(number, len(paths), path)
        with self._lock:
            self._index = index
        return index

    def heat_documents(self) -> list[str]:
        """Every Heat document of the folders, Jinja2 sources and the files the `include`
        setting names too: the files `hot-ls check` reports on in them."""
        found = []
        for path in self.discover():
            summary = self.summary(path)
            if summary is not None and (summary.kind.is_heat_document or matches(
                    path, self.settings.include, self.settings.base_dir)):
                found.append(path)
        return found

    def discover(self) -> Iterator[str]:
        """Every file of the folders that may be a Heat document, in a stable order."""
        for root in self.roots:
            for dirpath, dirnames, filenames in os.walk(root):
                dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS) \
                    if self.recursive else []
                for name in sorted(filenames):
                    path = os.path.join(dirpath, name)
                    if name.endswith(SUFFIXES) and not self._excluded(path):
                        yield path

    def _excluded(self, path: str) -> bool:
        normalized = path.replace(os.sep, '/')
        name = os.path.basename(path)
        return any(fnmatch.fnmatch(normalized, p) or fnmatch.fnmatch(name, p)
                   for p in self.settings.exclude)

    def discovers(self, path: str) -> bool:
        """Whether `discover` would find the file (it need not exist)."""
        path = os.path.abspath(path)
        if not path.endswith(SUFFIXES) or self._excluded(path):
            return False
        for root in self.roots:
            if path.startswith(root.rstrip(os.sep) + os.sep):
                folders = os.path.relpath(os.path.dirname(path), root).split(os.sep)
                if folders == ['.']:
                    return True
                return self.recursive and not SKIP_DIRS.intersection(folders)
        return False

    # -- change ---------------------------------------------------------------------------------
    def document_analysed(self, path: str, text: str, summary: Summary) -> bool:
        """An open document was analysed (its text is the editor's buffer): keep its summary,
        made from that analysis (no second parse), and say whether what other files see of
        it changed."""
        path = os.path.abspath(path)
        if self.files.overlay_text(path) != text:
            return False  # the buffer moved on already; the next analysis will tell
        stamp = self.files.stamp(path)
        with self._lock:
            before = self._summaries.get(path)
            self._summaries[path] = (stamp, summary)
            if self._index is not None and summary.kind.is_heat_document:
                self._index.summaries[path] = summary
            # compared with what the last analysis of the buffer told, not with the cached
            # summary: another file's analysis may have summarised the new buffer already
            key = summary.interface_key()
            told = self._told.get(path, before[1].interface_key() if before else None)
            self._told[path] = key
            # (a template's buffer, a template before: no environment of it to forget)
            edited = summary.kind is Kind.HOT and (before is None or before[1].kind is Kind.HOT)
            structure = before is not None and self._structure_changed(path, before[1], summary)
            if structure:  # (what it nests changed: its own nestings are found again)
                self.nesting_memo = {nesting: found for nesting, found
                                     in list(self.nesting_memo.items()) if nesting[0] != path}
            if structure and self._reached_by_stacks(path):
                self._forget_stacks((path,), edited)
                self._restructured.add(path)
                return True
            if before is not None and told == key and not (structure and self._read_below(path)):
                return False
            if before is None and not self._depended_on(path):
                return False
            self._forget_stacks((path,), edited)
        return True

    def take_restructured(self, path: str) -> bool:
        """Whether the template's last analysed version changed which templates the stacks
        reach or how (said once): any template may then be in another stack than before, or
        in none, not only those that read this one."""
        with self._lock:
            if path in self._restructured:
                self._restructured.discard(path)
                return True
            return False

    def _restructures(self, path: str, before: Summary, after: Summary) -> bool:
        """Whether a new version of a template changes which provider templates the configured
        stacks reach, or how (a resource's type or condition, a group's size, what it passes):
        the contexts made of the old one are then stale.  Compared with what the last
        analysis of the buffer told (a stack may have summarised the new buffer already)."""
        return self._structure_changed(path, before, after) and self._reached_by_stacks(path)

    def _reached_by_stacks(self, path: str) -> bool:
        """Whether the configured stacks reach the template (as a root, or a provider)."""
        if not self.settings.stacks and not self.settings.environments \
                and not self.extra_environments:
            return False  # (no stack reaches a provider template: _reached)
        return self._parents is not None and (path in self._parents
                                              or self.configured_environments(path) is not None)

    def _structure_changed(self, path: str, before: Summary, after: Summary) -> bool:
        """Whether the template's resources' types, members, conditions or values differ from
        what the last analysis of its buffer told (the summary before it, at first)."""
        new = after.template.structure_key() if after.template is not None else None
        old = self._told_structure.get(path, _NOT_TOLD)
        self._told_structure[path] = new
        if old is _NOT_TOLD:
            old = before.template.structure_key() if before.template is not None else None
        return old != new

    def _read_below(self, path: str) -> bool:
        """Whether a stack resolved so far, or the nestings found below another template,
        read this template (its resources make what is nested below it)."""
        return self._depended_on(path) or any(
            path in found[2] for key, found in list(self.nesting_memo.items()) if key[0] != path)

    def _depended_on(self, path: str) -> bool:
        """Whether a stack resolved so far read this file (an environment or a provider)."""
        for context in self._stacks.values():
            if path in context.environment.paths or path in context.read:
                return True
        return False

    def _forget_stacks(self, causes: Iterable[str], edited: bool = False) -> None:
        """Forget the stacks made so far: `causes` changed.  `edited`: they are templates
        (their buffers, edited: no file appeared or went away), and what was worked out of
        other files is kept: the registries, each template's types, what the registry's
        templates send, the nestings that read none of them (a keystroke in a parameter's
        default of TripleO's overcloud.yaml walks again only what that template nests)."""
        causes = frozenset(causes)
        self._stacks.clear()
        self._parents = None
        self._nested = None
        if edited and not self.settings.capabilities:  # (capabilities: registries read templates)
            for cause in causes:
                self._sent_nodes.pop(cause, None)
            self._sent_memo = {starts: sent for starts, sent in list(self._sent_memo.items())
                               if not causes & sent[1]}
            self.nesting_memo = {key: found for key, found in list(self.nesting_memo.items())
                                 if not causes & found[2]}
        else:
            self._sent_memo.clear()
            self._registries.clear()
            self._sent_nodes.clear()
            self.nesting_memo.clear()
        self.generation += 1
        self._causes[self.generation] = causes
        self._causes.pop(self.generation - _REMEMBERED, None)

    def changed_since(self, generation: int) -> frozenset[str] | None:
        """The files whose change moved the generation on since `generation` (None: too long
        ago to tell)."""
        found: set[str] = set()
        for number in range(generation + 1, self.generation + 1):
            causes = self._causes.get(number)
            if causes is None:
                return None
            found |= causes
        return frozenset(found)

    def changed(self, paths: Iterable[str]) -> bool:
        """Files changed (on disk or in an editor): forget what depended on them.

        Returns whether any of them changed what another file sees of it (an
        environment, or a template's parameters, outputs or capabilities).
        """
        interface_changed = False
        with self._lock:
            self._sent_memo.clear()
            self._registries.clear()
            self._sent_nodes.clear()
            for path in paths:
                path = os.path.abspath(path)
                self.files.forget(path)
                self._told.pop(path, None)
                self._told_structure.pop(path, None)
                before = self._summaries.pop(path, None)
                after = self.summary(path) if os.path.exists(path) or \
                    self.files.has_overlay(path) else None
                old_key = before[1].interface_key() if before else None
                new_key = after.interface_key() if after else None
                restructured = before is not None and after is not None \
                    and self._restructures(path, before[1], after)
                if restructured:
                    self._restructured.add(path)
                if old_key != new_key or restructured:
                    interface_changed = True
                if self._index is not None:
                    if after is not None and after.kind.is_heat_document:
                        self._index.summaries[path] = after
                    else:
                        self._index.summaries.pop(path, None)
            if interface_changed:
                self._forget_stacks(os.path.abspath(path) for path in paths)
        return interface_changed
