"""Focused tests of hot_ls.language.constraints (Heat's constraint semantics)."""
from __future__ import annotations

import pytest

from hot_ls.language import constraints as c


def test_str_to_num():
    assert c.str_to_num('10') == 10 and isinstance(c.str_to_num('10'), int)
    assert c.str_to_num('1.5') == 1.5
    assert c.str_to_num(True) is True
    with pytest.raises(ValueError, match="could not convert string to float: 'abc'"):
        c.str_to_num('abc')
    with pytest.raises(TypeError):
        c.str_to_num([1])


def test_bool_from_string_is_strict_and_strips():
    assert c.bool_from_string(' Yes ') is True
    assert c.bool_from_string(0) is False
    with pytest.raises(ValueError) as err:
        c.bool_from_string('maybe')
    assert str(err.value) == ("Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', "
                              "'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'")


@pytest.mark.parametrize('make, message', [
    (lambda: c.Range(), 'A range constraint must have a min value and/or a max value specified.'),
    (lambda: c.Range('1'), 'min/max must be numeric'),
    (lambda: c.Length(), 'A length constraint must have a min value and/or a max value specified.'),
    (lambda: c.Length(1.5), 'min/max length must be integral'),
    (lambda: c.Modulo(2), 'A modulo constraint must have a step value and an offset value specified.'),
    (lambda: c.Modulo(0, 0), 'step cannot be 0.'),
    (lambda: c.Modulo(2.5, 0), 'step/offset must be integer'),
    (lambda: c.Modulo(2, 3), 'offset must be smaller (by absolute value) than step.'),
    (lambda: c.Modulo(-2, 1), 'step and offset must be both positive or both negative.'),
    (lambda: c.AllowedValues('ab'), 'AllowedValues must be a list'),
    (lambda: c.AllowedPattern(1), 'AllowedPattern must be a string'),
])
def test_schema_errors(make, message):
    with pytest.raises(c.InvalidSchemaError) as err:
        make()
    assert err.value.message == message


def test_schema_error_names_the_field():
    with pytest.raises(c.InvalidSchemaError) as err:
        c.Length(1, 2.5)
    assert err.value.field == 'max'
    with pytest.raises(c.InvalidSchemaError) as err:
        c.AllowedPattern('(')
    assert err.value.raw and 'missing )' in err.value.message


def test_messages():
    number = c.Schema(c.NUMBER, type_name='number')
    assert c.Range(1, 10).validate(0, number) == '0 is out of range (min: 1, max: 10)'
    assert c.Range(1).validate('0') == '0 is out of range (min: 1, max: None)'
    assert c.Length(2).validate('a') == 'length (1) is out of range (min: 2, max: None)'
    assert c.Modulo(2, 1).validate(4) == '4 is not a multiple of 2 with an offset of 1'
    assert c.AllowedValues(['a', 1]).validate('b') == '"b" is not an allowed value ["a", 1]'
    assert c.AllowedPattern('[a-z]+').validate('abc1') == '"abc1" does not match pattern "[a-z]+"'
    assert c.Range(1, description='Too small').validate(0) == 'Too small'
    assert c.Range(1).validate('x') == "could not convert string to float: 'x'"


def test_pattern_must_match_to_the_end():
    # re.match, then the match must end at the end: not re.fullmatch, so the
    # first alternative that matches decides (Heat's quirk, in the golden file too)
    assert c.AllowedPattern('a|ab').validate('ab') == '"ab" does not match pattern "a|ab"'
    assert c.AllowedPattern('ab|a').validate('ab') is None
    assert c.AllowedPattern('[a-z]+').validate('abc\n') is not None


def test_allowed_values_coerce_to_the_schema_type():
    number = c.Schema(c.NUMBER, type_name='number')
    assert c.AllowedValues(['1', '2']).validate(1, number) is None
    assert c.AllowedValues(['a']).validate(1, number) == 'Value "a" is invalid for data type "number".'
    # a list value: every element must be allowed, compared as is
    assert c.AllowedValues(['a', 'b']).validate(['a', 'c']) == '["a", "c"] is not an allowed value ["a", "b"]'


def test_type_errors_escape_as_in_heat():
    with pytest.raises(TypeError, match="object of type 'int' has no len"):
        c.Length(1).validate(42)


def test_applicability():
    schema = c.Schema(c.NUMBER, [c.AllowedValues([1]), c.Length(1)], 'number')
    index, constraint = schema.inapplicable_constraint()
    assert index == 1 and constraint.class_name == 'Length'
    with pytest.raises(c.InvalidSchemaError, match='^Length constraint invalid for number$'):
        schema.check_constraint_types()
    assert not c.CustomConstraint('ip_addr').applies_to(c.MAP)
    assert c.AllowedValues([1]).applies_to(c.BOOLEAN)


def test_custom_constraints_are_pluggable():
    unknown = c.CustomConstraint('test.never.registered')
    assert not unknown.checkable and unknown.validate('anything') is None
    c.register_custom_constraint('test.even', lambda v: None if int(v) % 2 == 0 else 'odd')
    even = c.CustomConstraint('test.even')
    assert even.checkable
    assert even.validate(2) is None
    assert even.validate(3) == "Error validating value '3': odd"
    assert c.CustomConstraint('test.even', 'Even only').validate(3) == 'Even only'
    c.register_custom_constraint('test.nodetail', lambda v: '')
    assert c.CustomConstraint('test.nodetail').validate('x') == "Error validating value 'x'"


def test_to_schema_type():
    assert c.Schema(c.STRING, type_name='string').to_schema_type(42) == '42'
    assert c.Schema(c.BOOLEAN, type_name='boolean').to_schema_type('on') is True
    with pytest.raises(ValueError, match='^Value "1.5" is invalid for data type "Integer".$'):
        c.Schema(c.INTEGER, type_name='Integer').to_schema_type('1.5')
