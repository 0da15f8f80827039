"""The templates a stack uses (hot_ls.workspace.stack_templates): what `hot-ls check root.yaml`
checks with the root, as python-heatclient sends them and Heat nests them."""
from __future__ import annotations

import os

from hot_ls.config import Settings
from hot_ls.config.settings import Stack
from hot_ls.workspace import Workspace
from hot_ls.workspace.stack_templates import templates_used

EMPTY = 'heat_template_version: 2021-04-16\nresources: {}\n'


def _tree(tmp_path, files: dict[str, str]) -> Workspace:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return Workspace(Settings(), [str(tmp_path)], one_run=True)


def _names(tmp_path, paths) -> list[str]:
    return [os.path.relpath(path, tmp_path) for path in paths]


def test_a_chain_a_group_a_condition_and_the_files_the_client_reads(tmp_path):
    """A ResourceChain's types from its parameter's default; a group's member when the group
    has members; a resource whose condition does not hold (python-heatclient sends its
    template all the same); a group of 0's member (Heat validates none), a `type:` that names
    no file there, a URL, and a chain's template file (Heat cannot fetch it) are not
    followed."""
    workspace = _tree(tmp_path, {
        'root.yaml': ('heat_template_version: 2021-04-16\n'
                      'parameters:\n'
                      '  services: {type: comma_delimited_list, default: "My::A,OS::Heat::None"}\n'
                      'conditions:\n'
                      '  never: false\n'
                      'resources:\n'
                      '  chain:\n'
                      '    type: OS::Heat::ResourceChain\n'
                      '    properties:\n'
                      '      resources: {get_param: services}\n'
                      '  direct_chain:\n'
                      '    type: OS::Heat::ResourceChain\n'
                      '    properties:\n'
                      '      resources: [chained.yaml]\n'
                      '  group:\n'
                      '    type: OS::Heat::ResourceGroup\n'
                      '    properties:\n'
                      '      count: 2\n'
                      '      resource_def: {type: lib/member.yaml}\n'
                      '  empty_group:\n'
                      '    type: OS::Heat::ResourceGroup\n'
                      '    properties:\n'
                      '      count: 0\n'
                      '      resource_def: {type: lib/unvalidated.yaml}\n'
                      '  off:\n'
                      '    type: lib/off.yaml\n'
                      '    condition: never\n'
                      '  gone: {type: gone.yaml}\n'
                      '  remote: {type: "https://example.com/t.yaml"}\n'),
        'lib/member.yaml': ('heat_template_version: 2021-04-16\n'
                            'resources:\n'
                            '  deeper: {type: deeper.yaml}\n'
                            '  back: {type: ../root.yaml}\n'),
        'lib/deeper.yaml': EMPTY,
        'lib/off.yaml': EMPTY,
        'lib/unvalidated.yaml': EMPTY,
        'chained.yaml': EMPTY,
        'a.yaml': EMPTY,
        'env.yaml': 'resource_registry:\n  My::A: a.yaml\n',
    })
    root = str(tmp_path / 'root.yaml')
    assert _names(tmp_path, templates_used(workspace, [root])) == [
        'lib/member.yaml', 'lib/off.yaml', 'lib/deeper.yaml']
    # with the environment that maps My::A, the chain's first member is a.yaml
    mapped = Workspace(Settings(), [str(tmp_path)], environments=[str(tmp_path / 'env.yaml')],
                       one_run=True)
    assert _names(tmp_path, templates_used(mapped, [root])) == [
        'a.yaml', 'lib/member.yaml', 'lib/off.yaml', 'lib/deeper.yaml']


def test_what_is_not_a_template_is_not_followed(tmp_path):
    workspace = _tree(tmp_path, {'env.yaml': 'resource_registry:\n  My::A: a.yaml\n',
                                 'a.yaml': EMPTY, 'broken.yaml': 'resources: [\n'})
    assert templates_used(workspace, [str(tmp_path / 'env.yaml'),
                                      str(tmp_path / 'broken.yaml'),
                                      str(tmp_path / 'missing.yaml')]) == []


def test_the_nested_stacks_of_roots_not_configured(tmp_path):
    """`Workspace.nested_from`: each template the roots' stacks use, as the nested stack it
    is in when the root is created (the chain above it, the values its parent passes); a
    template a configured stack reaches keeps that stack; the last roots asked are
    remembered until a file changes."""
    relay = ('heat_template_version: 2021-04-16\nparameters:\n  size: {type: number}\n'
             'resources:\n  child: {type: lib/child.yaml}\n')
    workspace = _tree(tmp_path, {
        'root.yaml': ('heat_template_version: 2021-04-16\nresources:\n'
                      '  relay:\n    type: relay.yaml\n    properties: {size: 3}\n'),
        'relay.yaml': relay, 'lib/child.yaml': EMPTY, 'other.yaml': EMPTY})
    root = str(tmp_path / 'root.yaml')
    found = workspace.nested_from([root])
    assert sorted(_names(tmp_path, found)) == ['lib/child.yaml', 'relay.yaml']
    child = found[str(tmp_path / 'lib' / 'child.yaml')]
    assert _names(tmp_path, child.chain) == ['root.yaml', 'relay.yaml']
    assert dict(found[str(tmp_path / 'relay.yaml')].values) == {'size': 3}
    assert workspace.nested_from([root, root]) is found
    assert workspace.stack(str(tmp_path / 'relay.yaml')).chain == ()  # (as its own root)
    # configured, relay.yaml is a stack of its own: only child.yaml is the root's
    configured = Workspace(Settings(stacks=(Stack(templates=(str(tmp_path / 'relay.yaml'),)),)),
                           [str(tmp_path)], one_run=True)
    assert _names(tmp_path, configured.nested_from([root])) == []
