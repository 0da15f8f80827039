"""The server's plain parts, without a client: document store, conversion,
settings, scheduling, and the rule that only hot_ls/server imports pygls."""
from __future__ import annotations

import asyncio
import os
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from lsprotocol import types
from pytest_lsp import client_capabilities

from hot_ls.config import Settings
from hot_ls.rules import analyze
from hot_ls.rules.incremental import reanalyze
from hot_ls.analysis import Diagnostic, Related, Severity, Tag
from hot_ls.server import convert
from hot_ls.server.documents import DocumentNotOpen, DocumentStore, Edit, apply_edit
from hot_ls.server.scheduler import Outdated, Scheduler
from hot_ls.server.settings import ServerSettings, unwrap
from hot_ls.text import Encoding, LineIndex
from lsp_session import COLUMNS, LINE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# -- documents -----------------------------------------------------------------------

@pytest.mark.parametrize('encoding, column', [
    (Encoding.UTF32, 5), (Encoding.UTF16, 6), (Encoding.UTF8, 10)])
def test_edit_after_wide_characters(encoding, column):
    text = 'a: 日😀 b\nc: 1\n'   # the space before "b" is code point 5, `column` in `encoding`
    assert apply_edit(text, Edit('X', (0, column), (0, column + 1)), encoding) == 'a: 日😀Xb\nc: 1\n'


def test_only_lsp_line_breaks_count():
    # U+2028, NEL and form feed are not line breaks in LSP (pygls's str.splitlines says they are).
    text = 'a: "x\u2028y\x85z\x0c"\nb: 1\r\nc: 2\rd: 3\n'
    assert apply_edit(text, Edit('B', (1, 0), (1, 1)), Encoding.UTF16) == (
        'a: "x\u2028y\x85z\x0c"\nB: 1\r\nc: 2\rd: 3\n')
    assert apply_edit(text, Edit('C', (2, 0), (2, 1)), Encoding.UTF16).endswith('C: 2\rd: 3\n')
    assert apply_edit(text, Edit('D', (3, 0), (3, 1)), Encoding.UTF16).endswith('c: 2\rD: 3\n')


def test_positions_past_the_end_clamp():
    text = 'ab\ncd'
    assert apply_edit(text, Edit('!', (1, 99), (1, 99)), Encoding.UTF16) == 'ab\ncd!'
    assert apply_edit(text, Edit('!', (0, 99), (0, 99)), Encoding.UTF16) == 'ab!\ncd'
    assert apply_edit(text, Edit('!', (9, 0), (9, 0)), Encoding.UTF16) == 'ab\ncd!'
    assert apply_edit(text, Edit('', (0, 1), (1, 1)), Encoding.UTF16) == 'ad'
    assert apply_edit(text, Edit('whole'), Encoding.UTF16) == 'whole'


def test_store_versions_and_revisions():
    store = DocumentStore()
    doc = store.open('file:///a.yaml', '/a.yaml', 'x: 1\n', 1)
    first = doc.revision
    store.change('file:///a.yaml', 2, [Edit('2', (0, 3), (0, 4)), Edit('y', (0, 0), (0, 1))],
                 Encoding.UTF16)
    assert (doc.text, doc.version) == ('y: 2\n', 2) and doc.revision > first
    revision = doc.revision
    store.replace('file:///a.yaml', 'y: 2\n')
    assert doc.revision == revision            # same text: same revision
    store.replace('file:///a.yaml', 'z: 3\n')
    assert doc.revision > revision and doc.text == 'z: 3\n'
    assert store.close('file:///a.yaml') is doc and store.close('file:///a.yaml') is None
    with pytest.raises(DocumentNotOpen, match='not open'):
        store.get('file:///a.yaml')
    assert store.open('file:///a.yaml', None, 'y: 2\n', 2).revision != revision


# -- convert -------------------------------------------------------------------------

def _caps(name: str) -> types.ClientCapabilities:
    return client_capabilities(name)


