"""Document symbols: the outline of a template or an environment.

Each top-level section is a symbol; under `parameters`, `resources`, `outputs`
and `conditions` come their entries (a parameter's detail is its type, a
resource's its type, tagged deprecated when the catalog says the type is
deprecated or hidden); under `parameter_groups` its groups and their
parameters.  In an environment, `resource_registry` lists its entries (the
detail: the type or template each maps to, tagged deprecated as above; under
`resources`, each resource's own entries), and `parameters`,
`parameter_defaults` and `parameter_merge_strategies` their names (the
detail: the value, shortened).  Only what is written in place is listed:
entries merged in with `<<` or reached through an alias live elsewhere in the
text.
"""
from __future__ import annotations

from typing import Any, Callable

from hot_ls.analysis import Analysis
from hot_ls.features.index import name_span, token_span
from hot_ls.features.types import DocumentSymbol, Span, SymbolKind
from hot_ls.model.document import Kind
from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence

_ENTRIES = {'parameters': SymbolKind.PARAMETER, 'resources': SymbolKind.RESOURCE,
            'outputs': SymbolKind.OUTPUT, 'conditions': SymbolKind.CONDITION}


def document_symbols(analysis: Analysis) -> list[DocumentSymbol]:
    if analysis is None:
        return []
    if analysis.kind is Kind.ENVIRONMENT:
        return _Outline(analysis).environment()
    if analysis.template is None:
        return []
    return _Outline(analysis).sections()


#: environment sections whose entries are names with a value
_ENVIRONMENT_VALUES = ('parameters', 'parameter_defaults', 'parameter_merge_strategies')
_MAX_DETAIL = 100


def type_deprecated(analysis: Analysis, type_name: Any) -> bool:
    """Whether the catalog marks a resource type deprecated or hidden."""
    if not isinstance(type_name, str):
        return False
    try:
        found = analysis.catalog.lookup(type_name)
    except Exception:  # a broken plugin catalog must not cost the outline
        return False
    if found is None or found.type is None:
        return False
    status = found.type.support_status
    return status.is_deprecated or status.is_hidden


def display_name(text: str, node: Node) -> str:
    """A name for the outline: the string, else the key as written (never empty)."""
    value = node.value if isinstance(node, Scalar) else None
    if isinstance(value, str) and value.strip():
        return value
    start, end = token_span(text, node)
    written = text[start:end].strip()
    return written if written and '\n' not in written else repr(value)


