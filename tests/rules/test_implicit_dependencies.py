"""The plugins' implicit dependencies (hot_ls.rules.plugins.dependencies) in HOT502.

Heat's verdicts on these shapes are recorded with the fixtures of
fixtures/rules/HOT502-circular-dependency/implicit-*.yaml; here: what the
editor's incremental analysis keeps of them, and the cases hot-ls must leave
alone because the outcome depends on a value it cannot know.
"""
from __future__ import annotations

from hot_ls.rules import analyze
from hot_ls.rules.incremental import reanalyze
from hot_ls.rules.plugins.dependencies import waiting

PATH = '/nowhere/template.yaml'

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  net:
    type: string
  other:
    type: string
  blob:
    type: json
resources:
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_param: net}
      cidr: 10.0.0.0/24
      host_routes:
        - destination: 10.1.0.0/24
          nexthop: {get_attr: [port, fixed_ips, 0, ip_address]}
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_param: net}
  spare:
    type: OS::Heat::None
'''


def cycles(analysis) -> list[tuple]:
    return [(d.start, d.end, d.message) for d in analysis.diagnostics if d.code == 'HOT502']


def test_one_parameter_on_both_sides_is_one_value_whatever_it_is():
    found = cycles(analyze(TEMPLATE, PATH))
    assert [message.split(';')[0] for _, _, message in found] == [
        'Circular Dependency Found: subnet -> port -> subnet'] * 2
    assert found[0][2].endswith('both are the parameter net, whatever value it is given')
    start = TEMPLATE.index('network: {get_param: net}\n  spare')
    assert (found[1][0], found[1][1]) == (start, start + len('network'))


def test_values_hot_ls_cannot_know_make_no_dependency():
    # two parameters without values: equal or not, only the deployer knows
    assert cycles(analyze(TEMPLATE.replace('network: {get_param: net}\n  spare',
                                           'network: {get_param: other}\n  spare'), PATH)) == []
    # a json parameter: its value may not even read as a string
    assert cycles(analyze(TEMPLATE.replace('{get_param: net}', '{get_param: blob}'), PATH)) == []
    # a port whose condition is unknown (a parameter without a value decides it)
    conditional = TEMPLATE.replace('  port:\n', '  port:\n    condition: maybe\n').replace(
        'resources:\n', 'conditions:\n  maybe: {equals: [{get_param: other}, x]}\nresources:\n')
    assert cycles(analyze(conditional, PATH)) == []


def test_the_editor_keeps_nothing_stale():
    """Edits that make and unmake the implicit dependency: each incremental analysis has
    the full one's diagnostics."""
    other = TEMPLATE.replace('network: {get_param: net}\n  spare',
                             'network: {get_param: other}\n  spare')
    steps = [
        TEMPLATE.replace('type: OS::Neutron::Port', 'type: OS::Heat::None'),  # no port
        TEMPLATE,  # the type typed back: the cycle
        other,  # the port on another network
        other.replace('network: {get_param: net}', 'network: {get_param: other}'),  # the subnet too
    ]
    previous = analyze(steps[0], PATH)
    assert cycles(previous) == []
    for text in steps[1:]:  # (each an edit inside one entry)
        previous, how = reanalyze(previous, text, PATH)
        assert how == 'incremental', text
        assert [(d.code, d.message, d.start, d.end) for d in previous.diagnostics] == \
            [(d.code, d.message, d.start, d.end) for d in analyze(text, PATH).diagnostics]
    assert [bool(cycles(analyze(text, PATH))) for text in steps] == [False, True, False, True]


def test_who_may_wait_for_whom_follows_the_types():
    first = analyze(TEMPLATE, PATH)
    made = waiting(first)
    assert made.sources == {'port': ('OS::Neutron::Subnet',)}
    assert made.members == {'OS::Neutron::Subnet': ['subnet']}
    retyped, how = reanalyze(first, TEMPLATE.replace('type: OS::Heat::None',
                                                     'type: OS::Neutron::Port'), PATH)
    assert how == 'incremental'
    assert waiting(retyped).sources == {'port': ('OS::Neutron::Subnet',),
                                        'spare': ('OS::Neutron::Subnet',)}


def test_a_conflict_read_while_ordering_follows_the_other_resources():
    """A port's network and network_id both given: Heat's bare message when a subnet makes
    Port.add_dependencies read the network before validation, the resource's "Property
    error" otherwise; a subnet typed elsewhere changes which, also incrementally."""
    text = '''heat_template_version: 2021-04-16
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network: private
      network_id: private2
  other:
    type: OS::Heat::None
    properties:
      network: private
      cidr: 10.0.0.0/24
'''
    conflict = 'Cannot define the following properties at the same time: network, network_id'

    def messages(analysis):
        return [d.message for d in analysis.diagnostics if d.code == 'HOT730']
    first = analyze(text, PATH)
    assert messages(first) == [f'Property error: resources.port.properties.network: {conflict}']
    typed = text.replace('OS::Heat::None', 'OS::Neutron::Subnet')
    second, how = reanalyze(first, typed, PATH)
    assert how == 'incremental'
    assert messages(second) == messages(analyze(typed, PATH)) == [conflict]


def test_what_the_next_template_of_the_document_keeps_of_the_graph():
    """HOT502's graph and the Waiting are kept for the next template of the document
    (Template.carried): an edit that changes no resource reuses them (the same objects), an
    edit of a resource's value finds only its edges again (the Waiting stays while its type
    does), a retyped resource makes the Waiting again; and every step has the full
    analysis' diagnostics, a cycle made and broken by the edits included."""
    from hot_ls.rules.cycles.circular_dependency import CircularDependency
    from hot_ls.rules.incremental import prepare_for_edits
    apart = TEMPLATE.replace('network: {get_param: net}\n  spare',
                             'network: {get_param: other}\n  spare')
    described = apart.replace('  other:\n    type: string\n',
                              '  other:\n    type: string\n    description: the port\'s\n')
    recidred = described.replace('cidr: 10.0.0.0/24', 'cidr: 10.0.1.0/24')
    looped = recidred.replace('      network: {get_param: other}\n',
                              '      network: {get_param: other}\n    depends_on: subnet\n')
    redescribed = looped.replace("the port's", 'the port')
    retyped = redescribed.replace('type: OS::Heat::None', 'type: OS::Neutron::Port')
    steps = [described, recidred, looped, redescribed, retyped, described]
    previous = analyze(apart, PATH)
    kept = []
    for number, text in enumerate(steps):
        if number % 2:
            prepare_for_edits(previous)  # (what the server does once an analysis is out)
        before = previous.template.carried.get(CircularDependency), waiting(previous)
        previous, how = reanalyze(previous, text, PATH)
        assert how == ('full' if number == 5 else 'incremental'), number
        full = analyze(text, PATH)
        assert [(d.code, d.message, d.start, d.end) for d in previous.diagnostics] == \
            [(d.code, d.message, d.start, d.end) for d in full.diagnostics]
        now = previous.template.carried.get(CircularDependency)
        kept.append((now is not None and before[0] is not None and now.edges is before[0].edges,
                     waiting(previous) is before[1], bool(cycles(previous))))
    assert kept == [
        (True, True, False),  # a parameter's description: the same graph, no look at it
        (False, True, False),  # a subnet's cidr: its edges found again, the same types
        (False, True, True),  # the port depends on the subnet: a cycle
        (True, True, True),  # a parameter again: the cycle found again (not kept)
        (False, False, True),  # spare retyped as a port: its edges, and who waits for whom
        (False, False, False),  # back in one paste of three entries: a full parse, all made
    ]
