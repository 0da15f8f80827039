"""Nested stacks as Heat validates them before a create (fixtures/workspace/nested-stacks,
with Heat's verdicts).

Heat validates a stack's nested stacks before it creates anything, but not
strictly (StackResource.validate_nested_stack: strict_validate=False): their
parameters' schemas and defaults' constraints, their resources' types and
property names, each type's own validate(), yet not the property values,
which it checks only when it creates the nested stack.  A group's member is
validated only when the group has members (ResourceGroup's count, an
AutoScalingGroup's desired_capacity or min_size; each type of a
ResourceChain), and the group's own nested stack is one level of nesting.
fixtures/heat-verdicts/workspace-nested-stacks.json is written by
tools/record_stack_verdicts.py (each template created with env.yaml).
"""
from __future__ import annotations

import json
import os
import re

import pytest

from helpers import FIXTURES, analysed_in_buffer, error_codes_in, one_stack
from hot_ls.cli.check import check_paths
from hot_ls.config import Settings, Stack, load_settings
from hot_ls.rules.resources.member_issues import NESTED

PROJECT = os.path.join(FIXTURES, 'workspace', 'nested-stacks')
ROOTS = ('group-counted.yaml', 'group-empty.yaml', 'chain-deep.yaml', 'provider-lenient.yaml',
         'provider-read.yaml', 'provider-guarded.yaml', 'provider-enabled.yaml')
with open(os.path.join(FIXTURES, 'heat-verdicts', 'workspace-nested-stacks.json'),
          encoding='utf-8') as fh:
    VERDICTS = json.load(fh)
SETTINGS = Settings(stacks=(Stack(templates=tuple(os.path.join(PROJECT, r) for r in ROOTS),
                                  environments=(os.path.join(PROJECT, 'env.yaml'),)),))


def diagnostics_by_file(settings: Settings = SETTINGS) -> dict[str, list[tuple]]:
    found = {}
    for report in check_paths([PROJECT], settings):
        found[os.path.relpath(report.path, PROJECT)] = [
            (d.code, d.severity.label, report.lines.position(d.start).line + 1, d.message)
            for d in report.diagnostics]
    return found


def errors(found: dict, path: str) -> list[tuple]:
    return [d for d in found[path] if d[1] == 'error']


def checked(folder, root, *environments) -> dict:
    """Each file of `folder` (relative path) -> its diagnostics, with `root` configured as a
    stack created with `environments` (paths relative to `folder`)."""
    folder = str(folder)
    settings = Settings(stacks=(Stack(templates=(os.path.join(folder, root),),
                                      environments=tuple(os.path.join(folder, e)
                                                         for e in environments)),))
    return {os.path.relpath(r.path, folder): r.diagnostics
            for r in check_paths([folder], settings)}


FOUND = diagnostics_by_file()


def test_a_group_with_members_has_its_member_validated():
    heat = VERDICTS['group-counted.yaml']['create']
    where, message = re.fullmatch(r'InvalidSchemaError: resources\.workers<nested_stack>\.'
                                  r'resources\.0<file://[^>]*/nested-stacks/([^>]+)>: (.*)',
                                  heat).groups()
    assert where == 'nested/counted-member.yaml'
    assert errors(FOUND, where) == [(
        'HOT220', 'error', 3, f'{message} (given by the parameter_defaults of env.yaml, which '
        'Heat hands every nested stack; group-counted.yaml creates this one)')]
    assert errors(FOUND, 'group-counted.yaml') == []


def test_a_group_without_members_has_its_member_left_alone():
    assert VERDICTS['group-empty.yaml']['create'] is None
    # (the same value refused where the template is created: the member as a root)
    assert 'out of range (min: None, max: 2)' in VERDICTS['nested/spare-member.yaml']['create']
    assert FOUND['nested/spare-member.yaml'] == []


def test_a_groups_nested_stack_is_a_level_of_nesting():
    heat = VERDICTS['chain-deep.yaml']['create']
    assert heat.startswith('RequestLimitExceeded: resources.services<nested_stack>.resources.0<')
    assert heat.endswith('Recursion depth exceeds 5.')
    assert errors(FOUND, 'chain-deep.yaml') == [(
        'HOT606', 'error', 5, 'Recursion depth exceeds 5: nested stacks 6 deep '
        '(services<nested_stack> -> level1.yaml -> level2.yaml -> level3.yaml -> level4.yaml '
        '-> level5.yaml)')]


def test_a_nested_stacks_values_are_warnings():
    """Heat accepts the stack; each value its create of the nested stack would refuse is a
    warning that says why."""
    assert VERDICTS['provider-lenient.yaml']['create'] is None
    # (as a root, Heat refuses the first of them)
    assert "could not convert string to float: 'many'" in VERDICTS['nested/lenient.yaml']['create']
    found = FOUND['nested/lenient.yaml']
    assert errors(FOUND, 'nested/lenient.yaml') == []
    assert sorted((code, line) for code, _, line, _ in found) == [
        ('HOT214', 5), ('HOT301', 20), ('HOT703', 21), ('HOT704', 11), ('HOT705', 10),
        ('HOT705', 16)]
    assert all(message.endswith(f'({NESTED})') for code, _, _, message in found
               if code != 'HOT214')
    assert found[0][3] == ("Parameter 'retries' is invalid: could not convert string to float: "
                           "'many' (Heat checks the parameter values of a nested stack only when "
                           "it creates it, after the stack create has started)")


def test_a_value_the_types_validate_reads_is_still_refused():
    heat = VERDICTS['provider-read.yaml']['create']
    assert re.fullmatch(r'ValueError: resources\.app<file://[^>]*/nested/read\.yaml>\.resources\.'
                        r'server: Property flavor not assigned', heat)
    assert errors(FOUND, 'nested/read.yaml') == [
        ('HOT703', 'error', 6, 'Property flavor not assigned')]


def test_a_template_created_under_a_condition_that_does_not_hold_is_not_refused():
    """Heat reads a nested stack's template only when it creates it: under a condition false
    with the stack's inputs, its errors are warnings that say so; under one that holds (the
    environment gives the parameter), they are Heat's errors."""
    assert VERDICTS['provider-guarded.yaml']['create'] is None
    assert 'Unknown Property lenght' in VERDICTS['nested/guarded.yaml']['create']  # (a root)
    assert FOUND['nested/guarded.yaml'] == [(
        'HOT702', 'warning', 6, 'Unknown Property lenght; did you mean "length"? (Heat checks '
        'this template only when it creates it: spare in provider-guarded.yaml is created only '
        'when its condition holds, which it does not under the stack\'s inputs)')]
    heat = VERDICTS['provider-enabled.yaml']['create']
    assert re.fullmatch(r'Property error: resources\.member<file://[^>]*/nested/enabled\.yaml>\.'
                        r'resources\.password\.properties: Unknown Property lenght', heat)
    assert errors(FOUND, 'nested/enabled.yaml') == [
        ('HOT702', 'error', 6, 'Unknown Property lenght; did you mean "length"?')]


