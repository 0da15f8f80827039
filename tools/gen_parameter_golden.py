"""Record Heat's answers on HOT parameter cases: fixtures/golden/parameters.json.

Run with the Heat virtual environment's Python:
    /work/.venv-heat/bin/python tools/gen_parameter_golden.py

Every case below (a parameter schema, a template version, optionally a user
value and a parameter_defaults value) goes through Heat's own classes:

  parse     HOTParamSchema*.from_dict(name, schema)            (template load)
  validate  Parameter(name, schema).validate(validate_value=False)
            (what `template validate` checks: constraint types, the default)
  check     Parameter(name, schema, value).validate(validate_value=True)
            (what a stack create checks); not recorded for schemas with a
            custom_constraint, which would need a cloud
  value     Parameter(name, schema, value).value()

Each answer is {"ok": true, "value": ...} or {"ok": false, "error": str(exc),
"exception": class name}.  tests/language/test_parameters_golden.py holds
hot_ls.language.parameters to every answer.  The cases are written by the
project; the answers are Heat's.
"""
from __future__ import annotations

import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_runtime  # noqa: E402

from heat.engine import parameters  # noqa: E402
from heat.engine import template as templatem  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), '..', 'fixtures', 'golden', 'parameters.json')

LATEST = '2021-04-16'
ALL_VERSIONS = ['2013-05-23', '2014-10-16', '2015-04-30', '2015-10-15', '2016-04-08',
                '2016-10-14', '2017-02-24', '2017-09-01', '2018-03-02', '2018-08-31', '2021-04-16']
TYPES = ['string', 'number', 'comma_delimited_list', 'json', 'boolean']
_UNSET = object()


def schema_class(version: str):
    tmpl = templatem.Template({'heat_template_version': version})
    return tmpl.param_schema_class


def answer(fn):
    try:
        value = fn()
    except Exception as exc:  # every failure is an answer
        return {'ok': False, 'error': str(exc), 'exception': type(exc).__name__}
    return {'ok': True, 'value': value}


def run(case: dict) -> dict:
    cls = schema_class(case['version'])
    name, raw = case['name'], case['schema']
    out = {'parse': answer(lambda: [cls.from_dict(name, raw), None][1])}
    if not out['parse']['ok']:
        return out

    def param(value=None):
        p = parameters.Parameter(name, cls.from_dict(name, raw), value)
        if case.get('user_default') is not None:
            p.set_default(case['user_default'])
        return p

    out['validate'] = answer(lambda: param().validate(validate_value=False))
    has_custom = any(isinstance(c, dict) and 'custom_constraint' in c
                     for c in (raw.get('constraints') or []) if isinstance(raw.get('constraints'), list))
    if not has_custom:
        out['check'] = answer(lambda: param(case.get('value')).validate(validate_value=True))
    out['value'] = answer(lambda: param(case.get('value')).value())
    if out['value']['ok']:
        v = out['value']['value']
        if isinstance(v, float) and not math.isfinite(v):
            out['value'] = {'ok': True, 'value': repr(v), 'repr': True}
    return out


# -- the cases --------------------------------------------------------------------------

CASES: list[dict] = []


def case(group: str, schema, version: str = LATEST, value=_UNSET, user_default=_UNSET,
         name='p'):
    entry = {'id': f'{group}-{len(CASES):04d}', 'group': group, 'version': version,
             'name': name, 'schema': schema}
    if value is not _UNSET:
        entry['value'] = value
    if user_default is not _UNSET:
        entry['user_default'] = user_default
    CASES.append(entry)


