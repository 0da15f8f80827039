"""`hot-ls mv` as a user drives it: the real command moves a file or folder of
fixtures/workspace/project, rewrites what names it (CRLF line breaks and a byte-order mark
kept), and the project then checks as before; what it refuses, it refuses loudly."""
from __future__ import annotations

import codecs
import os
import shutil
import subprocess
import sys

import pytest

from helpers import FIXTURES

PROJECT = os.path.join(FIXTURES, 'workspace', 'project')


def run(*args, cwd):
    return subprocess.run([sys.executable, '-m', 'hot_ls', *args], capture_output=True, text=True,
                          cwd=cwd, env={**os.environ, 'PYTHONPATH': os.getcwd()})


@pytest.fixture
def root(tmp_path):
    path = tmp_path / 'project'
    shutil.copytree(PROJECT, path)
    (path / '.hot-ls.toml').write_text('environments = ["env.yaml"]\n')
    return path


def checked(root) -> list[str]:
    """`check`'s problems, each as `line:column: severity[CODE]` (files move, and a
    message may name a path)."""
    result = run('check', '.', cwd=root)
    return sorted(line.split(':', 1)[1].split(']')[0] for line in result.stdout.splitlines()
                  if '[HOT' in line)


def test_moves_and_rewrites_and_the_project_checks_as_before(root):
    before = checked(root)
    assert len(before) == 7
    result = run('mv', 'providers', 'lib/', cwd=root)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ('moved providers to lib/providers; rewrote 1 reference in 1 file\n'
                             '  env.yaml: 1\n')
    assert 'My::Server: lib/providers/server.yaml' in (root / 'env.yaml').read_text()
    result = run('mv', 'env.yaml', 'environments/base.yaml', cwd=root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1:] == ['  .hot-ls.toml: 1', '  env.yaml: 1']
    assert (root / '.hot-ls.toml').read_text() == 'environments = ["environments/base.yaml"]\n'
    result = run('mv', 'stack.yaml', 'stacks/main.yaml', cwd=root)
    assert result.returncode == 0, result.stderr
    text = (root / 'stacks' / 'main.yaml').read_text()
    assert 'type: ../nested/net.yaml' in text and 'get_file: ../scripts/boot.sh' in text
    assert checked(root) == before


def test_a_dry_run_prints_the_diff_and_writes_nothing(root):
    result = run('mv', 'scripts/boot.sh', 'scripts/start.sh', '--dry-run', cwd=root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[:2] == ['--- stack.yaml', '+++ stack.yaml']
    assert '-      config: {get_file: scripts/boot.sh}' in result.stdout.splitlines()
    assert '+      config: {get_file: scripts/start.sh}' in result.stdout.splitlines()
    assert result.stderr == ('hot-ls: mv: would move scripts/boot.sh to scripts/start.sh and '
                             'rewrite 1 reference in 1 file (nothing written)\n')
    assert (root / 'scripts' / 'boot.sh').exists()
    assert 'scripts/boot.sh' in (root / 'stack.yaml').read_text()


def test_line_breaks_and_a_byte_order_mark_are_kept(root):
    crlf = (root / 'env.yaml').read_text().replace('\n', '\r\n')
    (root / 'env.yaml').write_bytes(codecs.BOM_UTF8 + crlf.encode())
    assert run('mv', 'providers', 'p', cwd=root).returncode == 0
    assert (root / 'env.yaml').read_bytes() == codecs.BOM_UTF8 + crlf.replace(
        'providers/server.yaml', 'p/server.yaml').encode()


def test_several_sources_go_into_one_folder(root):
    result = run('mv', 'nested', 'scripts/boot.sh', 'lib/', cwd=root)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        'moved nested to lib/nested, scripts/boot.sh to lib/boot.sh; rewrote 2 references '
        'in 1 file', '  stack.yaml: 2']
    text = (root / 'stack.yaml').read_text()
    assert 'type: lib/nested/net.yaml' in text and 'get_file: lib/boot.sh' in text


@pytest.mark.parametrize('args, message', [
    (('nested', 'scripts', 'stack.yaml'), 'stack.yaml is not a folder'),
    (('nested', 'nested/net.yaml', 'lib/'), 'overlap'),
    (('nested/net.yaml', 'defects/../nested/net.yaml', 'lib/'), 'overlap'),
    (('defects/cycle.yaml', 'cycle.yaml', 'x/'), 'would both be'),
    (('providers/server.yaml', 'defects/cycle.yaml', 'x/'), None),
    (('nothing.yaml', 'x.yaml'), 'nothing.yaml: no such file or folder'),
    (('stack.yaml', 'env.yaml'), 'env.yaml exists'),
    (('nested', 'nested/inner'), 'into itself'),
    (('..', 'x'), 'is not inside the project'),
])
def test_what_it_refuses_it_refuses_loudly_and_moves_nothing(root, args, message):
    (root / 'cycle.yaml').write_text('heat_template_version: 2021-04-16\n')
    listing = sorted(p.relative_to(root) for p in root.rglob('*'))
    result = run('mv', *args, cwd=root)
    if message is None:  # (not refused: the control)
        assert result.returncode == 0, result.stderr
        return
    assert result.returncode == 2
    assert result.stderr.startswith('hot-ls: mv: ') and message in result.stderr
    assert sorted(p.relative_to(root) for p in root.rglob('*')) == listing


def test_a_file_that_is_not_the_text_the_edits_were_made_on_stops_everything(root):
    """What `hot-ls mv` does when a file changed between the edits and the writing: nothing
    is written over it, nothing moves, and the files already rewritten are named."""
    from hot_ls.cli.move import Stopped, carry_out, planned
    from hot_ls.features.file_moves import Move
    from hot_ls.features.types import TextEdit
    env, stack = str(root / 'env.yaml'), str(root / 'stack.yaml')
    edits = [TextEdit(0, 0, '# a\n', env), TextEdit(0, 0, '# b\n', stack)]
    with pytest.raises(Stopped) as stopped:
        planned(edits, lambda path: 'another text')
    assert (stopped.value.path, stopped.value.done) == (env, [])
    plans = planned(edits)
    (root / 'stack.yaml').write_text((root / 'stack.yaml').read_text() + '# typed\n')
    move = Move(str(root / 'nested'), str(root / 'lib' / 'nested'))
    with pytest.raises(Stopped) as stopped:
        carry_out([move], plans)
    assert (stopped.value.path, stopped.value.done) == (stack, [env])
    assert (root / 'env.yaml').read_text().startswith('# a\n')
    assert not (root / 'stack.yaml').read_text().startswith('# b\n')
    assert (root / 'nested').exists() and not (root / 'lib').exists()
