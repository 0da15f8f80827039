"""The parts of netaddr 1.3.0 that Heat's IP, CIDR and MAC checks use, ported to call glibc's inet_pton.

Heat's ``ip_addr``, ``net_cidr``, ``ip_or_cidr`` and ``mac_addr`` checks call
netaddr (``IPAddress``, ``IPNetwork``, ``cidr_abbrev_to_verbose``,
``valid_mac``), directly or through neutron-lib's validators.  netaddr
parses addresses with the platform's ``socket.inet_pton`` (see
`hot_ls.language.glibc_inet_pton`), so calling the library would make
hot-ls's answers depend on the user's C library.  This port follows
netaddr's code paths and messages (ZEROFILL's int() of each IPv4 part,
netmask and hostmask prefixes, the exceptions that are not ValueErrors),
with glibc's parser in place of the platform's.

Addresses and networks are plain tuples of (version, integer value[,
prefix length]): the checks need no more of netaddr's classes.
"""
from __future__ import annotations

import re
from typing import Any

from hot_ls.language.glibc_inet_pton import inet_pton4, inet_pton6

__all__ = ['AddrFormatError', 'ip_address', 'ip_network', 'ipv4_int_to_str',
           'cidr_abbrev_to_verbose', 'valid_mac']


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


def ipv4_int_to_str(value: int) -> str:
    """str(netaddr.IPAddress(value, 4)): the dotted quad."""
    return '%d.%d.%d.%d' % (value >> 24, (value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)


def ip_address(addr: str, version: int | None = None, zerofill: bool = False) -> tuple[int, int]:
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
    _, value = ip_address(val1, version)
    width = _WIDTH[version]
    if val2 is None:
        prefixlen = width
    else:
        try:
            prefixlen = int(val2)
        except ValueError:
            _, mask = ip_address(val2, version)
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


def ip_network(addr: Any) -> tuple[int, int, int]:
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