def test_client_features_of_the_recorded_clients():
    vscode = convert.client_features(_caps('visual-studio-code@v1.65.2'))
    assert (vscode.encoding, vscode.pull_diagnostics, vscode.related_information) == (
        Encoding.UTF16, False, True)
    assert vscode.tags == {1, 2} and vscode.configuration
    neovim = convert.client_features(_caps('neovim@v0.11.0'))
    assert (neovim.encoding, neovim.pull_diagnostics, neovim.related_information) == (
        Encoding.UTF32, True, True)
    old = convert.client_features(_caps('neovim@v0.9.1'))
    assert old.pull_diagnostics is False and old.encoding is Encoding.UTF16
    assert convert.client_features(None) == convert.ClientFeatures()
    assert convert.client_features(types.ClientCapabilities()) == convert.ClientFeatures()


@pytest.mark.parametrize('offered, chosen', [
    (['utf-8', 'utf-16', 'utf-32'], Encoding.UTF32), (['utf-16', 'utf-8'], Encoding.UTF8),
    (['utf-16'], Encoding.UTF16), ([], Encoding.UTF16), (['utf-7'], Encoding.UTF16)])
def test_encoding_negotiation(offered, chosen):
    caps = types.ClientCapabilities(general=types.GeneralClientCapabilities(
        position_encodings=offered))
    features = convert.client_features(caps)
    assert features.encoding is chosen
    server = convert.server_capabilities(types.ServerCapabilities(
        position_encoding='utf-16', diagnostic_provider=convert.DIAGNOSTIC_OPTIONS), features)
    assert server.position_encoding == chosen.value and server.diagnostic_provider is None


def test_pull_capability_settings_win_over_publish_ones():
    caps = types.ClientCapabilities(text_document=types.TextDocumentClientCapabilities(
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
        diagnostic=types.DiagnosticClientCapabilities(related_information=False)))
    assert convert.client_features(caps).related_information is False


TEXT = 'a: 日😀\nb: 2\n'
DIAGNOSTIC = Diagnostic('HOT999', 'example', Severity.HINT, 'msg', 5, 9,
                        [Related(0, 1, 'see a')], (Tag.DEPRECATED, Tag.UNNECESSARY), {'k': [1]})


@pytest.mark.parametrize('encoding, start', [
    (Encoding.UTF32, 5), (Encoding.UTF16, 6), (Encoding.UTF8, 10)])
def test_diagnostic_conversion(encoding, start):
    features = convert.ClientFeatures(encoding=encoding, related_information=True,
                                      tags=frozenset({1, 2}))
    d = convert.diagnostic(DIAGNOSTIC, LineIndex(TEXT), 'file:///t.yaml', features)
    assert (d.range.start.line, d.range.start.character) == (0, start)
    assert (d.range.end.line, d.range.end.character) == (1, 3)
    assert d.severity == types.DiagnosticSeverity.Hint and d.code == 'HOT999'
    assert d.source == 'hot-ls' and d.data == {'k': [1]} and d.code_description is None
    assert d.tags == [types.DiagnosticTag.Deprecated, types.DiagnosticTag.Unnecessary]
    [related] = d.related_information
    assert related.location.uri == 'file:///t.yaml' and related.message == 'see a'


def test_diagnostic_conversion_respects_missing_support():
    features = convert.ClientFeatures(tags=frozenset({1}))  # Unnecessary only
    d = convert.diagnostic(DIAGNOSTIC, LineIndex(TEXT), 'file:///t.yaml', features)
    assert d.tags == [types.DiagnosticTag.Unnecessary]
    assert d.related_information is None
    plain = convert.diagnostic(DIAGNOSTIC, LineIndex(TEXT), 'u', convert.ClientFeatures())
    assert plain.tags is None


def test_uri_to_path_and_edits():
    assert convert.uri_to_path('file:///tmp/a%20b.yaml') == '/tmp/a b.yaml'
    assert convert.uri_to_path('untitled:Untitled-1') is None
    changes = [types.TextDocumentContentChangePartial(
        range=types.Range(types.Position(1, 2), types.Position(3, 4)), text='x'),
        types.TextDocumentContentChangeWholeDocument(text='all')]
    assert convert.edits(changes) == [Edit('x', (1, 2), (3, 4)), Edit('all')]


