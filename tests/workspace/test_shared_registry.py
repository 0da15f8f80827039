"""The registry the configured environments load is loaded once for all the stacks created
with them (hot_ls.workspace.environments.stack_environment `registries`): TripleO's 300
templates, each a root with the same registry of 1,400 entries, share it and what it resolves.
It is loaded again when an environment changes."""
from __future__ import annotations

from hot_ls.config import Settings
from hot_ls.workspace import Workspace

ENV = '''\
resource_registry:
  My::Server: server.yaml
  OS::Hooked: OS::Heat::None
  resources:
    web:
      hooks: pre-create
parameter_defaults:
  flavor: m1.small
'''
SERVER = '''\
heat_template_version: 2021-04-16
parameters:
  flavor: {type: string}
resources: {}
'''


def _root(name: str) -> str:
    return ('heat_template_version: 2021-04-16\n'
            'parameters:\n'
            f'  {name}: {{type: string, default: x}}\n'
            'resources:\n'
            '  web: {type: My::Server}\n')


def _workspace(tmp_path) -> Workspace:
    for name, text in {'env.yaml': ENV, 'server.yaml': SERVER, 'a.yaml': _root('a'),
                       'b.yaml': _root('b')}.items():
        (tmp_path / name).write_text(text)
    return Workspace(Settings(environments=(str(tmp_path / 'env.yaml'),)), [str(tmp_path)])


def test_the_stacks_created_with_the_same_environments_share_their_registry(tmp_path):
    workspace = _workspace(tmp_path)
    a = workspace.stack(str(tmp_path / 'a.yaml')).environment
    b = workspace.stack(str(tmp_path / 'b.yaml')).environment
    assert a is not b
    assert a.registry is b.registry
    assert a.registry.resolve('My::Server').entry.target.path == str(tmp_path / 'server.yaml')
    assert a.registry.setting_for('web', 'hooks') == {'pre-create'}
    # what depends on each stack's own templates stays its own
    assert a.parameter_defaults == b.parameter_defaults == {'flavor': 'm1.small'}
    assert a.parameter_defaults is not b.parameter_defaults


def test_an_environment_changed_loads_the_registry_again(tmp_path):
    workspace = _workspace(tmp_path)
    before = workspace.stack(str(tmp_path / 'a.yaml')).environment.registry
    (tmp_path / 'other.yaml').write_text(SERVER)
    env = tmp_path / 'env.yaml'
    env.write_text(ENV.replace('server.yaml', 'other.yaml'))
    workspace.changed([str(env)])
    after = workspace.stack(str(tmp_path / 'a.yaml')).environment.registry
    assert after is not before
    assert after.resolve('My::Server').entry.target.path == str(tmp_path / 'other.yaml')
    assert workspace.stack(str(tmp_path / 'b.yaml')).environment.registry is after