def test_every_stack_agrees_with_heat():
    """A configured root is refused by Heat exactly when hot-ls finds an error in it or in a
    template it creates."""
    reached = {'group-counted.yaml': ['nested/counted-member.yaml'],
               'group-empty.yaml': ['nested/spare-member.yaml'],
               'chain-deep.yaml': [f'nested/level{i}.yaml' for i in range(1, 6)],
               'provider-lenient.yaml': ['nested/lenient.yaml', 'nested/helper.yaml'],
               'provider-read.yaml': ['nested/read.yaml'],
               'provider-guarded.yaml': ['nested/guarded.yaml'],
               'provider-enabled.yaml': ['nested/enabled.yaml']}
    for root, below in reached.items():
        refused = any(VERDICTS[root][step] for step in ('client', 'template', 'create'))
        assert refused == any(errors(FOUND, path) for path in [root] + below), root


def test_the_settings_file_gives_the_same():
    settings = load_settings(os.path.join(PROJECT, '.hot-ls.toml'))
    assert diagnostics_by_file(settings) == FOUND


@pytest.mark.parametrize('count, refused', [(0, False), (1, True), ('2', True)])
def test_the_count_decides(tmp_path, count, refused):
    """The group's count as the stack has it: a literal, a string of one."""
    import shutil
    root = tmp_path / 'project'
    shutil.copytree(PROJECT, root)
    text = (root / 'group-counted.yaml').read_text()
    (root / 'group-counted.yaml').write_text(
        text.replace('count: {get_param: members}', f'count: {count!r}'))
    found = checked(root, 'group-counted.yaml', 'env.yaml')['nested/counted-member.yaml']
    assert [d.code for d in found if d.severity.label == 'error'] == \
        (['HOT220'] if refused else [])


def test_the_clouds_max_nested_stack_depth():
    """A cloud configured for deeper stacks (a TripleO undercloud): the setting of Heat's
    option; a bogus value is refused with a message."""
    from dataclasses import replace
    from hot_ls.config import settings_from_dict
    deeper = replace(SETTINGS, max_nested_stack_depth=6)
    assert [d for d in diagnostics_by_file(deeper)['chain-deep.yaml'] if d[0] == 'HOT606'] == []
    shallower = replace(SETTINGS, max_nested_stack_depth=4)
    assert errors(diagnostics_by_file(shallower), 'chain-deep.yaml') == [(
        'HOT606', 'error', 5, 'Recursion depth exceeds 4: nested stacks 5 deep '
        '(services<nested_stack> -> level1.yaml -> level2.yaml -> level3.yaml -> level4.yaml)')]
    assert settings_from_dict({'maxNestedStackDepth': 7}).max_nested_stack_depth == 7
    for bogus in (0, 101, '6', True, 2.5):
        settings = settings_from_dict({'max_nested_stack_depth': bogus}, source='s')
        assert settings.max_nested_stack_depth == 5
        assert settings.problems == ('s: "max_nested_stack_depth" must be an integer from 1 '
                                     'to 100',)


def test_a_count_edited_in_the_groups_buffer_reaches_the_member(tmp_path):
    """In the editor: the group's count typed in its buffer (0, then 1 again) makes the
    stacks through it change, and the member's template is analysed accordingly."""
    import shutil
    root = tmp_path / 'project'
    shutil.copytree(PROJECT, root)
    group, member = root / 'group-counted.yaml', root / 'nested' / 'counted-member.yaml'
    workspace = one_stack(root, group, root / 'env.yaml')
    original = group.read_text()
    assert analysed_in_buffer(group, original, workspace) is False
    assert error_codes_in(member, workspace) == ['HOT220']
    emptied = original.replace('count: {get_param: members}', 'count: 0')
    assert emptied != original
    assert analysed_in_buffer(group, emptied, workspace) is True
    assert error_codes_in(member, workspace) == []
    assert analysed_in_buffer(group, original, workspace) is True
    assert error_codes_in(member, workspace) == ['HOT220']


@pytest.mark.parametrize('condition, holds', [
    (True, True), (False, False),
    ('has', False), ('prod', False), ('dev', True),
    ({'not': 'has'}, True), ({'and': ['dev', 'has']}, False), ({'or': ['has', 'dev']}, True),
    ({'equals': [{'get_param': 'count'}, 0]}, True),
    ({'equals': [{'get_param': ['env']}, 'dev']}, True),
    ({'and': ['dev', 'later']}, 'unknown'),   # a parameter with no value before the create
    ({'or': ['dev', 'later']}, True),         # ... which an `or` already decided needs not
    ('computed', 'unknown'), ('undefined', 'unknown'), ('circle', 'unknown'),
    ({'contains': ['dev', ['dev', 'test']]}, True),
    ({'contains': [{'get_param': 'env'}, ['prod']]}, False),
    ({'contains': ['a', {'get_param': 'later'}]}, 'unknown'),
])
def test_a_condition_is_decided_as_far_as_the_stack_tells(tmp_path, condition, holds):
    """The conditions a stack's resources have, under its inputs: the defaults, and
    env.yaml's `parameters`; what a summary cannot decide is not known."""
    from hot_ls.workspace import Workspace
    from hot_ls.workspace.summaries import UNKNOWN
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\n'
        'parameters:\n'
        '  count: {type: number, default: 0}\n'
        '  env: {type: string, default: prod}\n'
        '  later: {type: boolean}\n'
        'conditions:\n'
        '  has: {not: {equals: [{get_param: count}, 0]}}\n'
        '  prod: {equals: [{get_param: env}, prod]}\n'
        '  dev: {not: prod}\n'
        '  later: {get_param: later}\n'
        '  computed: {yaql: {expression: "true"}}\n'
        '  circle: {not: circle}\n'
        'resources: {}\n')
    (tmp_path / 'env.yaml').write_text('parameters:\n  env: dev\n')
    workspace = Workspace(Settings(stacks=(Stack(templates=(str(tmp_path / 'root.yaml'),),
                                                 environments=(str(tmp_path / 'env.yaml'),)),)),
                          [str(tmp_path)])
    found = workspace.stack(str(tmp_path / 'root.yaml')).condition_holds(condition)
    assert (found if found is not UNKNOWN else 'unknown') == holds


def test_nesting_under_a_condition_that_does_not_hold_is_not_too_deep(tmp_path):
    """The chain of chain-deep.yaml, created only under a condition false by default: Heat
    never nests it, so the template is not refused for its depth."""
    import shutil
    root = tmp_path / 'project'
    shutil.copytree(PROJECT, root)
    (root / 'deep-guarded.yaml').write_text(
        'heat_template_version: 2021-04-16\n'
        'parameters:\n  deep: {type: boolean, default: false}\n'
        'conditions:\n  go_deep: {get_param: deep}\n'
        'resources:\n  services:\n    type: OS::Heat::ResourceChain\n    condition: go_deep\n'
        '    properties:\n      resources: [Demo::Level1]\n')
    assert checked(root, 'deep-guarded.yaml', 'env.yaml')['deep-guarded.yaml'] == []
    text = (root / 'deep-guarded.yaml').read_text().replace('default: false', 'default: true')
    (root / 'deep-guarded.yaml').write_text(text)
    found = checked(root, 'deep-guarded.yaml', 'env.yaml')['deep-guarded.yaml']
    assert [d.code for d in found] == ['HOT606']


