"""Renaming and moving files and folders (features.file_moves): the references that follow.

Each test works on a copy of fixtures/workspace/project (or of TripleO's
rendered tree): the edits are computed, applied, the files moved, and the
project must then check exactly as it did before.
"""
from __future__ import annotations

import json
import os
import shutil

import pytest

from helpers import CORPUS, FIXTURES, needs_corpus
from hot_ls.cli.check import check_paths
from hot_ls.cli.move import move_with_references
from hot_ls.config import Settings
from hot_ls.features.file_moves import Move, destination, move_edits
from hot_ls.workspace import Workspace

PROJECT = os.path.join(FIXTURES, 'workspace', 'project')
THT = os.path.join(CORPUS, 'tht-master-rendered')


@pytest.fixture
def root(tmp_path):
    path = str(tmp_path / 'project')
    shutil.copytree(PROJECT, path)
    return path


def edits_of(root: str, *moves: tuple[str, str], settings: Settings | None = None,
             settings_files=()) -> list[tuple[str, str, str]]:
    """(file, text replaced, new text) of each edit the moves need."""
    workspace = Workspace(settings or Settings(), [root])
    found = move_edits([Move(os.path.join(root, a), os.path.join(root, b)) for a, b in moves],
                       workspace.heat_documents(), lambda path: workspace,
                       [os.path.join(root, s) for s in settings_files])
    out = []
    for edit in found:
        with open(edit.path, encoding='utf-8') as fh:
            text = fh.read()
        out.append((os.path.relpath(edit.path, root), text[edit.start:edit.end], edit.new_text))
    return out


def apply_and_move(root: str, *moves: tuple[str, str], settings_files=()) -> int:
    """Apply the edits the moves need, then move the files; how many edits there were."""
    workspace = Workspace(Settings(), [root])
    moved = [Move(os.path.join(root, a), os.path.join(root, b)) for a, b in moves]
    edits = move_edits(moved, workspace.heat_documents(), lambda path: workspace,
                       [os.path.join(root, s) for s in settings_files])
    return move_with_references(moved, edits)  # (what `hot-ls mv` does with them)


def reports(root: str, environment: str | None) -> dict:
    """Each file's diagnostics (code, line) as `check` reports them (an edit may change
    a line's length; a message may name a path)."""
    found = check_paths([root], Settings(), environments=[environment] if environment else [])
    return {os.path.relpath(r.path, root): sorted(
        (d.code, r.lines.position(d.start).line) for d in r.diagnostics) for r in found}


def test_where_a_path_goes():
    moves = [Move('/p/a.yaml', '/p/b.yaml'), Move('/p/lib', '/p/x/lib2')]
    assert destination('/p/a.yaml', moves) == '/p/b.yaml'
    assert destination('/p/lib/n/c.yaml', moves) == '/p/x/lib2/n/c.yaml'
    assert destination('/p/library/c.yaml', moves) is None
    assert destination('/p/c.yaml', moves) is None


def test_moving_a_folder_rewrites_the_registry_entries_into_it(root):
    assert edits_of(root, ('providers', 'lib/providers')) == [
        ('env.yaml', 'providers/server.yaml', 'lib/providers/server.yaml')]
    # defects/missing-provider.yaml names providers/servr.yaml, which does not exist: it
    # stays broken as it is


def test_a_moved_template_keeps_naming_its_files_and_its_own_relative_references(root):
    assert edits_of(root, ('stack.yaml', 'stacks/main.yaml')) == [
        ('stack.yaml', 'nested/net.yaml', '../nested/net.yaml'),
        ('stack.yaml', 'scripts/boot.sh', '../scripts/boot.sh')]
    assert edits_of(root, ('scripts/boot.sh', 'scripts/start.sh')) == [
        ('stack.yaml', 'scripts/boot.sh', 'scripts/start.sh')]
    assert edits_of(root, ('env.yaml', 'environments/env.yaml')) == [
        ('env.yaml', 'providers/server.yaml', '../providers/server.yaml')]
    # a template nesting itself (`type: cycle.yaml`) follows itself
    assert edits_of(root, ('defects/cycle.yaml', 'defects/loop.yaml')) == [
        ('defects/cycle.yaml', 'cycle.yaml', 'loop.yaml')]


