"""What yaql gave is kept for the same expression over equal plain data
(hot_ls/evaluator/functions/yaql_function.py `_RESULTS`): TripleO's service templates run one
expression once per role, and each run costs milliseconds.  The values stay Heat's (the golden
cases check them); these tests check when yaql runs and that nobody shares a value."""
from __future__ import annotations

import contextlib
import textwrap

import pytest

from hot_ls.evaluator import preview
from hot_ls.evaluator.functions import yaql_function
from hot_ls.model import Template
from hot_ls.syntax import parse


@pytest.fixture
def runs(monkeypatch):
    """How many times yaql ran an expression (each run is timed by `within`)."""
    monkeypatch.setattr(yaql_function, '_RESULTS', {})
    counted = []
    timed = yaql_function.within

    @contextlib.contextmanager
    def counting(seconds):
        counted.append(seconds)
        with timed(seconds):
            yield

    monkeypatch.setattr(yaql_function, 'within', counting)
    return counted


def outputs(text: str) -> dict:
    return preview(Template(parse(textwrap.dedent(text)), 'stack.yaml')).to_json()['outputs']


ROLES = '''\
    heat_template_version: 2021-04-16
    parameters:
      public: {type: string, default: external}
    outputs:
      controller:
        value:
          yaql:
            expression: let(public => $.data.public) -> $.data.networks.where($ != $public)
            data: {public: {get_param: public}, networks: [ctlplane, external, storage]}
      compute:
        value:
          yaql:
            expression: let(public => $.data.public) -> $.data.networks.where($ != $public)
            data: {public: {get_param: public}, networks: [ctlplane, external, storage]}
      other_data:
        value:
          yaql:
            expression: let(public => $.data.public) -> $.data.networks.where($ != $public)
            data: {public: storage, networks: [ctlplane, external, storage]}
    '''


def test_the_same_expression_over_equal_data_runs_once(runs):
    found = outputs(ROLES)
    assert found == {'controller': ['ctlplane', 'storage'], 'compute': ['ctlplane', 'storage'],
                     'other_data': ['ctlplane', 'external']}
    assert len(runs) == 2  # controller's (compute's is the same), other_data's
    assert outputs(ROLES) == found
    assert len(runs) == 2  # (another analysis of the same template runs none)


def test_each_caller_gets_its_own_value(runs):
    first = outputs(ROLES)['controller']
    first.append('changed by its reader')
    assert outputs(ROLES)['controller'] == ['ctlplane', 'storage']


def test_what_reads_the_clock_runs_every_time(runs):
    text = '''\
        heat_template_version: 2021-04-16
        outputs:
          a: {value: {yaql: {expression: now().year > 2000, data: {}}}}
          b: {value: {yaql: {expression: now().year > 2000, data: {}}}}
        '''
    assert outputs(text) == {'a': True, 'b': True}
    assert len(runs) == 2


def test_errors_are_not_kept_and_stay_heats(runs):
    text = '''\
        heat_template_version: 2021-04-16
        outputs:
          a: {value: {yaql: {expression: $.data.containsKey(b), data: [1]}}}
          b: {value: {yaql: {expression: $.data.containsKey(b), data: [1]}}}
        '''
    message = 'No method "containsKey" for receiver (1,) matches supplied arguments'
    found = outputs(text)
    assert [found[name]['error']['message'] for name in 'ab'] == [message, message]
    assert len(runs) == 2


@pytest.mark.parametrize('data, plain', [
    ({'a': [1, 2.5, 'x', None, True], 'b': {'c': []}}, True),
    ([{'k': 'v'}], True),
    ({'a': (1, 2)}, False),  # a tuple's repr is not a list's: not what Heat's data holds
    ({'a': type('Tagged', (str,), {})('x')}, False),  # a str of another type prints the same
])
def test_only_data_whose_repr_is_its_identity_is_a_key(data, plain):
    assert yaql_function._plain(data) is plain
