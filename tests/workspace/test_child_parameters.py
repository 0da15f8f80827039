"""What a nested stack's parameter is given for each value its parent computes
(hot_ls.workspace.stacks.child_parameter), as Heat's TemplateResource.child_params gives it:
the value read through the provider's property schema, a value the property refuses with
a ValueError replaced by the type's empty value, a list joined by commas.  The oracle test
asks Heat's own Property code the same questions."""
from __future__ import annotations

import json
import subprocess

import pytest

from helpers import HEAT_PYTHON
from hot_ls.workspace.stacks import UNCONVERTED, child_parameter
from hot_ls.workspace.summaries import UNKNOWN

#: (parameter type, the parent's value, what the nested stack's parameter is given);
#: UNCONVERTED: the property's value for None (what child_params passes instead)
CASES = [
    ('string', 'web', 'web'),
    ('string', 7, '7'),
    ('string', True, 'True'),
    ('string', 1.5, UNCONVERTED),
    ('string', ['a'], UNCONVERTED),
    ('string', {'a': 1}, UNCONVERTED),
    ('number', 3, 3),
    ('number', 2.5, 2.5),
    ('number', '7', 7),
    ('number', '7.5', 7.5),
    ('number', 'web', UNCONVERTED),
    ('number', ['a'], UNKNOWN),
    ('boolean', True, True),
    ('boolean', 'TRUE', True),
    ('boolean', 'false', False),
    ('boolean', 'maybe', UNCONVERTED),
    ('boolean', 'yes', UNCONVERTED),
    ('boolean', 2, UNKNOWN),
    ('comma_delimited_list', ['a', 'b'], 'a,b'),
    ('comma_delimited_list', ['a', None], 'a,'),
    ('comma_delimited_list', [], ''),
    ('comma_delimited_list', 'a, b', 'a, b'),
    ('comma_delimited_list', [1, 2], UNKNOWN),
    ('comma_delimited_list', [{'a': 1}], UNKNOWN),
    ('comma_delimited_list', {'a': 1}, UNKNOWN),
    ('json', {'a': 1}, {'a': 1}),
    ('json', [1, 2], '[1, 2]'),
    ('json', '{"a": 1}', '{"a": 1}'),
    ('json', 3, UNKNOWN),
]


@pytest.mark.parametrize('parameter_type, value, expected', CASES)
def test_what_the_nested_stack_is_given(parameter_type, value, expected):
    given = child_parameter(parameter_type, value)
    if expected is UNKNOWN or expected is UNCONVERTED:
        assert given is expected
    else:
        assert given == expected and type(given) is type(expected)


def test_a_value_still_holding_a_function_is_not_known():
    assert child_parameter('json', {'a': {'get_attr': ['server', 'name']}}) is UNKNOWN
    assert child_parameter('string', {'get_param': 'p'}) is UNKNOWN
    assert child_parameter('json', {'get': 'x'}) == {'get': 'x'}


_ORACLE = r'''
import json, sys, collections.abc
from heat.engine import properties
from heat.engine.hot.parameters import HOTParamSchema20180302 as ParamSchema
answers = []
for kind, value in json.loads(sys.stdin.read()):
    schema = properties.Schema.from_parameter(ParamSchema.from_dict('p', {'type': kind}))
    prop = properties.Property(schema)
    try:
        try:
            val = prop.get_value(value)
            how = 'read'
        except ValueError:
            val = prop.get_value(None)
            how = 'unconverted'
    except TypeError:
        answers.append(['raises', None]); continue
    if schema.type == properties.Schema.LIST:
        if len(val) == 0:
            val = ''
        elif isinstance(val[0], dict):
            answers.append(['flattened', None]); continue
        else:
            try:
                val = ','.join((x if x is not None else '') for x in val)
            except TypeError:
                answers.append(['raises', None]); continue
    answers.append([how, val])
print(json.dumps(answers))
'''


@pytest.mark.skipif(HEAT_PYTHON is None, reason='needs the Heat virtual environment')
def test_heat_gives_the_same():
    asked = [[kind, value] for kind, value, _ in CASES]
    done = subprocess.run([HEAT_PYTHON, '-c', _ORACLE], input=json.dumps(asked),
                          capture_output=True, text=True, check=True)
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    empty = {'string': '', 'number': 0, 'boolean': False}
    for (kind, value, expected), (how, heat) in zip(CASES, answers):
        if expected is UNKNOWN:
            assert how in ('raises', 'flattened'), (kind, value, how, heat)
        elif expected is UNCONVERTED:
            assert (how, heat) == ('unconverted', empty[kind]), (kind, value)
        else:
            assert (how, heat) == ('read', expected), (kind, value)
