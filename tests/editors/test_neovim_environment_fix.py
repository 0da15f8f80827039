"""The quick fix that creates the settings file naming an environment, in the real Neovim
(headless; Neovim 0.7, which does not report changed files to the server): applied as
Neovim applies a code action, it creates `.hot-ls.toml`, and the warning goes once the
template is saved.  Skipped where there is no `nvim`."""
from __future__ import annotations

import os

import pytest

from neovim_run import NVIM, SKIP_REASON, drive

pytestmark = pytest.mark.skipif(NVIM is None, reason=SKIP_REASON)
SCRIPT = os.path.join(os.path.dirname(__file__), 'neovim_environment_fix.lua')


def test_the_fix_creates_the_settings_and_the_warning_goes(tmp_path):
    project = tmp_path / 'project'
    (project / 'lib').mkdir(parents=True)
    (project / 'lib' / 'server.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources: {}\n', encoding='utf-8')
    (project / 'env.yaml').write_text('resource_registry:\n  My::Server: lib/server.yaml\n',
                                      encoding='utf-8')
    (project / 'app.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  web:\n    type: My::Server\n',
        encoding='utf-8')
    received = drive(SCRIPT, project, tmp_path / 'home', tmp_path / 'received.json')
    assert received['steps'] == ['warned', 'fixed', 'gone'], received
    assert received['title'] == ('Create this stack with env.yaml, which maps My::Server '
                                 '(a [[stacks]] entry in .hot-ls.toml)')
    # (Neovim's buffer of the new, empty file keeps its one empty line after the insert)
    assert received['settings'].rstrip('\n') == ('[[stacks]]\ntemplates = ["app.yaml"]\n'
                                                  'environments = ["env.yaml"]')
    assert received['after'] == 0
