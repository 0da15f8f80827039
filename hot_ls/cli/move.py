"""`hot-ls mv SOURCE... DEST`: move files or folders, and rewrite what names them.

    hot-ls mv deployment/nova deployment/compute/nova
    hot-ls mv scripts/boot.sh scripts/start.sh --dry-run   # the diff, nothing written
    hot-ls mv a.yaml b.yaml lib/                             # both into lib/

What the editor does before a rename in VS Code's explorer
(features.file_moves), for any editor and for scripts: in every Heat
document and Jinja2 source of the project, and in its settings file, the
references to what moves, and the relative references written in what
moves, are rewritten to name the same files from where they will be.  The
project is `--root`, else the folder of the settings file, else the working
directory.  As `mv`, a DEST that is a folder (or ends with `/`) receives
SOURCE (several SOURCEs need one).  Refused (exit status 2, nothing
written): a SOURCE that does not exist or is outside the project, a DEST
that exists, a folder moved into itself, SOURCEs inside one another, a file
to rewrite that changed meanwhile (the files rewritten before it are listed).
"""
from __future__ import annotations

import os
import shutil
import sys
from dataclasses import dataclass
from typing import Callable

from hot_ls.cli.rewrite import read_text, unified_diff, write_over
from hot_ls.config import Settings
from hot_ls.config.settings import find_config_file
from hot_ls.features.file_moves import Move, move_edits
from hot_ls.features.quick_fixes.yaml_edit import apply
from hot_ls.features.types import TextEdit
from hot_ls.workspace import Workspace


def add_parser(sub) -> None:
    cmd = sub.add_parser('mv', help='move files or folders, rewriting the references to them')
    cmd.add_argument('sources', nargs='+', metavar='SOURCE', help='a file or folder to move')
    cmd.add_argument('dest', metavar='DEST',
                     help='where it goes (a folder, or a path ending with /: into it; it must '
                          'be one for several SOURCEs)')
    cmd.add_argument('--root', metavar='DIR',
                     help='the project whose files are rewritten (default: the folder of the '
                          'settings file, else the working directory)')
    cmd.add_argument('--dry-run', action='store_true',
                     help='print the rewrites as a unified diff; move and write nothing')


def _within(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def run(args, settings: Settings) -> int:
    config = args.config or find_config_file(os.getcwd())
    root = os.path.abspath(args.root or (os.path.dirname(os.path.abspath(config))
                                         if config else os.getcwd()))
    into = args.dest.endswith(('/', os.sep)) or (os.path.isdir(args.dest)
                                                 and not os.path.islink(args.dest))
    if len(args.sources) > 1 and not into:
        print(f'hot-ls: mv: {args.dest} is not a folder (several SOURCEs go into one)',
              file=sys.stderr)
        return 2
    moves = []
    for source in args.sources:
        source = os.path.abspath(source)
        dest = os.path.join(os.path.abspath(args.dest), os.path.basename(source)) if into \
            else os.path.abspath(args.dest)
        problem = _refusal(source, dest, root) or _clash(source, dest, moves)
        if problem is not None:
            print(f'hot-ls: mv: {problem}', file=sys.stderr)
            return 2
        moves.append(Move(source, dest))
    workspace = Workspace(settings, [root])
    settings_files = [os.path.abspath(config)] if config and _within(
        os.path.abspath(config), root) else []
    edits = move_edits(moves, workspace.heat_documents(), lambda _: workspace, settings_files)
    def expected(path: str) -> str | None:
        source = workspace.files.read(path)
        return source.text if source.problem is None else None
    try:
        plans = planned(edits, expected)
        if args.dry_run:
            for plan in plans:
                sys.stdout.write(unified_diff(os.path.relpath(plan.path), plan.raw, plan.bom,
                                              plan.text))
        else:
            carry_out(moves, plans)
    except Stopped as stopped:
        print(f'hot-ls: mv: {stopped.path} changed while it was being rewritten, or cannot be '
              'read or written: stopped; nothing moved', file=sys.stderr)
        for done in stopped.done:
            print(f'hot-ls: mv: already rewritten: {done}', file=sys.stderr)
        return 2
    count = sum(plan.edits for plan in plans)
    what = (f'{count} reference{"s" if count != 1 else ""} in {len(plans)} '
            f'file{"s" if len(plans) != 1 else ""}') if plans else 'no reference'
    moved = ', '.join(f'{os.path.relpath(m.old)} to {os.path.relpath(m.new)}' for m in moves)
    if args.dry_run:
        print(f'hot-ls: mv: would move {moved} and rewrite {what} (nothing written)',
              file=sys.stderr)
        return 0
    print(f'moved {moved}; rewrote {what}')
    for plan in plans:
        print(f'  {os.path.relpath(plan.path)}: {plan.edits}')
    return 0


@dataclass(frozen=True)
class Rewrite:
    """One file to rewrite: its bytes as read, whether they start with a byte-order mark, its
    new text, and how many edits make it."""

    path: str
    raw: bytes
    bom: bool
    text: str
    edits: int


class Stopped(Exception):
    """A file to rewrite cannot be read or written, or is not the text the edits were
    computed on; `done`: the files already rewritten."""

    def __init__(self, path: str, done: list[str]):
        super().__init__(path)
        self.path = path
        self.done = done


def planned(edits: list[TextEdit],
            expected: Callable[[str], str | None] | None = None) -> list[Rewrite]:
    """The rewrites the edits make, file by file (`expected(path)`: the text they were
    computed on, which the file must still hold).  Raises Stopped."""
    by_file: dict[str, list[TextEdit]] = {}
    for edit in edits:
        by_file.setdefault(edit.path, []).append(edit)
    plans = []
    for path, file_edits in sorted(by_file.items()):
        read = read_text(path)
        if read is None or (expected is not None and read[2] != expected(path)):
            raise Stopped(path, [])
        raw, bom, text = read
        plans.append(Rewrite(path, raw, bom, apply(text, file_edits), len(file_edits)))
    return plans


def carry_out(moves: list[Move], plans: list[Rewrite]) -> None:
    """Write each rewrite over its file (unless it changed since it was read), then move the
    files.  Raises Stopped, before anything moves."""
    done: list[str] = []
    for plan in plans:
        if not write_over(plan.path, plan.raw, plan.bom, plan.text):
            raise Stopped(plan.path, done)
        done.append(plan.path)
    for move in moves:
        os.makedirs(os.path.dirname(move.new), exist_ok=True)
        shutil.move(move.old, move.new)


def move_with_references(moves: list[Move], edits: list[TextEdit]) -> int:
    """Rewrite and move (what `hot-ls mv` does once it has the edits): how many edits."""
    plans = planned(edits)
    carry_out(moves, plans)
    return sum(plan.edits for plan in plans)


def _refusal(source: str, dest: str, root: str) -> str | None:
    if not os.path.lexists(source):
        return f'{source}: no such file or folder'
    if not _within(source, root) or source == root:
        return f'{source} is not inside the project {root} (see --root)'
    if os.path.lexists(dest):
        return f'{dest} exists'
    if _within(dest, source):
        return f'cannot move {source} into itself'
    return None


def _clash(source: str, dest: str, moves: list[Move]) -> str | None:
    """Why `source` cannot move with the `moves` already asked for, if it cannot."""
    for other in moves:
        if _within(source, other.old) or _within(other.old, source):
            return f'{source} and {other.old} overlap'
        if other.new == dest:
            return f'{source} and {other.old} would both be {dest}'
    return None
