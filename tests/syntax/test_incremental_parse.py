"""The incremental parse: when an edit is spliced, and that a splice is a full parse.

Each case is (before, after, spliced?): a splice must equal `parse(after)` in
every value, span, issue and depth (and the lines error recovery neutralized), and
keep the node objects of the entries it did not touch; anything else must fall
back (None).
"""
from __future__ import annotations

import pytest

from hot_ls.syntax import Mapping, parse
from hot_ls.syntax.incremental import Edit, edit_between, prepare, reparse
from tree_signature import tree_signature

BASE = """\
# a comment before anything
heat_template_version: 2021-04-16
description: one line
parameters:
  flavor:
    type: string
    default: m1.small
resources:
  net:
    type: OS::Neutron::Net
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavor}
      networks:
        - network: {get_resource: net}
  # a comment between entries
  port:
    type: OS::Neutron::Port
outputs:
  ip:
    value: {get_attr: [server, first_address]}
"""


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


SPLICED = {
    'inside a property value': ('flavor: {get_param: flavor}', 'flavor: {get_param: flavorx}'),
    'a resource key renamed': ('  port:', '  ports:'),
    'a new property line': ('    type: OS::Neutron::Port\n',
                            '    type: OS::Neutron::Port\n    properties: {}\n'),
    'a comment inside an entry': ('# a comment between entries', '# a comment between entriez'),
    'the comment before anything': ('# a comment before anything', '# a comment before everything'),
    'a top-level scalar': ('description: one line', 'description: one long line'),
    'the last entry of the file': ('first_address]}', 'first_address, 0]}'),
    'an anchor no alias names': ('type: OS::Neutron::Net', 'type: &t OS::Neutron::Net'),
    'a new line above an entry': ('  port:\n', '  # the port\n  port:\n'),
    'the section header (the section re-parsed)': ('resources:\n', 'resources: # all of them\n'),
    'a `? key` with no value above another key': ('    type: OS::Neutron::Net\n',
                                                  '    ? x\n    type: OS::Neutron::Net\n'),
    'a new sibling entry (the entry above it re-parsed with it)': ('  port:\n',
                                                                   '  new: {}\n  port:\n'),
    'a new resource typed last in its section': (
        '    type: OS::Neutron::Port\n',
        '    type: OS::Neutron::Port\n  new_res: {type: OS::Heat::None}\n'),
    'two new parameters pasted after one': (
        '    default: m1.small\n', '    default: m1.small\n  a: {type: string}\n  b: {}\n'),
    'an entry made deeper': ('      flavor: {get_param: flavor}',
                             '      flavor: {get_param: [flavor, [0, [1]]]}'),
}

FALLBACK = {
    'the indentation of a section key': ('resources:\n  net:', ' resources:\n  net:'),
    'an entry key dedented': ('  port:\n', 'port:\n'),
    'an alias': ('type: OS::Neutron::Port', 'type: *t'),
    'a document marker': ('  # a comment between entries\n', '---\n'),
    'a second document': ('outputs:\n', '...\noutputs:\n'),
    'a syntax error whose recovery blanks a key (the section\'s entries move)': (
        '  flavor:\n', '  flavor:[\n'),
    'a syntax error whose recovery neutralizes lines of other entries': (
        '  net:\n', '  net:[\n'),
    'two entries joined': ('    type: OS::Neutron::Net\n  server:', '    type: OS::Neutron::Net  server:'),
    'a new sibling that duplicates another': ('  port:\n', '  net: {}\n  port:\n'),
    'a new top-level pair typed after one': ('description: one line\n',
                                             'description: one line\nnotes: x\n'),
    'a key that duplicates a sibling': ('  port:', '  net:'),
    'an edit across two entries': ('OS::Neutron::Net\n  server:\n    type: OS::Nova',
                                   'OS::Neutron::Nets\n  server:\n    type: OS::Novas'),
    'a `? key` with no value, last in its entry (its empty value is at the next token)': (
        '    type: OS::Neutron::Net\n', '    type: OS::Neutron::Net\n    ? x\n'),
    'a merge key': ('    type: OS::Neutron::Port\n', '    <<: {type: x}\n'),
    'a tab before the comment before anything': ('# a comment before anything',
                                                 '\t# a comment before anything'),
}


