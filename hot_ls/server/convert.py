"""The one place hot-ls's own types become lsprotocol types, and back.

hot-ls positions are code-point offsets (`hot_ls.analysis.Diagnostic`,
`Related`); LSP positions are (line, character) in the encoding negotiated at
initialize.  Every decision that depends on what the client declared it can do
is made here, once, into a `ClientFeatures`; handlers only consult it.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Callable, Sequence

from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pygls.uris import from_fs_path, to_fs_path, uri_scheme

from hot_ls.analysis import Analysis, Diagnostic, Tag
from hot_ls.features import types as ours
from hot_ls.features.types import (FoldingKind, ItemKind, SymbolKind, TokenModifier, TokenType)
from hot_ls.server.documents import Document, Edit
from hot_ls.text import Encoding, LineIndex
from hot_ls.text.encoding import units_in

SOURCE = 'hot-ls'

_TAGS = {
    Tag.DEPRECATED: types.DiagnosticTag.Deprecated,
    Tag.UNNECESSARY: types.DiagnosticTag.Unnecessary,
}


# -- what the client can do --------------------------------------------------

@dataclass(frozen=True)
class ClientFeatures:
    """The client capabilities hot-ls acts on, decided once at initialize."""

    encoding: Encoding = Encoding.UTF16
    # textDocument/diagnostic (pull) instead of textDocument/publishDiagnostics
    # (push): never both, or a client that does both shows everything twice.
    pull_diagnostics: bool = False
    diagnostic_refresh: bool = False       # workspace/diagnostic/refresh
    related_information: bool = False
    tags: frozenset[int] = field(default_factory=frozenset)
    configuration: bool = False            # workspace/configuration
    # -- language features
    snippets: bool = False                 # completionItem.snippetSupport
    completion_deprecated: bool = False    # completionItem tagSupport (Deprecated)
    completion_markdown: bool = False      # completionItem.documentationFormat has markdown
    hover_markdown: bool = False           # hover.contentFormat has markdown
    signature_markdown: bool = False       # signatureInformation.documentationFormat has markdown
    signature_label_offsets: bool = False  # parameterInformation.labelOffsetSupport
    inlay_hints: bool = False              # textDocument.inlayHint (else values as code lenses)
    hierarchical_symbols: bool = False     # documentSymbol.hierarchicalDocumentSymbolSupport
    symbol_tags: bool = False              # documentSymbol.tagSupport has Deprecated
    folding_limit: int | None = None       # foldingRange.rangeLimit
    document_changes: bool = False         # workspaceEdit.documentChanges: versioned edits
    create_files: bool = False             # workspaceEdit.resourceOperations has 'create'
    code_action_literals: bool = False     # codeAction.codeActionLiteralSupport
    # -- the workspace
    watch_files: bool = False              # didChangeWatchedFiles.dynamicRegistration
    work_done_progress: bool = False       # window.workDoneProgress

    @property
    def push_diagnostics(self) -> bool:
        return not self.pull_diagnostics


def client_features(capabilities: types.ClientCapabilities | None) -> ClientFeatures:
    if capabilities is None:
        return ClientFeatures()
    general = capabilities.general
    offered = list(general.position_encodings or []) if general else []
    encoding = Encoding.negotiate([str(getattr(e, 'value', e)) for e in offered])

    text_document = capabilities.text_document
    publish = text_document.publish_diagnostics if text_document else None
    pull = text_document.diagnostic if text_document else None
    # LSP 3.17 clients declare relatedInformation/tagSupport under publishDiagnostics
    # only; 3.18 adds them to the pull capability.  Prefer the capability of the
    # mode in use, falling back to the publish one.
    sources = [c for c in (pull, publish) if c is not None]
    related = next((c.related_information for c in sources
                    if c.related_information is not None), False)
    tag_support = next((c.tag_support for c in sources if c.tag_support is not None), None)
    tags = frozenset(int(t) for t in tag_support.value_set) if tag_support else frozenset()

    completion = text_document.completion if text_document else None
    item = completion.completion_item if completion else None
    hover = text_document.hover if text_document else None
    signature_help = text_document.signature_help if text_document else None
    signature = signature_help.signature_information if signature_help else None
    completion_tags = item.tag_support.value_set if item and item.tag_support else []

    workspace = capabilities.workspace
    refresh = bool(workspace and workspace.diagnostics and workspace.diagnostics.refresh_support)
    return ClientFeatures(
        encoding=encoding,
        pull_diagnostics=pull is not None,
        diagnostic_refresh=refresh,
        related_information=bool(related),
        tags=tags,
        configuration=bool(workspace and workspace.configuration),
        snippets=bool(item and item.snippet_support),
        completion_deprecated=types.CompletionItemTag.Deprecated in completion_tags,
        completion_markdown=bool(item and item.documentation_format
                                 and types.MarkupKind.Markdown in item.documentation_format),
        hover_markdown=bool(hover and hover.content_format
                            and types.MarkupKind.Markdown in hover.content_format),
        signature_markdown=bool(signature and signature.documentation_format
                                and types.MarkupKind.Markdown in signature.documentation_format),
        signature_label_offsets=bool(signature and signature.parameter_information
                                     and signature.parameter_information.label_offset_support),
        inlay_hints=bool(text_document and text_document.inlay_hint is not None),
        watch_files=bool(workspace and workspace.did_change_watched_files
                         and workspace.did_change_watched_files.dynamic_registration),
        work_done_progress=bool(capabilities.window and capabilities.window.work_done_progress),
        **_structure_features(text_document),
        **_code_action_features(capabilities),
    )


def server_capabilities(capabilities: types.ServerCapabilities,
                        features: ClientFeatures) -> types.ServerCapabilities:
    """Adjust what pygls derived from the registered handlers to this client."""
    capabilities.position_encoding = features.encoding.value
    if not features.pull_diagnostics:
        capabilities.diagnostic_provider = None
    return capabilities


DIAGNOSTIC_OPTIONS = types.DiagnosticOptions(
    identifier=SOURCE, inter_file_dependencies=False, workspace_diagnostics=False)


# -- client to hot-ls --------------------------------------------------------

def workspace_folders(params: types.InitializeParams) -> list[str]:
    """The folders the editor opened: workspaceFolders, else rootUri, else rootPath."""
    folders = [uri_to_path(f.uri) for f in params.workspace_folders or ()]
    if not folders and params.root_uri:
        folders = [uri_to_path(params.root_uri)]
    if not folders and params.root_path:
        folders = [params.root_path]
    return [f for f in folders if f]


def uri_to_path(uri: str) -> str | None:
    """The filesystem path of a file:// URI; None for untitled: and other schemes."""
    if uri_scheme(uri) != 'file':
        return None
    return to_fs_path(uri)


