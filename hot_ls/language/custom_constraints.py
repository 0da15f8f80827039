"""Heat's offline custom constraints, reimplemented with the standard library only.

Twelve of the custom constraints Heat 27.0.1 registers (entry points
``heat.constraints``) need no cloud: ``ip_addr``, ``net_cidr``, ``mac_addr``,
``ip_or_cidr``, ``iso_8601``, ``cron_expression``, ``dns_name``,
``dns_domain``, ``rel_dns_name``, ``timezone``, ``expiration`` and
``json_string`` (heat/engine/constraint/common_constraints.py).  This module
registers a check for each with
`hot_ls.language.constraints.register_custom_constraint`, so that
``CustomConstraint(name).validate(value)`` gives Heat's accept/reject
decision and Heat's message.  Every other custom constraint (nova.flavor,
glance.image, neutron.network, ...) asks a cloud and stays unchecked.

A check returns None when Heat accepts the value, else the detail Heat's
``BaseCustomConstraint.error`` appends to "Error validating value '<value>'"
('' when Heat has none, as for iso_8601).  Where Heat lets an exception
escape instead of failing the constraint (``dns_name`` on a number:
"'int' object has no attribute 'endswith'"; ``json_string`` on a list), the
check raises a TypeError with the same text, which callers treat as Heat's
unwrapped error (Heat's own class is AttributeError for the DNS ones).

Heat's checks lean on third-party libraries (netaddr 1.3.0, neutron-lib
5.0.1, iso8601 2.1.0, oslo.utils 10.2.0, croniter 7.0.0); the parts they use
are ported below, structured like the originals so that the same inputs take
the same paths and raise the same messages, quirks included:

* IPv4 addresses are parsed as netaddr does with ZEROFILL (each part through
  int(), so '010.0.0.1' or '+1.2.3.4' parse and neutron then answers "is not
  an accepted IP address, '10.0.0.1' is recommended"), networks strictly;
  addresses go through a port of glibc's inet_pton (which netaddr calls on
  Linux), so the answers do not depend on the platform hot-ls runs on.
* Host bits are allowed in a CIDR ('10.0.0.1/8' is a valid net_cidr), as in Heat.
* croniter's parser is ported whole (aliases, L, W, #, ?, H/R hashes, 5/6/7
  fields) minus what Heat never uses (hash ids, start-time rebasing, strict).
  'R' (random) expressions are checked with a fixed draw: whether they are
  valid does not depend on the draw.
* ``timezone`` uses zoneinfo, like Heat, so it knows the zones of the tz
  database on the machine hot-ls runs on.  Without any tz database (no
  system zoneinfo and no tzdata package) nothing is flagged.
* ``expiration`` compares with the current UTC time; `check_expiration`
  takes the clock as a parameter, and `set_clock` replaces the one the
  registered check uses.
"""
from __future__ import annotations

import datetime
import json
import re
import zoneinfo
from decimal import Decimal
from typing import Any, Callable

from hot_ls.language.constraints import CustomCheck, register_custom_constraint

__all__ = [
    'OFFLINE_CONSTRAINTS', 'CHECKS', 'register_all', 'set_clock', 'utcnow',
    'check_ip_addr', 'check_net_cidr', 'check_mac_addr', 'check_ip_or_cidr', 'check_iso_8601',
    'check_cron_expression', 'check_dns_name', 'check_dns_domain', 'check_rel_dns_name',
    'check_timezone', 'check_expiration', 'check_json_string',
    'validate_ip_address', 'validate_subnet', 'validate_dns_format', 'valid_mac',
    'cidr_abbrev_to_verbose', 'parse_isotime', 'inet_pton4', 'inet_pton6',
]


# =============================================================================================
# glibc's inet_pton (resolv/inet_pton.c), which netaddr reaches through socket.inet_pton
# =============================================================================================

def _c_string(text: str) -> bytes:
    """What CPython's "s" argument conversion does to a str (socket.inet_pton's argument)."""
    data = text.encode('utf-8')  # a lone surrogate: the same UnicodeEncodeError
    if b'\x00' in data:
        raise ValueError('embedded null character')
    return data


def _pton4(src: bytes) -> bytes | None:
    octets = 0
    saw_digit = False
    tmp = [0]
    for ch in src:
        if 0x30 <= ch <= 0x39:
            new = tmp[-1] * 10 + (ch - 0x30)
            if saw_digit and tmp[-1] == 0:
                return None
            if new > 255:
                return None
            tmp[-1] = new
            if not saw_digit:
                octets += 1
                if octets > 4:
                    return None
                saw_digit = True
        elif ch == 0x2E and saw_digit:  # '.'
            if octets == 4:
                return None
            tmp.append(0)
            saw_digit = False
        else:
            return None
    if octets < 4:
        return None
    return bytes(tmp)


def _hex_digit(ch: int) -> int:
    if 0x30 <= ch <= 0x39:
        return ch - 0x30
    if 0x61 <= ch <= 0x66:
        return ch - 0x61 + 10
    if 0x41 <= ch <= 0x46:
        return ch - 0x41 + 10
    return -1


