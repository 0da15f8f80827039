"""Code actions end to end, as VS Code and as Neovim 0.11.

The client sends back the diagnostics it was given (their `data` included);
the server matches them to the analysis of the current text and answers
with edits in the negotiated encoding: versioned `documentChanges` for VS
Code, which declares them, plain `changes` for Neovim, which does not.
Each test applies the edit as the editor would, sends it back as a change
and checks that the diagnostic is gone.
"""
from __future__ import annotations

import asyncio
import copy

import pytest
from lsprotocol import types
from lsp_session import FAST, TIMEOUT, Session, capabilities, session

from hot_ls.text import Encoding, LineIndex

pytestmark = pytest.mark.asyncio(loop_scope='module')

TEMPLATE = """\
heat_template_version: 2021-04-16
description: "日本語😀"
parameters:
  flavor: {type: string}
resources:
  server:
    type: OS::Nova::Server
    metadata: {note: "😀日本"}
    properties:
      flavor: {get_param: flavour}
      image: cirros
  volume:
    type: OS::Cinder::Volume
    properties: {name: "😀", size: {get_param: size}}
"""


async def request(lsp: Session, uri: str, where: types.Range,
                  diagnostics: list[types.Diagnostic], only=None) -> list[types.CodeAction]:
    result = await asyncio.wait_for(lsp.client.text_document_code_action_async(
        types.CodeActionParams(types.TextDocumentIdentifier(uri), where,
                               types.CodeActionContext(diagnostics=diagnostics, only=only))),
        TIMEOUT)
    return list(result or [])


def edits_of(lsp: Session, action: types.CodeAction, uri: str, version: int
             ) -> list[types.TextEdit]:
    edit = action.edit
    if lsp.name == 'vscode':  # declares workspaceEdit.documentChanges
        assert edit.changes is None
        [document] = edit.document_changes
        assert document.text_document.uri == uri
        assert document.text_document.version == version
        return list(document.edits)
    assert edit.document_changes is None
    assert list(edit.changes) == [uri]
    return list(edit.changes[uri])


def apply(lsp: Session, text: str, edits: list[types.TextEdit]) -> str:
    lines = LineIndex(text)
    encoding = Encoding(lsp.encoding)
    spans = [(lines.offset(e.range.start.line, e.range.start.character, encoding),
              lines.offset(e.range.end.line, e.range.end.character, encoding), e.new_text)
             for e in edits]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


async def fix(lsp: Session, name: str, text: str, code: str, title: str, expected: str,
              context: bool = True, about: str = '') -> None:
    """Open `text`, ask for the actions of the `code` diagnostic whose message has `about`
    (sent in the context, or not), apply the one titled `title`, and check the text and that
    the diagnostic is gone."""
    uri = lsp.open(name, text)
    diagnostics = await lsp.diagnostics(uri, 1)
    target = next(d for d in diagnostics if d.code == code and about in d.message)
    actions = await request(lsp, uri, target.range, [target] if context else [])
    action = next((a for a in actions if a.title == title), None)
    assert action is not None, [a.title for a in actions]
    assert action.kind == types.CodeActionKind.QuickFix
    assert target in action.diagnostics
    new = apply(lsp, text, edits_of(lsp, action, uri, 1))
    assert new == expected
    since = len(lsp.published)
    lsp.change(uri, 2, ((0, 0, len(text.splitlines()) + 1, 0), new))
    after = await lsp.diagnostics(uri, 2, since)
    assert (code, target.message) not in {(d.code, d.message) for d in after}, after
    lsp.close(uri)


async def test_did_you_mean_a_parameter(lsp: Session):
    await fix(lsp, 'ca-param.yaml', TEMPLATE, 'HOT301', 'Change "flavour" to "flavor"',
              TEMPLATE.replace('flavour', 'flavor'))


async def test_a_key_without_its_colon_gets_it(lsp: Session):
    broken = TEMPLATE.replace('  volume:', '  volume', 1)
    await fix(lsp, 'ca-colon.yaml', broken, 'HOT001', 'Add ":" after "volume"', TEMPLATE)


async def test_a_tab_in_the_indentation_becomes_spaces(lsp: Session):
    broken = TEMPLATE.replace('    type: OS::Cinder::Volume', '\ttype: OS::Cinder::Volume', 1)
    await fix(lsp, 'ca-tab.yaml', broken, 'HOT001', 'Indent with spaces instead of a tab',
              TEMPLATE)


