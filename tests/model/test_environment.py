"""Environment files: reading one as Heat does, and merging several in order.

The merge semantics are checked against Heat itself by the golden
evaluation cases (group "environments"); these tests check what the golden
cases cannot see: where a problem is (its node), and the sections kept.
"""
from __future__ import annotations

import pytest

from hot_ls.model.environment import (
    Environment, EnvironmentError_, merge_environments,
)


def test_sections_are_kept_as_nodes():
    env = Environment.from_text('parameters:\n  a: 1\nresource_registry:\n  "My::T": x.yaml\n'
                                'parameter_merge_strategies: {a: merge}\n', 'e.yaml')
    assert env.problems == []
    assert env.parameters == {'a': 1}
    assert env.section('resource_registry') == {'My::T': 'x.yaml'}
    assert env.section('event_sinks') == []
    assert env.sections['parameters'].start == text_index('parameters:\n  a: 1', '  a')


def text_index(text: str, needle: str) -> int:
    return text.index(needle) + 2


@pytest.mark.parametrize('text, message, where', [
    ('paramters: {a: 1}\n', 'environment has wrong section "paramters"', 'paramters'),
    ('parameters:\nresource_registry: {}\n', 'environment has empty section "parameters"',
     'parameters'),
    ('- a\n- b\n', 'The environment is not a valid YAML mapping data type.', '- a'),
])
def test_problems_point_at_the_culprit(text, message, where):
    env = Environment.from_text(text, 'e.yaml')
    (problem,) = env.problems
    assert problem.message == message
    assert problem.node.start == text.index(where)


def test_empty_document_is_an_empty_environment():
    assert Environment.from_text('', 'e.yaml').problems == []
    assert Environment.from_text('# nothing\n', 'e.yaml').as_dict() == {}


def test_merge_in_order_over_user_values():
    first = Environment.from_text('parameters: {s: a, n: 1}\nparameter_defaults: {d: x}\n',
                                  'one.yaml')
    second = Environment.from_text('parameters: {s: b}\nresource_registry: {"A::B": c.yaml}\n',
                                   'two.yaml')
    merged = merge_environments([first, second], {'s': 'string', 'n': 'number', 'd': 'string'},
                                {'s': 'user', 'u': 1})
    assert merged.parameters == {'s': 'b', 'n': 1, 'u': 1}
    assert merged.parameter_defaults == {'d': 'x'}
    assert merged.resource_registry == {'A::B': 'c.yaml'}


def test_conflicting_strategies_name_the_file():
    first = Environment.from_text('parameters: {s: a}\nparameter_merge_strategies: {s: merge}\n',
                                  'one.yaml')
    second = Environment.from_text('parameters: {s: b}\nparameter_merge_strategies: {s: overwrite}\n',
                                   'two.yaml')
    with pytest.raises(EnvironmentError_) as caught:
        merge_environments([first, second], {'s': 'string'})
    assert str(caught.value) == ("Conflicting merge strategy 'overwrite' for parameter 's' in "
                                 "file 'two.yaml'.")


def test_a_file_without_strategies_keeps_the_earlier_one():
    first = Environment.from_text('parameters: {s: a}\nparameter_merge_strategies: {s: merge}\n',
                                  'one.yaml')
    second = Environment.from_text('parameters: {s: b}\n', 'two.yaml')
    assert merge_environments([first, second], {'s': 'string'}).parameters == {'s': 'ab'}


def test_a_file_heat_refuses_stops_the_merge():
    bad = Environment.from_text('parameters:\n', 'bad.yaml')
    with pytest.raises(EnvironmentError_) as caught:
        merge_environments([bad], {})
    assert caught.value.message == 'environment has empty section "parameters"'


def test_merging_does_not_touch_the_inputs():
    env = Environment.from_text('parameters: {l: [c]}\nparameter_merge_strategies: {l: merge}\n',
                                'e.yaml')
    values = {'l': ['a']}
    merged = merge_environments([env], {'l': 'comma_delimited_list'}, values)
    assert merged.parameters == {'l': ['a', 'c']}
    assert values == {'l': ['a']}
