"""The workspace through the real server: a folder of templates joined by an environment.

The editor opens fixtures/workspace/project as its workspace folder, with the
`environments` setting naming env.yaml: definition and rename across files,
the background index with work-done progress, workspace symbols, document
links, and diagnostics that follow an edit to a file another one depends on.
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
from pathlib import Path
from typing import Callable

import pytest
import pytest_asyncio
from lsprotocol import types

from helpers import FIXTURES
from lsp_session import FAST, TIMEOUT, Session, capabilities, session

pytestmark = pytest.mark.asyncio(loop_scope='module')
PROJECT = os.path.join(FIXTURES, 'workspace', 'project')


@pytest_asyncio.fixture(loop_scope='module', params=['vscode', 'neovim'])
async def project(request, tmp_path_factory):
    """A copy of the project (tests edit it), opened as the editor's workspace folder."""
    root = str(tmp_path_factory.mktemp('project') / 'project')
    shutil.copytree(PROJECT, root)
    caps = capabilities(request.param)
    caps.window = types.WindowClientCapabilities(work_done_progress=True)
    options = {**FAST, 'environments': ['env.yaml']}
    async with session(caps, options, name=request.param, folders=(root,)) as s:
        s.root = root
        yield s


def uri(root: str, name: str) -> str:
    return Path(os.path.join(root, name)).as_uri()


def open_file(s: Session, name: str) -> tuple[str, str]:
    path = os.path.join(s.root, name)
    with open(path, encoding='utf-8') as fh:
        text = fh.read()
    target = uri(s.root, name)
    s.client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri=target, language_id='yaml', version=1, text=text)))
    return target, text


def position(text: str, needle: str, shift: int = 0) -> types.Position:
    offset = text.index(needle) + shift
    line = text.count('\n', 0, offset)
    return types.Position(line, offset - (text.rfind('\n', 0, offset) + 1))


async def test_definition_goes_to_the_provider_template_and_its_parameter(project):
    target, text = open_file(project, 'stack.yaml')
    found = await asyncio.wait_for(project.client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(target),
                               position(text, 'My::Server'))), TIMEOUT)
    assert [l.uri for l in found] == [uri(project.root, 'providers/server.yaml')]
    found = await asyncio.wait_for(project.client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(target),
                               position(text, 'flavor: {get_param', 1))), TIMEOUT)
    assert [(l.uri, l.range.start.line, l.range.start.character) for l in found] == [
        (uri(project.root, 'providers/server.yaml'), 3, 2)]


async def test_rename_of_a_parameter_edits_the_parents_and_the_environment(project):
    target, text = open_file(project, 'providers/server.yaml')
    edit = await asyncio.wait_for(project.client.text_document_rename_async(
        types.RenameParams(types.TextDocumentIdentifier(target), position(text, 'image:'),
                           'image_name')), TIMEOUT)
    changes = ({c.text_document.uri: c.edits for c in edit.document_changes}
               if edit.document_changes is not None else edit.changes)
    assert sorted(changes) == [uri(project.root, 'env.yaml'), target]
    env_edit, = changes[uri(project.root, 'env.yaml')]
    assert (env_edit.range.start.line, env_edit.range.start.character, env_edit.new_text) == (
        3, 2, 'image_name')


async def test_the_index_reports_progress_and_answers_workspace_symbols(project):
    async def ended():
        while True:
            values = list(project.client.progress_reports.get('hot-ls-index', []))
            if values and getattr(values[-1], 'kind', None) == 'end':
                return values
            await asyncio.sleep(0.02)
    values = await asyncio.wait_for(ended(), TIMEOUT)
    assert values[0].kind == 'begin' and values[-1].message == '11 Heat documents indexed'
    symbols = await asyncio.wait_for(project.client.workspace_symbol_async(
        types.WorkspaceSymbolParams(query='net_id')), TIMEOUT)
    assert (symbols[0].name, symbols[0].location.uri) == (
        'net_id', uri(project.root, 'nested/net.yaml'))


async def test_document_links(project):
    target, _ = open_file(project, 'stack.yaml')
    links = await asyncio.wait_for(project.client.text_document_document_link_async(
        types.DocumentLinkParams(types.TextDocumentIdentifier(target))), TIMEOUT)
    assert sorted(l.target for l in links) == [uri(project.root, 'nested/net.yaml'),
                                               uri(project.root, 'scripts/boot.sh')]


