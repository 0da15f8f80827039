"""The resource-capabilities blueprint in the workspace: annotation, matching, choice, resolution.

The blueprint's own example is fixtures/workspace/capabilities (overcloud.yaml
using OS::TripleO::Controller, puppet/ and docker/ implementations, an
environment choosing puppet, an ambiguous and an unmatched one); smaller
cases are written here.  What stock Heat makes of `plain_stack`'s output is
held to Heat in tests/cli/test_capabilities_cli.py.
"""
from __future__ import annotations

import json
import os
import shutil
import textwrap

import pytest

from helpers import FIXTURES
from hot_ls.config import Settings, Stack
from hot_ls.workspace import Workspace
from hot_ls.workspace import capabilities as caps
from hot_ls.workspace.capabilities import Capabilities, mismatches, requirements
from hot_ls.workspace.environments import LoadedEnvironment, merged_requires
from hot_ls.workspace.plain import plain_stack, rebase
from hot_ls.workspace.stacks import NOT_FOUND, UNRESOLVED

PROJECT = os.path.join(FIXTURES, 'workspace', 'capabilities')
CONTROLLER = 'OS::TripleO::Controller'
ON = Settings(capabilities=True)


def project(tmp_path) -> str:
    folder = str(tmp_path / 'capabilities')
    shutil.copytree(PROJECT, folder)
    return folder


