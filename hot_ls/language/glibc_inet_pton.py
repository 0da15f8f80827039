"""glibc's inet_pton (resolv/inet_pton.c) and inet_aton (inet/inet_addr.c), ported so that hot-ls's answers do not depend on the platform.

netaddr 1.3.0, which Heat's IP checks go through, parses every address with
``socket.inet_pton`` (netaddr/strategy/ipv4.py and ipv6.py), that is with the
C library of the machine it runs on; on Windows it uses its own fallback
(netaddr/fbsocket.py).  Heat runs on Linux with glibc, so Heat's answers are
glibc's; other C libraries (musl, macOS's) have parsers of their own,
which need not agree with glibc's on every malformed input.  Calling
netaddr, or the socket module, would make hot-ls's answers depend on the
user's platform, so this module ports glibc's parser instead, and
`hot_ls.language.netaddr_port` calls it wherever netaddr calls
``socket.inet_pton``.  oslo.utils' ``is_valid_ip`` asks netaddr for an
IPv4 address in inet_aton's lenient format (``socket.inet_aton``: "10.1",
"0x0a.1", trailing blanks), which `inet_aton4` ports.
"""
from __future__ import annotations

__all__ = ['inet_aton4', 'inet_pton4', 'inet_pton6']


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


_SPACES = b' \t\n\v\f\r'
_LAST_PART_MAX = (0xffffffff, 0xffffff, 0xffff, 0xff)


def _strtoul(src: bytes, pos: int) -> tuple[int, int]:
    """strtoul(src + pos, &end, 0) from a digit: (value, end); C's 0x (hex) and 0 (octal)."""
    if src[pos] == 0x30 and pos + 1 < len(src) and src[pos + 1] in b'xX' \
            and pos + 2 < len(src) and _hex_digit(src[pos + 2]) >= 0:
        end = pos + 2
        while end < len(src) and _hex_digit(src[end]) >= 0:
            end += 1
        return int(src[pos + 2:end], 16), end
    if src[pos] == 0x30:
        end = pos + 1
        while end < len(src) and 0x30 <= src[end] <= 0x37:
            end += 1
        return int(src[pos:end], 8), end
    end = pos
    while end < len(src) and 0x30 <= src[end] <= 0x39:
        end += 1
    return int(src[pos:end]), end


def _aton4(src: bytes) -> int | None:
    parts: list[int] = []
    pos = 0
    while True:
        if pos >= len(src) or not 0x30 <= src[pos] <= 0x39:
            return None
        value, pos = _strtoul(src, pos)
        if value > 0xffffffff:
            return None
        if pos < len(src) and src[pos] == 0x2E:  # '.'
            if len(parts) > 2 or value > 0xff:
                return None
            parts.append(value)
            pos += 1
            continue
        break
    if pos < len(src) and src[pos] not in _SPACES:
        return None  # anything after a blank is ignored, as glibc does
    if value > _LAST_PART_MAX[len(parts)]:
        return None
    result = 0
    for index, part in enumerate(parts):
        result |= part << (24 - 8 * index)
    return result | value


def inet_aton4(text: str) -> int | None:
    """socket.inet_aton(text) on Linux, as an integer (None where it raises OSError).

    A NUL character raises ValueError('embedded null character'), as CPython does.
    """
    return _aton4(_c_string(text))