async def test_an_edit_to_a_provider_refreshes_its_parent(project):
    """Removing a parameter from the provider (in the editor, unsaved) makes the parent's
    property unknown; restoring it clears the error."""
    parent, _ = open_file(project, 'defects/out-of-range.yaml')
    first = await project.diagnostics(parent, 1)
    assert [d.code for d in first] == ['HOT705']
    provider, text = open_file(project, 'providers/server.yaml')
    await project.diagnostics(provider, 1)
    since = len(project.published)
    start = position(text, '  count:')
    end = position(text, '  count:')
    end = types.Position(end.line + 5, 0)  # the parameter with its constraint
    project.change(provider, 2, ((start.line, 0, end.line, 0), ''))
    # the editor gets the edited document's diagnostics (it pulls them, or they are pushed)
    await project.diagnostics(provider, 2, since)
    # then the parent's: pushed again by the server, or pulled again by the client (a push
    # of what it had may come first, as the workspace catches up)
    found = await settled(project, parent, 1, since, codes('HOT702'))
    assert [(d.code, d.message) for d in found] == [('HOT702', 'Unknown Property count')]


async def settled(s: Session, target: str, version: int, since: int,
                  expect: Callable[[list], bool] = lambda found: True) -> list:
    """The diagnostics of `target` once the server has answered an edit of another file:
    the last ones it pushed, or what the client pulls, once they are what `expect` wants
    (the server may first push a file again with what it had, as the workspace catches
    up), or what they are when TIMEOUT runs out (for the assertion to show)."""
    await s.diagnostics(target, version, since)
    deadline = asyncio.get_running_loop().time() + TIMEOUT
    while True:
        if s.pull:
            found = await s.diagnostics(target, version)
        else:
            await s.quiet(0.5)
            last = [p for p in s.published[since:] if p.uri == target and p.version == version]
            found = list(last[-1].diagnostics)
        if expect(found) or asyncio.get_running_loop().time() > deadline:
            return found


def codes(*expected: str) -> Callable[[list], bool]:
    return lambda found: [d.code for d in found] == list(expected)


async def test_an_edit_to_the_environment_rechecks_its_templates(project):
    """The environment, edited in the editor (unsaved), gives a parameter the template does
    not declare (HOT604), then a value the provider's constraint refuses (HOT220); the
    templates created with it follow each edit."""
    stack, _ = open_file(project, 'stack.yaml')
    assert [d.code for d in await project.diagnostics(stack, 1)] == []
    provider, _ = open_file(project, 'providers/server.yaml')
    assert [d.code for d in await project.diagnostics(provider, 1)] == []
    env, text = open_file(project, 'env.yaml')
    await project.diagnostics(env, 1)
    end = text.count('\n')
    since = len(project.published)
    project.change(env, 2, ((end, 0, end, 0), 'parameters:\n  flavour: m1.large\n'))
    await project.diagnostics(env, 2, since)
    found = await settled(project, stack, 1, since, codes('HOT604'))
    assert [(d.code, d.message) for d in found] == [(
        'HOT604', 'Heat refuses the environment env.yaml: The Parameter (flavour) was not '
        'defined in template. Did you mean "flavor"?')]
    [place] = found[0].related_information  # in the environment: the name to fix
    assert (place.location.uri, place.location.range.start.line,
            place.location.range.start.character, place.message) == (
        env, end + 1, 2, 'where the environment names it')
    # a line above it: the place follows the name (the stack reads the environment's text)
    since = len(project.published)
    project.change(env, 3, ((0, 0, 0, 0), '# the lab\n'))
    await project.diagnostics(env, 3, since)
    [place] = (await settled(project, stack, 1, since, lambda found: found and found[0]
                             .related_information[0].location.range.start.line == end + 2)
               )[0].related_information
    assert place.location.range.start.line == end + 2
    # a suppression comment there accepts it: the template reports nothing
    since = len(project.published)
    named = len('  flavour: m1.large')
    project.change(env, 4, ((end + 2, named, end + 2, named), '  # hot-ls: disable=HOT604'))
    await project.diagnostics(env, 4, since)
    assert [d.code for d in await settled(project, stack, 1, since, codes())] == []
    since = len(project.published)
    project.change(env, 5, ((0, 0, 1, 0), ''))
    project.change(env, 6, ((end, 0, end + 2, 0), 'parameters:\n  flavor: m1.large\n'))
    project.change(env, 7, ((end, 0, end, 0), '  count: 9\n'))
    await project.diagnostics(env, 7, since)
    assert [d.code for d in await settled(project, stack, 1, since, codes())] == []
    found = await settled(project, provider, 1, since, codes('HOT220'))
    assert [(d.code, d.message, d.range.start.line) for d in found] == [(
        'HOT220', "Parameter 'count' is invalid: 9 is out of range (min: 1, max: 5) "
        '(given in env.yaml)', 7)]
    # accepted where the environment gives the value: the provider's check (made entry by
    # entry, and kept while its entry does not change) reads the comment there
    since = len(project.published)
    project.change(env, 8, ((end, len('  count: 9'), end, len('  count: 9')),
                            '  # hot-ls: disable=HOT220'))
    await project.diagnostics(env, 8, since)
    assert [d.code for d in await settled(project, provider, 1, since, codes())] == []


