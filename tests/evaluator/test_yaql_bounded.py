"""The yaql functions that spend their time in one call into C, bounded before the call
(hot_ls/evaluator/functions/yaql_bounded.py): the same answers as yaql's own wherever they
are bounded, and no call where they are not."""
from __future__ import annotations

import collections.abc  # noqa: F401  (yaql 3.2 uses it without importing it)

import pytest
import yaql

from hot_ls.evaluator.functions.yaql_bounded import MAX_STEPS, check
from hot_ls.evaluator.functions.yaql_function import bounded_context
from hot_ls.evaluator.time_limit import Refused
from hot_ls.language import language

ENGINE = yaql.YaqlFactory().create({'yaql.limitIterators': language().yaql_limit_iterators,
                                    'yaql.memoryQuota': language().yaql_memory_quota})
STOCK = yaql.create_context()  # Heat's context
BOUNDED = bounded_context(yaql.create_context(regex=False))


def _outcome(expression: str, context) -> str:
    try:
        return repr(ENGINE(expression).evaluate({'data': {}}, context.create_child_context()))
    except Refused as refused:
        return f'refused: {refused.why}'
    except Exception as error:  # yaql's and Python's errors, as Heat reports them
        return f'{type(error).__name__}: {error}'


@pytest.mark.parametrize('expression', [
    # regular expressions, in every function of yaql's regex library
    'regex("a+", ignoreCase => true).search("xAAy")', 'regex("a", multiLine => true, '
    'dotAll => true).matches("bab")', '"hello".matches("l+")', 'regex("l+").matches("hello")',
    '"hello" =~ "l+"', '"hello" =~ regex("z")', '"hello" !~ "z"', '"hello" !~ regex("h")',
    'regex("([0-9]+[K|M|G])").search("hugepages=2M default=1G")',
    'regex("(\\\\d+)").searchAll("a1b22c333", $2.value)', 'regex("a").searchAll("banana")',
    '"a.b.c".split(regex("\\\\."), 1)', 'regex("b").split("abcbd")',
    'regex("([a-z0-9])([A-Z])").replace("fooBarBaz", "\\\\1_\\\\2").toLower()',
    '"a1b2".replace(regex("\\\\d"), "#", 1)', '"ab".replaceBy(regex("(b)"), $1.value + "!")',
    'regex("(a)").replaceBy("banana", $1.value.toUpper())', 'escapeRegex("a.b")',
    'isRegex(regex("a"))', 'isRegex("a")', 'regex("(?P<x>a)").search("ba", $x)',
    'regex("[").search("x")', '"x" =~ "(?<=a"', 'regex("(a)").replace("a", "\\\\9")',
    # pow and shiftBitsLeft: under, at and over the memory quota
    'pow(7, 10)', 'pow(2, 73980)', 'pow(2, 74500)', 'pow(3, 46000)', 'pow(3, 50000)',
    'pow(2.0, 3)', 'pow(2, -3)', 'pow(-2, 3)', 'pow(2, 10, 7)', 'pow(7, 100000000, 13)',
    'pow(0, 5)', 'pow(1, 100000000)', 'pow(-1, 100000001)', 'shiftBitsLeft(3, 4)',
    'shiftBitsLeft(1, 73980)', 'shiftBitsLeft(1, 79000)', 'shiftBitsLeft(0, 100000000000)',
    'shiftBitsLeft(-5, 3)', 'shiftBitsLeft(5, -1)', 'shiftBitsRight(5, 1)',
])
def test_the_bounded_functions_answer_as_yaqls_own(expression):
    assert _outcome(expression, BOUNDED) == _outcome(expression, STOCK)


@pytest.mark.parametrize('expression', [
    'pow(7, 100000000)',  # minutes of arithmetic, then over the quota
    'shiftBitsLeft(1, 100000000000)',  # 12.5 GB, then over the quota
])
def test_a_result_over_the_quota_is_refused_before_it_is_computed(expression):
    assert _outcome(expression, BOUNDED) == ('MemoryQuotaExceededException: Expression '
                                             'consumed too much memory')


@pytest.mark.parametrize('pattern', ['(a+)+$', '(a|aa)*b', '(\\w+\\s?)+$', '((ab)*)*c',
                                     '(ab|a)+c', '(?:(?=a)a)*', '(a)(?:\\1)*'])
def test_a_pattern_that_backtracks_exponentially_is_never_run(pattern):
    with pytest.raises(Refused, match='repeats a part that can match the same text in several '
                                      'ways'):
        check(pattern, 'a' * 28 + '!')
    # (Python's re takes half a minute on the first one with these 29 characters)


def test_a_polynomial_pattern_runs_on_texts_its_degree_keeps_within_the_steps():
    pattern = 'a*a*a*a*b'  # 4 unbounded repeats, searched from every start: n ** 5 steps
    longest = int(MAX_STEPS ** (1 / 5))
    check(pattern, 'a' * longest)
    with pytest.raises(Refused, match=f'against a text of {longest + 1} characters may take up '
                                      f'to {longest + 1}\\^5 steps'):
        check(pattern, 'a' * (longest + 1))
    check('[a-z]+', 'a' * 10_000)  # one repeat: n ** 2
    check('abc', 'a' * 1_000_000)  # none: n
    check('(a|b)+', 'ab' * 5_000)  # one character class to re (an alternation of letters)


def test_a_refused_regex_gives_up_on_the_value_through_the_template():
    from hot_ls.evaluator import TemplateEvaluation
    from hot_ls.rules import analyze
    analysis = analyze('heat_template_version: 2021-04-16\noutputs:\n  o:\n    value:\n'
                       '      yaql:\n        expression: \'"aaaaaaaaaaaaaaaaaaaaaaaaaaaa!" =~ '
                       '"(a+)+$"\'\n')
    assert analysis.diagnostics == []
    value = TemplateEvaluation.complete(analysis.template).output('o').value
    assert value.error.message.startswith('hot-ls does not evaluate this value: the regular '
                                          'expression "(a+)+$" repeats a part')