async def test_a_property_beside_properties_moves_under_them(lsp: Session):
    broken = TEMPLATE.replace('      image: cirros\n', '    image: cirros\n', 1)
    await fix(lsp, 'ca-move.yaml', broken, 'HOT112', 'Move "image" under "properties"', TEMPLATE)


async def test_properties_too_far_left_are_indented_under_the_resource_above(lsp: Session):
    broken = TEMPLATE.replace('    properties: {name:', '  properties: {name:', 1)
    await fix(lsp, 'ca-indent.yaml', broken, 'HOT113', 'Indent "properties" under "volume"',
              TEMPLATE)


async def test_a_single_value_where_a_list_is_wanted_becomes_its_item(lsp: Session):
    broken = TEMPLATE.replace('      image: cirros\n',
                              '      image: cirros\n      security_groups: default\n', 1)
    await fix(lsp, 'ca-list.yaml', broken, 'HOT704', 'Make "security_groups" a list of this value',
              broken.replace('security_groups: default', 'security_groups: [default]'))


async def test_a_required_property_written_misspelt_is_renamed(lsp: Session):
    broken = TEMPLATE.replace('flavor: {get_param: flavour}', 'flavr: {get_param: flavour}', 1)
    await fix(lsp, 'ca-misspelt.yaml', broken, 'HOT703', 'Change "flavr" to "flavor"', TEMPLATE)


async def test_what_needs_a_later_version_raises_it_once_for_all(lsp: Session):
    broken = TEMPLATE.replace('2021-04-16', '2016-04-08').replace(
        '  flavor: {type: string}', '  flavor: {type: string, tags: [a]}').replace(
        'image: cirros', 'image: {list_concat: [[a], [b]]}')
    await fix(lsp, 'ca-version.yaml', broken, 'HOT402',
              'Raise heat_template_version to 2018-03-02, which 2 diagnostics need',
              broken.replace('2016-04-08', '2018-03-02'))


async def test_a_resource_named_with_get_param_is_read_with_get_resource(lsp: Session):
    broken = TEMPLATE.replace('image: cirros', 'image: {get_param: volume}', 1)
    await fix(lsp, 'ca-function.yaml', broken, 'HOT301', 'Change "get_param" to "get_resource"',
              TEMPLATE.replace('image: cirros', 'image: {get_resource: volume}', 1),
              about='(volume)')


async def test_the_first_replacement_is_preferred_and_data_comes_back(lsp: Session):
    uri = lsp.open('ca-preferred.yaml', TEMPLATE.replace('OS::Cinder::Volume', 'OS::Cinder::Volum'))
    diagnostics = await lsp.diagnostics(uri, 1)
    target = next(d for d in diagnostics if d.code == 'HOT701')
    assert target.data == {'replacements': ['OS::Cinder::Volume', 'OS::Cinder::VolumeType',
                                            'OS::Cinder::Quota']}
    actions = await request(lsp, uri, target.range, [target])
    assert [(a.title, a.is_preferred) for a in actions[:2]] == [
        ('Change "OS::Cinder::Volum" to "OS::Cinder::Volume"', True),
        ('Change "OS::Cinder::Volum" to "OS::Cinder::VolumeType"', None)]
    lsp.close(uri)


async def test_declare_a_parameter_with_its_inferred_type(lsp: Session):
    await fix(lsp, 'ca-declare.yaml', TEMPLATE, 'HOT301', 'Declare parameter "size" (number)',
              TEMPLATE.replace('  flavor: {type: string}\n',
                               '  flavor: {type: string}\n  size: {type: number}\n'),
              about='(size)')


async def test_add_missing_required_properties(lsp: Session):
    text = TEMPLATE.replace('      flavor: {get_param: flavour}\n', '')
    await fix(lsp, 'ca-required.yaml', text, 'HOT703',
              'Add the missing required property flavor',
              text.replace("image: cirros\n", "image: cirros\n      flavor: ''\n"))


async def test_suppress_on_a_line_with_wide_characters(lsp: Session):
    """The comment goes at the end of the line, after the emoji: its column differs between
    UTF-16 and UTF-32."""
    text = TEMPLATE.replace('name: "😀"', 'name: "😀", nme: x')
    await fix(lsp, 'ca-suppress.yaml', text, 'HOT702', 'Suppress HOT702 on this line',
              text.replace('{get_param: size}}', '{get_param: size}}  # hot-ls: disable=HOT702'))


