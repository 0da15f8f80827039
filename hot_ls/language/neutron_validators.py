"""neutron-lib 5.0.1's validate_ip_address and validate_subnet (neutron_lib/api/validators/__init__.py).

Heat's ``ip_addr``, ``net_cidr`` and ``ip_or_cidr`` checks ask these two
validators for their verdict.  They are ported rather than imported because
neutron-lib drags in a heavy tree (oslo.config, oslo.db, oslo.messaging,
SQLAlchemy, pecan, os-ken, ...) for two short functions, and because they
parse with netaddr, whose answers depend on the platform (see
`hot_ls.language.netaddr_port`).  Each returns None or neutron-lib's message.
"""
from __future__ import annotations

import re
from typing import Any

from hot_ls.language.netaddr_port import ip_address, ip_network, ipv4_int_to_str

__all__ = ['validate_ip_address', 'validate_subnet']


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
            ip = ip_address(_validate_no_whitespace(data), zerofill=True)
        except ValueError:
            ip = ip_address(_validate_no_whitespace(data))
        if ':' not in data and data.count('.') != 3:
            msg = "'%s' is not a valid IP address"
        elif ip[0] == 4 and ipv4_int_to_str(ip[1]) != data:
            msg_data = {'data': data, 'ip': ipv4_int_to_str(ip[1])}
            msg = "'%(data)s' is not an accepted IP address, '%(ip)s' is recommended"
    except Exception:
        msg = "'%s' is not a valid IP address"
    if msg:
        msg = msg % msg_data
    return msg


def validate_subnet(data: Any) -> str | None:
    """neutron_lib's validate_subnet: None, or its message (host bits are allowed)."""
    try:
        version, value, prefixlen = ip_network(_validate_no_whitespace(data))
        if '/' not in data or (version == 4 and '%s/%s' % (ipv4_int_to_str(value), prefixlen) != data):
            raise _InvalidInput()
    except Exception:
        return "'%s' is not a valid IP subnet" % data
    return None