def structure_cases():
    for raw in (None, 'string', [], 1, ['type'], True, {}):
        case('not-mapping', raw)
    case('not-mapping', None, name='my-param')
    for raw in ({'type': 'string', 'foo': 1}, {'typ': 'string'}, {'type': 'string', 'Default': 1},
                {'foo': 1, 'type': 'string'}, {'type': 'string', 'bar': 1, 'foo': 2},
                {'type': 'string', 'Type': 'string'}, {'type': 'string', 'NoEcho': True},
                {'type': 'string', 'constraint': []}, {'type': 'string', 'defaults': 'x'},
                {'type': 'string', 'required': True}, {'type': 'string', 'value': 'x'}):
        case('unknown-key', raw)
    case('unknown-key', {'type': 'string', 'foo': 1}, name='Other')
    for raw in ({'type': 'json', 'schema': {'a': 1}}, {'type': 'string', 'hidden': True},
                {'type': 'string', 'hidden': 'yes'}, {'type': 'string', 'label': 'L'},
                {'type': 'string', 'immutable': True}, {'type': 'string', 'description': 1},
                {'type': 'string', 'label': ['x'], 'description': None, 'default': 'd'}):
        case('keys-ok', raw)
    for raw in ({}, {'description': 'x'}, {'default': 1}, {'Type': 'string'}):
        case('missing-type', raw)
    for t in TYPES:
        case('type-ok', {'type': t})
    for t in ('list', 'String', 'int', 'integer', 'map', 'Json', None, 1, ['string'], {'a': 1},
              '', 'CommaDelimitedList', 'bool', 'str', 'Number', 'float', 'dict', 'comma-delimited-list',
              ' string', True):
        case('type-invalid', {'type': t})
    # tags: only 2018-03-02 and later
    for version in ('2017-09-01', '2018-03-02', '2021-04-16'):
        for tags in (['a', 'b'], [], 'a', None, {'a': 1}, 1):
            case('tags', {'type': 'string', 'tags': tags}, version)
        case('tags', {'type': 'string', 'Tags': ['a']}, version)
    # order of checks
    case('order', {'foo': 1, 'description': 'x'})                       # unknown key before missing type
    case('order', {'description': 'x', 'constraints': 'x'})              # missing type before constraints
    case('order', {'type': 'list', 'constraints': 'x'})                  # constraints before the type
    case('order', {'type': 'list', 'constraints': [{}]})
    case('order', {'type': 'list', 'tags': 'x'})                         # tags before the type
    case('order', {'type': 'string', 'tags': 'x', 'constraints': 'x'})
    case('order', {'type': 'string', 'constraints': [{'range': {'min': 1}}, {'foo': 1}]})
    case('order', {'type': 'string', 'constraints': [{'foo': 1}, {'range': 'x'}]})


def constraint_structure_cases():
    for constraints in ({}, 'x', 1, {'range': {'min': 1}}, True):
        case('constraints-not-list', {'type': 'number', 'constraints': constraints})
    for constraints in (None, []):
        case('constraints-ok', {'type': 'number', 'constraints': constraints})
    for item in (None, 'range', [], 1, ['range'], True):
        case('constraint-not-mapping', {'type': 'number', 'constraints': [item]})
    for item in ({}, {'description': 'x'}, {'description': None}):
        case('no-constraint', {'type': 'number', 'constraints': [item]})
    for item in ({'foo': 1}, {'min': 1}, {'allowed_value': ['a']}, {'Range': {'min': 1}},
                 {'range': {'min': 1}, 'foo': 1}, {'pattern': 'x'}, {'allowedValues': [1]},
                 {'custom-constraint': 'x'}, {'descripton': 'x', 'range': {'min': 1}}):
        case('constraint-unknown-key', {'type': 'number', 'constraints': [item]})
    # modulo across versions, alone and with another constraint
    for version in ALL_VERSIONS:
        case('modulo-version', {'type': 'number', 'constraints': [{'modulo': {'step': 2, 'offset': 0}}]},
             version)
    for version in ('2016-10-14', '2017-02-24'):
        case('modulo-version', {'type': 'number', 'default': 3,
                                'constraints': [{'modulo': {'step': 2, 'offset': 0}, 'range': {'max': 5}}]},
             version)
        case('modulo-version', {'type': 'number', 'default': 6,
                                'constraints': [{'modulo': {'step': 2, 'offset': 0}, 'range': {'max': 5}}]},
             version)
        case('modulo-version', {'type': 'number', 'constraints': [{'modulo': None}]}, version)
        case('modulo-version', {'type': 'number', 'constraints': [{'modulo': 'x', 'description': 'd'}]},
             version)
    # which key wins in an entry holding several
    for item, default in (({'range': {'min': 5}, 'length': {'min': 1}}, 'ab'),
                          ({'length': {'min': 5}, 'allowed_values': ['ab']}, 'ab'),
                          ({'allowed_values': ['x'], 'allowed_pattern': 'a.'}, 'ab'),
                          ({'allowed_pattern': 'x', 'custom_constraint': 'ip_addr'}, 'ab'),
                          ({'custom_constraint': 'ip_addr', 'length': {'max': 1}}, 'ab'),
                          ({'length': {'max': 1}, 'range': {'max': 1}}, 'ab')):
        for t in ('string', 'number'):
            case('priority', {'type': t, 'default': default, 'constraints': [item]})


