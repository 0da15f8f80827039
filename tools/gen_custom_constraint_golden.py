"""Record Heat's answers on its offline custom constraints: fixtures/golden/custom_constraints.json.

Run with the Heat virtual environment's Python:
    /work/.venv-heat/bin/python tools/gen_custom_constraint_golden.py

Every value below goes through Heat 27.0.1's own check, the way a property
or parameter check reaches it:

    constraints.CustomConstraint(name).validate(value, schema=None, context=None)

(a fresh CustomConstraint each time, found in the global environment by the
name registered under the heat.constraints entry points).  The answer is
{"ok": true} or {"ok": false, "error": str(exc), "exception": class name};
a ValueError is Heat's constraint failure, anything else is an exception
Heat lets escape.  `expiration` compares with oslo_utils.timeutils.utcnow,
patched here to the fixed NOW recorded in the file.

The inputs are written by the project (plus a few seeded, deterministic
fuzz lists); the answers are Heat's.  tests/language/test_custom_constraints_golden.py
holds hot_ls.language.custom_constraints to every answer.

Values that JSON cannot hold (float nan and infinities) are stored as
{"float": "nan"} under "special" instead of "value".
"""
from __future__ import annotations

import datetime
import json
import math
import os
import random
import sys
from unittest import mock

sys.path.insert(0, os.path.dirname(__file__))
import heat_runtime  # noqa: E402

from heat.engine import constraints  # noqa: E402
from oslo_utils import timeutils  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), '..', 'fixtures', 'golden', 'custom_constraints.json')

#: the clock for `expiration` (naive UTC, as timeutils.utcnow() returns it)
NOW = datetime.datetime(2025, 6, 15, 12, 0, 0)

OFFLINE = ('ip_addr', 'net_cidr', 'mac_addr', 'ip_or_cidr', 'iso_8601', 'cron_expression',
           'dns_name', 'dns_domain', 'rel_dns_name', 'timezone', 'expiration', 'json_string')

SPECIALS = {'nan': float('nan'), 'inf': float('inf'), '-inf': float('-inf')}


def answer(name: str, value) -> dict:
    constraint = constraints.CustomConstraint(name)
    try:
        with mock.patch.object(timeutils, 'utcnow', lambda *a, **k: NOW):
            constraint.validate(value, schema=None, context=None)
    except Exception as exc:  # every failure is an answer
        return {'ok': False, 'error': str(exc), 'exception': type(exc).__name__}
    return {'ok': True}


# -- the inputs -----------------------------------------------------------------------------

#: run through every one of the twelve
COMMON = ['', ' ', '\t', '\n', 'x', 'abc', '-', '.', '/', ':', '*', 0, 1, 42, -1, 300, 1.5, 0.0,
          True, False, None, [], ['a'], ['10.0.0.1'], ['/'], [1, 2], {}, {'a': 'b'}, {'/': 1},
          'nan', SPECIALS['nan'], SPECIALS['inf'], SPECIALS['-inf'],
          # NUL characters and lone surrogates (a JSON template can hold them)
          '\x00', 'a\x00b', '\ud800', '1.2.3.\ud800', '1.2.3.\ud800/8', '::\ud800', '::1/\ud800',
          'a.\ud800', '"\ud800"', '2025-01-01T00:00:00\ud800', '0 0 * * \ud800']

IPV4 = [
    '10.0.0.1', '0.0.0.0', '255.255.255.255', '192.168.1.1', '127.0.0.1', '1.2.3.4',
    # leading zeros: accepted by netaddr's ZEROFILL, then flagged by neutron
    '010.0.0.1', '10.00.0.1', '10.0.0.01', '00.0.0.0', '0.0.0.00', '001.002.003.004', '0.0.0.000',
    '192.168.001.001',
    # out of range, wrong number of parts
    '256.0.0.1', '1.2.3.256', '999.1.1.1', '10', '10.1', '10.1.1', '1.2.3.4.5', '1.2.3.', '.1.2.3',
    '1..2.3', '...', '1.2.3.4.',
    # what int() accepts
    '+1.2.3.4', '-0.1.2.3', '-1.2.3.4', '1_0.0.0.1', '\u0661.2.3.4', '\uff11.2.3.4', '1.2.3.+4',
    '0x1.2.3.4', '0x0a.0.0.1', '1.2.3.0x4', '012.1.1.1', '1e2.1.1.1', '0b1.0.0.0', '1 .2.3.4',
    # integers as strings
    '16909060', '4294967295', '4294967296', '0', '01', '1.2', '127.1',
    # whitespace
    ' 1.2.3.4', '1.2.3.4 ', '1.2.3.4\n', '1.2.\t3.4', '1.2.3.4\u00a0', '\u20001.2.3.4',
    # NUL and odd characters
    '1.2.3.4\x00', '1.2.3.4/8\x00', '1.2.3.4/\x008', '1.2.3.\u00e9', '1.2.3.4#', '[1.2.3.4]',
]

