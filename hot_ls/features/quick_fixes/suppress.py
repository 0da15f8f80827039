"""Suppression comments: `# hot-ls: disable=CODE` on a line, `# hot-ls: disable-file=CODE` on top.

The engine (`hot_ls.rules.engine`) honours exactly these forms, including a
list extended with `,CODE`.  A comment is never put where it would change
a value: not on a line that ends inside a block scalar or a multi-line
quoted or plain scalar, and not in JSON, which has no comments.
"""
from __future__ import annotations

import re

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit

_COMMENT = re.compile(r'#\s*hot-ls:\s*(disable|disable-file)\s*=\s*')
_CODES = re.compile(r'[A-Za-z0-9_-]+(?: *, *[A-Za-z0-9_-]+)*')
# Syntax errors are to be fixed: a comment on a half-typed line would not help.
_NOT_SUPPRESSIBLE = frozenset({'HOT001'})


def line_comment(code: str) -> str:
    return f'# hot-ls: disable={code}'


def file_comment(code: str) -> str:
    return f'# hot-ls: disable-file={code}'


def _existing(line_text: str, kind: str) -> tuple[int, list[str]] | None:
    """The end of the code list of a `# hot-ls: <kind>=...` comment on the line, and its codes."""
    for match in _COMMENT.finditer(line_text):
        if match.group(1) != kind:
            continue
        codes = _CODES.match(line_text, match.end())
        if codes is None:
            continue
        return codes.end(), [c.strip() for c in codes.group(0).split(',')]
    return None


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
    text = lines.line_text(line)
    if doc.is_inside_multiline_scalar(end):
        return None
    found = _existing(text, 'disable')
    if found is not None:
        at, codes = found
        if diagnostic.code in codes or diagnostic.name in codes or 'all' in codes:
            return None
        return TextEdit(start + at, start + at, f',{diagnostic.code}')
    content = text.rstrip(' \t')
    comment = line_comment(diagnostic.code)
    return TextEdit(start + len(content), end, ('  ' + comment) if content.strip() else comment)


def _file_edit(ctx: FixContext, diagnostic) -> TextEdit | None:
    doc = ctx.doc
    lines = doc.lines
    for line in range(lines.line_count):
        text = lines.line_text(line)
        if 'hot-ls:' not in text:
            continue
        found = _existing(text, 'disable-file')
        if found is None or doc.is_inside_multiline_scalar(lines.line_end(line)):
            continue
        at, codes = found
        if diagnostic.code in codes or diagnostic.name in codes:
            return None
        offset = lines.line_start(line) + at
        return TextEdit(offset, offset, f',{diagnostic.code}')
    offset = 1 if doc.text.startswith('\ufeff') else 0
    return TextEdit(offset, offset, file_comment(diagnostic.code) + doc.newline)
