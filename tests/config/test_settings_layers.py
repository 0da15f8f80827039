"""Settings in layers (the file, then the command line or the editor), where each value came
from, and which files the globs name."""
from __future__ import annotations

import os

from hot_ls.config import Settings, load_settings, matches, overlay, settings_from_dict
from hot_ls.config.settings import with_origin


def test_a_layer_adds_to_lists_merges_tables_and_replaces_single_values(tmp_path):
    path = tmp_path / '.hot-ls.toml'
    path.write_text('disable = ["HOT708", "HOT002"]\nseverity = { HOT402 = "error", HOT110 = '
                    '"hint" }\ntarget_release = "train"\nplugin_paths = ["plugins"]\n')
    base = load_settings(str(path))
    assert base.plugin_paths == (str(tmp_path / 'plugins'),) and base.base_dir == str(tmp_path)
    layered = overlay({'disable': ['HOT002', 'HOT301'], 'severity': {'HOT110': 'warning'},
                       'targetRelease': 'wallaby', 'environments': []}, base, 'editor settings')
    assert layered.disable == ('HOT708', 'HOT002', 'HOT301')
    assert layered.severity == {'HOT402': 'error', 'HOT110': 'warning'}
    assert layered.target_release == 'wallaby'
    assert layered.origins['disable'] == (str(path), 'editor settings')
    assert layered.origins['target_release'] == ('editor settings',)
    assert layered.origins['environments'] == ('editor settings',)
    assert 'plugin_paths' in layered.origins and layered.origins['plugin_paths'] == (str(path),)
    # null sets nothing: the editor's "default" leaves the file's value
    assert overlay({'target_release': None}, base, 'editor').target_release == 'train'


def test_replacing_keeps_the_old_semantics_and_origins_do_not_count_in_equality():
    replaced = settings_from_dict({'disable': ['HOT002']}, base=Settings(disable=('HOT708',)))
    assert replaced.disable == ('HOT002',)
    assert settings_from_dict({'disable': ['HOT002']}, source='a') == \
        settings_from_dict({'disable': ['HOT002']}, source='b')
    flagged = with_origin(replaced, 'disable', '--disable', disable=('HOT002', 'HOT110'))
    assert flagged.origins['disable'] == ('settings', '--disable')


def test_globs_match_the_name_the_path_from_the_settings_folder_or_the_whole_path(tmp_path):
    base = str(tmp_path)
    inside = os.path.join(base, 'templates', 'gen', 'a.j2.yaml')
    assert matches(inside, ('*.j2.yaml',), base)
    assert matches(inside, ('templates/*',), base)
    assert matches(inside, ('templates/gen/a.j2.yaml',), base)
    assert matches(inside, (f'{base}/templates/*',), None)
    assert not matches(inside, ('other/*',), base)
    assert not matches(inside, (), base)
    outside = os.path.join(os.path.dirname(base), 'templates', 'x.yaml')
    assert not matches(outside, ('templates/*',), base)
