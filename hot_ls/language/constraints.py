"""Heat's value constraints (heat/engine/constraints.py), reimplemented without Heat.

The six constraint kinds a parameter (or a resource property) can carry:
`Range`, `Length`, `Modulo`, `AllowedValues`, `AllowedPattern` and
`CustomConstraint`, with the construction-time checks and the messages of
Heat 27.0.1, plus the part of Heat's `Schema` that values are checked
against (`Schema`: a data type and its constraints).

Fidelity notes, because the code cannot say them:

* Messages are Heat's, character for character; `tools/gen_parameter_golden.py`
  records Heat's answers and `tests/language/test_parameters_golden.py`
  compares.
* The checks are the same Python operations Heat performs (`int()`, `len()`,
  `re.match`, `in` on a tuple), so the errors Heat lets escape as bare
  `TypeError`s (`len(42)`, `re.match` on an int) escape here too, with the
  same text, and callers catch them where Heat does.
* A constraint's `description`, when truthy, *is* the whole failure message.
* `CustomConstraint`s name plug-ins that mostly need a cloud (nova.flavor,
  glance.image, ...).  Only checks registered with
  `register_custom_constraint` are run; any other custom constraint is
  treated as satisfied, because offline nothing can be known about it.
"""
from __future__ import annotations

import collections.abc
import json
import numbers
import re
from typing import Any, Callable, ClassVar, Iterable

# Heat's abstract data types (constraints.Schema.TYPE_KEYS).  Each template
# dialect has its own names for them (HOT parameters: 'string', 'number',
# 'comma_delimited_list', 'json', 'boolean'; properties: 'Integer', ...).
INTEGER, STRING, NUMBER, BOOLEAN, MAP, LIST = 'INTEGER', 'STRING', 'NUMBER', 'BOOLEAN', 'MAP', 'LIST'
ANY = 'ANY'
TYPE_KEYS = (INTEGER, STRING, NUMBER, BOOLEAN, MAP, LIST)

TRUE_STRINGS = ('1', 't', 'true', 'on', 'y', 'yes')
FALSE_STRINGS = ('0', 'f', 'false', 'off', 'n', 'no')


class InvalidSchemaError(Exception):
    """A schema (or one of its constraints) that Heat refuses to build.

    `message` is Heat's text.  `field` names the argument at fault when
    there is one ('min', 'max', 'step', 'offset'), so callers can point at
    it.  `raw` is True when Heat does not raise its own error here but lets
    a bare Python exception escape (e.g. an invalid regular expression), in
    which case `message` is that exception's text.
    """

    def __init__(self, message: str, field: str | None = None, raw: bool = False):
        super().__init__(message)
        self.message = message
        self.field = field
        self.raw = raw

    def __str__(self) -> str:
        return self.message


def str_to_num(value: Any) -> Any:
    """Heat's Schema.str_to_num: numbers pass, strings go through int() then float().

    Anything else fails as int() does (a TypeError, e.g. for a list or None).
    """
    if isinstance(value, numbers.Number):
        return value
    try:
        return int(value)
    except ValueError:
        return float(value)


def bool_from_string(subject: Any, strict: bool = True, default: bool | None = False) -> bool | None:
    """oslo_utils.strutils.bool_from_string, as Heat calls it (strict)."""
    if isinstance(subject, bool):
        return subject
    if not isinstance(subject, str):
        subject = str(subject)
    lowered = subject.strip().lower()
    if lowered in TRUE_STRINGS:
        return True
    if lowered in FALSE_STRINGS:
        return False
    if strict:
        acceptable = ', '.join(f"'{s}'" for s in sorted(TRUE_STRINGS + FALSE_STRINGS))
        raise ValueError(f"Unrecognized value '{subject}', acceptable values are: {acceptable}")
    return default


