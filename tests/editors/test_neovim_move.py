"""The README's `:HotMv` command in the real Neovim (headless): files move, what names them
is rewritten on disk, the buffer open on one of them is saved first and read again.

The Lua is the README's own block (extracted here), run with `hot-ls` on the PATH as the
quick start installs it.  Skipped where there is no `nvim`.
"""
from __future__ import annotations

import os
import re
import shutil
import sys

import pytest

from helpers import FIXTURES, ROOT
from neovim_run import NVIM, SKIP_REASON, drive

pytestmark = pytest.mark.skipif(NVIM is None, reason=SKIP_REASON)
SCRIPT = os.path.join(os.path.dirname(__file__), 'neovim_move.lua')


def readme_snippet() -> str:
    with open(os.path.join(ROOT, 'README.md'), encoding='utf-8') as fh:
        text = fh.read()
    [block] = re.findall(r'```lua\n(-- :HotMv .*?)```', text, re.S)
    return block


@pytest.fixture(scope='module')
def received(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp('nvim-move')
    project = base / 'project'
    shutil.copytree(os.path.join(FIXTURES, 'workspace', 'project'), project)
    (base / 'hotmv.lua').write_text(readme_snippet())
    path = os.environ.get('PATH', '')
    os.environ['PATH'] = os.path.dirname(sys.executable) + os.pathsep + path  # `hot-ls`
    try:
        data = drive(SCRIPT, project, tmp_path_factory.mktemp('nvim-home'),
                     base / 'received.json')
    finally:
        os.environ['PATH'] = path
    data['project'] = project
    return data


def test_the_files_move_and_what_names_them_follows(received):
    project = received['project']
    assert received['steps'] == ['moved', 'refused']
    assert (project / 'lib' / 'providers' / 'server.yaml').exists()
    assert (project / 'lib' / 'boot.sh').exists() and not (project / 'scripts' / 'boot.sh').exists()
    assert 'My::Server: lib/providers/server.yaml' in (project / 'env.yaml').read_text()
    # a reference that named nothing still names nothing, as written
    assert 'type: ../providers/servr.yaml' in \
        (project / 'defects' / 'missing-provider.yaml').read_text()
    assert 'hot-ls: mv: ' in received['refusal'] and 'nothing.yaml: no such file or folder' \
        in received['refusal']


def test_the_open_buffer_was_saved_first_and_read_again(received):
    lines = received['stack_buffer']
    assert lines[1] == 'description: edited in the buffer'
    assert '      config: {get_file: lib/boot.sh}' in lines
    assert received['modified'] is False
    assert (received['project'] / 'stack.yaml').read_text().splitlines() == lines
