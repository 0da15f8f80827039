"""Document symbols, folding ranges, selection ranges and semantic tokens as pure functions."""
from __future__ import annotations

import textwrap

import pytest

from hot_ls.features.folding import folding_ranges
from hot_ls.features.selection import selection_ranges
from hot_ls.features.semantic_tokens import semantic_tokens
from hot_ls.features.symbols import document_symbols
from hot_ls.features.types import SymbolKind, TokenModifier, TokenType
from hot_ls.rules import analyze

TEMPLATE = textwrap.dedent('''\
    heat_template_version: 2021-04-16
    # a comment
    # block
    description: test
    parameter_groups:
      - label: sizes
        parameters: [flavor]
    parameters:
      flavor:
        type: string
    conditions:
      is_prod: {equals: [{get_param: flavor}, big]}
    resources:
      alarm:
        type: OS::Aodh::Alarm
        properties:
          meter_name: {get_param: OS::stack_name}
      server:
        type: OS::Nova::Server
        condition: is_prod
        properties:
          flavor: {get_param: "flavor"}
          user_data: |
            #!/bin/sh
            # not a comment
            # still not
            echo hi
          networks: [
            {port: {get_resource: alarm}}
          ]
    outputs:
      ip:
        value: {get_attr: [server, first_address]}
    ''')
LINES = TEMPLATE.splitlines()


@pytest.fixture(scope='module')
def analysis():
    return analyze(TEMPLATE, '/tmp/nav/structure.yaml')


def text_of(span) -> str:
    return TEMPLATE[span.start:span.end]


# -- document symbols ----------------------------------------------------------------------

def test_outline_sections_and_entries(analysis):
    outline = document_symbols(analysis)
    assert [s.name for s in outline] == ['heat_template_version', 'description', 'parameter_groups',
                                         'parameters', 'conditions', 'resources', 'outputs']
    assert all(s.kind is SymbolKind.SECTION for s in outline)
    assert outline[0].detail == '2021-04-16'
    sections = {s.name: s for s in outline}
    (flavor,) = sections['parameters'].children
    assert (flavor.name, flavor.kind, flavor.detail) == ('flavor', SymbolKind.PARAMETER, 'string')
    assert text_of(flavor.selection) == 'flavor'
    assert text_of(flavor.range) == 'flavor:\n    type: string'
    alarm, server = sections['resources'].children
    assert (alarm.detail, alarm.deprecated) == ('OS::Aodh::Alarm', True)
    assert (server.detail, server.deprecated, server.kind) == ('OS::Nova::Server', False,
                                                              SymbolKind.RESOURCE)
    assert [c.name for c in sections['outputs'].children] == ['ip']
    assert sections['outputs'].children[0].kind is SymbolKind.OUTPUT
    assert [c.kind for c in sections['conditions'].children] == [SymbolKind.CONDITION]
    (group,) = sections['parameter_groups'].children
    assert (group.name, group.kind) == ('sizes', SymbolKind.PARAMETER_GROUP)
    assert [(c.name, text_of(c.selection)) for c in group.children] == [('flavor', 'flavor')]


def test_outline_ranges_contain_their_selection_and_children(analysis):
    def check(symbol, parent=None):
        assert symbol.range.start <= symbol.selection.start <= symbol.selection.end <= symbol.range.end
        if parent is not None:
            assert parent.range.start <= symbol.range.start <= symbol.range.end <= parent.range.end
        assert symbol.name
        for child in symbol.children:
            check(child, symbol)
    for symbol in document_symbols(analysis):
        check(symbol)


