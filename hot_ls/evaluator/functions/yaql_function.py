"""yaql (2016-10-14): evaluate a YAQL expression over `data`, through the yaql library.

The engine is built exactly as Heat builds it (hot/functions.py
Yaql.get_yaql_parser): `yaql.YaqlFactory().create()` with Heat's
`yaql.limitIterators` (200) and `yaql.memoryQuota` (10000 bytes), and a
context from `yaql.create_context()` with its defaults, shared by every
call, each evaluation getting a child context.  The limits come from the
language facts (generated from Heat's configuration defaults).  Using the
library rather than a re-implementation is what makes results, limits and
error texts Heat's: the memory quota is measured with sys.getsizeof.

An evaluation stops after `time_limit.YAQL_SECONDS` (EvaluationLimit: hot-ls
gives up on the value, checks report nothing), since Heat's limits bound
memory, not time; the functions that spend their time in one call into C,
which that limit cannot stop (regular expressions, `pow`, `shiftBitsLeft`),
are yaql's with a bound first (`yaql_bounded`).

Parsing an expression is what costs (yaql's LALR parser in Python); the
result depends only on the text, so each text is parsed once per process
(`parse_expression`) and the statement, or yaql's error, reused.  Running one costs
too (a `where` over a short list takes milliseconds: yaql chooses among overloads at
every step), and its value depends only on the expression and the data: a value is
kept (`_RESULTS`) for the same expression over equal plain data, so that TripleO's
service templates, which run one expression once per role, and an editor's
re-analysis of the entry being typed in, run it once.  `now()` and the local time
zone are not kept.
"""
from __future__ import annotations

import collections.abc  # yaql 3.2 uses collections.abc without importing it
import copy

from hot_ls.evaluator.errors import EvaluationLimit
from hot_ls.evaluator.functions.base import Function, resolve
from hot_ls.evaluator.time_limit import YAQL_SECONDS, Refused, TimeLimit, within
from hot_ls.evaluator.values import find_symbolic, unknown
from hot_ls.language import language

_ENGINE = None
_CONTEXT = None
#: expression text -> (statement, None) or (None, yaql's error text)
_STATEMENTS: dict = {}
_MAX_STATEMENTS = 2048
#: (expression, data) that ran past the time limit: not run again
_SLOW: set = set()
#: (expression, repr(data)) -> the value yaql gave (a copy of it: see `_kept`)
_RESULTS: dict = {}
#: the longest repr(data) a value is kept for
_MAX_KEPT_DATA = 65536
#: yaql's functions whose value is not the same from one run to the next
_UNSTABLE = ('now', 'localtz')
#: the types of the data whose repr tells equal data from any other
_PLAIN = frozenset((str, int, float, bool, type(None)))


def engine():
    """The shared yaql parser and root context (built on first use: importing yaql is slow)."""
    global _ENGINE, _CONTEXT
    if _ENGINE is None:
        import yaql
        facts = language()
        options = {'yaql.limitIterators': facts.yaql_limit_iterators,
                   'yaql.memoryQuota': facts.yaql_memory_quota}
        _ENGINE = yaql.YaqlFactory().create(options)
        _CONTEXT = bounded_context(yaql.create_context(regex=False))
    return _ENGINE, _CONTEXT


def bounded_context(context):
    """yaql's standard context with the functions of `yaql_bounded` in place of yaql's."""
    from hot_ls.evaluator.functions import yaql_bounded
    for function in yaql_bounded.REGEX_FUNCTIONS:
        context.register_function(function)
    context = context.create_child_context()
    for function in yaql_bounded.MATH_FUNCTIONS:  # exclusive: yaql's own are not seen
        context.register_function(function, exclusive=True)
    return context


def parse_expression(expression: str):
    """yaql's statement for `expression`; ValueError('Bad expression ...') as Heat raises it."""
    found = _STATEMENTS.get(expression)
    if found is None:
        from yaql.language import exceptions
        parse, _ = engine()
        try:
            found = (parse(expression), None)
        except exceptions.YaqlException as yex:
            found = (None, str(yex))
        if len(_STATEMENTS) >= _MAX_STATEMENTS:
            _STATEMENTS.clear()
        _STATEMENTS[expression] = found
    statement, error = found
    if error is not None:
        raise ValueError('Bad expression %s.' % error)
    return statement


class Yaql(Function):
    """yaql: {expression: EXPR, data: DATA}; the expression sees `$.data`."""

    heat_class = 'Yaql'

    def __init__(self, scope, fn_name, args, site=None):
        super().__init__(scope, fn_name, args, site)
        if not isinstance(self.args, collections.abc.Mapping):
            raise TypeError('Arguments to "%s" must be a map.' % self.fn_name)
        try:
            self._expression = self.args['expression']
            self._data = self.args.get('data', {})
            if set(self.args) - set(['expression', 'data']):
                raise KeyError
        except (KeyError, TypeError):
            example = ('''%s:
              expression: $.data.var1.sum()
              data:
                var1: [3, 2, 1]''') % self.fn_name
            raise KeyError('"%(name)s" syntax should be %(example)s'
                           % {'name': self.fn_name, 'example': example})

    def validate(self):
        super().validate()
        if not isinstance(self._expression, Function):
            self._parse(self._expression)

    def _parse(self, expression):
        if not isinstance(expression, str):
            raise TypeError('The "expression" argument to %s must contain a string.'
                            % self.fn_name)
        return parse_expression(expression)

    def result(self):
        expression = resolve(self._expression)
        if find_symbolic(expression) is not None:
            return unknown(self.fn_name, expression)
        statement = self._parse(expression)
        data = resolve(self._data)
        if find_symbolic(data) is not None:
            return unknown(self.fn_name, data)
        _, context = engine()
        key = (expression, repr(data))
        kept = _RESULTS.get(key)
        if kept is not None:
            return copy.deepcopy(kept[0])
        if key not in _SLOW:
            try:
                with within(YAQL_SECONDS):
                    value = statement.evaluate({'data': data}, context.create_child_context())
            except Refused as refused:
                raise EvaluationLimit(0, refused.why) from None
            except TimeLimit:
                if len(_SLOW) >= _MAX_STATEMENTS:
                    _SLOW.clear()
                _SLOW.add(key)
            else:
                _keep(key, data, value)
                return value
        raise EvaluationLimit(0, f'the yaql expression runs for more than {YAQL_SECONDS:g} s '
                                 '(within Heat\'s limits of collection length and memory: Heat '
                                 'would run it to the end)')


def _keep(key: tuple[str, str], data, value) -> None:
    """Keep a copy of what yaql gave for `key` when another run would give the same: an
    expression that reads no clock, over data whose repr is its identity (plain values,
    lists and maps of them: an evaluator's own types are not), not too large to compare."""
    expression, shown = key
    if len(shown) > _MAX_KEPT_DATA or any(name in expression for name in _UNSTABLE) \
            or not _plain(data):
        return
    if len(_RESULTS) >= _MAX_STATEMENTS:
        _RESULTS.clear()
    _RESULTS[key] = (copy.deepcopy(value),)


def _plain(data) -> bool:
    stack = [data]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is dict:
            stack.extend(item.keys())
            stack.extend(item.values())
        elif kind is list:
            stack.extend(item)
        elif kind not in _PLAIN:
            return False
    return True
