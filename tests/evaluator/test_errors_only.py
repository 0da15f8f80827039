"""Leaving out the calls that cannot fail changes no outcome (hot_ls.evaluator.calls).

static_issues and TemplateEvaluation(errors_only=True) parse, validate and
resolve only the calls `calls.level` says can fail.  Forcing every call to
LIVE gives the walk of everything; both must agree, on templates made of
every golden evaluation case (each snippet as a property, in a list, and as
an output), the static golden cases and the rule fixtures.  errors_only may
leave out only the failures due to deploy-time values, which the rules skip.
"""
from __future__ import annotations

import json
import os

import pytest

from hot_ls.text.source import read_source

from golden import ROOT
from hot_ls.evaluator import calls
from hot_ls.evaluator.static import static_issues
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.model import Template
from hot_ls.syntax import parse

DEPLOY_TIME = {'UserParameterMissing', 'ParameterError', 'ParameterSchemaError',
               'ParameterValueError', 'ParameterMissingError', 'InvalidTemplateReference'}
#: and hot-ls's own recursion limit, which a plain value left out can no longer reach
LEFT_OUT = DEPLOY_TIME | {'RecursionError'}


def _golden_templates():
    with open(os.path.join(ROOT, 'fixtures', 'golden', 'eval.jsonl'), encoding='utf-8') as fh:
        cases = [json.loads(line) for line in fh if line.strip()]
    out = []
    for case in cases:
        if case.get('condition'):
            continue
        resources = {'r': {'type': 'OS::Heat::Value', 'properties': {
            'a': case['snippet'], 'b': [{'get_param': 'missing'}, case['snippet']],
            'c': {'k': case['snippet'], 'p': {'get_param': 'name'}}}}}
        for name, spec in (case.get('resources') or {}).items():
            resources.setdefault(name, spec if isinstance(spec, dict) else {'type': spec})
        template = {'heat_template_version': case['version'],
                    'parameters': case.get('parameters') or {},
                    'resources': resources,
                    'outputs': {'o': {'value': case['snippet']},
                                'l': {'value': [{'get_resource': 'r'}, case['snippet']]}}}
        out.append((case['id'], json.dumps(template)))
    return out


def _other_templates():
    out = []
    with open(os.path.join(ROOT, 'fixtures', 'golden', 'static.jsonl'), encoding='utf-8') as fh:
        for line in fh:
            if line.strip():
                case = json.loads(line)
                out.append(('static/' + case['id'], case['template']))
    rules = os.path.join(ROOT, 'fixtures', 'rules')
    for dirpath, _, filenames in sorted(os.walk(rules)):
        for name in sorted(filenames):
            if name.endswith('.yaml') and '.env.' not in name:
                source = read_source(os.path.join(dirpath, name))
                if source.ok:  # (HOT000's fixture is not UTF-8 on purpose)
                    out.append((os.path.relpath(os.path.join(dirpath, name), rules), source.text))
    return out


TEMPLATES = _golden_templates() + _other_templates()


def _everything_live(monkeypatch):
    monkeypatch.setattr(calls, 'level', lambda call, scope, values=True: calls.LIVE)
    import hot_ls.evaluator.static as static_module
    import hot_ls.evaluator.template as template_module
    monkeypatch.setattr(static_module, 'level', lambda call, scope, values=True: calls.LIVE)
    monkeypatch.setattr(template_module, 'level', lambda call, scope, values=True: calls.LIVE)


def _issues(template):
    return [(i.message, (i.node.start, i.node.end) if i.node is not None else None, i.phase,
             i.certain, i.cause, i.owner, i.field, i.reason) for i in static_issues(template)]


def _error(error):
    if error is None:
        return None
    return (error.message, error.phase, error.kind,
            (error.node.start, error.node.end) if error.node is not None else None)


def _deploy_time(error):
    return error is not None and (error.kind in LEFT_OUT or
                                  'No content found in the "files" section' in error.message)


def _outcomes(template, errors_only):
    # both with parameters without values and files not sent as Unknown, as the checks have them
    evaluation = TemplateEvaluation(template, errors_only=errors_only, unknown_inputs=True)
    evaluation.evaluate_all()
    out = {}
    for name in template.resources:
        res = evaluation.resource(name)
        out[('resource', name)] = (res.enabled.value, _error(res.enabled.error),
                                   _error(res.properties.error),
                                   {k: e for k, e in res.property_errors.items()})
    for name in template.outputs:
        output = evaluation.output(name)
        out[('output', name)] = (output.enabled.value, _error(output.enabled.error), output.value.error)
    out['conditions'] = sorted(map(str, evaluation.heat_conditions))
    return out


def _template(text):
    template = Template(parse(text))
    if template.version is None:
        pytest.skip('no known version')
    return template


