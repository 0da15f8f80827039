"""Real trees configured as their users create them (`[[stacks]]`): OVB's quintupleo.yaml with
its registry and environments, Magnum's Kubernetes cluster with a set of its environments.
Heat accepts each stack (fixtures/heat-verdicts/ovb-quintupleo.json and
magnum-kubecluster.json, recorded by tools/record_stack_verdicts.py through
python-heatclient and Heat): no file of the tree may get an error, whether it is the root, a
provider template the stack reaches (checked as the nested stack Heat validates), or one it
does not reach (checked alone)."""
from __future__ import annotations

import json
import os

import pytest

from helpers import CORPUS, FIXTURES, needs_corpus
from hot_ls.cli.check import check_paths, workspace_for
from hot_ls.config import Settings, Stack

pytestmark = needs_corpus
MAGNUM_ENVIRONMENTS = ('with_private_network', 'with_volume', 'with_etcd_volume',
                       'with_master_lb_octavia', 'enable_floating_ip')
STACKS = {
    'ovb': (os.path.join(CORPUS, 'ovb'), 'templates/quintupleo.yaml',
            ('templates/resource-registry.yaml', 'environments/base.yaml',
             'environments/all-networks.yaml'), 'ovb-quintupleo.json', ('.',)),
    'magnum': (os.path.join(CORPUS, 'magnum-zed', 'magnum', 'drivers'),
               'k8s_fedora_coreos_v1/templates/kubecluster.yaml',
               tuple(f'common/templates/environments/{name}.yaml'
                     for name in MAGNUM_ENVIRONMENTS),
               'magnum-kubecluster.json', ('.',)),
}


@pytest.mark.parametrize('name', sorted(STACKS))
def test_a_stack_heat_accepts_gets_no_error(name):
    folder, root, environments, verdicts, checked = STACKS[name]
    with open(os.path.join(FIXTURES, 'heat-verdicts', verdicts), encoding='utf-8') as fh:
        assert json.load(fh) == {root: {'client': None, 'template': None, 'create': None}}
    settings = Settings(stacks=(Stack(
        templates=(os.path.join(folder, root),),
        environments=tuple(os.path.join(folder, e) for e in environments)),))
    reports = check_paths([os.path.join(folder, part) for part in checked], settings)
    assert len(reports) > 10
    errors = {os.path.relpath(r.path, folder): [f'{d.code} {d.message}' for d in r.diagnostics
                                                if d.severity.label == 'error']
              for r in reports}
    assert {path: found for path, found in errors.items() if found} == {}
    # the stack reaches its provider templates: they are checked as the nested stacks they are
    workspace = workspace_for([folder], settings)
    nested = {os.path.relpath(r.path, folder) for r in reports
              if workspace.stack(r.path).chain}
    assert nested >= REACHED[name]


REACHED = {'ovb': {'templates/virtual-baremetal.yaml', 'templates/undercloud.yaml',
                   'templates/bmc.yaml'},
           'magnum': {'k8s_fedora_coreos_v1/templates/kubemaster.yaml',
                      'k8s_fedora_coreos_v1/templates/kubeminion.yaml'}}