async def test_the_call_hierarchy_is_which_templates_nest_which(project):
    """Prepared on a resource's mapped type: the provider template; its incoming calls are
    the templates whose resources nest it (with their types' ranges there), and the stack's
    outgoing calls the templates it nests (with the ranges in it)."""
    target, text = open_file(project, 'stack.yaml')
    items = await asyncio.wait_for(project.client.text_document_prepare_call_hierarchy_async(
        types.CallHierarchyPrepareParams(types.TextDocumentIdentifier(target),
                                         position(text, 'My::Server', 2))), TIMEOUT)
    [item] = items
    assert (item.name, item.uri, item.kind, item.detail) == (
        'providers/server.yaml', uri(project.root, 'providers/server.yaml'),
        types.SymbolKind.File, 'One server, as a provider template.')
    with open(os.path.join(project.root, 'providers', 'server.yaml'), encoding='utf-8') as fh:
        provider_lines = fh.read().count('\n')
    assert (item.range.start.line, item.range.end.line) == (0, provider_lines)
    calls = await asyncio.wait_for(project.client.call_hierarchy_incoming_calls_async(
        types.CallHierarchyIncomingCallsParams(item)), TIMEOUT)
    assert [(c.from_.name, [(r.start.line, r.start.character, r.end.character)
                            for r in c.from_ranges]) for c in calls] == [
        ('defects/missing-output.yaml', [(3, 10, 20)]),
        ('defects/missing-required.yaml', [(3, 10, 20)]),
        ('defects/out-of-range.yaml', [(3, 10, 20)]),
        ('defects/unknown-property.yaml', [(3, 10, 20)]),
        ('stack.yaml', [(8, 10, 20), (19, 14, 24)])]
    [root] = await asyncio.wait_for(project.client.text_document_prepare_call_hierarchy_async(
        types.CallHierarchyPrepareParams(types.TextDocumentIdentifier(target),
                                         types.Position(0, 0))), TIMEOUT)
    assert root.uri == target
    calls = await asyncio.wait_for(project.client.call_hierarchy_outgoing_calls_async(
        types.CallHierarchyOutgoingCallsParams(root)), TIMEOUT)
    assert [(c.to.name, [(r.start.line, r.start.character) for r in c.from_ranges])
            for c in calls] == [('providers/server.yaml', [(8, 10), (19, 14)]),
                                ('nested/net.yaml', [(13, 10)])]


async def test_rename_of_an_output_edits_the_parents_get_attr(project):
    target, text = open_file(project, 'providers/server.yaml')
    at = position(text, '  ip:', 2)
    found = await asyncio.wait_for(project.client.text_document_references_async(
        types.ReferenceParams(text_document=types.TextDocumentIdentifier(target), position=at,
                              context=types.ReferenceContext(include_declaration=True))),
        TIMEOUT)
    assert sorted((l.uri, l.range.start.line, l.range.start.character) for l in found) == [
        (target, 19, 2), (uri(project.root, 'stack.yaml'), 28, 31)]
    edit = await asyncio.wait_for(project.client.text_document_rename_async(
        types.RenameParams(types.TextDocumentIdentifier(target), at, 'address')), TIMEOUT)
    changes = ({c.text_document.uri: c.edits for c in edit.document_changes}
               if edit.document_changes is not None else edit.changes)
    [there] = changes[uri(project.root, 'stack.yaml')]
    assert (there.range.start.line, there.range.start.character, there.new_text) == (
        28, 31, 'address')


