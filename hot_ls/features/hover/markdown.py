"""Hover's renderers: values, functions, resource types, properties and rules as Markdown.

Pure text: each takes the facts (a catalog type, a function's documentation,
an evaluated value...) and returns Markdown, without looking at the cursor.
"""
from __future__ import annotations

import json
import re
from typing import Any

from hot_ls.analysis import RuleInfo
from hot_ls.language import HotVersion, language
from hot_ls.language.function_docs import FunctionDoc
from hot_ls.syntax import Mapping, Node

MAX_VALUE = 1500  # characters of an evaluated value shown


def code(text: Any) -> str:
    """Inline code, whatever backticks the text holds."""
    text = str(text).replace('\n', ' ')
    fence = '``' if '`' in text else '`'
    pad = ' ' if text.startswith('`') or text.endswith('`') else ''
    return f'{fence}{pad}{text}{pad}{fence}'


def block(text: str, language_name: str = 'yaml') -> str:
    fence = '````' if '```' in text else '```'
    return f'{fence}{language_name}\n{text}\n{fence}'


def as_json(value: Any, indent: int | None = None) -> str:
    if not isinstance(value, (dict, list, tuple)):
        indent = None  # (the same text, from json's C encoder: see features.evaluation._full)
    try:
        return json.dumps(value, ensure_ascii=False, indent=indent, default=str)
    except (TypeError, ValueError, RecursionError):
        return str(value)


def clip(text: str, limit: int = MAX_VALUE) -> str:
    return text if len(text) <= limit else text[:limit] + ' …'


def render_value(value: Any) -> str:
    """A value as Markdown: symbolic parts as their <<placeholders>>."""
    from hot_ls.evaluator import Symbolic, display
    if value is Ellipsis:  # `if` without a third argument, its condition false
        return '*removed* (the enclosing key or list item is left out)'
    if isinstance(value, Symbolic):
        return code(clip(value.placeholder()))
    shown = display(value)
    if isinstance(shown, str) and '\n' in shown:
        return block(clip(shown), 'text')
    flat = as_json(shown)
    if len(flat) <= 80:
        return code(flat)
    return block(clip(as_json(shown, 2)), 'json')


def render_outcome(outcome: Any, what: str = 'Value', why: str = '') -> str:
    if outcome is None:
        return f'*{what}: not evaluated with the parameter defaults{why}.*'
    if outcome.error is not None:
        return f'**{what}** with the parameter defaults: error: {clip(outcome.error.message, 500)}'
    return f'**{what}** with the parameter defaults: {render_value(outcome.value)}'


def version_label(template: Any) -> str:
    if template.version is not None:
        return template.version.label
    if template.version_text:
        return f'{template.version_text} (unknown; read as {language().latest.label})'
    return f'none (read as {language().latest.label})'


def first_paragraphs(text: str, limit: int = 900) -> str:
    text = (text or '').strip()
    if len(text) <= limit:
        return text
    out = ''
    for paragraph in text.split('\n\n'):
        if out and len(out) + len(paragraph) > limit:
            break
        out = f'{out}\n\n{paragraph}' if out else paragraph
    return clip(out, limit)


def status_lines(status: Any, what: str = '', always: bool = False) -> list[str]:
    """The lifecycle (unless it only says 'supported'); deprecated items say so first."""
    lines = []
    if status.is_deprecated:
        lines.append(f'**Deprecated**{what}: {status.current.text()}')
    elif status.is_hidden:
        lines.append(f'**Hidden**{what} (no longer offered): {status.current.text()}')
    elif status.is_unsupported:
        lines.append(f'**Unsupported**{what}: {status.current.text()}')
    if always or len(status.steps) > 1 or status.current.version or status.current.message:
        lines.append(f'*Lifecycle:* {status.text()}')
    return lines