def test_encoding_columns_differ():
    """The e2e fixture line really does tell the three encodings apart."""
    prefix = LINE[:LINE.rindex(', r:') + 2]
    lines = LineIndex(LINE)
    got = {e.value: lines.position(len(prefix), e).character for e in Encoding}
    assert got == {k: v[0] for k, v in COLUMNS.items()}
    emoji_end = LINE.index('😀') + 1
    got = {e.value: lines.position(emoji_end, e).character for e in Encoding}
    assert got == {k: v[1] for k, v in COLUMNS.items()}
    assert len(set(got.values())) == 3


# -- settings ------------------------------------------------------------------------

def test_settings_sources_and_layers():
    assert unwrap({'hot-ls': {'a': 1}}) == {'a': 1} == unwrap({'hotLs': {'a': 1}})
    assert unwrap({'disable': []}) == {'disable': []}
    settings = ServerSettings()
    settings.initialize({'hotLs': {'disable': ['HOT002'], 'debounceMs': 5}})
    assert settings.current.disable == ('HOT002',) and settings.current.debounce_ms == 5
    generation = settings.generation
    assert settings.configure({'hot-ls': {'debounceMs': 7}}) is True
    # The configuration overlays the initializationOptions, not the defaults.
    assert settings.current.disable == ('HOT002',) and settings.current.debounce_ms == 7
    assert settings.generation == generation + 1
    assert settings.configure({'hot-ls': {'debounceMs': 7}}) is False
    assert settings.generation == generation + 1


def test_settings_problems_are_shown_once():
    settings = ServerSettings()
    settings.initialize({'debounceMs': -1})
    assert len(settings.unshown_problems()) == 1 and settings.unshown_problems() == []
    assert settings.current.debounce_ms == Settings().debounce_ms
    settings.configure({'debounceMs': -1})
    assert settings.unshown_problems() == []
    settings.configure(['not', 'a', 'table'])
    assert len(settings.unshown_problems()) == 1


# -- scheduler -----------------------------------------------------------------------

class Gate:
    """An analyze function that blocks each call until released; counts the calls."""

    def __init__(self):
        self.calls: list[str] = []
        self.release = threading.Event()

    def __call__(self, text, path, settings, previous=None):
        self.calls.append(text)
        assert self.release.wait(10)
        return analyze(text, path, settings)


def _scheduler(analyze_fn, store):
    executor = ThreadPoolExecutor(2)
    return Scheduler(store, analyze_fn, executor, lambda path: (Settings(), 0)), executor


async def test_debounce_publishes_only_the_last_version():
    store, published = DocumentStore(), []
    gate = Gate()
    gate.release.set()
    scheduler, executor = _scheduler(gate, store)
    store.open('u', None, 'heat_template_version: 2021-04-16\n', 1)
    for version in range(2, 7):
        store.change('u', version, [Edit(f'# {version}\n', (1, 0), (1, 0))], Encoding.UTF16)
        scheduler.schedule('u', 0.05, lambda doc, analysis: published.append(doc.version))
    await asyncio.sleep(0.3)
    assert published == [6] and len(gate.calls) == 1
    executor.shutdown()


async def test_an_outdated_result_is_discarded():
    store, published = DocumentStore(), []
    gate = Gate()
    scheduler, executor = _scheduler(gate, store)
    doc = store.open('u', None, 'heat_template_version: 2099-01-01\n', 1)
    scheduler.schedule('u', 0, lambda d, a: published.append((d.version, a.text)))
    await asyncio.sleep(0.05)
    assert len(gate.calls) == 1                      # analysing version 1, blocked
    store.change('u', 2, [Edit('2021-04-16', (0, 23), (0, 33))], Encoding.UTF16)
    scheduler.schedule('u', 0, lambda d, a: published.append((d.version, a.text)))
    await asyncio.sleep(0.05)
    gate.release.set()
    await asyncio.sleep(0.3)
    assert published == [(2, doc.text)]               # version 1's result never surfaced
    assert doc.analysis.text == doc.text
    executor.shutdown()