class _Outline:
    def __init__(self, analysis: Analysis):
        self.analysis = analysis
        self.text: str = analysis.text
        self.root = analysis.tree.root

    def span(self, pair: Pair) -> Span:
        start, key_end = token_span(self.text, pair.key)
        value = pair.value
        end = key_end
        if value.start >= key_end and value.end > end:
            end = value.end
            while end > key_end and self.text[end - 1] in ' \t\r\n':
                end -= 1
        return Span(start, end)

    def node_span(self, node: Node) -> Span:
        start, end = token_span(self.text, node)
        while end > start and self.text[end - 1] in ' \t\r\n':
            end -= 1
        return Span(start, end)

    def symbol(self, pair: Pair, kind: SymbolKind,
               detail: str | None = None) -> DocumentSymbol | None:
        key = pair.key
        if not isinstance(key, Scalar):
            return None
        selection = Span(*name_span(self.text, key))
        name = display_name(self.text, key)
        return DocumentSymbol(name, kind, self.span(pair), selection, detail)

    def inside(self, pair: Pair) -> bool:
        """Whether the value is written after its key (not an alias of an earlier node)."""
        return pair.value.start >= pair.key.end

    def sections(self) -> list[DocumentSymbol]:
        return self._top(self._template_children)

    def environment(self) -> list[DocumentSymbol]:
        return self._top(self._environment_children)

    def _top(self, children_of: Callable[[Any, Node], list[DocumentSymbol]]
             ) -> list[DocumentSymbol]:
        """Each top-level section, with the children `children_of(section, value)` gives."""
        root = self.root
        if not isinstance(root, Mapping):
            return []
        out = []
        for pair in root.pairs:
            section = pair.key.value if isinstance(pair.key, Scalar) else None
            detail = None
            if section == 'heat_template_version' and isinstance(pair.value, Scalar):
                detail = str(pair.value.value)
            symbol = self.symbol(pair, SymbolKind.SECTION, detail)
            if symbol is None:
                continue
            if self.inside(pair):
                symbol.children = children_of(section, pair.value)
            out.append(symbol)
        return out

    def _template_children(self, section: Any, value: Node) -> list[DocumentSymbol]:
        if section in _ENTRIES and isinstance(value, Mapping):
            return self.entries(value, _ENTRIES[section])
        if section == 'parameter_groups' and isinstance(value, Sequence):
            return self.groups(value)
        return []

    def _environment_children(self, section: Any, value: Node) -> list[DocumentSymbol]:
        if not isinstance(value, Mapping):
            return []
        if section == 'resource_registry':
            return self.registry(value)
        if section in _ENVIRONMENT_VALUES:
            return [found for entry in value.pairs if (found := self.symbol(
                entry, SymbolKind.PARAMETER, self.value_detail(entry))) is not None]
        return []

    def registry(self, mapping: Mapping, top: bool = True) -> list[DocumentSymbol]:
        """A registry's entries; under `resources` (at the top), each resource's."""
        out = []
        for pair in mapping.pairs:
            value = pair.value if self.inside(pair) else None
            if isinstance(value, Mapping):
                kind = SymbolKind.SECTION if top and pair.key.value == 'resources' \
                    else SymbolKind.RESOURCE
                symbol = self.symbol(pair, kind)
                if symbol is not None:
                    symbol.children = self.registry(value, top=False)
                    out.append(symbol)
                continue
            mapped = value.value if isinstance(value, Scalar) else None
            symbol = self.symbol(pair, SymbolKind.REGISTRY_ENTRY, self.value_detail(pair))
            if symbol is not None:
                symbol.deprecated = type_deprecated(self.analysis, mapped)
                out.append(symbol)
        return out

    def value_detail(self, pair: Pair) -> str | None:
        """A value as the outline shows it: a scalar as written (shortened), else its shape."""
        value = pair.value if self.inside(pair) else None
        if isinstance(value, Scalar):
            if value.value is None:
                return None
            start, end = token_span(self.text, value)
            written = ' '.join(self.text[start:end].split())
            return written if len(written) <= _MAX_DETAIL else written[:_MAX_DETAIL] + '…'
        if isinstance(value, Mapping):
            return f'map of {len(value.pairs)}'
        if isinstance(value, Sequence):
            return f'list of {len(value.items)}'
        return None

    def entries(self, mapping: Mapping, kind: SymbolKind) -> list[DocumentSymbol]:
        out = []
        for pair in mapping.pairs:
            detail, deprecated = None, False
            body = pair.value if self.inside(pair) else None
            if isinstance(body, Mapping) and kind in (SymbolKind.PARAMETER, SymbolKind.RESOURCE):
                type_node = body.get('type')
                if isinstance(type_node, Scalar) and isinstance(type_node.value, str):
                    detail = type_node.value
                    if kind is SymbolKind.RESOURCE:
                        deprecated = type_deprecated(self.analysis, detail)
            symbol = self.symbol(pair, kind, detail)
            if symbol is not None:
                symbol.deprecated = deprecated
                out.append(symbol)
        return out

    def groups(self, groups: Sequence) -> list[DocumentSymbol]:
        text = self.text
        out = []
        for number, item in enumerate(groups.items, 1):
            if not isinstance(item, Mapping) or item.start < groups.start:
                continue
            span = self.node_span(item)

            def within(node: Node) -> bool:
                return span.start <= node.start <= node.end <= span.end

            label = item.get('label')
            if isinstance(label, Scalar) and label.value is not None and within(label):
                name, selection = display_name(text, label), Span(*name_span(text, label))
            else:
                name, selection = f'group {number}', Span(span.start, span.start)
            group = DocumentSymbol(name, SymbolKind.PARAMETER_GROUP, span, selection)
            parameters = item.get('parameters')
            if isinstance(parameters, Sequence) and within(parameters):
                for entry in parameters.items:
                    if isinstance(entry, Scalar) and within(entry):
                        group.children.append(DocumentSymbol(
                            display_name(text, entry), SymbolKind.PARAMETER,
                            Span(*token_span(text, entry)), Span(*name_span(text, entry))))
            out.append(group)
        return out