def _pton6(src: bytes) -> bytes | None:
    out = bytearray()
    colonp: int | None = None
    n = len(src)
    if n == 0:
        return None
    i = 0
    if src[0] == 0x3A:  # leading '::' requires some special handling
        i = 1
        if i == n or src[i] != 0x3A:
            return None
    curtok = i
    xdigits = 0
    val = 0
    while i < n:
        ch = src[i]
        i += 1
        digit = _hex_digit(ch)
        if digit >= 0:
            if xdigits == 4:
                return None
            val = (val << 4) | digit
            if val > 0xFFFF:
                return None
            xdigits += 1
            continue
        if ch == 0x3A:  # ':'
            curtok = i
            if xdigits == 0:
                if colonp is not None:
                    return None
                colonp = len(out)
                continue
            if i == n:
                return None
            if len(out) + 2 > 16:
                return None
            out += bytes((val >> 8, val & 0xFF))
            xdigits = 0
            val = 0
            continue
        if ch == 0x2E and len(out) + 4 <= 16:  # '.': a dotted-quad tail
            quad = _pton4(src[curtok:])
            if quad is not None:
                out += quad
                xdigits = 0
                break
        return None
    if xdigits > 0:
        if len(out) + 2 > 16:
            return None
        out += bytes((val >> 8, val & 0xFF))
    if colonp is not None:
        if len(out) == 16:  # '::' would expand to a zero-width field
            return None
        out[colonp:colonp] = bytes(16 - len(out))
    if len(out) != 16:
        return None
    return bytes(out)


def inet_pton4(text: str) -> int | None:
    """socket.inet_pton(AF_INET, text) on Linux, as an integer (None where it raises OSError).

    A NUL character raises ValueError('embedded null character'), as CPython does.
    """
    packed = _pton4(_c_string(text))
    return None if packed is None else int.from_bytes(packed, 'big')


def inet_pton6(text: str) -> int | None:
    """socket.inet_pton(AF_INET6, text) on Linux, as an integer (None where it raises OSError)."""
    packed = _pton6(_c_string(text))
    return None if packed is None else int.from_bytes(packed, 'big')


# =============================================================================================
# netaddr 1.3.0: IPAddress, IPNetwork, cidr_abbrev_to_verbose, valid_mac
# =============================================================================================

class AddrFormatError(Exception):
    """netaddr.AddrFormatError (not a ValueError)."""


_V4_MAX = 2 ** 32 - 1
_V6_MAX = 2 ** 128 - 1
_WIDTH = {4: 32, 6: 128}
_MAX = {4: _V4_MAX, 6: _V6_MAX}


def _v4_str_to_int(addr: str, zerofill: bool = False) -> int:
    """netaddr.strategy.ipv4.str_to_int in INET_PTON mode (with ZEROFILL or not)."""
    error = AddrFormatError('%r is not a valid IPv4 address string!' % (addr,))
    if ':' in addr:
        raise error
    if zerofill:
        addr = '.'.join(['%d' % int(i) for i in addr.split('.')])  # int() may raise ValueError
    elif any(len(p) > 1 and p.startswith('0') for p in addr.split('.')):
        raise error
    value = inet_pton4(addr)
    if value is None:
        raise error
    return value


def _v6_str_to_int(addr: str) -> int:
    value = inet_pton6(addr)
    if value is None:
        raise AddrFormatError('%r is not a valid IPv6 address string!' % (addr,))
    return value


_STR_TO_INT = {4: _v4_str_to_int, 6: lambda addr, zerofill=False: _v6_str_to_int(addr)}


def _v4_int_to_str(value: int) -> str:
    return '%d.%d.%d.%d' % (value >> 24, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)


def _ip_address(addr: str, version: int | None = None, zerofill: bool = False) -> tuple[int, int]:
    """netaddr.IPAddress(addr, version, flags) for a str: (version, integer value)."""
    if '/' in addr:
        raise ValueError('IPAddress() does not support netmasks or subnet'
                         ' prefixes! See documentation for details.')
    if version is None:
        for module in (4, 6):
            try:
                return module, _STR_TO_INT[module](addr, zerofill)
            except AddrFormatError:
                continue
        raise AddrFormatError('failed to detect a valid IP address from %r' % addr)
    try:
        return version, _STR_TO_INT[version](addr, zerofill)
    except AddrFormatError:
        raise AddrFormatError('base address %r is not IPv%d' % (addr, version)) from None


