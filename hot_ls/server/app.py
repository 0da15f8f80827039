"""The language server: its state, and a plain table of handlers.

Every handler has the same shape: get the document (`ls.documents`, or its
current analysis with `await request_analysis(ls, uri)`: the text the request was sent
against, or ContentModified once it changed), call one pure
function of `hot_ls/features/`, convert the result (`convert`).  A feature is
one row of `HANDLERS`; a command is one entry of `COMMANDS`.

Every handler runs inside `guarded`: an exception is logged (window/logMessage,
and stderr before the client is connected or at ERROR) and, for a request,
answered with an error; it never ends the server.  An expected refusal (a
`JsonRpcException`, such as a refused rename, or a request about a document
the client has not opened) is answered without a traceback.  Every request
also runs within `budget`: a time limit, and diagnostics only for a document
too large to deploy.

What the server says about a document goes through `gate` first: a YAML file
that is not a Heat document gets no diagnostics, completion, hover, values,
code actions, links or semantic tokens.
"""
from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable

from lsprotocol import types
from pygls.exceptions import JsonRpcContentModified, JsonRpcException
from pygls.lsp.server import LanguageServer

from hot_ls import __version__
from hot_ls.features import completion as features_completion
from hot_ls.features import code_actions as features_code_actions
from hot_ls.features.automatic_fixes import FIX_ALL, fix_all_action
from hot_ls.features import evaluation as features_evaluation
from hot_ls.features import file_moves as features_file_moves
from hot_ls.features import definition as features_definition
from hot_ls.features import folding as features_folding
from hot_ls.features import links as features_links
from hot_ls.features import nesting as features_nesting
from hot_ls.features import workspace_symbols as features_workspace_symbols
from hot_ls.features import graph as features_graph
from hot_ls.features import references as features_references
from hot_ls.features import rename as features_rename
from hot_ls.features import selection as features_selection
from hot_ls.features import semantic_tokens as features_semantic_tokens
from hot_ls.features import symbols as features_symbols
from hot_ls.features.types import RenameError
from hot_ls.syntax.gc_pause import gc_paused
from hot_ls.text import LineIndex
from hot_ls.features import hover as features_hover
from hot_ls.features.stack_problems import with_stack_problems
from hot_ls.features import signature_help as features_signature_help
from hot_ls.analysis import Analysis
from hot_ls.analysis.entries import SECTIONS
from hot_ls.model.document import Kind
from hot_ls.rules import analyze, analyze_stacks_of
from hot_ls.rules.incremental import prepare_for_edits, reanalyze
from hot_ls.server import budget, convert, gate, logs
from hot_ls.server.documents import Document, DocumentNotOpen, DocumentStore
from hot_ls.server.protocol import HotProtocol, arrival
from hot_ls.server.scheduler import Outdated, Scheduler
from hot_ls.server.settings import SECTION, ServerSettings
from hot_ls.server.workspace_diagnostics import Hooks, Result, WorkspaceDiagnostics
from hot_ls.server.workspaces import Workspaces
from hot_ls.workspace.stack_templates import templates_used

logger = logging.getLogger(__name__)

SETTINGS_FILES = ('.hot-ls.toml', 'pyproject.toml')


def _checked(analysis: Analysis) -> str:
    """How many of a template's entries the rules checked (for the log)."""
    if analysis.template is None:
        return ''
    checking = analysis.checking
    total = sum(len(getattr(analysis.template, section)) for section in SECTIONS)
    checked = total if checking.everything else sum(
        len(checking.definitions(section)) for section in SECTIONS)
    return f', {checked} of {total} entries checked'


def _with_problems_of_stacks(analysis: Analysis, workspace, stacks: list[str]) -> list:
    """An environment's diagnostics with what the stacks created with it find wrong in it."""
    if not stacks:
        return analysis.diagnostics
    return with_stack_problems(analysis, analyze_stacks_of(analysis.path, workspace,
                                                           templates=stacks))


async def _once_begun(begun: asyncio.Task, send: Callable[[], None]) -> None:
    if await begun:
        send()


class HotLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__('hot-ls', __version__, protocol_cls=HotProtocol,
                         text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.client = convert.ClientFeatures()
        self.documents = DocumentStore()
        self.settings = ServerSettings()
        self.workspaces = Workspaces()
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix='hot-ls-analysis')
        self.scheduler = Scheduler(self.documents, self.analyze_document, self.executor,
                                   lambda path: (self.settings.current,
                                                 self.generation_for(path)),
                                   after=self.after_analysis)
        self.shutdown_requested = False
        #: the stack templates of each environment document (add_stack_problems): a change
        #: to one of them refreshes the environment's diagnostics
        self._stack_templates: dict[str, set[str]] = {}
        #: diagnostic_mode = "stacks": the templates the open templates' stacks use
        self._stack_scope: frozenset[str] = frozenset()
        #: each of those: the chain above it in the nested stack it is checked as
        self._stack_chains: dict[str, tuple[str, ...] | None] = {}
        #: per open document: what decides which templates it uses (its structure_key)
        self._uses: dict[str, tuple | None] = {}
        self._moved: set[str] = set()  # environments add_stack_problems found changed
        self._log_handler: logging.Handler | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.workspace_diagnostics = WorkspaceDiagnostics(Hooks(
            candidates=self.workspace_candidates, in_scope=self.in_workspace_mode,
            is_open=self.is_open, check=self.check_in_worker,
            publish=self.text_document_publish_diagnostics,
            clear=lambda uri: self.text_document_publish_diagnostics(convert.cleared(uri)),
            quiet=self.scheduler.quiet, progress=self.workspace_check_progress))
        #: the work-done progress of a pass over the workspace: its token, and whether it began
        self._checking_progress: tuple[str, asyncio.Task] | None = None

    def generation_for(self, path: str | None) -> tuple[int, int]:
        """What a document's analysis depends on beyond its text: the settings and the
        workspaces (less the moves its own analyses made: see Workspaces.generation_for)."""
        return (self.settings.generation, self.workspaces.generation_for(path))

    # -- analysis: a document among the files of its workspace ---------------------

    def analyze_document(self, text: str, path: str | None, settings,
                         previous: Analysis | None = None) -> Analysis:
        """Analyse in a worker thread, with the settings of the document's workspace (its
        settings file, the editor's settings on top; `settings`, the editor's alone, are
        only the scheduler's key), from the document's previous analysis when it has one
        (its tree is then consumed: see `current_analysis`)."""
        started = time.perf_counter()
        workspace = self.workspaces.for_path(path)
        analysis, how = reanalyze(previous, text, path, workspace.settings, workspace=workspace)
        logger.debug('analysed %s (%s) in %.1f ms%s', path, how,
                     (time.perf_counter() - started) * 1000, _checked(analysis))
        if analysis.kind is Kind.ENVIRONMENT and path is not None:
            self.add_stack_problems(analysis, workspace)
        return analysis

    def add_stack_problems(self, analysis: Analysis, workspace) -> None:
        """An environment file's diagnostics get what the stacks the configuration creates
        with it find wrong in it (features.stack_problems): each such template is analysed
        as it stands (its editor buffer, else the file) with the environment's text."""
        path = analysis.path
        stacks = workspace.stacks_created_with(path)
        self._stack_templates[os.path.abspath(path)] = set(stacks)
        if not stacks:
            return
        started = time.perf_counter()
        # the stacks must read this text of the environment: what after_analysis does for
        # the other documents is done now (and what it found is told then)
        if self.workspaces.analysed(path, analysis.text, analysis.summary):
            self._moved.add(os.path.abspath(path))
        analysis.diagnostics = _with_problems_of_stacks(analysis, workspace, stacks)
        logger.debug('checked %d stack(s) created with %s in %.1f ms', len(stacks), path,
                     (time.perf_counter() - started) * 1000)

    def forget_uses_of(self, path: str) -> None:
        self._uses.pop(os.path.abspath(path), None)

    def forget_stacks_of(self, path: str) -> None:
        """A closed environment: its stacks no longer refresh it."""
        self._stack_templates.pop(os.path.abspath(path), None)
        self._moved.discard(os.path.abspath(path))

    def after_analysis(self, text: str, path: str | None, analysis: Analysis) -> None:
        """Once a document's analysis is out (its diagnostics need not wait for this): keep
        what other files see of it, and tell the event loop when documents depending on it
        must be analysed again (its parameters, outputs, an environment's content changed),
        then make what the analysis of its next edit needs (rules.incremental.prepare_for_edits:
        taken off that edit's time)."""
        if path is not None:
            self._tell_dependents(path, text, analysis)
            if analysis.read_problem is None:
                try:  # (made here, in the worker, once its summary is the workspace's: a walk
                    analysis.dependencies  # of what it nests)
                except Exception:  # (asked again where it is used)
                    logger.exception('the dependencies of %s', path)
        prepare_for_edits(analysis)

    def _tell_dependents(self, path: str, text: str, analysis: Analysis) -> None:
        moved = self.workspaces.analysed(path, text, analysis.summary)
        if os.path.abspath(path) in self._moved:  # (add_stack_problems found it first)
            self._moved.discard(os.path.abspath(path))
            moved = True
        restructured = self.workspaces.restructured(path)
        if moved and self._loop is not None:
            self._loop.call_soon_threadsafe(self.dependencies_changed, [path], restructured)
        elif self._uses_changed(path, analysis.summary) and self._loop is not None:
            self._loop.call_soon_threadsafe(self.rescope)

    def _uses_changed(self, path: str, summary) -> bool:
        """In stacks mode, whether the document now uses other templates than its last
        analysis told."""
        if self.workspaces.for_path(path).settings.diagnostic_mode != 'stacks':
            return False
        key = os.path.abspath(path)
        # (its resources' types, members, conditions and values: what the stacks through it read)
        uses = summary.template.structure_key() \
            if summary is not None and summary.template is not None else None
        before = self._uses.get(key, uses)
        self._uses[key] = uses
        return before != uses

    def dependencies_changed(self, paths: list[str], restructured: bool = False) -> None:
        """Files others depend on changed: refresh the diagnostics of the documents that read
        them (pull clients are asked to pull again); `restructured`: the stacks reach other
        templates than before, so every document may have another stack now."""
        changed = {os.path.abspath(p) for p in paths}
        self.workspace_diagnostics.files_changed(changed, everything=restructured)
        self.rescope()
        if self.client.pull_diagnostics:
            if self.client.diagnostic_refresh:
                self.workspace_diagnostic_refresh(None)
            return
        for document in self.documents:
            analysis = document.analysis
            if document.path is None or os.path.abspath(document.path) in changed:
                continue
            if restructured or analysis is None or changed & analysis.dependencies \
                    or changed & self._stack_templates.get(os.path.abspath(document.path), set()):
                self.diagnose(document.uri, 0)

    # -- diagnostics: push when the client does not pull --------------------

    def diagnose(self, uri: str, delay: float) -> None:
        if self.client.push_diagnostics:
            self.scheduler.schedule(uri, delay, self.publish)

    def publish(self, document: Document, analysis: Analysis | None) -> None:
        served = analysis if analysis is not None and gate.serves(analysis) else None
        self.text_document_publish_diagnostics(convert.publish(document, served, self.client))
        self.show_settings_problems()

    def result_id(self, document: Document) -> str:
        settings, workspaces = self.generation_for(document.path)
        return f'{document.revision}.{settings}.{workspaces}'

    # -- settings --------------------------------------------------------------

    def settings_changed(self) -> None:
        """Re-analyse every open document under the new settings."""
        self.workspaces.configure(self.settings.data)
        self.show_settings_problems()
        self.rediagnose_all()

    def rediagnose_all(self) -> None:
        """Re-analyse every open document (the workspaces, and so the analyses' keys, are
        new already), and the files of the workspace mode."""
        if self._loop is not None and self.workspaces.folders:
            self._loop.create_task(self.workspace_diagnostics.check_all())
        if self.client.pull_diagnostics:
            if self.client.diagnostic_refresh:
                self.workspace_diagnostic_refresh(None)
            return
        for document in self.documents:
            self.diagnose(document.uri, 0)

    def show_settings_problems(self) -> None:
        """Show each problem of the editor's settings, and of the settings of each workspace
        made since (its settings file, the editor's on top), once."""
        problems = self.settings.unshown_problems()
        problems += self.settings.unshown(self.workspaces.unshown_problems())
        for problem in problems:
            logger.warning('%s', problem)
            self.window_show_message(convert.show_message(logging.WARNING,
                                                          f'hot-ls: {problem} (ignored)'))

    async def pull_configuration(self) -> Any:
        """The editor's settings: its `hot-ls` section, else (a client that has none, such as
        Neovim given flat `settings = {...}`) all it has for this server."""
        result = await self.workspace_configuration_async(convert.configuration_request(SECTION))
        if result and result[0] is not None:
            return result[0]
        result = await self.workspace_configuration_async(convert.configuration_request(''))
        return result[0] if result else None

    # -- session ---------------------------------------------------------------

    def forward_logs(self) -> None:
        self._loop = asyncio.get_running_loop()
        if self._log_handler is None:
            self._log_handler = logs.ClientLogHandler(
                asyncio.get_running_loop(),
                lambda level, text: self.window_log_message(convert.log_message(level, text)))
            logs.attach(self._log_handler)

    # -- other files ---------------------------------------------------------------

    def lines_of(self, path: str) -> LineIndex | None:
        """The line index of another file: its editor buffer, or its text on disk."""
        document = self.documents.find(convert.path_to_uri(path))
        if document is not None:
            return document.lines
        source = self.workspaces.for_path(path).files.read(path)
        return LineIndex(source.text) if source.problem is None else None

    def version_of(self, uri: str) -> int | None:
        document = self.documents.find(uri)
        return document.version if document is not None else None

    async def index_workspaces(self) -> None:
        """Index every workspace folder in the background, with work-done progress."""
        spaces = self.workspaces.all()
        if not spaces:
            return
        token = 'hot-ls-index'
        loop = asyncio.get_running_loop()
        progress = self.client.work_done_progress
        if progress:
            try:
                await self.work_done_progress.create_async(token)
                self.work_done_progress.begin(token, convert.progress_begin(
                    'hot-ls', 'indexing the workspace'))
            except Exception:  # a client that refuses the token: index without progress
                logger.info('the client refused a progress token; indexing quietly')
                progress = False

        def report(done: int, total: int, path: str) -> None:
            if progress and (done % 25 == 0 or done == total):
                percentage = int(done * 100 / total) if total else 100
                loop.call_soon_threadsafe(self.work_done_progress.report, token,
                                          convert.progress_report(f'{done}/{total} files',
                                                                  percentage))
        count = 0
        for workspace in spaces:
            index = await loop.run_in_executor(self.executor, workspace.index, report)
            count += len(index.summaries)
        if progress:
            self.work_done_progress.end(token, convert.progress_end(
                f'{count} Heat documents indexed'))
        logger.info('indexed %d Heat documents in %d workspace folder(s)', count, len(spaces))
        await self.workspace_diagnostics.check_all()

    # -- diagnostics of the files not open (diagnostic_mode = "workspace", "stacks") --

    async def workspace_candidates(self) -> list[str]:
        """The files that get diagnostics unopened (found in a worker): the Heat documents of
        the editor's folders whose settings ask for the workspace mode, Jinja2 sources too;
        the templates the stacks of open templates use whose settings ask for stacks mode."""
        loop = asyncio.get_running_loop()
        found: list[str] = []
        asked = False
        for workspace in self.workspaces.all():
            if workspace.settings.diagnostic_mode == 'workspace':
                asked = True
                found.extend(await loop.run_in_executor(self.executor,
                                                        workspace.heat_documents))
        if asked:
            count = f'{len(found)} Heat document' + ('s' if len(found) != 1 else '')
            logger.info('diagnostic_mode = "workspace": %s', f'checking {count} of the '
                        'workspace folders in the background' if found else
                        'no Heat document in the workspace folders to check')
        used = await loop.run_in_executor(self.executor, self.used_by_open_templates)
        if used or self._stack_scope:
            logger.info('diagnostic_mode = "stacks": %d template(s) the open ones use',
                        len(used))
        self._stack_scope = frozenset(used)
        chains = await loop.run_in_executor(self.executor, self._nested_chains, used)
        moved = [path for path, chain in chains.items()
                 if path in self._stack_chains and self._stack_chains[path] != chain]
        self._stack_chains = chains
        if moved:  # (a used template is another nested stack now: an open root closed...)
            self.workspace_diagnostics.files_changed(moved)
        everywhere = set(found)
        return found + [path for path in used if path not in everywhere]

    def _nested_chains(self, used: list[str]) -> dict[str, tuple[str, ...] | None]:
        """The chain of templates above each template used, in the nested stack it is
        checked as (`_nested_stack`; None: its own, or a configured stack's)."""
        found = {}
        for path in used:
            context = self._nested_stack(self.workspaces.for_path(path), path)
            found[os.path.abspath(path)] = context.chain if context is not None else None
        return found

    def used_by_open_templates(self) -> list[str]:
        """The templates the stacks of the open documents use, of the documents whose
        settings ask for stacks mode (hot-ls check's `templates_used`)."""
        opened: dict[int, tuple[Any, list[str]]] = {}
        for document in list(self.documents):
            if document.path is None:
                continue
            workspace = self.workspaces.for_path(document.path)
            if workspace.settings.diagnostic_mode == 'stacks':
                opened.setdefault(id(workspace), (workspace, []))[1].append(document.path)
        used: list[str] = []
        for workspace, paths in opened.values():
            used.extend(templates_used(workspace, paths))
        return used

    def rescope(self) -> None:
        """Open templates may use other templates now (one opened, closed, or its types
        edited): in stacks mode, check those newly used, clear those no longer used."""
        if self._loop is None:
            return
        if self._stack_scope or any(
                d.path is not None and
                self.workspaces.for_path(d.path).settings.diagnostic_mode == 'stacks'
                for d in self.documents):
            self._loop.create_task(self.workspace_diagnostics.rescope())

    def _nested_stack(self, workspace, path: str):
        """In stacks mode, a template the open ones use: the nested stack it is in when the
        first open template whose stack reaches it is created (as `hot-ls check ROOT` checks
        what it follows: a value Heat checks only when it creates the nested stack is a
        warning there); None for any other file (the stack the workspace makes of it: its
        own, or a configured stack's)."""
        if os.path.abspath(path) not in self._stack_scope:
            return None
        opened = [document.path for document in list(self.documents)
                  if document.path is not None
                  and self.workspaces.for_path(document.path) is workspace]
        return workspace.nested_from(opened).get(os.path.abspath(path))

    def in_workspace_mode(self, path: str) -> bool:
        """Whether a file gets diagnostics unopened: one an open template's stack uses in
        stacks mode; one the workspace of an editor folder finds (as `hot-ls check` finds
        files in a folder), under settings that ask for the workspace mode."""
        if os.path.abspath(path) in self._stack_scope:
            return True
        if not any(space.discovers(path) for space in self.workspaces.all()):
            return False
        return self.workspaces.for_path(path).settings.diagnostic_mode == 'workspace'

    def is_open(self, path: str) -> bool:
        path = os.path.abspath(path)
        return any(d.path is not None and os.path.abspath(d.path) == path
                   for d in self.documents)

    async def check_in_worker(self, path: str) -> Result | None:
        return await asyncio.get_running_loop().run_in_executor(
            self.executor, self.check_unopened, path)

    def check_unopened(self, path: str) -> Result | None:
        """The diagnostics a file not open gets: those it would get opened, from its text on
        disk; None when it gets none (gone, unreadable, not a Heat document)."""
        workspace = self.workspaces.for_path(path)
        source = workspace.files.read(path)
        if source.problem is not None:
            return None
        analysis = analyze(source.text, path, workspace.settings, workspace=workspace,
                           stack=self._nested_stack(workspace, path))
        if not gate.serves(analysis):
            return None
        reads = set(analysis.dependencies)
        if analysis.kind is Kind.ENVIRONMENT:
            stacks = workspace.stacks_created_with(path)
            reads.update(stacks)
            analysis.diagnostics = _with_problems_of_stacks(analysis, workspace, stacks)
        uri = convert.path_to_uri(path)
        payload = types.PublishDiagnosticsParams(
            uri=uri, diagnostics=convert.diagnostics(analysis, uri, self.client))
        return Result(uri, payload, frozenset(os.path.abspath(p) for p in reads))

    def workspace_check_progress(self, done: int, total: int) -> None:
        """Work-done progress of a pass over the workspace (when it has more than a few
        files to check); each report is sent once the progress has begun, in order."""
        if not self.client.work_done_progress:
            return
        loop = asyncio.get_running_loop()
        if done == 1 and total > 5 and self._checking_progress is None:
            token = f'hot-ls-check-{time.monotonic_ns()}'
            self._checking_progress = (token, loop.create_task(self._begin_progress(token)))
            return
        if self._checking_progress is None:
            return
        token, begun = self._checking_progress
        if done == total:
            self._checking_progress = None
            send = functools.partial(self.work_done_progress.end, token,
                                     convert.progress_end(f'{total} files checked'))
        elif done % 25 == 0:
            send = functools.partial(self.work_done_progress.report, token,
                                     convert.progress_report(f'{done}/{total} files',
                                                             int(done * 100 / total)))
        else:
            return
        loop.create_task(_once_begun(begun, send))

    async def _begin_progress(self, token: str) -> bool:
        try:
            await self.work_done_progress.create_async(token)
        except Exception:  # a client that refuses the token: the pass goes on quietly
            return False
        self.work_done_progress.begin(token, convert.progress_begin(
            'hot-ls', 'checking the workspace'))
        return True

    def close_session(self) -> None:
        self.workspace_diagnostics.close()
        self.scheduler.close()
        self.executor.shutdown(wait=False, cancel_futures=True)
        if self._log_handler is not None:
            logs.detach(self._log_handler)
            self._log_handler = None