def edits(changes: Sequence[types.TextDocumentContentChangeEvent]) -> list[Edit]:
    result = []
    for change in changes:
        if isinstance(change, types.TextDocumentContentChangePartial):
            start, end = change.range.start, change.range.end
            result.append(Edit(change.text, (start.line, start.character),
                               (end.line, end.character)))
        else:
            result.append(Edit(change.text))
    return result


# -- hot-ls to client --------------------------------------------------------

def lsp_range(lines: LineIndex, start: int, end: int, encoding: Encoding) -> types.Range:
    s = lines.position(start, encoding)
    e = lines.position(end, encoding)
    return types.Range(types.Position(s.line, s.character), types.Position(e.line, e.character))


def _related_location(r, lines: LineIndex, uri: str, features: ClientFeatures) -> types.Location:
    """A related place: in the document, or in the other file it names (its own lines)."""
    if r.path is None:
        return types.Location(uri, lsp_range(lines, r.start, r.end, features.encoding))
    return types.Location(from_fs_path(r.path), lsp_range(r.lines, r.start, r.end,
                                                           features.encoding))


def diagnostic(d: Diagnostic, lines: LineIndex, uri: str,
               features: ClientFeatures) -> types.Diagnostic:
    related = None
    if features.related_information and d.related:
        related = [types.DiagnosticRelatedInformation(_related_location(r, lines, uri, features),
                                                      r.message)
                   for r in d.related if r.path is None or r.lines is not None]
    tags = [_TAGS[t] for t in d.tags if int(_TAGS[t]) in features.tags] or None
    return types.Diagnostic(
        range=lsp_range(lines, d.start, d.end, features.encoding),
        message=d.message,
        severity=types.DiagnosticSeverity(int(d.severity)),
        code=d.code,
        source=SOURCE,
        related_information=related,
        tags=tags,
        data=d.data,
    )


def diagnostics(analysis: Analysis | None, uri: str,
                features: ClientFeatures) -> list[types.Diagnostic]:
    if analysis is None:
        return []
    lines = analysis.tree.lines
    return [diagnostic(d, lines, uri, features) for d in analysis.diagnostics]


def publish(document: Document, analysis: Analysis | None,
            features: ClientFeatures) -> types.PublishDiagnosticsParams:
    return types.PublishDiagnosticsParams(
        uri=document.uri, version=document.version,
        diagnostics=diagnostics(analysis, document.uri, features))


def cleared(uri: str) -> types.PublishDiagnosticsParams:
    return types.PublishDiagnosticsParams(uri=uri, diagnostics=[])


def report(document: Document, analysis: Analysis | None, result_id: str,
           previous_result_id: str | None, features: ClientFeatures
           ) -> types.RelatedFullDocumentDiagnosticReport | types.RelatedUnchangedDocumentDiagnosticReport:
    if previous_result_id == result_id:
        return types.RelatedUnchangedDocumentDiagnosticReport(result_id=result_id)
    return types.RelatedFullDocumentDiagnosticReport(
        items=diagnostics(analysis, document.uri, features), result_id=result_id)


def message_type(level: int) -> types.MessageType:
    if level >= logging.ERROR:
        return types.MessageType.Error
    if level >= logging.WARNING:
        return types.MessageType.Warning
    if level >= logging.INFO:
        return types.MessageType.Info
    return types.MessageType.Log