#: syntax errors the region's own error recovery gets through (as the whole text's would)
RECOVERED = {
    'a syntax error': ('    type: OS::Neutron::Port', '    type: OS::Neutron::Port: x'),
    'a key typed without its colon, last in its section': (
        '    type: OS::Neutron::Port\n', '    type: OS::Neutron::Port\n  new_re\n'),
    'a key typed without its colon above the next entry': ('  port:\n', '  new_re\n  port:\n'),
    'a flow mapping left open, inside an entry': ('{get_param: flavor}', '{get_param: flavor'),
    'a value where a mapping was (the entry\'s lines below)': ('    properties:\n      flavor',
                                                              '    properties: x\n      flavor'),
    'the last entry of the file': ('first_address]}', 'first_address]'),
    'the first entry of a section': ('    type: OS::Neutron::Net', '    type: OS::Neutron::Net: x'),
    'a quote left open, last in its section': ('    type: OS::Neutron::Port\n',
                                               '    type: OS::Neutron::Port\n  "x\n'),
    'a sequence item where a key goes (the section\'s start in the message)': (
        '    type: OS::Neutron::Port\n', '    type: OS::Neutron::Port\n  - x\n'),
    'an entry made shallower than the deepest was (its depth walked)': (
        '        - network: {get_resource: net}', '        - network: {get_resource: net'),
    'a flow collection left open, last in its entry': ('{get_resource: net}', '{get_resource: net'),
    'a syntax error in the first top-level pair': ('heat_template_version: 2021-04-16',
                                                   'heat_template_version: 2021-04-16: x'),
    'a typed character after the last line': ('first_address]}\n', 'first_address]}\nx'),
}


def _check_splice(before: str, after: str):
    tree = parse(before)
    untouched = {id(pair): pair for pair in tree.root.pairs}
    spliced = reparse(tree, after)
    assert spliced is not None
    assert tree_signature(spliced.tree) == tree_signature(parse(after))
    kept = [pair for pair in spliced.tree.root.pairs if id(pair) in untouched]
    return spliced, kept


@pytest.mark.parametrize('case', sorted(SPLICED))
def test_spliced(case):
    old, new = SPLICED[case]
    spliced, kept = _check_splice(BASE, _edit(BASE, old, new))
    assert spliced.new is not spliced.old or case == 'the comment before anything'
    assert kept  # top-level pairs the edit was not in are the same objects


@pytest.mark.parametrize('case', sorted(RECOVERED))
def test_recovered(case):
    old, new = RECOVERED[case]
    after = _edit(BASE, old, new)
    assert parse(after).syntax_errors
    spliced, kept = _check_splice(BASE, after)
    assert kept
    # and the next edit of that entry is spliced from the broken tree: back to the text
    assert tree_signature(reparse(spliced.tree, BASE).tree) == tree_signature(parse(BASE))


@pytest.mark.parametrize('case', sorted(FALLBACK))
def test_falls_back(case):
    old, new = FALLBACK[case]
    assert reparse(parse(BASE), _edit(BASE, old, new)) is None


#: aliases that name nodes of their own entry (TripleO's services: `&tls_enabled`...)
ALIASED_BASE = """\
heat_template_version: 2021-04-16
parameters:
  flavor:
    type: string
    default: m1.small
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: &flavor {get_param: flavor}
      metadata: {size: *flavor}
  port:
    type: OS::Neutron::Port
outputs:
  role_data:
    value:
      config: &config
        step: 1
      again: *config
"""

ALIASED_SPLICED = {
    'an entry before the aliases': ('default: m1.small', 'default: m1.smallest'),
    'inside the entry that holds them': ('metadata: {size: *flavor}',
                                         'metadata: {size: *flavor, x: 1}'),
    'between them': ('      metadata:', '      # a comment\n      metadata:'),
    'an entry between two that hold them': ('OS::Neutron::Port', 'OS::Neutron::Ports'),
    'a new alias of the entry\'s own anchor': ('        step: 1\n', '        step: 1\n'
                                                '      third: *config\n'),
    'the comment before anything': ('heat_template_version', '# one\nheat_template_version'),
}

#: syntax errors in a template with aliases, recovered in the entry (as the whole text's are)
ALIASED_RECOVERED = {
    'in the entry that holds them': ('metadata: {size: *flavor}', 'metadata: {size: *flavor'),
    'in another entry': ('    type: OS::Neutron::Port', '    type: OS::Neutron::Port: x'),
}

#: the resources section of ALIASED_BASE, its header to its last entry's last line
ALIASED_SECTION = ALIASED_BASE[ALIASED_BASE.index('resources:\n'):ALIASED_BASE.index('outputs:')]

