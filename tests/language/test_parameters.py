"""Focused tests of hot_ls.language.parameters: where errors point, versions, values."""
from __future__ import annotations

import pytest

from hot_ls.language import parameters as p
from hot_ls.language.parameters import (
    ParameterMissingError, ParameterSchemaError, ParameterValueError, parse_schema,
)


def error(raw, version='2021-04-16', name='p'):
    with pytest.raises(ParameterSchemaError) as err:
        parse_schema(name, raw, version).validate()
    return err.value


@pytest.mark.parametrize('raw, kind, path, on_key', [
    ('x', 'not-mapping', (), False),
    ({'type': 'string', 'foo': 1}, 'unknown-key', ('foo',), True),
    ({'description': 'd'}, 'missing-type', (), False),
    ({'type': 'list'}, 'invalid-type', ('type',), False),
    ({'type': 'string', 'tags': 'a'}, 'tags-not-list', ('tags',), False),
    ({'type': 'string', 'constraints': {}}, 'constraints-not-list', ('constraints',), False),
    ({'type': 'string', 'constraints': [{'length': {'min': 1}}, 'x']}, 'constraint-not-mapping',
     ('constraints', 1), False),
    ({'type': 'string', 'constraints': [{'lenght': {}}]}, 'constraint-unknown-key',
     ('constraints', 0, 'lenght'), True),
    ({'type': 'string', 'constraints': [{'description': 'd'}]}, 'no-constraint',
     ('constraints', 0), False),
    ({'type': 'string', 'constraints': [{'length': {'min': 1, 'mx': 2}}]}, 'constraint-definition',
     ('constraints', 0, 'length', 'mx'), True),
    ({'type': 'string', 'constraints': [{'length': {'min': 1.5}}]}, 'constraint-definition',
     ('constraints', 0, 'length', 'min'), False),
    ({'type': 'number', 'constraints': [{'range': {'max': 'x'}}]}, 'constraint-definition',
     ('constraints', 0, 'range', 'max'), False),
    ({'type': 'number', 'constraints': [{'modulo': {'step': 2, 'offset': 3}}]}, 'constraint-definition',
     ('constraints', 0, 'modulo', 'offset'), False),
    ({'type': 'number', 'constraints': [{'range': {}}]}, 'constraint-definition',
     ('constraints', 0, 'range'), False),
    ({'type': 'string', 'constraints': [{'allowed_values': 'a'}]}, 'constraint-definition',
     ('constraints', 0, 'allowed_values'), False),
    ({'type': 'number', 'constraints': [{'range': {'min': 1}}, {'length': {'min': 1}}]},
     'constraint-type', ('constraints', 1, 'length'), True),
    ({'type': 'number', 'default': 0, 'constraints': [{'range': {'min': 1}}]}, 'default-invalid',
     ('default',), False),
    ({'type': 'comma_delimited_list', 'default': 1}, 'default-type', ('default',), False),
])
def test_errors_say_where(raw, kind, path, on_key):
    err = error(raw)
    assert (err.kind, err.path, err.on_key) == (kind, path, on_key)


def test_wrapped_messages_keep_their_reason():
    err = error({'type': 'number', 'default': 0, 'constraints': [{'range': {'min': 1}}]})
    assert err.message == "Parameter 'p' is invalid: Invalid default 0 (0 is out of range (min: 1, max: None))"
    assert err.reason == 'Invalid default 0 (0 is out of range (min: 1, max: None))'
    assert err.constraint_index == 0


def test_versions():
    assert error({'type': 'string', 'tags': []}, '2017-09-01').message == \
        "Invalid key 'tags' for parameter (p)"
    parse_schema('p', {'type': 'string', 'tags': []}, 'queens')
    modulo = {'type': 'number', 'constraints': [{'modulo': {'step': 2, 'offset': 0}}]}
    assert error(modulo, '2016-10-14').message == 'No constraint expressed'
    assert parse_schema('p', modulo, 'ocata').constraints[0].key == 'modulo'
    assert p.dialect('2017-02-24').constraint_priority[0] == 'modulo'
    assert 'modulo' not in p.dialect('newton').constraint_priority
    with pytest.raises(ValueError):
        p.dialect('2099-01-01')


