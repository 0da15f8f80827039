"""parameter_defaults reach every nested stack: a value a provider template's parameter
refuses stops the stack create (fixtures/workspace/nested-defaults, with Heat's verdicts).

Heat hands an environment's parameter_defaults to every nested stack, and makes
each one the default of the provider template's parameter of that name; the
nested stack then refuses a default its schema refuses ("Invalid default 5
..."), whatever the parent passes.  A template the stack reaches only through
a resource with a condition may never be created: no error there.
fixtures/heat-verdicts/workspace-nested-defaults.json is written by
tools/record_stack_verdicts.py (each template created with env.yaml).
"""
from __future__ import annotations

import json
import os
import re

from helpers import FIXTURES, analysed_in_buffer, error_codes_in, one_stack
from hot_ls.cli.check import check_paths
from hot_ls.config import Settings, Stack

PROJECT = os.path.join(FIXTURES, 'workspace', 'nested-defaults')
ENV = os.path.join(PROJECT, 'env.yaml')
with open(os.path.join(FIXTURES, 'heat-verdicts', 'workspace-nested-defaults.json'),
          encoding='utf-8') as fh:
    VERDICTS = json.load(fh)
SETTINGS = Settings(stacks=(Stack(templates=(os.path.join(PROJECT, 'stack.yaml'),
                                             os.path.join(PROJECT, 'guarded.yaml')),
                                  environments=(ENV,)),))


def errors_by_file(settings: Settings) -> dict[str, list[tuple[str, int, str]]]:
    found = {}
    for report in check_paths([PROJECT], settings):
        found[os.path.relpath(report.path, PROJECT)] = [
            (d.code, report.lines.position(d.start).line + 1, d.message)
            for d in report.diagnostics if d.severity.label == 'error']
    return found


def test_the_error_is_heats_in_the_template_it_names():
    heat = VERDICTS['stack.yaml']['create']
    where, message = re.fullmatch(r'InvalidSchemaError: resources\.limits<file://[^>]*/'
                                  r'nested-defaults/([^>]+)>: (.*)', heat).groups()
    assert where == 'nested/limits.yaml'
    assert errors_by_file(SETTINGS) == {
        'stack.yaml': [], 'guarded.yaml': [], 'env.yaml': [], 'nested/optional.yaml': [],
        'nested/limits.yaml': [(
            'HOT220', 3, f'{message} (given by the parameter_defaults of env.yaml, which Heat '
            'hands every nested stack; stack.yaml creates this one)')]}


def test_a_template_created_only_under_a_condition_is_not_refused():
    assert VERDICTS['guarded.yaml'] == {'client': None, 'template': None, 'create': None}
    # (the same value refused where the template is created: nested/optional.yaml as a root)
    assert 'out of range (min: None, max: 2)' in VERDICTS['nested/optional.yaml']['create']
    assert errors_by_file(SETTINGS)['nested/optional.yaml'] == []


def test_the_settings_file_gives_the_same():
    """The fixture's .hot-ls.toml names the same stacks (as `hot-ls check` in the folder reads
    it)."""
    from hot_ls.config import load_settings
    settings = load_settings(os.path.join(PROJECT, ".hot-ls.toml"))
    assert errors_by_file(settings) == errors_by_file(SETTINGS)


def test_a_condition_added_in_the_parents_buffer_retracts_the_error(tmp_path):
    """In the editor: the parent's buffer gives its resource a condition; its analysis says
    the stacks changed, and the provider template analysed again has no error (then, the
    condition removed, it has it again)."""
    import shutil
    root = tmp_path / 'project'
    shutil.copytree(PROJECT, root)
    env, stack, limits = root / 'env.yaml', root / 'stack.yaml', root / 'nested' / 'limits.yaml'
    workspace = one_stack(root, stack, env)
    original = stack.read_text()
    assert analysed_in_buffer(stack, original, workspace) is False
    assert error_codes_in(limits, workspace) == ['HOT220']
    guarded = original.replace('    type: My::Limits\n',
                               '    type: My::Limits\n    condition: false\n')
    assert guarded != original
    assert analysed_in_buffer(stack, guarded, workspace) is True
    assert error_codes_in(limits, workspace) == []
    assert analysed_in_buffer(stack, original, workspace) is True
    assert error_codes_in(limits, workspace) == ['HOT220']
