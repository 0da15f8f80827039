"""Language features end to end, as VS Code and as Neovim 0.11: one test module per feature area.

Each test opens its own document, asks what an editor asks, and checks the
converted answer (ranges in the negotiated encoding, snippets only for
clients that take them).
"""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from lsp_session import TIMEOUT, Session

pytestmark = pytest.mark.asyncio(loop_scope='module')

TEMPLATE = """\
heat_template_version: 2021-04-16
description: "日本語😀"
parameters:
  flavor: {type: string, default: m1.small}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: fl}
      image: cirros
"""


async def complete(lsp: Session, uri: str, line: int, character: int) -> types.CompletionList:
    return await asyncio.wait_for(lsp.client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(line, character))),
        TIMEOUT)


async def test_completion_of_a_parameter_name(lsp: Session):
    uri = lsp.open('complete-param.yaml', TEMPLATE)
    await lsp.diagnostics(uri, 1)
    result = await complete(lsp, uri, 8, 28)  # after "fl"
    assert result.is_incomplete
    labels = [item.label for item in result.items]
    assert labels[0] == 'flavor' if len(labels) == 1 else 'flavor' in labels
    item = next(i for i in result.items if i.label == 'flavor')
    assert item.text_edit.range == types.Range(types.Position(8, 26), types.Position(8, 28))
    assert item.text_edit.new_text == 'flavor'
    assert item.kind == types.CompletionItemKind.Variable


async def test_completion_while_typing_broken_yaml(lsp: Session):
    uri = lsp.open('complete-typing.yaml', TEMPLATE)
    await lsp.diagnostics(uri, 1)
    lsp.change(uri, 2, ((9, 0, 9, 0), '      key_name: {get_param: \n'))
    result = await complete(lsp, uri, 9, 29)
    assert 'flavor' in [item.label for item in result.items]


async def test_completion_of_a_function_snippet(lsp: Session):
    uri = lsp.open('complete-function.yaml', TEMPLATE.replace('image: cirros', 'image: str_rep'))
    await lsp.diagnostics(uri, 1)
    result = await complete(lsp, uri, 9, 20)
    item = next(i for i in result.items if i.label == 'str_replace')
    if lsp.name == 'vscode':  # both declare snippet support
        assert item.insert_text_format == types.InsertTextFormat.Snippet
        assert item.text_edit.new_text == \
            '{str_replace: {template: ${1:text}, params: {${2:key}: ${3:value}}}}'
    assert item.kind == types.CompletionItemKind.Function


async def test_completion_ranges_follow_the_encoding(lsp: Session):
    line = '      metadata: {note: "日本語😀", f: {get_param: fl}}'
    uri = lsp.open('complete-wide.yaml', TEMPLATE.replace('      image: cirros', line))
    await lsp.diagnostics(uri, 1)
    before = line[:line.index('fl}}')]
    # the column of "fl" in the negotiated encoding: the emoji is 2 UTF-16 units, 1 code point
    column = len(before.encode('utf-16-le')) // 2 if lsp.encoding == 'utf-16' else len(before)
    result = await complete(lsp, uri, 9, column + 2)
    item = next(i for i in result.items if i.label == 'flavor')
    assert item.text_edit.range.start.character == column
    assert column == len(before) + (1 if lsp.encoding == 'utf-16' else 0)


PREVIEW = """\
heat_template_version: 2021-04-16
parameters:
  env: {type: string, default: dev}
conditions:
  is_prod: {equals: [{get_param: env}, prod]}
resources:
  server:
    type: OS::Nova::Server
    properties: {flavor: m1.small, image: cirros}
outputs:
  url:
    value: {str_replace: {template: "http://HOST/app", params: {HOST: {get_attr: [server, first_address]}}}}
  size:
    value: {if: [is_prod, large, small]}
"""


async def test_preview_outputs_command(lsp: Session):
    uri = lsp.open('preview.yaml', PREVIEW)
    result = await asyncio.wait_for(lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command='hot-ls.previewOutputs', arguments=[uri])), TIMEOUT)
    assert result['parameters'] == {'env': 'dev'}
    assert result['conditions'] == {'is_prod': False}
    assert result['outputs'] == {'url': 'http://<<get_attr server first_address>>/app',
                                 'size': 'small'}
    assert result['resources']['server']['type'] == 'OS::Nova::Server'


async def test_show_graph_command_returns_mermaid(lsp: Session):
    text = PREVIEW.replace('outputs:', """\
  volume:
    type: OS::Cinder::Volume
    condition: is_prod
    properties: {size: 1}
  attachment:
    type: OS::Cinder::VolumeAttachment
    properties: {instance_uuid: {get_resource: server}, volume_id: {get_resource: volume}}
outputs:""")
    uri = lsp.open('graph.yaml', text)
    result = await asyncio.wait_for(lsp.client.workspace_execute_command_async(
        types.ExecuteCommandParams(command='hot-ls.showGraph', arguments=[uri])), TIMEOUT)
    assert isinstance(result, str) and result.startswith('flowchart LR\n')
    assert '  n0["server<br/><small>OS::Nova::Server</small>"]' in result
    assert '  n2 -->|get_resource| n0\n' in result  # the attachment requires the server
    assert '  class n1 disabled\n' in result  # is_prod is false under the defaults
    assert 'n2 -->|get_resource| n1' not in result  # a dependency Heat drops


async def test_values_as_inlay_hints_or_code_lenses(lsp: Session):
    uri = lsp.open('hints.yaml', PREVIEW)
    document = types.TextDocumentIdentifier(uri)
    whole = types.Range(types.Position(0, 0), types.Position(20, 0))
    caps = lsp.client_capabilities if hasattr(lsp, 'client_capabilities') else None
    hints = await asyncio.wait_for(lsp.client.text_document_inlay_hint_async(
        types.InlayHintParams(document, whole)), TIMEOUT)
    lenses = await asyncio.wait_for(lsp.client.text_document_code_lens_async(
        types.CodeLensParams(document)), TIMEOUT)
    shown = [(h.position.line, h.label) for h in hints] or \
        [(l.range.start.line, l.command.title) for l in lenses]
    assert (4, '= false') in shown
    assert (10, '= "http://<<get_attr server first_address>>/app"') in shown
    assert (12, '= "small"') in shown
    assert bool(hints) != bool(lenses)  # one or the other, never both
    del caps
