"""HOT parameters as Heat understands them, reimplemented without Heat.

Three things, each mirroring Heat 27.0.1:

* **Schema parsing** (`parse_schema`): HOTParamSchema(.20170224/.20180302)
  .from_dict, in Heat's order, so the first problem found is the one Heat
  reports, with Heat's message.  The error also says *where* (`path` into the
  parameter's schema), so an editor can point at the right node.
* **Schema validation** (`ParameterSchema.validate`): Heat's Schema.validate,
  run by every stack validation: each constraint must suit the type, and the
  default must satisfy the constraints (custom constraints excepted).
* **Values** (`validate_value`, `value`, `check`): Parameter and its
  NumberParam/BooleanParam/StringParam/CommaDelimitedListParam/JsonParam
  subclasses: how a user value or default is checked and coerced.

Messages are Heat's exactly; `tests/language/test_parameters_golden.py`
compares them with Heat's own answers (fixtures/golden/parameters.json).
Where Heat lets a bare Python exception escape, its text is the message and
the error's `raw` is True.

Schemas are parsed from plain Python values (`node.to_python()`), never
from syntax nodes: this module knows nothing about positions.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hot_ls.language import constraints as constr
from hot_ls.language.constraints import (
    AllowedPattern, AllowedValues, Constraint, CustomConstraint, InvalidSchemaError, Length,
    Modulo, Range, Schema, str_to_num,
)
from hot_ls.language.versions import HotVersion, language

# The HOT parameter type names and the abstract types they stand for.
STRING, NUMBER, LIST, MAP, BOOLEAN = 'string', 'number', 'comma_delimited_list', 'json', 'boolean'
TYPE_KEYS = {STRING: constr.STRING, NUMBER: constr.NUMBER, LIST: constr.LIST,
             MAP: constr.MAP, BOOLEAN: constr.BOOLEAN}

# Keys of one entry of `constraints` (hot/parameters.py PARAM_CONSTRAINTS).
CONSTRAINT_KEYS = ('description', 'length', 'range', 'modulo', 'allowed_values',
                   'allowed_pattern', 'custom_constraint')
RANGE_KEYS = ('min', 'max')
MODULO_KEYS = ('step', 'offset')

# The order in which Heat looks for the constraint in an entry: the first key
# present wins and any other is ignored.  `modulo` is looked for (first) only
# from 2017-02-24; earlier it is a valid key that expresses nothing.
CONSTRAINT_PRIORITY = ('modulo', 'range', 'length', 'allowed_values', 'allowed_pattern',
                       'custom_constraint')

#: HOTParameters.PSEUDO_PARAMETERS.  OS::region is listed but never defined,
#: so `get_param: OS::region` fails with "The Parameter (OS::region) was not provided."
PSEUDO_PARAMETERS = ('OS::stack_id', 'OS::stack_name', 'OS::region', 'OS::project_id')
STACK_ID, STACK_NAME, REGION, PROJECT_ID = PSEUDO_PARAMETERS


# -- errors --------------------------------------------------------------------------

class ParameterError(Exception):
    """A parameter problem, with the message Heat reports for it.

    `reason` is the innermost text (without "Parameter 'p' is invalid: " and
    the like).  `raw` is True when Heat reports a bare Python exception.
    """

    def __init__(self, message: str, name: Any = None, *, reason: str | None = None,
                 kind: str = '', raw: bool = False):
        super().__init__(message)
        self.message = message
        self.name = name
        self.reason = reason if reason is not None else message
        self.kind = kind
        self.raw = raw

    def __str__(self) -> str:
        return self.message


class ParameterSchemaError(ParameterError):
    """A schema Heat refuses: while parsing it (`parse_schema`) or validating it.

    `path` leads from the parameter's schema mapping to the culprit, e.g.
    ('type',), ('constraints', 0, 'range', 'min'), ('default',); () is the
    schema itself.  When `on_key` is True the culprit is the last key itself
    (an unknown key), not its value.  `kind` classifies the problem:

    not-mapping, unknown-key, missing-type, invalid-type, tags-not-list,
    constraints-not-list, constraint-not-mapping, constraint-unknown-key,
    no-constraint, constraint-definition, constraint-type, default-type,
    default-invalid.

    For `constraint-type` and `default-invalid`, `constraint_index` is the
    index of the constraint concerned.
    """

    def __init__(self, message: str, name: Any = None, *, path: tuple = (), on_key: bool = False,
                 kind: str = '', reason: str | None = None, raw: bool = False,
                 constraint_index: int | None = None):
        super().__init__(message, name, reason=reason, kind=kind, raw=raw)
        self.path = tuple(path)
        self.on_key = on_key
        self.constraint_index = constraint_index

    @property
    def key(self) -> Any:
        """The schema key the problem is under ('type', 'constraints', ...), or None."""
        return self.path[0] if self.path else None


class ParameterValueError(ParameterError):
    """A value (user value or default) that Heat would refuse for the parameter.

    `kind` is 'type' when the value does not convert to the parameter's type
    and 'constraint' when it violates a constraint (`constraint_index` says
    which).
    """

    def __init__(self, message: str, name: Any = None, *, reason: str | None = None,
                 kind: str = '', raw: bool = False, constraint_index: int | None = None):
        super().__init__(message, name, reason=reason, kind=kind, raw=raw)
        self.constraint_index = constraint_index


class ParameterMissingError(ParameterError):
    """Heat's UserParameterMissing: no value and no default."""

    def __init__(self, name: Any):
        super().__init__(missing_message(name), name, kind='missing')


