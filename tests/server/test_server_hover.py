"""Hover and signature help end to end, as VS Code and as Neovim 0.11.

Ranges come back in the negotiated encoding (UTF-16 for VS Code, UTF-32 for
Neovim), hover answers the current text, and signature help follows the
argument being typed in a half-written line.
"""
from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types
from lsp_session import FAST, TIMEOUT, Session, capabilities, session

pytestmark = pytest.mark.asyncio(loop_scope='module')

WIDE = '      metadata: {note: "日本語😀", f: {get_param: flavor}}'
TEMPLATE = f"""\
heat_template_version: 2021-04-16
description: "日本語😀"
parameters:
  flavor: {{type: string, default: m1.small, description: The flavor.}}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {{get_param: flavor}}
      image: cirros
{WIDE}
outputs:
  name:
    value: {{str_replace: {{template: "vm-$f", params: {{$f: {{get_param: flavor}}}}}}}}
"""


def column(lsp: Session, text: str) -> int:
    """The length of `text` in the negotiated encoding's units."""
    if lsp.encoding == 'utf-16':
        return len(text.encode('utf-16-le')) // 2
    if lsp.encoding == 'utf-8':
        return len(text.encode('utf-8'))
    return len(text)


async def hover_at(lsp: Session, uri: str, line: int, character: int) -> types.Hover | None:
    return await asyncio.wait_for(lsp.client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(uri), types.Position(line, character))), TIMEOUT)


async def signature_at(lsp: Session, uri: str, line: int, character: int,
                       trigger: str | None = None) -> types.SignatureHelp | None:
    context = None
    if trigger is not None:
        context = types.SignatureHelpContext(
            trigger_kind=types.SignatureHelpTriggerKind.TriggerCharacter,
            trigger_character=trigger, is_retrigger=False)
    return await asyncio.wait_for(lsp.client.text_document_signature_help_async(
        types.SignatureHelpParams(types.TextDocumentIdentifier(uri),
                                  types.Position(line, character), context=context)), TIMEOUT)


async def test_capabilities(lsp: Session):
    caps = lsp.result.capabilities
    assert caps.hover_provider
    assert set(caps.signature_help_provider.trigger_characters) == {':', '[', ',', ' '}


async def test_hover_range_follows_the_encoding(lsp: Session):
    uri = lsp.open('hover-wide.yaml', TEMPLATE)
    before = WIDE[:WIDE.index('flavor}}')]  # the emoji stands before the hovered word
    start = column(lsp, before)
    assert start == len(before) + (1 if lsp.encoding == 'utf-16' else 0)
    result = await hover_at(lsp, uri, 10, start + 3)
    assert result.range == types.Range(types.Position(10, start), types.Position(10, start + 6))
    assert result.contents.kind == types.MarkupKind.Markdown
    assert result.contents.value.startswith(
        '**flavor** · parameter\n\n*string* · default `"m1.small"`\n\nThe flavor.')
    assert result.contents.value.endswith('Defined at line 4.')


async def test_hover_on_a_function_shows_its_value(lsp: Session):
    uri = lsp.open('hover-value.yaml', TEMPLATE)
    result = await hover_at(lsp, uri, 13, 14)  # str_replace
    assert result.range == types.Range(types.Position(13, 12), types.Position(13, 23))
    assert '**str_replace** · intrinsic function' in result.contents.value
    assert result.contents.value.endswith('**Value** with the parameter defaults: `"vm-m1.small"`')


async def test_hover_on_a_property_and_a_type(lsp: Session):
    uri = lsp.open('hover-property.yaml', TEMPLATE)
    image = await hover_at(lsp, uri, 9, 7)
    assert image.contents.value.startswith('**image** · property of `OS::Nova::Server`')
    rtype = await hover_at(lsp, uri, 6, 12)
    assert rtype.contents.value.startswith('**OS::Nova::Server** · resource type')
    assert '*Lifecycle:* supported' in rtype.contents.value
    assert await hover_at(lsp, uri, 9, 15) is None  # "cirros": nothing to say


async def test_hover_answers_the_current_text(lsp: Session):
    uri = lsp.open('hover-edit.yaml', TEMPLATE)
    assert (await hover_at(lsp, uri, 8, 28)).contents.value.startswith('**flavor**')
    lsp.change(uri, 2, ((3, 2, 3, 8), 'size'), ((8, 26, 8, 32), 'size'))
    result = await hover_at(lsp, uri, 8, 28)
    assert result.contents.value.startswith('**size** · parameter')


async def test_signature_help_while_typing(lsp: Session):
    uri = lsp.open('signature-typing.yaml', TEMPLATE)
    await lsp.diagnostics(uri, 1)
    typed = '      key_name: {get_attr: [server, '
    lsp.change(uri, 2, ((10, 0, 10, 0), typed + '\n'))
    result = await signature_at(lsp, uri, 10, len(typed), trigger=' ')
    assert result.active_parameter == 1
    signature = result.signatures[result.active_signature]
    label = 'get_attr: [<resource_name>, <attribute_name>, <key/index>...]'
    assert signature.label == label
    start, end = signature.parameters[1].label  # both clients take label offsets
    assert label[start:end] == '<attribute_name>'
    assert signature.parameters[1].documentation.kind == types.MarkupKind.Markdown
    assert [s.label for s in result.signatures] == [label, 'get_attr: [<resource_name>]']
    # one more argument typed: the next parameter
    lsp.change(uri, 3, ((10, len(typed), 10, len(typed)), 'networks, '))
    further = await signature_at(lsp, uri, 10, len(typed) + 10, trigger=',')
    assert further.active_parameter == 2


async def test_signature_help_of_a_map_argument(lsp: Session):
    uri = lsp.open('signature-map.yaml', TEMPLATE)
    line = '    value: {str_replace: {template: "vm-$f", params: {$f: {get_param: flavor}}}}'
    result = await signature_at(lsp, uri, 13, line.index('params') + 3)
    signature = result.signatures[result.active_signature]
    start, end = signature.parameters[result.active_parameter].label
    assert signature.label[start:end] == 'params: {<placeholder>: <value>, ...}'
    inner = await signature_at(lsp, uri, 13, line.index('flavor}') + 2)
    assert inner.signatures[0].label == 'get_param: <parameter_name>'
    assert await signature_at(lsp, uri, 9, 13) is None  # image: cirros


async def test_plain_text_clients():
    caps = capabilities('vscode')
    caps.text_document.hover.content_format = [types.MarkupKind.PlainText]
    info = caps.text_document.signature_help.signature_information
    info.documentation_format = [types.MarkupKind.PlainText]
    info.parameter_information.label_offset_support = False
    async with session(caps, FAST, name='plain') as lsp:
        uri = lsp.open('plain.yaml', TEMPLATE)
        result = await hover_at(lsp, uri, 8, 28)
        assert result.contents.kind == types.MarkupKind.PlainText
        assert result.contents.value.startswith(
            'flavor · parameter\n\nstring · default "m1.small"\n\nThe flavor.')
        assert '**' not in result.contents.value and '`' not in result.contents.value
        line = '    value: {str_replace: {template: "vm-$f", params: {$f: {get_param: flavor}}}}'
        help_ = await signature_at(lsp, uri, 13, line.index('template') + 2)
        signature = help_.signatures[0]
        assert signature.parameters[help_.active_parameter].label == 'template: <string>'
        assert signature.documentation.kind == types.MarkupKind.PlainText
