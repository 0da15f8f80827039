"""Navigation and structure end to end, as VS Code and as Neovim 0.11: definition, references,
highlight, rename, document symbols, folding, selection ranges and semantic tokens.

Ranges come back in the negotiated encoding (UTF-16 for VS Code, UTF-32 for Neovim): the
template has wide characters before the names on the same line.
"""
from __future__ import annotations

import asyncio
import copy

import pytest
from lsprotocol import types
from lsp_session import FAST, TIMEOUT, Session, capabilities, session
from pygls.exceptions import JsonRpcException

pytestmark = pytest.mark.asyncio(loop_scope='module')

TEMPLATE = """\
heat_template_version: 2021-04-16
description: "日本語😀"
parameters:
  flavor: {type: string, default: m1.small}
conditions:
  big: {equals: [{get_param: flavor}, m1.large]}
resources:
  port:
    type: OS::Neutron::Port
    properties: {network: private}
  server:
    type: OS::Nova::Server
    condition: big
    properties:
      metadata: {note: "😀日本", f: {get_param: flavor}, p: {get_resource: port}}
      flavor: {get_param: flavor}
      user_data: |
        #!/bin/sh
        echo flavor
outputs:
  ip:
    value: {get_attr: [server, first_address]}
"""
LINES = TEMPLATE.splitlines()


def position(lsp: Session, line: int, needle: str, inner: int = 1, nth: int = 0) -> types.Position:
    """The position `inner` code points into the `nth` `needle` on `line`, in the session's encoding."""
    text = LINES[line]
    index = -1
    for _ in range(nth + 1):
        index = text.index(needle, index + 1)
    return types.Position(line, column(lsp, text[:index + inner]))


def column(lsp: Session, before: str) -> int:
    if lsp.encoding == 'utf-16':
        return len(before.encode('utf-16-le')) // 2
    if lsp.encoding == 'utf-8':
        return len(before.encode('utf-8'))
    return len(before)


def span(lsp: Session, line: int, needle: str, nth: int = 0) -> types.Range:
    start = position(lsp, line, needle, 0, nth)
    return types.Range(start, types.Position(line, start.character + column(lsp, needle)))


async def ask(coroutine):
    return await asyncio.wait_for(coroutine, TIMEOUT)


def doc(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri)


async def opened(lsp: Session, name: str, text: str = TEMPLATE) -> str:
    uri = lsp.open(name, text)
    await lsp.diagnostics(uri, 1)
    return uri


# -- definition, references, highlight ------------------------------------------------------------

async def test_definition_after_wide_characters(lsp: Session):
    uri = await opened(lsp, 'nav-definition.yaml')
    where = position(lsp, 14, 'flavor}', 2)  # get_param: flavor, after the emoji and CJK
    result = await ask(lsp.client.text_document_definition_async(
        types.DefinitionParams(doc(uri), where)))
    assert [(l.uri, l.range) for l in result] == [(uri, span(lsp, 3, 'flavor'))]
    where = position(lsp, 14, 'port}', 1)
    result = await ask(lsp.client.text_document_definition_async(
        types.DefinitionParams(doc(uri), where)))
    assert [l.range for l in result] == [span(lsp, 7, 'port')]
    nothing = await ask(lsp.client.text_document_definition_async(
        types.DefinitionParams(doc(uri), position(lsp, 18, 'flavor'))))
    assert not nothing


async def test_definition_opens_a_provider_template(lsp: Session, tmp_path):
    (tmp_path / 'nested.yaml').write_text('heat_template_version: 2021-04-16\n')
    text = 'heat_template_version: 2021-04-16\nresources:\n  n:\n    type: nested.yaml\n'
    uri = (tmp_path / f'main-{lsp.name}.yaml').as_uri()
    lsp.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=uri, language_id='yaml', version=1, text=text)))
    result = await ask(lsp.client.text_document_definition_async(
        types.DefinitionParams(doc(uri), types.Position(3, 12))))
    assert [l.uri for l in result] == [(tmp_path / 'nested.yaml').as_uri()]
    assert result[0].range == types.Range(types.Position(0, 0), types.Position(0, 0))