def function_markdown(name: str, version: HotVersion, impl: str | None, fdoc: FunctionDoc | None,
                      version_text: str | None = None) -> list[str]:
    """The documentation of a function for a version: summary, forms, arrival, details."""
    lang = language()
    since = lang.first_version_with(name)
    version_text = version_text or version.label
    parts = [f'**{name}** · intrinsic function']
    if fdoc is not None:
        parts.append(fdoc.summary)
        forms = fdoc.forms(impl if impl not in (None, 'Removed', 'Invalid') else None)
        parts.append(block('\n'.join(form.label for form in forms)))
        arguments = []
        seen = set()
        for form in forms:
            for parameter, documentation in zip(form.parameters, form.documentation):
                if parameter not in seen:
                    seen.add(parameter)
                    arguments.append(f'- {code(parameter)}: {documentation}')
        if arguments:
            parts.append('\n'.join(arguments))
        parts.append(fdoc.details)
        note = fdoc.notes.get(impl or '')
        if note:
            parts.append(note)
    where = f' (Heat\'s `{impl}`)' if impl and impl not in ('Removed', 'Invalid') else ''
    parts.append(f'Since HOT {since or "?"}; this template: {version_text}{where}.')
    return parts


def constraint_text(item: Node) -> str:
    if not isinstance(item, Mapping):
        return code(as_json(item.to_python()))
    words = []
    description = None
    for key, pair in item.index.items():
        if key == 'description':
            description = pair.value.to_python()
            continue
        words.append(code(f'{key}: {clip(as_json(pair.value.to_python()), 200)}'))
    text = ', '.join(words)
    if description not in (None, ''):
        text += f' — {description}'
    return text


def type_markdown(rtype: Any, requested: str | None = None) -> list[str]:
    """A resource type: description, lifecycle, substitute, properties (required first)."""
    status = rtype.support_status
    title = f'**{rtype.name}** · resource type'
    if requested:
        title += f' (written {code(requested)}, an alias)'
    parts = [title]
    parts.extend(status_lines(status, always=True))
    if status.substitute:
        parts.append(f'Substitute: {code(status.substitute)}')
    description = first_paragraphs(rtype.description)
    if description:
        parts.append(description)
    required, optional = [], []
    for name, schema in rtype.properties.items():
        if schema.support_status.is_hidden:
            continue
        label = f'{code(name)} *{type_label(schema)}*'
        if schema.support_status.is_deprecated:
            label += ' (deprecated)'
        (required if schema.required else optional).append(label)
    if required or optional:
        lines = [f'**Properties**: {len(required)} required, {len(optional)} optional']
        lines.extend(f'- {label} · required' for label in required)
        if optional:
            lines.append('- ' + ', '.join(optional))
        parts.append('\n'.join(lines))
    attributes = [code(name) for name, schema in rtype.attributes.items()
                  if not schema.support_status.is_hidden]
    if attributes:
        parts.append('**Attributes**: ' + ', '.join(attributes))
    return parts


def type_label(schema: Any) -> str:
    item = schema.item
    if item is not None:
        return f'list of {item.type}'
    return schema.type


def property_markdown(label: str, schema: Any, type_name: str, top: Any,
                      is_property: bool = True) -> list[str]:
    """A property (or nested key) of a resource type."""
    what = 'property' if is_property else 'update_policy key'
    parts = [f'**{label}** · {what} of {code(type_name)}']
    facts = [f'*{type_label(schema)}*', 'required' if schema.required else 'optional']
    if schema.default is not None:
        facts.append('default ' + code(clip(as_json(schema.default), 200)))
    parts.append(' · '.join(facts))
    parts.extend(status_lines(schema.support_status))
    if schema.description:
        parts.append(schema.description)
    if schema.constraints:
        lines = ['Constraints:']
        for constraint in schema.constraints:
            line = '- ' + code(f'{constraint.key}: {clip(as_json(constraint.definition()), 200)}')
            if constraint.description:
                line += f' — {constraint.description}'
            lines.append(line)
        parts.append('\n'.join(lines))
    if schema.immutable:
        parts.append('**Immutable**: a stack update that changes it fails.')
    if not schema.implemented:
        parts.append('*Not implemented: Heat accepts it and ignores it.*')
    if is_property and top is not None:
        if not top.update_allowed:
            nested = f' (through {code(top.name)})' if top is not schema else ''
            parts.append(f'Changing this replaces the resource{nested}.')
        else:
            parts.append('Can be updated in place.')
    return parts


def rule_markdown(rule: RuleInfo) -> str:
    documentation = re.sub(r'^#+\s*(.+)$', r'**\1**', rule.documentation, flags=re.MULTILINE)
    return f'**{rule.code}** {code(rule.name)} · {rule.severity.label}\n\n{documentation}'