ALIASED_FALLBACK = {
    'an alias of another entry\'s anchor': ('    type: OS::Neutron::Port',
                                             '    type: OS::Neutron::Port\n    x: *flavor'),
    'the anchor an alias names, removed': ('&flavor {get_param', '{get_param'),
    'a section re-parsed whole with an alias of one entry\'s anchor in another': (
        ALIASED_SECTION, ALIASED_SECTION.replace('resources:\n', 'resources: # all\n')
        + '    x: *flavor\n'),
    'a new sibling with an alias of the entry above\'s anchor (pasted with it)': (
        '    type: OS::Neutron::Port\n',
        '    type: OS::Neutron::Port\n    tags: &tags [a]\n  extra: {tags: *tags}\n'),
}


@pytest.mark.parametrize('case', sorted(ALIASED_SPLICED))
def test_spliced_with_aliases_that_name_their_own_entrys_nodes(case):
    old, new = ALIASED_SPLICED[case]
    tree = parse(ALIASED_BASE)
    assert tree.aliases and not tree.shares_nodes
    after = _edit(ALIASED_BASE, old, new)
    spliced = reparse(tree, after)
    assert spliced is not None
    full = parse(after)
    assert tree_signature(spliced.tree) == tree_signature(full)  # the aliases' offsets too
    assert not spliced.tree.shares_nodes
    for start, end, target in spliced.tree.aliases:  # each still names its node, once moved
        assert after[start:end].startswith('*')
        named = after[target.start:target.end]
        assert named.endswith('{get_param: flavor}') or named.endswith('step: 1')


@pytest.mark.parametrize('case', sorted(ALIASED_RECOVERED))
def test_recovered_with_aliases(case):
    old, new = ALIASED_RECOVERED[case]
    after = _edit(ALIASED_BASE, old, new)
    assert parse(after).syntax_errors and parse(after).aliases
    spliced, kept = _check_splice(ALIASED_BASE, after)
    assert kept and spliced.tree.aliases
    back = reparse(spliced.tree, ALIASED_BASE)
    assert back is not None and tree_signature(back.tree) == tree_signature(parse(ALIASED_BASE))


@pytest.mark.parametrize('case', sorted(ALIASED_FALLBACK))
def test_falls_back_with_aliases(case):
    old, new = ALIASED_FALLBACK[case]
    assert reparse(parse(ALIASED_BASE), _edit(ALIASED_BASE, old, new)) is None


def test_a_node_of_two_entries_is_never_spliced():
    """An alias of another entry's node makes it both entries': no edit is spliced, as
    moving one entry would move the other's node (and a section given by an alias has its
    entries twice)."""
    shared = ALIASED_BASE.replace('    type: OS::Neutron::Port\n',
                                  '    type: OS::Neutron::Port\n    properties: {x: *flavor}\n')
    tree = parse(shared)
    assert tree.shares_nodes
    assert reparse(tree, shared.replace('m1.small', 'm1.large')) is None
    section = 'heat_template_version: 2021-04-16\nresources: &r\n  a: {type: x}\noutputs: *r\n'
    assert parse(section).shares_nodes
    assert not parse(BASE).shares_nodes  # (no alias)


def test_unchanged_entries_keep_their_nodes_and_move():
    after = _edit(BASE, 'default: m1.small', 'default: m1.smallest')
    tree = parse(BASE)
    resources = tree.root.get('resources')
    server = resources.pair('server')
    net = tree.root.get('resources').pair('net')
    flavor_before = tree.root.get('parameters').pair('flavor')
    start = server.key.start
    spliced = reparse(tree, after)
    assert spliced is not None and spliced.section == 'parameters'
    assert spliced.old is flavor_before and spliced.new is not flavor_before
    assert spliced.tree.root.get('resources').pair('server') is server
    assert spliced.tree.root.get('resources').pair('net') is net
    assert server.key.start == start + 3  # "est" typed before it


