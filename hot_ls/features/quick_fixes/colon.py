"""HOT001, a key left without its ':': add it (hot_ls.syntax.yaml_errors finds the place);
a ':' libyaml refuses before a flow indicator (`{get_attr:[...]}`): a space after it."""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.types import CodeAction, TextEdit


def add_colon(ctx: FixContext, diagnostic) -> list[CodeAction]:
    at = (diagnostic.data or {}).get('colon_at')
    text = ctx.doc.text
    if not isinstance(at, int) or not 0 < at <= len(text) or ctx.doc.is_json:
        return []
    line_start = text.rfind('\n', 0, at) + 1
    key = text[line_start:at].strip(' \t-')
    if not key or ':' in key:
        return []
    return [quickfix(f'Add ":" after "{key}"', [TextEdit(at, at, ':')], [diagnostic],
                     preferred=True)]


def space_after_colon(ctx: FixContext, diagnostic) -> list[CodeAction]:
    at = (diagnostic.data or {}).get('space_at')
    text = ctx.doc.text
    if not isinstance(at, int) or not 0 < at <= len(text) or text[at - 1] != ':':
        return []
    return [quickfix('Write a space after ":"', [TextEdit(at, at, ' ')], [diagnostic],
                     preferred=True)]
