"""The incremental analysis is the full one: over editing sessions of real templates.

After every edit (typing, deleting, pasting a line, undoing) the analysis made
from the previous one (`rules.incremental.reanalyze`: one entry re-parsed, only
the entries the edit affects checked) equals `analyze` of the text from
scratch: the tree, every diagnostic (code, severity, message, range, related
information, tags, quick-fix data, in order), the model's definitions, the
document symbols, the evaluation (the preview and the value hints), and the
summary the workspace keeps of it.

The editing sessions are random; each kind of dependency an entry has (and
whose change must have it checked again) is also held by an exact case below,
which checks that the edit was made incrementally, that it checked the
entries it had to and not the others, and that the result is the full one.
"""
from __future__ import annotations

import json
import sys

import pytest

from hot_ls.analysis import allow_deep_recursion
from hot_ls.features.evaluation import preview, value_hints
from hot_ls.features.symbols import document_symbols
from hot_ls.rules import analyze
from hot_ls.rules.incremental import prepare_for_edits, reanalyze

hypothesis = pytest.importorskip('hypothesis')

from helpers import needs_corpus  # noqa: E402
from edits import SAMPLE, aliased_sample, read, session  # noqa: E402

ALIASED = aliased_sample() if SAMPLE else []

sys.path.insert(0, __file__.rsplit('/rules/', 1)[0] + '/syntax')
from tree_signature import tree_signature  # noqa: E402

allow_deep_recursion()  # as analyze does: hypothesis wants the limit unchanged by a test


def diagnostics(analysis) -> list[tuple]:
    return [(d.code, d.name, int(d.severity), d.message, d.start, d.end,
             [(r.start, r.end, r.message) for r in d.related], d.tags, d.data)
            for d in analysis.diagnostics]


def symbols(analysis) -> list[tuple]:
    template = analysis.template
    if template is None:
        return []
    return [(kind, name, definition.key.start, definition.key.end, definition.body.end)
            for kind in ('parameter', 'resource', 'condition', 'output')
            for name, definition in template.definitions(kind).items()]


def evaluation(analysis) -> tuple:
    """The preview and the value hints, as text (values that are not JSON as their str)."""
    return (json.dumps(preview(analysis), sort_keys=True, default=str),
            [(hint.offset, hint.label, hint.tooltip) for hint in value_hints(analysis)])


def summary(analysis) -> tuple:
    """What the workspace keeps of it (a parameter's schema by what it says: its interface)."""
    kept = analysis.summary
    template = kept.template
    if template is None:
        return (kept.kind, kept.interface_key())
    return (kept.kind, kept.interface_key(), template.version, template.description,
            [(info.name, info.span, info.description) for info in template.parameters.values()],
            list(template.outputs.values()), template.resources, template.files,
            template.capabilities, template.capabilities_span)


def same(incremental, full) -> None:
    assert tree_signature(incremental.tree) == tree_signature(full.tree)
    assert incremental.kind == full.kind
    assert diagnostics(incremental) == diagnostics(full)
    assert symbols(incremental) == symbols(full)
    assert document_symbols(incremental) == document_symbols(full)
    assert evaluation(incremental) == evaluation(full)
    assert summary(incremental) == summary(full)


@needs_corpus
@hypothesis.given(session(steps=6), hypothesis.strategies.booleans())
def test_every_step_of_an_editing_session_is_the_full_analysis(drawn, prepared):
    """Editing sessions of corpus templates: every incremental analysis is the full one,
    with each analysis prepared for the next edit (as the server does once it is out:
    rules.incremental.prepare_for_edits), or not."""
    path, texts = drawn
    previous = analyze(read(path), path)
    for text in texts:
        if prepared:
            prepare_for_edits(previous)
        incremental, _ = reanalyze(previous, text, path)
        same(incremental, analyze(text, path))
        previous = incremental


@needs_corpus
@hypothesis.given(session(steps=6, sample=ALIASED), hypothesis.strategies.booleans())
def test_every_step_of_an_editing_session_with_aliases_is_the_full_analysis(drawn, prepared):
    """The same in templates with YAML aliases (TripleO's services), whose entries' records
    are taken over when each entry's aliases name its own nodes."""
    test_every_step_of_an_editing_session_is_the_full_analysis.hypothesis.inner_test(
        drawn, prepared)