def _parse_ip_network(version: int, addr: Any) -> tuple[int, int]:
    """netaddr.ip.parse_ip_network(module, addr) with flags 0: (value, prefixlen)."""
    if isinstance(addr, tuple):  # pragma: no cover - YAML and JSON have no tuples
        raise TypeError('unexpected type %s for addr arg' % type(addr))
    if not isinstance(addr, str):
        raise TypeError('unexpected type %s for addr arg' % type(addr))
    if '/' in addr:
        val1, val2 = addr.split('/', 1)
    else:
        val1, val2 = addr, None
    _, value = _ip_address(val1, version)
    width = _WIDTH[version]
    if val2 is None:
        prefixlen = width
    else:
        try:
            prefixlen = int(val2)
        except ValueError:
            _, mask = _ip_address(val2, version)
            inverted = (mask ^ _MAX[version]) + 1
            plus_one = mask + 1
            if inverted & (inverted - 1) == 0:      # is_netmask
                prefixlen = width - (inverted.bit_length() - 1)
            elif plus_one & (plus_one - 1) == 0:    # is_hostmask
                prefixlen = width - mask.bit_length()
            else:
                raise AddrFormatError('addr %r is not a valid IPNetwork!' % addr) from None
    if not 0 <= prefixlen <= width:
        raise AddrFormatError('invalid prefix for %s address!' % ('IPv%d' % version))
    return value, prefixlen


def _ip_network(addr: Any) -> tuple[int, int, int]:
    """netaddr.IPNetwork(addr): (version, value, prefixlen); netaddr's exceptions."""
    try:
        value, prefixlen = _parse_ip_network(4, addr)
        return 4, value, prefixlen
    except AddrFormatError:
        try:
            value, prefixlen = _parse_ip_network(6, addr)
            return 6, value, prefixlen
        except AddrFormatError:
            pass
        raise AddrFormatError('invalid IPNetwork %s' % (addr,)) from None


def cidr_abbrev_to_verbose(abbrev_cidr: Any) -> Any:
    """netaddr.cidr_abbrev_to_verbose, statement for statement (its quirks are Heat's)."""

    def classful_prefix(octet):
        octet = int(octet)
        if not 0 <= octet <= 255:
            raise IndexError('Invalid octet: %r!' % octet)
        if 0 <= octet <= 127:
            return 8
        elif 128 <= octet <= 191:
            return 16
        elif 192 <= octet <= 223:
            return 24
        elif 224 <= octet <= 239:
            return 4
        return 32

    if isinstance(abbrev_cidr, str):
        if ':' in abbrev_cidr or abbrev_cidr == '':
            return abbrev_cidr

    try:
        i = int(abbrev_cidr)
        return '%s.0.0.0/%s' % (i, classful_prefix(i))
    except ValueError:
        # NB: exceptions raised in this handler escape (IndexError from classful_prefix)
        if '/' in abbrev_cidr:
            part_addr, prefix = abbrev_cidr.split('/', 1)
            try:
                if not 0 <= int(prefix) <= 32:
                    raise ValueError('prefixlen in address %r out of range for IPv4!' % (abbrev_cidr,))
            except ValueError:
                return abbrev_cidr
        else:
            part_addr = abbrev_cidr
            prefix = None

        tokens = part_addr.split('.')
        if len(tokens) > 4:
            return abbrev_cidr
        for i in range(4 - len(tokens)):
            tokens.append('0')

        if prefix is None:
            try:
                prefix = classful_prefix(tokens[0])
            except ValueError:
                return abbrev_cidr

        return '%s/%s' % ('.'.join(tokens), prefix)
    except (TypeError, IndexError):
        return abbrev_cidr


_RE_MAC_FORMATS = [
    re.compile(_, re.IGNORECASE)
    for _ in (
        '^' + ':'.join(['([0-9A-F]{1,2})'] * 6) + '$',
        '^' + '-'.join(['([0-9A-F]{1,2})'] * 6) + '$',
        '^' + ':'.join(['([0-9A-F]{1,4})'] * 3) + '$',
        '^' + '-'.join(['([0-9A-F]{1,4})'] * 3) + '$',
        '^' + r'\.'.join(['([0-9A-F]{1,4})'] * 3) + '$',
        '^' + '-'.join(['([0-9A-F]{5,6})'] * 2) + '$',
        '^' + ':'.join(['([0-9A-F]{5,6})'] * 2) + '$',
        '^(' + ''.join(['[0-9A-F]'] * 12) + ')$',
        '^(' + ''.join(['[0-9A-F]'] * 11) + ')$',
    )
]


def valid_mac(addr: Any) -> bool:
    """netaddr.valid_mac: one of netaddr's EUI-48 formats ('$' also before a final newline)."""
    for regexp in _RE_MAC_FORMATS:
        try:
            if regexp.findall(addr):
                return True
        except TypeError:
            pass
    return False


# =============================================================================================
# neutron_lib.api.validators
# =============================================================================================

class _InvalidInput(Exception):
    """neutron_lib.exceptions.InvalidInput (not a ValueError)."""


def _validate_no_whitespace(data: Any) -> Any:
    if re.search(r'\s', data):  # a TypeError for anything but a str
        raise _InvalidInput("'%s' contains whitespace" % data)
    return data