@pytest.fixture
def analysis_recursion_limit():
    """The recursion limit analyses run with (rules.engine)."""
    import sys
    from hot_ls.analysis.document import RECURSION_LIMIT as _RECURSION_LIMIT
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, _RECURSION_LIMIT))
    yield
    sys.setrecursionlimit(before)


@pytest.mark.parametrize('name,text', TEMPLATES, ids=[n for n, _ in TEMPLATES])
def test_leaving_out_calls_changes_nothing(name, text, monkeypatch, analysis_recursion_limit):
    template = _template(text)
    issues = _issues(template)
    pruned = _outcomes(template, errors_only=True)
    with monkeypatch.context() as patch:
        _everything_live(patch)
        assert _issues(_template(text)) == issues
        walked = _outcomes(_template(text), errors_only=True)
    full = _outcomes(_template(text), errors_only=False)
    for key, value in full.items():
        if key == 'conditions':
            assert pruned[key] == walked[key] == value
            continue
        if key[0] == 'resource':
            enabled, enabled_error, props_error, prop_errors = value
            for outcome in (pruned[key], walked[key]):
                assert outcome[:3] == (enabled, enabled_error, props_error), key
            assert {k: _error(e) for k, e in walked[key][3].items()} == \
                {k: _error(e) for k, e in prop_errors.items()}, key
            kept = {k: _error(e) for k, e in prop_errors.items() if not _deploy_time(e)}
            assert {k: _error(e) for k, e in pruned[key][3].items() if not _deploy_time(e)} == kept
        else:
            enabled, enabled_error, error = value
            assert walked[key] == (enabled, enabled_error, walked[key][2]), key
            assert _error(walked[key][2]) == _error(error), key
            if _deploy_time(error):
                assert pruned[key][2] is None or _error(pruned[key][2]) == _error(error), key
            else:
                assert _error(pruned[key][2]) == _error(error), key


def test_the_rules_skip_what_errors_only_leaves_out():
    from hot_ls.language import parameters
    from hot_ls.rules.evaluation._common import PARAMETER_ERRORS, REFERENCE_ERRORS, skipped_message

    def subclasses(cls):
        for sub in cls.__subclasses__():
            yield sub
            yield from subclasses(sub)

    names = {parameters.ParameterError.__name__} | {c.__name__ for c in
                                                    subclasses(parameters.ParameterError)}
    assert names | {'UserParameterMissing'} <= PARAMETER_ERRORS
    assert DEPLOY_TIME <= PARAMETER_ERRORS | REFERENCE_ERRORS
    assert skipped_message('Property error: x: No content found in the "files" section for '
                           'get_file path: a')


def test_values_are_not_available_with_errors_only():
    template = _template('heat_template_version: 2021-04-16\noutputs: {o: {value: 1}}\n')
    evaluation = TemplateEvaluation(template, errors_only=True)
    with pytest.raises(ValueError):
        evaluation.preview()


def _values(preview):
    return (preview.enabled.value, _error(preview.enabled.error), _error(preview.properties.error),
            preview.properties.value, list(preview.property_errors), preview.order)


@pytest.mark.parametrize('name,text', TEMPLATES, ids=[n for n, _ in TEMPLATES])
def test_values_from_what_errors_only_evaluated_are_the_values(name, text,
                                                               analysis_recursion_limit):
    """resource_values (what the plugin checks read) gives what an evaluation with values
    gives: whether the resource is enabled, its values or the error that stops them, which
    properties fail, with the same error unless the first one is due to a deploy-time
    value (errors_only leaves those calls out)."""
    template = _template(text)
    checked = TemplateEvaluation(template, errors_only=True, unknown_inputs=True)
    full = TemplateEvaluation(_template(text), unknown_inputs=True)
    for resource in template.resources:
        expected = full.resource(resource)
        got = checked.resource_values(resource)
        if got is None:  # a document with aliases: the checks evaluate it with values
            assert template.tree.aliases
            continue
        assert _values(got) == _values(expected), resource
        assert checked.resource_values(resource) is got
        for key, error in expected.property_errors.items():
            if not _deploy_time(error):
                assert _error(got.property_errors[key]) == _error(error), (resource, key)


def test_values_from_errors_only_are_not_given_for_a_document_with_aliases():
    template = _template('heat_template_version: 2021-04-16\n'
                         'resources:\n'
                         '  r: {type: OS::Heat::Value, properties: {value: &v [1, 2]}}\n'
                         '  s: {type: OS::Heat::Value, properties: {value: *v}}\n')
    assert TemplateEvaluation(template, errors_only=True).resource_values('s') is None
    assert TemplateEvaluation(template).resource_values('s') is None