def test_first_constraint_key_wins():
    schema = parse_schema('p', {'type': 'string', 'default': 'abc',
                                'constraints': [{'length': {'max': 5}, 'allowed_values': ['x']}]},
                          '2021-04-16')
    assert [c.key for c in schema.constraints] == ['length']
    schema.validate()


def test_values_are_coerced_as_heat_does():
    assert parse_schema('n', {'type': 'number'}, 'wallaby').validate_value('1.5') == 1.5
    assert parse_schema('b', {'type': 'boolean'}, 'wallaby').validate_value('yes') is True
    assert parse_schema('s', {'type': 'string'}, 'wallaby').validate_value(42) == '42'
    assert parse_schema('l', {'type': 'comma_delimited_list'}, 'wallaby').validate_value('a, b') == ['a', ' b']
    assert parse_schema('l', {'type': 'comma_delimited_list'}, 'wallaby').validate_value('') == []
    assert parse_schema('j', {'type': 'json'}, 'wallaby').validate_value('{"a": 1}') == {'a': 1}


@pytest.mark.parametrize('ptype, value, message', [
    ('number', 'abc', "Parameter 'p' is invalid: could not convert string to float: 'abc'"),
    ('json', 'x', "Parameter 'p' is invalid: Value must be valid JSON: Expecting value: line 1 column 1 (char 0)"),
    ('comma_delimited_list', 1,
     "Parameter 'p' is invalid: Value must be a comma-delimited list string: 'int' object has no attribute 'split'"),
])
def test_value_errors(ptype, value, message):
    with pytest.raises(ParameterValueError) as err:
        parse_schema('p', {'type': ptype}, 'wallaby').validate_value(value)
    assert err.value.message == message and err.value.kind == 'type'


def test_missing_values_and_defaults():
    schema = parse_schema('p', {'type': 'number'}, 'wallaby')
    assert schema.required
    with pytest.raises(ParameterMissingError, match=r'^The Parameter \(p\) was not provided\.$'):
        schema.value()
    assert schema.value(user_default='3') == 3
    assert schema.value('4', user_default='3') == 4
    with pytest.raises(ParameterMissingError):
        schema.check()
    # Heat's BooleanParam.value() converts a missing value instead
    with pytest.raises(ParameterValueError, match="Unrecognized value 'None'"):
        parse_schema('b', {'type': 'boolean'}, 'wallaby').value()


def test_text():
    assert parse_schema('l', {'type': 'comma_delimited_list'}, 'wallaby').text(['a', 'b']) == 'a,b'
    assert parse_schema('j', {'type': 'json'}, 'wallaby').text({'a': 1}) == '{"a": 1}'
    assert parse_schema('h', {'type': 'string', 'hidden': True}, 'wallaby').text('x') == '******'


def test_pseudo_parameters():
    assert 'OS::region' in p.PSEUDO_PARAMETERS
    defined = p.pseudo_parameters(stack_id='sid', project_id='pid')
    assert set(defined) == {'OS::stack_id', 'OS::project_id'}
    assert defined['OS::stack_id'].value() == 'sid'
    assert set(p.pseudo_parameters(stack_name='s')) == {'OS::stack_id', 'OS::project_id', 'OS::stack_name'}
    assert 'OS::region' not in p.defined_pseudo_parameters()
    assert p.defined_pseudo_parameters(stack_named=False) == ('OS::stack_id', 'OS::project_id')


@pytest.mark.parametrize('schema, meant', [
    ({'type': 'number'}, True),  # (no constraint admits 0)
    ({'type': 'number', 'constraints': [{'range': {'min': 1}}]}, True),
    ({'type': 'number', 'constraints': [{'range': {'min': 0, 'max': 20}}]}, False),
    ({'type': 'number', 'constraints': [{'range': {'max': 5}}]}, False),
    ({'type': 'number', 'constraints': [{'allowed_values': [1, 2, 3]}]}, True),
    ({'type': 'number', 'constraints': [{'allowed_values': ['0', 3]}]}, False),
    ({'type': 'number', 'constraints': [{'modulo': {'step': 2, 'offset': 0}}]}, False),
    ({'type': 'string'}, False),
])
def test_a_number_parameter_is_meant_never_to_be_0_unless_a_constraint_admits_it(schema,
                                                                                meant):
    assert p.meant_nonzero(p.parse_schema('size', schema, '2021-04-16')) is meant
