"""A property of another resource set to what Heat asks (the rule's data `set_property`:
[resource, property, value]).

HOT730's deployment on a server whose `user_data_format` is not
SOFTWARE_CONFIG: Heat refuses the deployment, the fix is on the server.  Only
a literal value is rewritten: a value a function gives (a parameter) is the
user's to change where it comes from.
"""
from __future__ import annotations

from hot_ls.features.quick_fixes.context import FixContext, quickfix
from hot_ls.features.quick_fixes.yaml_edit import scalar_text
from hot_ls.features.types import CodeAction, TextEdit
from hot_ls.syntax import Mapping, Scalar


def set_property(ctx: FixContext, diagnostic) -> list[CodeAction]:
    wanted = (diagnostic.data or {}).get('set_property')
    template = ctx.template
    if not (isinstance(wanted, list) and len(wanted) == 3) or template is None:
        return []
    name, key, value = wanted
    resource = template.resources.get(name)
    properties = resource.get('properties') if resource is not None else None
    pair = properties.pair(key) if isinstance(properties, Mapping) else None
    if pair is None or not isinstance(pair.value, Scalar) or pair.value.end <= pair.value.start:
        return []
    node = pair.value
    style = '"' if ctx.doc.is_json else (node.style if node.style in ('"', "'") else '')
    text = scalar_text(value, style, properties.flow)
    return [quickfix(f'Set {key} of "{name}" to {value}', [TextEdit(node.start, node.end, text)],
                     [diagnostic], preferred=True)]