def log_message(level: int, text: str) -> types.LogMessageParams:
    return types.LogMessageParams(type=message_type(level), message=text)


def show_message(level: int, text: str) -> types.ShowMessageParams:
    return types.ShowMessageParams(type=message_type(level), message=text)


def configuration_request(section: str) -> types.ConfigurationParams:
    return types.ConfigurationParams(items=[types.ConfigurationItem(section=section)])


# -- language features ---------------------------------------------------------

_FENCE = re.compile(r'^(`{3,}|~{3,})[^\n]*$', re.MULTILINE)
_EMPHASIS = re.compile(r'(\*\*|__)(.+?)\1|(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])')
_INLINE_CODE = re.compile(r'(`+) ?(.+?) ?\1')


def plain_text(markdown: str) -> str:
    """Markdown reduced to readable plain text, for clients that take no markdown."""
    text = _FENCE.sub('', markdown)
    text = _INLINE_CODE.sub(lambda m: m.group(2), text)
    text = _EMPHASIS.sub(lambda m: m.group(2) if m.group(2) is not None else m.group(3), text)
    text = re.sub(r'^-{3,}$', '', text, flags=re.MULTILINE)
    return re.sub(r'\n{3,}', '\n\n', text).strip()


def markup(markdown: str | None, use_markdown: bool) -> types.MarkupContent | None:
    """hot-ls's Markdown for a client: as is, or as plain text when it takes no Markdown.

    The one way documentation reaches a client (completion, hover, signature help).
    """
    if not markdown:
        return None
    if use_markdown:
        return types.MarkupContent(kind=types.MarkupKind.Markdown, value=markdown)
    return types.MarkupContent(kind=types.MarkupKind.PlainText, value=plain_text(markdown))


# Every kind of hot-ls's is mapped (tests/server/test_server_units.py checks each enum).
ITEM_KINDS: dict[ItemKind, types.CompletionItemKind] = {
    ItemKind.SECTION: types.CompletionItemKind.Module,
    ItemKind.KEYWORD: types.CompletionItemKind.Keyword,
    ItemKind.FUNCTION: types.CompletionItemKind.Function,
    ItemKind.PARAMETER: types.CompletionItemKind.Variable,
    ItemKind.RESOURCE: types.CompletionItemKind.Reference,
    ItemKind.RESOURCE_TYPE: types.CompletionItemKind.Class,
    ItemKind.PROPERTY: types.CompletionItemKind.Property,
    ItemKind.ATTRIBUTE: types.CompletionItemKind.Field,
    ItemKind.CONDITION: types.CompletionItemKind.Constant,
    ItemKind.OUTPUT: types.CompletionItemKind.Variable,
    ItemKind.VALUE: types.CompletionItemKind.Value,
    ItemKind.VERSION: types.CompletionItemKind.EnumMember,
    ItemKind.FILE: types.CompletionItemKind.File,
    ItemKind.SNIPPET: types.CompletionItemKind.Snippet,
}


_PLACEHOLDER = re.compile(r'\$\{\d+:')                        # ${1:name}
_CHOICE = re.compile(r'\$\{\d+\|([^,}|]*)[^}]*\}')              # ${1|a,b|}
_TABSTOP = re.compile(r'\$\{\d+\}|\$\d+')                      # ${1}, $0


def plain_snippet(text: str) -> str:
    """A snippet as plain text, for clients without snippet support.

    A placeholder stands for a name the user must choose (`resource_name`):
    such text must never land in the file, so the insertion stops where the
    first one begins (an opening quote just before it goes too), leaving the
    cursor where that name is to be typed.  A choice inserts its first
    option, a bare tab stop nothing: `flavor: ${1}` gives `flavor: `.
    """
    placeholder = _PLACEHOLDER.search(text)
    if placeholder is not None:
        text = text[:placeholder.start()].rstrip('\'"')
    text = _CHOICE.sub(r'\1', text)
    text = _TABSTOP.sub('', text)
    return re.sub(r'\\([$}\\])', r'\1', text)


def completion(result: ours.CompletionResult, lines: LineIndex,
               features: ClientFeatures) -> types.CompletionList:
    items = []
    for entry in result.items:
        text = entry.insert_text if entry.insert_text is not None else entry.label
        snippet = entry.snippet and features.snippets
        if entry.snippet and not features.snippets:
            text = plain_snippet(text)
        edit = None
        if entry.replace is not None:
            edit = types.TextEdit(lsp_range(lines, entry.replace.start, entry.replace.end,
                                            features.encoding), text)
        tags = [types.CompletionItemTag.Deprecated] if (
            entry.deprecated and features.completion_deprecated) else None
        items.append(types.CompletionItem(
            label=entry.label,
            kind=ITEM_KINDS[entry.kind],
            detail=entry.detail,
            documentation=markup(entry.documentation, features.completion_markdown),
            sort_text=entry.sort_text,
            # The label filters as well; a filterText equal to it would only keep Neovim
            # before 0.10 from replacing the item's range (it then inserts at the last
            # keyword, after `OS::Nova::`, and doubles the prefix).
            filter_text=entry.filter_text if entry.filter_text != entry.label else None,
            insert_text=None if edit else text,
            text_edit=edit,
            insert_text_format=(types.InsertTextFormat.Snippet if snippet
                                else types.InsertTextFormat.PlainText),
            tags=tags,
            deprecated=True if entry.deprecated and not features.completion_deprecated else None,
            preselect=entry.preselect or None,
        ))
    return types.CompletionList(is_incomplete=result.incomplete, items=items)


