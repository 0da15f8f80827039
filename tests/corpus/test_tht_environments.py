"""tht-master-rendered checked with its own registry, as TripleO creates the overcloud.

`hot-ls check tht-master-rendered -e overcloud-resource-registry-puppet.yaml`:
every `OS::TripleO::*` type any template uses resolves through the registry
(no HOT701), and every error hot-ls reports is in a template Heat refuses too
when created with that environment (fixtures/heat-verdicts/tht-registry.json,
recorded by tools/record_stack_verdicts.py through python-heatclient and
Heat).  Most of those refusals are passwords, container images and keys that
TripleO's client generates at deploy time (no environment of the repository
sets them): with the registry alone, Heat refuses them as hot-ls does.
"""
from __future__ import annotations

import json
import os

import pytest

from helpers import CORPUS, FIXTURES, needs_corpus
from hot_ls.cli.check import check_paths, workspace_for
from hot_ls.config import Settings
from hot_ls.model.document import Kind

pytestmark = needs_corpus
THT = os.path.join(CORPUS, 'tht-master-rendered')
REGISTRY = os.path.join(THT, 'overcloud-resource-registry-puppet.yaml')
with open(os.path.join(FIXTURES, 'heat-verdicts', 'tht-registry.json'), encoding='utf-8') as fh:
    VERDICTS = json.load(fh)


@pytest.fixture(scope='module')
def reports():
    return {os.path.relpath(r.path, THT): r
            for r in check_paths([THT], Settings(), environments=[REGISTRY])}


def test_every_tripleo_type_resolves_through_the_registry(reports):
    assert not [(path, d.message) for path, r in reports.items() for d in r.diagnostics
                if d.code == 'HOT701']
    workspace = workspace_for([THT], Settings(), [REGISTRY])
    used = resolved = 0
    for summary in workspace.index().templates():
        stack = workspace.stack(summary.path)
        assert stack.environments_known
        for resource in summary.template.resources:
            if isinstance(resource.type, str) and resource.type.startswith('OS::TripleO::'):
                used += 1
                found = stack.resolve(resource.type, resource.name)
                assert found.type is not None or found.provider is not None, (
                    summary.path, resource.type, found.message)
                resolved += 1
    assert used > 90 and used == resolved


def test_errors_only_where_heat_refuses_with_the_registry(reports):
    accepted_with_errors = {}
    for path, report in reports.items():
        errors = [d for d in report.diagnostics if d.severity.label == 'error']
        if not errors or report.kind is not Kind.HOT:
            continue
        verdict = VERDICTS.get(path)
        assert verdict is not None, f'no Heat verdict for {path}'
        if not (verdict['client'] or verdict['template'] or verdict['create']):
            accepted_with_errors[path] = [f'{d.code} {d.message}' for d in errors]
    assert accepted_with_errors == {}


def test_heat_and_hot_ls_agree_on_the_missing_deploy_time_parameters(reports):
    """Where Heat refuses for a provider's parameter nobody sets, hot-ls names it too."""
    checked = 0
    for path, verdict in VERDICTS.items():
        message = verdict['create'] or ''
        if not message.endswith(' not assigned') or path not in reports:
            continue
        name = message.split('Property ')[-1].removesuffix(' not assigned')
        found = [d.message for d in reports[path].diagnostics if d.code == 'HOT703']
        assert f'Property {name} not assigned' in found, (path, message, found)
        checked += 1
    assert checked > 50