def test_a_shifted_entry_moves_by_its_origin_and_its_nodes_are_not_rewritten():
    """Typing before an entry moves the entry's one origin: the second keystroke writes
    none of its nodes, and every node reads its new place."""
    tree = parse(BASE)
    server = tree.root.get('resources').pair('server')
    network = server.value.get('properties').get('networks').items[0].get('network')
    first = _edit(BASE, 'default: m1.small', 'default: m1.smalle')
    second = _edit(first, 'default: m1.smalle', 'default: m1.smallest')
    tree = reparse(tree, first).tree
    origin = server.key.origin
    stored = (network._start, network._end)
    assert network.origin is origin and server.value.origin is origin
    tree = reparse(tree, second).tree
    assert server.key.origin is origin and network.origin is origin
    assert (network._start, network._end) == stored  # not rewritten: the origin moved
    assert tree_signature(tree) == tree_signature(parse(second))
    assert second[network.start:network.end] == '{get_resource: net}'
    # an edit inside the moved entry re-parses it: its new nodes are placed and shift on
    third = _edit(second, 'network: {get_resource: net}', 'network: {get_resource: nets}')
    fourth = _edit(third, 'default: m1.smallest', 'default: m1.small')
    tree = reparse(reparse(tree, third).tree, fourth).tree
    assert tree_signature(tree) == tree_signature(parse(fourth))


def test_a_prepared_tree_moves_every_entry_by_its_origin_from_the_first_edit():
    """`prepare` (the server's, once an analysis is out) gives each top-level entry its
    origin without moving anything, so the first edit already writes no node after it."""
    tree = parse(BASE)
    prepare(tree)
    assert tree_signature(tree) == tree_signature(parse(BASE))
    entries = [pair for top in tree.root.pairs
               for pair in (top.value.pairs if isinstance(top.value, Mapping) else [top])]
    origins = [pair.key.origin for pair in entries]
    assert len({id(origin) for origin in origins}) == len(entries)
    server = tree.root.get('resources').pair('server')
    network = server.value.get('properties').get('networks').items[0].get('network')
    assert network.origin is server.key.origin
    stored = (network._start, network._end)
    after = _edit(BASE, 'default: m1.small', 'default: m1.smalle')
    spliced = reparse(tree, after).tree
    assert (network._start, network._end) == stored and network.origin is server.key.origin
    assert tree_signature(spliced) == tree_signature(parse(after))
    prepare(spliced)  # (a spliced tree is not walked again)
    assert spliced.flat is tree.flat


def test_a_sections_entries_move_by_the_list_of_their_origins():
    """Each section's entries' origins are listed in order once (`entry_origins`, kept
    across splices): an edit moves the entries after it through the list, which a splice
    keeps the section's (its new entry in the old one's place); a list that is not the
    section's any more is made again."""
    tree = parse(BASE)
    prepare(tree)
    resources = tree.root.get('resources')
    listed = tree.entry_origins[id(resources)]
    assert listed[0] is resources and listed[1] == resources.pairs
    assert listed[2] == [pair.key.origin for pair in resources.pairs]
    after = _edit(BASE, 'default: m1.small', 'default: m1.smalle')  # (a parameter)
    spliced = reparse(tree, after).tree
    assert spliced.entry_origins is tree.entry_origins
    assert spliced.entry_origins[id(resources)] is listed  # (moved, not listed again)
    assert tree_signature(spliced) == tree_signature(parse(after))
    server = resources.pair('server')
    typed = _edit(after, '    type: OS::Nova::Server', '    type: OS::Nova::Serverx')
    again = reparse(spliced, typed).tree
    new_server = again.root.get('resources').pair('server')
    assert new_server is not server and listed[1][resources.pairs.index(new_server)] is new_server
    assert listed[2] == [pair.key.origin for pair in resources.pairs]
    assert tree_signature(again) == tree_signature(parse(typed))
    resources.pairs.reverse()  # (changed otherwise than by a splice: listed again)
    from hot_ls.syntax.incremental import _listed
    assert _listed(again.flat, again.entry_origins, resources) == \
        [pair.key.origin for pair in resources.pairs]


def test_a_tree_that_is_never_spliced_is_not_prepared():
    tree = parse(BASE + 'outputs:\n  a: &x {value: 1}\n  b: *x\n')
    prepare(tree)
    assert not tree.flat


def test_the_colon_of_a_new_entry_splices_it_beside_the_entry_above():
    """Typing a new resource's name, the text does not parse until its colon (recovery
    blanks the line); with the colon, the region of the entry above re-parses as two
    entries: both are spliced in (`Splice.added`), no full parse."""
    broken = _edit(BASE, '    type: OS::Neutron::Port\n',
                   '    type: OS::Neutron::Port\n  new_res\n')
    tree = parse(broken)
    assert tree.syntax_errors
    fixed = _edit(broken, '  new_res\n', '  new_res:\n')
    spliced = reparse(tree, fixed)
    assert spliced is not None and spliced.new.key.value == 'port'
    assert [pair.key.value for pair in spliced.added] == ['new_res']
    assert spliced.tree.replaced is None  # (the model compares every entry)
    assert tree_signature(spliced.tree) == tree_signature(parse(fixed))