async def test_references_with_and_without_the_declaration(lsp: Session):
    uri = await opened(lsp, 'nav-references.yaml')
    where = position(lsp, 3, 'flavor')
    every = await ask(lsp.client.text_document_references_async(types.ReferenceParams(
        text_document=doc(uri), position=where,
        context=types.ReferenceContext(include_declaration=True))))
    assert sorted((l.range.start.line, l.range.start.character) for l in every) == sorted([
        (3, span(lsp, 3, 'flavor').start.character),
        (5, span(lsp, 5, 'flavor').start.character),
        (14, span(lsp, 14, 'flavor').start.character),
        (15, span(lsp, 15, 'flavor', 1).start.character)])
    uses = await ask(lsp.client.text_document_references_async(types.ReferenceParams(
        text_document=doc(uri), position=where,
        context=types.ReferenceContext(include_declaration=False))))
    assert len(uses) == 3 and all(l.uri == uri for l in uses)


async def test_document_highlight_kinds(lsp: Session):
    uri = await opened(lsp, 'nav-highlight.yaml')
    result = await ask(lsp.client.text_document_document_highlight_async(
        types.DocumentHighlightParams(doc(uri), position(lsp, 12, 'big'))))
    assert [(h.range, h.kind) for h in result] == [
        (span(lsp, 5, 'big'), types.DocumentHighlightKind.Write),
        (span(lsp, 12, 'big'), types.DocumentHighlightKind.Read)]


# -- rename ---------------------------------------------------------------------------------------

def edits_of(edit: types.WorkspaceEdit) -> dict:
    """uri -> edits, from `changes` or (clients that take versioned edits) `documentChanges`."""
    if edit.document_changes is not None:
        return {change.text_document.uri: change.edits for change in edit.document_changes}
    return edit.changes

async def test_prepare_rename_and_rename(lsp: Session):
    uri = await opened(lsp, 'nav-rename.yaml')
    where = position(lsp, 14, 'flavor}', 2)
    prepared = await ask(lsp.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(doc(uri), where)))
    assert prepared == span(lsp, 14, 'flavor')
    edit = await ask(lsp.client.text_document_rename_async(
        types.RenameParams(text_document=doc(uri), position=where, new_name='size')))
    edits = edits_of(edit)[uri]
    assert sorted((e.range.start.line, e.new_text) for e in edits) == [
        (3, 'size'), (5, 'size'), (14, 'size'), (15, 'size')]
    assert span(lsp, 14, 'flavor') in [e.range for e in edits]
    assert lsp.result.capabilities.rename_provider.prepare_provider


async def test_refused_renames_are_error_responses(lsp: Session):
    uri = await opened(lsp, 'nav-rename-refused.yaml')
    with pytest.raises(JsonRpcException, match='already exists'):
        await ask(lsp.client.text_document_rename_async(
            types.RenameParams(text_document=doc(uri), position=position(lsp, 7, 'port'),
                               new_name='server')))
    with pytest.raises(JsonRpcException, match='a parameter with that name exists'):
        await ask(lsp.client.text_document_rename_async(
            types.RenameParams(text_document=doc(uri), position=position(lsp, 7, 'port'),
                               new_name='flavor')))
    text = TEMPLATE.replace('{get_param: flavor}, m1', '{get_param: OS::stack_name}, m1')
    uri = await opened(lsp, 'nav-rename-pseudo.yaml', text)
    with pytest.raises(JsonRpcException, match='pseudo parameter'):
        await ask(lsp.client.text_document_prepare_rename_async(
            types.PrepareRenameParams(doc(uri), types.Position(5, 30))))
    nothing = await ask(lsp.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(doc(uri), types.Position(18, 10))))
    assert nothing is None


# -- structure -------------------------------------------------------------------------------------

async def test_document_symbols_are_hierarchical(lsp: Session):
    uri = await opened(lsp, 'nav-symbols.yaml')
    result = await ask(lsp.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(uri))))
    assert [s.name for s in result] == ['heat_template_version', 'description', 'parameters',
                                        'conditions', 'resources', 'outputs']
    resources = result[4]
    assert resources.kind == types.SymbolKind.Module
    assert [(c.name, c.detail, c.kind) for c in resources.children] == [
        ('port', 'OS::Neutron::Port', types.SymbolKind.Object),
        ('server', 'OS::Nova::Server', types.SymbolKind.Object)]
    assert resources.children[1].selection_range == span(lsp, 10, 'server')
    assert result[2].children[0].detail == 'string'


