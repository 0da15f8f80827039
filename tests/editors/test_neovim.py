"""The real server driven by the real Neovim (headless), as the README configures it.

`.ci/run` installs Debian's Neovim (0.7) when it is missing; where there is no `nvim`
the test is skipped, saying so.  neovim_session.lua opens a template and an Ansible
playbook, then asks what a user's keystrokes ask; the assertions are on what Neovim
received and did (diagnostics shown, completion items, the definition's location, the
buffer after a rename).  The 0.11 capabilities (pull diagnostics, UTF-32...) are covered
by the pytest-lsp tests in tests/server/, which replay Neovim 0.11's recorded capabilities.
"""
from __future__ import annotations

import os

import pytest

from neovim_run import NVIM, SKIP_REASON, drive

pytestmark = pytest.mark.skipif(NVIM is None, reason=SKIP_REASON)
SCRIPT = os.path.join(os.path.dirname(__file__), 'neovim_session.lua')

TEMPLATE = """\
heat_template_version: 2021-04-16
parameters:
  image: {type: string, default: cirros}
resources:
  port:
    type: OS::Neutron::Port
    properties: {network: private, fixed_ip: [10.0.0.5]}
  value:
    type: OS::Heat::Value
    properties: {value: {get_resource: port}}
  new:
    type: OS::Nova::Server
    properties: {flavor: m1.small, image: {get_param: image}}
foo: 1
"""
PLAYBOOK = '- hosts: all\n  tasks:\n    - name: hello\n      debug: msg=hi\n'


@pytest.fixture(scope='module')
def received(tmp_path_factory) -> dict:
    project = tmp_path_factory.mktemp('nvim-project')
    (project / 'template.yaml').write_text(TEMPLATE)
    (project / 'playbook.yml').write_text(PLAYBOOK)
    return drive(SCRIPT, project, tmp_path_factory.mktemp('nvim-home'),
                 project / 'received.json')


def test_the_template_gets_its_diagnostics_and_the_playbook_none(received):
    [diagnostic] = received['diagnostics']
    assert (diagnostic['line'], diagnostic['col'], diagnostic['code']) == (6, 35, 'HOT702')
    assert diagnostic['message'].startswith('Unknown Property fixed_ip')
    assert diagnostic['severity'] == 1  # vim.diagnostic.severity.ERROR
    # init_options reached the server: HOT110 (the unknown section foo) is disabled
    assert not any(d['code'] == 'HOT110' for d in received['diagnostics'])
    assert received['published']['playbook.yml'] == 0 and received['playbook_diagnostics'] == 0


def test_completion_of_a_resource_type_in_plain_text(received):
    items = {item['label']: item for item in received['completion']}
    assert 'OS::Nova::Server' in items and 'OS::Nova::KeyPair' in items
    assert not any(label.startswith('OS::Neutron::') for label in items)
    # Neovim 0.7 takes no snippets: plain text, no placeholder left to type over
    assert {item['format'] for item in items.values()} <= {None, 1}
    assert items['OS::Nova::Server']['text'] == 'OS::Nova::Server'  # it has properties already


def test_definition_goes_to_the_resource(received):
    assert received['definition'] == {'file': 'template.yaml', 'range': {
        'start': {'line': 4, 'character': 2}, 'end': {'line': 4, 'character': 6}}}


def test_rename_edits_the_buffer_and_a_refusal_is_an_error(received):
    renamed = received['renamed']
    assert renamed[4] == '  server_port:'
    assert renamed[9] == '    properties: {value: {get_resource: server_port}}'
    assert received['refused'] == ('Cannot rename the resource "server_port" to "image": a '
                                   'parameter with that name exists (Heat refuses a parameter '
                                   'and a resource with the same name)')


def test_the_server_writes_nothing_neovim_would_log_as_an_error(received):
    """Neovim logs every line of a server's stderr at ERROR level."""
    assert 'Starting RPC client' in received['lsp_log']  # the log is written...
    assert 'stderr' not in received['lsp_log']  # ...and hot-ls's INFO lines are not in it
