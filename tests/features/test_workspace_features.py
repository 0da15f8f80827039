"""Editor features across the files of fixtures/workspace/project: definition, references and
rename through provider templates and environments; completion, hover and definition in an
environment; document links; workspace symbols."""
from __future__ import annotations

import os

import pytest

from helpers import FIXTURES
from hot_ls.config import Settings
from hot_ls.features.completion import complete
from hot_ls.features.definition import definition
from hot_ls.features.hover import hover
from hot_ls.features.links import document_links
from hot_ls.features.references import references
from hot_ls.features.rename import rename
from hot_ls.features.types import RenameError
from hot_ls.features.workspace_symbols import workspace_symbols
from hot_ls.rules import analyze
from hot_ls.workspace import Workspace

PROJECT = os.path.join(FIXTURES, 'workspace', 'project')
STACK = os.path.join(PROJECT, 'stack.yaml')
ENV = os.path.join(PROJECT, 'env.yaml')
SERVER = os.path.join(PROJECT, 'providers', 'server.yaml')


@pytest.fixture
def workspace():
    return Workspace(Settings(environments=(ENV,)), [PROJECT])


def analysed(workspace, path):
    with open(path, encoding='utf-8') as fh:
        return analyze(fh.read(), path, workspace.settings, workspace=workspace)


def at(analysis, needle, occurrence=1, shift=0):
    offset = -1
    for _ in range(occurrence):
        offset = analysis.text.index(needle, offset + 1)
    return offset + shift


def text_at(path, start, end):
    with open(path, encoding='utf-8') as fh:
        return fh.read()[start:end]


def test_definition_of_a_mapped_type_is_its_provider_template(workspace):
    analysis = analysed(workspace, STACK)
    assert [(l.path, l.start) for l in definition(analysis, at(analysis, 'My::Server'))] == [
        (SERVER, 0)]
    assert [l.path for l in definition(analysis, at(analysis, 'nested/net.yaml'))] == [
        os.path.join(PROJECT, 'nested', 'net.yaml')]


def test_definition_of_a_property_and_an_attribute_of_a_provider(workspace):
    analysis = analysed(workspace, STACK)
    found = definition(analysis, at(analysis, 'flavor: {get_param', shift=1))
    assert [(l.path, text_at(l.path, l.start, l.end)) for l in found] == [(SERVER, 'flavor')]
    found = definition(analysis, at(analysis, 'ip]'))
    assert [(l.path, text_at(l.path, l.start, l.end)) for l in found] == [(SERVER, 'ip')]
    found = definition(analysis, at(analysis, 'net_id]'))
    assert [text_at(l.path, l.start, l.end) for l in found] == ['net_id']


def test_definition_in_an_environment(workspace):
    analysis = analysed(workspace, ENV)
    assert [l.path for l in definition(analysis, at(analysis, 'providers/server'))] == [SERVER]
    found = definition(analysis, at(analysis, 'image'))
    assert [(os.path.relpath(l.path, PROJECT), text_at(l.path, l.start, l.end))
            for l in found] == [('providers/server.yaml', 'image')]


def test_references_of_a_parameter_reach_the_parents_and_the_environment(workspace):
    analysis = analysed(workspace, SERVER)
    found = references(analysis, at(analysis, 'image:'))
    places = sorted((os.path.relpath(l.path, PROJECT) if l.path else 'here',
                     text_at(l.path or SERVER, l.start, l.end)) for l in found)
    assert places == [('env.yaml', 'image'), ('here', 'image'), ('here', 'image')]
    found = references(analysis, at(analysis, 'flavor:'))
    parents = sorted(os.path.relpath(l.path, PROJECT) for l in found if l.path)
    assert parents == ['defects/missing-output.yaml', 'defects/out-of-range.yaml',
                       'defects/unknown-property.yaml', 'stack.yaml', 'stack.yaml']


def test_rename_of_a_parameter_edits_every_file_that_sets_it(workspace):
    analysis = analysed(workspace, SERVER)
    edits = rename(analysis, at(analysis, 'image:'), 'image_name').edits
    assert sorted((os.path.relpath(e.path, PROJECT) if e.path else 'here', e.new_text)
                  for e in edits) == [('env.yaml', 'image_name'), ('here', 'image_name'),
                                      ('here', 'image_name')]


