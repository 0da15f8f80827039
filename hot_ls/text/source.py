"""Reading a file's text: the one place bytes become text, and bad bytes become a problem.

Heat reads templates, environments and `get_file` targets as UTF-8
(python-heatclient decodes what it sends).  A leading byte-order mark is
dropped, as YAML drops it.  Text that is not UTF-8 is never silently
repaired: the file gets a `ReadProblem` at the first bad byte (its text,
decoded with replacement characters, still gives positions to point at),
and so does a file that cannot be read at all.  (`get_file` targets are
the exception: what Heat receives of them is `file_content`.)
"""
from __future__ import annotations

import base64
from dataclasses import dataclass

_BOM = b'\xef\xbb\xbf'


@dataclass(frozen=True)
class ReadProblem:
    message: str
    offset: int = 0  # where in `Source.text` (code points)


@dataclass(frozen=True)
class Source:
    """A file's text, and what went wrong reading it (None: nothing)."""

    text: str
    problem: ReadProblem | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def decode(data: bytes) -> Source:
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    try:
        return Source(data.decode('utf-8'))
    except UnicodeDecodeError as exc:
        offset = len(data[:exc.start].decode('utf-8', errors='replace'))
        bad = data[exc.start:exc.end]
        shown = ' '.join(f'0x{b:02X}' for b in bad[:4])
        return Source(data.decode('utf-8', errors='replace'), ReadProblem(
            f'the file is not valid UTF-8 (cannot decode byte {shown}); Heat reads '
            'templates, environments and files as UTF-8', offset))


def file_content(data: bytes) -> str:
    """A `get_file` target's content as Heat receives it from python-heatclient.

    The client sends UTF-8 text as is, and anything else base64-encoded
    (`base64.encodebytes`: lines of 76 characters), which is what
    `get_file` then returns.
    """
    try:
        return data.decode('utf-8')
    except UnicodeDecodeError:
        return base64.encodebytes(data).decode('ascii')


def read_source(path: str) -> Source:
    """The text of the file at `path`, or a problem saying why there is none."""
    try:
        with open(path, 'rb') as fh:
            data = fh.read()
    except OSError as exc:
        return Source('', ReadProblem(f'cannot read file: {exc.strerror or exc}'))
    return decode(data)