def test_the_overcloud_nests_as_deep_as_heat_says(reports):
    """Heat's first refusal of overcloud.yaml: the controller's ResourceChain of services
    (its own nested stack a level) reaches containers-common.yaml six stacks down.  hot-ls
    names the same chain, on the resource that starts it; a cloud whose
    max_nested_stack_depth is larger (a TripleO undercloud's) accepts it."""
    import re
    heat = VERDICTS['overcloud.yaml']['create']
    assert heat.endswith('Recursion depth exceeds 5.')
    heat_chain = [os.path.basename(part) for part in re.findall(r'<([^>]+)>', heat)]
    [found] = [d.message for d in reports['overcloud.yaml'].diagnostics if d.code == 'HOT606']
    chain = re.fullmatch(r'Recursion depth exceeds 5: nested stacks 6 deep \((.*)\)',
                         found).group(1).split(' -> ')
    assert chain[1] == 'ServiceChain<nested_stack>'  # (Heat: the group's name<nested_stack>)
    assert [re.sub(r'^.*<(.*)>$', r'\1', name) for name in chain] == heat_chain == [
        'controller-role.yaml', 'nested_stack', 'cinder-volume-pacemaker-puppet.yaml',
        'cinder-volume-container-puppet.yaml', 'cinder-common-container-puppet.yaml',
        'containers-common.yaml']
    deeper = {os.path.relpath(r.path, THT): r for r in check_paths(
        [os.path.join(THT, 'overcloud.yaml')], Settings(max_nested_stack_depth=7),
        environments=[REGISTRY])}
    assert [d for d in deeper['overcloud.yaml'].diagnostics if d.code == 'HOT606'] == []


def test_the_overcloud_on_a_deeper_cloud_as_one_stack():
    """overcloud.yaml created with the registry on a cloud that nests 7 deep, configured as
    one stack (its providers and its ResourceChains' services reached as nested stacks):
    Heat's first refusal is then a condition of nova-metadata-container-puppet.yaml that
    reads a password nothing gives (TripleO's client generates it at deploy time), which
    hot-ls reports there, and nothing is too deep
    (fixtures/heat-verdicts/tht-overcloud-depth-7.json)."""
    import re
    from hot_ls.config import Stack
    with open(os.path.join(FIXTURES, 'heat-verdicts', 'tht-overcloud-depth-7.json'),
              encoding='utf-8') as fh:
        heat = json.load(fh)['overcloud.yaml']['create']
    where, message = re.fullmatch(r'UserParameterMissing: .*\.resources\.\d+<file://[^>]*/'
                                  r'tht-master-rendered/([^>]+)>: (.*)', heat).groups()
    settings = Settings(max_nested_stack_depth=7, stacks=(Stack(
        templates=(os.path.join(THT, 'overcloud.yaml'),), environments=(REGISTRY,)),))
    reports = {os.path.relpath(r.path, THT): r for r in check_paths([THT], settings)}
    found = [d.message for d in reports[where].diagnostics
             if d.severity.label == 'error' and d.code == 'HOT404']
    assert found == [f'{message} (its parent does not pass it, no environment\'s '
                     'parameter_defaults gives it, and it has no default: Heat evaluates the '
                     'condition when it validates this nested stack)']
    assert not [d for r in reports.values() for d in r.diagnostics if d.code == 'HOT606']


def test_the_overcloud_heat_accepts_gets_no_error_in_its_stack():
    """The same stack with the two values Heat asked for (fixtures/environments/
    tht-deploy-time.yaml, after the registry): Heat accepts it
    (tht-overcloud-depth-7-given.json), and no template of the stack, the root or one it
    reaches as a nested stack, gets an error.  (That later file's parameter_defaults reach
    the nested stacks: Heat's merge keeps a value for any parameter of a template sent
    with the stack, not only the root's.)"""
    from hot_ls.cli.check import workspace_for
    from hot_ls.config import Stack
    with open(os.path.join(FIXTURES, 'heat-verdicts', 'tht-overcloud-depth-7-given.json'),
              encoding='utf-8') as fh:
        assert json.load(fh) == {'overcloud.yaml': {'client': None, 'template': None,
                                                    'create': None}}
    given = os.path.join(FIXTURES, 'environments', 'tht-deploy-time.yaml')
    settings = Settings(max_nested_stack_depth=7, search_paths=(os.path.dirname(given),),
                        stacks=(Stack(templates=(os.path.join(THT, 'overcloud.yaml'),),
                                      environments=(REGISTRY, given)),))
    reports = check_paths([THT], settings)
    workspace = workspace_for([THT], settings)
    in_stack = [r for r in reports if workspace.stack(r.path).chain
                or r.path == os.path.join(THT, 'overcloud.yaml')]
    assert len(in_stack) > 100
    assert [(os.path.relpath(r.path, THT), d.code, d.message) for r in in_stack
            for d in r.diagnostics if d.severity.label == 'error'] == []
