"""Hostile inputs, each with the bound that makes it cheap.

No test asserts on time (benchmarks print figures; the fuzz run reports its
slowest input): each asserts the structural bound itself, that the work
stops where the limit says, and the answer the user gets there, from
`hot-ls check` and from the editor's features alike.
"""
from __future__ import annotations

import sys

import pytest

from helpers import codes
from hot_ls.evaluator import TemplateEvaluation
from hot_ls.evaluator.errors import MAX_ITEMS, MAX_STRING
from hot_ls.evaluator.time_limit import YAQL_SECONDS
from hot_ls.features import completion, evaluation, folding, hover, references, selection
from hot_ls.features import nesting, semantic_tokens, symbols
from hot_ls.language import language
from hot_ls.language.limits import MAX_DEPTH
from hot_ls.model import walker as model_walker
from hot_ls.model.cycles import SHOWN
from hot_ls.rules import analyze, analyze_file
from hot_ls.syntax import yaml_builder
from hot_ls.syntax.skim import SIZE_LIMIT
from hot_ls.syntax.yaml_builder import DEPTH_LIMIT

sys.path.insert(0, __file__.rsplit('/', 2)[0] + '/evaluator')
from test_billion_laughs import laughs  # noqa: E402

HOT = 'heat_template_version: 2021-04-16\n'


def nested_list_join(depth: int) -> str:
    return (HOT + 'outputs:\n  o:\n    value: ' + '{list_join: [",", [' * depth + 'x'
            + ']]}' * depth + '\n')


