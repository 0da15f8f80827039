"""What hover looks up by node: calls, references and function look-alikes, once per analysis."""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.model.template import Template
from hot_ls.model.symbols import FunctionCall, Reference
from hot_ls.syntax import Mapping, Scalar


class Index:
    """Calls, references and function look-alikes by node, built once per analysis."""

    def __init__(self, template: Template):
        self.template = template
        self.call_by_key: dict[int, FunctionCall] = {}
        self.call_by_node: dict[int, FunctionCall] = {}
        for call in template.calls:
            self.call_by_key[id(call.key)] = call
            self.call_by_node[id(call.node)] = call
        self.reference: dict[int, Reference] = {}
        self.attribute: dict[int, Reference] = {}
        for ref in template.references:
            self.reference.setdefault(id(ref.node), ref)
            attribute = ref.attribute
            if attribute is not None:
                self.attribute.setdefault(id(attribute), ref)
        self.lookalike: dict[int, tuple[Mapping, Scalar, str]] = {
            id(key): (node, key, context) for node, key, context in template.lookalikes}


def index_of(analysis: Analysis) -> Index:
    return analysis.derived(_build)


def _build(analysis: Analysis) -> Index:
    return Index(analysis.template)