async def test_pulls_share_one_run_and_never_see_stale_text():
    store = DocumentStore()
    gate = Gate()
    scheduler, executor = _scheduler(gate, store)
    store.open('u', None, 'heat_template_version: 2099-01-01\n', 1)
    first = asyncio.ensure_future(scheduler.analysis('u'))
    second = asyncio.ensure_future(scheduler.analysis('u'))
    await asyncio.sleep(0.05)
    assert len(gate.calls) == 1
    store.change('u', 2, [Edit('2021-04-16', (0, 23), (0, 33))], Encoding.UTF16)
    gate.release.set()
    (doc1, a1), (doc2, a2) = await asyncio.wait_for(asyncio.gather(first, second), 5)
    assert a1 is a2 and a1.text == 'heat_template_version: 2021-04-16\n'
    assert len(gate.calls) == 2
    with pytest.raises(DocumentNotOpen):
        await scheduler.analysis('missing')
    executor.shutdown()


async def test_edits_faster_than_analysis_never_queue_runs():
    """While one run is blocked, twenty edits each pulled and pushed for start no other run;
    once it ends, one run analyses the text current then, and everyone gets that."""
    store, published = DocumentStore(), []
    gate = Gate()
    scheduler, executor = _scheduler(gate, store)
    store.open('u', None, 'heat_template_version: 2021-04-16\n', 1)
    waiting = [asyncio.ensure_future(scheduler.analysis('u'))]
    await asyncio.sleep(0.05)
    for version in range(2, 22):
        store.change('u', version, [Edit(f'# {version}\n', (1, 0), (1, 0))], Encoding.UTF16)
        waiting.append(asyncio.ensure_future(scheduler.analysis('u')))
        scheduler.schedule('u', 0, lambda doc, analysis: published.append(doc.version))
        await asyncio.sleep(0.005)
    assert len(gate.calls) == 1 and len(scheduler._running) == 1
    gate.release.set()
    results = await asyncio.wait_for(asyncio.gather(*waiting), 5)
    final = store.get('u').text
    assert {analysis.text for _, analysis in results} == {final}
    assert gate.calls == ['heat_template_version: 2021-04-16\n', final]
    await asyncio.sleep(0.05)
    assert published == [21]
    executor.shutdown()


async def test_an_analysis_is_out_before_what_follows_it_and_the_next_run_waits_for_that():
    """`after` (what other files see of a document) runs once the analysis is out: the
    analysis is answered (and published) while it runs, and the document's next run, which
    consumes that analysis' tree, starts only when it is done."""
    store, published, after_calls = DocumentStore(), [], []
    gate = Gate()
    gate.release.set()
    after_may_end = threading.Event()

    def after(text, path, analysis):
        after_calls.append(text)
        assert after_may_end.wait(10)
    executor = ThreadPoolExecutor(2)
    scheduler = Scheduler(store, gate, executor, lambda path: (Settings(), 0), after=after)
    store.open('u', None, 'heat_template_version: 2021-04-16\n', 1)
    scheduler.schedule('u', 0, lambda doc, analysis: published.append(doc.version))
    _, analysis = await asyncio.wait_for(scheduler.analysis('u'), 5)
    await asyncio.sleep(0.05)
    assert published == [1] and after_calls == [analysis.text] and len(gate.calls) == 1
    store.change('u', 2, [Edit('# two\n', (1, 0), (1, 0))], Encoding.UTF16)
    second = asyncio.ensure_future(scheduler.analysis('u'))
    await asyncio.sleep(0.05)
    assert not second.done() and len(gate.calls) == 1   # waiting for `after`
    after_may_end.set()
    _, analysis = await asyncio.wait_for(second, 5)
    assert analysis.text == store.get('u').text and len(gate.calls) == 2
    executor.shutdown()


async def test_a_failing_analysis_reaches_its_callers_and_after_is_not_run():
    store, after_calls = DocumentStore(), []

    def broken(text, path, settings, previous=None):
        raise ValueError('broken')
    executor = ThreadPoolExecutor(2)
    scheduler = Scheduler(store, broken, executor, lambda path: (Settings(), 0),
                          after=lambda *args: after_calls.append(args))
    store.open('u', None, 'heat_template_version: 2021-04-16\n', 1)
    with pytest.raises(ValueError, match='broken'):
        await asyncio.wait_for(scheduler.analysis('u'), 5)
    await asyncio.sleep(0.05)
    assert after_calls == [] and scheduler._running == {}
    executor.shutdown()