# -- handlers --------------------------------------------------------------------

def initialize(ls: HotLanguageServer, params: types.InitializeParams) -> None:
    ls.forward_logs()  # window/logMessage is allowed while initializing
    ls.client = convert.client_features(params.capabilities)
    ls.settings.initialize(params.initialization_options)
    ls.workspaces.configure(ls.settings.data)
    ls.workspaces.set_folders(convert.workspace_folders(params))
    logger.info('client %s: position encoding %s, %s diagnostics',
                params.client_info.name if params.client_info else '(unnamed)',
                ls.client.encoding.value, 'pull' if ls.client.pull_diagnostics else 'push')


async def initialized(ls: HotLanguageServer, params: types.InitializedParams) -> None:
    ls.show_settings_problems()
    if ls.client.watch_files:
        try:
            await ls.client_register_capability_async(convert.watched_files_registration())
        except Exception:
            logger.info('the client did not register the file watchers')
    asyncio.get_running_loop().create_task(ls.index_workspaces())
    if ls.client.configuration:
        applied = ls.settings.applied
        options = await ls.pull_configuration()
        if ls.settings.applied != applied:
            return  # a didChangeConfiguration came meanwhile: newer than this answer
        if options is not None and ls.settings.configure(options):
            ls.settings_changed()
        else:
            ls.show_settings_problems()


