"""Run a Lua script in the real Neovim (headless, clean, with a home of its own) against a
project folder, and read back the JSON it wrote: what the editor received."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from helpers import ROOT

NVIM = shutil.which('nvim')
SKIP_REASON = "no nvim on the PATH (.ci/run installs Debian's neovim where apt-get works)"


def drive(script: str, project: Path, home: Path, out: Path) -> dict:
    """Neovim runs `script` in `project` ($HOT_LS_DIR), starting the server as the README
    says ($HOT_LS_CMD); the script writes $HOT_LS_OUT.  The Lua's error, if any, fails here;
    the LSP log Neovim wrote is kept as `lsp_log`."""
    env = {**os.environ, 'HOME': str(home), 'XDG_CONFIG_HOME': str(home / 'config'),
           'XDG_CACHE_HOME': str(home / 'cache'), 'XDG_STATE_HOME': str(home / 'state'),
           'XDG_DATA_HOME': str(home / 'data'), 'HOT_LS_DIR': str(project),
           'HOT_LS_OUT': str(out), 'PYTHONPATH': ROOT,
           'HOT_LS_CMD': json.dumps([sys.executable, '-m', 'hot_ls', 'serve'])}
    env.pop('HOT_LS_LOG_LEVEL', None)
    # The timeout only guards against a hang; nothing here is timed.
    result = subprocess.run([NVIM, '--headless', '--clean', '-c', f'luafile {script}'],
                            env=env, capture_output=True, text=True, timeout=300, cwd=project)
    assert out.exists(), result.stdout + result.stderr
    data = json.loads(out.read_text())
    assert data.get('error') is None, data
    logs = list((home / 'cache').rglob('lsp.log')) + list((home / 'state').rglob('lsp.log'))
    data['lsp_log'] = '\n'.join(p.read_text(errors='replace') for p in logs)
    return data
