"""Hover on a suppression comment: the documentation of the rules it names."""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.analysis.suppressions import ALL, MARKER, Scope, comments_on_line
from hot_ls.features.hover.markdown import rule_markdown
from hot_ls.features.types import Hover, Span


def suppression_hover(analysis: Analysis, offset: int) -> Hover | None:
    """On a code of `# hot-ls: disable=...` (or `disable-next-line`, `disable-file`): that rule;
    elsewhere on the comment: every rule it names."""
    if MARKER not in analysis.text:
        return None
    lines = analysis.tree.lines
    for comment in comments_on_line(lines, lines.line_of(offset)):
        if not comment.start <= offset <= comment.end:
            continue
        chosen = [c for c in comment.codes if c.start <= offset <= c.end] or list(comment.codes)
        parts = []
        for named in chosen:
            if named.code == ALL:
                parts.append('**all**: every rule')
                continue
            rule = analysis.rules.find(named.code) if analysis.rules is not None else None
            parts.append(rule_markdown(rule) if rule is not None
                         else f'**{named.code}**: not a hot-ls rule code or name')
        if len(chosen) == 1:
            span = Span(chosen[0].start, chosen[0].end)
        else:
            span = Span(comment.start, comment.end)
        scope = 'in this file' if comment.scope is Scope.FILE else f'on {comment.scope.where}'
        return Hover(f'*Suppressed {scope}:*\n\n' + '\n\n---\n\n'.join(parts), span)
    return None