def test_nothing_to_do(root):
    assert edits_of(root, ('stack.yaml', 'stack.yaml')) == []
    assert edits_of(root, ('defects/out-of-range.yaml', 'defects/range.yaml')) == []  # unnamed
    # the whole folder moving: every relative reference inside it still holds
    assert edits_of(root, ('.', '../elsewhere')) == []


def test_a_reference_that_still_names_the_file_from_its_new_place_stays(root):
    os.makedirs(os.path.join(root, 'a', 'b'))
    with open(os.path.join(root, 'a', 'b', 't.yaml'), 'w', encoding='utf-8') as fh:
        fh.write('heat_template_version: 2021-04-16\nresources:\n'
                 '  n: {type: ../../nested/net.yaml}\n  m: {type: ../b/x.yaml}\n')
    open(os.path.join(root, 'a', 'b', 'x.yaml'), 'w').close()
    # a/b/t.yaml -> a/c/t.yaml: ../../nested/net.yaml still names it; ../b/x.yaml does too
    assert edits_of(root, ('a/b/t.yaml', 'a/c/t.yaml')) == []
    assert edits_of(root, ('a/b/t.yaml', 't.yaml')) == [
        ('a/b/t.yaml', '../../nested/net.yaml', 'nested/net.yaml'),
        ('a/b/t.yaml', '../b/x.yaml', 'a/b/x.yaml')]


def test_quotes_flow_style_json_and_groups_are_kept(root):
    with open(os.path.join(root, 'q.yaml'), 'w', encoding='utf-8') as fh:
        fh.write("heat_template_version: 2021-04-16\nresources:\n"
                 "  a: {type: 'nested/net.yaml'}\n"
                 "  b:\n    type: \"nested/net.yaml\"\n"
                 "  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n"
                 "      resource_def: {type: nested/net.yaml}\n"
                 "  c:\n    type: OS::Heat::SoftwareConfig\n"
                 "    properties: {config: {get_file: &f scripts/boot.sh}}\n"
                 "  d:\n    type: OS::Heat::SoftwareConfig\n"
                 "    properties: {config: {get_file: *f}}\n")
    with open(os.path.join(root, 'j.json'), 'w', encoding='utf-8') as fh:
        json.dump({'heat_template_version': '2021-04-16',
                   'resources': {'n': {'type': 'nested/net.yaml'}}}, fh)
    found = edits_of(root, ('nested', "it's: here"), ('scripts/boot.sh', 'scripts/#1.sh'))
    assert found == [
        ('j.json', 'nested/net.yaml', "it's: here/net.yaml"),
        ('q.yaml', 'nested/net.yaml', "it''s: here/net.yaml"),       # in '...'
        ('q.yaml', 'nested/net.yaml', "it's: here/net.yaml"),        # in "..."
        ('q.yaml', 'nested/net.yaml', '"it\'s: here/net.yaml"'),     # plain: quoted
        ('q.yaml', 'scripts/boot.sh', '"scripts/#1.sh"'),            # once, for both aliases
        ('stack.yaml', 'nested/net.yaml', '"it\'s: here/net.yaml"'),
        ('stack.yaml', 'scripts/boot.sh', '"scripts/#1.sh"')]


def test_absolute_paths_urls_and_path_map(root, tmp_path):
    net = os.path.join(root, 'nested', 'net.yaml')
    with open(os.path.join(root, 'abs.yaml'), 'w', encoding='utf-8') as fh:
        fh.write('heat_template_version: 2021-04-16\nresources:\n'
                 f'  a: {{type: {net}}}\n  b: {{type: "file://{net}"}}\n'
                 '  c: {type: https://example.com/nested/net.yaml}\n'
                 '  d: {type: /usr/share/t/nested/net.yaml}\n')
    settings = Settings(path_map={'/usr/share/t': root})
    assert edits_of(root, ('nested', 'networks'), settings=settings) == [
        ('abs.yaml', net, os.path.join(root, 'networks', 'net.yaml')),
        ('abs.yaml', f'file://{net}', f'file://{root}/networks/net.yaml'),
        ('abs.yaml', '/usr/share/t/nested/net.yaml', '/usr/share/t/networks/net.yaml'),
        ('stack.yaml', 'nested/net.yaml', 'networks/net.yaml')]


