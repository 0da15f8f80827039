"""Random moves of files and folders over a copy of ../shared/corpus: does the project check
the same once the references follow them?

Each round copies the corpus, picks random files and folders of it and a random new place
for each (another folder of the corpus), computes the edits the editor's file moves make
(hot_ls.features.file_moves, as `workspace/willRenameFiles` and `hot-ls mv` compute them),
applies them, moves the files, and compares `hot-ls check` before and after: each file's
diagnostics (code and line), the moved ones under their new names.  Any difference is a
reference the moves broke (or mended).

    python tools/move_sweep.py                    # 8 rounds of 30 moves
    python tools/move_sweep.py --rounds 2 --moves 10 --seed 7
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
CORPUS = os.path.join(os.path.dirname(ROOT), 'shared', 'corpus')

from hot_ls.cli.move import move_with_references  # noqa: E402
from hot_ls.config import Settings  # noqa: E402
from hot_ls.features.file_moves import Move, destination, move_edits  # noqa: E402
from hot_ls.workspace import Workspace  # noqa: E402


def check(root: str) -> dict[str, list]:
    done = subprocess.run([sys.executable, '-m', 'hot_ls', 'check', '--format', 'json',
                           '-j', '2', root], capture_output=True, text=True, cwd=ROOT)
    return {os.path.abspath(f['path']): sorted((d['code'], d['line']) for d in f['diagnostics'])
            for f in json.loads(done.stdout)['files']}


def pick_moves(rng: random.Random, root: str, paths: list[str], count: int) -> list[Move]:
    folders = sorted({os.path.dirname(p) for p in paths if os.path.dirname(p) != root})
    moves: list[Move] = []
    taken: list[str] = []

    def overlaps(path: str) -> bool:
        return any(path == t or path.startswith(t + os.sep) or t.startswith(path + os.sep)
                   for t in taken)
    for _ in range(count * 3):
        if len(moves) == count:
            break
        old = rng.choice(paths) if rng.random() < 0.5 else rng.choice(folders)
        parent = rng.choice(folders + [root])
        new = os.path.join(parent, f'mv{len(moves)}_{os.path.basename(old)}')
        if overlaps(old) or overlaps(new) or parent == old or \
                parent.startswith(old + os.sep) or os.path.exists(new):
            continue
        taken += [old, new]
        moves.append(Move(old, new))
    return moves


def one_round(seed: int, count: int) -> tuple[int, int, list[str]]:
    """(moves, edits, the files whose diagnostics differ)."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix='hot-ls-moves-') as scratch:
        root = os.path.join(scratch, 'corpus')
        shutil.copytree(CORPUS, root)
        before = check(root)
        workspace = Workspace(Settings(), [root])
        paths = workspace.heat_documents()
        moves = pick_moves(rng, root, paths, count)
        edits = move_edits(moves, paths, lambda _: workspace)
        move_with_references(moves, edits)  # (what `hot-ls mv` does with them)
        after = check(root)
        expected = {destination(path, moves) or path: found for path, found in before.items()}
        differ = sorted(os.path.relpath(p, root) for p in set(after) | set(expected)
                        if after.get(p) != expected.get(p))
        return len(moves), len(edits), differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--rounds', type=int, default=8)
    parser.add_argument('--moves', type=int, default=30, help='moves per round')
    parser.add_argument('--seed', type=int, default=1, help='of the first round')
    options = parser.parse_args()
    total_moves = total_edits = failed = 0
    for seed in range(options.seed, options.seed + options.rounds):
        moves, edits, differ = one_round(seed, options.moves)
        total_moves += moves
        total_edits += edits
        failed += bool(differ)
        print(f'round {seed}: {moves} moves, {edits} edits, '
              f'{len(differ)} file(s) checked differently' +
              ''.join(f'\n  {path}' for path in differ[:10]))
    print(f'{options.rounds} rounds: {total_moves} moves, {total_edits} edits; '
          f'{failed} round(s) with a difference')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