CIDRS = [
    '10.0.0.0/8', '10.0.0.1/8', '10.0.0.0/08', '10.0.0.0/+8', '10.0.0.0/ 8', '10.0.0.0/8 ',
    '10.0.0.0/33', '10.0.0.0/32', '10.0.0.0/0', '0.0.0.0/0', '10.0.0.0/-1', '10.0.0.0/-0',
    '10.0.0.0/', '/8', '/', '//', '10.0.0.0//8', '10.0.0.0/255.0.0.0', '10.0.0.0/0.255.255.255',
    '10.0.0.0/255.0.255.0', '10.0.0.0/255.255.255.255', '10.0.0.0/0.0.0.0', '10.0.0.0/8/8',
    '10.0.0.0/8/', '10.0.0.0/2_4', '10.0.0.0/\u0668', '10.0.0.0/24\n', '010.0.0.0/8',
    '10.0.0.00/8', '1.2.3.4/32', '192.168.1.0/24', '192.168.1.7/24', '255.255.255.255/32',
    '10.0.0.0/abc', '10.0.0.0/0x8', '10.0.0.0/8.0', '10.0.0.0/1e1', '10.0.0.0/' + '9' * 5000,
    # abbreviated (netaddr's cidr_abbrev_to_verbose)
    '10/8', '10', '10.1/16', '192.168/16', '192.168', '10/33', '10/-1', '10/+8', '10/08', '300/8',
    '300', '300.1', '300.1/8', '128', '191', '192', '224', '239', '240', '255', '256', '-1', '-5',
    '+10', ' 10', '10 ', '1_0', '10/abc', 'abc/8', 'abc', '1.2.3.4.5/8', '1.2.3.4.5', 'a.b',
    'a.b/8', '10./8', '.10', '.10/8', '10..1', '10/8/8', '/10', '0', '00', '010', '127', '01.1',
    '1.x', 'x.1', '10.0.0', '10.0.0/24', '1.2.3.4/33', '\u0661\u0660', '\u0661\u0660/8',
]

IPV6 = [
    '::', '::1', '2001:db8::1', '2001:DB8::1', 'fe80::1', 'fe80::1%eth0', 'fe80::1%1',
    '2001:db8::', '2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8:0:0:0:0:0:1',
    '::ffff:1.2.3.4', '::ffff:01.2.3.4', '::ffff:1.2.3', '::ffff:1.2.3.4.5', '::ffff:256.2.3.4',
    '::1.2.3.4', '1.2.3.4::', '::ffff:1.2.3.4:1', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4',
    '1:2:3:4:5::1.2.3.4', '::ffff:0.0.0.0', '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7::', '::1:2:3:4:5:6:7',
    '1::2:3:4:5:6:7', '1:2:3:4:5:6:7::8', '1:2:3:4:5:6::7:8', ':::', '1:::2', '::1::', '1::2::3',
    '12345::', '01234::', '0000::', 'g::1', ':1', '1:', ':1:2:3:4:5:6:7', '1:2:3:4:5:6:7:',
    '[::1]', '::1\x00', '::1 ', ' ::1', '::1\n', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'FFFF::', 'fF:Ab::', '::\u0661', ':', '::.', '::1.', '1.2.3.4:80', 'a:b', '::0:0:0:0:0:0:0',
    '0:0:0:0:0:0:0:0', '0:0:0:0:0:0:0:0:0',
    # IPv6 networks
    '2001:db8::/32', '2001:db8::1/64', '2001:db8::/129', '2001:db8::/128', '2001:db8::/0128',
    '2001:db8::/+64', '2001:db8::/ 64', '2001:db8::/64 ', '2001:db8::/-1', '2001:db8::/',
    '2001:db8::/ffff:ffff::', '2001:db8::/::ffff', '2001:db8::/ffff::ffff', '2001:db8::/255.0.0.0',
    '::/0', '::1/128', '::ffff:1.2.3.4/128', '::ffff:1.2.3.4/96', '::ffff:01.2.3.4/128',
    '::1/64/64', '::1/8/8', '::1/8/', '::1/64\x00', 'FE80::/10', 'fe80::1%eth0/64', '::1/\u0666\u0664',
    '::1/6_4', '2001:db8::/32/', '::/', '::/::', '::/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    '1.2.3.4/::', '::1/1.2.3.4',
]

