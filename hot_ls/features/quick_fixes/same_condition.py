"""HOT304, a reference to a resource its condition leaves out: put the referring resource or
output under the same condition (the rule's data `same_condition`: [section, name, condition,
target], given only when the referrer has no condition and the target's is a name).

`condition: <name>` goes after the resource's `type` (or the output's `value`), at the
column of its keys; in a flow mapping, at its end.
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.yaml_edit import scalar_text
from hot_ls.features.types import CodeAction

_AFTER = {'resources': 'type', 'outputs': 'value'}


def same_condition(ctx: FixContext, diagnostic) -> list[CodeAction]:
    wanted = (diagnostic.data or {}).get('same_condition')
    template = ctx.template
    if not (isinstance(wanted, list) and len(wanted) == 4) or template is None \
            or ctx.doc.is_json:
        return []
    section, name, condition, target = wanted
    owner = getattr(template, section, {}).get(name) if section in _AFTER else None
    body = owner.mapping if owner is not None else None
    if body is None or 'condition' in body.index or not body.pairs:
        return []
    doc = ctx.doc
    after = body.pair(_AFTER[section])
    if body.flow or after is None:
        edit = doc.add_to_mapping(body, [('condition', condition)], doc.indent_step())
    else:
        column = doc.block_key_column(body)
        if column is None:
            return []
        edit = doc.insert_lines_after(doc.last_line(after.value, after.key),
                                      [' ' * column + f'condition: {scalar_text(condition)}'])
    what = 'resource' if section == 'resources' else 'output'
    return [quickfix(f'Give {what} "{name}" the condition "{condition}" of "{target}"', [edit],
                     [diagnostic])]
