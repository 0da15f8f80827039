"""Writing a file's new text over it (`check --fix`, `mv`), or showing it as a diff.

The file's bytes are read first and compared again just before writing: a file
that changed meanwhile is left as it is.  Its line breaks stay as they are (the
text keeps them) and so does a UTF-8 byte-order mark; the new bytes go to a
temporary file beside it, renamed over it, so a reader never sees half a file.
"""
from __future__ import annotations

import codecs
import difflib
import os
import shutil
import tempfile


def read_text(path: str) -> tuple[bytes, bool, str] | None:
    """The file's bytes, whether they start with a byte-order mark, and its text (None: it
    cannot be read, or is not UTF-8)."""
    try:
        with open(path, 'rb') as fh:
            raw = fh.read()
    except OSError:
        return None
    bom = raw.startswith(codecs.BOM_UTF8)
    try:
        text = raw[len(codecs.BOM_UTF8):].decode('utf-8') if bom else raw.decode('utf-8')
    except UnicodeDecodeError:
        return None
    return raw, bom, text


def unified_diff(path: str, raw: bytes, bom: bool, text: str) -> str:
    """The unified diff from the file's bytes to `text` (as `patch` reads them)."""
    after = ('\ufeff' if bom else '') + text
    lines = difflib.unified_diff(_lines(raw.decode('utf-8')), _lines(after),
                                 fromfile=path, tofile=path)
    return ''.join(line if line.endswith('\n') else line + '\n\\ No newline at end of file\n'
                   for line in lines)


def _lines(text: str) -> list[str]:
    """The text's lines as `patch` counts them: ended by \\n only (not \\u2028 and the other
    breaks str.splitlines knows)."""
    parts = text.split('\n')
    return [part + '\n' for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def write_over(path: str, raw: bytes, bom: bool, text: str) -> bool:
    """Write `text` over the file, unless it changed since it was read as `raw`."""
    try:
        with open(path, 'rb') as fh:
            if fh.read() != raw:
                return False
        data = (codecs.BOM_UTF8 if bom else b'') + text.encode('utf-8')
        directory = os.path.dirname(os.path.abspath(path))
        handle, temporary = tempfile.mkstemp(prefix='.hot-ls-', dir=directory)
        try:
            with os.fdopen(handle, 'wb') as fh:
                fh.write(data)
            shutil.copymode(path, temporary)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return False
    return True
