"""Values for the editor: the preview command's content and the hints beside outputs, conditions and if."""
import textwrap

from hot_ls.features.evaluation import preview, short, value_hints
from hot_ls.rules import analyze

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    parameters:
      env: {type: string, default: dev}
    conditions:
      is_prod: {equals: [{get_param: env}, prod]}
    resources:
      server:
        type: OS::Nova::Server
        condition: is_prod
        properties: {flavor: m1.small, image: cirros}
    outputs:
      size:
        value: {if: [is_prod, large, small]}
      ip:
        value: {get_attr: [server, first_address]}
        condition: is_prod
      broken:
        value: {str_split: [',', 12]}
    ''')


def hints_by_line(analysis, **inputs):
    lines = analysis.tree.lines
    return {(lines.position(h.offset).line, h.label) for h in value_hints(analysis, **inputs)}


def test_hints_follow_the_parameter_values():
    analysis = analyze(TEMPLATE, '/tmp/t.yaml')
    found = hints_by_line(analysis)
    assert (4, '= false') in found
    assert (11, '= "small"') in found
    assert (12, '→ "small"') in found
    assert (13, '= null (condition is false)') in found
    assert any(line == 16 and label.startswith('⚠ ') for line, label in found)
    prod = hints_by_line(analysis, parameter_values={'env': 'prod'})
    assert (4, '= true') in prod and (11, '= "large"') in prod
    assert (13, '= "<<get_attr server first_address>>"') in prod


def test_hints_follow_environments():
    analysis = analyze(TEMPLATE, '/tmp/t.yaml')
    found = hints_by_line(analysis, environments=['parameter_defaults: {env: prod}\n'])
    assert (4, '= true') in found


def test_preview_marks_disabled_items():
    analysis = analyze(TEMPLATE, '/tmp/t.yaml')
    data = preview(analysis)
    assert data['resources']['server']['enabled'] is False
    assert data['outputs']['ip'] is None
    assert data['outputs']['size'] == 'small'
    assert 'error' in data['outputs']['broken']


def test_short_values_are_cut():
    assert short('x' * 100).endswith('…') and len(short('x' * 100)) == 60
    assert short({'a': [1, 2]}) == '{"a": [1, 2]}'


def test_nothing_for_documents_that_are_not_templates():
    assert value_hints(analyze('parameter_defaults: {a: 1}\n')) == []
    assert preview(analyze('- a\n')) is None


def test_configured_inputs_drive_hover_and_hints(tmp_path):
    from hot_ls.config import settings_from_dict
    from hot_ls.features.hover import hover
    env = tmp_path / 'prod.yaml'
    env.write_text('parameter_defaults: {env: prod}\n')
    path = tmp_path / 't.yaml'
    settings = settings_from_dict({'environments': ['prod.yaml']})
    analysis = analyze(TEMPLATE, str(path), settings)
    assert (4, '= true') in hints_by_line(analysis)
    offset = TEMPLATE.index('if: [is_prod')
    assert '"large"' in hover(analysis, offset).markdown
    by_value = analyze(TEMPLATE, str(path), settings_from_dict({'parameters': {'env': 'prod'}}))
    assert preview(by_value)['outputs']['size'] == 'large'