def constraint_definition_cases():
    for rdef in ({'min': 1}, {'max': 1}, {'min': 1, 'max': 2}, {}, None, 'x', [1], 1,
                 {'min': 1, 'foo': 2}, {'minimum': 1}, {'min': 'abc'}, {'min': '5'}, {'min': '1.5'},
                 {'min': [1]}, {'min': None, 'max': None}, {'min': True}, {'min': 1.5, 'max': 3},
                 {'max': 'x'}, {'min': {'a': 1}}, {'min': ' 7 '}, {'min': '1e3'}, {'min': ''},
                 {'min': 5, 'max': 1}, {'max': None}, {'min': '0x10'}, {'min': '1_000'}):
        case('range-def', {'type': 'number', 'constraints': [{'range': rdef}]})
    for ldef in ({'min': 1}, {'max': 3}, {'min': 1.5}, {'min': '2'}, {'max': '2.5'}, {}, {'min': -1},
                 {'min': 'x'}, None, 'x', {'min': 1, 'max': 1.0}, {'min': 2.0}, {'min': 1, 'mx': 2},
                 {'min': True}, {'min': 3, 'max': 1}, [1, 2]):
        case('length-def', {'type': 'string', 'constraints': [{'length': ldef}]})
    for mdef in ({'step': 2, 'offset': 0}, {'step': 2}, {'offset': 1}, {}, {'step': 0, 'offset': 0},
                 {'step': 2, 'offset': 2}, {'step': 2, 'offset': -1}, {'step': -2, 'offset': -1},
                 {'step': 2.5, 'offset': 0}, {'step': '3', 'offset': '1'}, {'step': 2.0, 'offset': 1.0},
                 {'step': 'x', 'offset': 1}, {'step': 2, 'offset': 0, 'foo': 1}, None, 'x',
                 {'step': 2, 'offset': 0.5}, {'step': -3, 'offset': 0}, {'step': 3, 'offset': -3},
                 {'step': 1, 'offset': 0}, {'step': None, 'offset': 0}, {'step': True, 'offset': False},
                 {'step': [2], 'offset': 0}):
        case('modulo-def', {'type': 'number', 'constraints': [{'modulo': mdef}]})
    for allowed in (['a', 'b'], [], 'a', {'a': 1}, None, 1, [['a']], [1, 'a', None, True]):
        case('allowed-values-def', {'type': 'string', 'constraints': [{'allowed_values': allowed}]})
    for pattern in ('[a-z]+', 1, None, '(', '[', ['a'], '', '*', '(?P<x>a)(?P=y)', '\\'):
        case('allowed-pattern-def', {'type': 'string', 'constraints': [{'allowed_pattern': pattern}]})
    for name in ('ip_addr', 1, None, 'nova.flavor', 'no.such', ['a']):
        case('custom-def', {'type': 'string', 'constraints': [{'custom_constraint': name}]})


def applicability_cases():
    defs = {'range': {'min': 1}, 'length': {'min': 1}, 'modulo': {'step': 2, 'offset': 0},
            'allowed_values': ['a'], 'allowed_pattern': 'a', 'custom_constraint': 'ip_addr'}
    for t in TYPES:
        for key, cdef in defs.items():
            case('applicability', {'type': t, 'constraints': [{key: cdef}]})
    # the first inapplicable constraint is the one reported
    case('applicability', {'type': 'boolean', 'constraints': [{'allowed_values': [True]},
                                                               {'length': {'min': 1}},
                                                               {'range': {'min': 1}}]})
    # applicability is checked before the default
    case('applicability', {'type': 'number', 'default': 0,
                           'constraints': [{'range': {'min': 1}}, {'length': {'min': 1}}]})