def validate_ip_address(data: Any) -> str | None:
    """neutron_lib's validate_ip_address: None, or its message."""
    msg = None
    msg_data = data
    try:
        try:
            ip = _ip_address(_validate_no_whitespace(data), zerofill=True)
        except ValueError:
            ip = _ip_address(_validate_no_whitespace(data))
        if ':' not in data and data.count('.') != 3:
            msg = "'%s' is not a valid IP address"
        elif ip[0] == 4 and _v4_int_to_str(ip[1]) != data:
            msg_data = {'data': data, 'ip': _v4_int_to_str(ip[1])}
            msg = "'%(data)s' is not an accepted IP address, '%(ip)s' is recommended"
    except Exception:
        msg = "'%s' is not a valid IP address"
    if msg:
        msg = msg % msg_data
    return msg


def validate_subnet(data: Any) -> str | None:
    """neutron_lib's validate_subnet: None, or its message (host bits are allowed)."""
    try:
        version, value, prefixlen = _ip_network(_validate_no_whitespace(data))
        if '/' not in data or (version == 4 and '%s/%s' % (_v4_int_to_str(value), prefixlen) != data):
            raise _InvalidInput()
    except Exception:
        return "'%s' is not a valid IP subnet" % data
    return None


# =============================================================================================
# heat.common.netutils.validate_dns_format
# =============================================================================================

DNS_LABEL_MAX_LEN = 63
DNS_LABEL_REGEX = '[a-z0-9-]{1,%d}$' % DNS_LABEL_MAX_LEN
FQDN_MAX_LEN = 255


def validate_dns_format(data: Any) -> None:
    """Heat's validate_dns_format: raises ValueError with Heat's reason."""
    if not data:
        return
    trimmed = data if not data.endswith('.') else data[:-1]
    if len(trimmed) > FQDN_MAX_LEN:
        raise ValueError("'%(data)s' exceeds the %(max_len)s character FQDN limit"
                         % {'data': trimmed, 'max_len': FQDN_MAX_LEN})
    names = trimmed.split('.')
    for name in names:
        if not name:
            raise ValueError('Encountered an empty component.')
        if name.endswith('-') or name.startswith('-'):
            raise ValueError("Name '%s' must not start or end with a hyphen." % name)
        if not re.match(DNS_LABEL_REGEX, name):
            raise ValueError("Name '%(name)s' must be 1-%(max_len)s characters long, "
                             'each of which can only be alphanumeric or '
                             'a hyphen.' % {'name': name, 'max_len': DNS_LABEL_MAX_LEN})
    if data.endswith('.') and len(names) > 1 and re.match('^[0-9]+$', names[-1]):
        raise ValueError("TLD '%s' must not be all numeric." % names[-1])


# =============================================================================================
# iso8601 2.1.0 and oslo_utils.timeutils
# =============================================================================================

_ISO8601_REGEX = re.compile(
    r"""
    (?P<year>[0-9]{4})
    (
        (
            (-(?P<monthdash>[0-9]{1,2}))
            |
            (?P<month>[0-9]{2})
            (?!$)  # Don't allow YYYYMM
        )
        (
            (
                (-(?P<daydash>[0-9]{1,2}))
                |
                (?P<day>[0-9]{2})
            )
            (
                (
                    (?P<separator>[ T])
                    (?P<hour>[0-9]{2})
                    (:{0,1}(?P<minute>[0-9]{2})){0,1}
                    (
                        :{0,1}(?P<second>[0-9]{1,2})
                        ([.,](?P<second_fraction>[0-9]+)){0,1}
                    ){0,1}
                    (?P<timezone>
                        Z
                        |
                        (
                            (?P<tz_sign>[-+])
                            (?P<tz_hour>[0-9]{2})
                            :{0,1}
                            (?P<tz_minute>[0-9]{2}){0,1}
                        )
                    ){0,1}
                ){0,1}
            )
        ){0,1}  # YYYY-MM
    ){0,1}  # YYYY only
    $
    """,
    re.VERBOSE,
)


def _parse_timezone(matches: dict[str, str]) -> datetime.timezone:
    tz = matches.get('timezone', None)
    if tz == 'Z':
        return datetime.timezone.utc
    if tz is None:
        return datetime.timezone.utc
    sign = matches.get('tz_sign', None)
    hours = int(matches.get('tz_hour', 0))
    minutes = int(matches.get('tz_minute', 0))
    description = f'{sign}{hours:02d}:{minutes:02d}'
    if sign == '-':
        hours = -hours
        minutes = -minutes
    return datetime.timezone(datetime.timedelta(hours=hours, minutes=minutes), description)


