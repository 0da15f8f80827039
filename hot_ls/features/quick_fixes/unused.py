"""HOT010 unused-suppression: remove the code from its comment, or the comment when it is the last.

The comment is read with the one grammar (hot_ls.analysis.suppressions).
A code among others goes with its comma: the first code with the comma
and blanks after it (and its reason, which the grammar gives it), any
other code with the comma (and blanks) before it (a reason after it
stays: it is the comment's).  A comment's last code takes the whole comment with it, and
the blanks before it; a comment alone on its line takes the line.  Like
the suppress fixes, nothing is edited where the "comment" is text inside
a multi-line scalar.
"""
from __future__ import annotations

from hot_ls.analysis.suppressions import NamedCode, Suppression, comments_on_line
from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit


def remove_unused_suppression(ctx: FixContext, diagnostic) -> list[CodeAction]:
    doc = ctx.doc
    lines = doc.lines
    line = lines.line_of(diagnostic.start)
    if doc.is_json or doc.is_inside_multiline_scalar(lines.line_end(line)):
        return []
    comments = comments_on_line(lines, line)
    for index, comment in enumerate(comments):
        named = next((c for c in comment.codes if c.start == diagnostic.start), None)
        if named is None:
            continue
        if len(comment.codes) > 1:
            edit = _remove_code(doc.text, comment, named)
            title = f'Remove unused suppression {named.code}'
        else:
            following = comments[index + 1].start if index + 1 < len(comments) else None
            edit = _remove_comment(ctx, comment, line, following)
            title = 'Remove unused suppression comment'
        return [quickfix(title, [edit], [diagnostic], preferred=True)]
    return []


def _remove_code(text: str, comment: Suppression, named: NamedCode) -> TextEdit:
    codes = comment.codes
    position = codes.index(named)
    if position + 1 < len(codes):
        return TextEdit(named.start, codes[position + 1].start, '')
    start = text.rfind(',', codes[position - 1].end, named.start)
    while text[start - 1] in ' \t':
        start -= 1
    return TextEdit(start, named.end, '')


def _remove_comment(ctx: FixContext, comment: Suppression, line: int,
                    following: int | None) -> TextEdit:
    lines = ctx.doc.lines
    text = ctx.doc.text
    line_start, line_end = lines.line_start(line), lines.line_end(line)
    end = following if following is not None else line_end
    start = comment.start
    while start > line_start and text[start - 1] in ' \t':
        start -= 1
    if start == line_start and end == line_end:  # alone on its line: the line goes
        if line + 1 < lines.line_count:
            return TextEdit(line_start, lines.line_start(line + 1), '')
        if line > 0:
            return TextEdit(lines.line_end(line - 1), line_end, '')
        return TextEdit(line_start, line_end, '')
    if following is not None:  # keep one blank before the next comment
        return TextEdit(comment.start, end, '')
    return TextEdit(start, end, '')
