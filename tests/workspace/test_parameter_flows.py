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
