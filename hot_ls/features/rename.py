"""Rename a parameter, resource, output, condition or custom resource type: its definition
and every reference.

Only the names the model knows to be references change (see `references`):
never text inside strings, never a thing of another kind with the same name.
Refused, with a message for the user (`RenameError`):

- anything while the YAML has syntax errors (what error recovery blanked may hold
  references);
- a pseudo parameter (Heat defines it), or a name nothing in the template defines;
- a definition whose key is not a string;
- a name written through a YAML alias or merge key, or over several lines
  (its text stands for more than this one place, or cannot be replaced as a token);
- a new name that is empty, not printable on one line, contains '/' (resources),
  is a pseudo parameter's (parameters), or already names a thing of the same namespace,
  where parameters and resources count as one (Heat refuses a template where a
  parameter and a resource share a name).

The new name is written so that YAML reads it back as that very string: in the
quotes the old name used, plain when that is safe, else single-quoted (JSON
documents always get a JSON string).

A custom resource type (on a resource's `type:` or a `resource_registry` entry) is renamed
wherever the workspace names it (hot_ls.features.type_names); Heat's own types are refused,
and so is a new name already used or mapped, or one of Heat's.

A parameter is renamed in the other files that set it too: the
environments of the template's stack and the parents that use the template
as a provider; an output in the `get_attr`s of those parents that read it
(hot_ls.features.cross_file).
"""
from __future__ import annotations

import json
import re
from typing import Any

from hot_ls.analysis import Analysis
from hot_ls.features.cross_file import output_sites, outside_sites
from hot_ls.features.index import Occurrence, symbol_index, token_span
from hot_ls.features.index import FILE_SUFFIXES
from hot_ls.features.type_names import type_at, type_references
from hot_ls.features.types import RenameError, RenameResult, Span, TextEdit
from hot_ls.model import symbols
from hot_ls.syntax.scalars import ScalarError, is_timestamp, resolve_plain

_LABELS = {symbols.PARAMETER: 'parameter', symbols.RESOURCE: 'resource',
           symbols.OUTPUT: 'output', symbols.CONDITION: 'condition'}
_PLAIN = re.compile(r'[A-Za-z0-9_][A-Za-z0-9_.\-/]*\Z')


def _is_pseudo(template, name: Any) -> bool:
    return isinstance(name, str) and (name in template.facts.pseudo_parameters
                                      or name.startswith('AWS::'))


def _target(analysis: Analysis, offset: int) -> tuple[Occurrence, list[Occurrence]] | None:
    if analysis is None or analysis.template is None:
        return None
    index = symbol_index(analysis)
    found = index.at(offset)
    if found is None:
        return None
    template = analysis.template
    label = _LABELS.get(found.kind, found.kind)
    name = found.name
    _refuse_syntax_errors(analysis)
    definitions = index.definitions_of(found.kind, name)
    if found.kind == symbols.PARAMETER and not definitions and _is_pseudo(template, name):
        raise RenameError(f'"{name}" is a pseudo parameter: Heat defines it, '
                          'so it cannot be renamed')
    if not definitions:
        raise RenameError(f'No {label} named "{name}" is defined in this template')
    if not isinstance(name, str):
        raise RenameError(f'The {label} {name!r} is not named by a string key, '
                          'so it cannot be renamed')
    occurrences = index.of(found.kind, name)
    text = analysis.text
    for occurrence in occurrences:
        line = analysis.tree.lines.line_of(occurrence.start) + 1
        if occurrence.shared:
            raise RenameError(f'The {label} "{name}" is named through a YAML alias or merge key '
                              f'(line {line}); rename it by hand')
        if not occurrence.single_line or occurrence.node.style in ('|', '>'):
            raise RenameError(f'The {label} "{name}" is written over several lines at line {line}; '
                              'rename it by hand')
        if occurrence.node.style == '' and text[occurrence.start:occurrence.end] != name:
            raise RenameError(f'The {label} "{name}" is written in an unusual form at line {line}; '
                              'rename it by hand')
    return found, occurrences


def _refuse_syntax_errors(analysis: Analysis) -> None:
    """What error recovery blanked may hold references: no rename until the YAML parses."""
    errors = analysis.tree.syntax_errors
    if errors:
        line = analysis.tree.lines.line_of(errors[0].start) + 1
        raise RenameError(f'The document has a YAML syntax error (line {line}): fix it first, '
                          'so that no reference is missed')


def prepare_rename(analysis: Analysis, offset: int) -> Span | None:
    """The span of the name to rename at `offset`; None if nothing is there.

    Raises RenameError for a thing that cannot be renamed."""
    node = type_at(analysis, offset) if analysis is not None else None
    if node is not None:
        _renamable_type(analysis, node)
        return Span(node.start, node.end)
    target = _target(analysis, offset)
    if target is None:
        return None
    found = target[0]
    return Span(found.start, found.end)