COMPLETION_OPTIONS = types.CompletionOptions(
    trigger_characters=[':', ' ', '[', ',', '{', '-', '/'], resolve_provider=False)


# -- evaluated values: inlay hints, or code lenses --------------------------------

SHOW_VALUE_COMMAND = 'hot-ls.showValue'
PREVIEW_COMMAND = 'hot-ls.previewOutputs'
SHOW_GRAPH_COMMAND = 'hot-ls.showGraph'


def inlay_hints(hints: list[ours.InlayHint], lines: LineIndex,
                features: ClientFeatures) -> list[types.InlayHint]:
    out = []
    for hint in hints:
        position = lines.position(hint.offset, features.encoding)
        out.append(types.InlayHint(
            position=types.Position(position.line, position.character), label=hint.label,
            tooltip=hint.tooltip, padding_left=hint.padding_left))
    return out


def code_lenses(hints: list[ours.InlayHint], lines: LineIndex,
                features: ClientFeatures) -> list[types.CodeLens]:
    """The same values as lenses above their lines, for clients without inlay hints."""
    out = []
    for hint in hints:
        position = lines.position(hint.offset, features.encoding)
        where = types.Range(types.Position(position.line, 0), types.Position(position.line, 0))
        out.append(types.CodeLens(range=where, command=types.Command(
            title=hint.label, command=SHOW_VALUE_COMMAND, arguments=[hint.tooltip or hint.label])))
    return out


# -- hover and signature help ------------------------------------------------------

def hover(result: ours.Hover | None, lines: LineIndex,
          features: ClientFeatures) -> types.Hover | None:
    if result is None or not result.markdown:
        return None
    where = None
    if result.span is not None:
        where = lsp_range(lines, result.span.start, result.span.end, features.encoding)
    return types.Hover(contents=markup(result.markdown, features.hover_markdown), range=where)


def _utf16_length(text: str) -> int:
    return len(text.encode('utf-16-le')) // 2


def signature_help(result: ours.SignatureHelp | None,
                   features: ClientFeatures) -> types.SignatureHelp | None:
    if result is None or not result.signatures:
        return None
    signatures = []
    for signature in result.signatures:
        parameters = []
        for parameter in signature.parameters:
            label: str | tuple[int, int] = parameter.label
            if features.signature_label_offsets and parameter.span is not None:
                # Offsets count UTF-16 code units, as positions do by default.
                start, end = parameter.span
                before = _utf16_length(signature.label[:start])
                label = (before, before + _utf16_length(signature.label[start:end]))
            parameters.append(types.ParameterInformation(
                label=label,
                documentation=markup(parameter.documentation, features.signature_markdown)))
        signatures.append(types.SignatureInformation(
            label=signature.label,
            documentation=markup(signature.documentation, features.signature_markdown),
            parameters=parameters))
    return types.SignatureHelp(signatures=signatures, active_signature=result.active_signature,
                               active_parameter=result.active_parameter)


SIGNATURE_HELP_OPTIONS = types.SignatureHelpOptions(trigger_characters=[':', '[', ',', ' '],
                                                    retrigger_characters=[','])


# -- navigation and structure ------------------------------------------------------

def _structure_features(text_document: types.TextDocumentClientCapabilities | None) -> dict:
    """The ClientFeatures of document symbols and folding ranges."""
    symbols = text_document.document_symbol if text_document else None
    folding = text_document.folding_range if text_document else None
    symbol_tags = symbols.tag_support.value_set if symbols and symbols.tag_support else []
    return dict(
        hierarchical_symbols=bool(symbols and symbols.hierarchical_document_symbol_support),
        symbol_tags=types.SymbolTag.Deprecated in symbol_tags,
        folding_limit=folding.range_limit if folding and folding.range_limit else None,
    )


#: The line index of another file (its editor buffer or its text on disk), or None.
LinesOf = Callable[[str], 'LineIndex | None']


def _no_lines(path: str) -> None:
    return None


def path_to_uri(path: str) -> str:
    return from_fs_path(path) or path


def location(result: ours.Location, uri: str, lines: LineIndex, features: ClientFeatures,
             lines_of: LinesOf = _no_lines) -> types.Location:
    """A hot-ls Location: in this document, or in another file (its start when that file's
    lines are not at hand)."""
    if result.path is not None:
        other = lines_of(result.path)
        if other is None:
            start = types.Position(0, 0)
            return types.Location(path_to_uri(result.path), types.Range(start, start))
        return types.Location(path_to_uri(result.path),
                              lsp_range(other, result.start, result.end, features.encoding))
    return types.Location(uri, lsp_range(lines, result.start, result.end, features.encoding))