def parse_isotime(timestr: Any) -> datetime.datetime:
    """oslo_utils.timeutils.parse_isotime (iso8601.parse_date, UTC by default).

    Raises ValueError with the text oslo.utils gives (that of iso8601's ParseError).
    """
    try:
        m = _ISO8601_REGEX.match(timestr)
    except Exception as e:
        raise ValueError(str(e)) from None
    if not m:
        raise ValueError(f'Unable to parse date string {timestr!r}')
    groups = {k: v for k, v in m.groupdict().items() if v is not None}
    try:
        return datetime.datetime(
            year=int(groups.get('year', 0)),
            month=int(groups.get('month', groups.get('monthdash', 1))),
            day=int(groups.get('day', groups.get('daydash', 1))),
            hour=int(groups.get('hour', 0)),
            minute=int(groups.get('minute', 0)),
            second=int(groups.get('second', 0)),
            microsecond=int(Decimal(f"0.{groups.get('second_fraction', 0)}") * Decimal('1000000.0')),
            tzinfo=_parse_timezone(groups),
        )
    except Exception as e:
        raise ValueError(str(e)) from None


def normalize_time(timestamp: datetime.datetime) -> datetime.datetime:
    """oslo_utils.timeutils.normalize_time: to a naive UTC datetime."""
    offset = timestamp.utcoffset()
    if offset is None:
        return timestamp
    return timestamp.replace(tzinfo=None) - offset


def utcnow() -> datetime.datetime:
    """The current time as naive UTC (oslo_utils.timeutils.utcnow())."""
    return datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)


# =============================================================================================
# croniter 7.0.0: the expression parser behind croniter.croniter(expr)
# =============================================================================================

class CroniterBadCronError(ValueError):
    """Syntax, unknown value, or range error within a cron expression."""


_M_ALPHAS = {'jan': 1, 'feb': 2, 'mar': 3, 'apr': 4, 'may': 5, 'jun': 6,
             'jul': 7, 'aug': 8, 'sep': 9, 'oct': 10, 'nov': 11, 'dec': 12}
_DOW_ALPHAS = {'sun': 0, 'mon': 1, 'tue': 2, 'wed': 3, 'thu': 4, 'fri': 5, 'sat': 6}
_MINUTE, _HOUR, _DAY, _MONTH, _DOW, _SECOND, _YEAR = range(7)
_UNIX_LEN, _SECOND_LEN, _YEAR_LEN = 5, 6, 7
_VALID_LEN = {_UNIX_LEN, _SECOND_LEN, _YEAR_LEN}

_step_search_re = re.compile(r'^([^-]+)-([^-/]+)(/(\d+))?$', re.ASCII)
_only_int_re = re.compile(r'^\d+$', re.ASCII)
_field_re = re.compile(r'\S+', re.ASCII)
_WEEKDAYS = '|'.join(_DOW_ALPHAS.keys())
_MONTHS = '|'.join(_M_ALPHAS.keys())
_star_or_int_re = re.compile(r'^(\d+|\*)$', re.ASCII)
_special_dow_re = re.compile(
    rf'^(?P<pre>((?P<he>(({_WEEKDAYS})(-({_WEEKDAYS}))?)'
    rf'|(({_MONTHS})(-({_MONTHS}))?)|\w+)#)|l)(?P<last>\d+)$',
    re.ASCII,
)
_nearest_weekday_re = re.compile(r'^(?:(\d+)w|w(\d+))$', re.ASCII)
_hash_expression_re = re.compile(
    r'^(?P<hash_type>h|r)(\((?P<range_begin>\d+)-(?P<range_end>\d+)\))?(\/(?P<divisor>\d+))?$',
    re.ASCII,
)

_RANGES = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 6), (0, 59), (1970, 2099))
_ALPHACONV: tuple[dict[str, Any], ...] = ({}, {}, {'l': 'l'}, dict(_M_ALPHAS), dict(_DOW_ALPHAS), {}, {})
_LOWMAP: tuple[dict[int, int], ...] = ({}, {}, {0: 1}, {0: 1}, {7: 0}, {}, {})
_LEN_MEANS_ALL = (60, 24, 31, 12, 7, 60, 130)
_CRON_ALIASES = {
    '@midnight': '0 0 * * *', '@hourly': '0 * * * *', '@daily': '0 0 * * *',
    '@weekly': '0 0 * * 0', '@monthly': '0 0 1 * *', '@yearly': '0 0 1 1 *',
    '@annually': '0 0 1 1 *',
}


def _alphaconv(index: int, key: Any, expressions: list[str]) -> Any:
    try:
        return _ALPHACONV[index][key]
    except KeyError:
        raise CroniterBadCronError(f"[{' '.join(expressions)}] is not acceptable") from None


def _value_alias(val: Any, field_index: int, len_expressions: Any = _UNIX_LEN) -> Any:
    if isinstance(len_expressions, (list, dict, tuple, set)):
        len_expressions = len(len_expressions)
    if val in _LOWMAP[field_index] and not (
            field_index in (_DAY, _MONTH) and len_expressions in (_UNIX_LEN, _SECOND_LEN, _YEAR_LEN)):
        val = _LOWMAP[field_index][val]
    return val


