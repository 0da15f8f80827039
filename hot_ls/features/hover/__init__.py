"""Hover: what the thing under the cursor is, in Markdown.

A pure function of an analysis (of the current text) and an offset.  What
stands at the offset comes from the parsed tree (`at.chain`) and the
model's calls and references, looked up by node in an index built once per
analysis; function values come from one `TemplateEvaluation` per analysis,
under the configured inputs (or the parameter defaults).
So a hover costs one walk down the tree to the cursor, not a scan of the
template.

On a function name: its summary, its argument forms for the document's
version, the version it arrived in and the document's version, and its
value with the defaults (or that it is Removed, not a function in this
version, or a condition function outside conditions).  On a resource type:
description, support-status lifecycle, substitute, properties (required
first).  On a property name at any depth: type, required, default,
constraints, immutable, update behaviour, support status.  On get_attr's
attribute: type, description, support status.  On a parameter (used or
declared): type, default, description, constraints.  On a get_resource,
get_attr or depends_on target: the resource's type and its line.  On a
condition (used or defined): its definition and value.  On an output name:
description and value.  On `# hot-ls: disable=CODE`: the rule's
documentation.  On section, resource, output and parameter keys: one line.
On a deletion policy: what it does (and whether the type can snapshot); on
a custom_constraint name: which service checks it, and whether hot-ls can.

Analyses of recovered broken YAML can hold odd trees (non-string keys,
aliases, merged keys): nothing here assumes a key is a string.
"""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.features import environments
from hot_ls.features.at import chain
from hot_ls.features.hover.dispatch import Explainer
from hot_ls.features.hover.suppression import suppression_hover
from hot_ls.features.types import Hover
from hot_ls.model.document import Kind

__all__ = ['hover']


def hover(analysis: Analysis | None, offset: int) -> Hover | None:
    """The hover at `offset` of the analysed document, or None when there is nothing to say.

    `analysis` is the analysis of the current text (or None).
    """
    if analysis is None:
        return None
    found = suppression_hover(analysis, offset)
    if found is not None:
        return found
    if analysis.kind is Kind.ENVIRONMENT:
        return environments.hover(analysis, offset)
    template = analysis.template
    if template is None:
        return None
    steps = chain(analysis.tree.root, offset)
    if len(steps) < 2:
        return None
    return Explainer(analysis, template, steps).build()
