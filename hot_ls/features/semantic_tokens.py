"""Semantic tokens: what each name in a template is.

- function names (`get_param`, `if`, ...): function, defaultLibrary (deprecated
  where the version removed the function);
- references to parameters, resources and conditions, each its own type
  (pseudo parameters: defaultLibrary);
- resource types: type, deprecated when the catalog marks the type
  deprecated or hidden;
- the names a template defines (parameters, resources, outputs, conditions):
  their type with the declaration modifier.

Tokens cover exactly the names (no quotes, anchors or tags), one line each,
never overlapping, in text order.  Names YAML aliases share between places
are left out: their text stands for more than one thing.
"""
from __future__ import annotations


from hot_ls.analysis import Analysis
from hot_ls.features.index import name_span, symbol_index
from hot_ls.features.symbols import type_deprecated
from hot_ls.features.types import SemanticToken, TokenModifier, TokenType
from hot_ls.model import symbols
from hot_ls.syntax import Scalar
from hot_ls.syntax.gc_pause import gc_paused

_TYPES = {symbols.PARAMETER: TokenType.PARAMETER, symbols.RESOURCE: TokenType.RESOURCE,
          symbols.CONDITION: TokenType.CONDITION, symbols.OUTPUT: TokenType.OUTPUT}
_DECLARATION = frozenset({TokenModifier.DECLARATION})
_LIBRARY = frozenset({TokenModifier.DEFAULT_LIBRARY})
_REMOVED = frozenset({TokenModifier.DEFAULT_LIBRARY, TokenModifier.DEPRECATED})
_DEPRECATED = frozenset({TokenModifier.DEPRECATED})
_NONE: frozenset = frozenset()


def semantic_tokens(analysis: Analysis, start: int | None = None, end: int | None = None
                    ) -> list[SemanticToken]:
    """The tokens of the document, or of those overlapping `start`..`end`."""
    if analysis is None or analysis.template is None:
        return []
    with gc_paused():  # see hot_ls.syntax.gc_pause
        tokens = analysis.derived(_tokens)
    if start is None and end is None:
        return list(tokens)
    low = 0 if start is None else start
    high = len(analysis.text) if end is None else end
    return [t for t in tokens if t.end > low and t.start < high]


def _tokens(analysis: Analysis) -> list[SemanticToken]:
    template = analysis.template
    index = symbol_index(analysis)
    text = analysis.text
    found: list[SemanticToken] = []
    pseudo = set(template.facts.pseudo_parameters)

    def add(node, token_type: TokenType, modifiers: frozenset) -> None:
        if not isinstance(node, Scalar) or index.is_shared(node) or node.style in ('|', '>'):
            return
        start, end = name_span(text, node)
        if end > start and '\n' not in text[start:end] and '\r' not in text[start:end]:
            found.append(SemanticToken(start, end, token_type, modifiers))

    for occurrence in index.occurrences:
        if occurrence.shared or not occurrence.single_line or occurrence.end <= occurrence.start:
            continue
        token_type = _TYPES.get(occurrence.kind)
        if token_type is None:
            continue
        if occurrence.is_definition:
            modifiers = _DECLARATION
        elif occurrence.kind == symbols.PARAMETER and isinstance(occurrence.name, str) and (
                occurrence.name in pseudo or occurrence.name.startswith('AWS::')) \
                and not index.definitions_of(occurrence.kind, occurrence.name):
            modifiers = _LIBRARY
        else:
            modifiers = _NONE
        found.append(SemanticToken(occurrence.start, occurrence.end, token_type, modifiers))
    for call in template.calls:
        add(call.key, TokenType.FUNCTION, _REMOVED if call.impl == 'Removed' else _LIBRARY)
    deprecated: dict[str, bool] = {}
    for definition in template.resources.values():
        node = definition.get('type')
        if isinstance(node, Scalar) and isinstance(node.value, str):
            name = node.value
            if name not in deprecated:
                deprecated[name] = type_deprecated(analysis, name)
            add(node, TokenType.TYPE, _DEPRECATED if deprecated[name] else _NONE)
    found.sort(key=lambda t: (t.start, t.end))
    tokens: list[SemanticToken] = []
    last_end = -1
    for token in found:
        if token.start >= last_end:
            tokens.append(token)
            last_end = token.end
    return tokens
