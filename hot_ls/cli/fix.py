"""`hot-ls check --fix`: apply the quick fixes that keep what was meant, then check.

Each Heat document the paths name (the files `check` would report) is fixed
one fix at a time (hot_ls.features.automatic_fixes.fix_repeatedly: each kept
only when the result analyses better, so a fix that would reveal a worse
problem is not made).  The file is then written back, changed only where the
fixes edit it (its line breaks and a UTF-8 byte-order mark kept), through a
temporary file renamed over it.  A file that is not UTF-8, a symbolic link,
or a file that changed on disk meanwhile, is left as it is.
"""
from __future__ import annotations

import codecs
import difflib
import os
import shutil
import tempfile
from dataclasses import dataclass

from hot_ls.cli.files import discover
from hot_ls.config import Settings
from hot_ls.features.automatic_fixes import fix_repeatedly
from hot_ls.rules import analyze
from hot_ls.workspace import Workspace


@dataclass
class Fixed:
    """One fix made: where its diagnostic was (1-based, in the text the fix changed)."""

    path: str
    line: int
    column: int
    code: str
    title: str

    def __str__(self) -> str:
        return f'{self.path}:{self.line}:{self.column}: {self.code} {self.title}'


def fix_files(files: list[str], settings: Settings, workspace: Workspace
              ) -> tuple[list[Fixed], list[str]]:
    """Fix each file (see the module): what was fixed, in order, and why files that had
    something to fix were left as they are."""
    fixed: list[Fixed] = []
    left: list[str] = []
    for path in files:
        found = fix_file(path, settings, workspace)
        if isinstance(found, str):
            left.append(found)
        else:
            fixed += found
    return fixed, left


def fix_file(path: str, settings: Settings, workspace: Workspace) -> list[Fixed] | str:
    """The fixes made to the file, or why it was left as it is though fixes were found."""
    found = fixes_of(path, settings, workspace)
    if found is None:
        return []
    raw, bom, text, done = found
    if os.path.islink(path):  # (a rename would replace the link by a file)
        return f'{path}: not fixed: it is a symbolic link'
    if not _write(path, raw, bom, text):
        return f'{path}: not fixed: it changed while it was being fixed, or cannot be written'
    workspace.changed([path])
    return done


def fixes_of(path: str, settings: Settings, workspace: Workspace
             ) -> tuple[bytes, bool, str, list[Fixed]] | None:
    """The file's bytes, whether they start with a byte-order mark, its text with every fix
    made, and the fixes; None when there is nothing to fix (or it is not a UTF-8 Heat
    document)."""
    try:
        with open(path, 'rb') as fh:
            raw = fh.read()
    except OSError:
        return None
    bom = raw.startswith(codecs.BOM_UTF8)
    try:
        text = raw[len(codecs.BOM_UTF8):].decode('utf-8') if bom else raw.decode('utf-8')
    except UnicodeDecodeError:
        return None  # (HOT000 says so; nothing is written into a file that is not text)
    analysis = analyze(text, path, settings, workspace=workspace)
    if not analysis.kind.is_heat_document:
        return None
    fixed, done = fix_repeatedly(
        analysis, lambda new: analyze(new, path, settings, workspace=workspace))
    if not done:
        return None
    return raw, bom, fixed.text, [Fixed(path, one.line + 1, one.column + 1, one.code, one.title)
                                  for one in done]


def diff_of(path: str, settings: Settings, workspace: Workspace) -> tuple[str, list[Fixed]]:
    """The unified diff of the fixes `fix_file` would make (nothing written), and the fixes."""
    found = fixes_of(path, settings, workspace)
    if found is None:
        return '', []
    raw, bom, text, done = found
    after = ('\ufeff' if bom else '') + text  # (the file's bytes, as `patch` will read them)
    lines = difflib.unified_diff(_lines(raw.decode('utf-8')), _lines(after),
                                 fromfile=path, tofile=path)
    return ''.join(line if line.endswith('\n') else line + '\n\\ No newline at end of file\n'
                   for line in lines), done


def _lines(text: str) -> list[str]:
    """The text's lines as `patch` counts them: ended by \\n only (not \\u2028 and the other
    breaks str.splitlines knows)."""
    parts = text.split('\n')
    return [part + '\n' for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _write(path: str, raw: bytes, bom: bool, text: str) -> bool:
    """Write `text` over the file, unless it changed since it was read as `raw`."""
    try:
        with open(path, 'rb') as fh:
            if fh.read() != raw:
                return False
        data = (codecs.BOM_UTF8 if bom else b'') + text.encode('utf-8')
        directory = os.path.dirname(os.path.abspath(path))
        handle, temporary = tempfile.mkstemp(prefix='.hot-ls-fix-', dir=directory)
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


def files_to_fix(named: list[str], settings: Settings) -> list[str]:
    """The files `check` looks at among `named` (directories searched as it searches them)."""
    return [path for path, _ in discover(named, settings.exclude)]