MACS = [
    '00:11:22:33:44:55', '00-11-22-33-44-55', 'AA:BB:CC:DD:EE:FF', 'aa:bb:cc:dd:ee:ff',
    'Aa:bB:cC:Dd:eE:Ff', 'ff-ff-ff-ff-ff-ff', '0:1:2:3:4:5', '0-1-2-3-4-5', 'a:b:c:d:e:f',
    '001122334455', '00112233445', '0011223344', '0011223344556', '00112233445g', 'AABBCCDDEEFF',
    '0011.2233.4455', '11.2233.4455', '1.2.3', '0011:2233:4455', '0011-2233-4455', '1:2:3',
    '00112.2233.4455', '0011.2233.4455.6677', '001122:334455', '001122-334455', '00112:334455',
    '0011:334455', '0011223:344556', '001122.334455', '00:11:22:33:44', '00:11:22:33:44:55:66',
    '00:11:22:33:44:55:66:77', '00:11:22:33:44:5g', '00:11-22:33:44:55', '00:11:22:33:44:55\n',
    '00:11:22:33:44:55\n\n', ' 00:11:22:33:44:55', '00:11:22:33:44:55 ', '000:11:22:33:44:55',
    '00:11:22:33:44:55:', ':00:11:22:33:44:55', '00.11.22.33.44.55', '00 11 22 33 44 55',
    '00:11:22:33:44:\u0665\u0665', '00:11:22:33:44:\uff15\uff15', '0x00:11:22:33:44:55',
    '00::11:22:33:44', '00:11:22:33::44', '00_11_22_33_44_55', '00:11:22:33:44:55\x00',
    'fa:16:3e:00:00:01', 'FA-16-3E-00-00-01', 'fa163e000001', 'fa16.3e00.0001',
]


def _labels(*lengths: int) -> str:
    letters = 'abcdefghij'
    return '.'.join(letters[i % 10] * n for i, n in enumerate(lengths))


DNS = [
    'example.com', 'example.com.', 'Example.com', 'EXAMPLE.COM.', 'a', 'a.', '.', '..', 'a..b',
    '.a', 'a.b.', '-a.com', 'a-.com', 'a--b.com', 'a_b.com', '_srv.example.com', 'xn--bcher-kva.example',
    '123', '123.', 'a.123', 'a.123.', 'a.1b.', '1a.', '123.456', '123.456.', 'host-1.example.org.',
    'a\n', 'a.b\n', 'a.\n', 'a\n.', '\u00e9.com', 'caf\u00e9.example.', 'a b', 'a.b c', '*.example.com',
    '@', 'localhost', 'localhost.', 'a.b.c.d.e.f.g', 'host.', '-', '-.', 'a-', 'my_host', 'my-host',
    'a.-b.c', 'a.b-.c', 'a/b', 'a:b', 'a.b.c.', 'a..', '.a.', 'x' * 63, 'x' * 64, 'x' * 63 + '.',
    'x' * 64 + '.', 'x' * 63 + '.com', 'x' * 64 + '.com.', 'a.' + 'x' * 64, '0', '0.', '00.com.',
    'com.0', 'com.0.', 'a.b.c.1.', 'tld.12a.', '\u0661.com', 'A', 'a\x00b', 'a\tb',
]
for total in (250, 251, 252, 253, 254, 255, 256, 257):
    # names of exactly `total` characters without the trailing dot
    parts, left = [], total
    while left > 0:
        n = min(63, left)
        if left - n == 1:      # avoid a 0-length last label
            n -= 1
        parts.append(n)
        left -= n + 1
    name = _labels(*parts)
    name = name[:total] if len(name) > total else name + 'z' * (total - len(name))
    DNS += [name, name + '.']
DNS += [_labels(63, 63, 63, 61), _labels(63, 63, 63, 61) + '.', _labels(63, 63, 63, 62),
        _labels(63, 63, 63, 62) + '.', _labels(63, 63, 63, 63), _labels(63, 63, 63, 63) + '.',
        _labels(63, 63, 63, 60) + '.1', _labels(63, 63, 64, 60), _labels(64, 64, 64, 64) + '.',
        _labels(1, 1, 1) + '.' * 2, 'x' * 300, 'x' * 300 + '.', 'a' + '.b' * 127, 'a' + '.b' * 127 + '.',
        'a' + '.b' * 128, 'a.' * 128]

