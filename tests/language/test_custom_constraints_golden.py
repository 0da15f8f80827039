"""hot_ls.language.custom_constraints against Heat's own answers (fixtures/golden/custom_constraints.json).

tools/gen_custom_constraint_golden.py runs each value through Heat 27.0.1's
CustomConstraint(name).validate(value); here hot-ls must give the same
verdict and the same message through its own CustomConstraint, the way a
property or parameter check reaches it.  Where Heat lets an exception
escape, hot-ls raises a TypeError with the same text (Heat's own class is
recorded in the fixture: TypeError, or AttributeError for the DNS checks).
"""
from __future__ import annotations

import datetime
import json
import os
import random
import re
import socket
import subprocess
import sys

import pytest

from hot_ls.language import glibc_inet_pton

from helpers import FIXTURES
from hot_ls.language import constraints as c
from hot_ls.language import custom_constraints as cc

with open(os.path.join(FIXTURES, 'golden', 'custom_constraints.json'), encoding='utf-8') as fh:
    GOLDEN = json.load(fh)

CASES = GOLDEN['cases']
NOW = datetime.datetime.fromisoformat(GOLDEN['now'])

#: exceptions Heat lets escape, and the class hot-ls raises for each
ESCAPES = {'TypeError': TypeError, 'AttributeError': TypeError}


def value_of(case: dict):
    if 'special' in case:
        return float(case['special']['float'])
    return case['value']


@pytest.fixture
def fixed_clock():
    cc.set_clock(lambda: NOW)
    yield
    cc.set_clock(None)


#: zoneinfo's errors for a directory or an over-long key name the file it tried, inside
#: the tzdata package of the environment at hand (Heat's, or hot-ls's)
_TZDATA_PATH = re.compile(r"'[^']*/tzdata/zoneinfo/")


def portable(message: str) -> str:
    return _TZDATA_PATH.sub("'<tzdata>/zoneinfo/", message)


def hot_ls_answer(name: str, value) -> dict:
    try:
        message = c.CustomConstraint(name).validate(value)
    except TypeError as exc:
        return {'ok': False, 'error': portable(str(exc)), 'raised': 'TypeError'}
    if message is None:
        return {'ok': True}
    return {'ok': False, 'error': portable(message)}


def expected(heat: dict) -> dict:
    if heat['ok']:
        return {'ok': True}
    if heat['exception'] == 'ValueError':
        return {'ok': False, 'error': portable(heat['error'])}
    return {'ok': False, 'error': portable(heat['error']),
            'raised': ESCAPES[heat['exception']].__name__}


def test_golden_file_covers_the_twelve():
    assert GOLDEN['heat_version'] == '27.0.1'
    assert set(GOLDEN['constraints']) == cc.OFFLINE_CONSTRAINTS
    names = {case['constraint'] for case in CASES}
    assert names == cc.OFFLINE_CONSTRAINTS
    for name in names:
        verdicts = {case['heat']['ok'] for case in CASES if case['constraint'] == name}
        assert verdicts == {True, False}, name


@pytest.mark.parametrize('case', CASES, ids=[c['id'] for c in CASES])
def test_matches_heat(case, fixed_clock):
    assert hot_ls_answer(case['constraint'], value_of(case)) == expected(case['heat'])


# -- the way a property check uses it -------------------------------------------------------

def test_registered_when_constraints_is_imported():
    for name in cc.OFFLINE_CONSTRAINTS:
        assert c.custom_check(name) is cc.CHECKS[name]
        assert c.CustomConstraint(name).checkable
    for name in ('nova.flavor', 'glance.image', 'neutron.network', 'nova.network', 'test_constr'):
        constraint = c.CustomConstraint(name)
        assert not constraint.checkable
        assert constraint.validate('anything at all') is None


def test_property_check_goes_through_custom_constraint(fixed_clock):
    # A String property with [custom_constraint: ip_addr] and another with a description.
    schema = c.Schema(c.STRING, [c.Length(min=1), c.CustomConstraint('ip_addr')], 'String')
    assert schema.validate_constraints('10.0.0.1') is None
    assert schema.failing_constraint('10.0.0.300')[:1] == (1,)
    assert schema.validate_constraints('10.0.0.300') == \
        "Error validating value '10.0.0.300': Invalid IP address"
    described = c.Schema(c.STRING, [c.CustomConstraint('net_cidr', 'A CIDR, please')], 'String')
    assert described.validate_constraints('10.0.0.0/33') == 'A CIDR, please'
    assert described.validate_constraints('10.0.0.0/8') is None
    # the detail-less message (iso_8601) and a message of Heat's own
    assert c.CustomConstraint('iso_8601').validate('yesterday') == "Error validating value 'yesterday'"
    assert c.CustomConstraint('dns_domain').validate('example.com') == \
        "Error validating value 'example.com': 'example.com' must end with '.'."
    assert c.CustomConstraint('expiration').validate('2025-06-15T12:00:01Z') is None
    assert c.CustomConstraint('expiration').validate('2025-06-15T11:59:59Z') == (
        "Error validating value '2025-06-15T11:59:59Z': Expiration 2025-06-15T11:59:59Z "
        'is invalid: Expiration time is out of date.')
    # a List property of CIDRs checks the list as a whole, as Heat does
    listed = c.Schema(c.LIST, [c.CustomConstraint('ip_or_cidr')], 'List')
    assert listed.validate_constraints(['10.0.0.1']) == \
        "Error validating value '['10.0.0.1']': '['10.0.0.1']' is not a valid IP address"
    # what Heat lets escape, escapes as a TypeError with Heat's text
    with pytest.raises(TypeError, match="^'int' object has no attribute 'endswith'$"):
        c.Schema(c.NUMBER, [c.CustomConstraint('dns_name')], 'Number').validate_constraints(5)