def locations(results: list[ours.Location], uri: str, lines: LineIndex,
              features: ClientFeatures, lines_of: LinesOf = _no_lines) -> list[types.Location]:
    return [location(r, uri, lines, features, lines_of) for r in results]


def nesting_item(item: ours.NestingItem, features: ClientFeatures,
                 lines_of: LinesOf = _no_lines) -> types.CallHierarchyItem:
    """A template of the nesting hierarchy: the whole file, selected at its start."""
    lines = lines_of(item.path)
    whole = lsp_range(lines, 0, item.length, features.encoding) if lines is not None \
        else types.Range(types.Position(0, 0), types.Position(0, 0))
    start = types.Range(types.Position(0, 0), types.Position(0, 0))
    return types.CallHierarchyItem(
        name=item.name, kind=types.SymbolKind.File, uri=path_to_uri(item.path), range=whole,
        selection_range=start, detail=item.detail or None, data={'path': item.path})


def _site_ranges(sites, path: str, features: ClientFeatures,
                 lines_of: LinesOf) -> list[types.Range]:
    lines = lines_of(path)
    if lines is None:
        return []
    return [lsp_range(lines, site.start, site.end, features.encoding) for site in sites]


def incoming_calls(calls: list[ours.NestingCall], features: ClientFeatures,
                   lines_of: LinesOf = _no_lines) -> list[types.CallHierarchyIncomingCall]:
    """Each nesting template, with its resources' types (in that template)."""
    return [types.CallHierarchyIncomingCall(
        from_=nesting_item(call.item, features, lines_of),
        from_ranges=_site_ranges(call.sites, call.item.path, features, lines_of))
        for call in calls]


def outgoing_calls(calls: list[ours.NestingCall], path: str, features: ClientFeatures,
                   lines_of: LinesOf = _no_lines) -> list[types.CallHierarchyOutgoingCall]:
    """Each nested template, with the types (in `path`) of the resources that nest it."""
    return [types.CallHierarchyOutgoingCall(
        to=nesting_item(call.item, features, lines_of),
        from_ranges=_site_ranges(call.sites, path, features, lines_of))
        for call in calls]


def document_highlights(results: list[ours.DocumentHighlight], lines: LineIndex,
                        features: ClientFeatures) -> list[types.DocumentHighlight]:
    return [types.DocumentHighlight(
        range=lsp_range(lines, h.start, h.end, features.encoding),
        kind=types.DocumentHighlightKind.Write if h.write else types.DocumentHighlightKind.Read)
        for h in results]


def prepare_rename(span: ours.Span | None, lines: LineIndex,
                   features: ClientFeatures) -> types.Range | None:
    if span is None:
        return None
    return lsp_range(lines, span.start, span.end, features.encoding)


def workspace_edit(result: ours.RenameResult, uri: str, lines: LineIndex,
                   features: ClientFeatures, lines_of: LinesOf = _no_lines,
                   versions: 'Callable[[str], int | None] | None' = None) -> types.WorkspaceEdit:
    """The edits of a rename: in this document and in the other files it reaches (an
    edit in a file whose lines are not at hand is left out)."""
    by_uri: dict[str, list[types.TextEdit]] = {}
    for edit in result.edits:
        if edit.path is None:
            target, index = uri, lines
        else:
            target, index = path_to_uri(edit.path), lines_of(edit.path)
            if index is None:
                continue
        by_uri.setdefault(target, []).append(types.TextEdit(
            lsp_range(index, edit.start, edit.end, features.encoding), edit.new_text))
    return _grouped(by_uri, uri, features, versions)


def file_edits(edits: Sequence[ours.TextEdit], features: ClientFeatures, lines_of: LinesOf,
               versions: 'Callable[[str], int | None]') -> types.WorkspaceEdit:
    """Edits in files (each with its path), none in a document of the request."""
    by_uri: dict[str, list[types.TextEdit]] = {}
    for edit in edits:
        index = lines_of(edit.path) if edit.path is not None else None
        if index is not None:
            by_uri.setdefault(path_to_uri(edit.path), []).append(types.TextEdit(
                lsp_range(index, edit.start, edit.end, features.encoding), edit.new_text))
    return _grouped(by_uri, None, features, versions)


def _grouped(by_uri: dict[str, list[types.TextEdit]], uri: str | None,
             features: ClientFeatures,
             versions: 'Callable[[str], int | None] | None') -> types.WorkspaceEdit:
    if features.document_changes and versions is not None:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            types.OptionalVersionedTextDocumentIdentifier(uri=target, version=versions(target)),
            edits) for target, edits in by_uri.items()])
    return types.WorkspaceEdit(changes=by_uri or ({uri: []} if uri is not None else {}))


#: every file and folder of the editor's (a `get_file` target may have any name)
FILE_MOVE_OPTIONS = types.FileOperationRegistrationOptions(filters=[
    types.FileOperationFilter(pattern=types.FileOperationPattern(glob='**/*'), scheme='file')])