CRON = [
    '* * * * *', '*/5 * * * *', '0 0 * * *', '0 0 * * mon', '0 0 * * MON', '0 0 * * mon-fri',
    '0 0 * * MON-FRI', '0 0 * * mon,wed,fri', '0 0 1 jan *', '0 0 1 JAN-DEC *', '0 0 1 jan-dec/2 *',
    '@daily', '@DAILY', '@Daily', '@hourly', '@weekly', '@monthly', '@yearly', '@annually',
    '@midnight', '@reboot', '@every', ' @daily', '@daily ', '@', 'daily',
    '0 0 l * *', '0 0 L * *', '0 0 15w * *', '0 0 15W * *', '0 0 w15 * *', '0 0 32w * *', '0 0 0w * *',
    '0 0 1,15w * *', '0 0 15w,1 * *', '0 0 1-15w * *', '0 0 * * 1#2', '0 0 * * 1#6', '0 0 * * 1#0',
    '0 0 * * mon#2', '0 0 * * MON#5', '0 0 * * l5', '0 0 * * L5', '0 0 * * 5l', '0 0 * * 1#2,2',
    '0 0 * * 1#2,1#3', '0 0 * * 1#2,0-6', '0 0 * * foo#2', '0 0 * * 7#1', '0 0 * * 8#1',
    '0 0 * * jan#2', '0 0 * * mon-wed#2', '0 0 * * 1-3#2', '0 0 * * l', '0 0 * * l8',
    '0 0 ? * *', '0 0 * * ?', '? 0 * * *', '0 0 ?? * *', '0 0 * ? *', '0 0 1? * *',
    '60 * * * *', '59 * * * *', '* 24 * * *', '* 23 * * *', '* * 0 * *', '* * 31 * *', '* * 32 * *',
    '* * * 0 *', '* * * 12 *', '* * * 13 *', '* * * * 0', '* * * * 6', '* * * * 7', '* * * * 8',
    '*/0 * * * *', '1-5/2 * * * *', '5-1 * * * *', '5-1/2 * * * *', '0-59 * * * *', '1-60 * * * *',
    '* * * * sat-sun', '* * * * sun-sat', '* * * apr-jan *', '* * * apr-jan/3 *', '* * * jan-jan *',
    '59/15 * * * *', '10/5 * * * *', '*/15 * * * *', '*/61 * * * *', '-1 * * * *', '1--2 * * * *',
    '* * * * * *', '* * * * * 60', '* * * * * 59', '* * * * * */10', '* * * * * * 2100',
    '* * * * * * 2099', '* * * * * * 1969', '* * * * * * 1970', '* * * * * * 2025',
    '* * * * * * 2020-2030', '* * * * * * */5', '* * *', '* * * *', '* * * * * * * *', '*',
    'h * * * *', 'H * * * *', 'r * * * *', 'R * * * *', 'r(0-99) * * * *', 'r(5-3) * * * *',
    'r(5-5) * * * *', 'r/0 * * * *', 'r(0-10)/0 * * * *', 'r/15 * * * *', 'r(0-30)/7 * * * *',
    '* * * * r(0-7)', '* * * r(0-12) *', '* * r(1-31) * *', 'h(0-10) * * * *', 'r() * * * *',
    'foo * * * *', '* * * foo *', '* * * * foo', '* * * * fooday', '1,2,3 * * * *', ',1 * * * *',
    '1, * * * *', '1,,2 * * * *', '1-2-3 * * * *', '1/2/3 * * * *', '1-/2 * * * *', '-/2 * * * *',
    'jan * * * *', '* jan * * *', '* * jan * *', '* * * * jan', '* * * mon *', '* * * * sun-7',
    '* * * * 0-7', '* * * * 7-0', '* * 1-31 * *', '* * 1-31 * mon', '* * * * mon,tue',
    '* * * * 1,l5', '* * * * 0-6', '0-59 0-23 1-31 1-12 0-6', '*\u00a0* * * *', '*\t*\t*\t*\t*',
    '*\n* * * *', ' * * * * * ', '*  *  *  *  *', '0 0 31 2 *', '0 0 30 feb *', 'l * * * *',
    '* l * * *', '* * * l *', '* * l-5 * *', '* * 5-l * *', '* * 1-l/2 * *', '* * lw * *',
    '* * * * 2#3#4', '* * * * #3', '* * * * 1#', '01 * * * *', '00 00 01 01 00', '1.5 * * * *',
    '* * * * \u0661', '\u0661 * * * *', '99999999999999999999 * * * *', '5/' + '9' * 5000 + ' * * * *',
    '* * * * mon/2', '* * * * */2', '* * * jan/3 *', '* * * dec/3 *', '* * * dec-jan *',
    '*/5,10 * * * *', '1-5,*/10 * * * *', '* * ?,1 * *', '0 0 1 1 * 0 2025', '*/5 * * * * *',
    'MON * * * *', '* * * * Mon', '* * * * MONDAY', '* * * * thu-tue', '* * * Feb *',
    '0 12 * * 1-5', '30 2 * * 0', '0 */4 * * *', '15,45 * * * *', '0 9-17 * * mon-fri',
]