def invalid_message(name: Any, exp: str) -> str:
    return "Parameter '%(name)s' is invalid: %(exp)s" % {'name': name, 'exp': exp}


def missing_message(name: Any) -> str:
    return 'The Parameter (%s) was not provided.' % (name,)


def invalid_default_message(default: Any, exc: str) -> str:
    return 'Invalid default %(default)s (%(exc)s)' % {'default': default, 'exc': exc}


# -- per-version rules -----------------------------------------------------------------

@dataclass(frozen=True)
class Dialect:
    """What a template version's parameter schema class accepts."""

    version: str
    keys: tuple[str, ...]  # keys allowed in a parameter's schema
    types: tuple[str, ...]
    modulo: bool  # HOTParamSchema20170224 and later
    tags: bool  # HOTParamSchema20180302 and later

    @property
    def constraint_priority(self) -> tuple[str, ...]:
        return CONSTRAINT_PRIORITY if self.modulo else CONSTRAINT_PRIORITY[1:]


def dialect(version: HotVersion | str) -> Dialect:
    """The parameter rules of a HOT version (a HotVersion, a date or an alias)."""
    if isinstance(version, str):
        found = language().hot(version)
        if found is None:
            raise ValueError(f'unknown HOT version {version!r}')
        version = found
    return Dialect(version.version, tuple(version.parameter_keys), tuple(version.parameter_types),
                   'modulo' in version.effective_constraint_keys, 'tags' in version.parameter_keys)


# -- parsing -------------------------------------------------------------------------

def _check_dict(value: Any, allowed: tuple, entity: str, path: tuple, kind_mapping: str,
                kind_key: str, name: Any) -> None:
    """Heat's Schema._check_dict: a mapping with only allowed keys (first bad key reported)."""
    if not isinstance(value, dict):
        raise ParameterSchemaError('Invalid %s, expected a mapping' % entity, name,
                                   path=path, kind=kind_mapping)
    for key in value:
        if key not in allowed:
            raise ParameterSchemaError("Invalid key '%(key)s' for %(entity)s"
                                       % {'key': key, 'entity': entity}, name,
                                       path=path + (key,), on_key=True, kind=kind_key)


def _get_num(key: str, cdef: dict, path: tuple, name: Any) -> Any:
    """Heat's Schema.get_num: str_to_num of the value, whose errors escape raw."""
    val = cdef.get(key)
    if val is None:
        return None
    try:
        return str_to_num(val)
    except (ValueError, TypeError) as exc:
        raise ParameterSchemaError(str(exc), name, path=path + (key,),
                                   kind='constraint-definition', raw=True) from exc


