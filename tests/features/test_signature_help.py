"""Signature help as a pure function: inside every function's arguments, while typing."""
from __future__ import annotations

import textwrap

import pytest

from hot_ls.features.signature_help import parameter_spans, signature_help
from hot_ls.language import language
from hot_ls.language.function_docs import DOCS
from hot_ls.rules import analyze

HEAD = textwrap.dedent('''\
    heat_template_version: {version}
    parameters:
      flavor: {{type: string, default: m1.small}}
    resources:
      server:
        type: OS::Nova::Server
        properties:
          flavor: {{get_param: flavor}}
    ''')


def help_at(body: str, version: str = '2021-04-16', marker: str = '§', stale=None):
    text = HEAD.format(version=version) + body
    offset = text.index(marker)
    text = text.replace(marker, '', 1)
    analysis = stale if stale is not None else analyze(text, '/tmp/sig.yaml')
    return signature_help(analysis, text, offset)


def active(result):
    """(signature label, active parameter's label)."""
    signature = result.signatures[result.active_signature]
    parameter = (signature.parameters[result.active_parameter]
                 if result.active_parameter is not None else None)
    return signature.label, parameter.label if parameter else None


GET_ATTR = 'get_attr: [<resource_name>, <attribute_name>, <key/index>...]'


def test_get_attr_while_typing_flow_style():
    result = help_at('      image: {get_attr: [server, §')
    assert active(result) == (GET_ATTR, '<attribute_name>')
    assert result.active_parameter == 1
    assert [s.label for s in result.signatures] == [GET_ATTR, 'get_attr: [<resource_name>]']
    parameter = result.signatures[0].parameters[1]
    assert parameter.span == (28, 44) and GET_ATTR[28:44] == '<attribute_name>'
    assert parameter.documentation == '`attribute_name`: The attribute.'
    assert result.signatures[0].documentation == (
        'An attribute of a resource of this template.\n\n'
        'Since HOT 2013-05-23; this template: 2021-04-16 (wallaby).')
    assert active(help_at('      image: {get_attr: [§')) == (GET_ATTR, '<resource_name>')
    assert active(help_at('      image: {get_attr: §')) == (GET_ATTR, '<resource_name>')
    deeper = help_at('      image: {get_attr: [server, networks, private, §')
    assert active(deeper) == (GET_ATTR, '<key/index>...')


def test_block_style_lists_and_maps():
    block = help_at('      image:\n        get_attr:\n          - server\n          - §')
    assert active(block) == (GET_ATTR, '<attribute_name>')
    replace = help_at('      user_data:\n        str_replace:\n          template: x\n'
                      '          params:\n            §')
    assert active(replace) == (
        'str_replace: {template: <string>, params: {<placeholder>: <value>, ...}}',
        'params: {<placeholder>: <value>, ...}')
    assert replace.active_parameter == 1


def test_map_arguments_follow_the_key_being_written():
    label = 'str_replace: {template: <string>, params: {<placeholder>: <value>, ...}}'
    assert active(help_at('      user_data: {str_replace: {template: "echo $x§')) == (
        label, 'template: <string>')
    assert active(help_at('      user_data: {str_replace: {templ§')) == (label, 'template: <string>')
    assert help_at('      user_data: {str_replace: {template: x, params: {$x: §').active_parameter == 1
    url = help_at('      user_data: {make_url: {scheme: https, host: §')
    assert active(url)[1] == 'host:' and url.active_parameter == 3
    repeat = help_at('      user_data: {repeat: {for_each: {x: [1]}, permutations: §')
    assert active(repeat)[1] == 'permutations: <bool>'
    yaql = help_at('      user_data: {yaql: {expression: $.data, data: §')
    assert active(yaql)[1] == 'data: <value>'


def test_get_param_scalar_and_list_forms():
    scalar = help_at('      image: {get_param: §')
    assert active(scalar) == ('get_param: <parameter_name>', '<parameter_name>')
    path = help_at('      image: {get_param: [flavor, §')
    assert active(path) == ('get_param: [<parameter_name>, <key/index>...]', '<key/index>...')
    assert path.active_signature == 1