async def referenced(project, target: str, at: types.Position) -> list[tuple]:
    """The references the server finds at `at`: (path in the project, line, character)."""
    found = await asyncio.wait_for(project.client.text_document_references_async(
        types.ReferenceParams(text_document=types.TextDocumentIdentifier(target), position=at,
                              context=types.ReferenceContext(include_declaration=True))),
        TIMEOUT)
    return [(os.path.relpath(Path(l.uri[len('file://'):]), project.root),
             l.range.start.line, l.range.start.character) for l in found]


async def test_references_of_a_mapped_type(project):
    target, text = open_file(project, 'env.yaml')
    assert await referenced(project, target, position(text, 'My::Server', 2)) == [
        ('env.yaml', 1, 2), ('defects/missing-output.yaml', 3, 10),
        ('defects/missing-required.yaml', 3, 10), ('defects/out-of-range.yaml', 3, 10),
        ('defects/unknown-property.yaml', 3, 10), ('stack.yaml', 8, 10),
        ('stack.yaml', 19, 14)]


async def test_hover_of_a_mapped_type_shows_its_template(project):
    target, text = open_file(project, 'stack.yaml')
    found = await asyncio.wait_for(project.client.text_document_hover_async(types.HoverParams(
        types.TextDocumentIdentifier(target), position(text, 'My::Server', 1))), TIMEOUT)
    value = found.contents.value
    assert value.startswith('**My::Server** · provider template\n\nMapped to '
                            '`providers/server.yaml` by `env.yaml`.'), value
    assert '- `flavor` *string* · required' in value


async def test_completion_offers_the_mapped_type_and_the_provider_parameters(project):
    target, text = open_file(project, 'stack.yaml')
    await project.diagnostics(target, 1)
    line = text[:text.index('outputs:')].count('\n')
    project.change(target, 2, ((line, 0, line, 0), '  new:\n    type: My\n'))
    found = await asyncio.wait_for(project.client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(target),
                               types.Position(line + 1, 12))), TIMEOUT)
    items = found.items if hasattr(found, 'items') else found
    first = min(items, key=lambda i: i.sort_text)
    assert (first.label, first.detail) == ('My::Server', '→ providers/server.yaml')
    assert first.text_edit.new_text.startswith('My::Server\n    properties:\n      flavor: ')


async def test_rename_of_a_custom_type(project):
    target, text = open_file(project, 'env.yaml')
    at = position(text, 'My::Server', 2)
    prepared = await asyncio.wait_for(project.client.text_document_prepare_rename_async(
        types.PrepareRenameParams(types.TextDocumentIdentifier(target), at)), TIMEOUT)
    assert (prepared.start.line, prepared.start.character, prepared.end.character) == (1, 2, 12)
    edit = await asyncio.wait_for(project.client.text_document_rename_async(
        types.RenameParams(types.TextDocumentIdentifier(target), at, 'My::Machine')), TIMEOUT)
    changes = ({c.text_document.uri: c.edits for c in edit.document_changes}
               if edit.document_changes is not None else edit.changes)
    assert sorted(os.path.relpath(Path(u[len('file://'):]), project.root)
                  for u in changes) == [
        'defects/missing-output.yaml', 'defects/missing-required.yaml',
        'defects/out-of-range.yaml', 'defects/unknown-property.yaml', 'env.yaml', 'stack.yaml']
    assert {e.new_text for edits in changes.values() for e in edits} == {'My::Machine'}
    assert len(changes[uri(project.root, 'stack.yaml')]) == 2
    with pytest.raises(Exception, match="one of Heat's resource types"):
        await asyncio.wait_for(project.client.text_document_rename_async(types.RenameParams(
            types.TextDocumentIdentifier(target), at, 'OS::Nova::Server')), TIMEOUT)


async def test_references_on_a_get_attr_of_a_provider_output(project):
    target, text = open_file(project, 'stack.yaml')
    assert await referenced(project, target, position(text, 'server, ip]', 8)) == [
        ('providers/server.yaml', 19, 2), ('stack.yaml', 28, 31)]