async def test_document_symbols_of_an_environment(lsp: Session):
    uri = await opened(lsp, 'nav-env.yaml', 'resource_registry:\n  My::Server: server.yaml\n'
                                            'parameter_defaults:\n  flavor: m1.small\n')
    result = await ask(lsp.client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc(uri))))
    assert [(s.name, s.kind, [(c.name, c.kind, c.detail) for c in s.children])
            for s in result] == [
        ('resource_registry', types.SymbolKind.Module,
         [('My::Server', types.SymbolKind.Class, 'server.yaml')]),
        ('parameter_defaults', types.SymbolKind.Module,
         [('flavor', types.SymbolKind.Variable, 'm1.small')])]


async def test_flat_symbols_and_deprecated_tags_for_a_plain_client():
    caps = copy.deepcopy(capabilities('vscode'))
    caps.text_document.document_symbol.hierarchical_document_symbol_support = False
    text = TEMPLATE.replace('OS::Neutron::Port', 'OS::Aodh::Alarm')
    async with session(caps, FAST, name='flat symbols') as lsp:
        uri = await opened(lsp, 'nav-flat.yaml', text)
        result = await ask(lsp.client.text_document_document_symbol_async(
            types.DocumentSymbolParams(doc(uri))))
        assert all(isinstance(s, types.SymbolInformation) for s in result)
        port = next(s for s in result if s.name == 'port')
        assert port.container_name == 'resources'
        assert list(port.tags) == [types.SymbolTag.Deprecated]
        assert port.location.uri == uri


async def test_folding_ranges(lsp: Session):
    uri = await opened(lsp, 'nav-folding.yaml')
    result = await ask(lsp.client.text_document_folding_range_async(
        types.FoldingRangeParams(doc(uri))))
    found = {(r.start_line, r.end_line) for r in result}
    assert {(6, 18), (10, 18), (13, 18), (16, 18), (19, 21), (20, 21)} <= found


async def test_selection_ranges(lsp: Session):
    uri = await opened(lsp, 'nav-selection.yaml')
    result = await ask(lsp.client.text_document_selection_range_async(
        types.SelectionRangeParams(text_document=doc(uri),
                                   positions=[position(lsp, 14, 'port}', 1)])))
    (selection,) = result
    ranges = []
    while selection is not None:
        ranges.append(selection.range)
        selection = selection.parent
    assert ranges[0] == span(lsp, 14, 'port')
    assert ranges[1] == span(lsp, 14, 'get_resource: port')
    assert ranges[-1].start == types.Position(0, 0)


def decode(data: list[int], legend: types.SemanticTokensLegend) -> list[tuple]:
    out, line, character = [], 0, 0
    for index in range(0, len(data), 5):
        delta_line, delta_character, length, kind, bits = data[index:index + 5]
        line += delta_line
        character = character + delta_character if delta_line == 0 else delta_character
        modifiers = {m for i, m in enumerate(legend.token_modifiers) if bits & (1 << i)}
        out.append((line, character, length, legend.token_types[kind], modifiers))
    return out


async def test_semantic_tokens_full_and_range(lsp: Session):
    uri = await opened(lsp, 'nav-tokens.yaml')
    provider = lsp.result.capabilities.semantic_tokens_provider
    legend = provider.legend
    assert provider.full and provider.range
    full = decode((await ask(lsp.client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(doc(uri))))).data, legend)
    line14 = [t for t in full if t[0] == 14]
    flavor = span(lsp, 14, 'flavor')
    assert (14, flavor.start.character, column(lsp, 'flavor'), 'parameter', set()) in line14
    assert [t[3] for t in line14] == ['function', 'parameter', 'function', 'variable']
    assert (3, 2, 6, 'parameter', {'declaration'}) in full
    assert (8, 10, 17, 'type', set()) in full
    assert all(t[2] > 0 for t in full)
    ranged = await ask(lsp.client.text_document_semantic_tokens_range_async(
        types.SemanticTokensRangeParams(
            text_document=doc(uri),
            range=types.Range(types.Position(14, 0), types.Position(15, 0)))))
    assert [t[1:] for t in decode(ranged.data, legend)] == [t[1:] for t in line14]


async def test_navigation_answers_the_current_text(lsp: Session):
    uri = await opened(lsp, 'nav-current.yaml')
    # insert a parameter above everything and ask at once: the answer is about the new text
    lsp.change(uri, 2, ((3, 0, 3, 0), '  zone: {type: string}\n'))
    where = position(lsp, 14, 'flavor}', 2)  # the old line 14 is line 15 now
    where = types.Position(15, where.character)
    result = await ask(lsp.client.text_document_definition_async(
        types.DefinitionParams(doc(uri), where)))
    assert [l.range.start.line for l in result] == [4]