def parse_constraint(raw: Any, version: HotVersion | str | Dialect, name: Any = None,
                     path: tuple = ()) -> Constraint:
    """One entry of a parameter's `constraints` list, as Heat builds it.

    Raises ParameterSchemaError; its path is `path` + the place inside the
    entry.
    """
    rules = version if isinstance(version, Dialect) else dialect(version)
    _check_dict(raw, CONSTRAINT_KEYS, 'parameter constraints', path,
                'constraint-not-mapping', 'constraint-unknown-key', name)
    desc = raw.get('description')
    for key in rules.constraint_priority:
        if key in raw:
            break
    else:
        raise ParameterSchemaError('No constraint expressed', name, path=path,
                                   kind='no-constraint')
    cdef = raw.get(key)
    where = path + (key,)
    try:
        if key in ('range', 'length'):
            _check_dict(cdef, RANGE_KEYS, f'{key} constraint', where, 'constraint-definition',
                        'constraint-definition', name)
            low = _get_num('min', cdef, where, name)
            high = _get_num('max', cdef, where, name)
            return (Range if key == 'range' else Length)(low, high, desc)
        if key == 'modulo':
            _check_dict(cdef, MODULO_KEYS, 'modulo constraint', where, 'constraint-definition',
                        'constraint-definition', name)
            step = _get_num('step', cdef, where, name)
            offset = _get_num('offset', cdef, where, name)
            return Modulo(step, offset, desc)
        if key == 'allowed_values':
            return AllowedValues(cdef, desc)
        if key == 'allowed_pattern':
            return AllowedPattern(cdef, desc)
        return CustomConstraint(cdef, desc)
    except InvalidSchemaError as exc:
        at = where + (exc.field,) if exc.field is not None and isinstance(cdef, dict) \
            and exc.field in cdef else where
        raise ParameterSchemaError(exc.message, name, path=at, kind='constraint-definition',
                                   raw=exc.raw) from exc


def parse_schema(name: Any, raw: Any, version: HotVersion | str | Dialect) -> 'ParameterSchema':
    """A parameter's schema, as HOTParamSchema*.from_dict builds it for `version`.

    Raises ParameterSchemaError with Heat's message for the first problem in
    Heat's order: the schema is a mapping, its keys, `type` present, `tags`
    a list, the constraints one by one, then the type name.
    """
    rules = version if isinstance(version, Dialect) else dialect(version)
    _check_dict(raw, rules.keys, 'parameter (%s)' % (name,), (), 'not-mapping', 'unknown-key', name)
    if 'type' not in raw:
        raise ParameterSchemaError('Missing parameter type for parameter: %s' % (name,), name,
                                   kind='missing-type')
    # Before 2018-03-02 Heat looks for 'Tags' here, which the key check has already refused.
    if rules.tags and not isinstance(raw.get('tags', []), list):
        raise ParameterSchemaError('Tags property should be a list for parameter: %s' % (name,),
                                   name, path=('tags',), kind='tags-not-list')
    found = []
    raw_constraints = raw.get('constraints')
    if raw_constraints is not None:
        if not isinstance(raw_constraints, list):
            raise ParameterSchemaError('Invalid parameter constraints for parameter %s, '
                                       'expected a list' % (name,), name, path=('constraints',),
                                       kind='constraints-not-list')
        for index, item in enumerate(raw_constraints):
            found.append(parse_constraint(item, rules, name, ('constraints', index)))
    ptype = raw['type']
    if ptype not in rules.types:
        raise ParameterSchemaError('Invalid type (%s)' % (ptype,), name, path=('type',),
                                   kind='invalid-type')
    return ParameterSchema(
        name=name, type=ptype, constraints=tuple(found), default=raw.get('default'),
        description=raw.get('description'), label=raw.get('label'),
        hidden=raw.get('hidden', False), immutable=raw.get('immutable', False),
        tags=raw.get('tags') if rules.tags else None)


# -- the schema ------------------------------------------------------------------------

_MISSING = object()