@pytest.mark.parametrize('members, refused', [(0, False), (3, True)])
def test_a_count_chosen_by_an_if(tmp_path, members, refused):
    """`count: {if: [...]}` takes the branch its condition takes under the stack's inputs."""
    import shutil
    root = tmp_path / 'project'
    shutil.copytree(PROJECT, root)
    text = (root / 'group-counted.yaml').read_text().replace(
        'resources:\n', 'conditions:\n  many: {not: {equals: [{get_param: members}, 0]}}\n'
        'resources:\n', 1).replace('count: {get_param: members}', 'count: {if: [many, 1, 0]}')
    (root / 'group-counted.yaml').write_text(text)
    (root / 'env.yaml').write_text((root / 'env.yaml').read_text().replace(
        'members: 1', f'members: {members}'))
    found = checked(root, 'group-counted.yaml', 'env.yaml')['nested/counted-member.yaml']
    assert [d.code for d in found if d.severity.label == 'error'] == \
        (['HOT220'] if refused else [])


@pytest.mark.parametrize('parent, env, expected', [
    # (the parent passes nothing; the parameter has no default: Heat evaluates the condition
    # when it validates the nested stack, and refuses "The Parameter (secret) was not
    # provided."; passed by the parent or given by parameter_defaults, it has a value)
    ('  m: {type: mid.yaml}\n', 'parameter_defaults:\n  other: 1\n', [('HOT404', 'error')]),
    ('  m: {type: mid.yaml, properties: {secret: x}}\n', 'parameter_defaults:\n  other: 1\n', []),
    ('  m: {type: mid.yaml}\n', 'parameter_defaults:\n  secret: x\n', []),
])
def test_a_nested_stack_without_a_parameter_its_condition_reads(tmp_path, parent, env, expected):
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  top: {type: top.yaml}\n')
    (tmp_path / 'top.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n' + parent)
    (tmp_path / 'mid.yaml').write_text(
        'heat_template_version: 2021-04-16\n'
        'parameters:\n  secret: {type: string, hidden: true}\n'
        "conditions:\n  has_secret: {not: {equals: [{get_param: secret}, '']}}\n"
        'resources:\n  r: {type: OS::Heat::None, condition: has_secret}\n')
    (tmp_path / 'env.yaml').write_text(env)
    mid = checked(tmp_path, 'root.yaml', 'env.yaml')['mid.yaml']
    assert [(d.code, d.severity.label) for d in mid] == expected
    if expected:
        assert mid[0].message == (
            "The Parameter (secret) was not provided. (its parent does not pass it, no "
            "environment's parameter_defaults gives it, and it has no default: Heat evaluates "
            'the condition when it validates this nested stack)')


