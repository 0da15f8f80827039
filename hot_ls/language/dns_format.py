"""Heat's validate_dns_format (heat/common/netutils.py), which the three DNS checks share.

This is Heat's own code: hot-ls never imports Heat (a heavy tree, with
oslo.* and every OpenStack client), so the function and its limits are
copied here with Heat's messages.
"""
from __future__ import annotations

import re
from typing import Any

__all__ = ['DNS_LABEL_MAX_LEN', 'FQDN_MAX_LEN', 'validate_dns_format']


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
