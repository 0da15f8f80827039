"""Heat's twelve offline custom constraints, and their registration.

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

Each check is written as Heat's class is, over the same libraries where
they give Heat's answers on every platform:

* ``cron_expression`` calls croniter, and ``iso_8601`` and ``expiration``
  call iso8601, the very libraries (and versions) Heat runs with.  Both are
  imported on the first value checked, not with this module: croniter's
  import alone costs tens of milliseconds (it loads dateutil, and
  platform.architecture() runs the ``file`` command), which the language
  server's start-up should not pay.  A missing library raises ImportError
  rather than rejecting every value.  An 'R' (random) cron field is drawn
  afresh each time, as in Heat; whether the expression is valid does not
  depend on the draw.
* oslo.utils' thin layer over iso8601 (parse_isotime's error wording,
  normalize_time, utcnow) is reproduced in `hot_ls.language.oslo_timeutils`:
  oslo.utils itself is a heavy tree.
* The IP, CIDR and MAC checks keep ports: netaddr parses with the
  platform's inet_pton, so hot-ls runs netaddr's code
  (`hot_ls.language.netaddr_port`) over a port of glibc's
  (`hot_ls.language.glibc_inet_pton`), and neutron-lib's two validators
  (`hot_ls.language.neutron_validators`) are ported because neutron-lib is
  a heavy tree.  Host bits are allowed in a CIDR ('10.0.0.1/8' is a valid
  net_cidr), as in Heat.
* The DNS checks share Heat's own validate_dns_format
  (`hot_ls.language.dns_format`): hot-ls never imports Heat.
* ``timezone`` calls zoneinfo, like Heat, so it knows the zones of the tz
  database on the machine hot-ls runs on: the system's (zoneinfo.TZPATH),
  else the tzdata package if one is installed.  Its answers therefore
  follow that database's release, as Heat's follow its host's; without any
  tz database (Windows with no tzdata package) nothing is flagged.
* ``expiration`` compares with the current UTC time; `check_expiration`
  takes the clock as a parameter, and `set_clock` replaces the one the
  registered check uses.
"""
from __future__ import annotations

import datetime
import json
import platform
import struct
import sys
import zoneinfo
from typing import Any, Callable

from hot_ls.language.constraints import CustomCheck, register_custom_constraint
from hot_ls.language.dns_format import FQDN_MAX_LEN, validate_dns_format
from hot_ls.language.glibc_inet_pton import inet_pton4, inet_pton6
from hot_ls.language.netaddr_port import cidr_abbrev_to_verbose, ip_network, valid_mac
from hot_ls.language.neutron_validators import validate_ip_address, validate_subnet
from hot_ls.language.oslo_timeutils import normalize_time, parse_isotime, utcnow

__all__ = [
    'OFFLINE_CONSTRAINTS', 'CHECKS', 'register_all', 'set_clock', 'utcnow',
    'check_ip_addr', 'check_net_cidr', 'check_mac_addr', 'check_ip_or_cidr', 'check_iso_8601',
    'check_cron_expression', 'check_dns_name', 'check_dns_domain', 'check_rel_dns_name',
    'check_timezone', 'check_expiration', 'check_json_string',
    # the helpers' names this module has always offered (defined in the modules above)
    'validate_ip_address', 'validate_subnet', 'validate_dns_format', 'valid_mac',
    'cidr_abbrev_to_verbose', 'parse_isotime', 'inet_pton4', 'inet_pton6',
]


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
        ip_network(cidr_abbrev_to_verbose(value))
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
    except ImportError:
        raise  # iso8601 is missing: a broken install, not a verdict on the value
    except Exception:
        return ''
    return None


def _croniter():
    """croniter, imported on the first expression checked (see the module's docstring).

    Its import asks `platform.architecture()` whether Python is 32-bit,
    which runs the `file` command on the interpreter; hot-ls runs no
    program, so for that import the answer comes from the pointer size
    (what `platform.architecture` falls back to anyway).
    """
    if 'croniter' not in sys.modules:
        real = platform.architecture
        platform.architecture = lambda *args, **kwargs: (f'{struct.calcsize("P") * 8}bit', '')
        try:
            import croniter  # noqa: F401
        finally:
            platform.architecture = real
    import croniter
    return croniter


def check_cron_expression(value: Any) -> str | None:
    """CRONExpressionConstraint: croniter.croniter(value)."""
    if not value:
        return None
    croniter = _croniter()
    try:
        croniter.croniter(value)
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
    except ImportError:
        raise  # iso8601 is missing: a broken install, not a verdict on the value
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