@dataclass(eq=False)
class ParameterSchema:
    """A parsed HOT parameter: its type, constraints and default, and Heat's value rules."""

    name: Any
    type: str  # one of the HOT type names
    constraints: tuple[Constraint, ...] = ()
    default: Any = None
    description: Any = None
    label: Any = None
    hidden: Any = False
    immutable: Any = False
    tags: Any = None
    _schema: Schema = field(init=False, repr=False)

    def __post_init__(self):
        if self.type not in TYPE_KEYS:
            raise ParameterSchemaError('Invalid type (%s)' % (self.type,), self.name,
                                       path=('type',), kind='invalid-type')
        self._schema = Schema(TYPE_KEYS[self.type], self.constraints, self.type)

    @property
    def type_key(self) -> str:
        """The abstract type (constraints.STRING, NUMBER, LIST, MAP, BOOLEAN)."""
        return TYPE_KEYS[self.type]

    @property
    def required(self) -> bool:
        """Heat: a parameter without a default must be given a value."""
        return self.default is None

    def to_schema_type(self, value: Any) -> Any:
        return self._schema.to_schema_type(value)

    # -- schema validation (every stack validation does this) ------------------------
    def validate(self) -> None:
        """Heat's Schema.validate, wrapped as Parameter.validate wraps it.

        Raises ParameterSchemaError: kind 'constraint-type' ("Parameter 'p'
        is invalid: Length constraint invalid for number"), else whatever
        `validate_default` raises.
        """
        found = self._schema.inapplicable_constraint()
        if found is not None:
            index, constraint = found
            reason = constr.constraint_type_message(constraint, self.type)
            raise ParameterSchemaError(invalid_message(self.name, reason), self.name,
                                       path=('constraints', index, constraint.key), on_key=True,
                                       kind='constraint-type', reason=reason,
                                       constraint_index=index)
        self.validate_default()

    def validate_default(self) -> None:
        """The default against the constraints (custom ones skipped), as Heat checks it.

        Raises ParameterSchemaError at ('default',): kind 'default-type' when
        a comma_delimited_list default is neither a list nor a string,
        'default-invalid' when a constraint fails ("Invalid default ...").
        Only the constraints are checked: a number default 'abc' with no
        constraint passes here (it fails in `validate_value`).
        """
        if self.default is None:
            return
        value = self.default
        if self.type == LIST:
            if isinstance(value, list):
                value = [str(x) for x in value]
            else:
                try:
                    value = value.split(',')
                except (KeyError, AttributeError) as err:
                    reason = 'Default must be a comma-delimited list string: %s' % err
                    raise ParameterSchemaError(invalid_message(self.name, reason), self.name,
                                               path=('default',), kind='default-type',
                                               reason=reason) from err
        try:
            found = self._schema.failing_constraint(value, (CustomConstraint,))
        except TypeError as exc:
            found = (None, None, str(exc))
        if found is not None:
            index, _, message = found
            reason = invalid_default_message(self.default, message)
            raise ParameterSchemaError(invalid_message(self.name, reason), self.name,
                                       path=('default',), kind='default-invalid', reason=reason,
                                       constraint_index=index)

    # -- values ----------------------------------------------------------------------------
    def validate_value(self, value: Any) -> Any:
        """Check a value (given by the user, or the default) as Heat does; return it coerced.

        Mirrors <Type>Param._validate followed by value(): the value must
        convert to the type, then satisfy every constraint (custom ones only
        when checkable offline).  Raises ParameterValueError with Heat's
        message ("Parameter 'p' is invalid: ...").
        """
        try:
            parsed = self._parse(value)
        except ValueError as exc:
            raise ParameterValueError(invalid_message(self.name, str(exc)), self.name,
                                      reason=str(exc), kind='type') from exc
        # Number and boolean values are checked as given; lists and JSON once parsed.
        checked = parsed if self.type in (LIST, MAP) else value
        try:
            found = self._schema.failing_constraint(checked)
        except TypeError as exc:
            # Heat lets this escape unwrapped (e.g. len() of a number for a string).
            raise ParameterValueError(str(exc), self.name, kind='constraint', raw=True) from exc
        if found is not None:
            index, _, message = found
            raise ParameterValueError(invalid_message(self.name, message), self.name,
                                      reason=message, kind='constraint', constraint_index=index)
        return self._coerce(value, parsed)

    def _parse(self, value: Any) -> Any:
        """The type check of <Type>Param._validate, as ValueErrors with Heat's text."""
        if self.type == NUMBER:
            try:
                return str_to_num(value)
            except TypeError as exc:
                raise ValueError(str(exc)) from exc
        if self.type == BOOLEAN:
            return constr.bool_from_string(value, strict=True)
        if self.type == LIST:
            return parse_list(value)
        if self.type == MAP:
            return parse_json(value)
        return value

    def _coerce(self, value: Any, parsed: Any) -> Any:
        """What Heat's <Type>Param.value() returns for `value` (already parsed)."""
        if self.type == NUMBER:
            return parsed
        if self.type == BOOLEAN:
            return constr.bool_from_string(str(value), strict=True)
        if self.type == STRING:
            return self.to_schema_type(value)
        return parsed

    def check(self, user_value: Any = None, user_default: Any = None) -> Any:
        """Heat's Parameter.validate(validate_value=True), then its value.

        The schema first (`validate`), then the user value, else the
        default (`user_default`, from parameter_defaults, before the
        schema's), else "The Parameter (p) was not provided."
        """
        self.validate()
        if user_value is not None:
            return self.validate_value(user_value)
        default = user_default if user_default is not None else self.default
        if default is None:
            raise ParameterMissingError(self.name)
        return self.validate_value(default)

    def value(self, user_value: Any = None, user_default: Any = None) -> Any:
        """The value Heat's Parameter.value() gives, without validating it.

        The user value, else the default (`user_default` before the schema's),
        coerced to the type.  Raises ParameterMissingError when there is
        none, except for booleans: Heat then converts None and fails with
        "Unrecognized value 'None' ..." (a ParameterValueError).
        """
        raw = user_value if user_value is not None else (
            user_default if user_default is not None else self.default)
        if raw is None and self.type != BOOLEAN:
            raise ParameterMissingError(self.name)
        try:
            if self.type == NUMBER:
                return str_to_num(raw)
            if self.type == BOOLEAN:
                return constr.bool_from_string(str(raw), strict=True)
            if self.type == STRING:
                return self.to_schema_type(raw)
            if self.type == LIST:
                return parse_list(raw)
            return parse_json(raw)
        except (ValueError, TypeError) as exc:
            raise ParameterValueError(str(exc), self.name, kind='type', raw=True) from exc

    def text(self, value: Any) -> str:
        """A coerced value as Heat prints a parameter (str(Parameter)), hidden ones masked."""
        if self.hidden:
            return '******'
        if self.type == LIST:
            return ','.join(value)
        if self.type == MAP:
            return json.dumps(value)
        return str(value)


