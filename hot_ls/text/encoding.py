"""The three position encodings of LSP 3.17 and column conversion between them.

hot-ls stores every position as a code-point offset into the document (what
Python string indexing and libyaml marks both count).  Clients count columns in
UTF-16 code units (VS Code, the LSP default), UTF-8 bytes (Neovim >= 0.11 when
negotiated) or code points (UTF-32).  Conversion happens only at the edge.
"""
from __future__ import annotations

import enum


class Encoding(str, enum.Enum):
    UTF8 = 'utf-8'
    UTF16 = 'utf-16'
    UTF32 = 'utf-32'

    @classmethod
    def negotiate(cls, offered: list[str] | None) -> 'Encoding':
        """Pick the encoding the server will use from a client's preference list.

        UTF-32 costs nothing here (it is our native unit), UTF-8 next; UTF-16
        is the mandatory fallback when the client offers nothing we prefer.
        """
        offered = offered or []
        for preferred in (cls.UTF32, cls.UTF8, cls.UTF16):
            if preferred.value in offered:
                return preferred
        return cls.UTF16


def unit_length(char: str, encoding: Encoding) -> int:
    """How many units of `encoding` one code point takes."""
    if encoding is Encoding.UTF32:
        return 1
    code = ord(char)
    if encoding is Encoding.UTF16:
        return 2 if code > 0xFFFF else 1
    if code < 0x80:
        return 1
    if code < 0x800:
        return 2
    if code < 0x10000:
        return 3
    return 4


def units_in(text: str, encoding: Encoding) -> int:
    """Length of `text` in units of `encoding`."""
    if encoding is Encoding.UTF32 or text.isascii():
        return len(text)
    # surrogatepass: a lone surrogate (JSON-RPC can carry "\ud800") counts
    # as one UTF-16 unit and three UTF-8 bytes, as unit_length says.
    if encoding is Encoding.UTF16:
        return len(text.encode('utf-16-le', 'surrogatepass')) // 2
    return len(text.encode('utf-8', 'surrogatepass'))


def code_points_for_units(text: str, units: int, encoding: Encoding) -> int:
    """The code-point column that `units` units of `encoding` reach in `text`.

    A unit count that falls inside a character (half a surrogate pair, the
    middle of a UTF-8 sequence) rounds up to the end of that character; a
    count past the end of the line clamps to the line's end, as LSP asks;
    a negative count clamps to the start.
    """
    if units <= 0:
        return 0
    if encoding is Encoding.UTF32 or text.isascii():
        return min(units, len(text))
    consumed = 0
    for index, char in enumerate(text):
        if consumed >= units:
            return index
        consumed += unit_length(char, encoding)
    return len(text)