def test_forms_follow_the_version():
    old = help_at('      image: {get_attr: [server, §', version='2014-10-16')
    assert [s.label for s in old.signatures] == [GET_ATTR]
    assert 'this template: 2014-10-16.' in old.signatures[0].documentation
    join = help_at("      image: {list_join: [',', [a, §", version='2014-10-16')
    assert active(join) == ('list_join: [<delimiter>, [<string>...]]', '[<string>...]')
    join = help_at("      image: {list_join: [',', [a], §")
    assert active(join) == ('list_join: [<delimiter>, [<item>...], [<item>...]...]',
                            '[<item>...]...')
    nullable = help_at('      image: {if: [c, a, §')
    assert nullable.signatures[0].parameters[2].documentation.startswith(
        '`value_if_false`: Optional')
    removed = help_at('      image: {Fn::Select: [0, §', version='2016-10-14')
    assert removed.signatures[0].documentation.endswith(
        'Removed from HOT 2015-10-15: Heat refuses it in this template. '
        'Since HOT 2013-05-23; this template: 2016-10-14 (newton).')


def test_conditions_and_contexts():
    condition = help_at('conditions:\n  c: {equals: [{get_param: flavor}, §')
    assert active(condition) == ('equals: [<value_1>, <value_2>]', '<value_2>')
    assert help_at('      image: {equals: [a, §') is None  # plain data outside conditions
    both = help_at('conditions:\n  c: {and: [a, §')
    assert active(both) == ('and: [<condition>, <condition>...]', '<condition>, <condition>...')
    assert help_at('      image: §') is None
    assert help_at('parameters_x: {get_param: §') is None
    assert help_at('      user_data: |\n        {get_param: §') is None
    assert help_at('      image: {str_split: [",", {get_param: §')  # the innermost call
    assert active(help_at('      image: {str_split: [",", {get_param: §'))[0] == \
        'get_param: <parameter_name>'


def test_a_stale_analysis_and_no_analysis():
    stale = analyze(HEAD.format(version='2015-10-15'))
    # the text's version is newer than the stale analysis's: the analysis wins, as in completion
    result = help_at('      image: {get_attr: [server, §', stale=stale)
    assert len(result.signatures) == 2
    text = 'heat_template_version: 2014-10-16\nresources:\n  r:\n    properties:\n      a: {get_attr: [r, '
    assert len(signature_help(None, text, len(text)).signatures) == 1
    assert signature_help(None, 'a: {get_attr: [', 15) is None  # no section: nothing live


def test_every_form_locates_each_parameter_in_its_label():
    for doc in DOCS.values():
        for forms in doc.signatures.values():
            for form in forms:
                spans = parameter_spans(form.label, form.parameters)
                assert None not in spans, (doc.name, form.label)
                previous = 0
                for span in spans:
                    assert previous <= span[0] < span[1] <= len(form.label), (doc.name, form.label)
                    previous = span[1]


def test_every_function_in_every_version_has_signatures():
    lang = language()
    for version in lang.hot_versions:
        for name in sorted(version.functions):
            result = help_at(f'      image: {{"{name}": [a, §', version=version.version)
            assert result is not None, (version.version, name)
            assert result.active_parameter is not None
            signature = result.signatures[result.active_signature]
            assert f'Since HOT {lang.first_version_with(name)}' in signature.documentation
            for parameter in signature.parameters:
                assert signature.label[parameter.span[0]:parameter.span[1]] == parameter.label
        if version.has_conditions:
            for name, impl in version.condition_context.items():
                if impl in ('Invalid', 'Removed'):
                    continue
                result = help_at(f'conditions:\n  c: {{"{name}": [a, §', version=version.version)
                assert result is not None, (version.version, name)


@pytest.mark.parametrize('label,parameters,expected', [
    ('f: <a>', ('a',), ['<a>']),
    ('f: [<a>, [<b>, <c>], {d: e}]', ('a', 'b', 'd'), ['<a>', '[<b>, <c>]', '{d: e}']),
    ('f: [<a>, <a>...]', ('all',), ['<a>, <a>...']),
    ('f: [<a>, <b>, <c>...]', ('a', 'rest'), ['<a>', '<b>, <c>...']),
    ('f: {x: <a>, y: {<b>: <c>}}', ('y', 'x'), ['y: {<b>: <c>}', 'x: <a>']),
])
def test_parameter_spans(label, parameters, expected):
    assert [label[s[0]:s[1]] for s in parameter_spans(label, parameters)] == expected


def test_not_inside_block_scalars():
    assert help_at('      user_data: |\n        #!/bin/sh\n          deeper\n        {get_param: §') is None
    assert help_at('      user_data: >-\n        text\n          {get_param: §') is None
    assert help_at('      a:\n        - |\n          {get_param: §') is None
    after = help_at('      user_data: |\n        text\n      image: {get_param: §')
    assert active(after)[0] == 'get_param: <parameter_name>'
    assert help_at('      a: b |\n      c: {get_param: §') is not None
