"""The layers of docs/architecture.md, as import-linter contracts (pyproject.toml)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

from helpers import ROOT


def lint_imports(root: str) -> subprocess.CompletedProcess:
    """import-linter over the hot_ls package found in `root`, with root's pyproject.toml."""
    env = dict(os.environ, PYTHONPATH=root)
    code = ('import sys; from importlinter.cli import lint_imports; '
            'sys.exit(lint_imports(no_cache=True, no_logo=True))')
    return subprocess.run([sys.executable, '-c', code], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)


def test_every_import_contract_is_kept():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert 'Contracts: 6 kept, 0 broken.' in result.stdout


def test_a_feature_importing_a_rule_breaks_the_contracts(tmp_path):
    """The contracts bite: the same check fails on a copy where a feature imports the rules."""
    shutil.copytree(os.path.join(ROOT, 'hot_ls'), tmp_path / 'hot_ls',
                    ignore=shutil.ignore_patterns('__pycache__'))
    shutil.copy(os.path.join(ROOT, 'pyproject.toml'), tmp_path / 'pyproject.toml')
    feature = tmp_path / 'hot_ls' / 'features' / 'definition.py'
    feature.write_text(feature.read_text(encoding='utf-8') + '\nimport hot_ls.rules.engine  # noqa\n',
                       encoding='utf-8')
    result = lint_imports(str(tmp_path))
    assert result.returncode != 0
    assert 'Rules and features never import each other BROKEN' in result.stdout
    assert 'hot_ls.features.definition -> hot_ls.rules.engine' in result.stdout
