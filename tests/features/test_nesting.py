"""Which templates nest which (features.nesting): the call hierarchy of fixtures/workspace/project
(provider templates mapped by env.yaml, a nested file, a group's member, a missing provider,
a template that nests itself) and of tripleo-heat-templates with its registry."""
from __future__ import annotations

import os

import pytest

from helpers import CORPUS, FIXTURES, needs_corpus
from hot_ls.config import Settings
from hot_ls.features.nesting import incoming, item_of, outgoing, prepare_at
from hot_ls.rules import analyze
from hot_ls.workspace import Workspace

PROJECT = os.path.join(FIXTURES, 'workspace', 'project')
STACK = os.path.join(PROJECT, 'stack.yaml')
ENV = os.path.join(PROJECT, 'env.yaml')
SERVER = os.path.join(PROJECT, 'providers', 'server.yaml')
NET = os.path.join(PROJECT, 'nested', 'net.yaml')


@pytest.fixture
def workspace():
    return Workspace(Settings(environments=(ENV,)), [PROJECT])


def read(path):
    with open(path, encoding='utf-8') as fh:
        return fh.read()


def test_outgoing_names_each_nested_template_once_with_every_resource_that_nests_it(
        workspace):
    calls = outgoing(workspace, STACK)
    text = read(STACK)
    assert [(c.item.name, [text[s.start:s.end] for s in c.sites]) for c in calls] == [
        (os.path.join('providers', 'server.yaml'), ['My::Server', 'My::Server']),
        (os.path.join('nested', 'net.yaml'), ['nested/net.yaml'])]
    # the second is the member of the group (its resource_def's type)
    assert text.rindex('My::Server') == calls[0].sites[1].start
    assert calls[0].item.detail == 'One server, as a provider template.'
    assert calls[0].item.length == len(read(SERVER))


def test_incoming_names_every_template_that_nests_it_through_the_registry(workspace):
    calls = incoming(workspace, SERVER)
    assert [(c.item.name, [read(c.item.path)[s.start:s.end] for s in c.sites])
            for c in calls] == [
        (os.path.join('defects', 'missing-output.yaml'), ['My::Server']),
        (os.path.join('defects', 'missing-required.yaml'), ['My::Server']),
        (os.path.join('defects', 'out-of-range.yaml'), ['My::Server']),
        (os.path.join('defects', 'unknown-property.yaml'), ['My::Server']),
        ('stack.yaml', ['My::Server', 'My::Server'])]
    assert [c.item.name for c in incoming(workspace, NET)] == ['stack.yaml']
    assert incoming(workspace, STACK) == []


def test_a_missing_provider_nests_nothing_and_a_template_that_nests_itself_is_its_own_caller(
        workspace):
    assert outgoing(workspace, os.path.join(PROJECT, 'defects', 'missing-provider.yaml')) == []
    cycle = os.path.join(PROJECT, 'defects', 'cycle.yaml')
    assert [c.item.path for c in outgoing(workspace, cycle)] == [cycle]
    assert [c.item.path for c in incoming(workspace, cycle)] == [cycle]


def test_without_the_environment_a_mapped_type_nests_nothing():
    bare = Workspace(Settings(), [PROJECT])
    assert [c.item.name for c in outgoing(bare, STACK)] == [os.path.join('nested', 'net.yaml')]
    assert incoming(bare, SERVER) == []


def test_prepare_is_the_document_or_the_template_a_type_names(workspace):
    analysis = analyze(read(STACK), STACK, workspace.settings, workspace=workspace)
    text = analysis.text
    assert prepare_at(analysis, text.index('My::Server') + 3).path == SERVER
    assert prepare_at(analysis, text.index('nested/net.yaml')).path == NET
    assert prepare_at(analysis, text.index('OS::Heat::ResourceGroup')).path == STACK
    assert prepare_at(analysis, 0).name == 'stack.yaml'
    env = analyze(read(ENV), ENV, workspace.settings, workspace=workspace)
    assert prepare_at(env, 0) is None  # an environment nests nothing itself
    assert item_of(workspace, ENV) is None


def test_an_unsaved_buffer_counts(workspace):
    """The editor's buffer of the parent, not yet saved, nests another template."""
    text = read(STACK).replace('type: nested/net.yaml', 'type: providers/server.yaml')
    workspace.files.overlay(STACK, text)
    workspace.changed([STACK])
    assert [c.item.name for c in outgoing(workspace, STACK)] == [
        os.path.join('providers', 'server.yaml')]
    assert incoming(workspace, NET) == []


@needs_corpus
def test_tripleo_nesting_through_its_registry():
    tht = os.path.join(CORPUS, 'tht-master-rendered')
    workspace = Workspace(Settings(environments=(
        os.path.join(tht, 'overcloud-resource-registry-puppet.yaml'),)), [tht])
    base = os.path.join(tht, 'deployment', 'nova', 'nova-base-puppet.yaml')
    parents = [c.item.name for c in incoming(workspace, base)]
    assert 'deployment/nova/nova-compute-container-puppet.yaml' in parents
    assert 'deployment/nova/nova-api-container-puppet.yaml' in parents
    assert len(parents) == 9
    compute = os.path.join(tht, 'deployment', 'nova', 'nova-compute-container-puppet.yaml')
    assert 'deployment/nova/nova-base-puppet.yaml' in [
        c.item.name for c in outgoing(workspace, compute)]
    roles = [c.item.name for c in outgoing(workspace, os.path.join(tht, 'overcloud.yaml'))]
    assert 'puppet/controller-role.yaml' in roles and 'puppet/compute-role.yaml' in roles