TIMEZONES = [
    'UTC', 'utc', 'Europe/Paris', 'europe/paris', 'EUROPE/PARIS', 'Europe/Paris ', ' Europe/Paris',
    'Europe/Paris\n', 'Bogus/Zone', 'America/New_York', 'America/New York', 'America/Argentina/Buenos_Aires',
    'Asia/Kolkata', 'Asia/Calcutta', 'US/Pacific', 'EST', 'EST5EDT', 'GMT', 'GMT+5', 'Etc/GMT+5',
    'Etc/GMT-14', 'Etc/GMT+13', 'Etc/UTC', 'Z', '+01:00', 'Europe', 'Europe/', '/Europe/Paris',
    'Europe//Paris', 'Europe/./Paris', 'Europe/../Europe/Paris', '../etc/passwd', '/etc/localtime',
    '.', '..', 'Europe/Paris\x00', 'Factory', 'posixrules', 'localtime', 'zone.tab', 'zone1970.tab',
    'iso3166.tab', 'tzdata.zi', 'leapseconds', 'Universal', 'Zulu', 'Europe/Kyiv', 'Europe/Kiev',
    'Pacific/Kiritimati', 'Antarctica/Troll', 'CET', 'WET', 'PST8PDT', 'right/UTC', 'posix/UTC',
    'Europe\\Paris', 'Europe/Pari', 'Europe/Paris/', 'Europe/Paris.', '\u00e9', 'x' * 300,
]

ISO = [
    '2025-01-01', '2025-01-01T00:00:00', '2025-01-01T00:00:00Z', '2025-01-01 00:00:00',
    '2025-01-01T00:00:00+01:00', '2025-01-01T00:00:00+0100', '2025-01-01T00:00:00+01',
    '2025-01-01T00:00:00-05:30', '2025-01-01T00:00:00.123456Z', '2025-01-01T00:00:00,123Z',
    '2025-01-01T00:00:00.1234567Z', '2025-01-01T00:00:00.1234567891234567890', '2025-01-01T00:00:00.',
    '2025-01-01T00:00:00.Z', '20250101', '20250101T000000Z', '20250101T0000', '20250101T00',
    '202501', '2025', '2025-01', '2025-1', '2025-1-1', '2025-01-1', '2025-13-01', '2025-00-01',
    '2025-02-30', '2024-02-29', '2023-02-29', '2025-01-00', '2025-01-32', '2025-01-01T24:00:00',
    '2025-01-01T23:60', '2025-01-01T23:59:60', '2025-01-01T23:59:59', '2025-01-01T1:00',
    '2025-01-01T01', '2025-01-01T0100', '2025-01-01T01:00:5', '2025-01-01T01:00:05.5',
    '2025-01-01T00:00:00+25:00', '2025-01-01T00:00:00+24:00', '2025-01-01T00:00:00+23:59',
    '2025-01-01T00:00:00-23:59', '2025-01-01T00:00:00-24:00', '2025-01-01T00:00:00+99',
    '2025-01-01T00:00:00-00:00', '2025-01-01T00:00:00+00:99', '2025-01-01T00:00:00z',
    '2025-01-01t00:00:00', '2025-01-01T00:00:00Z\n', '2025-01-01\n', ' 2025-01-01', '2025-01-01 ',
    '2025-01-01T00:00:00 Z', '2025-01-01T00:00:00+01:00:00', '2025-01-01T00:00:00+0130',
    '2025-01-01T00:00:00+01:3', '2025-01-01T00:00:00+1', '0000-01-01', '0001-01-01',
    '0001-01-01T00:00:00+01:00', '0001-01-01T00:00:00-01:00', '9999-12-31T23:59:59Z',
    '9999-12-31T23:00:00-02:00', '9999-12-31T23:59:59.999999', '2025-W01', '2025-W01-1', '2025-001',
    '12:00', 'T12:00', '2025-01-01T', '2025-01-01 T00:00', '2025-01-01T00:00:00ZZ', '2025/01/01',
    '01-01-2025', '\u0662\u0660\u0662\u0665-01-01', '2025-01-01T00:00:00+\u0660\u0661:00',
    '2025-06-15', '2025-06-15T12:00:00', '2025-06-15T12:00:00Z', '2025-06-15T12:00:00.000001Z',
    '2025-06-15T12:00:01', '2025-06-15T11:59:59.999999', '2025-06-15T13:00:00+01:00',
    '2025-06-15T13:00:01+01:00', '2025-06-15T11:00:00-01:00', '2025-06-15T11:00:01-01:00',
    '2025-06-15 12:00:01Z', '2025-06-16', '2025-06-14', '2030-01-01T00:00:00Z', '2000-01-01T00:00:00Z',
    '2025-06-15T12:00:00+00:00', '2025-06-15T12:00:00.5-00:00', '  2030-01-01  ', '\t2030-01-01\n',
    '2030-01-01T00:00:00Z ', '2030-01-01T00', '2030-01-01T0', '2030', '2030-06', '2030-6',
    '20300101T000000', '2030-01-01T00:00:00+14:00', '2030-01-01T00:00:00-12:00',
]