def default_cases():
    d = case
    # number
    for default in (0, 5, 10, 11, '5', '0', 'abc', 1.5, '1.5', True, [1], {'a': 1}, '', ' 7 ', -1):
        d('default-number', {'type': 'number', 'default': default,
                             'constraints': [{'range': {'min': 1, 'max': 10}}]})
    for default in (0, 3, 4, '4', 7.0, 'x', -2, 1.5):
        d('default-number', {'type': 'number', 'default': default,
                             'constraints': [{'modulo': {'step': 2, 'offset': 0}}]})
        d('default-number', {'type': 'number', 'default': default,
                             'constraints': [{'modulo': {'step': -3, 'offset': -1}}]})
    for default, allowed in ((1, [1, 2]), (1, ['1', '2']), (3, [1, 2]), ('1', [1, 2]), (1, ['a']),
                             (1.0, [1]), (True, [1]), ('x', [1]), (2, [1.5, 2])):
        d('default-number', {'type': 'number', 'default': default,
                             'constraints': [{'allowed_values': allowed}]})
    for default in ('abc', [1], {'a': 1}, True, None, '', '12'):
        d('default-number', {'type': 'number', 'default': default})
    # string
    for default in ('', 'a', 'abcdef', 42, ['a'], {'a': 1}, True, 'abc'):
        d('default-string', {'type': 'string', 'default': default,
                             'constraints': [{'length': {'min': 1, 'max': 5}}]})
    for default in ('abc', 'ab1', '', 8080, 'ABC', 'abc\n', 'xabc'):
        d('default-string', {'type': 'string', 'default': default,
                             'constraints': [{'allowed_pattern': '[a-z]+'}]})
    for default in ('a', 'c', 1, '1', True, 'True', ['a']):
        d('default-string', {'type': 'string', 'default': default,
                             'constraints': [{'allowed_values': ['a', 'b', 1, True]}]})
    d('default-string', {'type': 'string', 'default': '',
                         'constraints': [{'allowed_pattern': '^[a-zA-Z0-9+/]{38}==$'}]})
    d('default-string', {'type': 'string', 'default': 'x',
                         'constraints': [{'allowed_values': []}]})
    for pattern in ('a|ab', 'ab|a', '(a|ab)$', '.*'):
        d('default-string', {'type': 'string', 'default': 'ab',
                             'constraints': [{'allowed_pattern': pattern}]})
    for default in ('x', 42, [1, 2], {'a': 1}, True, 1.5):
        d('default-string', {'type': 'string', 'default': default})
    d('default-string', {'type': 'string', 'default': 'x',
                         'constraints': [{'custom_constraint': 'ip_addr'}]})
    d('default-string', {'type': 'string', 'default': 'x',
                         'constraints': [{'length': {'min': 1}}, {'allowed_values': ['y']},
                                         {'length': {'max': 0}}]})
    # descriptions replace the message
    for desc in ('Must be between 1 and 10', 5, ['a', 'b'], '', None, {'a': 1}, 0):
        d('description', {'type': 'number', 'default': 0,
                          'constraints': [{'range': {'min': 1, 'max': 10}, 'description': desc}]})
    d('description', {'type': 'string', 'default': 42,
                      'constraints': [{'length': {'min': 1}, 'description': 'ignored for a TypeError'}]})
    d('description', {'type': 'string', 'default': 'abc',
                      'constraints': [{'allowed_pattern': '[0-9]+', 'description': 'Digits only'}]})
    d('description', {'type': 'number', 'default': 3,
                      'constraints': [{'allowed_values': [1, 2], 'description': 'One or two'}]})
    d('description', {'type': 'number', 'default': 'x',
                      'constraints': [{'range': {'min': 1}, 'description': 'Not used for a ValueError'}]})
    # comma_delimited_list
    for default in ('a,b', 'a, b', '', 42, {'a': 1}, True, ['a', 'b'], [1, 2], [], 'a,,b', ',', 1.5):
        d('default-list', {'type': 'comma_delimited_list', 'default': default})
    for default in ('a,b', 'a,c', '', ['a'], ['c'], [1], 'a, b'):
        d('default-list', {'type': 'comma_delimited_list', 'default': default,
                           'constraints': [{'allowed_values': ['a', 'b', 1]}]})
    for default in ('a,b', '', 'a', [], {}, ['a', 'b', 'c']):
        d('default-list', {'type': 'comma_delimited_list', 'default': default,
                           'constraints': [{'length': {'min': 2}}]})
    # json
    for default in ('{"a": 1}', '[1, 2]', 'nope', '', {'a': 1}, [1], 1, 'null', '"s"', True, {}, '{}',
                    "{'a': 1}", '{"a": 1', []):
        d('default-json', {'type': 'json', 'default': default})
    for default in ('{}', {}, {'a': 1, 'b': 2}, '{"a": 1, "b": 2}', [1], 'ab', 'abcdefgh'):
        d('default-json', {'type': 'json', 'default': default,
                           'constraints': [{'length': {'min': 2, 'max': 6}}]})
    d('default-json', {'type': 'json', 'default': {}, 'constraints': [{'length': {'min': 1}}]},
      name='TtyValues')
    # boolean
    for default in (True, False, 'yes', 'No', 'maybe', 1, 0, 2, 'TRUE', ' on ', '', 'none', [True], 1.0):
        d('default-boolean', {'type': 'boolean', 'default': default})
    for default, allowed in ((True, [True]), ('yes', [True]), (False, [True]), ('maybe', [True]),
                             (True, ['yes']), (True, ['maybe']), ('on', ['t', 'f']), (1, [True])):
        d('default-boolean', {'type': 'boolean', 'default': default,
                              'constraints': [{'allowed_values': allowed}]})