def test_references_and_rename_of_an_output_reach_the_parents_get_attr(workspace):
    analysis = analysed(workspace, SERVER)
    found = references(analysis, at(analysis, '  ip:', shift=2))
    assert [(os.path.relpath(l.path, PROJECT) if l.path else 'here',
             text_at(l.path or SERVER, l.start, l.end)) for l in found] == [
        ('here', 'ip'), ('stack.yaml', 'ip')]
    [_, there] = rename(analysis, at(analysis, '  ip:', shift=2), 'address').edits
    assert (there.path, text_at(STACK, there.start, there.end), there.new_text) == (
        STACK, 'ip', 'address')
    assert text_at(STACK, there.start - 9, there.end) == '[server, ip'


def test_references_asked_on_a_parents_get_attr_of_a_provider_output(workspace):
    """On `ip` of `get_attr: [server, ip]`: the provider's output and every read of it;
    on the resource name there, the resource's references as before."""
    analysis = analysed(workspace, STACK)
    found = references(analysis, at(analysis, 'server, ip]', shift=8))
    assert [(os.path.relpath(l.path, PROJECT), text_at(l.path, l.start, l.end))
            for l in found] == [('providers/server.yaml', 'ip'), ('stack.yaml', 'ip')]
    assert found[0].start == read_text(SERVER).index('  ip:') + 2
    on_resource = references(analysis, at(analysis, 'server, ip]', shift=1))
    assert {text_at(STACK, l.start, l.end) for l in on_resource} == {'server'}
    assert all(l.path is None for l in on_resource)


def test_an_output_read_through_a_group_of_the_provider(tmp_path):
    """`[group, ip]` reads every member's output, `[group, resource.0, ip]` one member's:
    both are the output's; the same name read from another resource is not.  Renamed, the
    parent still reads outputs the provider has (no HOT706)."""
    (tmp_path / 'node.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources: {}\noutputs:\n  ip:\n'
        '    value: 192.0.2.1\n')
    parent = tmp_path / 'parent.yaml'
    parent.write_text(
        'heat_template_version: 2021-04-16\nresources:\n  group:\n'
        '    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n'
        '      resource_def: {type: node.yaml}\n'
        '  single: {type: node.yaml}\n'
        '  other: {type: OS::Heat::RandomString}\n'
        'outputs:\n'
        '  all: {value: {get_attr: [group, ip]}}\n'
        '  first: {value: {get_attr: [group, resource.0, ip]}}\n'
        '  one: {value: {get_attr: [single, ip]}}\n'
        '  unrelated: {value: {get_attr: [other, value]}}\n')
    workspace = Workspace(Settings(), [str(tmp_path)])
    node = str(tmp_path / 'node.yaml')
    analysis = analysed(workspace, node)
    found = references(analysis, at(analysis, '  ip:', shift=2))
    text = parent.read_text()
    assert [text[text.rindex('\n', 0, l.start) + 1:l.end] for l in found if l.path] == [
        '  all: {value: {get_attr: [group, ip',
        '  first: {value: {get_attr: [group, resource.0, ip',
        '  one: {value: {get_attr: [single, ip']
    edits = rename(analysis, at(analysis, '  ip:', shift=2), 'address').edits
    for edit in sorted((e for e in edits if e.path), key=lambda e: -e.start):
        text = text[:edit.start] + edit.new_text + text[edit.end:]
    (tmp_path / 'node.yaml').write_text(analysis.text.replace('  ip:', '  address:'))
    renamed = analyze(text, str(parent), workspace.settings,
                      workspace=Workspace(Settings(), [str(tmp_path)]))
    assert [d.code for d in renamed.diagnostics] == []
    assert text.count('address') == 3


def test_references_of_a_resource_type_in_the_templates_and_the_registry(workspace):
    """On a mapped type, in a template or on its registry key: every resource of that type
    (the group's member too) and the registry entry, this document's first; a type written
    as a file, and a property, are no type references."""
    expected = sorted([('defects/missing-output.yaml', 'My::Server'),
                       ('defects/missing-required.yaml', 'My::Server'),
                       ('defects/out-of-range.yaml', 'My::Server'),
                       ('defects/unknown-property.yaml', 'My::Server'),
                       ('env.yaml', 'My::Server'), ('stack.yaml', 'My::Server'),
                       ('stack.yaml', 'My::Server')])

    def found(path, needle, occurrence=1):
        analysis = analysed(workspace, path)
        return [(os.path.relpath(l.path or path, PROJECT), text_at(l.path or path, l.start, l.end))
                for l in references(analysis, at(analysis, needle, occurrence, shift=2))]
    from_template = found(STACK, 'My::Server', 2)  # the group's member
    assert from_template[:2] == [('stack.yaml', 'My::Server')] * 2
    assert sorted(from_template) == expected
    from_registry = found(ENV, 'My::Server')
    assert from_registry[0] == ('env.yaml', 'My::Server')
    assert sorted(from_registry) == expected
    assert found(STACK, 'OS::Heat::ResourceGroup') == [('stack.yaml', 'OS::Heat::ResourceGroup')]
    assert found(STACK, 'nested/net.yaml') == []
    assert found(ENV, 'providers/server.yaml') == []