def test_outline_of_an_environment():
    text = textwrap.dedent('''\
        resource_registry:
          OS::TripleO::Net: networks/net.yaml
          OS::Old::Alarm: OS::Aodh::Alarm
          resources:
            server:
              OS::Nova::Server: My::Server
              hooks: pre-create
        parameter_defaults:
          NtpServer: [pool.ntp.org]
          Flavor: 'm1.small'
          Notes: >
            one
            two
        parameter_merge_strategies:
          ExtraConfig: merge
        event_sinks: []
        ''')
    analysis = analyze(text, '/tmp/env.yaml')
    outline = document_symbols(analysis)

    def shown(symbols):
        return [(s.name, s.kind.value, s.detail, s.deprecated, shown(s.children))
                if s.children else (s.name, s.kind.value, s.detail, s.deprecated)
                for s in symbols]
    assert shown(outline) == [
        ('resource_registry', 'section', None, False, [
            ('OS::TripleO::Net', 'registry-entry', 'networks/net.yaml', False),
            ('OS::Old::Alarm', 'registry-entry', 'OS::Aodh::Alarm', True),
            ('resources', 'section', None, False, [
                ('server', 'resource', None, False, [
                    ('OS::Nova::Server', 'registry-entry', 'My::Server', False),
                    ('hooks', 'registry-entry', 'pre-create', False)])])]),
        ('parameter_defaults', 'section', None, False, [
            ('NtpServer', 'parameter', 'list of 1', False),
            ('Flavor', 'parameter', "'m1.small'", False),
            ('Notes', 'parameter', '> one two', False)]),
        ('parameter_merge_strategies', 'section', None, False, [
            ('ExtraConfig', 'parameter', 'merge', False)]),
        ('event_sinks', 'section', None, False)]

    def check(symbol, parent=None):
        assert symbol.range.start <= symbol.selection.start <= symbol.selection.end \
            <= symbol.range.end
        assert text[symbol.selection.start:symbol.selection.end] == symbol.name
        if parent is not None:
            assert parent.range.start <= symbol.range.start <= symbol.range.end \
                <= parent.range.end
        for child in symbol.children:
            check(child, symbol)
    for symbol in outline:
        check(symbol)


