"""Errors inside a resource Heat never creates are warnings, with the reason.

Heat's answers behind these cases are recorded in fixtures/heat-verdicts
(HOT702-property-unknown/never-created.yaml, HOT713 never-created.yaml):
with a condition that is false whatever the parameters, Heat accepts an
unknown type, unknown or missing properties, bad values, undefined
references and a Snapshot policy it cannot honour; it still refuses a
malformed definition or a misspelt deletion policy.
"""
from __future__ import annotations

import textwrap

from hot_ls.rules import analyze
from hot_ls.rules.base import Severity
from hot_ls.rules.registry import RULE_CLASSES

REASON = 'is false whatever the parameters, so Heat does not check it'


def found(condition_section: str, condition: str, extra: str = '') -> list:
    text = ('heat_template_version: 2021-04-16\n'
            'parameters:\n'
            '  env: {type: string, default: dev}\n'
            '  region: {type: string}\n'
            'conditions:\n'
            + textwrap.indent(condition_section + '\n', '  ') +
            'resources:\n'
            '  net:\n'
            '    type: OS::Neutron::Net\n'
            f'    condition: {condition}\n'
            '    properties: {bogus: 1}\n'
            + textwrap.indent(extra, '  '))
    return [(d.code, d.severity, d.message) for d in analyze(text, '/tmp/t.yaml').diagnostics]


def test_a_constant_false_condition_turns_errors_into_warnings_that_say_why():
    assert found('never: {equals: [a, b]}', 'never') == [
        ('HOT702', Severity.WARNING, 'Unknown Property bogus (resource "net" is never created: '
                                     '"never" ' + REASON + ')')]
    assert found('never: false', 'false') == [
        ('HOT702', Severity.WARNING, 'Unknown Property bogus (resource "net" is never created: '
                                     'its condition ' + REASON + ')')]


def test_a_condition_the_default_parameter_values_make_false_gives_warnings_naming_the_trigger():
    """A stack create without -P does not build the resource (Heat accepts: see
    fixtures/rules/HOT702-property-unknown/not-created-with-defaults.yaml)."""
    assert found('prod: {equals: [{get_param: env}, prod]}', 'prod') == [
        ('HOT702', Severity.WARNING,
         'Unknown Property bogus (resource "net" is not created with the default parameter values: '
         'condition "prod" is false (env is "dev"), so Heat does not check it; '
         'it fails when env is "prod")')]
    assert found('dev: {not: {equals: [dev, {get_param: env}]}}', 'dev')[0][2].endswith(
        'it fails when env is not "dev")')


def test_a_condition_that_holds_or_that_the_inputs_cannot_decide_keeps_the_error():
    assert found('dev: {equals: [{get_param: env}, dev]}', 'dev') == [
        ('HOT702', Severity.ERROR, 'Unknown Property bogus')]
    assert found('always: {not: false}', 'always') == [
        ('HOT702', Severity.ERROR, 'Unknown Property bogus')]
    assert ('HOT702', Severity.ERROR, 'Unknown Property bogus') in found(
        'unset: {equals: [{get_param: region}, x]}', 'unset')


def test_what_heat_checks_on_every_definition_stays_an_error():
    diagnostics = found('never: false', 'never',
                        'other:\n  type: OS::Heat::None\n  condition: never\n'
                        '  deletion_policy: Destroy\n  metadata: 3\n')
    assert [(code, severity) for code, severity, _ in diagnostics] == [
        ('HOT702', Severity.WARNING), ('HOT115', Severity.ERROR), ('HOT114', Severity.ERROR)]


def test_the_rules_heat_applies_only_to_created_resources():
    assert sorted(r.code for r in RULE_CLASSES if r.checked_when_created) == [
        'HOT301', 'HOT302', 'HOT305', 'HOT306', 'HOT502', 'HOT504', 'HOT606', 'HOT607', 'HOT701',
        'HOT702', 'HOT703', 'HOT704', 'HOT705', 'HOT706', 'HOT710', 'HOT711', 'HOT712', 'HOT713',
        'HOT714', 'HOT715', 'HOT720', 'HOT730', 'HOT731']