@pytest.mark.parametrize('resources, refused', [
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [has_secret, a, b]}}}\n', True),
    # (Heat parses every resource's definition, a disabled one's too)
    ('  r: {type: OS::Heat::Value, condition: never, properties: {value: {if: [has_secret, a, '
     'b]}}}\n', True),
    ('  r: {type: OS::Heat::None, metadata: {x: {if: [has_secret, a, b]}}}\n', True),
    # (an `and` stops at its first false item; an untaken branch is not parsed)
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [prod_and_secret, a, b]}}}\n', False),
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [prod, {if: [has_secret, a, b]}, '
     'c]}}}\n', False),
    # (an `if` in the branch another `if` takes is parsed: in either branch, however deep, in
    # a list, in an output's value)
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [dev, {if: [has_secret, a, b]}, '
     'c]}}}\n', True),
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [prod, c, {if: [has_secret, a, '
     'b]}]}}}\n', True),
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [dev, c, {if: [has_secret, a, '
     'b]}]}}}\n', False),
    ('  r: {type: OS::Heat::Value, properties: {value: {if: [dev, {if: [true, [x, {k: {if: '
     '[has_secret, a, b]}}], d]}, c]}}}\n', True),
    ('  r: {type: OS::Heat::None}\noutputs:\n  o: {value: {if: [dev, {if: [has_secret, a, '
     'b]}, c]}}\n', True),
])
def test_an_if_reading_a_parameter_nothing_gives(tmp_path, resources, refused):
    """Each case as Heat 27.0.1 answered it (probe: a root, top.yaml, then this nested stack,
    whose parent passes nothing)."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  top: {type: top.yaml}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  m: {type: mid.yaml}\n')
    (tmp_path / 'mid.yaml').write_text(
        'heat_template_version: 2021-04-16\n'
        'parameters:\n  secret: {type: string}\n  env: {type: string, default: dev}\n'
        "conditions:\n  has_secret: {not: {equals: [{get_param: secret}, '']}}\n"
        '  prod: {equals: [{get_param: env}, prod]}\n  dev: {not: prod}\n  never: false\n'
        '  prod_and_secret: {and: [prod, has_secret]}\n'
        'resources:\n' + resources)
    (tmp_path / 'env.yaml').write_text('parameter_defaults:\n  other: 1\n')
    mid = checked(tmp_path, 'root.yaml', 'env.yaml')['mid.yaml']
    assert [d.code for d in mid if d.severity.label == 'error'] == \
        (['HOT404'] if refused else [])


_ODD_GET_PARAMS = ('heat_template_version: 2021-04-16\nparameters:\n  p: {type: string}\n'
                   'conditions:\n  c: {equals: [{get_param: [[p]]}, a]}\n'
                   '  d: {equals: [{get_param: {x: p}}, a]}\nresources:\n'
                   '  r: {type: OS::Heat::Value, properties: {value: {if: [c, a, b]}}}\n'
                   '  s: {type: OS::Heat::Value, properties: {value: {if: [d, a, b]}}}\n')


def test_an_if_whose_condition_gets_a_parameter_oddly(tmp_path):
    """A `get_param` of a list or a map inside a condition an `if` decides (found by the
    differential, mutating OVB's ipv6-radvd.yaml): Heat refuses 'Parameter name in
    "get_param" must be string' (HOT803 says so); deciding whether the `if` reads a
    parameter without a value never fails (it raised TypeError: unhashable type, and HOT404
    could not finish), at a root or in a nested stack."""
    (tmp_path / 'root.yaml').write_text(_ODD_GET_PARAMS)
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  m: {type: mid.yaml}\n')
    (tmp_path / 'mid.yaml').write_text(_ODD_GET_PARAMS)
    (tmp_path / 'env.yaml').write_text('parameter_defaults:\n  other: 1\n')
    found = checked(tmp_path, 'top.yaml', 'env.yaml')
    for name in ('root.yaml', 'mid.yaml'):
        assert [d.code for d in found[name]] == ['HOT803', 'HOT803'], name


def test_a_get_attr_of_a_resource_whose_condition_wants_a_value(tmp_path):
    """Heat 27.0.1 refuses the stack "The Parameter (secret) was not provided." when it
    validates mid.yaml: deciding g's condition, for itself and for the get_attrs of it.  One
    error says so, where the parameter is read, with Heat's message (not one per get_attr,
    nor one prefixed with a get_attr's path)."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  top: {type: top.yaml}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  m: {type: mid.yaml}\n')
    (tmp_path / 'mid.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  secret: {type: string}\n'
        "conditions:\n  has_secret: {not: {equals: [{get_param: secret}, '']}}\n"
        'resources:\n  g: {type: OS::Heat::None, condition: has_secret}\n'
        '  r: {type: OS::Heat::Value, properties: {value: {get_attr: [g, show]}}}\n'
        'outputs:\n  o: {value: {get_attr: [g, show]}}\n')
    (tmp_path / 'env.yaml').write_text('parameter_defaults:\n  other: 1\n')
    mid = checked(tmp_path, 'root.yaml', 'env.yaml')['mid.yaml']
    text = (tmp_path / 'mid.yaml').read_text()
    assert [(d.code, d.severity.label, text[d.start:d.end], d.message) for d in mid] == [
        ('HOT404', 'error', 'get_param', 'The Parameter (secret) was not provided. (its parent does not '
         "pass it, no environment's parameter_defaults gives it, and it has no default: Heat "
         'evaluates the condition when it validates this nested stack)')]


@pytest.mark.parametrize('order', [('first.yaml', 'second.yaml'), ('second.yaml', 'first.yaml')])
def test_a_later_files_defaults_reach_the_nested_stacks(tmp_path, order):
    """Heat's merge of several environments keeps a later file's `parameter_defaults` value
    for any parameter of a template sent with the stack (all_param_schemata), not only the
    root's: the nested stack gets it as its default, and refuses it (Heat 27.0.1, in either
    order: "resources.p<prov.yaml>: Parameter 'limit' is invalid: Invalid default 5 ...")."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  p: {type: prov.yaml}\n')
    (tmp_path / 'prov.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  limit:\n    type: number\n'
        '    default: 1\n    constraints: [{range: {max: 3}}]\nresources: {}\n')
    (tmp_path / 'first.yaml').write_text('parameter_defaults:\n  other: 1\n')
    (tmp_path / 'second.yaml').write_text('parameter_defaults:\n  limit: 5\n')
    prov = checked(tmp_path, 'root.yaml', *order)['prov.yaml']
    assert [(d.code, d.severity.label) for d in prov] == [('HOT220', 'error')]


def test_a_count_changed_on_disk_restructures_the_stacks(tmp_path):
    """The group's count changed on disk (a checkout, another editor): the stacks forget their
    contexts, the workspace says the stacks reach other templates (the server then re-checks
    every document), and the member is analysed in its new stack."""
    import shutil
    root = tmp_path / 'project'
    shutil.copytree(PROJECT, root)
    group, member = root / 'group-counted.yaml', root / 'nested' / 'counted-member.yaml'
    workspace = one_stack(root, group, root / 'env.yaml')
    assert error_codes_in(member, workspace) == ['HOT220']
    group.write_text(group.read_text().replace('count: {get_param: members}', 'count: 0'))
    assert workspace.changed([str(group)]) is True
    assert workspace.take_restructured(str(group)) is True
    assert workspace.take_restructured(str(group)) is False  # (said once)
    assert error_codes_in(member, workspace) == []


@pytest.mark.parametrize('parameters, code, refused', [
    # (Heat reads the version and builds the parameters' schemas of every template
    # python-heatclient sends with the stack, created or not: Template.all_param_schemata)
    ('parameters:\n  - a\n', 'HOT201', True),
    ('parameters:\n  a: string\n', 'HOT201', True),
    ('parameters:\n  a: {type: string, tyep: x}\n', 'HOT202', True),
    ('parameters:\n  a: {default: x}\n', 'HOT203', True),
    ('parameters:\n  a: {type: strng}\n', 'HOT204', True),
    ('parameters:\n  a: {type: string, tags: x}\n', 'HOT205', True),
    ('parameters:\n  a: {type: string, constraints: {length: {min: 1}}}\n', 'HOT206', True),
    ('parameters:\n  a: {type: string, constraints: [x]}\n', 'HOT207', True),
    ('parameters:\n  a: {type: string, constraints: [{lenght: {min: 1}}]}\n', 'HOT208', True),
    ('parameters:\n  a: {type: string, constraints: [{description: x}]}\n', 'HOT209', True),
    ('parameters:\n  a: {type: number, constraints: [{range: {min: abc}}]}\n', 'HOT210', True),
    ('parameters:\n  a: {type: number, constraints: [{range: {}}]}\n', 'HOT210', True),
    ('parameters:\n  a: {type: string, constraints: [{allowed_pattern: "[a-"}]}\n', 'HOT210',
     True),
    ('parameters:\n  a: {type: string, constraints: [{allowed_values: abc}]}\n', 'HOT210', True),
    # (what it checks only when it validates the nested stack, or a value of the parameter)
    ('parameters:\n  a: {type: string, default: x, constraints: [{custom_constraint: '
     'nova.flavour}]}\n', 'HOT210', False),
    ('parameters:\n  a: {type: string, constraints: [{range: {min: 1}}]}\n', 'HOT212', False),
    ('parameters:\n  a: {type: string, default: abc, constraints: [{length: {max: 1}}]}\n',
     'HOT213', False),
    ('parameters:\n  a: {type: number, default: abc}\n', 'HOT214', False),
    ('parameters:\n  a: {type: string}\nparameter_groups:\n- parameters: [b]\n', 'HOT218', False),
    ('parameters:\n  a: {type: string, default: x}\nresourcess: {}\n', 'HOT110', False),
    ('resources:\n  x: {type: OS::Nova::Srever}\n', 'HOT701', False),
])
def test_what_heat_checks_in_every_template_sent(tmp_path, parameters, code, refused):
    """A template the stack creates only under a condition that does not hold: Heat does not
    validate it, but python-heatclient sends it, and Heat builds the parameters' schemas of
    every template sent before it validates anything.  Each case as Heat 27.0.1 answered it,
    on `template validate` and `stack create` alike."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nconditions:\n  never: false\n'
        'resources:\n  r: {type: child.yaml, condition: never}\n')
    (tmp_path / 'child.yaml').write_text('heat_template_version: 2021-04-16\n' + parameters)
    (tmp_path / 'env.yaml').write_text('parameter_defaults: {}\n')
    child = checked(tmp_path, 'root.yaml', 'env.yaml')['child.yaml']
    assert {d.severity.label for d in child if d.code == code} == \
        {'error' if refused else 'warning'}


def test_an_invalid_version_is_refused_in_every_template_sent(tmp_path):
    """(Heat 27.0.1: 'The template version is invalid: "heat_template_version: 2099-01-01"...',
    the template under a condition that does not hold.)"""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nconditions:\n  never: false\n'
        'resources:\n  r: {type: child.yaml, condition: never}\n')
    (tmp_path / 'child.yaml').write_text('heat_template_version: 2099-01-01\nresources: {}\n')
    (tmp_path / 'env.yaml').write_text('parameter_defaults: {}\n')
    child = checked(tmp_path, 'root.yaml', 'env.yaml')['child.yaml']
    assert [(d.code, d.severity.label) for d in child] == [('HOT103', 'error')]