def document_links(results: list[ours.DocumentLink], lines: LineIndex,
                   features: ClientFeatures) -> list[types.DocumentLink]:
    return [types.DocumentLink(range=lsp_range(lines, link.start, link.end, features.encoding),
                               target=path_to_uri(link.path)) for link in results]


def workspace_symbols(results: list[ours.WorkspaceSymbol], features: ClientFeatures,
                      lines_of: LinesOf = _no_lines) -> list[types.SymbolInformation]:
    out = []
    for symbol in results:
        lines = lines_of(symbol.path)
        if lines is None:
            continue
        out.append(types.SymbolInformation(
            name=symbol.name, kind=SYMBOL_KINDS[symbol.kind],
            location=types.Location(path_to_uri(symbol.path),
                                    lsp_range(lines, symbol.start, symbol.end, features.encoding)),
            container_name=symbol.container))
    return out


WATCHED_FILES = ('**/*.yaml', '**/*.yml', '**/*.template', '**/*.json',
                 '**/.hot-ls.toml', '**/pyproject.toml')


def watched_files_registration() -> types.RegistrationParams:
    """Ask the client to report changes to every file that may be a Heat document."""
    options = types.DidChangeWatchedFilesRegistrationOptions(
        watchers=[types.FileSystemWatcher(glob_pattern=glob) for glob in WATCHED_FILES])
    return types.RegistrationParams(registrations=[types.Registration(
        id='hot-ls-watched-files', method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=options)])


def changed_paths(params: types.DidChangeWatchedFilesParams) -> list[str]:
    return [path for path in (uri_to_path(change.uri) for change in params.changes) if path]


def progress_begin(title: str, message: str) -> types.WorkDoneProgressBegin:
    return types.WorkDoneProgressBegin(title=title, message=message, percentage=0,
                                       cancellable=False)


def progress_report(message: str, percentage: int) -> types.WorkDoneProgressReport:
    return types.WorkDoneProgressReport(message=message, percentage=percentage)


def progress_end(message: str) -> types.WorkDoneProgressEnd:
    return types.WorkDoneProgressEnd(message=message)


class Refusal(JsonRpcException):
    """An expected refusal (a rename the name cannot take): a RequestFailed error the client
    shows, logged without a traceback (`protocol.HotProtocol`)."""


def request_failed(message: str) -> Refusal:
    """An error response shown to the user (e.g. a refused rename)."""
    return Refusal(message=message, code=int(types.LSPErrorCodes.RequestFailed))


SYMBOL_KINDS: dict[SymbolKind, types.SymbolKind] = {
    SymbolKind.SECTION: types.SymbolKind.Module,
    SymbolKind.PARAMETER: types.SymbolKind.Variable,
    SymbolKind.RESOURCE: types.SymbolKind.Object,
    SymbolKind.OUTPUT: types.SymbolKind.Property,
    SymbolKind.CONDITION: types.SymbolKind.Boolean,
    SymbolKind.PARAMETER_GROUP: types.SymbolKind.Namespace,
    SymbolKind.PROPERTY: types.SymbolKind.Property,
    SymbolKind.REGISTRY_ENTRY: types.SymbolKind.Class,
}


def document_symbols(results: list[ours.DocumentSymbol], uri: str, lines: LineIndex,
                     features: ClientFeatures
                     ) -> list[types.DocumentSymbol] | list[types.SymbolInformation]:
    """The outline: nested DocumentSymbols, or flat SymbolInformation for clients that
    take no hierarchy.  (Module functions that recurse, not closures: a closure calling
    itself is a reference cycle holding everything it sees.)"""
    if features.hierarchical_symbols:
        return [_nested_symbol(symbol, lines, features) for symbol in results]
    flat: list[types.SymbolInformation] = []
    for symbol in results:
        _flat_symbols(symbol, None, uri, lines, features, flat)
    return flat


def _symbol_tags(symbol: ours.DocumentSymbol, features: ClientFeatures):
    return [types.SymbolTag.Deprecated] if symbol.deprecated and features.symbol_tags else None


def _symbol_deprecated(symbol: ours.DocumentSymbol, features: ClientFeatures):
    return True if symbol.deprecated and not features.symbol_tags else None


def _nested_symbol(symbol: ours.DocumentSymbol, lines: LineIndex,
                   features: ClientFeatures) -> types.DocumentSymbol:
    encoding = features.encoding
    return types.DocumentSymbol(
        name=symbol.name, detail=symbol.detail,
        kind=SYMBOL_KINDS[symbol.kind],
        range=lsp_range(lines, symbol.range.start, symbol.range.end, encoding),
        selection_range=lsp_range(lines, symbol.selection.start, symbol.selection.end,
                                  encoding),
        tags=_symbol_tags(symbol, features), deprecated=_symbol_deprecated(symbol, features),
        children=[_nested_symbol(child, lines, features) for child in symbol.children] or None)


