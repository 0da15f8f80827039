"""What the evaluation rules share: one evaluation per template, and where to point.

The template is evaluated once per analysis, with the default parameter
values and no environment (what `hot-ls check` knows), and the evaluation
is shared by the rules through a cache keyed by the Template object.
"""
from __future__ import annotations

import weakref
from typing import Any

from hot_ls.evaluator.static import StaticIssue, static_issues
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, Node

_EVALUATIONS: 'weakref.WeakKeyDictionary[Template, TemplateEvaluation]' = weakref.WeakKeyDictionary()
_ISSUES: 'weakref.WeakKeyDictionary[Template, list[StaticIssue]]' = weakref.WeakKeyDictionary()

#: Errors that are about missing or invalid parameter values, which other
#: rules report (HOT2xx) or which depend on values given at deploy time.
PARAMETER_ERRORS = frozenset({'UserParameterMissing', 'ParameterMissingError',
                              'ParameterValueError', 'ParameterSchemaError', 'ParameterError'})
#: Errors other rules already report: a missing resource (HOT302), an
#: unknown condition name (HOT303), a circular condition (HOT501).
REFERENCE_ERRORS = frozenset({'InvalidTemplateReference',
                              # and a template nested too deeply for hot-ls itself to follow
                              'RecursionError'})


def evaluation(template: Template) -> TemplateEvaluation:
    found = _EVALUATIONS.get(template)
    if found is None:
        found = _EVALUATIONS[template] = TemplateEvaluation(template)
        try:
            found.evaluate_all()
        except RecursionError:  # a pathologically deep template: report nothing, never crash
            found = _EVALUATIONS[template] = TemplateEvaluation(template)
            found._all_done = True
    return found


def issues(template: Template) -> list[StaticIssue]:
    found = _ISSUES.get(template)
    if found is None:
        try:
            found = static_issues(template)
        except RecursionError:
            found = []
        _ISSUES[template] = found
    return found


def call_key(node: Node | None) -> Node | None:
    """The function name of a call `{name: args}`, else the node itself."""
    if isinstance(node, Mapping) and len(node.pairs) == 1:
        return node.pairs[0].key
    return node


def span(node: Node | None, fallback: Node) -> tuple[int, int]:
    target = call_key(node) or fallback
    if target.end <= target.start:
        target = fallback
    return target.start, target.end


def skipped_message(message: str) -> bool:
    """Failures reported by other rules, whatever the exception class says."""
    return (message.startswith('Invalid condition "') or 'Circular definition for condition' in message
            or 'No content found in the "files" section' in message)


def is_none_resource(type_name: Any) -> bool:
    """OS::Heat::None never resolves its properties."""
    return type_name == 'OS::Heat::None'
