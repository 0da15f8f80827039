"""A "billion laughs" of YAML aliases costs its size, not its expansion.

Lists of 9 aliases nested 6 deep in a resource's properties expand to 9**6
leaves.  Walks by node identity skip a shared part already found to hold no
call; a value that would still expand past `calls.Expansion.limit` is not
evaluated (nothing reported, an EvaluationLimit in a preview).  The counters
prove the walks stay small; the alarm only guards against a hang.
"""
from __future__ import annotations

import contextlib
import signal

import pytest

from hot_ls.evaluator import TemplateEvaluation, calls, parsing, static_issues
from hot_ls.model import Template
from hot_ls.model import walker as model_walker
from hot_ls.rules import analyze
from hot_ls.syntax import parse


def laughs(leaf: str = 'x', depth: int = 6) -> str:
    lines = ['heat_template_version: 2021-04-16',
             'parameters:', '  p: {type: string, default: v}',
             'resources:', '  r:', '    type: OS::Heat::Value', '    properties:', '      value:',
             '        a0: &a0 [' + ', '.join([leaf] + ['x'] * 8) + ']']
    for level in range(1, depth + 1):
        lines.append(f'        a{level}: &a{level} [' + ', '.join([f'*a{level - 1}'] * 9) + ']')
    lines += ['outputs:', f'  o: {{value: {{list_join: [",", *a{depth}]}}}}']
    return '\n'.join(lines) + '\n'


@contextlib.contextmanager
def deadline(seconds: int = 60):
    """Fail rather than hang (the counters are the real check)."""
    def expired(signum, frame):
        raise TimeoutError('still walking the aliases')
    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def visits(monkeypatch):
    """How many nodes the evaluator's parse, the search for calls and the model's walk visit."""
    count = {'parse': 0, 'calls': 0, 'model': 0}

    def counting(module, name, key):
        original = getattr(module, name)

        def wrapper(*args, **kwargs):
            count[key] += 1
            return original(*args, **kwargs)
        monkeypatch.setattr(module, name, wrapper)

    counting(parsing, 'parse', 'parse')
    counting(calls, '_walk', 'calls')
    counting(calls._SharedWalk, 'visit', 'calls')
    counting(model_walker.Walker, '_walk_node', 'model')
    return count


def test_plain_laughs_are_analysed_without_expanding_them(visits):
    with deadline():
        analysis = analyze(laughs(), 'laughs.yaml')
    codes = {d.code for d in analysis.diagnostics}
    assert not codes & {'HOT404', 'HOT801', 'HOT802', 'HOT803'}
    assert analysis.template.calls[0].name == 'list_join'
    assert max(visits.values()) < 1000, visits


def test_laughs_with_calls_are_given_up_on(visits, monkeypatch):
    # The model lists every call of the expansion (9**4 here), so the limit is lowered
    # rather than the document made as large as the one above.
    original = calls.Expansion.__init__
    monkeypatch.setattr(calls.Expansion, '__init__',
                        lambda self, tree, limit=None: original(self, tree, 2000))
    with deadline():
        template = Template(parse(laughs('{get_param: p}', depth=4)))
        visits['model'] = 0
        assert static_issues(template) == []
        evaluation = TemplateEvaluation(template, errors_only=True)
        evaluation.evaluate_all()
        assert evaluation.resource('r').property_errors == {}
        assert evaluation.output('o').value.error is None
        preview = TemplateEvaluation(template).preview().to_json()
    assert 'hot-ls does not evaluate this value' in \
        preview['resources']['r']['properties']['error']['message']
    assert 'hot-ls does not evaluate this value' in preview['outputs']['o']['error']['message']
    assert max(visits.values()) < 1000, visits


def test_a_shared_value_of_reasonable_size_is_evaluated():
    template = Template(parse(laughs().replace('[",", *a6]', '[",", *a2]')))
    value = TemplateEvaluation(template).output('o').value
    assert value.error is None and value.value.count('"x"') == 9 ** 3