def _flat_symbols(symbol: ours.DocumentSymbol, container: str | None, uri: str,
                  lines: LineIndex, features: ClientFeatures,
                  flat: list[types.SymbolInformation]) -> None:
    flat.append(types.SymbolInformation(
        name=symbol.name, kind=SYMBOL_KINDS[symbol.kind],
        location=types.Location(uri, lsp_range(lines, symbol.range.start, symbol.range.end,
                                               features.encoding)),
        container_name=container, tags=_symbol_tags(symbol, features),
        deprecated=_symbol_deprecated(symbol, features)))
    for child in symbol.children:
        _flat_symbols(child, symbol.name, uri, lines, features, flat)


FOLDING_KINDS: dict[FoldingKind, types.FoldingRangeKind] = {
    FoldingKind.COMMENT: types.FoldingRangeKind.Comment,
    FoldingKind.REGION: types.FoldingRangeKind.Region,
}


def folding_ranges(results: list[ours.FoldingRange],
                   features: ClientFeatures) -> list[types.FoldingRange]:
    if features.folding_limit is not None:
        results = results[:features.folding_limit]
    return [types.FoldingRange(start_line=r.start_line, end_line=r.end_line,
                               kind=FOLDING_KINDS[r.kind] if r.kind else None)
            for r in results]


def selection_ranges(results: list[ours.SelectionRange], lines: LineIndex,
                     features: ClientFeatures) -> list[types.SelectionRange]:
    out = []
    for result in results:
        parent = None
        for span in reversed(result.spans):
            parent = types.SelectionRange(
                range=lsp_range(lines, span.start, span.end, features.encoding), parent=parent)
        if parent is None:
            start = types.Position(0, 0)
            parent = types.SelectionRange(range=types.Range(start, start))
        out.append(parent)
    return out


# The legend: LSP's standard token types, so every theme colours them.  A reference
# to a resource is a `variable`, a condition an `enumMember`, an output a `property`.
SEMANTIC_TOKEN_TYPES = ['function', 'parameter', 'variable', 'enumMember', 'type', 'property']
SEMANTIC_TOKEN_MODIFIERS = ['declaration', 'deprecated', 'defaultLibrary']
TOKEN_TYPES: dict[TokenType, int] = {
    TokenType.FUNCTION: SEMANTIC_TOKEN_TYPES.index('function'),
    TokenType.PARAMETER: SEMANTIC_TOKEN_TYPES.index('parameter'),
    TokenType.RESOURCE: SEMANTIC_TOKEN_TYPES.index('variable'),
    TokenType.CONDITION: SEMANTIC_TOKEN_TYPES.index('enumMember'),
    TokenType.TYPE: SEMANTIC_TOKEN_TYPES.index('type'),
    TokenType.OUTPUT: SEMANTIC_TOKEN_TYPES.index('property'),
    TokenType.PROPERTY: SEMANTIC_TOKEN_TYPES.index('property'),
}
TOKEN_MODIFIERS: dict[TokenModifier, int] = {
    modifier: 1 << SEMANTIC_TOKEN_MODIFIERS.index(modifier.value) for modifier in TokenModifier}
SEMANTIC_LEGEND = types.SemanticTokensLegend(token_types=SEMANTIC_TOKEN_TYPES,
                                             token_modifiers=SEMANTIC_TOKEN_MODIFIERS)


def semantic_tokens(results: list[ours.SemanticToken], lines: LineIndex,
                    features: ClientFeatures) -> types.SemanticTokens:
    """Tokens (sorted, single-line, disjoint) in LSP's relative encoding:
    delta line, delta start character, length, type, modifier bits."""
    data: list[int] = []
    encoding = features.encoding
    text = lines.text
    native = encoding is Encoding.UTF32
    bits: dict[frozenset, int] = {}
    line = line_start = next_start = -1
    previous_line = previous_character = 0
    for token in results:
        start, end = token.start, token.end
        if start >= next_start or start < line_start:
            line = lines.line_of(start)
            line_start = lines.line_start(line)
            next_start = (lines.line_start(line + 1) if line + 1 < lines.line_count
                          else len(text) + 1)
        if end <= start or end >= next_start:
            continue  # empty, or not within one line
        if native:
            character, length = start - line_start, end - start
        else:
            character = units_in(text[line_start:start], encoding)
            length = units_in(text[start:end], encoding)
        modifiers = bits.get(token.modifiers)
        if modifiers is None:
            modifiers = 0
            for modifier in token.modifiers:
                modifiers |= TOKEN_MODIFIERS[modifier]
            bits[token.modifiers] = modifiers
        delta_line = line - previous_line
        data.extend((delta_line, character - previous_character if delta_line == 0 else character,
                     length, TOKEN_TYPES[token.type], modifiers))
        previous_line, previous_character = line, character
    return types.SemanticTokens(data=data)


# -- code actions ------------------------------------------------------------------

def _code_action_features(capabilities: types.ClientCapabilities) -> dict:
    workspace = capabilities.workspace
    edit = workspace.workspace_edit if workspace else None
    text_document = capabilities.text_document
    actions = text_document.code_action if text_document else None
    operations = [str(getattr(o, 'value', o)) for o in (edit.resource_operations or ())] \
        if edit else []
    return dict(
        document_changes=bool(edit and edit.document_changes),
        # (resource operations live in documentChanges only: a client that declares one takes
        # them, as Neovim does without declaring documentChanges)
        create_files='create' in operations,
        code_action_literals=bool(actions and actions.code_action_literal_support),
    )