class Constraint:
    """One constraint on a value; see the module docstring for the contract."""

    #: the constraint's key in a HOT parameter schema ('range', 'allowed_values', ...)
    key: ClassVar[str]
    #: the data types it applies to (Heat's `valid_types`)
    valid_types: ClassVar[frozenset[str]]

    def __init__(self, description: Any = None):
        self.description = description

    @property
    def class_name(self) -> str:
        """Heat's class name, which its messages use ("Length constraint invalid for number")."""
        return type(self).__name__

    def applies_to(self, type_key: str) -> bool:
        """Whether this constraint may be used on a value of the abstract type `type_key`."""
        return type_key in self.valid_types

    @property
    def checkable(self) -> bool:
        """False when the constraint cannot be checked offline (see CustomConstraint)."""
        return True

    def validate(self, value: Any, schema: 'Schema | None' = None) -> str | None:
        """None when `value` satisfies the constraint, else Heat's message.

        A ValueError raised while checking (e.g. "could not convert string to
        float") is Heat's message too.  A TypeError is left to propagate, as
        Heat lets it.
        """
        try:
            valid = self._is_valid(value, schema)
        except ValueError as exc:
            return str(exc)
        if valid:
            return None
        if self.description:
            return str(self.description)
        return self._err_msg(value)

    def _is_valid(self, value: Any, schema: 'Schema | None') -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def _err_msg(self, value: Any) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f'{self.class_name}({self.definition()!r})'

    def definition(self) -> Any:  # pragma: no cover - overridden
        """The constraint as HOT writes it (the value under its key)."""
        raise NotImplementedError


class Range(Constraint):
    """`range: {min, max}`: a number within bounds (either bound optional)."""

    key = 'range'
    valid_types = frozenset({INTEGER, NUMBER})

    def __init__(self, min: Any = None, max: Any = None, description: Any = None):
        super().__init__(description)
        self.min = min
        self.max = max
        for field, param in (('min', min), ('max', max)):
            if not isinstance(param, (float, int, type(None))):
                raise InvalidSchemaError('min/max must be numeric', field)
        if min is max is None:
            raise InvalidSchemaError('A range constraint must have a min value and/or '
                                     'a max value specified.')

    def _err_msg(self, value):
        return '%(value)s is out of range (min: %(min)s, max: %(max)s)' % {
            'value': value, 'min': self.min, 'max': self.max}

    def _is_valid(self, value, schema):
        value = str_to_num(value)
        if self.min is not None and value < self.min:
            return False
        if self.max is not None and value > self.max:
            return False
        return True

    def definition(self):
        out = {}
        if self.min is not None:
            out['min'] = self.min
        if self.max is not None:
            out['max'] = self.max
        return out


class Length(Range):
    """`length: {min, max}`: the length of a string, list or map within bounds."""

    key = 'length'
    valid_types = frozenset({STRING, LIST, MAP})

    def __init__(self, min: Any = None, max: Any = None, description: Any = None):
        if min is max is None:
            raise InvalidSchemaError('A length constraint must have a min value and/or '
                                     'a max value specified.')
        super().__init__(min, max, description)
        for field, param in (('min', min), ('max', max)):
            if not isinstance(param, (int, type(None))):
                raise InvalidSchemaError('min/max length must be integral', field)

    def _err_msg(self, value):
        return 'length (%(length)d) is out of range (min: %(min)s, max: %(max)s)' % {
            'length': len(value), 'min': self.min, 'max': self.max}

    def _is_valid(self, value, schema):
        return super()._is_valid(len(value), schema)