def test_no_third_party_validators_are_imported():
    code = ('import sys, hot_ls.language.constraints; '
            'print(sorted(m for m in ("heat", "netaddr", "neutron_lib", "croniter", "oslo_utils", '
            '"iso8601", "dateutil", "pytz") if m in sys.modules))')
    out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(FIXTURES))
    assert out.stdout.strip() == '[]'


def test_expiration_clock_is_injectable():
    later = datetime.datetime(2031, 1, 1)
    assert cc.check_expiration('2030-01-01T00:00:00Z', now=datetime.datetime(2029, 1, 1)) is None
    assert cc.check_expiration('2030-01-01T00:00:00Z', now=lambda: later) == (
        'Expiration 2030-01-01T00:00:00Z is invalid: Expiration time is out of date.')
    # the real clock
    assert cc.check_expiration('2000-01-01') is not None
    assert cc.check_expiration('9000-01-01') is None
    try:
        cc.set_clock(lambda: later)
        assert c.CustomConstraint('expiration').validate('2030-06-01') is not None
    finally:
        cc.set_clock(None)
    assert c.CustomConstraint('expiration').validate('2030-06-01') is None


def test_timezone_without_a_database_flags_nothing(monkeypatch):
    monkeypatch.setattr(cc, '_TZ_DATABASE', False)
    assert cc.check_timezone('Bogus/Zone') is None
    monkeypatch.setattr(cc, '_TZ_DATABASE', True)
    # zoneinfo's ZoneInfoNotFoundError is a KeyError: its text is quoted
    assert cc.check_timezone('Bogus/Zone') == "Invalid timezone: 'No time zone found with key Bogus/Zone'"


# -- the glibc inet_pton port against the platform's --------------------------------------------

def _platform(family, text):
    try:
        return int.from_bytes(socket.inet_pton(family, text), 'big')
    except OSError:
        return None
    except ValueError as exc:
        return ('ValueError', str(exc))


def _ours(fn, text):
    try:
        return fn(text)
    except ValueError as exc:
        return ('ValueError', str(exc))


def _strings(rng: random.Random, alphabet: str, n: int) -> list[str]:
    return [''.join(rng.choice(alphabet) for _ in range(rng.randint(0, 45))) for _ in range(n)]


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason="the port is of glibc's inet_pton")
def test_inet_pton_port_matches_glibc():
    rng = random.Random(7)
    samples = ['::', '::1', '1::', ':::', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '::1.2.3.4',
               '::ffff:1.2.3.4', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', '1.2.3.4',
               '01.2.3.4', '1.2.3.04', '256.1.1.1', '1.2.3', '1.2.3.4.', '', '0.0.0.0', 'a\x00']
    samples += _strings(rng, '0123456789abcdefABCDEF:.', 3000)
    samples += _strings(rng, '0123:.', 3000)
    samples += _strings(rng, '0129.', 2000)
    for text in samples:
        assert _ours(cc.inet_pton6, text) == _platform(socket.AF_INET6, text), text
        assert _ours(cc.inet_pton4, text) == _platform(socket.AF_INET, text), text


def _platform_aton(text):
    try:
        return int.from_bytes(socket.inet_aton(text), 'big')
    except OSError:
        return None
    except ValueError as exc:
        return ('ValueError', str(exc))


@pytest.mark.skipif(not sys.platform.startswith('linux'), reason="the port is of glibc's inet_aton")
def test_inet_aton_port_matches_glibc():
    rng = random.Random(11)
    samples = ['1.2.3.4', '10.1', '10.1.2', '10', '0x0a.1', '0X1.0x', '010.1.1.1', '08.1.1.1',
               '0x', '1.2.3.4 ', '1.2.3.4 junk', '1.2.3.4\t', '1.2.3.4x', '4294967295',
               '4294967296', '1.16777215', '1.16777216', '1.2.65535', '1.2.65536', '256.1',
               '1..2', '.1', '1.', '1.2.3.4.5', '', ' 1.2.3.4', '+1', '1.2.3.4\x00']
    samples += _strings(rng, '0123456789xX.', 4000)
    samples += _strings(rng, '0178xXaF. \t', 4000)
    for text in samples:
        assert _ours(glibc_inet_pton.inet_aton4, text) == _platform_aton(text), repr(text)
