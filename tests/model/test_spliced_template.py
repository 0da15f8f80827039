"""The template of a tree an incremental parse made (SyntaxTree.replaced) is made from the
previous template without a look at every entry: the definitions and walks of the entries
the splice kept are the previous ones, and only the replaced entry is walked.  The result
must be the template a full parse gives (the property tests in
tests/rules/test_incremental_analysis.py hold whole analyses together; these pin the
shortcut itself)."""
from __future__ import annotations

import glob
import os

import pytest

from helpers import CORPUS, needs_corpus
from hot_ls.model import Template
from hot_ls.syntax import parse
from hot_ls.syntax.incremental import reparse

TEMPLATE = """\
heat_template_version: 2021-04-16
parameters:
  image: {type: string, default: cirros}
  flavor: {type: string}
conditions:
  big: {equals: [{get_param: flavor}, m1.large]}
  small: {not: big}
resources:
  net:
    type: OS::Neutron::Net
  server:
    type: OS::Nova::Server
    condition: big
    properties:
      image: {get_param: image}
      networks: [{network: {get_resource: net}}]
outputs:
  ip:
    value: {get_attr: [server, first_address]}
"""


def _templates(before: str, after: str) -> tuple[Template, Template, Template]:
    """(the template of `before`, the one made from it for `after` by a splice, the one of a
    full parse of `after`)."""
    tree = parse(before)
    previous = Template(tree)
    previous.used_conditions()
    spliced = reparse(tree, after)
    assert spliced is not None and spliced.tree.replaced == (spliced.old, spliced.new)
    return previous, Template(spliced.tree, previous=previous), Template(parse(after))


def _shape(template: Template) -> tuple:
    return ({section: [(name, d.pair.key.start, d.pair.value.end)
                       for name, d in getattr(template, section).items()]
             for section in ('parameters', 'resources', 'outputs', 'conditions')},
            [(ref.kind, ref.name, ref.owner, ref.field, ref.start, ref.end)
             for ref in template.references],
            [(call.name, call.node.start) for call in template.calls],
            sorted(template.used_conditions()))


@pytest.mark.parametrize('old, new, walked', [
    ('image: {get_param: image}', 'image: {get_param: imagex}', 'server'),  # a resource
    ('m1.large]}', 'm1.xlarge]}', None),                                   # a condition
    ('default: cirros}', 'default: cirrus}', None),                        # a parameter
    ('\n  net:\n', '\n  network:\n', 'network'),                           # renamed in place
    ('condition: big', 'condition: small', 'server'),                      # other conditions
])
def test_only_the_replaced_entry_is_walked(monkeypatch, old, new, walked):
    after = TEMPLATE.replace(old, new)
    seen = []
    for method in ('_walk_resource', '_walk_output', '_walk_condition'):
        original = getattr(Template, method)

        def counting(*args, _original=original):
            seen.append(args[-1].name)
            return _original(*args)
        monkeypatch.setattr(Template, method, staticmethod(counting) if method ==
                            '_walk_condition' else counting)
    tree = parse(TEMPLATE)
    previous = Template(tree)
    seen.clear()
    spliced = reparse(tree, after)
    read = []  # the sections whose every entry was looked at

    class Index(dict):
        def items(self):
            read.append(self)
            return super().items()
    for section in ('parameters', 'resources', 'outputs', 'conditions'):
        node = spliced.tree.root.get(section)
        node.index = Index(node.index)
    template = Template(spliced.tree, previous=previous)
    assert read == []
    if walked is None and 'conditions' in (spliced.section or ''):
        assert seen == [spliced.new.key.value]
    else:
        assert seen == ([walked] if walked else [])
    kept = [d for section in ('parameters', 'resources', 'outputs')
            for d in getattr(template, section).values() if d.pair is not spliced.new]
    assert all(getattr(previous, d.section)[d.name] is d for d in kept)
    assert _shape(template) == _shape(Template(parse(after)))


def test_the_used_conditions_are_kept_or_found_again():
    previous, template, full = _templates(TEMPLATE, TEMPLATE.replace('m1.large', 'm1.xl'))
    assert template.used_conditions() is previous.used_conditions()
    previous, template, full = _templates(TEMPLATE, TEMPLATE.replace('condition: big',
                                                                     'condition: small'))
    assert template.used_conditions() == full.used_conditions() == {'big', 'small'}
    assert previous.used_conditions() == {'big'}


def test_the_sections_an_edit_is_not_in_are_the_previous_dictionaries():
    """What was derived from a section knows at once that an edit elsewhere left it as it
    was (model.snapshot.Snapshot.changed: the same dictionary, no look at each entry)."""
    from hot_ls.model.snapshot import Snapshot
    previous, template, full = _templates(TEMPLATE, TEMPLATE.replace('default: cirros',
                                                                     'default: fedora'))
    assert template.resources is previous.resources and template.outputs is previous.outputs
    assert template.parameters is not previous.parameters
    assert list(template.resources) == list(full.resources)
    snapshot = Snapshot(previous.resources)
    assert snapshot.changed(template.resources) == []
    assert snapshot.changed(dict(template.resources)) == []  # (a copy: entry by entry)


def test_a_renamed_entry_keeps_its_place_and_the_others_their_definitions():
    previous, template, full = _templates(TEMPLATE, TEMPLATE.replace('\n  net:\n',
                                                                     '\n  network:\n'))
    assert list(template.resources) == list(full.resources) == ['network', 'server']
    assert template.resources['server'] is previous.resources['server']
    assert _shape(template) == _shape(full)


@needs_corpus
@pytest.mark.parametrize('path', sorted(glob.glob(os.path.join(CORPUS, 'heat-templates',
                                                                 'hot', '*.yaml')))[:40])
def test_entry_at_finds_the_entry_written_at_each_offset(path):
    """entry_at, found down the tree, is the last definition (in the text's order) that
    starts at or before the offset, when the offset lies within it."""
    with open(path, encoding='utf-8') as fh:
        template = Template(parse(fh.read()))
    entries = sorted((d for section in ('parameters', 'resources', 'outputs', 'conditions')
                      for d in getattr(template, section).values()),
                     key=lambda d: d.key.start)
    for offset in range(0, len(template.tree.text) + 1, 7):
        before = [d for d in entries if d.key.start <= offset]
        expected = before[-1] if before and offset <= max(
            before[-1].key.end, before[-1].body.end) else None
        assert template.entry_at(offset) is expected, offset