def _hash_expand(idx: int, expr: str) -> str:
    """croniter's HashExpander.expand without a hash_id; 'R' draws the lowest value.

    Whether the expression is valid does not depend on the draw: every value
    a draw can give lies in bounds that are checked before it.
    """
    match = _hash_expression_re.match(expr)
    if not match:
        return expr
    m = match.groupdict()
    if m['hash_type'] == 'h':
        raise CroniterBadCronError('Hashed definitions must include hash_id')
    if m['range_begin'] and m['range_end']:
        if int(m['range_begin']) >= int(m['range_end']):
            raise CroniterBadCronError('Range end must be greater than range begin')
        field_min, field_max = _RANGES[idx]
        for bound in (int(m['range_begin']), int(m['range_end'])):
            if not field_min <= _value_alias(bound, idx) <= field_max:
                raise CroniterBadCronError(f'[{expr}] is not acceptable, out of range')

    def divisor_expand(range_begin: int, range_end: int) -> str:
        x = range_begin  # croniter: random in [range_begin, min(range_begin + divisor - 1, range_end)]
        if x == range_end:
            return str(x)
        return f"{x}-{range_end}/{int(m['divisor'])}"

    if m['range_begin'] and m['range_end'] and m['divisor']:
        if int(m['divisor']) == 0:
            raise CroniterBadCronError(f'Bad expression: {expr}')
        return divisor_expand(int(m['range_begin']), int(m['range_end']))
    if m['range_begin'] and m['range_end']:
        return str(int(m['range_begin']))
    if m['divisor']:
        if int(m['divisor']) == 0:
            raise CroniterBadCronError(f'Bad expression: {expr}')
        return divisor_expand(_RANGES[idx][0], _RANGES[idx][1])
    return str(_RANGES[idx][0])