def features_answer_nothing(analysis) -> None:
    """What the editor gets on a document read no further than its syntax: no model."""
    text = analysis.text
    offsets = [0, len(text) // 2, len(text)]
    assert analysis.template is None and analysis.evaluation is None
    assert symbols.document_symbols(analysis) == []
    assert semantic_tokens.semantic_tokens(analysis) == []
    assert evaluation.value_hints(analysis) == []
    for offset in offsets:
        assert hover.hover(analysis, offset) is None
        assert references.references(analysis, offset, True) == []
        completion.complete(analysis, text, offset, analysis.tree.lines)
    folding.folding_ranges(analysis)
    selection.selection_ranges(analysis, offsets)


# -- nesting ---------------------------------------------------------------------------

@pytest.mark.parametrize('depth', [500, 10_000, 20_000])
def test_deep_nesting_is_one_diagnostic_and_the_parse_stops_at_the_limit(depth, monkeypatch):
    """10,000 nested list_join took 6.6 s to check, 20,000 took 31 s (the parser's time grows
    with the square of the depth), and the features failed with RecursionError while the
    check said HOT008: now the parse stops at DEPTH_LIMIT, and both say the same."""
    opened = []
    original = yaml_builder._Hooks.opened
    monkeypatch.setattr(yaml_builder._Hooks, 'opened',
                        lambda self: (opened.append(1), original(self))[1])
    analysis = analyze(nested_list_join(depth))
    assert len(opened) <= DEPTH_LIMIT + 1  # what the parser built, whatever the depth
    [diagnostic] = analysis.diagnostics
    assert diagnostic.code == 'HOT008'
    if 3 * depth + 2 > DEPTH_LIMIT:
        assert diagnostic.message.startswith(f'The document nests more than {DEPTH_LIMIT} '
                                             'levels deep')
    else:
        assert diagnostic.message.startswith(f'The document nests {3 * depth + 3} levels deep')
    assert f'fails beyond about {MAX_DEPTH}' in diagnostic.message
    features_answer_nothing(analysis)


def test_the_cross_file_features_answer_nothing_on_a_document_read_no_further(tmp_path):
    """Too deep to model: on a resource's `type:`, the call hierarchy, type references and
    rename answer nothing, and completion offers Heat's types only (they read the model)."""
    from hot_ls.features.rename import prepare_rename
    text = (HOT + 'resources:\n  r:\n    type: My::Type\n  s:\n    type: x.yaml\n'
            + nested_list_join(2000)[len(HOT):])
    path = str(tmp_path / 'deep.yaml')
    analysis = analyze(text, path)
    assert analysis.template is None and codes(analysis) == ['HOT008']
    for needle in ('My::Type', 'x.yaml'):
        offset = text.index(needle) + 2
        assert nesting.prepare_at(analysis, offset) is None
        assert references.references(analysis, offset, True) == []
        assert prepare_rename(analysis, offset) is None
    offset = text.index('My::Type') + 2  # (Heat's types only: no stack to map any)
    items = completion.complete(analysis, text, offset).items
    assert items and not any((i.detail or '').startswith('→') for i in items)


def test_deep_get_param_paths_are_cheap():
    """A get_param path of 20,000 keys, and 2,000 get_params nested in each other's paths."""
    flat = (HOT + 'parameters:\n  p: {type: json}\noutputs:\n  o:\n    value: {get_param: [p'
            + ', a' * 20_000 + ']}\n')
    analysis = analyze(flat)
    assert codes(analysis) == []
    assert len(analysis.template.references) == 1
    nested = (HOT + 'parameters:\n  p: {type: json}\noutputs:\n  o:\n    value: '
              + '{get_param: [p, ' * 2000 + 'a' + ']}' * 2000 + '\n')
    analysis = analyze(nested)
    assert codes(analysis) == ['HOT008']
    features_answer_nothing(analysis)


# -- size --------------------------------------------------------------------------------

def test_a_50_mb_template_is_skimmed_and_said_too_large_once(tmp_path, monkeypatch):
    """Heat refuses a template over max_template_size before reading it; a document over
    any request Heat reads (1 MiB) is never parsed: its top-level keys say what it is."""
    assert SIZE_LIMIT == 1048576 and language().max_template_size == 524288
    body = ''.join(f'  r{i}:\n    type: OS::Heat::None\n    properties: {{a: [1, 2]}}\n'
                   for i in range(850_000))
    path = tmp_path / 'huge.yaml'
    path.write_text(HOT + 'resources:\n' + body, encoding='utf-8')
    size = len(HOT + 'resources:\n' + body)
    assert size > 50 * 1024 * 1024
    built = []
    monkeypatch.setattr(yaml_builder, 'build', lambda *a, **k: built.append(a))
    analysis = analyze_file(str(path))
    assert built == []  # never parsed
    assert analysis.tree.skimmed and list(analysis.tree.root.index) == [
        'heat_template_version', 'resources']
    assert [(d.code, d.message) for d in analysis.diagnostics] == [
        ('HOT007', f'Template size ({size} bytes) exceeds maximum allowed size (524288 bytes).')]
    features_answer_nothing(analysis)


def test_a_large_environment_and_large_yaml_that_is_not_heat(tmp_path):
    env = tmp_path / 'env.yaml'
    env.write_text('parameter_defaults:\n' + ''.join(f'  p{i}: {i}\n' for i in range(150_000)),
                   encoding='utf-8')
    analysis = analyze_file(str(env))
    [diagnostic] = analysis.diagnostics
    assert diagnostic.code == 'HOT007'
    assert diagnostic.message == (
        f'The environment is {len(analysis.text)} characters long: larger than any request '
        'Heat reads (1048576 bytes, max_json_body_size), so hot-ls did not read it.')
    data = tmp_path / 'data.yaml'
    data.write_text(''.join(f'k{i}: {i}\n' for i in range(150_000)), encoding='utf-8')
    [diagnostic] = analyze_file(str(data)).diagnostics  # named for checking: what it is
    assert (diagnostic.code, diagnostic.message) == (
        'HOT011', f'Not a Heat template or environment: none of the top-level keys of its '
                  f'{data.stat().st_size} characters is a section of one (hot-ls reads no further '
                  'in a document over 1 MiB); hot-ls checks only Heat documents.')


def test_a_template_between_heats_two_limits_is_checked_whole():
    """Over max_template_size, under the request limit: HOT007, and every other check."""
    padding = 'x' * 600_000
    text = HOT + f'description: "{padding}"\nresources:\n  r: {{type: OS::Nova::Nope}}\n'
    assert {'HOT007', 'HOT701'} <= set(codes(analyze(text)))


def test_very_long_lines():
    line = HOT + 'resources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: "' \
        + 'é😀' * 200_000 + '"\n      nope: 1\n'
    analysis = analyze(line)
    assert codes(analysis) == ['HOT702']
    assert analysis.template.resources['r'] is not None


# -- bytes -------------------------------------------------------------------------------

def test_nul_bytes_are_one_syntax_error():
    """Heat's loader stops at the first; every line holding one is blanked at once (not one
    re-parse each), and the rest of the template is still checked."""
    resources = ''.join(f'  r{i}: {{type: OS::Heat::None}}\x00\n' for i in range(50))
    text = HOT + 'resources:\n' + resources + '  bad: {type: OS::Nova::Nope}\n'
    analysis = analyze(text)
    assert [(d.code, d.message, d.start) for d in analysis.diagnostics] == [
        ('HOT001', 'YAML syntax error: unacceptable character #x0000: control characters are '
                   'not allowed (50 such characters on 50 lines)', text.index('\x00')),
        ('HOT701', 'The Resource Type (OS::Nova::Nope) could not be found; did you mean '
                   '"OS::Nova::Quota"?', text.index('OS::Nova::Nope'))]
    [diagnostic] = analyze(HOT + 'description: "a\x00b\x00"\n' + '\x00' * 1000).diagnostics
    assert diagnostic.message.endswith('not allowed (1002 such characters on 2 lines)')


def test_invalid_utf8_is_one_diagnostic(tmp_path):
    path = tmp_path / 'latin1.yaml'
    path.write_bytes(HOT.encode() + b'description: caf\xe9\n' + b'\xff\xfe' * 1000)
    analysis = analyze_file(str(path))
    assert codes(analysis) == ['HOT000']


# -- the evaluator -----------------------------------------------------------------------

def test_an_alias_bomb_whose_leaves_are_calls_costs_its_size(monkeypatch):
    """9**7 get_param leaves through 8 levels of aliases: took 101 s to check."""
    walked = []
    original = model_walker.Walker._walk_node
    monkeypatch.setattr(model_walker.Walker, '_walk_node',
                        lambda self, *a: (walked.append(1), original(self, *a))[1])
    analysis = analyze(laughs('{get_param: p}', depth=7), 'laughs.yaml')
    assert len(walked) < 200
    assert sorted(c.name for c in analysis.template.calls) == ['get_param', 'list_join']
    assert codes(analysis) == []
    preview = evaluation.preview(analysis)
    assert 'hot-ls does not evaluate this value' in str(preview['outputs']['o'])
    features_answer_nothing_but_work(analysis)


def features_answer_nothing_but_work(analysis) -> None:
    semantic_tokens.semantic_tokens(analysis)
    evaluation.value_hints(analysis)
    hover.hover(analysis, len(analysis.text) - 5)


def _output(template: str):
    analysis = analyze(HOT + 'outputs:\n  o:\n    value:\n' + template)
    return analysis, TemplateEvaluation.complete(analysis.template).output('o').value


def test_repeat_over_a_huge_product_is_not_computed():
    for_each = ''.join(f'          <%{k}%>: [' + ', '.join(f'"{i}"' for i in range(100)) + ']\n'
                       for k in 'abcd')
    analysis, value = _output('      repeat:\n        template: <%a%><%b%><%c%><%d%>\n'
                              '        for_each:\n' + for_each)
    assert codes(analysis) == []
    assert value.error.message == (f'hot-ls does not evaluate this value: repeat would make a list '
                                f'of 100000000 items, more than {MAX_ITEMS}')


def test_repeat_still_fails_as_heat_does_on_its_first_item():
    for_each = ''.join(f'          <%{k}%>: [' + ', '.join(str(i) for i in range(100)) + ']\n'
                       for k in 'abcd')
    analysis, value = _output('      repeat:\n        template: <%a%>\n        for_each:\n'
                              + for_each)
    assert [(d.code, d.message) for d in analysis.diagnostics] == [
        ('HOT802', 'replace() argument 2 must be str, not int (output "o" will have no value)')]


def test_str_replace_growing_past_the_string_limit_is_not_computed():
    inner = '{str_replace: {template: "' + 'a' * 1000 + '", params: {a: "' + 'b' * 1000 + '"}}}'
    analysis, value = _output('      str_replace:\n        template: ' + inner
                              + '\n        params: {b: "' + 'c' * 100 + '"}\n')
    assert codes(analysis) == []
    assert value.error.message.startswith('hot-ls does not evaluate this value: joining would make '
                                       'a string of 100000000 characters, more than '
                                       f'{MAX_STRING}')


def test_str_replace_with_thousands_of_params_fails_as_heat_does():
    """Heat replaces one parameter per level of recursion: thousands of them exceed Python's
    recursion limit, in Heat and here."""
    params = ''.join(f'          p{i}: v{i}\n' for i in range(5000))
    analysis, value = _output('      str_replace:\n        template: "' + ' '.join(
        f'p{i}' for i in range(5000)) + '"\n        params:\n' + params)
    assert 'maximum recursion depth exceeded' in value.error.message


@pytest.mark.parametrize('expression, message', [
    ('range(0, 100000000).select($ * 2).sum()', 'Collection length exceeds 200 elements'),
    ('let(x => "a" * 100000000) -> $x', 'Expression consumed too much memory'),
])
def test_yaql_within_heats_limits(expression, message):
    analysis, value = _output(f'      yaql:\n        expression: \'{expression}\'\n'
                              '        data: {}\n')
    assert value.error.message == message
    assert [d.message for d in analysis.diagnostics] == [
        f'{message} (output "o" will have no value)']


def test_yaql_that_loops_within_heats_limits_is_stopped():
    expression = 'range(200).select(range(200).select(range(100).sum()).sum()).sum()'
    analysis, value = _output(f'      yaql:\n        expression: \'{expression}\'\n'
                              '        data: {}\n')
    assert codes(analysis) == []
    assert value.error.message == (
        f'hot-ls does not evaluate this value: the yaql expression runs for more than '
        f'{YAQL_SECONDS:g} s (within Heat\'s limits of collection length and memory: Heat would '
        'run it to the end)')


@pytest.mark.parametrize('size', [500, 5000])
def test_conditions_that_refer_to_each_other(size):
    """Conditions in a ring: one diagnostic per reference, each naming at most SHOWN steps of
    the cycle and pointing at SHOWN others (each named the whole ring: 2,000 took 8 s)."""
    conditions = ''.join(f'  c{i}: {{not: c{(i + 1) % size}}}\n' for i in range(size))
    analysis = analyze(HOT + 'conditions:\n' + conditions
                       + 'resources:\n  r: {type: OS::Heat::None, condition: c0}\n')
    assert codes(analysis) == ['HOT501'] * size
    first = analysis.diagnostics[0]
    assert first.message == ('Circular definition for condition "c0": c0 -> c1 -> c2 -> c3 -> '
                             'c4 -> c5 -> c6 -> c7 -> c8 -> c9 -> ... '
                             f'({size + 1 - SHOWN} more) -> c{size - 9} -> c{size - 8} -> '
                             f'c{size - 7} -> c{size - 6} -> c{size - 5} -> c{size - 4} -> '
                             f'c{size - 3} -> c{size - 2} -> c{size - 1} -> c0')
    assert [r.message for r in first.related] == [f'c{i} refers to c{i + 1}'
                                                  for i in range(1, SHOWN + 1)]
    assert all(len(d.related) == SHOWN for d in analysis.diagnostics)


def test_resources_that_depend_on_each_other_in_a_long_ring():
    size = 1000
    resources = ''.join(f'  r{i}: {{type: OS::Heat::None, depends_on: r{(i + 1) % size}}}\n'
                        for i in range(size))
    analysis = analyze(HOT + 'resources:\n' + resources)
    assert codes(analysis) == ['HOT502'] * size
    assert analysis.diagnostics[0].message.startswith(
        'Circular Dependency Found: r0 -> r1 -> r2 -> r3 -> r4 -> r5 -> r6 -> r7 -> r8 -> r9 '
        f'-> ... ({size + 1 - SHOWN} more) -> r{size - 9} -> ')
    assert all(len(d.related) == SHOWN for d in analysis.diagnostics)


def test_a_long_chain_of_conditions():
    """2,000 conditions each defined by the next: no internal error (the constant folding
    recursed once per link), and the resource's condition is still evaluated as Heat would."""
    size = 2000
    conditions = ''.join(f'  c{i}: {{not: c{i + 1}}}\n' for i in range(size))
    analysis = analyze(HOT + 'conditions:\n' + conditions + f'  c{size}: true\n'
                       + 'resources:\n  r: {type: OS::Heat::None, condition: c0}\n'
                       + 'outputs:\n  o: {value: {get_resource: r}}\n')
    assert 'HOT009' not in codes(analysis)


def test_nested_templates_that_include_each_other(tmp_path):
    (tmp_path / 'a.yaml').write_text(HOT + 'resources:\n  b: {type: b.yaml}\n', encoding='utf-8')
    (tmp_path / 'b.yaml').write_text(HOT + 'resources:\n  a: {type: a.yaml}\n', encoding='utf-8')
    analysis = analyze_file(str(tmp_path / 'a.yaml'))
    assert [(d.code, d.message) for d in analysis.diagnostics] == [
        ('HOT606', 'Recursion depth exceeds 5.  The template reaches itself: '
                   'b.yaml -> a.yaml -> b.yaml')]
