"""hot-ls over the real-world corpus in ../shared/corpus, against Heat's own verdicts.

fixtures/heat-verdicts/corpus.json holds what Heat 27.0.1 says of every
corpus file (tools/record_corpus_verdicts.py): "template" is `openstack
orchestration template validate`, "strict" adds property values, "create"
the resource plugins' own validate() and the groups' nested stacks (what a
stack create checks before it touches a cloud).  ../shared/corpus/README.md says what a
correct tool must do: no error where Heat accepts, known negatives flagged,
one clear diagnostic for Jinja2 sources.
"""
from __future__ import annotations

import json
import os

import pytest

from helpers import CORPUS, FIXTURES
from hot_ls.cli.check import check_paths
from hot_ls.config import Settings
from hot_ls.model.document import Kind

pytestmark = pytest.mark.skipif(not os.path.isdir(CORPUS), reason='../shared/corpus is not present')

with open(os.path.join(FIXTURES, 'heat-verdicts', 'corpus.json'), encoding='utf-8') as fh:
    VERDICTS = json.load(fh)
with open(os.path.join(os.path.dirname(__file__), 'documented_exceptions.json'), encoding='utf-8') as fh:
    EXCEPTIONS = json.load(fh)


@pytest.fixture(scope='module')
def reports():
    found = {}
    for report in check_paths([CORPUS], Settings()):
        found[os.path.relpath(report.path, CORPUS)] = report
    return found


def _errors(report):
    return [d for d in report.diagnostics if d.severity.label == 'error']


def _create_refuses(verdict) -> bool:
    """A stack create refuses the file for a reason of its own, not of the offline cloud."""
    message = verdict.get('create')
    return bool(message) and not message.startswith('AttributeError') and not any(
        marker in message for marker in ('can not be found', 'offline-id', '_Offline',
                                          'Could not fetch remote template'))


def test_every_corpus_file_is_analysed(reports):
    assert len(reports) > 1000


def test_no_error_on_gated_templates(reports):
    """The 136 files heat-templates' own gate validates with real Heat."""
    with open(os.path.join(CORPUS, 'heat-templates-gated.txt'), encoding='utf-8') as fh:
        gated = [line.strip() for line in fh if line.strip()]
    assert len(gated) == 136
    offenders = {}
    for path in gated:
        errors = _errors(reports[path])
        if errors and path not in EXCEPTIONS:
            offenders[path] = [f'{d.code} {d.message}' for d in errors]
    assert not offenders


def test_no_error_on_gated_templates_with_their_environments():
    """heat-templates' gate passes `X_env.yaml` as -e where it exists: checked as created
    with it (HOT604's unknown parameters, HOT220's values), no error either."""
    with open(os.path.join(CORPUS, 'heat-templates-gated.txt'), encoding='utf-8') as fh:
        gated = [line.strip() for line in fh if line.strip()]
    pairs = [(path, path[:-len('.yaml')] + '_env.yaml') for path in gated
             if os.path.isfile(os.path.join(CORPUS, path[:-len('.yaml')] + '_env.yaml'))]
    assert len(pairs) == 3
    offenders = {}
    for path, env in pairs:
        reports = check_paths([os.path.join(CORPUS, path), os.path.join(CORPUS, env)], Settings(),
                              environments=[os.path.join(CORPUS, env)])
        errors = [f'{d.code} {d.message}' for report in reports for d in _errors(report)]
        if errors:
            offenders[path] = errors
    assert not offenders


def test_cfn_templates_are_recognised(reports):
    with open(os.path.join(CORPUS, 'heat-templates-gated.txt'), encoding='utf-8') as fh:
        gated = [line.strip() for line in fh if line.strip()]
    cfn = [path for path in gated if reports[path].kind is Kind.CFN]
    assert len(cfn) == 37


def test_errors_only_where_heat_rejects(reports):
    """An error where Heat accepts is a false positive.

    Where `template validate` accepts but a stack create rejects ("strict",
    "create"), Heat's own message is the proof; in tht-master-rendered, which was
    deployed in production, each such file must also be documented.
    """
    false_positives = {}
    for path, report in reports.items():
        errors = _errors(report)
        verdict = VERDICTS.get(path)
        if not errors or verdict is None or verdict['template'] is not None:
            continue
        if path in EXCEPTIONS:
            continue
        if ((verdict['strict'] is not None or _create_refuses(verdict))
                and not path.startswith('tht-master-rendered/')):
            continue
        false_positives[path] = [f'{d.code} {d.message}' for d in errors]
    assert not false_positives


def test_documented_exceptions_are_proven_by_heat(reports):
    """Each exception names the message Heat itself gives when it creates the stack."""
    for path, message in EXCEPTIONS.items():
        verdict = VERDICTS[path]
        assert message in (verdict['template'], verdict['strict'], verdict.get('create')), path
        assert _errors(reports[path]), f'{path} is documented as an exception but hot-ls reports no error'


def test_known_negatives_are_flagged(reports):
    invalid_cfn = [p for p in reports if p.startswith('heat-templates/cfn/F17/invalid/')]
    assert len(invalid_cfn) == 5
    for path in invalid_cfn:
        assert any(d.code == 'HOT502' for d in _errors(reports[path])), path


def test_jinja_sources_get_one_clear_diagnostic(reports):
    jinja = [p for p in reports if p.endswith('.j2.yaml')]
    assert jinja
    for path in jinja:
        diagnostics = reports[path].diagnostics
        assert [d.code for d in diagnostics] == ['HOT006'], path


def test_registry_types_are_never_taken_for_misspellings(reports):
    """Types of other namespaces (OS::TripleO::*, Magnum::*, OS::OVB::*...) come from environments:
    only a near miss of a catalog type is an error (HOT701), and the corpus has none."""
    import re
    from hot_ls.catalog import effective_catalog
    catalog = effective_catalog(Settings())
    registry_types = set()
    flagged = {}
    for path, report in reports.items():
        for d in report.diagnostics:
            if d.code != 'HOT701':
                continue
            name = re.match(r'The Resource Type \((.*?)\) could not be found', d.message).group(1)
            if catalog.heat_owns(name):
                continue
            registry_types.add(name)
            if d.severity.label == 'error':
                flagged.setdefault(path, []).append(name)
    assert len([t for t in registry_types if t.startswith('OS::TripleO::')]) > 50
    assert not flagged