def write(root, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = os.path.join(str(root), name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w', encoding='utf-8') as fh:
            fh.write(textwrap.dedent(text).lstrip('\n'))


def template(capabilities: str = '', body: str = 'resources: {}\n') -> str:
    head = 'heat_template_version: 2015-10-15\n'
    return head + (f'capabilities:\n{textwrap.indent(textwrap.dedent(capabilities), "  ")}'
                   if capabilities else '') + body


# -- annotation -------------------------------------------------------------------------------
def test_capabilities_of_a_section():
    found = Capabilities.of({'deployment': 'puppet', 'os': ['centos', 'rhel'],
                             'resource_type': CONTROLLER, 7: True})
    assert found.declared and found.problem is None
    assert found.tags == {'deployment': ('puppet',), 'os': ('centos', 'rhel'), '7': (True,)}
    assert found.types == (CONTROLLER,)
    assert Capabilities.of({'resource_type': ['A::B', 'C::D']}).types == ('A::B', 'C::D')
    assert found.as_dict() == {'deployment': 'puppet', 'os': ['centos', 'rhel'], '7': True,
                               'resource_type': [CONTROLLER]}


def test_capabilities_that_cannot_be_understood():
    assert Capabilities.of('puppet').problem == ('capabilities must be a mapping (tags and '
                                                 'resource_type); this one declares nothing')
    assert Capabilities.of('puppet').tags == {} and Capabilities.of('puppet').declared
    odd = Capabilities.of({'resource_type': ['A::B', 3]})
    assert odd.types == ('A::B',)
    assert odd.problem == 'resource_type must be a resource type name or a list of them'
    assert not Capabilities.of(None, present=False).declared


# -- requirements and matching ----------------------------------------------------------------
def test_requirements():
    assert requirements({'deployment': 'puppet', 'os': ['centos', 'rhel'], 'gone': None}) == (
        {'deployment': ('puppet',), 'os': ('centos', 'rhel')}, None)
    assert requirements(None) == ({}, None)
    assert requirements('puppet')[1] == ('requires must be a mapping of capability names to '
                                         'the values a candidate template must declare')


@pytest.mark.parametrize('declared, requires, type_name, expected', [
    # every key required must be declared, with each value required
    ({'deployment': 'puppet'}, {'deployment': 'puppet'}, None, []),
    ({'deployment': 'docker'}, {'deployment': 'puppet'}, None,
     ['deployment: declares docker, requires puppet']),
    ({}, {'deployment': 'puppet'}, None, ['deployment: not declared (requires puppet)']),
    # a tag declared as a list offers each of its values
    ({'deployment': ['puppet', 'docker']}, {'deployment': 'docker'}, None, []),
    # a list in requires needs all of them
    ({'deployment': ['puppet', 'docker']}, {'deployment': ['puppet', 'docker']}, None, []),
    ({'deployment': 'puppet'}, {'deployment': ['puppet', 'docker']}, None,
     ['deployment: declares puppet, requires puppet, docker']),
    # extra keys of the candidate do not matter
    ({'deployment': 'puppet', 'ha': True}, {'deployment': 'puppet'}, None, []),
    # values compare as YAML writes them
    ({'version': 2, 'ha': True}, {'version': '2', 'ha': 'true'}, None, []),
    # a candidate declaring resource_type must name the type mapped
    ({'resource_type': CONTROLLER}, {}, CONTROLLER, []),
    ({'resource_type': ['OS::TripleO::Compute']}, {}, CONTROLLER,
     [f'resource_type: OS::TripleO::Compute, not {CONTROLLER}']),
    # one that declares none may implement any type
    ({'deployment': 'puppet'}, {'deployment': 'puppet'}, CONTROLLER, []),
    # resource_type in requires is a requirement like any other
    ({}, {'resource_type': CONTROLLER}, None,
     [f'resource_type: not declared (requires {CONTROLLER})']),
])
def test_matching(declared, requires, type_name, expected):
    found = mismatches(Capabilities.of(declared), requirements(requires)[0], type_name)
    assert [m.text() for m in found] == expected


# -- choosing: the blueprint's example ------------------------------------------------------
def choice_in(folder: str, environment: str, requires=None, type_name=CONTROLLER) -> caps.Choice:
    workspace = Workspace(ON, [folder])
    loaded = workspace.environment(os.path.join(folder, environment))
    leaf = loaded.registry[type_name]
    return caps.explain(type_name, leaf, loaded.requires if requires is None else requires,
                        workspace)


def test_requires_selects_the_puppet_controller():
    choice = choice_in(PROJECT, 'environment.yaml')
    assert choice.chosen.name == 'puppet/controller.yaml'
    assert choice.chosen.path == os.path.join(PROJECT, 'puppet', 'controller.yaml')
    assert choice.verdict() == 'requires {deployment: puppet} selects puppet/controller.yaml'
    assert [(c.name, c.why(choice.requires)) for c in choice.candidates] == [
        ('puppet/controller.yaml', 'matches {deployment: puppet}'),
        ('docker/controller.yaml', 'deployment: declares docker, requires puppet')]
    assert not choice.failed and choice.error is None


def test_no_requires_matches_both_controllers():
    choice = choice_in(PROJECT, 'ambiguous.yaml')
    assert choice.chosen is None and choice.failed
    assert choice.error == (
        '2 candidates for OS::TripleO::Controller match requires {}: puppet/controller.yaml, '
        'docker/controller.yaml (requires must select one: they differ in deployment)')


def test_an_unmatched_requires_names_every_candidate():
    choice = choice_in(PROJECT, 'unmatched.yaml')
    assert choice.failed
    assert choice.error == (
        'No candidate for OS::TripleO::Controller matches requires {deployment: ansible}: '
        'puppet/controller.yaml (deployment: declares puppet, requires ansible); '
        'docker/controller.yaml (deployment: declares docker, requires ansible)')


def test_candidates_that_are_no_templates(tmp_path):
    write(tmp_path, {
        'env.yaml': '''
            resource_registry:
              My::Type: [missing.yaml, notes.yaml, OS::Heat::None, 42, plain.yaml]
            ''',
        'notes.yaml': 'just: notes\n',
        'plain.yaml': template(),
    })
    choice = choice_in(str(tmp_path), 'env.yaml', type_name='My::Type')
    assert [(c.name, c.status) for c in choice.candidates] == [
        ('missing.yaml', caps.MISSING), ('notes.yaml', caps.NOT_TEMPLATE),
        ('OS::Heat::None', caps.TYPE_NAME), ('42', caps.NOT_REFERENCE),
        ('plain.yaml', caps.READ)]
    # with nothing required, a template or a type declaring nothing matches: two of them
    assert [c.name for c in choice.matching] == ['OS::Heat::None', 'plain.yaml']
    assert 'they declare the same capabilities' in choice.error
    # requiring anything, neither does, and the others never match
    choice = choice_in(str(tmp_path), 'env.yaml', {'deployment': 'puppet'}, 'My::Type')
    assert choice.matching == () and choice.failed
    assert 'missing.yaml (Could not fetch contents: the file does not exist); notes.yaml (not ' \
           'a HOT template); ' in choice.error


def test_a_candidate_hot_ls_may_not_read_leaves_the_choice_open(tmp_path):
    write(tmp_path, {
        'env.yaml': '''
            requires: {deployment: puppet}
            resource_registry:
              My::Type: [puppet.yaml, "https://example.com/docker.yaml"]
            ''',
        'puppet.yaml': template('deployment: puppet\n'),
    })
    choice = choice_in(str(tmp_path), 'env.yaml', type_name='My::Type')
    assert [c.name for c in choice.matching] == ['puppet.yaml']
    assert choice.chosen is None and not choice.failed and choice.error is None
    assert choice.verdict() == ('hot-ls cannot tell which candidate requires {deployment: '
                                'puppet} selects: not read: https://example.com/docker.yaml '
                                '(a URL: hot-ls never fetches anything)')


# -- the registry: lists resolved before it loads -------------------------------------------
def test_a_stack_resolves_the_type_to_the_chosen_template():
    workspace = Workspace(replace_stack(ON, 'environment.yaml'), [PROJECT])
    stack = workspace.stack(os.path.join(PROJECT, 'overcloud.yaml'))
    resolved = stack.resolve(CONTROLLER, 'controller')
    assert resolved.problem is None
    assert resolved.provider.path == os.path.join(PROJECT, 'puppet', 'controller.yaml')
    assert sorted(resolved.type.properties) == ['flavor']
    assert 'address' in resolved.type.attributes
    assert stack.environment.requires == {'deployment': 'puppet'}
    assert stack.environment.problems == []
    # the entry points at the item chosen, for navigation
    entry = resolved.resolution.entry
    with open(os.path.join(PROJECT, 'environment.yaml'), encoding='utf-8') as fh:
        text = fh.read()
    start, end = entry.origin.value
    assert text[start:end] == 'puppet/controller.yaml'


def replace_stack(settings: Settings, *environments: str) -> Settings:
    from dataclasses import replace
    return replace(settings, stacks=(Stack(('overcloud.yaml',), environments),))


def test_without_the_setting_the_stack_is_stock_heat():
    workspace = Workspace(replace_stack(Settings(), 'environment.yaml'), [PROJECT])
    stack = workspace.stack(os.path.join(PROJECT, 'overcloud.yaml'))
    assert [p.message for p in stack.environment.problems] == [
        'environment has wrong section "requires"']
    assert stack.resolve(CONTROLLER, 'controller').problem == NOT_FOUND


def test_an_unresolved_list_refuses_the_environment_and_checks_nothing_of_the_type():
    workspace = Workspace(replace_stack(ON, 'unmatched.yaml'), [PROJECT])
    stack = workspace.stack(os.path.join(PROJECT, 'overcloud.yaml'))
    resolved = stack.resolve(CONTROLLER, 'controller')
    assert resolved.problem == UNRESOLVED and resolved.type is None
    assert resolved.message.startswith('No candidate for OS::TripleO::Controller matches')
    assert [p.message for p in stack.environment.problems] == [resolved.message]


def test_requires_merges_across_the_files_of_a_stack(tmp_path):
    folder = project(tmp_path)
    write(folder, {
        'registry.yaml': '''
            resource_registry:
              OS::TripleO::Controller: [puppet/controller.yaml, docker/controller.yaml]
            ''',
        'docker.yaml': 'requires: {deployment: docker, release: null}\n',
        'base.yaml': 'requires: {deployment: puppet, release: queens}\n',
    })
    workspace = Workspace(replace_stack(ON, 'base.yaml', 'registry.yaml', 'docker.yaml'),
                          [folder])
    stack = workspace.stack(os.path.join(folder, 'overcloud.yaml'))
    # the later file wins a key; a null changes nothing; the other keys stay
    assert stack.environment.requires == {'deployment': 'docker', 'release': 'queens'}
    # docker/controller.yaml declares no `release`: no candidate
    assert stack.resolve(CONTROLLER, 'controller').problem == UNRESOLVED
    files = [workspace.environment(os.path.join(folder, n))
             for n in ('base.yaml', 'registry.yaml', 'docker.yaml')]
    assert merged_requires(files[:2]) == {'deployment': 'puppet', 'release': 'queens'}


def test_a_list_for_one_resource(tmp_path):
    folder = project(tmp_path)
    write(folder, {'one.yaml': '''
        requires: {deployment: docker}
        resource_registry:
          resources:
            controller:
              OS::TripleO::Controller: [puppet/controller.yaml, docker/controller.yaml]
              hooks: [pre-create]
        '''})
    workspace = Workspace(replace_stack(ON, 'one.yaml'), [folder])
    stack = workspace.stack(os.path.join(folder, 'overcloud.yaml'))
    assert stack.resolve(CONTROLLER, 'controller').provider.path.endswith('docker/controller.yaml')
    assert stack.registry.setting_for('controller', 'hooks') == {'pre-create'}
    assert stack.resolve(CONTROLLER, 'other').problem == NOT_FOUND


def test_a_list_read_as_stock_heat_reads_it():
    with open(os.path.join(PROJECT, 'ambiguous.yaml'), encoding='utf-8') as fh:
        text = fh.read()
    workspace = Workspace(roots=[PROJECT])
    stock = LoadedEnvironment.load(text, os.path.join(PROJECT, 'ambiguous.yaml'),
                                   workspace.locator)
    assert [p.message for p in stock.client_problems] == ['Cannot mix str and non-str arguments']
    blueprint = LoadedEnvironment.load(text, os.path.join(PROJECT, 'ambiguous.yaml'),
                                       workspace.locator, capabilities=True)
    assert blueprint.client_problems == []
    refs = blueprint.registry[CONTROLLER].candidates
    assert [(r.value, text[r.span[0]:r.span[1]]) for r in refs] == [
        ('puppet/controller.yaml', 'puppet/controller.yaml'),
        ('docker/controller.yaml', 'docker/controller.yaml')]


# -- introspection --------------------------------------------------------------------------
def test_find_like_capabilities_find(tmp_path):
    workspace = Workspace(ON, [PROJECT])
    found = caps.find([PROJECT], [('resource_type', CONTROLLER)], True, workspace)
    assert [os.path.relpath(p, PROJECT) for p in found] == ['docker/controller.yaml',
                                                            'puppet/controller.yaml']
    assert caps.find([PROJECT], [('resource_type', CONTROLLER)], False, workspace) == []
    assert [os.path.relpath(p, PROJECT) for p in caps.find(
        [PROJECT], [('deployment', 'puppet')], True, workspace)] == ['puppet/controller.yaml']
    both = [('deployment', 'puppet'), ('deployment', 'docker')]
    assert caps.find([PROJECT], both, True, workspace) == []


def test_summary_in_the_blueprints_two_shapes():
    workspace = Workspace(ON, [PROJECT])
    found = caps.summary([os.path.join(PROJECT, 'puppet', 'controller.yaml'),
                          os.path.join(PROJECT, 'docker', 'controller.yaml')], workspace)
    assert found.tags() == {'deployment': ['puppet', 'docker']}
    assert {k: [os.path.relpath(p, PROJECT) for p in v]
            for k, v in found.resource_types().items()} == {
        CONTROLLER: ['puppet/controller.yaml', 'docker/controller.yaml']}
    assert found.untyped() == []


def test_candidates_declaring_a_type(tmp_path):
    folder = project(tmp_path)
    write(folder, {'other/compute.yaml': template('resource_type: [OS::TripleO::Compute]\n')})
    workspace = Workspace(ON, [folder])
    index = workspace.index()
    assert [os.path.relpath(s.path, folder) for s in caps.candidates_declaring(
        index, CONTROLLER)] == ['docker/controller.yaml', 'puppet/controller.yaml']
    assert [os.path.relpath(s.path, folder) for s in caps.candidates_declaring(
        index, 'OS::TripleO::Compute')] == ['other/compute.yaml']


def test_the_requires_of_the_stacks_an_environment_is_in(tmp_path):
    folder = project(tmp_path)
    settings = replace_stack(ON, 'environment.yaml', 'unmatched.yaml')
    workspace = Workspace(settings, [folder])
    [stack] = caps.requirement_contexts(workspace, os.path.join(folder, 'environment.yaml'))
    assert stack.requires == {'deployment': 'ansible'}
    # unmatched.yaml's list replaces environment.yaml's in that stack
    assert not stack.keeps((CONTROLLER,), os.path.join(folder, 'environment.yaml'))
    assert stack.keeps((CONTROLLER,), os.path.join(folder, 'unmatched.yaml'))
    assert caps.requirement_contexts(workspace, os.path.join(folder, 'ambiguous.yaml')) == []


# -- what stock Heat accepts ----------------------------------------------------------------
def test_rebase():
    assert rebase('x.yaml', '/p/envs', '/p/out') == '../envs/x.yaml'
    assert rebase('../t/x.yaml', '/p/envs', '/p') == 't/x.yaml'
    assert rebase('/abs/x.yaml', '/p/envs', '/p/out') == '/abs/x.yaml'
    assert rebase('https://h/x.yaml', '/p/envs', '/p/out') == 'https://h/x.yaml'
    assert rebase('x.yaml', 'https://h/t', '/p/out') == 'https://h/t/x.yaml'
    assert rebase('x.yaml', 'file:///p/t', '/p/out') == '../t/x.yaml'


def test_plain_stack_of_the_blueprints_example(tmp_path):
    folder = project(tmp_path)
    workspace = Workspace(ON, [folder])
    out = os.path.join(folder, 'out', 'env.yaml')
    plain = plain_stack([os.path.join(folder, 'environment.yaml')], out, workspace)
    assert plain.problems == [] and plain.unresolved == []
    assert plain.environment == {
        'resource_registry': {CONTROLLER: 'env.templates/controller.yaml'},
        'parameter_defaults': {'controller_flavor': 'm1.xlarge'}}
    copy_path = os.path.join(folder, 'out', 'env.templates', 'controller.yaml')
    assert plain.copies == {os.path.join(folder, 'puppet', 'controller.yaml'): copy_path}
    text = plain.templates[copy_path]
    assert 'capabilities' not in text and 'deployment' not in text
    assert '{get_file: ../../puppet/scripts/configure.sh}' in text
    assert os.path.isfile(os.path.normpath(os.path.join(
        os.path.dirname(copy_path), '../../puppet/scripts/configure.sh')))


def test_plain_stack_merges_files_and_rebases_references(tmp_path):
    write(tmp_path, {
        'envs/a.yaml': '''
            parameters: {size: 1, name: a}
            parameter_defaults: {tags: {x: 1}}
            resource_registry:
              My::Server: ../nested/server.yaml
              My::Alias: OS::Heat::None
              resources:
                db:
                  base_url: file://BASE/other/
                  My::Db: db.yaml
            '''.replace('BASE', str(tmp_path)),
        'envs/b.yaml': '''
            requires: {tier: gold}
            parameters: {size: 2}
            parameter_defaults: {tags: {y: 2}}
            resource_registry:
              My::Choice: [../gold.yaml, ../silver.yaml]
              My::Remote: https://example.com/r.yaml
            ''',
        'nested/server.yaml': template(),
        'other/db.yaml': template(),
        'gold.yaml': template('tier: gold\n'),
        'silver.yaml': template('tier: silver\n'),
    })
    workspace = Workspace(ON, [str(tmp_path)])
    plain = plain_stack([str(tmp_path / 'envs/a.yaml'), str(tmp_path / 'envs/b.yaml')],
                        str(tmp_path / 'out.yaml'), workspace)
    assert plain.problems == []
    assert plain.environment == {
        'parameters': {'size': 2, 'name': 'a'},
        'resource_registry': {
            'My::Server': 'nested/server.yaml', 'My::Alias': 'OS::Heat::None',
            'resources': {'db': {'My::Db': 'other/db.yaml'}},
            'My::Choice': 'out.templates/gold.yaml',
            'My::Remote': 'https://example.com/r.yaml'},
        # overwrite, Heat's default strategy: the last file's value
        'parameter_defaults': {'tags': {'y': 2}}}
    assert list(plain.templates) == [str(tmp_path / 'out.templates' / 'gold.yaml')]


def test_plain_stack_copies_what_names_an_annotated_template(tmp_path):
    write(tmp_path, {
        'env.yaml': 'resource_registry:\n  My::Outer: outer.yaml\n',
        'outer.yaml': template(body='resources:\n  inner:\n    type: sub/inner.yaml\n'),
        'sub/inner.yaml': '{"heat_template_version": "2015-10-15", "capabilities": {"a": 1},'
                          ' "resources": {}}\n',
    })
    workspace = Workspace(ON, [str(tmp_path)])
    plain = plain_stack([str(tmp_path / 'env.yaml')], str(tmp_path / 'o' / 'plain.yaml'),
                        workspace)
    base = tmp_path / 'o' / 'plain.templates'
    assert plain.environment == {'resource_registry': {'My::Outer': 'plain.templates/outer.yaml'}}
    assert plain.templates == {
        str(base / 'outer.yaml'): template(body='resources:\n  inner:\n    type: sub/inner.yaml\n'),
        str(base / 'sub' / 'inner.yaml'): '{"heat_template_version": "2015-10-15", '
                                          '"resources": {}}\n'}
    json.loads(plain.templates[str(base / 'sub' / 'inner.yaml')])


def test_plain_stack_refuses_what_it_cannot_merge(tmp_path, monkeypatch):
    write(tmp_path, {
        'a.yaml': 'parameter_merge_strategies: {size: merge}\nparameters: {size: 1}\n',
        'b.yaml': 'parameters: {size: 2}\n',
        'c.yaml': 'requires: puppet\n',
        'd.yaml': 'parameter_defult: {}\n',
        'e.yaml': 'event_sinks: [{type: zaqar-queue, target: q}]\n',
    })
    workspace = Workspace(ON, [str(tmp_path)])
    out = str(tmp_path / 'out.yaml')
    problems = plain_stack([str(tmp_path / 'a.yaml'), str(tmp_path / 'b.yaml')], out,
                           workspace).problems
    assert len(problems) == 1 and "its parameter_merge_strategies need the template's " \
        'parameter types' in problems[0]
    # alone, the file is kept as it is
    assert plain_stack([str(tmp_path / 'a.yaml')], out, workspace).environment == {
        'parameters': {'size': 1}, 'parameter_merge_strategies': {'size': 'merge'}}
    assert plain_stack([str(tmp_path / 'c.yaml')], out, workspace).problems == [
        f'{tmp_path / "c.yaml"}: requires must be a mapping of capability names to the values '
        'a candidate template must declare']
    assert plain_stack([str(tmp_path / 'd.yaml')], out, workspace).problems == [
        f'{tmp_path / "d.yaml"}: Heat refuses it: environment has wrong section '
        '"parameter_defult"']
    # Heat's merge_map cannot merge two lists of event sinks (a file named as given)
    monkeypatch.chdir(tmp_path)
    assert plain_stack([str(tmp_path / 'e.yaml'), 'e.yaml'], out, workspace).problems == [
        "e.yaml: Heat refuses it: 'list' object has no attribute 'items'"]


def test_list_choices_of_an_environment_file(tmp_path):
    """What HOT610 reports and the editor's hover shows: each list, chosen in its stacks."""
    folder = project(tmp_path)
    workspace = Workspace(replace_stack(ON, 'environment.yaml', 'unmatched.yaml'), [folder])
    unmatched = workspace.environment(os.path.join(folder, 'unmatched.yaml'))
    [item] = caps.list_choices(workspace, unmatched)
    assert item.path == (CONTROLLER,) and item.requires_known
    assert item.files == (os.path.join(folder, 'environment.yaml'),
                          os.path.join(folder, 'unmatched.yaml'))
    assert item.choice.failed
    # environment.yaml's list is replaced by unmatched.yaml's in its only stack
    assert caps.list_choices(workspace, workspace.environment(
        os.path.join(folder, 'environment.yaml'))) == []
    # a file the settings name nowhere: its own requires (none here)
    [alone] = caps.list_choices(workspace, workspace.environment(
        os.path.join(folder, 'ambiguous.yaml')))
    assert alone.files == () and not alone.requires_known and alone.choice.failed


def test_a_resource_no_entry_names_resolves_as_its_type_alone(tmp_path):
    """One resolution per type serves every resource no entry names; a named one keeps its
    own, whichever is asked first."""
    folder = project(tmp_path)
    write(folder, {'one.yaml': '''
        resource_registry:
          OS::TripleO::Controller: puppet/controller.yaml
          resources:
            controller:
              OS::TripleO::Controller: docker/controller.yaml
        '''})
    workspace = Workspace(replace_stack(ON, 'one.yaml'), [folder])
    stack = workspace.stack(os.path.join(folder, 'overcloud.yaml'))
    other = stack.resolve(CONTROLLER, 'other')
    assert other.provider.path.endswith('puppet/controller.yaml')
    assert stack.resolve(CONTROLLER, 'controller').provider.path.endswith('docker/controller.yaml')
    assert stack.resolve(CONTROLLER, 'third') is other
    assert stack.resolve(CONTROLLER) is other