async def test_without_diagnostics_in_the_context_those_at_the_range(lsp: Session):
    await fix(lsp, 'ca-no-context.yaml', TEMPLATE, 'HOT301', 'Change "flavour" to "flavor"',
              TEMPLATE.replace('flavour', 'flavor'), context=False)


async def test_only_the_kinds_asked_for(lsp: Session):
    uri = lsp.open('ca-only.yaml', TEMPLATE)
    await lsp.diagnostics(uri, 1)
    line = TEMPLATE.splitlines().index('      image: cirros')
    where = types.Range(types.Position(line, 14), types.Position(line, 14))
    actions = await request(lsp, uri, where, [], only=[types.CodeActionKind.Refactor])
    assert [(a.title, a.kind) for a in actions] == [
        ('Extract "cirros" into parameter "image"', types.CodeActionKind.RefactorExtract)]
    assert await request(lsp, uri, where, [], only=[types.CodeActionKind.QuickFix]) == []
    # (a source action: the document's "fix all", here of get_param: flavour)
    assert [a.kind for a in await request(lsp, uri, where, [],
                                          only=[types.CodeActionKind.Source])] == [
        'source.fixAll.hot-ls']
    new = apply(lsp, TEMPLATE, edits_of(lsp, actions[0], uri, 1))
    assert new == TEMPLATE.replace(
        '  flavor: {type: string}\n',
        '  flavor: {type: string}\n  image: {type: string, default: cirros}\n').replace(
        'image: cirros', 'image: {get_param: image}')
    lsp.close(uri)


async def test_a_stale_diagnostic_gets_no_fix(lsp: Session):
    """A diagnostic the current text no longer has (the client's copy is from before an
    edit) is not matched to anything; the others still are."""
    uri = lsp.open('ca-stale.yaml', TEMPLATE)
    diagnostics = await lsp.diagnostics(uri, 1)
    target = next(d for d in diagnostics if d.code == 'HOT301')
    stale = copy.deepcopy(target)
    stale.range = types.Range(types.Position(0, 0), types.Position(0, 3))
    actions = await request(lsp, uri, target.range, [stale])
    assert actions == []
    lsp.close(uri)


async def test_the_capability_is_announced(lsp: Session):
    provider = lsp.result.capabilities.code_action_provider
    assert list(provider.code_action_kinds) == [types.CodeActionKind.QuickFix,
                                                types.CodeActionKind.Refactor,
                                                types.CodeActionKind.SourceFixAll]


async def test_fix_all_when_asked_for(lsp: Session):
    """What an editor asks on save (VS Code's codeActionsOnSave: source.fixAll): the fixes
    that have one reading, as the least edits; nothing of it in an ordinary request."""
    broken = TEMPLATE.replace('OS::Cinder::Volume', 'OS::Cinder::Volme').replace(
        '      image: cirros', '\timage: cirros')  # (and get_param: flavour)
    uri = lsp.open('ca-fix-all.yaml', broken)
    await lsp.diagnostics(uri, 1)
    whole = types.Range(types.Position(0, 0), types.Position(0, 0))
    assert not any(a.kind and a.kind.startswith('source') for a in
                   await request(lsp, uri, whole, []))
    [action] = await request(lsp, uri, whole, [], only=[types.CodeActionKind.SourceFixAll])
    assert (action.kind, action.title) == ('source.fixAll.hot-ls',
                                           'Fix what has one reading (2 fixes)')
    [edit] = edits_of(lsp, action, uri, 1)  # (the two lines changed, not the whole document)
    assert (edit.range.start.line, edit.range.end.line) == (9, 11)
    edits = [edit]
    new = apply(lsp, broken, edits)  # (OS::Cinder::Volme has three close names: left)
    assert new == TEMPLATE.replace('OS::Cinder::Volume', 'OS::Cinder::Volme').replace(
        'flavour', 'flavor')
    [again] = await request(lsp, uri, whole, [], only=[types.CodeActionKind.Source])
    assert again.kind == 'source.fixAll.hot-ls'
    lsp.close(uri)


async def test_a_client_without_code_action_literals_gets_none():
    caps = capabilities('neovim')
    caps.text_document.code_action.code_action_literal_support = None
    async with session(caps, FAST, name='no-literals') as lsp:
        uri = lsp.open('ca-literals.yaml', TEMPLATE)
        diagnostics = await lsp.diagnostics(uri, 1)
        target = next(d for d in diagnostics if d.code == 'HOT301')
        assert await request(lsp, uri, target.range, [target]) == []