JSON = [
    '{}', '[]', '"s"', '1', '1.5', '-1', 'null', 'true', 'false', 'True', 'None', "{'a': 1}",
    '{"a": 1}', '{"a": 1,}', '[1,2', '[1,2,]', '{"a":}', '{"a" 1}', '{a: 1}', 'nan', 'NaN',
    'Infinity', '-Infinity', '1e400', '-0', '01', '.5', '5.', '0x10', ' {} ', '{} x', '{}{}',
    '{"a":1}{"b":2}', '\n{}\n', '"\\ud800"', '"\\x41"', '"\\u00e9"', '"\u00e9"', '"a\tb"',
    '{"a": "\x01"}', '"\x7f"', '\ufeff{}', '-', '+1', '"unterminated', "'single'", '[[[[[]]]]]',
    '{"a": {"b": [1, {"c": null}]}}', '{"a": 1, "a": 2}', '[1 2]', '{"a":1 "b":2}', '//comment',
    '/* c */ {}', 'tru', 'nul', '1 2', '"a" "b"', '\u00a0{}', '{}\u00a0', '{"\x00": 1}',
    '"' + 'x' * 1000, '[' * 10 + ']' * 9,
]


#: cron and ISO 8601 corners added when hot-ls began to call croniter and iso8601 itself
#: (issue #9); recorded after every other case, so that the ids of those stay put
CRON_CORNERS = [
    # hashed (H) fields: Heat passes no hash_id
    'H/15 * * * *', 'H(0-29)/10 * * * *', 'H(30-59) * * * *', 'H(0-60) * * * *', 'H(5-3) * * * *',
    'H(0-5)/0 * * * *', '0 H * * *', 'H H * * *', '* * * * H', '* * H(1-28) * *',
    # random (R) fields: valid or not whatever the draw
    'R(0-5) R * * *', 'R(0-60) * * * *', '* * * * r(1-8)', '* * * * R(0-6)/2', 'R/60 * * * *',
    '* * R(0-31) * *', '* * * R(1-13) *', 'R(0-59) * * * * R', '* * * * * * R(1970-2099)',
    # L, W and #
    '0 0 l-3 * *', '0 0 L,15 * *', '0 0 L/2 * *', '0 0 * * 5L', '0 0 * * 0L', '0 0 * * 6L',
    '0 0 * * 7L', '0 0 * * 8L', '0 0 * * L6', '0 0 * * L7', '0 0 * * FRI#5', '0 0 * * fri#l',
    '0 0 * * 5#3,5#5', '0 0 * * 5#3,fri#4', '0 0 * * mon#1,l2', '0 0 LW * *', '0 0 1W * *',
    '0 0 31W * *', '0 0 W * *', '0 0 15W 2 *', '0 0 15W * mon', '0 0 15W-20 * *',
    # steps and ranges
    '*/1 * * * *', '0-59/59 * * * *', '0-59/60 * * * *', '*/60 * * * *', '0 0 */31 * *',
    '0 0 */32 * *', '5/70 * * * *', '* */25 * * *', '* * * */13 *', '* * * * */8', '23-1 * * * *',
    '* 22-2/2 * * *', '0 0 30-2 * *', '0 0 * 11-2 *', '0 0 * * 5-1', '0 0 * * 6-0', '1-1 * * * *',
    '1-1/5 * * * *', '0 0 0-5 * *', '0 0 * 0-5 *', '* * * * 0-6/0', '*/* * * * *', '1/* * * * *',
    # seconds and years (6 and 7 fields)
    '0 0 * * * 30', '0 0 * * * 30-45/5', '0 0 * * * 45-15', '0 0 * * * * 1970-2099',
    '0 0 * * * * 2099/2', '0 0 * * * * 1969-1970', '0 0 * * * */15 */10', '0 0 * * * 0 2099-2100',
    '0 0 * * * 0 2100-2099', '0 0 * * * 0 2050-2040', '0 0 29 feb * 0 2025', '0 0 * * * 0 l',
    # names and aliases
    '0 0 * JAN,JUL *', '0 0 * jan-jun/2 *', '0 0 * * SUN,SAT', '0 0 * * sat-mon', '0 0 * * tue-mon',
    '0 0 * january *', '0 0 * * monday', '0 0 * * mon-7', '0 0 * feb-13 *', '0 0 * 1-dec *',
    '@daily *', '@hourly * *', '@weekly\n', '@MONTHLY', '0 0 ? * mon', '0 0 1 * ?', '0 0 ? * ?',
]