def _cron_expand(expr_format: Any) -> list:
    """croniter.croniter(expr_format): the parse its constructor does (croniter._expand).

    Raises what croniter raises (CroniterBadCronError, or a bare exception).
    """
    efl = expr_format.lower()
    efl = _CRON_ALIASES.get(efl, efl)
    expressions = _field_re.findall(efl)
    if len(expressions) not in _VALID_LEN:
        raise CroniterBadCronError(
            'Exactly 5, 6 or 7 columns has to be specified for iterator expression.')

    expanded: list = []
    nth_weekday_of_month: dict = {}

    for field_index, expr in enumerate(expressions):
        expr = _hash_expand(field_index, expr)

        if '?' in expr:
            if expr != '?':
                raise CroniterBadCronError(
                    f'[{expr_format}] is not acceptable.'
                    f' Question mark can not used with other characters')
            if field_index not in (_DAY, _DOW):
                raise CroniterBadCronError(
                    f'[{expr_format}] is not acceptable. '
                    f'Question mark can only used in day_of_month or day_of_week')
            expr = '*'

        e_list: list = expr.split(',')
        res: list = []
        seen: set = set()

        while len(e_list) > 0:
            e = e_list.pop()
            nth = None

            if field_index == _DOW:
                special_dow_rem = _special_dow_re.match(str(e))
                if special_dow_rem:
                    g = special_dow_rem.groupdict()
                    he, last = g.get('he', ''), g.get('last', '')
                    if he:
                        e = he
                        try:
                            nth = int(last)
                        except ValueError:
                            nth = None
                        if nth is None or not 1 <= nth <= 5:
                            raise CroniterBadCronError(
                                f'[{expr_format}] is not acceptable.'
                                f" Invalid day_of_week value: '{last}'")
                    elif last:
                        e = last
                        nth = g['pre']

            if field_index == _DAY:
                w_match = _nearest_weekday_re.match(str(e))
                if w_match:
                    w_day = int(w_match.group(1) or w_match.group(2))
                    if w_day < 1 or w_day > 31:
                        raise CroniterBadCronError(
                            f'[{expr_format}] is not acceptable,'
                            f" nearest weekday day value '{w_day}' out of range")
                    if len(e_list) > 0 or len(res) > 0:
                        raise CroniterBadCronError(
                            f'[{expr_format}] is not acceptable.'
                            f" 'W' can only be used with a single day value,"
                            f' not in a list or range')
                    res.append(w_day)
                    continue

            t = re.sub(r'^\*(\/.+)$', r'%d-%d\1' % (_RANGES[field_index][0], _RANGES[field_index][1]),
                       str(e))
            m = _step_search_re.search(t)
            start_with_step = False
            if not m:
                t = re.sub(r'^(.+)\/(.+)$', r'\1-%d/\2' % (_RANGES[field_index][1]), str(e))
                m = _step_search_re.search(t)
                start_with_step = bool(m)

            if m:
                (low, high, step) = m.group(1), m.group(2), m.group(4) or 1
                if field_index == _DAY and high == 'l':
                    high = '31'
                if not _only_int_re.search(low):
                    low = str(_alphaconv(field_index, low, expressions))
                if not _only_int_re.search(high):
                    high = str(_alphaconv(field_index, high, expressions))
                if not _only_int_re.search(str(step)):
                    raise CroniterBadCronError(
                        f"[{expr_format}] step '{step}' in field {field_index} is not acceptable")
                step = int(step)
                if step == 0:
                    raise CroniterBadCronError(
                        f"[{expr_format}] step '{step}' in field {field_index} is not acceptable")
                for band in low, high:
                    if not _only_int_re.search(str(band)):
                        raise CroniterBadCronError(
                            f"[{expr_format}] bands '{low}-{high}'"
                            f' in field {field_index} are not acceptable')
                low, high = (_value_alias(int(_val), field_index, expressions) for _val in (low, high))
                if max(low, high) > max(_RANGES[field_index][0], _RANGES[field_index][1]):
                    raise CroniterBadCronError(f'{expr_format} is out of bands')
                start_at_field_max = start_with_step and low == high
                if low == high and not start_with_step:
                    low, high = _RANGES[field_index]
                if start_at_field_max:
                    rng = [low]
                elif low > high:
                    whole_field_range = list(range(_RANGES[field_index][0], _RANGES[field_index][1] + 1, 1))
                    rng = list(range(low, _RANGES[field_index][1] + 1, step))
                    to_skip = 0
                    if rng:
                        already_skipped = list(reversed(whole_field_range)).index(rng[-1])
                        curpos = whole_field_range.index(rng[-1])
                        if (curpos + step) > len(whole_field_range) and already_skipped < step:
                            to_skip = step - already_skipped
                    rng += list(range(_RANGES[field_index][0] + to_skip, high + 1, step))
                else:
                    try:
                        rng = list(range(low, high + 1, step))
                    except ValueError as exc:  # pragma: no cover - step 0 is rejected above
                        raise CroniterBadCronError(f'invalid range: {exc}') from None

                if field_index == _DOW and nth and nth != 'l':
                    rng = [f'{item}#{nth}' for item in rng]
                e_list += [a for a in rng if a not in seen]
                seen.update(rng)
            else:
                if t.startswith('-'):
                    raise CroniterBadCronError(
                        f'[{expr_format}] is not acceptable, negative numbers not allowed')
                if not _star_or_int_re.search(t):
                    t = _alphaconv(field_index, t, expressions)
                try:
                    t = int(t)
                except ValueError:
                    pass
                t = _value_alias(t, field_index, expressions)
                if t not in ['*', 'l'] and (
                        int(t) < _RANGES[field_index][0] or int(t) > _RANGES[field_index][1]):
                    raise CroniterBadCronError(f'[{expr_format}] is not acceptable, out of range')
                res.append(t)
                if field_index == _DOW and nth:
                    if t not in nth_weekday_of_month:
                        nth_weekday_of_month[t] = set()
                    nth_weekday_of_month[t].add(nth)

        res = sorted(set(res), key=lambda i: f'{i:02}' if isinstance(i, int) else i)
        if len(res) == _LEN_MEANS_ALL[field_index]:
            if (field_index == _DAY and '*' not in expressions[_DOW]) or (
                    field_index == _DOW and '*' not in expressions[_DAY]):
                pass
            else:
                res = ['*']
        expanded.append(['*'] if (len(res) == 1 and res[0] == '*') else res)

    if nth_weekday_of_month:
        dow_expanded_set = set(expanded[_DOW])
        dow_expanded_set = dow_expanded_set.difference(nth_weekday_of_month.keys())
        dow_expanded_set.discard('*')
        if dow_expanded_set and len(set(expanded[_DOW])) != _LEN_MEANS_ALL[_DOW]:
            raise CroniterBadCronError(  # croniter's CroniterUnsupportedSyntaxError
                f'day-of-week field does not support mixing literal values and nth'
                f" day of week syntax.  Cron: '{expr_format}'"
                f'    dow={dow_expanded_set} vs nth={nth_weekday_of_month}')
    return expanded


# =============================================================================================
# The twelve checks (heat/engine/constraint/common_constraints.py)
# =============================================================================================

def check_ip_addr(value: Any) -> str | None:
    """IPConstraint: a str that neutron accepts as an IP address."""
    if not isinstance(value, str):
        return 'Invalid IP address'
    if validate_ip_address(value) is not None:
        return 'Invalid IP address'
    return None


def check_mac_addr(value: Any) -> str | None:
    """MACConstraint: netaddr.valid_mac."""
    return None if valid_mac(value) else 'Invalid MAC address.'


def check_dns_name(value: Any) -> str | None:
    """DNSNameConstraint: Heat's validate_dns_format."""
    try:
        validate_dns_format(value)
    except ValueError as ex:
        return "'%(value)s' not in valid format. Reason: %(reason)s" % {
            'value': value, 'reason': str(ex)}
    return None


def check_rel_dns_name(value: Any) -> str | None:
    """RelativeDNSNameConstraint: not a FQDN, room left for a domain, then dns_name."""
    if not value:
        return None
    if value.endswith('.'):
        return "'%s' is a FQDN. It should be a relative domain name." % value
    length = len(value)
    if length > FQDN_MAX_LEN - 3:
        return ("'%(value)s' contains '%(length)s' characters. Adding a domain name will "
                "cause it to exceed the maximum length of a FQDN of '%(max_len)s'."
                % {'value': value, 'length': length, 'max_len': FQDN_MAX_LEN})
    return check_dns_name(value)


