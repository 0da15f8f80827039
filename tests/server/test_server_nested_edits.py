"""Through the real server: an open root's nesting depth (HOT606) follows an edit three stacks
down, in another open template.  The root's analysis read that template (Analysis.dependencies:
the templates its nested stacks are made of), and the edit changed what is nested below it."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from lsprotocol import types

from lsp_session import FAST, capabilities, session

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), 'workspace'))
from test_edited_templates import ENV, ROOT, _level  # noqa: E402

pytestmark = pytest.mark.asyncio


def _open(s, path, text: str) -> str:
    uri = Path(path).as_uri()
    s.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=text)))
    return uri


def _depth_errors(diagnostics) -> list[str]:
    return [d.message for d in diagnostics if d.code == 'HOT606']


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_the_root_shows_the_nesting_an_edit_below_it_makes(client, tmp_path):
    (tmp_path / 'env.yaml').write_text(ENV)
    for number in range(1, 7):
        (tmp_path / f'level{number}.yaml').write_text(_level(number))
    deep = ROOT.replace('default: false', 'default: true')
    (tmp_path / 'root.yaml').write_text(deep)
    async with session(capabilities(client), {**FAST, 'environments': ['env.yaml']},
                       name=client, folders=(str(tmp_path),)) as s:
        root = _open(s, tmp_path / 'root.yaml', deep)
        [message] = _depth_errors(await s.diagnostics(root, 1))
        assert message.startswith('Recursion depth exceeds 5: nested stacks 6 deep')
        level3 = _open(s, tmp_path / 'level3.yaml', _level(3))
        await s.diagnostics(level3, 1)
        since = len(s.published)
        s.change(level3, 2, ((7, 15, 7, 16), '5'))  # My::L4 -> My::L5: one stack less
        await s.diagnostics(level3, 2, since)
        for _ in range(100):  # (the root is checked again once level3.yaml's analysis is out)
            if s.pull:
                now = await s.diagnostics(root, 1)
            else:
                mine = [p for p in s.published[since:] if p.uri == root]
                now = list(mine[-1].diagnostics) if mine else None
            if now is not None and not _depth_errors(now):
                break
            await s.quiet(0.05)
        assert now is not None and _depth_errors(now) == []