MEMBER = '''heat_template_version: 2021-04-16
parameters:
  image: {type: string}
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: {get_param: image}
      flavor: m1.small
'''
GROUP = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: member.yaml
'''


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_an_edit_to_a_group_member_provider_refreshes_its_parent(client, tmp_path):
    """The server of a group's member reads a parameter without a value when Heat validates
    the member's stack (HOT730 on the group); the provider, edited in the editor (unsaved),
    gives the server its image as written: the parent's error goes."""
    root = tmp_path / 'groups'
    root.mkdir()
    (root / 'member.yaml').write_text(MEMBER, encoding='utf-8')
    (root / 'group.yaml').write_text(GROUP, encoding='utf-8')
    (root / 'env.yaml').write_text('parameter_defaults: {other: 1}\n', encoding='utf-8')
    options = {**FAST, 'environments': ['env.yaml']}
    async with session(capabilities(client), options, name=client, folders=(str(root),)) as s:
        s.root = str(root)
        parent, _ = open_file(s, 'group.yaml')
        first = await s.diagnostics(parent, 1)
        assert [(d.code, d.message) for d in first] == [(
            'HOT730', 'ValueError: resources.group<nested_stack>.resources.0<member.yaml>'
            '.resources.server: The Parameter (image) was not provided.')]
        provider, text = open_file(s, 'member.yaml')
        await s.diagnostics(provider, 1)
        since = len(s.published)
        at = position(text, '{get_param: image}')
        s.change(provider, 2, ((at.line, at.character, at.line,
                                at.character + len('{get_param: image}')), 'fedora'))
        await s.diagnostics(provider, 2, since)
        found = await settled(s, parent, 1, since, codes('HOT703'))
        assert [(d.code, d.message) for d in found] == [(
            'HOT703', "Property image not assigned (Heat checks the property values of group's "
            'members only when it creates them, after the stack create has started)')]


NETWORKED = '''heat_template_version: 2021-04-16
parameters:
  networks: {type: json, default: []}
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: fedora
      flavor: m1.small
      networks: {get_param: networks}
'''
USER = '''heat_template_version: 2021-04-16
resources:
  vm:
    type: networked.yaml
    properties:
      networks: [{pport: p1}]
'''


#: what the server in NETWORKED refuses of USER's networks (HOT730)
NO_NETWORK = ('One of the properties "network", "port", "allocate_network" or "subnet" '
              'should be set for the specified network of server "server".')
RELAY = '''heat_template_version: 2021-04-16
parameters:
  networks: {type: json, default: []}
resources:
  inner:
    type: networked.yaml
    properties:
      networks: {get_param: networks}