def did_open(ls: HotLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    document = ls.documents.open(item.uri, convert.uri_to_path(item.uri), item.text,
                                 item.version)
    ls.workspaces.opened(document.path, document.text)
    ls.diagnose(item.uri, 0)
    published = ls.workspace_diagnostics.opened(document.path)
    if published is not None and (ls.client.pull_diagnostics or published != item.uri):
        # (a push client's next publish for the document replaces them)
        ls.text_document_publish_diagnostics(convert.cleared(published))
    ls.rescope()


def did_change(ls: HotLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    uri = params.text_document.uri
    document = ls.documents.change(uri, params.text_document.version,
                                   convert.edits(params.content_changes), ls.client.encoding)
    ls.workspaces.edited(document.path, document.text)
    settings_files_looked_at(ls)
    ls.diagnose(uri, ls.scheduler.debounce(
        uri, ls.workspaces.for_path(document.path).settings.debounce_ms / 1000))


def did_save(ls: HotLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    uri = params.text_document.uri
    if params.text is not None:
        document = ls.documents.replace(uri, params.text)
        ls.workspaces.edited(document.path, document.text)
    if settings_files_looked_at(ls):
        return
    if ls.scheduler.pending(uri) or params.text is not None:
        ls.diagnose(uri, 0)  # saving is a good moment not to wait out the debounce


def settings_files_looked_at(ls: HotLanguageServer) -> bool:
    """For an editor that does not report changed files: when a settings file has changed
    (or one appeared: a quick fix's `.hot-ls.toml`), read them all again and analyse every
    document anew, as did_change_watched_files does.  Whether they had."""
    if ls.client.watch_files or not ls.workspaces.settings_files_stale():
        return False
    ls.workspaces.settings_files_changed()
    ls.rediagnose_all()
    return True


def did_close(ls: HotLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.scheduler.forget(uri)
    document = ls.documents.close(uri)
    if document is not None and document.path is not None:
        ls.forget_stacks_of(document.path)
        ls.forget_uses_of(document.path)
    if document is not None and ls.workspaces.closed(document.path):
        ls.dependencies_changed([document.path])
    if ls.client.push_diagnostics:
        ls.text_document_publish_diagnostics(convert.cleared(uri))
    if document is not None:
        ls.workspace_diagnostics.closed(document.path)
        ls.rescope()


async def diagnostic(ls: HotLanguageServer, params: types.DocumentDiagnosticParams):
    try:
        document, analysis = await request_analysis(ls, params.text_document.uri)
    except JsonRpcContentModified:
        # The client asks again for the text it has now (LSP's ServerCancelled).
        raise JsonRpcException('the document changed; pull again', SERVER_CANCELLED,
                               {'retriggerRequest': True}) from None
    ls.show_settings_problems()
    return convert.report(document, analysis if gate.serves(analysis) else None,
                          ls.result_id(document), params.previous_result_id, ls.client)


async def did_change_configuration(ls: HotLanguageServer,
                                   params: types.DidChangeConfigurationParams) -> None:
    options = params.settings
    if not options and ls.client.configuration:
        applied = ls.settings.applied
        options = await ls.pull_configuration()  # the client sends none: ask for it
        if ls.settings.applied != applied:
            return  # another configuration came meanwhile: newer than this answer
    if ls.settings.configure(options):
        ls.settings_changed()
    else:
        ls.show_settings_problems()


SERVER_CANCELLED = -32802  # LSP's ServerCancelled error code


async def request_analysis(ls: HotLanguageServer, uri: str) -> tuple[Document, Analysis]:
    """The analysis of the text the request was sent against: the document as it was when
    the request arrived (`protocol.arrival`).  Once the text has moved on, the request is
    answered ContentModified: a range of another version is never sent."""
    pinned = arrival.get()
    revision = pinned[1] if pinned is not None and pinned[0] == uri else \
        ls.documents.get(uri).revision
    try:
        return await ls.scheduler.analysis(uri, revision)
    except Outdated:
        raise JsonRpcContentModified() from None


def still_current(ls: HotLanguageServer, document: Document, revision: int) -> None:
    """After work off the event loop: ContentModified if the text changed meanwhile."""
    if ls.documents.find(document.uri) is not document or document.revision != revision:
        raise JsonRpcContentModified()


async def current_analysis(ls: HotLanguageServer, uri: str) -> tuple[Document, Analysis]:
    """The freshest analysis at hand: a slightly stale one rather than a wait.

    Completion runs between keystrokes; the text it reads is always current
    (the features take it separately), only the names and facts may be one
    edit old.  With no analysis yet, or one whose tree an incremental parse
    has moved into the next analysis, wait for the next.
    """
    document = ls.documents.get(uri)
    analysis = document.analysis
    if analysis is not None and not analysis.tree.consumed:
        return document, analysis
    # None yet, or its tree was moved into the next analysis (being made): wait for that.
    return await ls.scheduler.analysis(uri)


async def completion(ls: HotLanguageServer, params: types.CompletionParams):
    document, analysis = await current_analysis(ls, params.text_document.uri)
    offset = document.offset(params.position.line, params.position.character, ls.client.encoding)
    result = features_completion.complete(analysis, document.text, offset, document.lines)
    return convert.completion(gate.completion(analysis, document.text, result), document.lines,
                              ls.client)


async def hover(ls: HotLanguageServer, params: types.HoverParams):
    # The analysis of the current text: what is under the cursor must be what is shown.
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return None
    offset = document.offset(params.position.line, params.position.character, ls.client.encoding)
    return convert.hover(features_hover.hover(analysis, offset), document.lines, ls.client)


async def signature_help(ls: HotLanguageServer, params: types.SignatureHelpParams):
    # Like completion: the current (half-typed) text, the names of the last analysis.
    document, analysis = await current_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return None
    offset = document.offset(params.position.line, params.position.character, ls.client.encoding)
    result = features_signature_help.signature_help(analysis, document.text, offset)
    return convert.signature_help(result, ls.client)


async def inlay_hint(ls: HotLanguageServer, params: types.InlayHintParams):
    if not ls.client.inlay_hints:
        return []  # the values go to code lenses instead
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return []
    hints = await _in_worker(ls, document, features_evaluation.value_hints, analysis)
    return convert.inlay_hints(hints, document.lines, ls.client)


async def code_lens(ls: HotLanguageServer, params: types.CodeLensParams):
    if ls.client.inlay_hints:
        return []  # the values are shown as inlay hints
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return []
    hints = await _in_worker(ls, document, features_evaluation.value_hints, analysis)
    return convert.code_lenses(hints, document.lines, ls.client)


async def preview_outputs(ls: HotLanguageServer, *arguments: Any) -> Any:
    """`hot-ls.previewOutputs [uri]`: the preview of a document under the configured inputs."""
    uri = arguments[0] if arguments else None
    if isinstance(uri, dict):
        uri = uri.get('uri')
    if not isinstance(uri, str):
        raise ValueError('hot-ls.previewOutputs needs the URI of an open document')
    document, analysis = await request_analysis(ls, uri)
    return await _in_worker(ls, document, features_evaluation.preview, analysis)


async def show_graph(ls: HotLanguageServer, *arguments: Any) -> Any:
    """`hot-ls.showGraph [uri]`: the document's resource dependency graph as Mermaid text,
    under the configured inputs (the same graph as `hot-ls graph --format mermaid`)."""
    uri = arguments[0] if arguments else None
    if isinstance(uri, dict):
        uri = uri.get('uri')
    if not isinstance(uri, str):
        raise ValueError('hot-ls.showGraph needs the URI of an open document')
    document, analysis = await request_analysis(ls, uri)

    def build() -> str:
        return features_graph.to_mermaid(features_graph.dependency_graph(
            analysis, resolver=features_graph.workspace_resolver(analysis)))
    return await _in_worker(ls, document, build)


def show_value(ls: HotLanguageServer, *arguments: Any) -> Any:
    """`hot-ls.showValue`: what a value lens was clicked for; the client shows it."""
    return arguments[0] if arguments else None


# Navigation and structure read the analysis of the current text: their
# positions must be the document's as the client sees it.  Their answers can be
# large (thousands of references or tokens): building them with the collector
# paused saves it rescanning the document's tree (see hot_ls.syntax.gc_pause).

async def _at(ls: HotLanguageServer, params) -> tuple[Document, Analysis, int]:
    document, analysis = await request_analysis(ls, params.text_document.uri)
    offset = document.offset(params.position.line, params.position.character, ls.client.encoding)
    return document, analysis, offset


async def definition(ls: HotLanguageServer, params: types.DefinitionParams):
    document, analysis, offset = await _at(ls, params)
    found = await _in_worker(ls, document, features_definition.definition, analysis, offset)
    return convert.locations(found, document.uri, document.lines, ls.client, ls.lines_of)


async def _in_worker(ls: HotLanguageServer, document: Document, function: Callable[..., Any],
                     *args: Any) -> Any:
    """Run a feature that may read other files (the workspace index) off the event loop;
    its answer is for the document's text as it was, so ContentModified if that changed."""
    revision = document.revision

    def run():
        with gc_paused():
            return function(*args)
    try:
        result = await asyncio.get_running_loop().run_in_executor(ls.executor, run)
    except JsonRpcException:
        raise
    except Exception:
        still_current(ls, document, revision)  # an outdated run's failure is no failure
        raise
    still_current(ls, document, revision)
    return result


async def references(ls: HotLanguageServer, params: types.ReferenceParams):
    document, analysis, offset = await _at(ls, params)
    found = await _in_worker(ls, document, features_references.references, analysis, offset,
                             params.context.include_declaration)
    with gc_paused():
        return convert.locations(found, document.uri, document.lines, ls.client, ls.lines_of)


async def document_highlight(ls: HotLanguageServer, params: types.DocumentHighlightParams):
    document, analysis, offset = await _at(ls, params)
    with gc_paused():
        return convert.document_highlights(features_references.highlight(analysis, offset),
                                           document.lines, ls.client)


async def prepare_rename(ls: HotLanguageServer, params: types.PrepareRenameParams):
    document, analysis, offset = await _at(ls, params)
    try:
        span = features_rename.prepare_rename(analysis, offset)
    except RenameError as error:
        raise convert.request_failed(str(error)) from None
    return convert.prepare_rename(span, document.lines, ls.client)


async def rename(ls: HotLanguageServer, params: types.RenameParams):
    document, analysis, offset = await _at(ls, params)
    try:
        result = await _in_worker(ls, document, features_rename.rename, analysis, offset,
                                  params.new_name)
    except RenameError as error:
        raise convert.request_failed(str(error)) from None
    with gc_paused():
        return convert.workspace_edit(result, document.uri, document.lines, ls.client,
                                      ls.lines_of, ls.version_of)


async def document_link(ls: HotLanguageServer, params: types.DocumentLinkParams):
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return []
    return convert.document_links(features_links.document_links(analysis), document.lines,
                                  ls.client)


async def will_rename_files(ls: HotLanguageServer, params: types.RenameFilesParams):
    """Before the editor renames or moves files or folders: the edits that keep every
    reference to them, and every relative one written in them, naming the same files."""
    moves = [features_file_moves.Move(old, new) for old, new in
             ((convert.uri_to_path(f.old_uri), convert.uri_to_path(f.new_uri))
              for f in params.files) if old and new]
    if not moves:
        return None

    def run():
        paths = [path for workspace in ls.workspaces.all() for path in workspace.heat_documents()]
        with gc_paused():
            return features_file_moves.move_edits(moves, paths, ls.workspaces.for_path,
                                                  ls.workspaces.settings_files())
    edits = await asyncio.get_running_loop().run_in_executor(ls.executor, run)
    if not edits:
        return None
    with gc_paused():
        return convert.file_edits(edits, ls.client, ls.lines_of, ls.version_of)


async def prepare_call_hierarchy(ls: HotLanguageServer,
                                 params: types.CallHierarchyPrepareParams):
    """The template at the position (or the one a resource's `type:` there nests), as the
    root of the hierarchy of which templates nest which (features.nesting)."""
    document, analysis, offset = await _at(ls, params)
    if not gate.serves(analysis):
        return None
    item = await _in_worker(ls, document, features_nesting.prepare_at, analysis, offset)
    return [convert.nesting_item(item, ls.client, ls.lines_of)] if item is not None else None


async def incoming_calls(ls: HotLanguageServer, params: types.CallHierarchyIncomingCallsParams):
    """The templates whose resources nest the item's template."""
    path = convert.uri_to_path(params.item.uri)
    calls = await _nesting(ls, features_nesting.incoming, path)
    return convert.incoming_calls(calls, ls.client, ls.lines_of)


async def outgoing_calls(ls: HotLanguageServer, params: types.CallHierarchyOutgoingCallsParams):
    """The templates the item's template nests."""
    path = convert.uri_to_path(params.item.uri)
    calls = await _nesting(ls, features_nesting.outgoing, path)
    return convert.outgoing_calls(calls, path, ls.client, ls.lines_of)


async def _nesting(ls: HotLanguageServer, function: Callable[..., Any], path: str | None):
    if path is None:
        return []
    workspace = ls.workspaces.for_path(path)

    def run():
        with gc_paused():
            return function(workspace, path)
    return await asyncio.get_running_loop().run_in_executor(ls.executor, run)


async def workspace_symbol(ls: HotLanguageServer, params: types.WorkspaceSymbolParams):
    loop = asyncio.get_running_loop()
    found = []
    for workspace in ls.workspaces.all():
        index = await loop.run_in_executor(ls.executor, workspace.index)
        found.extend(features_workspace_symbols.workspace_symbols(index, params.query))
    return convert.workspace_symbols(found, ls.client, ls.lines_of)


def did_change_watched_files(ls: HotLanguageServer,
                             params: types.DidChangeWatchedFilesParams) -> None:
    paths = convert.changed_paths(params)
    if any(os.path.basename(p) in SETTINGS_FILES for p in paths):
        ls.workspaces.settings_files_changed()  # every workspace reads its settings again
        ls.rediagnose_all()
        return
    if paths and ls.workspaces.files_changed(paths):
        # (the files of the workspace mode among them; every document, when the stacks reach
        # other templates than before)
        restructured = [p for p in paths if ls.workspaces.restructured(p)]
        ls.dependencies_changed(paths, bool(restructured))
    elif paths:
        ls.workspace_diagnostics.files_changed(paths)
        ls.rescope()


async def document_symbol(ls: HotLanguageServer, params: types.DocumentSymbolParams):
    document, analysis = await request_analysis(ls, params.text_document.uri)
    with gc_paused():
        return convert.document_symbols(features_symbols.document_symbols(analysis),
                                        document.uri, document.lines, ls.client)


async def folding_range(ls: HotLanguageServer, params: types.FoldingRangeParams):
    document, analysis = await request_analysis(ls, params.text_document.uri)
    with gc_paused():
        return convert.folding_ranges(features_folding.folding_ranges(analysis), ls.client)


async def selection_range(ls: HotLanguageServer, params: types.SelectionRangeParams):
    document, analysis = await request_analysis(ls, params.text_document.uri)
    offsets = [document.offset(p.line, p.character, ls.client.encoding) for p in params.positions]
    return convert.selection_ranges(features_selection.selection_ranges(analysis, offsets),
                                    document.lines, ls.client)


async def semantic_tokens_full(ls: HotLanguageServer, params: types.SemanticTokensParams):
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return None
    with gc_paused():
        return convert.semantic_tokens(features_semantic_tokens.semantic_tokens(analysis),
                                       document.lines, ls.client)


async def semantic_tokens_range(ls: HotLanguageServer, params: types.SemanticTokensRangeParams):
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return None
    where, encoding = params.range, ls.client.encoding
    start = document.offset(where.start.line, where.start.character, encoding)
    end = document.offset(where.end.line, where.end.character, encoding)
    with gc_paused():
        tokens = features_semantic_tokens.semantic_tokens(analysis, start, end)
        return convert.semantic_tokens(tokens, document.lines, ls.client)


async def code_action(ls: HotLanguageServer, params: types.CodeActionParams):
    """Quick fixes for the diagnostics the client sent (matched back to the analysis of the
    current text; without any of hot-ls's, those at the range), then refactorings."""
    document, analysis = await request_analysis(ls, params.text_document.uri)
    if not gate.serves(analysis):
        return []
    lines = document.lines
    start, end = convert.range_offsets(params.range, lines, ls.client.encoding)
    sent = convert.context_diagnostics(params.context.diagnostics, analysis, lines, ls.client)
    if sent is None:
        sent = [(d, None) for d in analysis.diagnostics if d.start <= end and start <= d.end]
    actions = features_code_actions.code_actions(analysis, start, end, [d for d, _ in sent])
    only = [str(getattr(kind, 'value', kind)) for kind in params.context.only or ()]
    if only and convert.wanted_kind(FIX_ALL, only):  # (asked for: it analyses the text again)
        def analyze_text(text: str) -> Analysis:
            return analyze(text, analysis.path, analysis.settings, workspace=analysis.workspace)
        fix_all = await _in_worker(ls, document, fix_all_action, analysis, analyze_text)
        actions = actions + ([fix_all] if fix_all is not None else [])
    return convert.code_actions(actions, document.uri, document.version, lines,
                                [(d, lsp) for d, lsp in sent if lsp is not None],
                                params.context.only, ls.client, ls.lines_of, ls.version_of)


def shutdown(ls: HotLanguageServer, params: None) -> None:
    ls.shutdown_requested = True
    ls.close_session()


@dataclass(frozen=True)
class Handler:
    method: str
    function: Callable[..., Any]
    options: Any = None


HANDLERS: list[Handler] = [
    # -- lifecycle
    Handler(types.INITIALIZE, initialize),
    Handler(types.INITIALIZED, initialized),
    Handler(types.SHUTDOWN, shutdown),
    # -- document sync
    Handler(types.TEXT_DOCUMENT_DID_OPEN, did_open),
    Handler(types.TEXT_DOCUMENT_DID_CHANGE, did_change),
    Handler(types.TEXT_DOCUMENT_DID_SAVE, did_save, types.SaveOptions(include_text=False)),
    Handler(types.TEXT_DOCUMENT_DID_CLOSE, did_close),
    Handler(types.WORKSPACE_DID_CHANGE_CONFIGURATION, did_change_configuration),
    # -- diagnostics (pull; only announced to clients that pull, see convert)
    Handler(types.TEXT_DOCUMENT_DIAGNOSTIC, diagnostic, convert.DIAGNOSTIC_OPTIONS),
    # -- language features: one row each (pure functions in hot_ls/features/)
    Handler(types.TEXT_DOCUMENT_COMPLETION, completion, convert.COMPLETION_OPTIONS),
    Handler(types.TEXT_DOCUMENT_HOVER, hover),
    Handler(types.TEXT_DOCUMENT_SIGNATURE_HELP, signature_help, convert.SIGNATURE_HELP_OPTIONS),
    Handler(types.TEXT_DOCUMENT_INLAY_HINT, inlay_hint, types.InlayHintOptions()),
    Handler(types.TEXT_DOCUMENT_CODE_LENS, code_lens, types.CodeLensOptions()),
    Handler(types.TEXT_DOCUMENT_CODE_ACTION, code_action, convert.CODE_ACTION_OPTIONS),
    Handler(types.TEXT_DOCUMENT_DEFINITION, definition),
    Handler(types.TEXT_DOCUMENT_REFERENCES, references),
    Handler(types.TEXT_DOCUMENT_DOCUMENT_HIGHLIGHT, document_highlight),
    Handler(types.TEXT_DOCUMENT_PREPARE_RENAME, prepare_rename),
    Handler(types.TEXT_DOCUMENT_RENAME, rename),
    Handler(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL, document_symbol),
    Handler(types.TEXT_DOCUMENT_FOLDING_RANGE, folding_range),
    Handler(types.TEXT_DOCUMENT_SELECTION_RANGE, selection_range),
    Handler(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL, semantic_tokens_full,
            convert.SEMANTIC_LEGEND),
    Handler(types.TEXT_DOCUMENT_SEMANTIC_TOKENS_RANGE, semantic_tokens_range,
            convert.SEMANTIC_LEGEND),
    Handler(types.TEXT_DOCUMENT_DOCUMENT_LINK, document_link, types.DocumentLinkOptions()),
    Handler(types.TEXT_DOCUMENT_PREPARE_CALL_HIERARCHY, prepare_call_hierarchy),
    Handler(types.CALL_HIERARCHY_INCOMING_CALLS, incoming_calls),
    Handler(types.CALL_HIERARCHY_OUTGOING_CALLS, outgoing_calls),
    # -- the workspace
    Handler(types.WORKSPACE_SYMBOL, workspace_symbol),
    Handler(types.WORKSPACE_DID_CHANGE_WATCHED_FILES, did_change_watched_files),
    Handler(types.WORKSPACE_WILL_RENAME_FILES, will_rename_files, convert.FILE_MOVE_OPTIONS),
]


def guarded(handler: Handler) -> Callable[..., Any]:
    """Log any exception; re-raise it only for a request, which must get an answer
    (pygls turns it into an error response)."""
    function, method = handler.function, handler.method
    # Requests have a response type in lsprotocol's table; notifications have None.
    is_request = types.METHOD_TO_TYPES[method][1] is not None

    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def run_async(ls, params):
            try:
                return await function(ls, params)
            except (asyncio.CancelledError, JsonRpcException):
                raise
            except DocumentNotOpen as error:
                if is_request:  # the client's mistake, not a failure of the server
                    raise convert.request_failed(f'hot-ls: {error}') from None
                logger.exception('%s failed', method)
            except Exception:
                logger.exception('%s failed', method)
                if is_request:
                    raise
        return run_async

    @functools.wraps(function)
    def run(ls, params):
        try:
            return function(ls, params)
        except JsonRpcException:
            raise
        except DocumentNotOpen as error:
            if is_request:
                raise convert.request_failed(f'hot-ls: {error}') from None
            logger.exception('%s failed', method)
        except Exception:
            logger.exception('%s failed', method)
            if is_request:
                raise
    return run


# workspace/executeCommand: command name -> function(ls, arguments)
COMMANDS: dict[str, Callable[..., Any]] = {
    convert.PREVIEW_COMMAND: preview_outputs,
    convert.SHOW_VALUE_COMMAND: show_value,
    convert.SHOW_GRAPH_COMMAND: show_graph,
}


def guarded_command(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """A command handler (pygls passes the arguments one by one) that logs its failures."""
    @functools.wraps(function)
    async def run(ls, *arguments):
        try:
            result = function(ls, *arguments)
            return await result if inspect.isawaitable(result) else result
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception('command %s failed', name)
            raise
    return run


def create_server() -> HotLanguageServer:
    server = HotLanguageServer()
    for handler in HANDLERS:
        server.feature(handler.method, handler.options)(guarded(
            budget.handler_within_limits(handler)))
    for name, function in COMMANDS.items():
        server.command(name)(guarded_command(name, budget.command_within_limits(function)))
    return server
