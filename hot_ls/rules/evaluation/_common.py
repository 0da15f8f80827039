"""What the evaluation rules share: one evaluation per template, and where to point.

The template is evaluated once per analysis, with the default parameter
values and no environment (what `hot-ls check` knows), and the evaluation
and the static issues are shared by the rules through the analysis'
Context (`ctx.shared`), so they live exactly as long as the analysis.
"""
from __future__ import annotations

from typing import Any

from hot_ls.catalog.property_rules import accepts_any_property
from hot_ls.evaluator.calls import CallSites
from hot_ls.evaluator.static import StaticIssue, static_issues
from hot_ls.evaluator.template import TemplateEvaluation
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


def call_sites(ctx) -> CallSites:
    """Where each value's calls are: found once, for the static issues and the evaluation."""
    return ctx.shared('call-sites', lambda: CallSites(ctx.template))


def evaluation(ctx) -> TemplateEvaluation:
    """The template evaluated with the default parameter values, once per analysis.

    Only the errors are computed (errors_only): the rules skip the failures
    that depend on deploy-time values (PARAMETER_ERRORS, REFERENCE_ERRORS,
    files not sent), which are the ones errors_only may leave out.
    """
    return ctx.shared('evaluation', lambda: _evaluate(ctx.template, call_sites(ctx)))


def _evaluate(template, sites: CallSites) -> TemplateEvaluation:
    found = TemplateEvaluation(template, errors_only=True, sites=sites)
    try:
        found.evaluate_all()
    except RecursionError:  # a pathologically deep template: report nothing, never crash
        found = TemplateEvaluation(template, errors_only=True, sites=sites)
        found._all_done = True
    return found


def issues(ctx) -> list[StaticIssue]:
    """The template's static issues, once per analysis."""
    return ctx.shared('static-issues', lambda: _static_issues(ctx.template, call_sites(ctx)))


def _static_issues(template, sites: CallSites) -> list[StaticIssue]:
    try:
        return static_issues(template, sites=sites)
    except RecursionError:
        return []


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


def never_resolves_properties(type_name: Any) -> bool:
    """OS::Heat::None, and the retired types Heat builds on it, never resolve their properties."""
    return isinstance(type_name, str) and accepts_any_property(type_name)