def check_dns_domain(value: Any) -> str | None:
    """DNSDomainConstraint: dns_name, and a trailing dot."""
    if not value:
        return None
    detail = check_dns_name(value)
    if detail is not None:
        return detail
    if not value.endswith('.'):
        return "'%s' must end with '.'." % value
    return None


def check_net_cidr(value: Any) -> str | None:
    """CIDRConstraint: netaddr parses it (abbreviations expanded), then neutron's validate_subnet."""
    try:
        _ip_network(cidr_abbrev_to_verbose(value))
        return validate_subnet(value)
    except Exception as ex:
        return 'Invalid net cidr %s ' % str(ex)


def check_ip_or_cidr(value: Any) -> str | None:
    """IPCIDRConstraint: validate_subnet when there is a '/', else validate_ip_address."""
    try:
        if '/' in value:
            return validate_subnet(value)
        return validate_ip_address(value)
    except Exception:
        return '{} is not a valid IP or CIDR'.format(value)


def check_iso_8601(value: Any) -> str | None:
    """ISO8601Constraint: oslo's parse_isotime; Heat gives no detail."""
    try:
        parse_isotime(value)
    except Exception:
        return ''
    return None


def check_cron_expression(value: Any) -> str | None:
    """CRONExpressionConstraint: croniter.croniter(value)."""
    if not value:
        return None
    try:
        _cron_expand(value)
        return None
    except Exception as ex:
        return 'Invalid CRON expression: %s' % str(ex)


_TZ_DATABASE: bool | None = None


def _tz_database_present() -> bool:
    global _TZ_DATABASE
    if _TZ_DATABASE is None:
        try:
            zoneinfo.ZoneInfo('UTC')
            _TZ_DATABASE = True
        except Exception:
            _TZ_DATABASE = False
    return _TZ_DATABASE


def check_timezone(value: Any) -> str | None:
    """TimezoneConstraint: zoneinfo.ZoneInfo(value) (unknowable without a tz database)."""
    if not value:
        return None
    try:
        zoneinfo.ZoneInfo(value)
        return None
    except Exception as ex:
        if not _tz_database_present():
            return None
        return 'Invalid timezone: %s' % str(ex)


_clock: Callable[[], datetime.datetime] = utcnow


def set_clock(clock: Callable[[], datetime.datetime] | None) -> None:
    """Set the clock (naive UTC) the registered `expiration` check compares with; None: the real one."""
    global _clock
    _clock = clock if clock is not None else utcnow


def check_expiration(value: Any, now: datetime.datetime | Callable[[], datetime.datetime] | None = None
                     ) -> str | None:
    """ExpirationConstraint: an ISO 8601 time later than `now` (naive UTC; default: the clock)."""
    if not value:
        return None
    try:
        expiration_tz = parse_isotime(value.strip())
        expiration = normalize_time(expiration_tz)
        current = now if isinstance(now, datetime.datetime) else (now or _clock)()
        if expiration > current:
            return None
        raise ValueError('Expiration time is out of date.')
    except Exception as ex:
        return 'Expiration {0} is invalid: {1}'.format(value, str(ex))


def check_json_string(value: Any) -> str | None:
    """JsonStringConstraint: json.loads (a non-string raises json's TypeError, as in Heat)."""
    if not value:
        return None
    try:
        json.loads(value)
        return None
    except json.decoder.JSONDecodeError as ex:
        return 'JSON string {0} is invalid: {1}'.format(value, str(ex))


def _escaping(check: Callable[[Any], str | None]) -> CustomCheck:
    """Heat lets an AttributeError escape (dns_name on a number); hot-ls raises it as a TypeError."""

    def run(value: Any) -> str | None:
        try:
            return check(value)
        except AttributeError as exc:
            raise TypeError(str(exc)) from exc

    run.__name__ = check.__name__
    run.__doc__ = check.__doc__
    return run


#: name (as registered in Heat's heat.constraints entry points) -> check
CHECKS: dict[str, CustomCheck] = {
    'ip_addr': check_ip_addr,
    'net_cidr': check_net_cidr,
    'mac_addr': check_mac_addr,
    'ip_or_cidr': check_ip_or_cidr,
    'iso_8601': check_iso_8601,
    'cron_expression': check_cron_expression,
    'dns_name': _escaping(check_dns_name),
    'dns_domain': _escaping(check_dns_domain),
    'rel_dns_name': _escaping(check_rel_dns_name),
    'timezone': check_timezone,
    'expiration': lambda value: check_expiration(value),
    'json_string': check_json_string,
}

OFFLINE_CONSTRAINTS = frozenset(CHECKS)


def register_all(register: Callable[[str, CustomCheck], None] = register_custom_constraint) -> None:
    """Register every check (done when hot_ls.language.constraints is imported)."""
    for name, check in CHECKS.items():
        register(name, check)


register_all()