_GROUP = ('  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n'
          '      count: {get_param: n}\n      resource_def: {type: OS::Heat::None}\n')
_BAD_DEFAULT = '  n: {type: number, default: abc}\n'
_GOOD = '  n: {type: number, default: 1}\n'


@pytest.mark.parametrize('parameters, resources, passed, env, code, refused', [
    # a type's validate() reads a property (a ResourceGroup's `count`; with members, its
    # `removal_policies` and `resource_def`): Heat's validation of the nested stack, without
    # values, resolves and converts it there
    (_BAD_DEFAULT, _GROUP, '', '', 'HOT214', True),
    ('  n: {type: boolean, default: 2}\n', _GROUP, '', '', 'HOT214', True),
    (_GOOD, '  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n'
     '      removal_policies: {get_param: nope}\n      resource_def: {type: OS::Heat::None}\n',
     '', '', 'HOT301', True),
    (_GOOD, '  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n',
     '', '', 'HOT703', True),
    # (the parent passes a value, or parameter_defaults gives one: the default is not used;
    # nothing reads the property; a group of none reads no more than its count; resource_def
    # is read with a resolver that gives None for a parameter without a value)
    (_BAD_DEFAULT, _GROUP, ', properties: {n: 1}', '', 'HOT214', False),
    (_BAD_DEFAULT, _GROUP, '', 'parameter_defaults:\n  n: 1\n', 'HOT214', False),
    (_BAD_DEFAULT, '  v: {type: OS::Heat::Value, properties: {value: {get_param: n}}}\n', '', '',
     'HOT214', False),
    (_GOOD, '  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 0\n',
     '', '', 'HOT703', False),
    (_GOOD, '  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n'
     '      resource_def: {type: OS::Heat::Value, properties: {value: {get_param: nope}}}\n',
     '', '', 'HOT301', False),
    (_GOOD, '  v: {type: OS::Heat::Value, properties: {value: {get_param: nope}}}\n', '', '',
     'HOT301', False),
    # building an OS::Heat::Value reads its `type` (reparse), not its `value`
    ('', '  v: {type: OS::Heat::Value, properties: {type: {wrong: type}, value: x}}\n', '', '',
     'HOT704', True),
    ('', '  v: {type: OS::Heat::Value, properties: {type: {get_param: nope}, value: x}}\n', '',
     '', 'HOT301', True),
    ('', '  v: {type: OS::Heat::Value, properties: {type: string, value: {get_param: nope}}}\n',
     '', '', 'HOT301', False),
    ('', '  v: {type: OS::Heat::Value, properties: {type: strng, value: x}}\n', '', '', 'HOT705',
     False),
    # Heat's validation without values checks a property's top-level names only
    ('', '  sg:\n    type: OS::Neutron::SecurityGroup\n    properties:\n      rulez: []\n',
     '', '', 'HOT702', True),
    ('', '  sg:\n    type: OS::Neutron::SecurityGroup\n    properties:\n      rules:\n'
     '      - protoclo: tcp\n', '', '', 'HOT702', False),
    ('', '  p:\n    type: OS::Neutron::Port\n    properties:\n      network: private\n'
     '      fixed_ips:\n      - {subnett: x}\n', '', '', 'HOT702', False),
    ('', '  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n'
     '      resource_def: {type: OS::Heat::None, propertise: {}}\n', '', '', 'HOT702', False),
])
def test_what_heat_validates_in_a_nested_stack(tmp_path, parameters, resources, passed, env,
                                               code, refused):
    """A template two levels down (root -> top.yaml -> child.yaml), validated by Heat
    without its values.  Each case as Heat 27.0.1 answered it (found by mutating OVB's
    nested templates: tools/stack_differential.py)."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  top: {type: top.yaml}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  c: {type: child.yaml' + passed + '}\n')
    (tmp_path / 'child.yaml').write_text(
        'heat_template_version: 2021-04-16\n' + ('parameters:\n' + parameters if parameters
                                                 else '') + 'resources:\n' + resources)
    (tmp_path / 'env.yaml').write_text(env or 'parameter_defaults: {}\n')
    child = checked(tmp_path, 'root.yaml', 'env.yaml')['child.yaml']
    assert {d.severity.label for d in child if d.code == code} == \
        {'error' if refused else 'warning'}, [(d.code, d.message) for d in child]


def test_an_edit_that_makes_a_validate_read_a_parameter_rechecks_its_default(tmp_path):
    """The parameter's entry asks the whole template whether a validate() reads it: an edit to
    a resource re-checks the parameter too, as a full analysis would."""
    from hot_ls.rules import analyze
    from hot_ls.rules.incremental import reanalyze
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  top: {type: top.yaml}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  c: {type: child.yaml}\n')
    before = ('heat_template_version: 2021-04-16\nparameters:\n' + _BAD_DEFAULT +
              'resources:\n' + _GROUP.replace('{get_param: n}', '1'))
    child = tmp_path / 'child.yaml'
    child.write_text(before)
    (tmp_path / 'env.yaml').write_text('parameter_defaults: {}\n')
    workspace = one_stack(tmp_path, tmp_path / 'root.yaml', tmp_path / 'env.yaml')
    first = analyze(before, str(child), workspace=workspace)
    assert [(d.code, d.severity.label) for d in first.diagnostics] == [('HOT214', 'warning')]
    after = before.replace('count: 1', 'count: {get_param: n}')
    edited, how = reanalyze(first, after, str(child), workspace=workspace)
    assert how == 'incremental'
    assert [(d.code, d.severity.label) for d in edited.diagnostics] == [('HOT214', 'error')]
    assert edited.diagnostics == analyze(after, str(child), workspace=workspace).diagnostics


def test_a_provider_that_gains_a_parameter_keeps_a_later_files_default(tmp_path):
    """What the stack's templates declare is read once per workspace (TripleO's 300 roots
    share one registry): a provider template changed on disk is read again."""
    from hot_ls.config import Settings, Stack
    from hot_ls.workspace import Workspace
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  p: {type: prov.yaml}\n')
    prov = tmp_path / 'prov.yaml'
    prov.write_text('heat_template_version: 2021-04-16\nresources: {}\n')
    (tmp_path / 'first.yaml').write_text('parameter_defaults:\n  other: 1\n')
    (tmp_path / 'second.yaml').write_text('parameter_defaults:\n  limit: 5\n')
    workspace = Workspace(Settings(stacks=(Stack(
        templates=(str(tmp_path / 'root.yaml'),),
        environments=(str(tmp_path / 'first.yaml'), str(tmp_path / 'second.yaml'))),)),
        [str(tmp_path)])
    defaults = workspace.stack(str(tmp_path / 'root.yaml')).environment.parameter_defaults
    assert 'limit' not in defaults  # (no template sent declares it: Heat's merge drops it)
    prov.write_text('heat_template_version: 2021-04-16\nparameters:\n  limit: {type: number}\n'
                    'resources: {}\n')
    workspace.changed([str(prov)])
    defaults = workspace.stack(str(tmp_path / 'root.yaml')).environment.parameter_defaults
    assert defaults['limit'] == 5


_CHAIN = ('  chain:\n    type: OS::Heat::ResourceChain\n    properties:\n'
          '      resources: {get_param: Services}\n'
          '      resource_properties: {RoleParameters: {}}\n')
_SERVICES = '  Services: {type: comma_delimited_list, default: []}\n'
_COUNTED = ('  n: {type: number, default: 1, constraints: [{range: {max: 5}}]}\n')
_NAMED = ('  sg:\n    type: OS::Neutron::SecurityGroup\n'
          '    properties: {name: {get_param: name}}\n')


_ISLICE = ('ValueError: resources.top<top.yaml>.resources.g: Stop argument for islice() must '
           'be None or an integer: 0 <= x <= sys.maxsize.')
_DEFAULT_NAME = 'resources.top<top.yaml>: Security groups cannot be assigned the name "default".'


@pytest.mark.parametrize('parameters, resources, passed, code, refused, at_root', [
    # a ResourceChain's members from the list the parent passes: the member template has no
    # parameter RoleParameters ("Unknown Property RoleParameters" in the chain's stack; the
    # root's validation of the chain's stack is not modelled: reported in top.yaml only)
    (_SERVICES, _CHAIN, '{Services: [OS::Svc::Bare]}', 'HOT702', True, []),
    (_SERVICES, _CHAIN, '{Services: [OS::Svc::Role]}', 'HOT702', False, []),
    (_SERVICES, _CHAIN, '{Services: {get_param: RootServices}}', 'HOT702', True, []),
    # a group's count, read by its validate(): -1 fails ResourceGroup's islice (the root's
    # create is refused for it too, at the value it passes)
    (_COUNTED, _GROUP, '{n: -1}', 'HOT730', True, [_ISLICE]),
    (_COUNTED, _GROUP, '{n: "2"}', 'HOT730', False, []),
    # a security group's name, read by its validate()
    ('  name: {type: string, default: web}\n', _NAMED, '{name: default}', 'HOT730', True,
     [_DEFAULT_NAME]),
    ('  name: {type: string, default: default}\n', _NAMED, '{name: web}', 'HOT730', False, []),
    # a value the nested stack reads only when it is created (get_param past the list's end)
    ('  L: {type: comma_delimited_list, default: [a, b]}\n',
     '  v: {type: OS::Heat::Value, properties: {value: {get_param: [L, 1]}}}\n',
     '{L: [x]}', 'HOT801', False, []),
])
def test_a_nested_stack_is_validated_with_what_its_parent_passes(tmp_path, parameters,
                                                                 resources, passed, code,
                                                                 refused, at_root):
    """root.yaml -> top.yaml (through the registry), top.yaml given the properties root.yaml
    writes (TemplateResource.child_params).  Each case as Heat 27.0.1 answered it (found by
    mutating TripleO's and OVB's nested templates)."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n'
        '  RootServices: {type: comma_delimited_list, default: [OS::Svc::Bare]}\n'
        'resources:\n  top: {type: OS::My::Top, properties: ' + passed + '}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n' + parameters + 'resources:\n'
        + resources)
    (tmp_path / 'bare.yaml').write_text('heat_template_version: 2021-04-16\n')
    (tmp_path / 'role.yaml').write_text('heat_template_version: 2021-04-16\nparameters:\n'
                                        '  RoleParameters: {type: json, default: {}}\n')
    (tmp_path / 'env.yaml').write_text(
        'resource_registry:\n  OS::My::Top: top.yaml\n  OS::Svc::Bare: bare.yaml\n'
        '  OS::Svc::Role: role.yaml\n')
    found = checked(tmp_path, 'root.yaml', 'env.yaml')
    top = [d for d in found['top.yaml'] if d.code == code]
    if refused:
        assert [d.severity.label for d in top] == ['error'], [(d.code, d.message) for d in top]
    else:
        assert [d for d in top if d.severity.label == 'error'] == [], \
            [(d.code, d.message) for d in top]
    assert [(d.code, d.message) for d in found['root.yaml'] if d.severity.label == 'error'] \
        == [('HOT730', message) for message in at_root]