async def test_a_request_gets_its_own_revision_or_outdated():
    store = DocumentStore()
    gate = Gate()
    gate.release.set()
    scheduler, executor = _scheduler(gate, store)
    doc = store.open('u', None, 'heat_template_version: 2021-04-16\n', 1)
    first = doc.revision
    _, analysis = await scheduler.analysis('u', first)
    assert analysis.text == doc.text
    store.change('u', 2, [Edit('# two\n', (1, 0), (1, 0))], Encoding.UTF16)
    with pytest.raises(Outdated):
        await scheduler.analysis('u', first)
    pending = asyncio.ensure_future(scheduler.analysis('u', doc.revision))
    await asyncio.sleep(0)
    store.change('u', 3, [Edit('# three\n', (2, 0), (2, 0))], Encoding.UTF16)
    with pytest.raises(Outdated):
        await asyncio.wait_for(pending, 5)
    executor.shutdown()


async def test_the_debounce_follows_the_cost_of_the_last_analysis():
    """Twice what the next analysis is expected to cost: the last one's, unless the last was
    made in full and the next edit may be spliced (then the last spliced one's, or the
    shortest wait when none was)."""
    store = DocumentStore()
    costs = iter([0.004, 0.5, 0.5, 0.03, 0.5])

    def analyze_fn(text, path, settings, previous=None):
        import time
        time.sleep(next(costs))
        return reanalyze(previous, text, path, settings)[0]
    scheduler, executor = _scheduler(analyze_fn, store)
    json_text = '{"heat_template_version": "2021-04-16"}\n'
    store.open('u', None, json_text, 1)
    assert scheduler.debounce('u', 0.2) == 0.2          # nothing known yet: the setting
    await scheduler.analysis('u')
    assert 0.025 <= scheduler.debounce('u', 0.2) < 0.1  # cheap: twice its cost, 25 ms at least
    assert scheduler.debounce('u', 0.01) == 0.01        # never more than the setting
    store.change('u', 2, [Edit(' ', (0, 0), (0, 0))], Encoding.UTF16)
    await scheduler.analysis('u')
    assert scheduler.debounce('u', 0.2) == 0.2          # expensive, never spliced: a pause
    # YAML: a full analysis (just opened), the next edit spliced: the shortest wait
    store.open('y', None, 'heat_template_version: 2021-04-16\nresources:\n  a: {type: x}\n', 1)
    await scheduler.analysis('y')
    await scheduler.quiet()  # (its run over: while it is not, the next cannot start anyway)
    assert scheduler.debounce('y', 0.2) == 0.025
    store.change('y', 2, [Edit('y', (2, 13), (2, 13))], Encoding.UTF16)
    _, spliced = await scheduler.analysis('y')
    assert spliced.incremental
    assert 0.06 <= scheduler.debounce('y', 0.2) < 0.2   # what the spliced one cost
    store.change('y', 3, [Edit('  ', (1, 0), (1, 0))], Encoding.UTF16)  # (a section key)
    _, full = await scheduler.analysis('y')
    assert not full.incremental
    await scheduler.quiet()
    assert 0.06 <= scheduler.debounce('y', 0.2) < 0.2   # expensive, but spliced before
    scheduler.forget('u')
    assert scheduler.debounce('u', 0.2) == 0.2
    executor.shutdown()


async def test_the_debounce_after_a_full_run_still_going_is_its_cost():
    """A full analysis whose `after` still runs: the next run cannot start before it ends,
    so the debounce stays twice the full run's cost until then."""
    store = DocumentStore()
    release = threading.Event()
    executor = ThreadPoolExecutor(2)

    def analyze_fn(text, path, settings, previous=None):
        import time
        time.sleep(0.3)
        return reanalyze(previous, text, path, settings)[0]
    scheduler = Scheduler(store, analyze_fn, executor, lambda path: (Settings(), 0),
                          after=lambda text, path, analysis: release.wait(5))
    store.open('y', None, 'heat_template_version: 2021-04-16\nresources:\n  a: {type: x}\n', 1)
    await scheduler.analysis('y')
    assert scheduler.debounce('y', 0.2) == 0.2
    release.set()
    await scheduler.quiet()
    assert scheduler.debounce('y', 0.2) == 0.025
    executor.shutdown()