def test_how_the_analysis_was_made():
    text = 'heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::None\n'
    first = analyze(text)
    typed = text.replace('None', 'Nonee')
    second, how = reanalyze(first, typed)
    assert how == 'incremental' and first.tree.consumed
    assert [d.code for d in second.diagnostics] == ['HOT701']  # an unknown type
    third, how = reanalyze(first, typed + 'x')  # a consumed tree: a full parse
    assert how == 'full' and not third.tree.consumed
    assert reanalyze(None, text)[1] == 'full'
    assert second.incremental and not third.incremental and not first.incremental
    # an environment's too (the server's debounce expects what a spliced analysis costs)
    environment = analyze('parameter_defaults:\n  a: 1\n  b: 2\n', '/nowhere/env.yaml')
    edited, how = reanalyze(environment, 'parameter_defaults:\n  a: 1\n  b: 3\n',
                            '/nowhere/env.yaml')
    assert how == 'incremental' and edited.incremental and edited.template is None


def checked(analysis) -> set[tuple]:
    """The entries the per-entry rules looked at (every entry: None)."""
    checking = analysis.checking
    if checking.everything:
        return None
    return {(section, definition.name)
            for section in ('parameters', 'resources', 'outputs', 'conditions')
            for definition in checking.definitions(section)}


BASE = '''heat_template_version: 2021-04-16
parameters:
  size:
    type: number
    default: 1
  server_name:
    type: string
    default: vm
  which:
    type: string
    default: size
conditions:
  big: {equals: [{get_param: size}, 2]}
  lonely: {equals: [{get_param: nowhere}, 1]}
  odd: {get_param: size}
resources:
  vm:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.small
      user_data_format: RAW
  deploy:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: cfg
      server: {get_param: server_name}
  volume:
    type: OS::Cinder::Volume
    condition: big
    properties:
      size: {get_param: size}
  holder:
    type: OS::Heat::Value
    properties:
      value: {get_resource: volum}
  computed:
    type: OS::Heat::Value
    properties:
      value: {get_param: {get_param: which}}
  spare:
    type: OS::Heat::None
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def:
        type: OS::Heat::RandomString
outputs:
  size:
    value: {get_attr: [volume, size]}
  name:
    value: {get_param: server_name}
  strings:
    value: {get_attr: [group, value]}
'''

#: BASE with a parameter's description and label
DESCRIBED = BASE.replace('    type: number\n', '    type: number\n    label: Size\n'
                         '    description: how large\n')

#: BASE with a resource whose aliases name its own nodes (TripleO's services have them)
ALIASED = BASE.replace('  spare:\n', '''  twice:
    type: OS::Heat::Value
    properties:
      value:
        a: &sized {get_param: size}
        b: *sized
  spare:
''')

#: BASE with a "billion laughs" in one resource: a value of a million nodes once expanded
BOMB = BASE.replace('  spare:\n', '  laughs:\n    type: OS::Heat::Value\n    properties:\n'
                    '      value:\n        l0: &l0 [{get_param: size}, 1, 2, 3, 4, 5, 6, 7, 8, 9]\n'
                    + ''.join(f'        l{i}: &l{i} [{", ".join([f"*l{i - 1}"] * 10)}]\n'
                              for i in range(1, 6))
                    + '  spare:\n')

