"""The resources as the functions see them are made once per document while the resources
stay the same Definitions (Template.carried): an edit outside them looks at none."""
from __future__ import annotations

from hot_ls.rules import analyze
from hot_ls.rules.incremental import reanalyze

TEXT = """\
heat_template_version: 2021-04-16
parameters:
  size: {type: number, default: 1}
resources:
  volume:
    type: OS::Cinder::Volume
    properties:
      size: {get_param: size}
  holder:
    type: OS::Heat::Value
    properties:
      value: {get_attr: [volume, size]}
"""


def test_an_edit_outside_the_resources_keeps_them_and_one_inside_makes_them_again():
    first = analyze(TEXT)
    entries = first.call_sites.resource_entries()
    second, how = reanalyze(first, TEXT.replace('default: 1', 'default: 2'))
    assert how == 'incremental'
    assert second.call_sites.resource_entries() is entries
    third, how = reanalyze(second, TEXT.replace('default: 1', 'default: 2').replace(
        'OS::Cinder::Volume', 'OS::Heat::None'))
    assert how == 'incremental'
    remade = third.call_sites.resource_entries()
    assert remade is not entries
    assert remade['volume'].type == 'OS::Heat::None' and entries['volume'].type == \
        'OS::Cinder::Volume'
    assert remade['holder'] is entries['holder']  # (each entry's own: Template.memo)