def test_a_finished_run_not_yet_recorded_is_used_not_spun_on():
    """A run can be done while its done-callback has not run yet; a caller
    arriving then must take its result, not spin on it (run in a thread: the
    failure mode is a loop that never yields)."""
    async def scenario():
        store = DocumentStore()
        scheduler, executor = _scheduler(lambda t, p, s, previous=None: analyze(t, p, s), store)
        doc = store.open('u', None, 'heat_template_version: 2099-01-01\n', 1)
        done = asyncio.get_running_loop().create_future()
        done.set_result((analyze(doc.text, None, Settings()), 0.001, False))
        scheduler._running['u'] = (scheduler.key(doc), done)
        _, analysis = await scheduler.analysis('u')
        executor.shutdown()
        return analysis is done.result()[0]

    result: list[bool] = []
    thread = threading.Thread(target=lambda: result.append(asyncio.run(scenario())), daemon=True)
    thread.start()
    thread.join(5)
    assert result == [True]


# -- every kind of hot-ls's has its LSP counterpart -------------------------------------

@pytest.mark.parametrize('kinds, table', [
    ('ItemKind', 'ITEM_KINDS'), ('SymbolKind', 'SYMBOL_KINDS'), ('FoldingKind', 'FOLDING_KINDS'),
    ('TokenType', 'TOKEN_TYPES'), ('TokenModifier', 'TOKEN_MODIFIERS')])
def test_every_kind_is_mapped(kinds, table):
    from hot_ls.features import types as ours
    assert set(getattr(convert, table)) == set(getattr(ours, kinds))


def test_token_types_and_modifiers_are_in_the_legend():
    assert sorted(set(convert.TOKEN_TYPES.values())) == list(range(len(convert.SEMANTIC_TOKEN_TYPES)))
    assert sorted(convert.TOKEN_MODIFIERS.values()) == [
        1 << i for i in range(len(convert.SEMANTIC_TOKEN_MODIFIERS))]


def test_completion_documentation_reaches_plain_text_clients_as_plain_text():
    from hot_ls.features.types import CompletionItem, CompletionResult, ItemKind
    result = CompletionResult([CompletionItem('get_attr', ItemKind.FUNCTION,
                                              documentation='**get_attr** · `[resource, attribute]`')])
    plain = convert.completion(result, LineIndex(''), convert.ClientFeatures())
    rich = convert.completion(result, LineIndex(''), convert.ClientFeatures(completion_markdown=True))
    assert plain.items[0].documentation.kind == types.MarkupKind.PlainText
    assert plain.items[0].documentation.value == 'get_attr · [resource, attribute]'
    assert rich.items[0].documentation.value == '**get_attr** · `[resource, attribute]`'


# -- issue 13: plain snippets, the gate, logs ---------------------------------------------------

def test_plain_snippets_stop_at_the_first_name_to_choose():
    from hot_ls.server.convert import plain_snippet
    assert plain_snippet('get_resource: ${1:resource_name}') == 'get_resource: '
    assert plain_snippet('{get_attr: [${1:resource_name}, ${2:attribute_name}]}') == '{get_attr: ['
    assert plain_snippet("list_join:\n  - '${1:,}'\n  - - ${2:item}") == 'list_join:\n  - '
    assert plain_snippet('OS::Nova::Server\n  properties:\n    flavor: ${1}\n    image: ${2}') \
        == 'OS::Nova::Server\n  properties:\n    flavor: \n    image: '
    assert plain_snippet('x: ${1|metadata,deletion_policy|}') == 'x: metadata'
    assert plain_snippet('a\\$b:\n  - $0') == 'a$b:\n  - '