@pytest.mark.parametrize('resources, passed, refused', [
    (_GROUP, '{}', True),  # a group's count: its validate() reads it
    ('  v: {type: OS::Heat::Value, properties: {value: {get_param: n}}}\n', '{}', False),
    (_GROUP, '{n: true}', False),  # the parent's value, not parameter_defaults'
])
def test_a_parameter_defaults_value_that_does_not_convert(tmp_path, resources, passed, refused):
    """parameter_defaults gives a nested stack's boolean parameter 2: a valid default to
    Heat, but "Unrecognized value '2'" where the value is read (Heat 27.0.1's answers)."""
    (tmp_path / 'root.yaml').write_text('heat_template_version: 2021-04-16\nresources:\n'
                                        '  top: {type: OS::My::Top, properties: ' + passed + '}\n')
    (tmp_path / 'top.yaml').write_text('heat_template_version: 2021-04-16\nparameters:\n'
                                       '  n: {type: boolean}\nresources:\n' + resources)
    (tmp_path / 'env.yaml').write_text('resource_registry:\n  OS::My::Top: top.yaml\n'
                                       'parameter_defaults:\n  n: 2\n')
    top = checked(tmp_path, 'root.yaml', 'env.yaml')['top.yaml']
    found = [(d.code, d.severity.label, d.message) for d in top]
    if refused:
        assert found == [('HOT220', 'error', "Unrecognized value '2', acceptable values are: "
                          "'0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', "
                          "'yes' (the value the parameter_defaults of env.yaml give n; a "
                          "resource type's validate() reads it, which Heat runs when it "
                          "validates this nested stack)")]
    else:
        assert found == []


_JOINED = ("  sg:\n    type: OS::Neutron::SecurityGroup\n    properties:\n"
           "      name: {list_join: ['-', [{get_param: name}, x]]}\n")


