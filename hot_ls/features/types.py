"""hot-ls's own result types for the editor features.

Features return these; `hot_ls/server/convert.py` turns them into LSP types,
making every decision that depends on the client (snippets, markdown,
deprecated tags, inlay hints or code lens).  Offsets are code-point offsets
into the document; `path` names another file (None: this document).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Span:
    start: int
    end: int


@dataclass(frozen=True)
class Location:
    start: int
    end: int
    path: str | None = None  # another file; None: the document itself


class ItemKind(str, enum.Enum):
    """What a completion item is; convert maps it to LSP's CompletionItemKind."""

    SECTION = 'section'
    KEYWORD = 'keyword'
    FUNCTION = 'function'
    PARAMETER = 'parameter'
    RESOURCE = 'resource'
    RESOURCE_TYPE = 'resource-type'
    PROPERTY = 'property'
    ATTRIBUTE = 'attribute'
    CONDITION = 'condition'
    OUTPUT = 'output'
    VALUE = 'value'
    VERSION = 'version'
    FILE = 'file'
    SNIPPET = 'snippet'


@dataclass
class CompletionItem:
    label: str
    kind: ItemKind
    detail: str | None = None
    documentation: str | None = None  # markdown
    # What to insert, replacing `replace` (the partial word under the cursor).
    insert_text: str | None = None  # None: the label
    snippet: bool = False  # insert_text uses LSP snippet syntax ($1, ${1:x})
    replace: Span | None = None
    sort_text: str | None = None
    filter_text: str | None = None
    deprecated: bool = False
    preselect: bool = False


@dataclass
class CompletionResult:
    items: list[CompletionItem]
    incomplete: bool = False


@dataclass
class Hover:
    markdown: str
    span: Span | None = None


@dataclass
class SignatureParameter:
    label: str  # a substring of the signature's label
    documentation: str | None = None
    span: tuple[int, int] | None = None  # where `label` stands in the signature's label


@dataclass
class Signature:
    label: str
    documentation: str | None = None
    parameters: list[SignatureParameter] = field(default_factory=list)


@dataclass
class SignatureHelp:
    signatures: list[Signature]
    active_signature: int = 0
    active_parameter: int | None = None


@dataclass
class TextEdit:
    start: int
    end: int
    new_text: str
    path: str | None = None
    create: bool = False  # the file at `path` does not exist: the edit creates it


@dataclass
class RenameResult:
    edits: list[TextEdit]


class RenameError(Exception):
    """A rename hot-ls refuses, with the reason shown to the user."""


class SymbolKind(str, enum.Enum):
    SECTION = 'section'
    PARAMETER = 'parameter'
    RESOURCE = 'resource'
    OUTPUT = 'output'
    CONDITION = 'condition'
    PARAMETER_GROUP = 'parameter-group'
    PROPERTY = 'property'
    REGISTRY_ENTRY = 'registry-entry'  # an environment's: a type mapped to another or a file


@dataclass
class DocumentSymbol:
    name: str
    kind: SymbolKind
    range: Span  # the whole definition
    selection: Span  # its name
    detail: str | None = None
    children: list['DocumentSymbol'] = field(default_factory=list)
    deprecated: bool = False


class FoldingKind(str, enum.Enum):
    COMMENT = 'comment'
    REGION = 'region'


@dataclass
class FoldingRange:
    start_line: int
    end_line: int
    kind: FoldingKind | None = None


@dataclass
class SelectionRange:
    """Spans from the innermost outwards."""

    spans: list[Span]


class TokenType(str, enum.Enum):
    FUNCTION = 'function'
    PARAMETER = 'parameter'
    RESOURCE = 'resource'  # a reference to a resource (LSP: variable)
    CONDITION = 'condition'
    TYPE = 'type'  # a resource type
    OUTPUT = 'output'
    PROPERTY = 'property'


class TokenModifier(str, enum.Enum):
    DEPRECATED = 'deprecated'
    DECLARATION = 'declaration'
    DEFAULT_LIBRARY = 'defaultLibrary'


@dataclass(frozen=True)
class SemanticToken:
    start: int
    end: int  # within one line
    type: TokenType
    modifiers: frozenset[TokenModifier] = frozenset()


@dataclass
class CodeAction:
    title: str
    kind: str  # 'quickfix' | 'refactor' | 'source' ...
    edits: list[TextEdit]
    diagnostics: list[Any] = field(default_factory=list)  # the Diagnostics it fixes
    preferred: bool = False


@dataclass
class InlayHint:
    offset: int
    label: str
    tooltip: str | None = None
    padding_left: bool = True


@dataclass
class DocumentLink:
    start: int
    end: int
    path: str  # the file it leads to


@dataclass
class WorkspaceSymbol:
    name: str
    kind: SymbolKind
    path: str
    start: int
    end: int
    container: str | None = None


@dataclass
class DocumentHighlight:
    start: int
    end: int
    write: bool = False  # the definition (write) or a use (read)


@dataclass(frozen=True)
class NestingItem:
    """A template, as an item of the hierarchy of which templates nest which
    (features.nesting)."""

    path: str
    name: str     # its path relative to the workspace folder holding it
    detail: str   # the first line of its description ('' without one)
    length: int   # its text's length: the item spans all of it


@dataclass(frozen=True)
class NestingCall:
    """Another template, and the `type:` values of the resources that nest: in the other
    template (incoming) or in the one asked about (outgoing)."""

    item: NestingItem
    sites: tuple[Span, ...]
