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

import os
from dataclasses import dataclass

from hot_ls.cli.files import discover
from hot_ls.cli.rewrite import read_text, unified_diff, write_over
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
    if not write_over(path, raw, bom, text):
        return f'{path}: not fixed: it changed while it was being fixed, or cannot be written'
    workspace.changed([path])
    return done


def fixes_of(path: str, settings: Settings, workspace: Workspace
             ) -> tuple[bytes, bool, str, list[Fixed]] | None:
    """The file's bytes, whether they start with a byte-order mark, its text with every fix
    made, and the fixes; None when there is nothing to fix (or it is not a UTF-8 Heat
    document)."""
    read = read_text(path)
    if read is None:
        return None  # (HOT000 says so; nothing is written into a file that is not text)
    raw, bom, text = read
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
    return unified_diff(path, raw, bom, text), done


def files_to_fix(named: list[str], settings: Settings) -> list[str]:
    """The files `check` looks at among `named` (directories searched as it searches them)."""
    return [path for path, _ in discover(named, settings.exclude)]
