"""A key that looks like the one its mapping lacks: rename it (the rule's data `misspelt`,
and `meant`, else `property`, the name it looks like).

- HOT703, a required property that an unknown key of its mapping looks like
  (`flavour` for `flavor`), or every required property of a resource whose
  `properties` key is misspelt (`propertise`): the rename fixes that key's
  HOT702 or HOT112 too;
- HOT113, a resource whose `type` key is misspelt (`tpye`), with its HOT112;
- HOT117, an output whose `value` key is misspelt (`vaule`), with its HOT118;
- HOT203, a parameter whose `type` key is misspelt (`tpye`), with its HOT202.

The diagnostic spans the mapping, or the entry's name (then the mapping is its
definition).
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.yaml_edit import scalar_text
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.syntax import Mapping, Scalar


def rename_misspelt(ctx: FixContext, diagnostic) -> list[CodeAction]:
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    typo, name = misspelt(diagnostic), data.get('meant') or data.get('property')
    if typo is None or not isinstance(name, str):
        return []
    found = ctx.doc.find(diagnostic.start, diagnostic.end)
    if found is not None and found.is_key:  # (an entry's name: its definition)
        found = ctx.doc.find(found.pair.value.start, found.pair.value.end)
    if found is None or not isinstance(found.node, Mapping) or name in found.node.index:
        return []
    container = found.node
    pair = container.pair(typo)
    if pair is None or not isinstance(pair.key, Scalar):
        return []
    key = pair.key
    style = '"' if ctx.doc.is_json else (key.style if key.style in ('"', "'") else '')
    edit = TextEdit(key.start, key.end, scalar_text(name, style, found.flow or container.flow))
    unknown = [d for d in ctx.analysis.diagnostics if d.code in _THE_KEYS_OWN
               and (d.start, d.end) == (key.start, key.end)]
    return [quickfix(f'Change "{typo}" to "{name}"', [edit], [diagnostic] + unknown,
                     preferred=True)]


#: what the misspelt key itself is reported as (unknown property, resource key, output key,
#: parameter key): the rename fixes it too
_THE_KEYS_OWN = frozenset({'HOT702', 'HOT112', 'HOT118', 'HOT202'})


def misspelt(diagnostic) -> str | None:
    """The key a diagnostic's data says is misspelt."""
    data = diagnostic.data
    typo = data.get('misspelt') if isinstance(data, dict) else None
    return typo if isinstance(typo, str) else None
