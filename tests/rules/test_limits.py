"""The two limits whose fixtures would be too large to keep: template size and resource count.

Heat's defaults (max_template_size 524288, max_resources_per_stack 1000)
come from hot_ls/data/language.json, generated from Heat's configuration.
"""
from helpers import codes
from hot_ls.language import language
from hot_ls.rules import analyze

# Codes covered here instead of by a fixture under fixtures/rules/.
COVERED_HERE = {'HOT007', 'HOT009', 'HOT503'}


def _template(resources: int, padding: int = 0) -> str:
    lines = ['heat_template_version: 2021-04-16', f'description: "{"x" * padding}"', 'resources:']
    lines += [f'  r{i}: {{type: OS::Heat::None}}' for i in range(resources)]
    return '\n'.join(lines) + '\n'


def test_limits_are_heats_defaults():
    assert language().max_template_size == 524288
    assert language().max_resources_per_stack == 1000


def test_thousand_resources_is_fine_one_more_is_not():
    assert 'HOT503' not in codes(analyze(_template(1000)))
    analysis = analyze(_template(1001))
    found = [d for d in analysis.diagnostics if d.code == 'HOT503']
    assert len(found) == 1
    assert found[0].message == ('1001 resources: You have reached the maximum resources per stack '
                                '(1000), please contact your cloud administrator.')
    assert analysis.text[found[0].start:found[0].end] == 'resources'


def test_template_size_limit_counts_characters_as_heat_does():
    base = len(_template(1, 0))
    at_limit = _template(1, 524288 - base)
    assert len(at_limit) == 524288
    assert 'HOT007' not in codes(analyze(at_limit))
    over = _template(1, 524288 - base + 1)
    found = [d for d in analyze(over).diagnostics if d.code == 'HOT007']
    assert [d.message for d in found] == [
        'Template size (524289 bytes) exceeds maximum allowed size (524288 bytes).']


def test_a_failing_rule_costs_only_its_own_findings(monkeypatch):
    from hot_ls.rules.registry import RULES
    rule = next(r for r in RULES if r.code == 'HOT110')

    def broken(analysis):
        raise KeyError('boom')
        yield

    monkeypatch.setattr(rule, 'check', broken)
    analysis = analyze('heat_template_version: 2021-04-16\nfoo: 1\nresources:\n  r: {type: OS::Heat::None, x: 1}\n')
    found = [(d.code, d.message) for d in analysis.diagnostics]
    assert ('HOT009', "hot-ls could not finish rule HOT110 on this document (internal error: "
                      "KeyError: 'boom'); please report it") in found
    assert any(code == 'HOT112' for code, _ in found)
