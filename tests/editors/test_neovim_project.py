"""A project of templates in the real Neovim (headless): the workspace's problems without
opening its files, hover on a mapped type and on a `get_file` path, the call hierarchy, a
type's references and the outline of an environment.

neovim_project.lua starts the server as the README configures it, with the workspace folder
and `diagnostic_mode = "workspace"`, on a copy of fixtures/workspace/project (stack.yaml,
provider templates mapped by env.yaml, a folder of defects); the assertions are on what
Neovim received.  Skipped where there is no `nvim` (.ci/run installs Debian's).
"""
from __future__ import annotations

import os
import shutil

import pytest

from helpers import FIXTURES
from neovim_run import NVIM, SKIP_REASON, drive

pytestmark = pytest.mark.skipif(NVIM is None, reason=SKIP_REASON)
SCRIPT = os.path.join(os.path.dirname(__file__), 'neovim_project.lua')


@pytest.fixture(scope='module')
def received(tmp_path_factory) -> dict:
    project = tmp_path_factory.mktemp('nvim-workspace') / 'project'
    shutil.copytree(os.path.join(FIXTURES, 'workspace', 'project'), project)
    return drive(SCRIPT, project, tmp_path_factory.mktemp('nvim-home'),
                 project.parent / 'received.json')


def test_the_projects_problems_are_listed_without_opening_its_files(received):
    assert sorted((p['file'], p['line'], p['col']) for p in received['problems']) == [
        ('defects/cycle.yaml', 4, 11), ('defects/missing-output.yaml', 9, 32),
        ('defects/missing-provider.yaml', 4, 11), ('defects/missing-required.yaml', 3, 3),
        ('defects/out-of-range.yaml', 7, 14), ('defects/unknown-property.yaml', 7, 7),
        ('defects/unmapped.yaml', 4, 11)]
    [unknown] = [p for p in received['problems'] if p['file'] == 'defects/unknown-property.yaml']
    assert unknown['text'] == 'Unknown Property size'


def test_hover_on_a_mapped_type_names_its_template(received):
    assert received['hover'].startswith('**My::Server** · provider template\n\nMapped to '
                                        '`providers/server.yaml` by `env.yaml`.')


def test_the_call_hierarchy_lists_the_templates_that_nest_the_provider(received):
    assert received['prepared'] == 'providers/server.yaml'
    assert received['incoming'] == [
        {'name': 'defects/missing-output.yaml', 'lines': [3]},
        {'name': 'defects/missing-required.yaml', 'lines': [3]},
        {'name': 'defects/out-of-range.yaml', 'lines': [3]},
        {'name': 'defects/unknown-property.yaml', 'lines': [3]},
        {'name': 'stack.yaml', 'lines': [8, 19]}]


def test_the_references_of_a_type_are_its_resources_and_its_registry_entry(received):
    assert received['references'] == [
        'stack.yaml:8', 'stack.yaml:19', 'defects/missing-output.yaml:3',
        'defects/missing-required.yaml:3', 'defects/out-of-range.yaml:3',
        'defects/unknown-property.yaml:3', 'env.yaml:1']


def test_hover_on_a_get_file_path_shows_the_script(received):
    assert received['file_hover'].startswith('**scripts/boot.sh** · file for `get_file` (2 '
                                             'lines)')
    assert received['file_hover'].endswith('```sh\n#!/bin/sh\necho booted\n```')


def test_the_outline_of_the_environment(received):
    # (LSP's SymbolKind: 2 Module, 5 Class, 13 Variable)
    assert received['outline'] == [
        ['resource_registry', 2, [['My::Server', 5, 'providers/server.yaml']]],
        ['parameter_defaults', 2, [['image', 13, 'cirros']]]]