# (what the edit does, the text before, the text after, the entries it must check)
CASES = [
    ('a property value: that resource alone', BASE,
     BASE.replace('{get_resource: volum}', '{get_resource: volumz}'), {('resources', 'holder')}),
    ('a parameter: what reads it, and what reads those', BASE,
     BASE.replace('default: 1\n', 'default: 2\n'),
     {('parameters', 'size'), ('conditions', 'big'), ('conditions', 'odd'),
      ('resources', 'volume'), ('outputs', 'size'), ('resources', 'computed')}),
    ('a resource a deployment finds by a name it computes (resource_by_refid)', BASE,
     BASE.replace('user_data_format: RAW', 'user_data_format: SOFTWARE_CONFIG'),
     {('resources', 'vm'), ('resources', 'deploy')}),
    ('a resource named like a missing one: the suggestion', BASE,
     BASE.replace('  spare:\n', '  volumx:\n'),
     {('resources', 'volumx'), ('resources', 'holder')}),
    ('a condition used at last: its "never used"', BASE,
     BASE.replace('    type: OS::Heat::None\n', '    type: OS::Heat::None\n    condition: lonely\n'),
     {('resources', 'spare'), ('conditions', 'lonely')}),
    ('a condition named at last where Heat never evaluates it: its "never used"', BASE,
     BASE + '  maybe:\n    condition: false\n    value: {if: [lonely, 1, 2]}\n',
     {('outputs', 'maybe'), ('conditions', 'lonely')}),
    ('a condition Heat evaluates at last: its evaluation error', BASE,
     BASE.replace('    type: OS::Heat::None\n', '    type: OS::Heat::None\n    condition: odd\n'),
     {('resources', 'spare'), ('conditions', 'odd')}),
    ('a new entry: the others move (and what names a missing resource is checked again)', BASE,
     BASE.replace('resources:\n', 'resources:\n  first:\n    type: OS::Heat::None\n'),
     {('resources', 'first'), ('resources', 'holder')}),
    ('a resource\'s property: not what names it (what it shows them is the same)', BASE,
     BASE.replace('size: {get_param: size}', 'size: 3'), {('resources', 'volume')}),
    ('a resource\'s type: what names it', BASE,
     BASE.replace('OS::Cinder::Volume', 'OS::Nova::Server'),
     {('resources', 'volume'), ('outputs', 'size')}),
    ('a group\'s member: what asks the members', BASE,
     BASE.replace('type: OS::Heat::RandomString', 'type: OS::Nova::Server'),
     {('resources', 'group'), ('outputs', 'strings')}),
    ('a parameter\'s default a property computes from: that resource\'s value checked again',
     BASE.replace('  spare:\n    type: OS::Heat::None\n',
                  '  spare:\n    type: OS::Heat::RandomString\n'
                  '    properties:\n      length: {get_param: size}\n'),
     BASE.replace('  spare:\n    type: OS::Heat::None\n',
                  '  spare:\n    type: OS::Heat::RandomString\n'
                  '    properties:\n      length: {get_param: size}\n').replace(
                      'default: 1\n', 'default: 600\n'),
     {('parameters', 'size'), ('conditions', 'big'), ('conditions', 'odd'),
      ('resources', 'volume'), ('outputs', 'size'), ('resources', 'computed'),
      ('resources', 'spare')}),
    ('a comment between entries: nothing to check', BASE,
     BASE.replace('outputs:\n', '# the outputs\noutputs:\n'), set()),
    ('the version: everything', BASE,
     BASE.replace('2021-04-16', '2018-08-31'), None),
    ('a version Heat does not know: everything, with the newest version\'s facts', BASE,
     BASE.replace('2021-04-16', '2021-04-17'), None),
    ('an entry of a section Heat does not know: nothing of the template\'s', BASE + 'extras:\n  a: 1\n  b: 2\n',
     BASE + 'extras:\n  a: 1\n  b: 3\n', set()),
    ('a new resource\'s name given its colon: spliced with the entry above (its text the '
     'same: not checked), what named it checked',
     BASE.replace('outputs:\n', '  volum\noutputs:\n'),
     BASE.replace('outputs:\n', '  volum:\noutputs:\n'),
     {('resources', 'volum'), ('resources', 'holder')}),
    ('a resource named like the parameter a get_param names: its hint (get_resource)',
     BASE.replace('  spare:\n', '  reader:\n    type: OS::Heat::Value\n    properties:\n'
                                 '      value: {get_param: later}\n  spare:\n'),
     BASE.replace('  spare:\n', '  reader:\n    type: OS::Heat::Value\n    properties:\n'
                                 '      value: {get_param: later}\n  later:\n'),
     {('resources', 'later'), ('resources', 'reader'), ('resources', 'holder')}),
    ('a parameter\'s description: that parameter alone (what reads it sees nothing new)',
     DESCRIBED, DESCRIBED.replace('how large', 'how large it is'), {('parameters', 'size')}),
    ('a parameter\'s label, a line longer: that parameter alone', DESCRIBED,
     DESCRIBED.replace('label: Size', 'label: >\n      The size'), {('parameters', 'size')}),
    ('a parameter\'s description made a mapping: what reads it', DESCRIBED,
     DESCRIBED.replace('how large', '{how: large}'),
     {('parameters', 'size'), ('conditions', 'big'), ('conditions', 'odd'),
      ('resources', 'volume'), ('outputs', 'size'), ('resources', 'computed')}),
    ('a parameter\'s description key misspelt: what reads it', DESCRIBED,
     DESCRIBED.replace('description: how', 'descriptio: how'),
     {('parameters', 'size'), ('conditions', 'big'), ('conditions', 'odd'),
      ('resources', 'volume'), ('outputs', 'size'), ('resources', 'computed')}),
    ('YAML aliases that name nodes of their own entry: as without them',
     ALIASED, ALIASED.replace('default: 1\n', 'default: 2\n'),
     {('parameters', 'size'), ('conditions', 'big'), ('conditions', 'odd'),
      ('resources', 'volume'), ('outputs', 'size'), ('resources', 'computed'),
      ('resources', 'twice')}),
    ('YAML aliases that name nodes of their own entry: inside the entry that holds them',
     ALIASED, ALIASED.replace('b: *sized', 'b: *sized\n        c: *sized'),
     {('resources', 'twice')}),
    ('an alias of another entry\'s node: everything', ALIASED,
     ALIASED.replace('    value: {get_param: server_name}', '    value: *sized'), None),
]