def test_hover_of_a_provider_resource_its_properties_and_attributes(workspace):
    """A mapped type says which template and which environment, and shows the template's
    interface; a property is the provider's parameter (its constraint), an attribute its
    output; a file type names its parameters and outputs too."""
    analysis = analysed(workspace, STACK)
    text = hover(analysis, at(analysis, 'My::Server', shift=1)).markdown
    assert text.split('\n\n') == [
        '**My::Server** · provider template',
        'Mapped to `providers/server.yaml` by `env.yaml`.',
        'One server, as a provider template.',
        '**Properties**: 1 required, 2 optional\n- `flavor` *string* · required\n'
        '- `image` *string*, `count` *number*',
        '**Attributes**: `ip`, `show`']
    assert hover(analysis, at(analysis, 'nested/net.yaml', shift=1)).markdown.split('\n\n') == [
        '**nested/net.yaml** · provider template',
        '**Properties**: 0 required, 1 optional\n- `cidr` *string*',
        '**Attributes**: `net_id`, `show`']
    count = hover(analysis, at(analysis, 'count: 3', shift=1)).markdown
    assert count.startswith('**count** · property of `My::Server`') and \
        'range: {"min": 1, "max": 5}' in count
    assert hover(analysis, at(analysis, 'ip]', shift=1)).markdown == (
        '**ip** · attribute of `My::Server`')
    member = hover(analysis, at(analysis, 'My::Server', occurrence=2, shift=1)).markdown
    assert member == text  # the group's member: the same template
    bare = Workspace(Settings(), [PROJECT])  # without env.yaml, My::Server is nothing known
    assert hover(analysed(bare, STACK), at(analysis, 'My::Server', shift=1)) is None


def test_completion_of_a_provider_resource(workspace):
    """A mapped type is offered first (with the provider's required parameters as its
    properties), a provider resource's properties are the template's parameters, and
    get_attr on it offers the template's outputs."""
    def items(text, after):
        """The items at the end of the line that starts with `after`."""
        analysis = analyze(text, STACK, workspace.settings, workspace=workspace)
        return complete(analysis, text, text.index(after + '\n') + len(after)).items
    stack = read_text(STACK)
    typed = stack.replace('outputs:', '  new:\n    type: My\noutputs:')
    first = sorted(items(typed, '    type: My'), key=lambda i: i.sort_text)[0]
    assert (first.label, first.detail, first.insert_text) == (
        'My::Server', '→ providers/server.yaml', 'My::Server\n    properties:\n      flavor: ${1}')
    assert 'Mapped to `providers/server.yaml`' in first.documentation
    typed = stack.replace('      count: 3\n', '      count: 3\n      im\n')
    assert [i.label for i in items(typed, '      im')] == ['image']
    typed = stack.replace('[server, ip]}', '[server, ')
    assert [i.label for i in items(typed, '    value: {get_attr: [server, ')] == ['ip', 'show']
    bare = Workspace(Settings(), [PROJECT])  # without env.yaml: nothing of the provider's
    typed = stack.replace('outputs:', '  new:\n    type: My\noutputs:')
    analysis = analyze(typed, STACK, bare.settings, workspace=bare)
    assert 'My::Server' not in [i.label for i in complete(
        analysis, typed, typed.index('    type: My\n') + 12).items]


def test_the_missing_parameter_of_a_provider_is_added_as_its_property(workspace):
    """HOT703 on a provider resource: the quick fix adds the template's parameter, and the
    file then has no HOT703."""
    from hot_ls.features.code_actions import code_actions
    path = os.path.join(PROJECT, 'defects', 'missing-required.yaml')
    analysis = analysed(workspace, path)
    [missing] = analysis.diagnostics
    [fix] = [a for a in code_actions(analysis, missing.start, missing.end, [missing])
             if a.title == 'Add the missing required property flavor']
    [edit] = fix.edits
    text = analysis.text[:edit.start] + edit.new_text + analysis.text[edit.end:]
    assert text.endswith("    type: My::Server\n    properties:\n      flavor: ''\n")
    fixed = analyze(text, path, workspace.settings, workspace=workspace)
    assert [d.code for d in fixed.diagnostics] == []