def parse_list(value: Any) -> Any:
    """CommaDelimitedListParam.parse: a list is str()-mapped; a string split on ',' unstripped."""
    if isinstance(value, list):
        return [str(x) for x in value]
    if value is None:
        return None
    if value == '':
        return []
    try:
        return value.split(',')
    except (KeyError, AttributeError) as err:
        raise ValueError('Value must be a comma-delimited list string: %s' % str(err)) from err


def meant_nonzero(schema: ParameterSchema) -> bool:
    """Whether a number parameter is meant never to be 0: no range or allowed value of its
    constraints admits 0 (it has none at all, or a range from 1).  A group's size given by
    such a parameter at deploy time gives the group members; one whose constraints admit 0
    (a range from 0, a modulo) may switch the group off."""
    if schema.type != NUMBER:
        return False
    for constraint in schema.constraints:
        if isinstance(constraint, (constr.Length, constr.CustomConstraint)):
            continue  # (no bound on a number)
        if isinstance(constraint, constr.Range):
            if (constraint.min is None or constraint.min <= 0) and \
                    (constraint.max is None or constraint.max >= 0):
                return False
        elif isinstance(constraint, constr.AllowedValues):
            if any(_is_zero(value) for value in constraint.allowed):
                return False
        else:
            return False  # (a modulo: not looked into)
    return True


def _is_zero(value: Any) -> bool:
    try:
        return float(value) == 0
    except (TypeError, ValueError):
        return False


def parse_json(value: Any) -> Any:
    """JsonParam.parse: a string is parsed; anything else is dumped and parsed back.

    An empty string stays ''.
    """
    try:
        text = value
        if not isinstance(text, str):
            text = json.dumps(text, default=None)
        if text:
            return json.loads(text)
    except (ValueError, TypeError) as err:
        raise ValueError('Value must be valid JSON: %s' % err) from err
    return value


def pseudo_parameters(stack_id: Any = '', stack_name: Any = '', project_id: Any = ''
                      ) -> dict[str, ParameterSchema]:
    """HOTParameters._pseudo_parameters: the string parameters every stack defines.

    OS::stack_id and OS::project_id always (their defaults str()-ed);
    OS::stack_name only when the stack has a name; OS::region never.
    """
    out = {STACK_ID: ParameterSchema(STACK_ID, STRING, default=str(stack_id),
                                     description='Stack ID'),
           PROJECT_ID: ParameterSchema(PROJECT_ID, STRING, default=str(project_id),
                                       description='Project ID')}
    if stack_name:
        out[STACK_NAME] = ParameterSchema(STACK_NAME, STRING, default=stack_name,
                                          description='Stack Name')
    return out


def defined_pseudo_parameters(stack_named: bool = True) -> tuple[str, ...]:
    """The pseudo parameter names that exist: the stack's are named; parameter_groups sees none."""
    return (STACK_ID, STACK_NAME, PROJECT_ID) if stack_named else (STACK_ID, PROJECT_ID)