'''


async def mended_provider_clears_its_user(client: str, root, files: dict, where: str) -> None:
    """user.yaml (among `files`) passes a networks list that the server of networked.yaml
    refuses when Heat validates the nested stacks (HOT730, `where` the nesting); then
    networked.yaml, edited in the editor (unsaved), no longer reads it: the error goes."""
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text, encoding='utf-8')
    async with session(capabilities(client), FAST, name=client, folders=(str(root),)) as s:
        s.root = str(root)
        parent, text = open_file(s, 'user.yaml')
        first = await s.diagnostics(parent, 1)
        at = position(text, '[{pport')
        assert [(d.code, d.message, d.range.start.line, d.range.start.character)
                for d in first] == [('HOT730', f'{where}: {NO_NETWORK}', at.line, at.character)]
        provider, text = open_file(s, 'networked.yaml')
        await s.diagnostics(provider, 1)
        since = len(s.published)
        at = position(text, '{get_param: networks}')
        s.change(provider, 2, ((at.line, at.character, at.line,
                                at.character + len('{get_param: networks}')),
                               '[{network: private}]'))
        await s.diagnostics(provider, 2, since)
        assert await settled(s, parent, 1, since, codes()) == []


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_an_edit_to_a_provider_refreshes_what_its_user_passes_it(client, tmp_path):
    """A provider resource passes a value its template's server refuses when Heat validates
    the nested stack; the provider no longer reads it."""
    await mended_provider_clears_its_user(
        client, tmp_path / 'plain', {'networked.yaml': NETWORKED, 'user.yaml': USER},
        'resources.vm<networked.yaml>')


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_an_edit_two_levels_down_refreshes_what_the_root_passes(client, tmp_path):
    """The value passes through a provider of a provider (relay.yaml, then networked.yaml);
    networked.yaml, which the root does not read itself, no longer reads it."""
    await mended_provider_clears_its_user(
        client, tmp_path / 'deep', {'networked.yaml': NETWORKED, 'relay.yaml': RELAY,
                                    'user.yaml': USER.replace('networked.yaml', 'relay.yaml')},
        'resources.vm<relay.yaml>.resources.inner<networked.yaml>')


@contextlib.asynccontextmanager
async def a_clean_user(client: str, root, files: dict, user: str):
    """`files` and user.yaml (`user`, passing a networks list the server takes) written in
    `root`, the folder opened; user.yaml and networked.yaml opened, user.yaml without a
    diagnostic: (the session, user.yaml's uri and text, networked.yaml's)."""
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text, encoding='utf-8')
    (root / 'user.yaml').write_text(user.replace('[{pport: p1}]', '[{port: p1}]'),
                                    encoding='utf-8')
    async with session(capabilities(client), FAST, name=client, folders=(str(root),)) as s:
        s.root = str(root)
        parent, parent_text = open_file(s, 'user.yaml')
        assert await s.diagnostics(parent, 1) == []
        provider, text = open_file(s, 'networked.yaml')
        await s.diagnostics(provider, 1)
        yield s, parent, parent_text, provider, text


@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_a_syntax_error_typed_into_a_provider_shows_on_its_user(client, tmp_path):
    """A YAML syntax error typed into a provider template (unsaved) makes Heat refuse every
    template that uses it ("Error parsing template networked.yaml ..."): its user says so,
    on the type, and stops saying it once the error is mended.  (The line is one whose
    content no user sees: error recovery leaves the rest of the provider as it was.)"""
    async with a_clean_user(client, tmp_path / 'broken', {'networked.yaml': NETWORKED},
                            USER) as (s, parent, parent_text, provider, text):
        broken = 'description: {a: b: c}\n'
        since = len(s.published)
        s.change(provider, 2, ((1, 0, 1, 0), broken))
        await s.diagnostics(provider, 2, since)
        found = await settled(s, parent, 1, since, codes('HOT605'))
        at = position(parent_text, 'networked.yaml')
        assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == [
            ('HOT605', at.line, at.character)]
        assert found[0].message.startswith('Error parsing template networked.yaml: line 2, ')
        since = len(s.published)
        s.change(provider, 3, ((1, 0, 2, 0), ''))
        await s.diagnostics(provider, 3, since)
        assert await settled(s, parent, 1, since, codes()) == []

@pytest.mark.parametrize('client', ['vscode', 'neovim'])
async def test_a_type_typo_typed_two_levels_down_shows_on_the_root(client, tmp_path):
    """A resource type Heat does not know, typed into a provider of a provider (unsaved),
    makes Heat refuse the root's create when it validates the nested stacks: the root says
    so on the type of the resource that leads there (HOT605), and stops once it is mended."""
    async with a_clean_user(client, tmp_path / 'typo',
                            {'networked.yaml': NETWORKED, 'relay.yaml': RELAY},
                            USER.replace('networked.yaml', 'relay.yaml')
                            ) as (s, parent, parent_text, provider, text):
        at = position(text, 'OS::Nova::Server')
        typed = (at.line, at.character + len('OS::Nova::Ser'), at.line,
                 at.character + len('OS::Nova::Serv'))
        since = len(s.published)
        s.change(provider, 2, (typed, ''))
        assert [d.code for d in await s.diagnostics(provider, 2, since)] == ['HOT701']
        found = await settled(s, parent, 1, since, codes('HOT605'))
        at = position(parent_text, 'relay.yaml')
        assert [(d.code, d.range.start.line, d.range.start.character) for d in found] == [
            ('HOT605', at.line, at.character)]
        assert found[0].message.startswith(
            'resources.vm<relay.yaml>.resources.inner<networked.yaml>: The Resource Type '
            '(OS::Nova::Serer) could not be found. (the type of resource "server" in '
            'networked.yaml: ')
        since = len(s.published)
        s.change(provider, 3, ((typed[0], typed[1], typed[0], typed[1]), 'v'))
        await s.diagnostics(provider, 3, since)
        assert await settled(s, parent, 1, since, codes()) == []