def test_crlf_and_the_edit_span():
    before = BASE.replace('\n', '\r\n')
    after = _edit(before, 'OS::Neutron::Net', 'OS::Neutron::Network')
    _check_splice(before, after)
    assert edit_between(before, after) == Edit(before.index('Net\r\n') + 3,
                                               before.index('Net\r\n') + 3,
                                               before.index('Net\r\n') + 7)


def test_a_shallower_entry_that_held_the_depth_walks_the_entries_depths():
    deep = _edit(BASE, '{get_param: flavor}', '{get_param: [flavor, [0, [1, [2]]]]}')
    shallow = _edit(deep, '{get_param: [flavor, [0, [1, [2]]]]}', '{get_param: flavor}')
    spliced, _ = _check_splice(deep, shallow)
    assert spliced.tree.depth == parse(BASE).depth < parse(deep).depth
    # and one that did not hold it is spliced without
    other = _edit(deep, 'type: OS::Neutron::Port', 'type: OS::Neutron::Ports')
    _check_splice(deep, other)


def test_a_tree_with_issues_is_never_spliced():
    broken = _edit(BASE, '  port:', '  net:')  # a duplicate key
    assert parse(broken).issues
    assert reparse(parse(broken), _edit(broken, 'first_address', 'first_addresses')) is None


def test_a_tree_with_syntax_errors_is_spliced_only_in_the_entry_that_holds_them():
    broken = _edit(BASE, '{get_param: flavor}', '{get_param: flavor')
    assert parse(broken).syntax_errors and parse(broken).patched_lines
    # another entry: the errors would stay, made by lines it does not re-parse
    assert reparse(parse(broken), _edit(broken, 'first_address', 'first_addresses')) is None
    # the entry holding them: re-parsed (with recovery) in place
    again = _edit(broken, '{get_param: flavor', '{get_param: flavo')
    _check_splice(broken, again)


def test_a_tree_whose_recovery_did_not_get_through_is_never_spliced():
    tree = parse(_edit(BASE, 'heat_template_version', '- heat_template_version'))
    assert tree.unrecovered
    assert reparse(tree, _edit(tree.text, 'first_address', 'first_addresses')) is None


def test_a_consumed_tree_is_never_spliced_again():
    tree = parse(BASE)
    first = reparse(tree, _edit(BASE, 'one line', 'one long line'))
    assert first is not None and tree.consumed and not first.tree.consumed
    assert reparse(tree, _edit(BASE, 'one line', 'one other line')) is None


def test_nothing_changed():
    spliced = reparse(parse(BASE), BASE)
    assert spliced is None or tree_signature(spliced.tree) == tree_signature(parse(BASE))
    assert isinstance(parse(BASE).root, Mapping)


# -- the property: over editing sessions of real templates --------------------------------

hypothesis = pytest.importorskip('hypothesis')

from helpers import needs_corpus  # noqa: E402
from edits import SAMPLE, aliased_sample, read, session  # noqa: E402

ALIASED = aliased_sample() if SAMPLE else []


@needs_corpus
@hypothesis.given(session(steps=10), hypothesis.strategies.booleans())
def test_every_splice_of_an_editing_session_is_the_full_parse(drawn, prepared):
    """Typing, deleting, pasting and undoing in templates of the corpus: after every edit,
    the incrementally parsed tree (or the full parse it fell back to) is the full parse;
    with each tree `prepare`d before the next edit (as the server does), or not."""
    path, texts = drawn
    tree = parse(read(path))
    for text in texts:
        if prepared:
            prepare(tree)
        spliced = reparse(tree, text)
        full = parse(text)
        if spliced is not None:
            assert tree_signature(spliced.tree) == tree_signature(full), (path, text)
            tree = spliced.tree
        else:
            tree = full


@needs_corpus
@hypothesis.given(session(steps=10, sample=ALIASED), hypothesis.strategies.booleans())
def test_every_splice_of_a_template_with_aliases_is_the_full_parse(drawn, prepared):
    """The same, in templates with YAML aliases (TripleO's services): an entry whose aliases
    name its own nodes is spliced like any other, and the aliases move with the text."""
    test_every_splice_of_an_editing_session_is_the_full_parse.hypothesis.inner_test(
        drawn, prepared)