@pytest.mark.parametrize('before, after, expected', [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_an_edit_checks_what_it_affects(before, after, expected):
    previous = analyze(before, '/nowhere/template.yaml')
    incremental, _ = reanalyze(previous, after, '/nowhere/template.yaml')
    full = analyze(after, '/nowhere/template.yaml')
    same(incremental, full)
    assert checked(incremental) == expected
    # and back: the second step starts from the records the first one made
    again, _ = reanalyze(incremental, before, '/nowhere/template.yaml')
    same(again, analyze(before, '/nowhere/template.yaml'))


def test_aliases_that_make_a_value_too_large_to_walk_have_everything_checked():
    """The limit grows with the text: an entry's value may pass it after an edit elsewhere,
    or no longer (records.frame_of), so none is taken over."""
    previous = analyze(BOMB, '/nowhere/template.yaml')
    after = BOMB.replace('default: 1\n', 'default: 2\n')
    incremental, how = reanalyze(previous, after, '/nowhere/template.yaml')
    assert how == 'incremental' and checked(incremental) is None
    assert diagnostics(incremental) == diagnostics(analyze(after, '/nowhere/template.yaml'))
    smaller = ''.join(line for line in BOMB.splitlines(keepends=True)
                      if not line.startswith(('        l4:', '        l5:')))  # (13,000 nodes)
    previous = analyze(smaller, '/nowhere/template.yaml')
    incremental, _ = reanalyze(previous, smaller.replace('default: 1\n', 'default: 2\n'),
                               '/nowhere/template.yaml')
    assert checked(incremental) is not None


def test_a_diagnostic_that_lies_in_a_parameter_moves_when_its_description_grows(monkeypatch):
    """No rule of today reports an entry's finding inside a parameter it reads; one that did
    would be checked again when the parameter's description alone changed (what it reads is
    the same, but where its diagnostic lies moved within the parameter)."""
    from hot_ls.rules.base import Finding, Rule, Severity
    from hot_ls.rules import engine

    class AtTheDefault(Rule):
        """Each resource's `get_param: size`, reported at the parameter's default."""
        code = 'HOT998'
        name = 'at-the-default'
        severity = Severity.INFORMATION
        per_entry = True

        def check(self, analysis):
            default = analysis.template.parameters['size'].get('default')
            for resource in analysis.checking.resources:
                if 'get_param: size' in analysis.text[resource.key.start:resource.body.end]:
                    yield Finding(default.start, default.end, f'{resource.name} reads it')

    monkeypatch.setattr(engine, 'RULES', engine.RULES + [AtTheDefault()])
    path = '/nowhere/template.yaml'
    previous = analyze(DESCRIBED, path)
    after = DESCRIBED.replace('how large', 'how large it is, a long way down')
    incremental, _ = reanalyze(previous, after, path)
    assert checked(incremental) == {('parameters', 'size'), ('resources', 'volume')}
    assert diagnostics(incremental) == diagnostics(analyze(after, path))
    assert any(d.code == 'HOT998' for d in incremental.diagnostics)


def test_what_the_edits_change_is_reported():
    """The cases' edits change findings (else they would show nothing)."""
    def found(text):
        return {(d.code, d.message) for d in analyze(text, '/nowhere/template.yaml').diagnostics}
    named = [case for case in CASES if case[0].startswith('a resource named like the parameter')
             or case[0].endswith('as without them')]
    for label, before, after, _ in CASES[1:7] + CASES[9:11] + named:
        assert found(before) != found(after), label


def test_the_entries_error_recovery_blanked_are_found_by_bisection_as_entry_by_entry():
    """`_patched` asks only the entries between the first and the last affected offset; it
    finds what asking every entry finds, for a break on each line of a template in turn."""
    from hot_ls.rules.incremental import _patched
    lines = BASE.split('\n')
    tried = 0
    for number, line in enumerate(lines):
        for broken in (line + ' [', line[:len(line) // 2] + ': {'):
            text = '\n'.join(lines[:number] + [broken] + lines[number + 1:])
            analysis = analyze(text, '/nowhere/template.yaml')
            tree, template = analysis.tree, analysis.template
            if template is None or not tree.patched_lines:
                continue
            tried += 1
            expected = {(section, name) for section in ('parameters', 'resources', 'outputs',
                                                       'conditions')
                        for name, definition in getattr(template, section).items()
                        if tree.is_patched(definition.key.start,
                                           max(definition.key.end, definition.body.end))}
            assert _patched(analysis) == expected, (number, broken)
    assert tried > 40