def test_rename_of_a_custom_type_everywhere_the_workspace_names_it(tmp_path):
    """My::Server renamed from the template: every resource of that type and the registry
    key change, and the project then checks exactly as before (the same diagnostics at the
    same places); Heat's own types and a name already used are refused."""
    import shutil
    from hot_ls.cli.check import check_paths
    from hot_ls.features.types import RenameError
    project = str(tmp_path / 'project')
    shutil.copytree(PROJECT, project)
    settings = Settings(environments=(os.path.join(project, 'env.yaml'),))

    def checked():
        return sorted((os.path.relpath(r.path, project), d.code, r.lines.line_of(d.start))
                      for r in check_paths([project], settings) for d in r.diagnostics)
    before = checked()
    workspace = Workspace(settings, [project])
    stack = os.path.join(project, 'stack.yaml')
    analysis = analysed(workspace, stack)
    offset = at(analysis, 'My::Server', shift=2)
    edits = rename(analysis, offset, 'My::Machine').edits
    assert sorted(os.path.relpath(e.path, project) if e.path else 'here' for e in edits) == [
        'defects/missing-output.yaml', 'defects/missing-required.yaml',
        'defects/out-of-range.yaml', 'defects/unknown-property.yaml', 'env.yaml', 'here',
        'here']
    for path in {e.path or stack for e in edits}:
        text = read_text(path)
        for edit in sorted((e for e in edits if (e.path or stack) == path),
                           key=lambda e: -e.start):
            assert text[edit.start:edit.end] == 'My::Server'
            text = text[:edit.start] + edit.new_text + text[edit.end:]
        with open(path, 'w', encoding='utf-8') as fh:
            fh.write(text)
    assert checked() == before
    with pytest.raises(RenameError, match="one of Heat's resource types"):
        rename(analysis, offset, 'OS::Nova::Server')
    with pytest.raises(RenameError, match='already used or mapped'):
        rename(analysis, offset, 'My::Unmapped')
    with pytest.raises(RenameError, match="one of Heat's resource types: it cannot be"):
        rename(analysis, at(analysis, 'OS::Heat::ResourceGroup', shift=2), 'My::Group')


