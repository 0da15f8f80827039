"""What a parent sees of a template it has as a provider resource's type or a group's member:
the properties its parameters fill, with the values beside them (TemplateSummary
.parameter_flows, in the interface key), which decide what Heat's validation of the nested
stack reads: a missing parameter, a value passed."""
from __future__ import annotations

from hot_ls.workspace import Workspace

MEMBER = '''heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  flavor: {type: string, default: m1.small}
resources:
  server:
    type: OS::Nova::Server
    condition: true
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      name: web
  volume:
    type: OS::Cinder::Volume
    properties:
      size: 1
'''


def summary_of(tmp_path, text: str, name: str = 'member.yaml'):
    path = tmp_path / name
    path.write_text(text, encoding='utf-8')
    return Workspace.for_document(str(path)).summary(str(path)).template


def test_the_flows_name_each_property_a_parameter_fills(tmp_path):
    summary = summary_of(tmp_path, MEMBER)
    assert summary.parameter_flows() == (
        ('server', 'OS::Nova::Server', False, 'True', (('image', 'image'), ('flavor', 'flavor')),
         "[('flavor', ParamRef(name='flavor')), ('image', ParamRef(name='image')), "
         "('name', 'web')]"), 'None')


def test_a_literal_value_beside_no_flow_leaves_the_interface_a_flow_changes_it(tmp_path):
    before = summary_of(tmp_path, MEMBER).interface_key()
    assert summary_of(tmp_path, MEMBER.replace('size: 1', 'size: 2'), 'b.yaml') \
        .interface_key() == before
    # (the server's validate() reads its literal values with those passed)
    assert summary_of(tmp_path, MEMBER.replace('name: web', 'name: db'), 'e.yaml') \
        .interface_key() != before
    assert summary_of(tmp_path, MEMBER.replace('{get_param: image}', 'fedora'), 'c.yaml') \
        .interface_key() != before
    assert summary_of(tmp_path, MEMBER.replace('OS::Nova::Server', 'OS::Heat::None'),
                      'd.yaml').interface_key() != before


def test_a_template_without_get_param_in_properties_has_none(tmp_path):
    text = MEMBER.replace('{get_param: image}', 'x').replace('{get_param: flavor}', 'y')
    assert summary_of(tmp_path, text).parameter_flows() == ()


def test_an_edit_above_the_resources_derives_no_flow_again():
    """The summary of an edited text moves the resources an edit shifted (new objects, new
    spans); their flows and structure are read from the resources as first summarised, which
    the next summary shares, so typing above 1,000 resources does not derive 1,000 flows
    again each keystroke (the server compares interface keys after every analysis)."""
    from hot_ls.rules.incremental import reanalyze
    resources = ''.join(f'  r{n}:\n    type: OS::Heat::Value\n    properties:\n'
                        f'      value: {{get_param: image}}\n' for n in range(1000))
    text = MEMBER.split('resources:\n')[0] + 'resources:\n' + resources
    first, _ = reanalyze(None, text, '/nowhere/member.yaml')
    before = first.summary.template
    key = before.interface_key()
    # (a space typed in a parameter's line: everything below moves, nothing else changes)
    edited, how = reanalyze(first, text.replace('string, default', 'string,  default'),
                            '/nowhere/member.yaml')
    assert how == 'incremental'
    after = edited.summary.template
    assert after.resources[0].span != before.resources[0].span  # (moved: new objects)
    shared = [r for (r, _), _, _ in after._placed]
    assert all('flow' in r.__dict__ for r in shared)  # (made for the first summary's key)
    assert after.interface_key() == key