ISO_CORNERS = [
    # time zones
    '2025-01-01T12:30:45+05:45', '2025-01-01T12:30:45-08', '2025-01-01T12:30:45+0530',
    '2025-01-01T12:30:45 +05:00', '2025-01-01T12:30:45\u221205:00', '2025-01-01T12:30:45Z+01:00',
    '2025-01-01T12:30:45+05:30Z', '2025-12-31T23:59:59-14:00', '2025-12-31T23:59:59+1400',
    '2025-01-01T12:30Z', '2025-01-01T12Z', '2025-01-01T12+01', '2025-01-01T1230+01',
    '2025-01-01Z', '2025-01-01+01:00', '0001-01-01T00:00:00+00:01', '9999-12-31T23:59:59-00:01',
    # fractional seconds
    '2025-01-01T12:30:45.123+05:30', '2025-01-01T12:30:45,5-08:00', '2025-01-01T12:30:45.000000001Z',
    '2025-01-01T23:59:59.9999999Z', '20250101T123045.5+0530', '2025-01-01T12:30:45..5',
    '2025-01-01T12:30:45.5.5', '2025-01-01T12:30.5', '2025-01-01T12.5', '2025-01-01T12:30:45.\u0665',
    '2025-06-15T12:00:00.0000001Z', '2025-06-15T12:00:00.000001+00:00', '2025-06-15T14:00:00.5+02:00',
    # years and odd shapes
    '10000-01-01', '-2025-01-01', '+2025-01-01', '1970-01-01T00:00:00Z', '2025-1-1T1:2:3',
    '2025-01-01T12:30:45:00', '2025-01-01TT12:30', '2025-01-01T12:3045', '2025-0101',
    '202501-01', '2025-01-01T12:30:45\x00', '2025-01-01\u200b',
]


def fuzz_ipv6(rng: random.Random, n: int) -> list[str]:
    """Seeded, deterministic IPv6-ish strings: groups, '::', embedded IPv4, a prefix."""
    out = []
    for _ in range(n):
        groups = [''.join(rng.choice('0123456789abcdefABCDEF') for _ in range(rng.choice((0, 1, 2, 4, 4, 5))))
                  for _ in range(rng.randint(1, 9))]
        s = ':'.join(groups)
        if rng.random() < 0.4:
            i = rng.randint(0, len(s))
            s = s[:i] + '::' + s[i:]
        if rng.random() < 0.2:
            s += ':' + '.'.join(str(rng.choice((0, 1, 10, 255, 256, '01'))) for _ in range(rng.choice((3, 4, 4, 5))))
        if rng.random() < 0.3:
            s += '/' + str(rng.choice((0, 8, 64, 128, 129, '064', '+1', '', 'ffff::')))
        out.append(s)
    return out