@pytest.mark.parametrize('value, parameter, resources, expected', [
    # a string the property cannot read as a number: Heat passes 0 (no default: the
    # property's schema has none), which list_join refuses
    ('web', '{type: number, default: 5}', _JOINED,
     [('HOT801', 'error', 'Property error: resources.sg.properties.name: Items to join must '
       'be string, map or list not 0')]),
    ('"7"', '{type: number}', _JOINED,
     [('HOT801', 'error', 'Property error: resources.sg.properties.name: Items to join must '
       'be string, map or list not 7')]),
    ('web', '{type: string}', _JOINED, []),
    # not a boolean: Heat passes false, and the resource is not created
    ('maybe', '{type: boolean, default: true}',
     '  v: {type: OS::Heat::Value, condition: c, properties: {value: {get_attr: [nope, x]}}}\n',
     [('HOT302', 'warning', 'The specified reference "nope" is incorrect: no such resource '
       '(resource "v" is not created with the parameter values top.yaml passes: condition '
       '"c" is false (name is false), so Heat does not check it; it fails when name is '
       'true)')]),
])
def test_a_value_two_levels_down_as_heat_converts_it(tmp_path, value, parameter, resources,
                                                     expected):
    """root.yaml -> top.yaml -> child.yaml: top.yaml passes its parameter's default
    (TemplateResource.child_params read through the provider's property schema; a value it
    cannot read is replaced by the type's empty value).  Heat 27.0.1's answers."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n  top: {type: OS::My::Top}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: '
        + value + '}\nresources:\n  c: {type: OS::My::Child, properties: {name: {get_param: p}}}\n')
    (tmp_path / 'child.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  name: ' + parameter + '\n'
        + ('conditions:\n  c: {get_param: name}\n' if 'condition' in resources else '')
        + 'resources:\n' + resources)
    (tmp_path / 'env.yaml').write_text(
        'resource_registry:\n  OS::My::Top: top.yaml\n  OS::My::Child: child.yaml\n')
    child = checked(tmp_path, 'root.yaml', 'env.yaml')['child.yaml']
    assert [(d.code, d.severity.label, d.message) for d in child] == expected


_FLAG = '  flag: {type: boolean, default: {a: b}}\n'
_CONDITIONED = '  r: {type: OS::Heat::None, condition: c}\n'


@pytest.mark.parametrize('conditions, resources, outputs, passed, env, refused', [
    # a condition Heat decides while it parses the nested stack reads the default, which does
    # not convert: "resources.top<top.yaml>.resources.r.condition: Unrecognized value ..."
    ('  c: {get_param: flag}\n', _CONDITIONED, '', '', '', True),
    ('  c: {get_param: flag}\n  d: {not: c}\n',
     '  r: {type: OS::Heat::None, condition: d}\n', '', '', '', True),
    ('  c: {get_param: flag}\n', '  r: {type: OS::Heat::None}\n',
     '  o: {value: {if: [c, 1, 2]}}\n', '', '', True),
    ('  c: {get_param: flag}\n',
     '  r: {type: OS::Heat::Value, properties: {value: {if: [c, 1, 2]}}}\n', '', '', '', True),
    ('  c: true\n',
     '  r: {type: OS::Heat::Value, properties: {value: {if: [{get_param: flag}, 1, 2]}}}\n',
     '', '', '', True),
    # no condition that reads it is decided; the stack gets another value for it
    ('  c: {get_param: flag}\n', '  r: {type: OS::Heat::None}\n', '', '', '', False),
    ('  c: {get_param: flag}\n  never: false\n', '  r: {type: OS::Heat::None}\n',
     '  o: {condition: never, value: {if: [c, 1, 2]}}\n', '', '', False),
    ('  c: {get_param: flag}\n', _CONDITIONED, '', '{flag: true}', '', False),
    ('  c: {get_param: flag}\n', _CONDITIONED, '', '{flag: {get_attr: [x, value]}}', '', False),
    ('  c: {get_param: flag}\n', _CONDITIONED, '', '', 'parameter_defaults:\n  flag: true\n',
     False),
])
def test_a_default_a_decided_condition_reads(tmp_path, conditions, resources, outputs, passed,
                                             env, refused):
    """A default that does not convert, in a nested stack: Heat 27.0.1 refuses the stack
    where a condition it decides while it validates the stack reads it (found by mutating
    TripleO's service templates: an `if` in role_data), and not elsewhere."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n'
        '  x: {type: OS::Heat::Value, properties: {value: true}}\n'
        '  top: {type: OS::My::Top' + (', properties: ' + passed if passed else '') + '}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n' + _FLAG + 'conditions:\n'
        + conditions + 'resources:\n' + resources + ('outputs:\n' + outputs if outputs else ''))
    (tmp_path / 'env.yaml').write_text('resource_registry:\n  OS::My::Top: top.yaml\n' + env)
    top = checked(tmp_path, 'root.yaml', 'env.yaml')['top.yaml']
    found = [(d.code, d.severity.label) for d in top if d.code == 'HOT214']
    message = "Parameter 'flag' is invalid: Unrecognized value '{'a': 'b'}', acceptable values"
    if refused:
        assert found == [('HOT214', 'error')]
        assert top[0].message.startswith(message)
        assert top[0].message.endswith('(a condition Heat decides when it validates this '
                                       'nested stack reads it)')
    else:
        assert found in ([], [('HOT214', 'warning')])


def test_a_value_edited_in_the_parents_buffer_reaches_the_nested_stack(tmp_path):
    """In the editor: the security group name the parent passes, typed in its buffer
    ('default', then 'web'), is what the nested template is analysed with."""
    root, top = tmp_path / 'root.yaml', tmp_path / 'top.yaml'
    passing = ('heat_template_version: 2021-04-16\nresources:\n'
               '  top: {type: OS::My::Top, properties: {name: %s}}\n')
    root.write_text(passing % 'web')
    top.write_text('heat_template_version: 2021-04-16\nparameters:\n'
                   '  name: {type: string, default: web}\nresources:\n' + _NAMED)
    (tmp_path / 'env.yaml').write_text('resource_registry:\n  OS::My::Top: top.yaml\n')
    workspace = one_stack(tmp_path, root, tmp_path / 'env.yaml')
    assert error_codes_in(top, workspace) == []
    assert analysed_in_buffer(root, passing % 'default', workspace) is True
    assert error_codes_in(top, workspace) == ['HOT730']
    assert analysed_in_buffer(root, passing % 'web', workspace) is True
    assert error_codes_in(top, workspace) == []


@pytest.mark.parametrize('path', ['nested/counted-member.yaml', 'nested/lenient.yaml'])
def test_a_nested_template_checked_on_its_own_is_still_in_its_stack(path):
    """`hot-ls check` of one nested template (pre-commit names only what a commit changed):
    the stacks the settings configure are found beyond its folder, and it gets what it gets
    when the whole tree is checked."""
    alone = check_paths([os.path.join(PROJECT, path)], SETTINGS)
    found = [(d.code, d.severity.label, report.lines.position(d.start).line + 1, d.message)
             for report in alone for d in report.diagnostics]
    assert found == FOUND[path]