class Modulo(Constraint):
    """`modulo: {step, offset}`: `value % step == offset` (HOT 2017-02-24 and later)."""

    key = 'modulo'
    valid_types = frozenset({INTEGER, NUMBER})

    def __init__(self, step: Any = None, offset: Any = None, description: Any = None):
        super().__init__(description)
        self.step = step
        self.offset = offset
        if step is None or offset is None:
            raise InvalidSchemaError('A modulo constraint must have a step value and '
                                     'an offset value specified.',
                                     'step' if step is None else 'offset')
        for field, param in (('step', step), ('offset', offset)):
            if not isinstance(param, (float, int, type(None))):
                raise InvalidSchemaError('step/offset must be numeric', field)
            try:
                integral = int(param) == param
            except (ValueError, OverflowError) as exc:  # nan, inf: Heat lets these escape
                raise InvalidSchemaError(str(exc), field, raw=True) from exc
            if not integral:
                raise InvalidSchemaError('step/offset must be integer', field)
        step, offset = int(step), int(offset)
        if step == 0:
            raise InvalidSchemaError('step cannot be 0.', 'step')
        if abs(offset) >= abs(step):
            raise InvalidSchemaError('offset must be smaller (by absolute value) than step.',
                                     'offset')
        if step * offset < 0:
            raise InvalidSchemaError('step and offset must be both positive or both negative.',
                                     'offset')

    def _err_msg(self, value):
        return '%(value)s is not a multiple of %(step)s with an offset of %(offset)s' % {
            'value': value, 'step': self.step, 'offset': self.offset}

    def _is_valid(self, value, schema):
        return str_to_num(value) % self.step == self.offset

    def definition(self):
        return {'step': self.step, 'offset': self.offset}


class AllowedValues(Constraint):
    """`allowed_values: [...]`: one of a list (every item, for a list value)."""

    key = 'allowed_values'
    valid_types = frozenset({STRING, INTEGER, NUMBER, BOOLEAN, LIST})

    def __init__(self, allowed: Any, description: Any = None):
        super().__init__(description)
        if not isinstance(allowed, collections.abc.Sequence) or isinstance(allowed, str):
            raise InvalidSchemaError('AllowedValues must be a list')
        self.allowed = tuple(allowed)

    def _err_msg(self, value):
        allowed = '[%s]' % ', '.join(json.dumps(a) for a in self.allowed)
        return '%(value)s is not an allowed value %(allowed)s' % {
            'value': json.dumps(value), 'allowed': allowed}

    def _is_valid(self, value, schema):
        # A list value: every element must be allowed, compared as is.
        if isinstance(value, list):
            return all(v in self.allowed for v in value)
        if schema is not None:
            allowed = self._converted(schema)  # first, as Heat converts them before the value
            return schema.to_schema_type(value) in allowed
        return value in self.allowed

    def _converted(self, schema: 'Schema') -> tuple:
        """The allowed values in the schema's type; converted once per type (they are
        checked for every use of a property, and some lists have 256 items).  A value
        that cannot be converted fails every time, with Heat's message."""
        cache = self.__dict__.setdefault('_by_type', {})
        key = (schema.type_key, schema.type_name)
        found = cache.get(key)
        if found is None:
            try:
                found = tuple(schema.to_schema_type(v) for v in self.allowed)
            except ValueError as exc:
                found = str(exc)
            cache[key] = found
        if isinstance(found, str):
            raise ValueError(found)
        return found

    def definition(self):
        return list(self.allowed)


class AllowedPattern(Constraint):
    """`allowed_pattern: regex`: the whole string matches (re.match plus an end check)."""

    key = 'allowed_pattern'
    valid_types = frozenset({STRING})

    def __init__(self, pattern: Any, description: Any = None):
        super().__init__(description)
        if not isinstance(pattern, str):
            raise InvalidSchemaError('AllowedPattern must be a string')
        self.pattern = pattern
        try:
            self.match = re.compile(pattern).match
        except re.error as exc:  # Heat lets re.error escape
            raise InvalidSchemaError(str(exc), raw=True) from exc

    def _err_msg(self, value):
        return '"%(value)s" does not match pattern "%(pattern)s"' % {
            'value': value, 'pattern': self.pattern}

    def _is_valid(self, value, schema):
        match = self.match(value)
        return match is not None and match.end() == len(value)

    def definition(self):
        return self.pattern


#: An offline implementation of one of Heat's custom constraints: called with
#: the value, returns None when it is valid, else the detail Heat appends to
#: "Error validating value '<value>'" ('' for none).
CustomCheck = Callable[[Any], 'str | None']

_CUSTOM_CHECKS: dict[str, CustomCheck] = {}


