"""The glue oslo.utils 10.2.0 adds on top of iso8601 (oslo_utils/timeutils.py), for iso_8601 and expiration.

Heat's ``iso_8601`` and ``expiration`` checks call
``timeutils.parse_isotime``, ``normalize_time`` and ``utcnow``.  The parsing
itself is iso8601's (the same 2.1.0 Heat 27.0.1 runs with), called as
oslo.utils calls it; only oslo's thin wrapping is reproduced here, because
oslo.utils drags in a heavy tree (netaddr, oslo.i18n, pyparsing, psutil,
PyYAML, pbr, ...) for three short functions.

iso8601 is imported on the first call, not with this module: the language
server's start-up should not pay for a parser until a template holds a value
to parse.
"""
from __future__ import annotations

import datetime

__all__ = ['parse_isotime', 'normalize_time', 'utcnow']


def parse_isotime(timestr: object) -> datetime.datetime:
    """oslo_utils.timeutils.parse_isotime: iso8601.parse_date, UTC when no zone is given.

    Raises ValueError with the text of iso8601's ParseError, or of the
    TypeError it lets through, as oslo.utils does.
    """
    import iso8601

    try:
        return iso8601.parse_date(timestr)
    except iso8601.ParseError as e:
        raise ValueError(str(e))
    except TypeError as e:
        raise ValueError(str(e))


def normalize_time(timestamp: datetime.datetime) -> datetime.datetime:
    """oslo_utils.timeutils.normalize_time: to a naive UTC datetime."""
    offset = timestamp.utcoffset()
    if offset is None:
        return timestamp
    return timestamp.replace(tzinfo=None) - offset


def utcnow() -> datetime.datetime:
    """oslo_utils.timeutils.utcnow(): the current time as naive UTC."""
    return datetime.datetime.now(datetime.UTC).replace(tzinfo=None)