def test_a_size_given_at_deploy_time_gives_members_at_the_root_only(tmp_path):
    """A group whose size is a parameter no constraint lets be 0: at the root, given at
    deploy time, the group has members (its member's unknown property an error); in a
    nested stack whose parent passes a get_attr (null when Heat validates, so 0), it may
    have none: a warning.  (Heat 27.0.1 accepts root.yaml.)"""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\nresources:\n'
        '  v: {type: OS::Heat::Value, properties: {value: 1}}\n'
        '  top: {type: OS::My::Top, properties: {n: {get_attr: [v, value]}}}\n')
    (tmp_path / 'top.yaml').write_text(
        'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\nresources:\n'
        '  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n'
        '      count: {get_param: n}\n'
        '      resource_def: {type: OS::Nova::ServerGroup, properties: {poliicies: [x]}}\n')
    (tmp_path / 'env.yaml').write_text('resource_registry:\n  OS::My::Top: top.yaml\n')
    nested = checked(tmp_path, 'root.yaml', 'env.yaml')
    assert [(d.code, d.severity.label) for d in nested['top.yaml']] == [('HOT702', 'warning')]
    assert [d for d in nested['root.yaml'] if d.severity.label == 'error'] == []
    alone = checked(tmp_path, 'top.yaml')
    assert [(d.code, d.severity.label) for d in alone['top.yaml']] == [('HOT702', 'error')]


def test_a_type_no_environment_maps_below_a_mapped_provider(tmp_path):
    """With the stack's environments known, a type below a provider that none of them maps is
    unknown for certain (asked of Heat 27.0.1: "resources.relay<relay.yaml>: The Resource
    Type (My::Unmapped) could not be found.", on create only); the type they map is not.
    Without the environments, only the templates themselves warn."""
    (tmp_path / 'root.yaml').write_text(
        'heat_template_version: 2021-04-16\n'
        'resources:\n  relay:\n    type: My::Relay\n  fine:\n    type: My::Thing\n')
    (tmp_path / 'relay.yaml').write_text(
        'heat_template_version: 2021-04-16\n'
        'resources:\n  mapped:\n    type: My::Thing\n  unmapped:\n    type: My::Unmapped\n')
    (tmp_path / 'env.yaml').write_text(
        'resource_registry:\n  My::Relay: relay.yaml\n  My::Thing: OS::Heat::None\n')
    configured = Settings(stacks=(Stack(templates=(str(tmp_path / 'root.yaml'),),
                                        environments=(str(tmp_path / 'env.yaml'),)),))
    root_text = (tmp_path / 'root.yaml').read_text()
    found = {os.path.basename(r.path): [(d.code, d.severity.name, d.start, d.message)
                                        for d in r.diagnostics]
             for r in check_paths([str(tmp_path)], configured)}
    assert found['root.yaml'] == [(
        'HOT605', 'ERROR', root_text.index('My::Relay'),
        'resources.relay<relay.yaml>: The Resource Type (My::Unmapped) could not be found. '
        '(the type of resource "unmapped" in relay.yaml: Heat validates the provider '
        "template's nested stack when it creates this stack)")]
    assert [code for code, *_ in found['relay.yaml']] == ['HOT701']
    alone = {os.path.basename(r.path): [(d.code, d.severity.name) for d in r.diagnostics]
             for r in check_paths([str(tmp_path)], Settings())}
    assert alone['root.yaml'] == [('HOT701', 'WARNING'), ('HOT701', 'WARNING')]
    assert alone['relay.yaml'] == [('HOT701', 'WARNING'), ('HOT701', 'WARNING')]


def test_a_tree_that_fans_out_is_walked_once_per_template_and_depth(tmp_path, monkeypatch):
    """Eight templates, each using the next one ten times, down to a type Heat does not know:
    the nesting depth (HOT606) and what fails below a provider (HOT605) are found walking each
    template once per depth, not once per path (10**7 of them: the walk used to take seconds
    here, and minutes a level further)."""
    from hot_ls.rules import analyze
    from hot_ls.rules.workspace import provider_types
    from hot_ls.workspace.stacks import StackContext
    for level in range(8):
        used = f'l{level + 1}.yaml' if level < 7 else 'OS::Nova::Sever'
        body = ''.join(f'  r{k}:\n    type: {used}\n' for k in range(10))
        (tmp_path / f'l{level}.yaml').write_text(
            f'heat_template_version: 2021-04-16\nresources:\n{body}')
    calls = {'deepest': 0, 'below': 0}
    deepest, below = StackContext._deepest, provider_types._Walk.below

    def counted_deepest(self, *args):
        calls['deepest'] += 1
        return deepest(self, *args)

    def counted_below(self, *args):
        calls['below'] += 1
        return below(self, *args)

    monkeypatch.setattr(StackContext, '_deepest', counted_deepest)
    monkeypatch.setattr(provider_types._Walk, 'below', counted_below)
    for name, codes in (('l0.yaml', {'HOT606'}), ('l2.yaml', {'HOT605'})):
        text = (tmp_path / name).read_text()
        found = analyze(text, str(tmp_path / name)).diagnostics
        assert {d.code for d in found} == codes and len(found) == 10
    assert calls['deepest'] < 1_000 and calls['below'] < 1_000, calls


def test_a_value_passed_on_through_a_fanning_tree_is_refused_once(tmp_path):
    """Each template passes `networks` on to ten of the next one, down to servers that refuse
    it (HOT730): Heat stops at the first resource that refuses the value, so each of the
    root's resources gets one error, not one per path (10**4 here)."""
    from hot_ls.rules import analyze
    for level in range(5):
        if level < 4:
            used = f'l{level + 1}.yaml\n    properties: {{networks: {{get_param: networks}}}}'
        else:
            used = ('OS::Nova::Server\n    properties: {image: x, flavor: y, '
                    'networks: {get_param: networks}}')
        default = '[{pport: p}]' if level == 0 else '[]'
        body = ''.join(f'  r{k}:\n    type: {used}\n' for k in range(10))
        (tmp_path / f'l{level}.yaml').write_text(
            'heat_template_version: 2021-04-16\n'
            f'parameters:\n  networks: {{type: json, default: {default}}}\n'
            f'resources:\n{body}')
    text = (tmp_path / 'l0.yaml').read_text()
    found = analyze(text, str(tmp_path / 'l0.yaml')).diagnostics
    assert [d.code for d in found] == ['HOT730'] * 10
    assert found[0].message.startswith(
        'resources.r0<l1.yaml>.resources.r0<l2.yaml>.resources.r0<l3.yaml>.resources'
        '.r0<l4.yaml>: One of the properties "network", "port", "allocate_network" or "subnet" '
        'should be set for the specified network of server "r0".')