def value_cases():
    v = case
    for value in (5, '5', '1.5', 'abc', '', [1], True, ' 7 ', '1e3', '0x10', 0, -3.25, '1_000', {'a': 1}):
        v('value-number', {'type': 'number'}, value=value)
    for value in (5, '5', 0, 11, '11', 'abc', 1.5):
        v('value-number', {'type': 'number', 'default': 1,
                           'constraints': [{'range': {'min': 1, 'max': 10}}]}, value=value)
    for value in (2, '3', 4.0, '4'):
        v('value-number', {'type': 'number', 'constraints': [{'modulo': {'step': 2, 'offset': 0}}]},
          value=value)
    for value in ('1', 1, 3, '3'):
        v('value-number', {'type': 'number', 'constraints': [{'allowed_values': [1, 2]}]}, value=value)
    for value in ('yes', 'No', 'maybe', 1, 0, 2, True, False, 'TRUE', ' on ', '', 'f', [1], None):
        v('value-boolean', {'type': 'boolean'}, value=value)
    for value in ('yes', False, 'off'):
        v('value-boolean', {'type': 'boolean', 'constraints': [{'allowed_values': [True]}]},
          value=value)
    for value in ('x', 42, [1], {'a': 1}, True, 1.5, '', None):
        v('value-string', {'type': 'string'}, value=value)
    for value in ('abc', 'abcdef', 42, ['a', 'b']):
        v('value-string', {'type': 'string', 'constraints': [{'length': {'max': 5}}]}, value=value)
    for value in ('abc', 'ab1', 5):
        v('value-string', {'type': 'string', 'constraints': [{'allowed_pattern': '[a-z]+'}]},
          value=value)
    for value in ('a', 'z', 1):
        v('value-string', {'type': 'string', 'constraints': [{'allowed_values': ['a', '1']}]},
          value=value)
    for value in ('a,b', 'a, b', '', [1, 'b'], 42, {'a': 1}, ',', 'a,,b', [], True, [None]):
        v('value-list', {'type': 'comma_delimited_list'}, value=value)
    for value in ('a,b', 'a,c', ['a', 'c'], ''):
        v('value-list', {'type': 'comma_delimited_list',
                         'constraints': [{'allowed_values': ['a', 'b']}]}, value=value)
    for value in ('a', 'a,b', ['x']):
        v('value-list', {'type': 'comma_delimited_list', 'constraints': [{'length': {'min': 2}}]},
          value=value)
    for value in ('{"a":1}', '[1,2]', 'nope', '', {'a': 1}, [1], 1, 'null', '"s"', True, '{"a": 1',
                  {'a': [1, {'b': None}]}):
        v('value-json', {'type': 'json'}, value=value)
    for value in ('{"a": 1}', {'a': 1, 'b': 2}, '{}'):
        v('value-json', {'type': 'json', 'constraints': [{'length': {'min': 2}}]}, value=value)
    # missing values, defaults and parameter_defaults
    for t in TYPES:
        v('missing', {'type': t})
    v('user-default', {'type': 'number', 'default': 1}, user_default='7')
    v('user-default', {'type': 'number'}, user_default='x')
    v('user-default', {'type': 'string'}, user_default=5)
    v('user-default', {'type': 'comma_delimited_list', 'default': 'a'}, user_default='b,c')
    v('user-default', {'type': 'json'}, user_default='{"k": "v"}')
    v('user-default', {'type': 'boolean', 'default': True}, user_default='no')
    v('user-default', {'type': 'number', 'default': 1, 'constraints': [{'range': {'max': 5}}]},
      user_default=9)
    v('user-default', {'type': 'number', 'default': 1, 'constraints': [{'range': {'max': 5}}]},
      user_default=9, value=2)
    v('user-default', {'type': 'string', 'default': 'x'}, user_default='y', value='z')


def main() -> None:
    heat_runtime.heat_version()
    structure_cases()
    constraint_structure_cases()
    constraint_definition_cases()
    applicability_cases()
    default_cases()
    value_cases()
    out = []
    for entry in CASES:
        result = dict(entry)
        result['heat'] = run(entry)
        out.append(result)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump({'heat_version': heat_runtime.HEAT_VERSION, 'cases': out}, fh, indent=1)
        fh.write('\n')
    print(f'{len(out)} cases recorded')


if __name__ == '__main__':
    main()
