"""What a template evaluates to, for the editor: the preview command, and value hints.

The evaluation of one analysed template under what its stack gives it
(`Analysis.inputs`: the configured environments and parameter values, for a
nested stack its parent's values) is computed once per analysis
(`Analysis.evaluation`) and shared by the features that show values.  Hints
go after each output, each condition and each `if`, showing the value under
those inputs; the server shows them as inlay hints, or as code lenses for
clients without inlay hints.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from hot_ls.analysis import Analysis, EvaluationInputs
from hot_ls.analysis.properties import preview as heat_preview
from hot_ls.evaluator.template import TemplateEvaluation
from hot_ls.evaluator.values import display
from hot_ls.features.types import InlayHint
from hot_ls.model.environment import Environment

MAX_LABEL = 60


def evaluation_of(analysis: Analysis | None, environments: Iterable[str] | None = None,
                  parameter_values: dict | None = None) -> TemplateEvaluation | None:
    """The evaluation of the analysed template: under the given inputs (environment
    texts, parameter values), or, with none given, under the configured ones.

    Kept apart from the evaluation the rules read (which may compute only
    what can fail): features need every value.
    """
    if analysis is None:
        return None
    if environments is None and parameter_values is None:
        return analysis.evaluation
    inputs = EvaluationInputs(tuple(Environment.from_text(text) for text in environments or ()),
                              dict(parameter_values or {}))
    return analysis.evaluation_with(inputs)


def preview(analysis: Analysis | None, environments: Iterable[str] | None = None,
            parameter_values: dict | None = None) -> dict | None:
    """The preview of the document: parameters, conditions, resources, outputs (JSON-ready),
    each resource's properties as Heat gives them to it.

    Without inputs given, those of its stack (`Analysis.inputs`).
    """
    evaluation = evaluation_of(analysis, environments, parameter_values)
    if evaluation is None:
        return None
    return heat_preview(evaluation, analysis.catalog).to_json()


def short(value: Any) -> str:
    """A value on one line, cut to fit beside the code."""
    text = json.dumps(display(value), ensure_ascii=False, sort_keys=False, default=str)
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 1] + '…'


def _full(value: Any) -> str:
    shown = display(value)
    # (indent only shapes lists and maps; without it json uses its C encoder, where the
    # Python one leaves a small reference cycle behind at each call)
    indent = 2 if isinstance(shown, (dict, list, tuple)) else None
    return json.dumps(shown, ensure_ascii=False, indent=indent, default=str)


def _line_end(text: str, offset: int) -> int:
    end = text.find('\n', offset)
    end = len(text) if end == -1 else end
    return end - 1 if end > 0 and text[end - 1] == '\r' else end


def value_hints(analysis: Analysis | None, environments: Iterable[str] | None = None,
                parameter_values: dict | None = None) -> list[InlayHint]:
    """Hints after outputs, conditions and ifs; without inputs given, those of its stack."""
    evaluation = evaluation_of(analysis, environments, parameter_values)
    if evaluation is None:
        return []
    template = evaluation.template
    text = analysis.text
    hints: list[InlayHint] = []
    for name, definition in template.conditions.items():
        outcome = evaluation.condition(name)
        offset = _line_end(text, definition.key.end)
        if outcome.error is not None:
            hints.append(InlayHint(offset, '⚠ ' + _cut(outcome.error.message),
                                   outcome.error.message))
        else:
            hints.append(InlayHint(offset, '= ' + short(outcome.value), _full(outcome.value)))
    for name, definition in template.outputs.items():
        output = evaluation.output(name)
        offset = _line_end(text, definition.key.end)
        hints.append(_output_hint(offset, output))
    for call in template.calls:
        if call.name != 'if':
            continue
        outcome = evaluation.value_of(call.node)
        if outcome is None:
            continue
        offset = call.node.end if call.node.end <= _line_end(text, call.node.start) \
            else _line_end(text, call.key.end)
        if outcome.error is not None:
            hints.append(InlayHint(offset, '⚠ ' + _cut(outcome.error.message),
                                   outcome.error.message))
        else:
            value = outcome.value
            label = '→ (removed)' if value is Ellipsis else '→ ' + short(value)
            hints.append(InlayHint(offset, label, None if value is Ellipsis else _full(value)))
    hints.sort(key=lambda hint: hint.offset)
    return hints


def _cut(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 1] + '…'


def _output_hint(offset: int, output: Any) -> InlayHint:
    enabled = getattr(output, 'enabled', None)
    if enabled is not None and enabled.ok and enabled.value is False:
        return InlayHint(offset, '= null (condition is false)')
    outcome = getattr(output, 'value', None)
    if outcome is None:
        return InlayHint(offset, '= null')
    if outcome.error is not None:
        return InlayHint(offset, '⚠ ' + _cut(outcome.error.message), outcome.error.message)
    return InlayHint(offset, '= ' + short(outcome.value), _full(outcome.value))
