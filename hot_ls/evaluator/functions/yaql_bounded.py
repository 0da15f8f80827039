"""The yaql functions one C call of which could run unbounded, ported with a bound.

The yaql time limit (`time_limit.within`) stops Python code; a single call
into C cannot be stopped from another thread, and the server analyses in
worker threads.  Three kinds of yaql call spend their time in one C call:

- regular expressions (yaql's `regex` library, `=~`, `!~`, `matches`,
  `search`, `searchAll`, `split`, `replace`, `replaceBy`): Python's `re`
  backtracks, so `"aaaaaaaaaaaaaaaaaaaaaaaaaaaa!" =~ "(a+)+$"` takes half a
  minute and four more `a`s ten times that;
- `pow(7, 100000000)`: minutes of big-integer arithmetic;
- `shiftBitsLeft(1, 100000000000)`: gigabytes.

These functions are yaql's (yaql/standard_library/regex.py and math.py,
yaql 3.2.0: same names, parameters and results), with a check before the
call.  `pow` and `shiftBitsLeft` whose result would exceed the memory quota
raise yaql's own MemoryQuotaExceededException before computing it: yaql
checks every function's result against the quota, so Heat, having spent
the time, answers the same "Expression consumed too much memory".  A
regular expression is run only when its backtracking is bounded
(`_Shape`): a pattern whose repeated part can match the same text in
several ways (a repeat inside a repeat, an alternation, a backreference or
a lookaround under an unbounded repeat) takes time exponential in the
text's length and is not run; any other is run when the text's length to
the power of its unbounded repeats (one more for the search over every
start) stays within `MAX_STEPS`.  Otherwise the value is not evaluated
(`Refused`, turned into EvaluationLimit by the yaql function): Heat would
run it to the end.
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from re import _constants as sre
from re import _parser as sre_parse

from yaql.language import exceptions, specs, utils, yaqltypes

from hot_ls.evaluator.time_limit import Refused

REGEX_TYPE = re.Pattern
#: The most backtracking steps a regular expression's shape allows on a text (about ten
#: seconds of `re` at worst, far less on anything but a pathological pattern).
MAX_STEPS = 10 ** 8

_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)
_FLAT = (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN, sre.AT, sre.CATEGORY)


class _Shape:
    """How a pattern backtracks: `degree`, the unbounded repeats along one match (its time
    grows as the text's length to that power), and whether one of them repeats a part
    that can match the same text in several ways (`exponential`)."""

    def __init__(self, degree: int = 0, ambiguous: bool = False, exponential: bool = False):
        self.degree = degree
        self.ambiguous = ambiguous  # holds a variable repeat, an alternation, a backreference
        self.exponential = exponential


def _shape(items) -> _Shape:
    """The shape of a parsed sequence (sre_parse's (opcode, argument) items)."""
    total = _Shape()
    for op, av in items:
        if op in _FLAT:
            continue
        if op in _REPEATS:
            low, high, body = av
            inner = _shape(body)
            total.exponential |= inner.exponential
            unbounded = high == sre.MAXREPEAT or high > 100
            if unbounded:
                if inner.ambiguous or inner.degree:
                    total.exponential = True
                total.degree += 1 + inner.degree
            else:
                total.degree += inner.degree * high
            total.ambiguous |= low != high or inner.ambiguous
        elif op is sre.BRANCH:
            branches = [_shape(branch) for branch in av[1]]
            total.degree += max(b.degree for b in branches)
            total.exponential |= any(b.exponential for b in branches)
            total.ambiguous = True
        elif op is sre.SUBPATTERN or op is sre.ATOMIC_GROUP:
            inner = _shape(av[-1] if op is sre.SUBPATTERN else av)
            total.degree += inner.degree
            total.exponential |= inner.exponential
            total.ambiguous |= inner.ambiguous
        elif op is sre.GROUPREF_EXISTS:
            yes, no = av[1], av[2]
            branches = [_shape(yes)] + ([_shape(no)] if no is not None else [])
            total.degree += max(b.degree for b in branches)
            total.exponential |= any(b.exponential for b in branches)
            total.ambiguous = True
        elif op in (sre.ASSERT, sre.ASSERT_NOT):
            inner = _shape(av[1])
            total.degree += inner.degree
            total.exponential |= inner.exponential
            total.ambiguous = True
        else:  # GROUPREF (a backreference: as long as its group), anything unforeseen
            total.degree += 1
            total.ambiguous = True
    return total


@lru_cache(maxsize=512)
def _pattern_shape(pattern: str, flags: int) -> _Shape | None:
    """The shape of a pattern, or None when `re` refuses it (its error is then Heat's)."""
    try:
        return _shape(sre_parse.parse(pattern, flags).data)
    except (re.error, RecursionError, OverflowError):
        return None


def check(pattern: str | re.Pattern, text: str) -> None:
    """Raise Refused unless searching `text` for `pattern` is bounded (module doc)."""
    source, flags = (pattern.pattern, pattern.flags) if isinstance(pattern, re.Pattern) \
        else (pattern, 0)
    if not isinstance(source, str):
        return
    shape = _pattern_shape(source, flags)
    if shape is None:
        return
    shown = source if len(source) <= 40 else source[:37] + '...'
    if shape.exponential:
        raise Refused(f'the regular expression "{shown}" repeats a part that can match the same '
                      'text in several ways: its matching time can grow exponentially with '
                      'the text (Heat would run it to the end)')
    length = max(len(text), 2)
    if (shape.degree + 1) * math.log10(length) > math.log10(MAX_STEPS):
        raise Refused(f'matching the regular expression "{shown}" against a text of '
                      f'{len(text)} characters may take up to {length}^{shape.degree + 1} '
                      'steps (Heat would run it to the end)')


# -- yaql's regex library (yaql/standard_library/regex.py), each match checked first ------

@specs.parameter('pattern', yaqltypes.String())
def regex(pattern, ignore_case=False, multi_line=False, dot_all=False):
    flags = re.UNICODE
    if ignore_case:
        flags |= re.IGNORECASE
    if multi_line:
        flags |= re.MULTILINE
    if dot_all:
        flags |= re.DOTALL
    return re.compile(pattern, flags)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.method
def matches(regexp, string):
    check(regexp, string)
    return regexp.search(string) is not None


@specs.parameter('string', yaqltypes.String())
@specs.parameter('regexp', yaqltypes.String())
@specs.method
def matches_(string, regexp):
    check(regexp, string)
    return re.search(regexp, string) is not None


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.name('#operator_=~')
def matches_operator_regex(string, regexp):
    check(regexp, string)
    return regexp.search(string) is not None


@specs.parameter('pattern', yaqltypes.String())
@specs.parameter('string', yaqltypes.String())
@specs.name('#operator_=~')
def matches_operator_string(string, pattern):
    check(pattern, string)
    return re.search(pattern, string) is not None


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.name('#operator_!~')
def not_matches_operator_regex(string, regexp):
    check(regexp, string)
    return regexp.search(string) is None


@specs.parameter('pattern', yaqltypes.String())
@specs.parameter('string', yaqltypes.String())
@specs.name('#operator_!~')
def not_matches_operator_string(string, pattern):
    check(pattern, string)
    return re.search(pattern, string) is None


def _publish_match(context, match):
    rec = {'value': match.group(), 'start': match.start(0), 'end': match.end(0)}
    context['$1'] = rec
    for i, t in enumerate(match.groups(), 1):
        rec = {'value': t, 'start': match.start(i), 'end': match.end(i)}
        context['$' + str(i + 1)] = rec
    for key, value, in match.groupdict().values():  # sic: yaql 3.2.0's own code
        rec = {'value': value, 'start': match.start(value), 'end': match.end(value)}
        context['$' + key] = rec


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('selector', yaqltypes.Lambda(with_context=True))
@specs.method
def search(context, regexp, string, selector=None):
    check(regexp, string)
    res = regexp.search(string)
    new_context = context.create_child_context()
    if res is None:
        return None
    if selector is None:
        return res.group()
    _publish_match(new_context, res)
    return selector(new_context)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('selector', yaqltypes.Lambda(with_context=True))
@specs.method
def search_all(context, regexp, string, selector=None):
    check(regexp, string)
    for res in regexp.finditer(string):
        new_context = context.create_child_context()
        if selector is None:
            yield res.group()
        else:
            _publish_match(new_context, res)
            yield selector(new_context)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('max_split', int)
@specs.method
def split(regexp, string, max_split=0):
    check(regexp, string)
    return regexp.split(string, max_split)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('max_split', int)
@specs.method
@specs.name('split')
def split_string(string, regexp, max_split=0):
    check(regexp, string)
    return regexp.split(string, max_split)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('repl', yaqltypes.String())
@specs.parameter('count', int)
@specs.method
def replace(regexp, string, repl, count=0):
    check(regexp, string)
    return regexp.sub(repl, string, count)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('repl', yaqltypes.String())
@specs.parameter('count', int)
@specs.method
@specs.name('replace')
def replace_string(string, regexp, repl, count=0):
    return replace(regexp, string, repl, count)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('repl', yaqltypes.Lambda(with_context=True))
@specs.parameter('count', int)
@specs.method
def replace_by(context, regexp, string, repl, count=0):
    check(regexp, string)

    def repl_func(match):
        new_context = context.create_child_context()
        _publish_match(context, match)
        return repl(new_context)
    return regexp.sub(repl_func, string, count)


@specs.parameter('regexp', REGEX_TYPE)
@specs.parameter('string', yaqltypes.String())
@specs.parameter('repl', yaqltypes.Lambda(with_context=True))
@specs.parameter('count', int)
@specs.method
@specs.name('replaceBy')
def replace_by_string(context, string, regexp, repl, count=0):
    return replace_by(context, regexp, string, repl, count)


@specs.parameter('string', yaqltypes.String())
def escape_regex(string):
    return re.escape(string)


def is_regex(value):
    return isinstance(value, REGEX_TYPE)


REGEX_FUNCTIONS = (regex, matches, matches_, matches_operator_string, matches_operator_regex,
                   not_matches_operator_string, not_matches_operator_regex, search, search_all,
                   split, split_string, replace, replace_by, replace_string, replace_by_string,
                   escape_regex, is_regex)


# -- yaql's pow and shiftBitsLeft (yaql/standard_library/math.py) -------------------------

def _int_size(bits: int) -> int:
    """sys.getsizeof of a nonzero int of `bits` bits (30-bit digits after a 24-byte head)."""
    return 24 + 4 * -(-bits // 30)


def _over_quota(bits: int, quota: int) -> None:
    if quota > 0 and _int_size(bits) > quota:
        raise exceptions.MemoryQuotaExceededException()


@specs.parameter('a', yaqltypes.Number())
@specs.parameter('b', yaqltypes.Number())
@specs.parameter('c', yaqltypes.Number(nullable=True))
def pow_(a, b, engine, c=None):
    if c is None and type(a) is int and type(b) is int and b > 1 and abs(a) > 1:
        # at least b * (bits(a) - 1) + 1 bits: over the quota, yaql would refuse the result
        _over_quota(b * (abs(a).bit_length() - 1) + 1, utils.get_memory_quota(engine))
    return pow(a, b, c)


@specs.parameter('value', int)
@specs.parameter('bits_number', int)
def shift_bits_left(value, bits_number, engine):
    if value and bits_number > 0:
        _over_quota(abs(value).bit_length() + bits_number, utils.get_memory_quota(engine))
    return value << bits_number


MATH_FUNCTIONS = (pow_, shift_bits_left)