def test_the_gate_serves_heat_documents_only():
    from hot_ls.rules import analyze
    from hot_ls.server import gate
    from hot_ls.config import Settings
    assert gate.serves(analyze('heat_template_version: 2021-04-16\n', '/p/t.yaml'))
    assert gate.serves(analyze('resource_registry: {}\n', '/p/e.yaml'))
    assert not gate.serves(analyze('- hosts: all\n', '/p/site.yml'))
    assert not gate.serves(analyze('apiVersion: v1\nkind: Pod\n', '/p/pod.yaml'))
    excluded = Settings(exclude=('generated/*',), base_dir='/p')
    assert not gate.serves(analyze('heat_template_version: 2021-04-16\n', '/p/generated/t.yaml',
                                   excluded))
    included = Settings(include=('heat/*',), base_dir='/p')
    assert gate.serves(analyze('name: x\n', '/p/heat/t.yaml', included))
    assert gate.being_started('') and gate.being_started('  heat_temp\n')
    assert not gate.being_started('heat_template_version:') and not gate.being_started('- a')


def test_stderr_takes_only_errors_while_the_client_takes_the_logs(monkeypatch):
    import io
    import logging
    from hot_ls.server import logs
    stream = io.StringIO()
    monkeypatch.setattr('sys.stderr', stream)
    root, hot_ls_logger = logging.getLogger(), logging.getLogger('hot_ls')
    monkeypatch.setattr(root, 'handlers', list(root.handlers))  # restored after the test
    monkeypatch.setattr(root, 'level', root.level)
    monkeypatch.setattr(hot_ls_logger, 'level', hot_ls_logger.level)
    logs.configure()
    log = logging.getLogger('hot_ls.test')
    log.info('before the client')
    sent = []

    class Collect(logging.Handler):
        def emit(self, record):
            sent.append(record.getMessage())
    client = Collect()
    logs.attach(client)
    try:
        log.info('while connected')
        log.error('a failure')
    finally:
        logs.detach(client)
    log.info('after')
    lines = stream.getvalue()
    assert 'before the client' in lines and 'after' in lines and 'a failure' in lines
    assert 'while connected' not in lines
    assert sent == ['while connected', 'a failure']


async def test_a_configuration_pulled_while_another_arrived_is_not_applied():
    """initialized asks the client for its configuration; a didChangeConfiguration handled
    before the answer comes is the newer: the answer must not overwrite it (it did, and a
    later identical configuration then changed nothing, so nothing was re-published)."""
    from dataclasses import replace
    from hot_ls.server import app
    ls = app.HotLanguageServer()
    ls.client = replace(convert.client_features(
        client_capabilities('visual-studio-code@v1.65.2')), watch_files=False)
    assert ls.client.configuration
    answer = asyncio.get_running_loop().create_future()

    async def pull_configuration():
        return await answer
    ls.pull_configuration = pull_configuration
    ls.index_workspaces = lambda: asyncio.sleep(0)
    pulling = asyncio.ensure_future(app.initialized(ls, types.InitializedParams()))
    await asyncio.sleep(0)
    await app.did_change_configuration(ls, types.DidChangeConfigurationParams(
        settings={'hotLs': {'disable': ['HOT002']}}))
    answer.set_result({})  # what the client had before the change
    await pulling
    assert ls.settings.current.disable == ('HOT002',)
    ls.executor.shutdown()


@pytest.mark.parametrize('hierarchical', [True, False])
def test_the_outline_conversion_leaves_no_cyclic_garbage(hierarchical):
    """Built with the collector off (the server pauses it while an analysis runs), an
    answer must be freed by reference counting alone once sent."""
    import gc
    from hot_ls.features import symbols
    analysis = analyze('heat_template_version: 2018-08-31\nresources:\n  a:\n'
                       '    type: OS::Heat::None\n  b:\n    type: OS::Heat::None\n', '/p/t.yaml')
    outline = symbols.document_symbols(analysis)
    features = convert.ClientFeatures(hierarchical_symbols=hierarchical)
    gc.collect()
    gc.disable()
    try:
        answer = convert.document_symbols(outline, 'file:///p/t.yaml', LineIndex(analysis.text),
                                          features)
        assert len(answer) == (2 if hierarchical else 4)
        del answer
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_the_client_takes_debug_logs_when_hot_ls_logs_at_debug(monkeypatch):
    import logging
    from hot_ls.server import logs
    hot_ls_logger = logging.getLogger('hot_ls')
    monkeypatch.setattr(hot_ls_logger, 'level', logging.INFO)
    assert logs.ClientLogHandler(None, print).level == logging.INFO
    hot_ls_logger.setLevel(logging.DEBUG)
    assert logs.ClientLogHandler(None, print).level == logging.DEBUG
    hot_ls_logger.setLevel(logging.WARNING)  # errors and warnings, still INFO for the client
    assert logs.ClientLogHandler(None, print).level == logging.INFO


