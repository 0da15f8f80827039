"""`diagnostic_mode = "stacks"` in the real Neovim (headless): with only the root template
open, the quickfix list holds the error two provider templates down, in its own file; an
edit that stops using the provider empties it, and undoing the edit fills it again
(neovim_stacks.lua).  Skipped where there is no `nvim` (.ci/run installs Debian's)."""
from __future__ import annotations

import os
import shutil

import pytest

from helpers import FIXTURES
from neovim_run import NVIM, SKIP_REASON, drive

pytestmark = pytest.mark.skipif(NVIM is None, reason=SKIP_REASON)
SCRIPT = os.path.join(os.path.dirname(__file__), 'neovim_stacks.lua')
#: root.yaml -> relay.yaml -> lib/child.yaml, which reads a parameter it does not declare;
#: other.yaml, used by nothing, has an error of its own (never listed)
TREE = os.path.join(FIXTURES, 'workspace', 'used-templates')


def test_the_error_below_the_open_root_is_listed_where_it_is(tmp_path):
    project = tmp_path / 'project'
    shutil.copytree(TREE, project)
    received = drive(SCRIPT, project, tmp_path / 'home', tmp_path / 'received.json')
    assert received['steps'] == ['opened', 'edited', 'undone'], received
    child = {'file': 'lib/child.yaml', 'line': 8, 'col': 27,
             'text': 'The Parameter (sise) is not defined in this template; did you mean "size"?'}
    assert received['opened'] == [child]
    assert received['edited'] == []
    assert received['undone'] == [child]
