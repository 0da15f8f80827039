"""`diagnostic_mode = "stacks"` through the real server: the templates an open template's stack
uses get their diagnostics unopened, as `hot-ls check root.yaml` reports them.

Heat refuses the create of the open root for an error two provider templates down; the
editor shows it in the file where it is, without the whole workspace checked.  The set
follows the open templates: an edit that stops using a provider clears what it showed there,
closing the root clears it all, and a template no open one uses gets nothing.
"""
from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
from lsprotocol import types

from helpers import CORPUS, FIXTURES, needs_corpus
from lsp_session import FAST, session, capabilities
from test_server_workspace_diagnostics import brief, last_published, published_for

pytestmark = pytest.mark.asyncio
STACKS_MODE = {**FAST, 'diagnosticMode': 'stacks'}
#: root.yaml -> relay.yaml -> lib/child.yaml, which reads a parameter it does not declare;
#: other.yaml, used by nothing, has an error of its own
TREE = os.path.join(FIXTURES, 'workspace', 'used-templates')


def project(tmp_path) -> str:
    root = str(tmp_path / 'project')
    shutil.copytree(TREE, root)
    return root


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_the_templates_an_open_one_uses_get_their_diagnostics(client, tmp_path):
    root = project(tmp_path)
    async with session(capabilities(client), STACKS_MODE, name=client,
                       folders=(root,)) as s:
        s.root = root
        target = Path(os.path.join(root, 'root.yaml')).as_uri()
        with open(os.path.join(root, 'root.yaml'), encoding='utf-8') as fh:
            text = fh.read()
        s.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=target, language_id='yaml', version=1, text=text)))
        assert await s.diagnostics(target, 1) == []
        found = await published_for(s, ['relay.yaml', 'lib/child.yaml'])
        assert brief(found['lib/child.yaml'].diagnostics) == [('HOT301', 7, 26)]
        assert found['lib/child.yaml'].diagnostics[0].message == (
            'The Parameter (sise) is not defined in this template; did you mean "size"?')
        assert list(found['relay.yaml'].diagnostics) == []
        assert last_published(s, Path(os.path.join(root, 'other.yaml')).as_uri()) is None

        # the root stops using relay.yaml: what was shown below it is cleared
        since = len(s.published)
        s.change(target, 2, ((3, 10, 3, 20), 'OS::Heat::None'))
        assert await s.diagnostics(target, 2, since) == []
        # (cleared: a check of it still running then publishes nothing)
        gone = await published_for(s, ['lib/child.yaml'], since, lambda p: not p.diagnostics)
        assert list(gone['lib/child.yaml'].diagnostics) == []
        await asyncio.sleep(0.5)  # (and nothing brings them back)
        child = Path(os.path.join(root, 'lib', 'child.yaml')).as_uri()
        assert list(last_published(s, child).diagnostics) == []
        # and uses it again
        since = len(s.published)
        s.change(target, 3, ((3, 10, 3, 24), 'relay.yaml'))
        await s.diagnostics(target, 3, since)
        back = await published_for(s, ['lib/child.yaml'], since,
                                   lambda p: len(p.diagnostics) > 0)
        assert brief(back['lib/child.yaml'].diagnostics) == [('HOT301', 7, 26)]

        # closed: nothing open uses them any more
        since = len(s.published)
        s.close(target)
        closed = await published_for(s, ['lib/child.yaml'], since, lambda p: not p.diagnostics)
        assert list(closed['lib/child.yaml'].diagnostics) == []
        assert last_published(s, Path(os.path.join(root, 'other.yaml')).as_uri()) is None


@needs_corpus
async def test_a_used_template_is_checked_as_the_nested_stack_of_the_open_one(tmp_path):
    """heat-templates' barbican container_generic.yaml uses secret.yaml, whose `expiration`
    default went out of date in 2017: Heat refuses secret.yaml created alone and accepts
    container_generic.yaml (it validates the nested stack without its property values).
    Opened alone, secret.yaml gets the error; used by the open container_generic.yaml, it is
    shown as that nested stack, the value a warning: what `hot-ls check
    container_generic.yaml` reports (tests/cli/test_check_follow.py)."""
    root = str(tmp_path / 'barbican')
    shutil.copytree(os.path.join(CORPUS, 'heat-templates', 'hot', 'barbican'), root)
    async with session(capabilities('vscode'), STACKS_MODE, name='vscode',
                       folders=(root,)) as s:
        s.root = root
        target = Path(os.path.join(root, 'container_generic.yaml')).as_uri()
        with open(os.path.join(root, 'container_generic.yaml'), encoding='utf-8') as fh:
            s.client.text_document_did_open(types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=target, language_id='yaml', version=1,
                                       text=fh.read())))
        assert await s.diagnostics(target, 1) == []
        found = (await published_for(s, ['secret.yaml']))['secret.yaml'].diagnostics
        assert [(d.code, d.severity) for d in found] == [
            ('HOT714', types.DiagnosticSeverity.Warning)]
        assert found[0].message == (
            "expiration: Error validating value '2017-12-28T19:14:44.180394': Expiration "
            '2017-12-28T19:14:44.180394 is invalid: Expiration time is out of date. (with the '
            'default parameter values) (Heat checks the property values of a nested stack only '
            'when it creates it, after the stack create has started)')
        assert (found[0].range.start.line, found[0].range.start.character) == (61, 18)
        # opened, it is a root of its own: the error Heat gives it created alone
        secret = Path(os.path.join(root, 'secret.yaml')).as_uri()
        with open(os.path.join(root, 'secret.yaml'), encoding='utf-8') as fh:
            s.client.text_document_did_open(types.DidOpenTextDocumentParams(
                types.TextDocumentItem(uri=secret, language_id='yaml', version=1,
                                       text=fh.read())))
        opened = await s.diagnostics(secret, 1)
        assert [(d.code, d.severity) for d in opened] == [
            ('HOT714', types.DiagnosticSeverity.Error)]


async def test_a_used_template_is_checked_again_when_the_stack_it_is_in_changes(tmp_path):
    """With relay.yaml and root.yaml open, lib/child.yaml is checked as relay.yaml's nested
    stack (the first open root, by path, whose stack reaches it); relay.yaml closed, it is
    root.yaml's, two levels down: checked again."""
    root = project(tmp_path)
    async with session(capabilities('vscode'), STACKS_MODE, name='vscode',
                       folders=(root,)) as s:
        s.root = root
        uris = {}
        for name in ('relay.yaml', 'root.yaml'):
            uris[name] = Path(os.path.join(root, name)).as_uri()
            with open(os.path.join(root, name), encoding='utf-8') as fh:
                s.client.text_document_did_open(types.DidOpenTextDocumentParams(
                    types.TextDocumentItem(uri=uris[name], language_id='yaml', version=1,
                                           text=fh.read())))
            await s.diagnostics(uris[name], 1)
        found = await published_for(s, ['lib/child.yaml'])
        assert brief(found['lib/child.yaml'].diagnostics) == [('HOT301', 7, 26)]
        await asyncio.sleep(0.5)
        since = len(s.published)
        s.close(uris['relay.yaml'])
        again = await published_for(s, ['lib/child.yaml'], since)
        assert brief(again['lib/child.yaml'].diagnostics) == [('HOT301', 7, 26)]