def test_outline_of_odd_keys_and_aliases():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          "": {type: string}
          1: {type: number}
          null: {}
        resources: &r
          a: {type: OS::Heat::None}
        outputs: *r
        ''')
    outline = document_symbols(analyze(text))
    names = {s.name: s for s in outline}
    assert [c.name for c in names['parameters'].children] == ['""', '1', 'null']
    assert [c.name for c in names['resources'].children] == ['a']
    assert names['outputs'].children == []  # written elsewhere: not in this section's range
    assert isinstance(document_symbols(analyze('a: [')), list)
    assert document_symbols(analyze('just text')) == []


# -- folding ----------------------------------------------------------------------------------

def folds(analysis):
    return {(f.start_line, f.end_line, f.kind) for f in folding_ranges(analysis)}


def test_folding_mappings_sequences_block_scalars_and_comments(analysis):
    found = folds(analysis)
    line = lambda prefix: next(i for i, l in enumerate(LINES) if l.startswith(prefix))
    assert (1, 2, 'comment') in found
    assert (line('resources:'), line('      ]') - 1 + 1, None) in found
    assert (line('  server:'), line('      ]'), None) in found
    assert (line('      user_data: |'), line('        echo hi'), None) in found
    # a flow list whose closing bracket has a line of its own keeps that line visible
    assert (line('      networks: ['), line('      ]') - 1, None) in found
    # lines of the shell script are not comments
    assert not any(kind == 'comment' and start > 2 for start, _, kind in found)
    starts = [f.start_line for f in folding_ranges(analysis)]
    assert starts == sorted(set(starts))  # one range per start line, in order
    assert all(start < end for start, end, _ in found)


def test_folding_json_and_broken_documents():
    text = '{\n  "resources": {\n    "a": {\n      "type": "x"\n    }\n  }\n}\n'
    assert folds(analyze(text)) == {(1, 4, None), (2, 3, None)}
    assert folding_ranges(analyze('a: [\n  b\n')) is not None
    assert folding_ranges(analyze('')) == []


# -- selection ranges --------------------------------------------------------------------------

def test_selection_grows_from_the_word_to_the_document(analysis):
    offset = TEMPLATE.index('get_param: "flavor"') + 13
    (selection,) = selection_ranges(analysis, [offset])
    texts = [text_of(s) for s in selection.spans]
    assert texts[:5] == ['flavor', '"flavor"', 'get_param: "flavor"', '{get_param: "flavor"}',
                         'flavor: {get_param: "flavor"}']
    assert texts[-1] == TEMPLATE
    for inner, outer in zip(selection.spans, selection.spans[1:]):
        assert outer.start <= inner.start and inner.end <= outer.end and inner != outer


def test_selection_of_a_word_inside_a_string(analysis):
    offset = TEMPLATE.index('OS::Nova::Server') + 5
    (selection,) = selection_ranges(analysis, [offset])
    assert [text_of(s) for s in selection.spans][:3] == [
        'Nova', 'OS::Nova::Server', 'type: OS::Nova::Server']


def test_selection_for_several_positions_and_odd_documents(analysis):
    assert len(selection_ranges(analysis, [0, 10, len(TEMPLATE)])) == 3
    for text in ('', 'a: &x [1, 2]\nb: *x\n', 'a: [\n', '? [k]\n: v\n'):
        analysis = analyze(text)
        for offset in range(len(text) + 1):
            (selection,) = selection_ranges(analysis, [offset])
            assert selection.spans[-1].end == len(text)


# -- semantic tokens ------------------------------------------------------------------------------

def tokens(analysis, **kwargs):
    text = analysis.text
    return [(text[t.start:t.end], t.type, set(t.modifiers)) for t in semantic_tokens(analysis, **kwargs)]


def test_tokens_on_names_functions_and_types(analysis):
    found = tokens(analysis)
    D, L, X = TokenModifier.DECLARATION, TokenModifier.DEFAULT_LIBRARY, TokenModifier.DEPRECATED
    assert found[:6] == [
        ('flavor', TokenType.PARAMETER, set()),          # parameter_groups entry
        ('flavor', TokenType.PARAMETER, {D}),            # the definition
        ('is_prod', TokenType.CONDITION, {D}),
        ('equals', TokenType.FUNCTION, {L}),
        ('get_param', TokenType.FUNCTION, {L}),
        ('flavor', TokenType.PARAMETER, set()),
    ]
    assert ('alarm', TokenType.RESOURCE, {D}) in found
    assert ('OS::Aodh::Alarm', TokenType.TYPE, {X}) in found
    assert ('OS::Nova::Server', TokenType.TYPE, set()) in found
    assert ('OS::stack_name', TokenType.PARAMETER, {L}) in found
    assert ('is_prod', TokenType.CONDITION, set()) in found
    assert ('flavor', TokenType.PARAMETER, set()) in found  # the quoted one, without quotes
    assert ('alarm', TokenType.RESOURCE, set()) in found
    assert ('ip', TokenType.OUTPUT, {D}) in found
    assert ('server', TokenType.RESOURCE, set()) == found[-1]
    assert not any(text.startswith('"') for text, _, _ in found)


def test_tokens_are_sorted_single_line_and_disjoint(analysis):
    result = semantic_tokens(analysis)
    for token, following in zip(result, result[1:]):
        assert token.end <= following.start
    assert all('\n' not in TEMPLATE[t.start:t.end] and t.end > t.start for t in result)


def test_tokens_in_a_range(analysis):
    start = TEMPLATE.index('resources:')
    end = TEMPLATE.index('  server:')
    found = tokens(analysis, start=start, end=end)
    assert [text for text, _, _ in found] == ['alarm', 'OS::Aodh::Alarm', 'get_param',
                                              'OS::stack_name']


def test_removed_functions_are_deprecated_and_aliases_skipped():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          p: {type: string, default: &n p}
        resources:
          r:
            type: OS::Heat::None
            properties: {a: {Fn::Select: [0, [1]]}, b: {get_param: *n}}
        ''')
    found = tokens(analyze(text))
    assert ('Fn::Select', TokenType.FUNCTION, {TokenModifier.DEFAULT_LIBRARY,
                                               TokenModifier.DEPRECATED}) in found
    # the aliased scalar is the parameter's default: no token says it is a reference
    assert [t for t in found if t[0] == 'p'] == [('p', TokenType.PARAMETER, {TokenModifier.DECLARATION})]


def test_tokens_inside_an_anchored_block():
    text = textwrap.dedent('''\
        heat_template_version: 2021-04-16
        parameters:
          p: {type: string}
        resources:
          r:
            type: OS::Heat::None
            properties: {a: &v {get_param: p}, b: *v}
        ''')
    found = tokens(analyze(text))
    assert ('p', TokenType.PARAMETER, set()) in found


def test_tokens_skip_multi_line_names():
    text = ('heat_template_version: 2021-04-16\nparameters:\n  p: {type: string}\nresources:\n'
            '  r:\n    type: OS::Heat::None\n    properties:\n      a: {get_param:\n          p}\n'
            '      b: {get_param: "multi\n          line"}\n')
    for token in semantic_tokens(analyze(text)):
        assert '\n' not in text[token.start:token.end]
