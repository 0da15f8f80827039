"""Suppression comments: `# hot-ls: disable=CODE` on a line, `# hot-ls: disable-file=CODE` on top.

The comments are written, and existing ones found and extended (`,CODE`),
with the one grammar the engine honours (hot_ls.analysis.suppressions).  A
comment is never put where it would change a value: not on a line that
ends inside a block scalar or a multi-line quoted or plain scalar, and not
in JSON, which has no comments.  A stack's diagnostic shown on its environment
(features.stack_problems) is suppressed there too: a comment on the environment's line
suppresses the template's diagnostic (hot_ls.rules.environment_suppressions).
"""
from __future__ import annotations

from hot_ls.analysis.suppressions import Scope, comments_on_line, file_comment, line_comment
from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit

# Syntax errors are to be fixed: a comment on a half-typed line would not help.
_NOT_SUPPRESSIBLE = frozenset({'HOT001'})


def suppressions(ctx: FixContext, diagnostic) -> list[CodeAction]:
    doc = ctx.doc
    code = diagnostic.code
    if doc.is_json or code in _NOT_SUPPRESSIBLE or not isinstance(code, str):
        return []
    actions = []
    edit = _line_edit(ctx, diagnostic)
    if edit is not None:
        actions.append(quickfix(f'Suppress {code} on this line', [edit], [diagnostic]))
    edit = _file_edit(ctx, diagnostic)
    if edit is not None:
        actions.append(quickfix(f'Suppress {code} in this file', [edit], [diagnostic]))
    return actions


def _line_edit(ctx: FixContext, diagnostic) -> TextEdit | None:
    doc = ctx.doc
    lines = doc.lines
    line = lines.line_of(diagnostic.start)
    start, end = lines.line_start(line), lines.line_end(line)
    if doc.is_inside_multiline_scalar(end):
        return None
    existing = next((c for c in comments_on_line(lines, line) if c.scope is Scope.LINE), None)
    if existing is not None:
        if existing.names(diagnostic.code, diagnostic.name):
            return None
        return TextEdit(existing.append_at, existing.append_at, f',{diagnostic.code}')
    text = lines.line_text(line)
    content = text.rstrip(' \t')
    comment = line_comment(diagnostic.code)
    return TextEdit(start + len(content), end, ('  ' + comment) if content.strip() else comment)


def _file_edit(ctx: FixContext, diagnostic) -> TextEdit | None:
    doc = ctx.doc
    lines = doc.lines
    for comment in ctx.analysis.suppressions.comments:
        if comment.scope is not Scope.FILE:
            continue
        if doc.is_inside_multiline_scalar(lines.line_end(comment.line)):
            continue
        if any(c.code in (diagnostic.code, diagnostic.name) for c in comment.codes):
            return None
        return TextEdit(comment.append_at, comment.append_at, f',{diagnostic.code}')
    offset = 1 if doc.text.startswith('\ufeff') else 0
    return TextEdit(offset, offset, file_comment(diagnostic.code) + doc.newline)