def register_custom_constraint(name: str, check: CustomCheck) -> None:
    """Make `custom_constraint: name` checkable offline (e.g. ip_addr, net_cidr)."""
    _CUSTOM_CHECKS[name] = check


def custom_check(name: Any) -> CustomCheck | None:
    return _CUSTOM_CHECKS.get(name) if isinstance(name, str) else None


class CustomConstraint(Constraint):
    """`custom_constraint: name`: a named plug-in check (see the module docstring)."""

    key = 'custom_constraint'
    valid_types = frozenset({STRING, INTEGER, NUMBER, BOOLEAN, LIST})

    def __init__(self, name: Any, description: Any = None):
        super().__init__(description)
        self.name = name

    @property
    def checkable(self) -> bool:
        return custom_check(self.name) is not None

    def validate(self, value, schema=None):
        check = custom_check(self.name)
        if check is None:
            return None  # unknowable offline: treated as satisfied
        detail = check(value)
        if detail is None:
            return None
        if self.description:
            return str(self.description)
        if detail:
            return "Error validating value '%(value)s': %(message)s" % {
                'value': value, 'message': detail}
        return "Error validating value '%(value)s'" % {'value': value}

    def definition(self):
        return self.name


class Schema:
    """A data type with its constraints: what Heat's Schema checks a value against.

    `type_key` is the abstract type (STRING, NUMBER, ...); `type_name` is
    the name the template wrote ('number', 'comma_delimited_list'), which
    Heat's messages print.
    """

    def __init__(self, type_key: str, constraints: Iterable[Constraint] = (),
                 type_name: str | None = None):
        self.type_key = type_key
        self.type_name = type_name if type_name is not None else type_key.capitalize()
        self.constraints: tuple[Constraint, ...] = tuple(constraints)

    def inapplicable_constraint(self) -> tuple[int, Constraint] | None:
        """The first constraint that does not apply to this type, with its index."""
        for index, constraint in enumerate(self.constraints):
            if not constraint.applies_to(self.type_key):
                return index, constraint
        return None

    def check_constraint_types(self) -> None:
        """Heat's first step of Schema.validate: every constraint must suit the type."""
        found = self.inapplicable_constraint()
        if found is not None:
            raise InvalidSchemaError(constraint_type_message(found[1], self.type_name))

    def to_schema_type(self, value: Any) -> Any:
        """The value in the schema's type (Heat's Schema.to_schema_type)."""
        try:
            if self.type_key == INTEGER:
                num = str_to_num(value)
                if isinstance(num, float):
                    raise ValueError('%s is not an integer.' % num)
                return num
            if self.type_key == NUMBER:
                return str_to_num(value)
            if self.type_key == STRING:
                return str(value)
            if self.type_key == BOOLEAN:
                return bool_from_string(str(value), strict=True)
        except ValueError:
            raise ValueError('Value "%(val)s" is invalid for data type "%(type)s".'
                             % {'val': value, 'type': self.type_name}) from None
        return value

    def failing_constraint(self, value: Any, skipped: tuple[type[Constraint], ...] = ()
                           ) -> tuple[int, Constraint, str] | None:
        """The first constraint `value` violates: (index, constraint, Heat's message).

        Constraints of a `skipped` class are not checked.  TypeErrors escape.
        """
        for index, constraint in enumerate(self.constraints):
            if type(constraint) in skipped:
                continue
            message = constraint.validate(value, self)
            if message is not None:
                return index, constraint, message
        return None

    def validate_constraints(self, value: Any, skipped: tuple[type[Constraint], ...] = ()) -> str | None:
        """Heat's message for the first constraint `value` violates, or None."""
        found = self.failing_constraint(value, skipped)
        return found[2] if found is not None else None


def constraint_type_message(constraint: Constraint, type_name: str) -> str:
    return '%(name)s constraint invalid for %(utype)s' % {
        'name': constraint.class_name, 'utype': type_name}


from hot_ls.language import custom_constraints as _custom_constraints  # noqa: E402,F401  (registers ip_addr, net_cidr, ...)
