"""HOT001, a tab where YAML wants indentation: indent the line with spaces instead.

The column is the one the line above tells: one indentation step deeper
after a key that opens a block (`key:`, `- key:`), the column of the item's
content after `- key: value`, the dash's after an item that is a scalar,
else the line above's own.  On a line under one indented with tabs, the
first line begun with a tab tells the width instead (below).

The parser stops at the first tab; the others are fixed with it: every
other line that begins with tabs gets them expanded to the width that puts
the first line at its column (as the author's editor showed them).  Only the
tabs a line begins with: a block scalar's content starts after its
indentation, so a script's own tabs stay.
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.yaml_edit import Doc
from hot_ls.features.types import CodeAction, TextEdit


def indent_with_spaces(ctx: FixContext, diagnostic) -> list[CodeAction]:
    doc = ctx.doc
    text = doc.text
    at = diagnostic.start
    if doc.is_json or not 0 <= at < len(text) or text[at] != '\t':
        return []
    line = doc.lines.line_of(at)
    start = doc.lines.line_start(line)
    end = _indentation_end(text, start, ' \t')
    if at >= end:
        return []  # (a tab after the line's first token: not its indentation)
    column = _column_for(doc, line)
    # (under a line indented with tabs: the width the first such line tells)
    width = _tab_width(text[start:end], column) if column is not None else _first_width(doc)
    edits = [TextEdit(start, end, ' ' * column)] if column is not None else []
    if width is not None:  # (every line begun with tabs, the tab that wide)
        for number in range(doc.lines.line_count):
            first = doc.lines.line_start(number)
            if (number == line and column is not None) or not text.startswith('\t', first):
                continue
            last = _indentation_end(text, first, '\t')  # (what follows may be content)
            edits.append(TextEdit(first, last, ' ' * (width * (last - first))))
    if not any(edit.start == start for edit in edits):
        return []
    edits.sort(key=lambda edit: edit.start)
    title = 'Indent with spaces instead of a tab' if len(edits) == 1 else \
        f'Indent with spaces instead of tabs ({len(edits)} lines)'
    return [quickfix(title, edits, [diagnostic], preferred=True)]


def _indentation_end(text: str, start: int, characters: str) -> int:
    end = start
    while end < len(text) and text[end] in characters:
        end += 1
    return end


def _tab_width(indentation: str, column: int) -> int | None:
    """The tab width (2 to 8) that makes `indentation` reach `column`, the smallest: the
    width the author's editor showed, to expand the other lines' tabs with."""
    return next((width for width in range(2, 9)
                 if len(indentation.expandtabs(width)) == column), None)


def _first_width(doc: Doc) -> int | None:
    """The tab width the document's first line begun with a tab tells (None: that line is
    under one indented with tabs too, or it tells none)."""
    text = doc.text
    for number in range(doc.lines.line_count):
        first = doc.lines.line_start(number)
        if text.startswith('\t', first):
            column = _column_for(doc, number)
            if column is None:
                return None
            return _tab_width(text[first:_indentation_end(text, first, ' \t')], column)
    return None


def _column_for(doc: Doc, line: int) -> int | None:
    step = doc.indent_step()
    for number in range(line - 1, -1, -1):
        content = doc.lines.line_text(number).rstrip('\r\n')
        stripped = content.strip()
        if not stripped or stripped.startswith('#'):
            continue
        lead = content[:len(content) - len(content.lstrip(' \t'))]
        if '\t' in lead:
            return None
        column = len(lead)
        body = stripped.split(' #')[0].rstrip()
        dash = column
        while body.startswith('- '):  # (a sequence item's content starts after its dash)
            rest = body[2:]
            column += 2 + len(rest) - len(rest.lstrip(' '))
            body = rest.lstrip(' ')
        if body.endswith(':') or body.endswith(('|', '>', '|-', '>-')):
            return column + step  # (a key that opens a block, or a block scalar)
        if column != dash and ': ' not in body:
            return dash  # (after a scalar item, the next item)
        return column
    return 0