def test_a_settings_file_and_a_jinja_source_are_read_as_text(root):
    with open(os.path.join(root, '.hot-ls.toml'), 'w', encoding='utf-8') as fh:
        fh.write('environments = ["env.yaml"]\nexclude = ["scripts/*"]\n'
                 '[[stacks]]\ntemplates = ["stack.yaml", "*.yaml"]\n')
    with open(os.path.join(root, 'registry.j2.yaml'), 'w', encoding='utf-8') as fh:
        fh.write('resource_registry:\n{% for r in roles %}\n'
                 '  OS::{{r.name}}::Net: nested/net.yaml  # see nested/net.yaml\n'
                 '  OS::{{r.name}}::Gone: nested/gone.yaml\n{% endfor %}\n')
    assert edits_of(root, ('env.yaml', 'envs/base.yaml'), ('stack.yaml', 'main.yaml'),
                    ('scripts', 'sh'), ('nested', 'n'), settings_files=['.hot-ls.toml']) == [
        ('.hot-ls.toml', 'env.yaml', 'envs/base.yaml'),
        ('.hot-ls.toml', 'scripts/', 'sh/'),
        ('.hot-ls.toml', 'stack.yaml', 'main.yaml'),
        ('env.yaml', 'providers/server.yaml', '../providers/server.yaml'),
        ('registry.j2.yaml', 'nested/net.yaml', 'n/net.yaml'),
        ('registry.j2.yaml', 'nested/net.yaml', 'n/net.yaml'),
        ('stack.yaml', 'nested/net.yaml', 'n/net.yaml'),
        ('stack.yaml', 'scripts/boot.sh', 'sh/boot.sh')]


def test_in_a_pyproject_only_the_hot_ls_table_is_rewritten(root):
    with open(os.path.join(root, 'pyproject.toml'), 'w', encoding='utf-8') as fh:
        fh.write('[tool.other]\nconfig = "env.yaml"\n\n[tool.hot-ls]\n'
                 'environments = ["env.yaml"]\n\n[[tool.hot-ls.stacks]]\n'
                 'templates = ["stack.yaml"]\nenvironments = ["env.yaml"]\n\n'
                 '[tool.after]\npath = "env.yaml"\n')
    assert edits_of(root, ('env.yaml', 'envs/env.yaml'), settings_files=['pyproject.toml']) == [
        ('env.yaml', 'providers/server.yaml', '../providers/server.yaml'),
        ('pyproject.toml', 'env.yaml', 'envs/env.yaml'),
        ('pyproject.toml', 'env.yaml', 'envs/env.yaml')]


def test_the_project_checks_as_before_once_its_files_moved(root):
    env = os.path.join(root, 'env.yaml')
    before = reports(root, env)
    moves = (('providers', 'lib/templates'), ('stack.yaml', 'stacks/main.yaml'),
             ('scripts/boot.sh', 'boot/start.sh'), ('defects', 'stacks/defects'))
    moved = [Move(os.path.join(root, a), os.path.join(root, b)) for a, b in moves]
    assert apply_and_move(root, *moves) == 3
    after = reports(root, env)
    back = {os.path.relpath(destination(os.path.join(root, path), moved) or
                            os.path.join(root, path), root): found
            for path, found in before.items()}
    assert after == back
    assert sum(map(len, after.values())) == sum(map(len, before.values())) > 5


@needs_corpus
def test_tripleo_checks_as_before_once_a_service_folder_moved_down(tmp_path):
    root = str(tmp_path / 'tht')
    shutil.copytree(THT, root)
    registry = os.path.join(root, 'overcloud-resource-registry-puppet.yaml')
    before = reports(root, registry)
    moves = (('deployment/nova', 'deployment/compute/nova'),
             ('network/service_net_map.yaml', 'network/maps/service_net_map.yaml'))
    moved = [Move(os.path.join(root, a), os.path.join(root, b)) for a, b in moves]
    # the registry (and its Jinja2 source) maps each nova service; the nova services name
    # ../../deployment/... and ../../puppet/..., which must go one level up
    assert apply_and_move(root, *moves) > 40
    after = reports(root, registry)
    back = {os.path.relpath(destination(os.path.join(root, path), moved) or
                            os.path.join(root, path), root): found
            for path, found in before.items()}
    assert after == back
    assert sum(map(len, after.values())) > 400
