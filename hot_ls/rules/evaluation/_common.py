"""What the evaluation rules share: which failures are theirs, and where to point.

The template is evaluated once per analysis, with the default parameter
values and no environment (what `hot-ls check` knows): the analysis keeps
that evaluation (`Analysis.checked_evaluation`, errors only) and the static
issues (`Analysis.static_issues`), so they live exactly as long as it.
"""
from __future__ import annotations

import re
from typing import Any

from hot_ls.catalog.property_rules import accepts_any_property
from hot_ls.rules.suggestions import did_you_mean
from hot_ls.syntax import Mapping, Node

#: Errors that are about missing or invalid parameter values, which other
#: rules report (HOT2xx) or which depend on values given at deploy time.
PARAMETER_ERRORS = frozenset({'UserParameterMissing', 'ParameterMissingError',
                              'ParameterValueError', 'ParameterSchemaError', 'ParameterError'})
#: Errors other rules already report: a missing resource (HOT302), an
#: unknown condition name (HOT303), a circular condition (HOT501).
REFERENCE_ERRORS = frozenset({'InvalidTemplateReference',
                              # and a template nested too deeply for hot-ls itself to follow,
                              # or a value YAML aliases make too large to walk
                              'RecursionError', 'EvaluationLimit'})


def call_key(node: Node | None) -> Node | None:
    """The function name of a call `{name: args}`, else the node itself."""
    if isinstance(node, Mapping) and len(node.pairs) == 1:
        return node.pairs[0].key
    return node


def span(node: Node | None, fallback: Node, message: str = '') -> tuple[int, int]:
    """Where to report a failure: the part of the call the message names (a str_replace
    param, its template), else the call's name, else the fallback."""
    target = _named_part(node, message) or call_key(node) or fallback
    if target.end <= target.start:
        target = fallback
    return target.start, target.end


_PARAM = re.compile(r'" params must be .*?, param (.+) is not valid$')


def _named_part(node: Node | None, message: str) -> Node | None:
    if not message or not isinstance(node, Mapping) or len(node.pairs) != 1:
        return None
    args = node.pairs[0].value
    if not isinstance(args, Mapping):
        return None
    found = _PARAM.search(message)
    if found is not None:
        params = args.get('params')
        if isinstance(params, Mapping):
            for pair in params.pairs:
                if str(pair.key.value) == found.group(1):
                    return pair.value
    if message.endswith('template must be a string'):
        return args.get('template')
    return None


def skipped_message(message: str) -> bool:
    """Failures reported by other rules, whatever the exception class says."""
    return (message.startswith('Invalid condition "') or 'Circular definition for condition' in message
            or 'No content found in the "files" section' in message)


def left_to_unhashable_reference(analysis, node: Node | None) -> bool:
    """An error at a get_resource/get_attr that unhashable-reference (HOT305) reports."""
    from hot_ls.rules.references.unhashable_reference import is_unhashable_reference
    return is_unhashable_reference(analysis, node)


def never_resolves_properties(type_name: Any) -> bool:
    """OS::Heat::None, and the retired types Heat builds on it, never resolve their properties."""
    return isinstance(type_name, str) and accepts_any_property(type_name)


#: Heat's message for a mapping written where a condition goes: its one key, a misspelt
#: condition function?
_INVALID_CONDITION = re.compile(r"""Invalid condition "\{'([^']+)': [^"]*\}"$""")


def condition_function_matches(template, message: str) -> list[str]:
    """The condition functions like the key of 'Invalid condition "{'get_parma': 'flag'}"'."""
    found = _INVALID_CONDITION.search(message)
    if found is None or template.version is None:
        return []
    return did_you_mean(found.group(1), template.version.condition_functions or {})