def test_a_documents_own_interface_change_does_not_outdate_its_analysis(tmp_path):
    """Renaming a parameter changes what a parent sees of the template (its generation moves
    on for the parent), not the template's own analysis: it is not made twice."""
    from hot_ls.server.workspaces import Workspaces
    template = tmp_path / 'provider.yaml'
    parent = tmp_path / 'parent.yaml'
    text = 'heat_template_version: 2018-08-31\nparameters:\n  count: {type: number}\n'
    template.write_text(text)
    parent.write_text('heat_template_version: 2018-08-31\nresources:\n'
                      '  member: {type: provider.yaml, properties: {count: 1}}\n')
    spaces = Workspaces()
    spaces.set_folders([str(tmp_path)])
    workspace = spaces.for_path(str(template))
    analyze(parent.read_text(), str(parent), workspace=workspace).diagnostics  # reads provider
    spaces.opened(str(template), text)
    before = (spaces.generation_for(str(template)), spaces.generation_for(str(parent)))
    renamed = text.replace('count', 'size')
    spaces.edited(str(template), renamed)
    analysis = analyze(renamed, str(template), workspace=workspace)
    assert spaces.analysed(str(template), renamed, analysis.summary)  # the parent must know
    assert spaces.generation_for(str(template)) == before[0]
    assert spaces.generation_for(str(parent)) == before[1] + 1


def test_a_run_ending_after_the_loop_closed_hands_nothing_over():
    from hot_ls.server.scheduler import _hand_over
    loop = asyncio.new_event_loop()
    future = loop.create_future()
    loop.close()
    assert _hand_over(loop, future, ('analysis', 0.1), None) is False
    assert not future.done()


def test_settings_files_are_seen_to_appear_change_and_go(tmp_path):
    """For an editor that reports no changed files (Neovim 0.7): settings_files_stale."""
    from hot_ls.server.workspaces import Workspaces
    spaces = Workspaces()
    spaces.set_folders([str(tmp_path)])
    template = str(tmp_path / 'app.yaml')
    assert spaces.config_of(template) is None
    assert not spaces.settings_files_stale(every=0)
    settings = tmp_path / '.hot-ls.toml'
    settings.write_text('disable = []\n')  # (a quick fix created it)
    assert spaces.settings_files_stale(every=0)
    assert not spaces.settings_files_stale(every=60)  # (looked at just now)
    spaces.settings_files_changed()
    assert spaces.config_of(template) == str(settings)
    assert not spaces.settings_files_stale(every=0)
    settings.write_text('disable = ["HOT110"]\n')
    assert spaces.settings_files_stale(every=0)
    spaces.settings_files_changed()
    assert spaces.config_of(template) == str(settings)
    settings.unlink()
    assert spaces.settings_files_stale(every=0)


def test_after_an_analysis_the_server_prepares_the_next_edit_of_the_document():
    """What the analysis of the document's next edit needs of this one (its records, its
    tree's entries' origins) is made once the analysis is out, not on that edit's time."""
    from hot_ls.server.app import HotLanguageServer
    server = HotLanguageServer()
    text = ('heat_template_version: 2021-04-16\nparameters:\n  size: {type: number}\n'
            'resources:\n  one:\n    type: OS::Heat::None\n')
    for path in (None, os.path.join(os.getcwd(), 'nowhere', 'template.yaml')):
        analysis = analyze(text, path)
        assert isinstance(analysis._records, tuple) and not analysis.tree.flat  # (not yet)
        server.after_analysis(text, path, analysis)
        assert analysis._records is not None and not isinstance(analysis._records, tuple)
        assert len(analysis.tree.flat) == 3  # size, one and the version's pair
    server.executor.shutdown()