def rename(analysis: Analysis, offset: int, new_name: Any) -> RenameResult:
    """The edits renaming what stands at `offset` to `new_name`.  Raises RenameError."""
    node = type_at(analysis, offset) if analysis is not None else None
    if node is not None:
        return _rename_type(analysis, node, new_name)
    target = _target(analysis, offset)
    if target is None:
        raise RenameError('There is no parameter, resource, output or condition name here '
                          'to rename')
    found, occurrences = target
    kind, old = found.kind, found.name
    label = _LABELS.get(kind, kind)
    check_name(analysis.template, kind, new_name)
    if new_name == old:
        return RenameResult([])
    conflict = _conflict(analysis.template, kind, new_name)
    if conflict is not None:
        raise RenameError(f'Cannot rename the {label} "{old}" to "{new_name}": {conflict}')
    text = analysis.text
    json_document = analysis.tree.format == 'json'
    edits: dict[int, TextEdit] = {}
    for occurrence in occurrences:
        start, end = token_span(text, occurrence.node)
        if start in edits:
            continue
        edits[start] = TextEdit(start, end, render(new_name, occurrence.node.style, json_document))
    result = [edits[start] for start in sorted(edits)]
    if kind == symbols.PARAMETER:
        result.extend(TextEdit(site.start, site.end, render(new_name, ''), site.path)
                      for site in outside_sites(analysis, old))
    if kind == symbols.OUTPUT:
        result.extend(TextEdit(site.start, site.end, render(new_name, ''), site.path)
                      for site in output_sites(analysis, old))
    return RenameResult(result)


def _renamable_type(analysis: Analysis, node) -> None:
    """Raise RenameError when the type `node` names cannot be renamed."""
    old = node.value
    _refuse_syntax_errors(analysis)
    if analysis.catalog.get(old) is not None:
        raise RenameError(f'"{old}" is one of Heat\'s resource types: it cannot be renamed')
    if node.style in ('|', '>') or analysis.text[node.start:node.end].count('\n'):
        raise RenameError(f'The type "{old}" is written over several lines; rename it by hand')


def _rename_type(analysis: Analysis, node, new_name: Any) -> RenameResult:
    """A custom resource type renamed wherever the workspace names it: the resources of that
    type and the registry entries mapping it (features.type_names)."""
    _renamable_type(analysis, node)
    old = node.value
    if not isinstance(new_name, str) or not new_name.strip():
        raise RenameError('A resource type name must not be empty')
    if not new_name.isprintable() or any(c.isspace() for c in new_name):
        raise RenameError('A resource type name must be printable and without spaces')
    if new_name.endswith(FILE_SUFFIXES) or '/' in new_name:
        raise RenameError(f'"{new_name}" would name a template file, not a type')
    if new_name == old:
        return RenameResult([])
    if analysis.catalog.get(new_name) is not None:
        raise RenameError(f'Cannot rename the type "{old}" to "{new_name}": that is one of '
                          'Heat\'s resource types')
    if type_references(analysis, new_name):
        raise RenameError(f'Cannot rename the type "{old}" to "{new_name}": that type is '
                          'already used or mapped in the workspace')
    written = new_name if _TYPE_NAME.fullmatch(new_name) else render(new_name, '')
    return RenameResult([TextEdit(site.start, site.end, written, site.path)
                         for site in type_references(analysis, old)])


#: a type name YAML reads back as the same string when written plain: words joined by '::'
_TYPE_NAME = re.compile(r'[A-Za-z_][A-Za-z0-9_\-]*(::[A-Za-z0-9_\-]+)+')


def check_name(template, kind: str, name: Any) -> None:
    """Raise RenameError when `name` is not a valid name for a thing of `kind`."""
    label = _LABELS.get(kind, kind)
    if not isinstance(name, str) or not name.strip():
        raise RenameError(f'A {label} name must not be empty')
    if not name.isprintable():
        raise RenameError(f'A {label} name must be printable text on one line')
    if kind == symbols.RESOURCE and '/' in name:
        raise RenameError('A resource name must not contain "/"')
    if kind == symbols.PARAMETER and _is_pseudo(template, name):
        raise RenameError(f'"{name}" is a pseudo parameter\'s name')


def _conflict(template, kind: str, name: str) -> str | None:
    if name in template.definitions(kind):
        return f'a {_LABELS[kind]} with that name already exists'
    if kind in (symbols.PARAMETER, symbols.RESOURCE):
        other = symbols.RESOURCE if kind == symbols.PARAMETER else symbols.PARAMETER
        if name in template.definitions(other):
            return (f'a {_LABELS[other]} with that name exists '
                    '(Heat refuses a parameter and a resource with the same name)')
    return None


def render(name: str, style: str, json_document: bool = False) -> str:
    """`name` as a YAML (or JSON) scalar that reads back as that string."""
    if json_document or style == '"':
        return json.dumps(name, ensure_ascii=False)
    if style != "'" and plain_safe(name):
        return name
    return "'" + name.replace("'", "''") + "'"


def plain_safe(name: str) -> bool:
    """Whether `name` written plain, as a key or a value, in block or flow style,
    reads back as the same string."""
    if not _PLAIN.match(name) or is_timestamp(name) or _numeric(name):
        return False
    try:
        return resolve_plain(name) == name and type(resolve_plain(name)) is str
    except ScalarError:
        return False


def _numeric(name: str) -> bool:
    """Whether some YAML reader could take the name for a number (YAML 1.2 reads `1.5e3`)."""
    try:
        float(name.replace('_', ''))
    except ValueError:
        return False
    return True
