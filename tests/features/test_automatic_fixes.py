"""automatic_fixes: the quick fixes `check --fix` applies without asking (pure, no files)."""
from __future__ import annotations

from textwrap import dedent

from hot_ls.features.automatic_fixes import automatic_fixes
from hot_ls.rules import analyze

PATH = '/nonexistent/auto.yaml'


def chosen(text: str) -> list[str]:
    return [action.title for action in automatic_fixes(analyze(dedent(text), PATH))]


def test_one_close_name_is_taken_three_are_left():
    assert chosen('''
        heat_template_version: 2021-04-16
        resources:
          a:
            type: OS::Neutron::FloatingIP
            properties: {floating_network: public, dns_nme: x}
          b:
            type: OS::Neutron::FloatingIP
            properties: {floating_network: public, floating_subnt: s}
        ''') == ['Change "dns_nme" to "dns_name"']


def test_a_misspelt_parameter_is_renamed_not_declared():
    """Declaring the misspelt name is offered too, but invents a parameter: only the rename
    keeps what was meant."""
    assert chosen('''
        heat_template_version: 2021-04-16
        parameters:
          flavor: {type: string}
        resources:
          s:
            type: OS::Heat::Value
            properties: {value: {get_param: flavour}}
        ''') == ['Change "flavour" to "flavor"']


def test_two_readings_of_one_name_are_left_to_the_user():
    """`port` is a resource (get_resource?) and close to the parameter `ports` (a typo?)."""
    assert chosen('''
        heat_template_version: 2021-04-16
        parameters:
          ports: {type: string}
        resources:
          port: {type: OS::Heat::None}
          s:
            type: OS::Heat::Value
            properties: {value: {get_param: port}}
        ''') == []


def test_what_would_invent_content_is_never_applied():
    """A missing required property gets a placeholder in the editor's quick fix; a parameter
    without a type, a guessed type: neither is applied without asking."""
    assert chosen('''
        heat_template_version: 2021-04-16
        parameters:
          image: {description: the image}
        resources:
          volume:
            type: OS::Cinder::VolumeAttachment
            properties: {instance_uuid: {get_param: image}}
        ''') == []


def test_one_edit_for_two_diagnostics_of_one_key():
    """`flavour`: HOT703 (flavor missing) and HOT702 (unknown flavour) have the same rename."""
    assert chosen('''
        heat_template_version: 2021-04-16
        resources:
          server:
            type: OS::Nova::Server
            properties: {image: cirros, flavour: m1.small}
        ''') == ['Change "flavour" to "flavor"']


def test_the_version_everything_needs_and_no_partial_raise():
    """The diagnostic whose own version is the latest needed offers one raise: taken.  The
    others offer two (theirs, and the latest): left."""
    titles = chosen('''
        heat_template_version: 2016-04-08
        parameters:
          p: {type: string, default: a, tags: [x]}
        resources:
          r:
            type: OS::Heat::Value
            properties: {value: {list_concat: [[1], [2]]}}
        ''')
    assert titles == ['Raise heat_template_version to 2018-03-02, which 2 diagnostics need']


def test_a_loose_did_you_mean_is_offered_but_not_applied():
    """From real templates: a reference to a resource that is not there, whose one close name
    is another resource; renaming would only make it refer to something else."""
    text = '''
        heat_template_version: 2021-04-16
        resources:
          baremetal_ports: {type: OS::Heat::None}
          bmc: {type: OS::Heat::None}
          port_value:
            type: OS::Heat::Value
            properties: {value: {get_resource: bmc_port}}
        '''
    analysis = analyze(dedent(text), PATH)
    [diagnostic] = analysis.diagnostics
    assert diagnostic.data == {'replacements': ['baremetal_ports']}
    assert chosen(text) == []


def test_case_and_a_swap_are_typos():
    assert chosen('''
        heat_template_version: 2021-04-16
        resources:
          rule:
            type: OS::Neutron::SecurityGroupRule
            properties: {security_group: sg, protocol: TCP}
          other:
            tpye: OS::Heat::None
        ''') == ['Change "TCP" to "tcp"', 'Change "tpye" to "type"']


def test_a_syntax_fix_is_kept_whatever_the_reading_then_reveals():
    """The tab hides the volume's properties from the parser; once fixed, their own problems
    show (an undeclared parameter): still the better document."""
    from hot_ls.features.automatic_fixes import fix_all_action, fix_repeatedly, line_edits
    text = dedent('''
        heat_template_version: 2021-04-16
        resources:
          volume:
        \ttype: OS::Cinder::Volume
            properties: {size: {get_param: size}}
        ''')
    analysis = analyze(text, PATH)
    assert [d.code for d in analysis.diagnostics if d.code == 'HOT301'] == []
    fixed, done = fix_repeatedly(analysis, lambda new: analyze(new, PATH))
    assert [(one.code, one.title, one.line, one.column) for one in done] == [
        ('HOT001', 'Indent with spaces instead of a tab', 4, 0)]
    assert [d.code for d in fixed.diagnostics] == ['HOT301']
    action = fix_all_action(analysis, lambda new: analyze(new, PATH))
    assert (action.kind, action.title) == ('source.fixAll.hot-ls',
                                           'Fix what has one reading (1 fix)')
    assert [(e.start, e.end, e.new_text) for e in action.edits] == [
        (text.index('\t'), text.index('\t') + len('\ttype: OS::Cinder::Volume\n'),
         '    type: OS::Cinder::Volume\n')]
    assert line_edits('a\nb\n', 'a\nb\n') == []