CODE_ACTION_OPTIONS = types.CodeActionOptions(
    code_action_kinds=[types.CodeActionKind.QuickFix, types.CodeActionKind.Refactor,
                       types.CodeActionKind.SourceFixAll],
    resolve_provider=False)


def range_offsets(where: types.Range, lines: LineIndex, encoding: Encoding) -> tuple[int, int]:
    start = lines.offset(where.start.line, where.start.character, encoding)
    end = lines.offset(where.end.line, where.end.character, encoding)
    return start, max(start, end)


def context_diagnostics(sent: Sequence[types.Diagnostic], analysis: Analysis | None,
                        lines: LineIndex, features: ClientFeatures
                        ) -> list[tuple[Diagnostic, types.Diagnostic]] | None:
    """The client's diagnostics of a code action request as hot-ls's own, matched by code and
    range (then message, then data) in the analysis of the current text.  None: the client
    sent none of hot-ls's."""
    ours = [d for d in sent if d.source in (SOURCE, None) and isinstance(d.code, str)]
    if not ours or analysis is None:
        return None
    matched = []
    for lsp in ours:
        start, end = range_offsets(lsp.range, lines, features.encoding)
        same = [d for d in analysis.diagnostics
                if d.code == lsp.code and d.start == start and d.end == end]
        best = (next((d for d in same if d.message == lsp.message), None)
                or next((d for d in same if d.data == lsp.data), None)
                or (same[0] if same else None))
        if best is not None and not any(best is m for m, _ in matched):
            matched.append((best, lsp))
    return matched


def wanted_kind(kind: str, only: Sequence[str] | None) -> bool:
    """Whether a code action kind is among those the client asked for (LSP's hierarchy:
    'refactor' covers 'refactor.extract')."""
    if not only:
        return True
    return any(kind == str(k) or kind.startswith(f'{k}.') or not str(k) for k in only)


def code_actions(results: list[ours.CodeAction], uri: str, version: int | None, lines: LineIndex,
                 sent: list[tuple[Diagnostic, types.Diagnostic]], only: Sequence[str] | None,
                 features: ClientFeatures, lines_of: LinesOf = _no_lines,
                 versions: 'Callable[[str], int | None]' = lambda uri: None
                 ) -> list[types.CodeAction]:
    """hot-ls CodeActions as LSP's, with the client's own diagnostic objects where it sent
    them; versioned document edits for clients that take them.  An action that edits
    another file needs its lines (`lines_of`), and one that creates a file a client that
    creates files: else it is left out."""
    if not features.code_action_literals:
        return []  # such a client takes only Commands, and hot-ls's fixes are edits
    originals = {id(d): lsp for d, lsp in sent}
    out = []
    for action in results:
        kind = str(getattr(action.kind, 'value', action.kind))
        if not wanted_kind(kind, [str(getattr(k, 'value', k)) for k in only or ()]):
            continue
        edit = _action_edit(action, uri, version, lines, features, lines_of, versions)
        if edit is None:
            continue
        diagnostics = [originals.get(id(d)) or diagnostic(d, lines, uri, features)
                       for d in action.diagnostics]
        out.append(types.CodeAction(
            title=action.title, kind=kind, diagnostics=diagnostics or None, edit=edit,
            is_preferred=True if action.preferred else None))
    return out


def _action_edit(action: ours.CodeAction, uri: str, version: int | None, lines: LineIndex,
                 features: ClientFeatures, lines_of: LinesOf,
                 versions: 'Callable[[str], int | None]') -> types.WorkspaceEdit | None:
    """One action's edits as a WorkspaceEdit: this document's, then each other file's (a file
    created first); None when the client cannot make them all."""
    by_uri: dict[str, list[types.TextEdit]] = {uri: []}
    created: list[str] = []
    for e in action.edits:
        if e.path is None:
            target, index = uri, lines
        elif e.create:
            if not features.create_files:
                return None
            target, index = path_to_uri(e.path), LineIndex('')
            created.append(target)
        else:
            target, index = path_to_uri(e.path), lines_of(e.path)
            if index is None:
                return None
        by_uri.setdefault(target, []).append(types.TextEdit(
            lsp_range(index, e.start, e.end, features.encoding), e.new_text))
    if not by_uri[uri] and len(by_uri) > 1:
        del by_uri[uri]
    if not features.document_changes and not created:
        return types.WorkspaceEdit(changes=by_uri)
    changes: list = [types.CreateFile(uri=target, options=types.CreateFileOptions(
        ignore_if_exists=True)) for target in created]
    changes += [types.TextDocumentEdit(types.OptionalVersionedTextDocumentIdentifier(
        uri=target, version=version if target == uri else
        None if target in created else versions(target)), edits)
        for target, edits in by_uri.items()]
    return types.WorkspaceEdit(document_changes=changes)
