"""`diagnostic_mode = "stacks"` in the real Neovim (headless): with only the root template
open, the quickfix list holds the error two provider templates down, in its own file; an
edit that stops using the provider empties it, and undoing the edit fills it again
(neovim_stacks.lua).  Skipped where there is no `nvim` (.ci/run installs Debian's)."""
from __future__ import annotations

import os

import pytest

from neovim_run import NVIM, SKIP_REASON, drive

pytestmark = pytest.mark.skipif(NVIM is None, reason=SKIP_REASON)
SCRIPT = os.path.join(os.path.dirname(__file__), 'neovim_stacks.lua')
FILES = {
    'root.yaml': 'heat_template_version: 2021-04-16\nresources:\n  relay:\n    type: relay.yaml\n',
    'relay.yaml': ('heat_template_version: 2021-04-16\nresources:\n  child:\n'
                   '    type: lib/child.yaml\n    properties: {size: 3}\n'),
    'lib/child.yaml': ('heat_template_version: 2021-04-16\nparameters:\n  size: {type: number}\n'
                       'resources:\n  random:\n    type: OS::Heat::RandomString\n'
                       '    properties:\n      length: {get_param: sise}\n'),
    # an error of its own in a template no open one uses: never listed
    'other.yaml': 'heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::Nonee}\n',
}


def test_the_error_below_the_open_root_is_listed_where_it_is(tmp_path):
    project = tmp_path / 'project'
    for name, text in FILES.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding='utf-8')
    received = drive(SCRIPT, project, tmp_path / 'home', tmp_path / 'received.json')
    assert received['steps'] == ['opened', 'edited', 'undone'], received
    child = {'file': 'lib/child.yaml', 'line': 8, 'col': 27,
             'text': 'The Parameter (sise) is not defined in this template; did you mean "size"?'}
    assert received['opened'] == [child]
    assert received['edited'] == []
    assert received['undone'] == [child]