def fuzz_ipv4(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        parts = [rng.choice(('0', '1', '00', '01', '10', '255', '256', '999', '', '+1', '-0', '1_0',
                             '0x1', 'a', '127', '192', '000'))
                 for _ in range(rng.choice((1, 2, 3, 4, 4, 4, 5)))]
        s = '.'.join(parts)
        if rng.random() < 0.4:
            s += '/' + str(rng.choice((0, 8, 16, 24, 32, 33, '08', '+8', '', '255.255.0.0', '0.0.255.255',
                                       '255.0.255.0', 'x', '-1')))
        out.append(s)
    return out


def fuzz_mac(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        sep = rng.choice((':', '-', '.', '', ':', '-'))
        width = rng.choice((1, 2, 2, 2, 3, 4, 4, 5, 6, 11, 12, 13))
        count = rng.choice((1, 2, 3, 5, 6, 6, 7))
        s = sep.join(''.join(rng.choice('0123456789abcdefABCDEFg') for _ in range(rng.randint(max(1, width - 1), width)))
                     for _ in range(count))
        out.append(s)
    return out


def fuzz_cron(rng: random.Random, n: int) -> list[str]:
    atoms = ['*', '0', '1', '5', '7', '12', '15', '23', '24', '31', '32', '59', '60', 'l', 'w', '?',
             'mon', 'fri', 'sun', 'jan', 'dec', 'h', 'r', '1#2', 'l5', '15w', '*/5', '1-5', '5-1',
             '1-5/2', '10/15', 'mon-fri', 'jan-mar', '0-7', 'x', '']
    out = []
    for _ in range(n):
        fields = []
        for _ in range(rng.choice((4, 5, 5, 5, 6, 7, 8))):
            field = ','.join(rng.choice(atoms) for _ in range(rng.choice((1, 1, 1, 2, 3))))
            fields.append(field or '*')
        out.append(' '.join(fields))
    return out


def fuzz_iso(rng: random.Random, n: int) -> list[str]:
    out = []
    for _ in range(n):
        s = rng.choice(('2025', '1999', '0000', '9999', '2024'))
        if rng.random() < 0.9:
            s += rng.choice(('-', '')) + rng.choice(('01', '1', '12', '13', '00', '02', '6'))
            if rng.random() < 0.9:
                s += rng.choice(('-', '')) + rng.choice(('01', '1', '28', '29', '30', '31', '32', '00'))
                if rng.random() < 0.7:
                    s += rng.choice(('T', ' ', 't')) + rng.choice(('00', '23', '24', '1', '12'))
                    if rng.random() < 0.8:
                        s += rng.choice((':', '')) + rng.choice(('00', '59', '60', '5'))
                        if rng.random() < 0.7:
                            s += rng.choice((':', '')) + rng.choice(('00', '59', '60', '5', '61'))
                            if rng.random() < 0.4:
                                s += rng.choice(('.', ',')) + rng.choice(('0', '5', '123456', '1234567', ''))
                    if rng.random() < 0.5:
                        s += rng.choice(('Z', '+01:00', '-05:30', '+0100', '+01', '+24:00', '+23:59',
                                         '-00:00', 'z', '+1', '+01:0', '+99:99'))
        out.append(s)
    return out


def build_cases() -> list[dict]:
    rng = random.Random(20250615)
    families = [
        (('ip_addr', 'ip_or_cidr', 'net_cidr'),
         IPV4 + CIDRS + IPV6 + fuzz_ipv4(rng, 120) + fuzz_ipv6(rng, 160)),
        (('mac_addr',), MACS + fuzz_mac(rng, 150)),
        (('dns_name', 'dns_domain', 'rel_dns_name'), DNS),
        (('cron_expression',), CRON + fuzz_cron(rng, 200)),
        (('timezone',), TIMEZONES),
        (('iso_8601', 'expiration'), ISO + fuzz_iso(rng, 150)),
        (('json_string',), JSON),
    ]
    cases: list[dict] = []
    seen: set[tuple] = set()

    def add(name, value):
        key = (name, type(value).__name__, repr(value))
        if key in seen:
            return
        seen.add(key)
        entry = {'id': f'{name}-{len(cases):04d}', 'constraint': name}
        if isinstance(value, float) and not math.isfinite(value):
            entry['special'] = {'float': repr(value)}
        else:
            entry['value'] = value
        entry['heat'] = answer(name, value)
        cases.append(entry)

    for names, values in families:
        for name in names:
            for value in values:
                add(name, value)
    for name in OFFLINE:
        for value in COMMON:
            add(name, value)
    for names, values in ((('cron_expression',), CRON_CORNERS), (('iso_8601', 'expiration'), ISO_CORNERS)):
        for name in names:
            for value in values:
                add(name, value)
    return cases


def main() -> None:
    version = heat_runtime.heat_version()
    for name in OFFLINE:  # the names must be Heat's registered ones
        assert constraints.CustomConstraint(name).custom_constraint is not None, name
    cases = build_cases()
    out = {
        'heat_version': version,
        'generator': 'tools/gen_custom_constraint_golden.py',
        'now': NOW.isoformat(),
        'constraints': list(OFFLINE),
        'cases': cases,
    }
    with open(OUT, 'w', encoding='utf-8') as fh:  # one case a line, for readable diffs
        head = json.dumps({k: v for k, v in out.items() if k != 'cases'}, indent=1)
        fh.write(head[:-2] + ',\n "cases": [\n')
        fh.write(',\n'.join('  ' + json.dumps(c, ensure_ascii=True) for c in cases))
        fh.write('\n ]\n}\n')
    counts: dict[str, list[int]] = {}
    for c in cases:
        tally = counts.setdefault(c['constraint'], [0, 0])
        tally[0 if c['heat']['ok'] else 1] += 1
    for name in OFFLINE:
        ok, bad = counts.get(name, [0, 0])
        print(f'{name:16} {ok + bad:5} cases ({ok} accepted, {bad} rejected)')
    print(f'{len(cases)} cases -> {os.path.relpath(OUT)}')


if __name__ == '__main__':
    main()
