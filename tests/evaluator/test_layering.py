"""The evaluator's place in the layers: after model, before rules (docs/architecture.md)."""
from __future__ import annotations

import ast
import os

from golden import ROOT

ALLOWED = ('hot_ls.syntax', 'hot_ls.text', 'hot_ls.language', 'hot_ls.model', 'hot_ls.evaluator')


def imports_of(path: str):
    with open(path, encoding='utf-8') as fh:
        tree = ast.parse(fh.read(), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def test_evaluator_imports_only_lower_layers():
    package = os.path.join(ROOT, 'hot_ls', 'evaluator')
    offenders = []
    for dirpath, _, filenames in os.walk(package):
        for name in filenames:
            if name.endswith('.py'):
                path = os.path.join(dirpath, name)
                for module in imports_of(path):
                    if module.startswith('hot_ls') and not module.startswith(ALLOWED):
                        offenders.append((os.path.relpath(path, ROOT), module))
                    assert not module.startswith('heat'), (path, module)
    assert not offenders


def test_model_does_not_import_the_evaluator():
    package = os.path.join(ROOT, 'hot_ls', 'model')
    for name in os.listdir(package):
        if name.endswith('.py'):
            assert not any(m.startswith('hot_ls.evaluator')
                           for m in imports_of(os.path.join(package, name))), name
