"""An analysis that is dropped is freed at once, by reference counting: it makes no reference cycle.

The server and `hot-ls check` pause the cyclic collector while they analyse and
freeze what an analysis leaves (hot_ls.syntax.gc_pause), so anything an analysis
ties into a cycle (a scope and its parsed conditions, a kept exception and the
frames of its traceback, a stack context and its files) would outlive it, with
its whole tree, until the collector is let back.  These tests run with the
collector off and ask it, after the analysis is dropped, what it would have to
free: nothing.
"""
from __future__ import annotations

import collections
import contextlib
import gc
import os
import weakref

import pytest

from helpers import CORPUS, PERF, needs_corpus, needs_perf
from hot_ls.config import Settings
from hot_ls.features import code_actions, completion, evaluation, folding, hover, semantic_tokens
from hot_ls.features import symbols
from hot_ls.rules import analyze, analyze_file
from hot_ls.workspace import Workspace

SYNTH = os.path.join(PERF, 'synthetic__synth_10k.yaml')
KUBE = os.path.join(CORPUS, 'magnum-zed', 'contrib', 'drivers', 'k8s_opensuse_v1', 'templates')


@contextlib.contextmanager
def collector_off():
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def cyclic_garbage() -> collections.Counter:
    """What the cyclic collector would free now (by type), without freeing it silently."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = collections.Counter(f'{type(o).__module__}.{type(o).__qualname__}'
                                    for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    return found


def use_everything(analysis) -> None:
    """What the rules and the editor features compute on an analysis."""
    analysis.evaluation
    analysis.summary
    offset = analysis.text.find('get_param')
    symbols.document_symbols(analysis)
    folding.folding_ranges(analysis)
    semantic_tokens.semantic_tokens(analysis)
    hover.hover(analysis, max(offset, 0))


CASES = [
    # conditions (a scope's parsed conditions), 900 resources, parameters with constraints
    pytest.param(SYNTH, marks=needs_perf, id='synth_10k'),
    # a parameter default Heat refuses (the parameter rules keep the exception)
    pytest.param(os.path.join(CORPUS, 'tht-master-rendered', 'deployment', 'cephadm',
                              'ceph-base.yaml'), marks=needs_corpus, id='ceph-base'),
    # a constraint that does not parse (kept too)
    pytest.param(os.path.join(CORPUS, 'heat', 'api-ref', 'source', 'v1', 'samples',
                              'resource-type-template-hot-response.json'),
                 marks=needs_corpus, id='constraint-error'),
    # provider templates and get_file (stack contexts and their files)
    pytest.param(os.path.join(KUBE, 'kubecluster.yaml'), marks=needs_corpus, id='providers'),
    pytest.param(os.path.join(KUBE, 'kubemaster.yaml'), marks=needs_corpus, id='get_file'),
]


@pytest.mark.parametrize('path', CASES)
def test_a_dropped_analysis_leaves_no_cyclic_garbage(path):
    use_everything(analyze_file(path))  # imports and module-level caches first
    with collector_off():
        analysis = analyze_file(path)
        use_everything(analysis)
        del analysis
        assert cyclic_garbage() == collections.Counter()


@pytest.mark.parametrize('path', CASES)
def test_a_dropped_analysis_among_a_kept_workspace_leaves_no_cyclic_garbage(path):
    """As the server and `hot-ls check` analyse: among the files of one workspace."""
    workspace = Workspace(Settings(), [os.path.dirname(path)])
    use_everything(analyze_file(path, workspace=workspace))
    with collector_off():
        analysis = analyze_file(path, workspace=workspace)
        use_everything(analysis)
        del analysis
        assert cyclic_garbage() == collections.Counter()


@pytest.mark.parametrize('path', CASES)
def test_the_editor_features_leave_no_cyclic_garbage_of_hot_ls(path):
    """Value hints, the preview, completion and code actions everywhere in the document.
    (json's indented encoder, used for lists and maps, leaves a few closures of its own.)"""
    def use_features(analysis):
        evaluation.value_hints(analysis)
        evaluation.preview(analysis)
        text = analysis.text
        for offset in range(0, len(text), max(1, len(text) // 40)):
            hover.hover(analysis, offset)
            completion.complete(analysis, text, offset)
            code_actions.code_actions(analysis, offset, offset, analysis.diagnostics[:3])
    use_features(analyze_file(path))
    with collector_off():
        analysis = analyze_file(path)
        use_features(analysis)
        del analysis
        left = cyclic_garbage()
    assert [kind for kind in left if kind.startswith('hot_ls.')] == []
    assert left['builtins.frame'] == 0


@needs_perf
def test_the_evaluation_scope_and_the_tree_die_with_the_analysis_without_the_collector():
    with open(SYNTH, encoding='utf-8') as fh:
        text = fh.read()
    with collector_off():
        analysis = analyze(text, SYNTH)
        scope = weakref.ref(analysis.checked_evaluation.scope)
        conditions = analysis.checked_evaluation.scope.conditions()
        assert list(conditions.names())  # parsed: each holds its scope (weakly)
        tree = weakref.ref(analysis.tree)
        del analysis, conditions
        assert scope() is None
        assert tree() is None


@needs_corpus
def test_a_workspace_and_its_stack_contexts_die_without_the_collector():
    template = os.path.join(KUBE, 'kubemaster.yaml')
    with collector_off():
        workspace = Workspace(Settings(), [KUBE])
        context = workspace.stack(template)
        assert context.files.get('fragments/write-kubeconfig.yaml')  # read through the context
        assert context.resolve('OS::Nova::Server').type is not None
        kept = weakref.ref(workspace), weakref.ref(context)
        del workspace, context
        assert [ref() for ref in kept] == [None, None]


@needs_corpus
def test_a_stack_context_the_workspace_forgets_dies_without_the_collector(tmp_path):
    """An edit that changes what other files see of a template (a parameter renamed) makes
    the workspace forget its stack contexts: they go at once."""
    template = tmp_path / 'a.yaml'
    template.write_text('heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\n'
                        'resources:\n  f:\n    type: OS::Heat::SoftwareConfig\n'
                        '    properties:\n      config: {get_file: script.sh}\n')
    (tmp_path / 'script.sh').write_text('#!/bin/sh\n')
    workspace = Workspace(Settings(), [str(tmp_path)])
    with collector_off():
        analysis = analyze_file(str(template), workspace=workspace)
        assert analysis.stack.files.get('script.sh') == '#!/bin/sh\n'
        context = weakref.ref(analysis.stack)
        workspace.files.overlay(str(template), template.read_text().replace('  p:', '  q:'))
        assert workspace.changed([str(template)])  # the interface changed: contexts forgotten
        del analysis
        assert context() is None


def test_the_pure_python_parser_leaves_no_cyclic_garbage():
    """libyaml's refusal of `{get_param:Name}` sends the text to ruamel's pure-Python parser,
    whose loader and parts refer to each other."""
    from hot_ls.syntax import parse
    text = 'heat_template_version: 2018-08-31\noutputs:\n  o: {value: {get_param:Name}}\n'
    assert parse(text).root is not None
    with collector_off():
        tree = parse(text)
        assert not tree.syntax_errors  # the pure parser accepted what libyaml refused
        del tree
        assert cyclic_garbage() == collections.Counter()