def test_a_resources_own_registry_entry_names_a_type_too(tmp_path):
    """`resource_registry: resources: NAME: {OS::Nova::Server: My::Server}` maps one
    resource's type: references and rename of My::Server reach it, from the template or from
    that entry; `hooks` in the same entry is no type."""
    (tmp_path / 't.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                     '  server: {type: My::Server}\n')
    (tmp_path / 'p.yaml').write_text('heat_template_version: 2021-04-16\n')
    env_text = ('resource_registry:\n  My::Server: p.yaml\n  resources:\n    other:\n'
                '      OS::Nova::Server: My::Server\n      hooks: pre-create\n')
    (tmp_path / 'env.yaml').write_text(env_text)
    env = str(tmp_path / 'env.yaml')
    workspace = Workspace(Settings(environments=(env,)), [str(tmp_path)])
    template = analysed(workspace, str(tmp_path / 't.yaml'))
    edits = rename(template, at(template, 'My::Server', shift=2), 'My::Box').edits
    entry = env_text.index('My::Server', env_text.index('resources'))
    assert sorted((os.path.basename(e.path or 't.yaml'), e.start, e.new_text) for e in edits) == [
        ('env.yaml', env_text.index('My::Server'), 'My::Box'), ('env.yaml', entry, 'My::Box'),
        ('t.yaml', 62, 'My::Box')]
    environment = analysed(workspace, env)
    found = references(environment, entry + 2, True)
    assert sorted((os.path.basename(l.path or 'env.yaml'), l.start) for l in found) == [
        ('env.yaml', env_text.index('My::Server')), ('env.yaml', entry), ('t.yaml', 62)]
    with pytest.raises(RenameError):
        rename(environment, env_text.index('pre-create') + 2, 'x')


def read_text(path):
    with open(path, encoding='utf-8') as fh:
        return fh.read()


def test_completion_in_an_environment(workspace):
    analysis = analysed(workspace, ENV)
    text = analysis.text + 'parameter_defaults:\n  fla'
    items = complete(analysis, text, len(text)).items
    assert 'flavor' in [i.label for i in items]
    text = 'resource_registry:\n  My::Server: prov'
    items = [i.label for i in complete(analysis, text, len(text)).items]
    assert 'providers/server.yaml' in items
    text = 'resource_registry:\n  My'
    items = [i.label for i in complete(analysis, text, len(text)).items]
    assert 'My::Unmapped' in items  # a custom type a template of the workspace uses
    text = 'param'
    items = sorted(complete(analysis, text, len(text)).items, key=lambda i: i.sort_text)
    assert [i.label for i in items][:3] == ['parameters', 'parameter_defaults',
                                            'parameter_merge_strategies']


def test_completion_of_event_sinks(workspace):
    """In an item of event_sinks: the keys Heat's zaqar-queue sink takes (less those the
    item has), and the one type Heat has."""
    analysis = analysed(workspace, ENV)

    def labels(text):
        return [i.label for i in complete(analyze(text, ENV, workspace=workspace), text,
                                          len(text)).items]

    assert labels('event_sinks:\n  - ') == ['type', 'target', 'ttl']
    assert labels('event_sinks:\n  - type: zaqar-queue\n    ') == ['target', 'ttl']
    assert labels('event_sinks:\n  - type: za') == ['zaqar-queue']
    assert labels('event_sinks:\n  - type: zaqar-queue\n    target: q\n  - ') == [
        'type', 'target', 'ttl']
    text = analysis.text + 'event_sinks: '
    assert [i.label for i in complete(analysis, text, len(text)).items] == []


def test_hover_in_an_environment(workspace):
    analysis = analysed(workspace, ENV)
    shown = hover(analysis, at(analysis, 'My::Server')).markdown
    assert '**My::Server** · resource type mapping' in shown
    assert 'Implemented by `providers/server.yaml`' in shown
    assert '3 parameters (the properties; 2 without a default), 1 output (the attributes)' in shown
    shown = hover(analysis, at(analysis, 'image')).markdown
    assert '**image** · parameter' in shown and '`providers/server.yaml`: string' in shown


def test_document_links(workspace):
    analysis = analysed(workspace, STACK)
    assert sorted(os.path.relpath(l.path, PROJECT) for l in document_links(analysis)) == [
        'nested/net.yaml', 'scripts/boot.sh']
    analysis = analysed(workspace, ENV)
    assert [l.path for l in document_links(analysis)] == [SERVER]


def test_workspace_symbols(workspace):
    found = workspace_symbols(workspace.index(), 'net_id')
    assert [(s.name, s.kind.value, os.path.relpath(s.path, PROJECT)) for s in found][:1] == [
        ('net_id', 'output', 'nested/net.yaml')]
    names = {s.name for s in workspace_symbols(workspace.index(), '')}
    assert {'My::Server', 'flavor', 'server', 'address'} <= names
    [entry] = [s for s in workspace_symbols(workspace.index(), 'My::Server')
               if os.path.basename(s.path) == 'env.yaml']
    assert (entry.kind.value, entry.container) == ('registry-entry', 'resource_registry')


# -- the resource-capabilities blueprint in the editor ----------------------------------------

CAPABILITIES = os.path.join(FIXTURES, 'workspace', 'capabilities')


@pytest.fixture
def capabilities():
    from hot_ls.config.settings import load_settings
    settings = load_settings(os.path.join(CAPABILITIES, '.hot-ls.toml'))
    return Workspace(settings, [CAPABILITIES])


def test_hover_on_a_candidate_says_which_requires_selects_and_why(capabilities):
    analysis = analysed(capabilities, os.path.join(CAPABILITIES, 'environment.yaml'))
    shown = hover(analysis, at(analysis, 'docker/controller')).markdown
    assert 'candidate 2 of a list' in shown
    assert 'requires {deployment: puppet} selects puppet/controller.yaml' in shown
    assert '`docker/controller.yaml`: deployment: declares docker, requires puppet' in shown
    shown = hover(analysis, at(analysis, 'puppet/controller')).markdown
    assert '`puppet/controller.yaml`: matches {deployment: puppet}' in shown


def test_definition_on_every_candidate(capabilities):
    analysis = analysed(capabilities, os.path.join(CAPABILITIES, 'environment.yaml'))
    both = definition(analysis, at(analysis, 'OS::TripleO::Controller'))
    assert sorted(os.path.relpath(l.path, CAPABILITIES) for l in both) == [
        'docker/controller.yaml', 'puppet/controller.yaml']
    one = definition(analysis, at(analysis, 'docker/controller'))
    assert [os.path.relpath(l.path, CAPABILITIES) for l in one] == ['docker/controller.yaml']


def test_completion_offers_the_templates_declaring_the_type_first(capabilities):
    analysis = analysed(capabilities, os.path.join(CAPABILITIES, 'environment.yaml'))
    text = 'resource_registry:\n  OS::TripleO::Controller: '
    items = sorted(complete(analysis, text, len(text)).items, key=lambda i: i.sort_text)
    declaring = [i.label for i in items if i.detail == 'declares OS::TripleO::Controller']
    assert sorted(declaring) == ['docker/controller.yaml', 'puppet/controller.yaml']
    assert {i.label for i in items[:2]} == set(declaring)
