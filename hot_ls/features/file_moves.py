"""Renaming or moving files and folders: the references that must follow them.

Templates and environments name files by path: a resource's `type: nested.yaml`
(a group's member too), `get_file: scripts/boot.sh`, a `resource_registry`
value; relative paths are relative to the file that names them (as
python-heatclient resolves them).  When the editor renames or moves a file or
a folder (LSP `workspace/willRenameFiles`, asked before it moves anything),
every such reference to something that moves is rewritten to where it will be,
and every relative reference written in a file that moves is rewritten so that
it still names the same file from the new place.  A reference is rewritten only
where it names, now, a file that exists (or one that moves): a broken one stays
as it is.

Beyond the model: a Jinja2 source (TripleO's `*.j2.yaml`, rendered beside
itself, so its relative paths mean what they will mean rendered) and a
settings file (`.hot-ls.toml`, or a pyproject.toml's `[tool.hot-ls]` table:
`environments`, `stacks`, globs naming one file) are read as text: each run of path characters that names a file or
folder that moves (or, in a file that moves, one that exists) is rewritten.

A URL is never touched, nor a path through `path_map` whose new place is
outside the mapped folder, nor a value whose text is not the path itself (an
escape in a quoted string).  The edits are for the files as they are now: the
editor applies them before it moves the files.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence
from urllib.parse import urlparse

from hot_ls.features.index import FILE_SUFFIXES, token_span
from hot_ls.features.types import TextEdit
from hot_ls.model.document import Kind
from hot_ls.syntax.scalars import ScalarError, resolve_plain
from hot_ls.workspace import Workspace
from hot_ls.workspace.environments import leaves
from hot_ls.workspace.paths import Locator


@dataclass(frozen=True)
class Move:
    """A file or a folder moving from `old` to `new` (absolute paths)."""

    old: str
    new: str


@dataclass(frozen=True)
class _Reference:
    start: int      # the scalar's span (quotes and all)
    end: int
    value: str      # the path as written
    base: str       # the folder it is relative to


def destination(path: str, moves: Sequence[Move]) -> str | None:
    """Where `path` will be after the moves (None: it does not move)."""
    path = os.path.normpath(path)
    for move in moves:
        old = os.path.normpath(move.old)
        if path == old:
            return os.path.normpath(move.new)
        if path.startswith(old.rstrip(os.sep) + os.sep):
            return os.path.normpath(os.path.join(move.new, path[len(old.rstrip(os.sep)) + 1:]))
    return None


def move_edits(moves: Sequence[Move], paths: Iterable[str],
               workspace_of: Callable[[str], Workspace],
               settings_files: Iterable[str] = ()) -> list[TextEdit]:
    """The edits (in the files as they are now) that keep every reference of the files at
    `paths` (the Heat documents and Jinja2 sources of the editor's folders) and of the
    `settings_files` naming what it named once the `moves` are done."""
    moves = [Move(os.path.abspath(m.old), os.path.abspath(m.new)) for m in moves
             if m.old and m.new and os.path.abspath(m.old) != os.path.abspath(m.new)]
    if not moves:
        return []
    words = {os.path.basename(m.old.rstrip(os.sep)) for m in moves}
    settings = [os.path.abspath(p) for p in settings_files]
    edits: dict[tuple[str, int, int], TextEdit] = {}
    seen: set[str] = set()
    for path in (*paths, *settings):
        path = os.path.abspath(path)
        if path in seen:
            continue
        seen.add(path)
        workspace = workspace_of(path)
        source = workspace.files.read(path)
        if source.problem is not None:
            continue
        text = source.text
        moving = destination(path, moves) is not None
        if not moving and not any(word in text for word in words):
            continue  # names nothing that moves (every such reference holds its name)
        for edit in _file_edits(path, text, workspace, moves, path in settings):
            edits[(edit.path, edit.start, edit.end)] = edit
    return sorted(edits.values(), key=lambda e: (e.path, e.start))


def _file_edits(path: str, text: str, workspace: Workspace, moves: Sequence[Move],
                settings_file: bool) -> Iterator[TextEdit]:
    summary = None if settings_file else workspace.summary(path)
    if summary is not None and summary.kind in (Kind.HOT, Kind.ENVIRONMENT):
        found = _modelled(summary, text)
        textual = False
    elif settings_file or (summary is not None and summary.kind is Kind.JINJA):
        found = _textual(text, os.path.dirname(path))
        if settings_file and os.path.basename(path) == 'pyproject.toml':
            regions = _hot_ls_tables(text)  # (the other tools' settings are theirs)
            found = [r for r in found if any(a <= r.start < b for a, b in regions)]
        textual = True
    else:
        return
    here = os.path.dirname(path)
    there = os.path.dirname(destination(path, moves) or path)
    for reference in found:
        target = workspace.locator.locate(reference.value, reference.base)
        if not target.readable or not _exists(workspace, target.path, textual):
            continue  # names nothing (a broken reference stays as it is)
        new_target = destination(target.path, moves)
        if new_target is None:
            if there == here:
                continue
            new_target = target.path
        new_base = there if reference.base == here else reference.base
        if workspace.locator.locate(reference.value, new_base).path == new_target:
            continue  # still names it from there (`../../x/y.yaml` moved within x/)
        written = _rewritten(reference.value, target.path, new_target, new_base,
                             workspace.locator)
        if written is None or written == reference.value:
            continue
        edit = _replacement(text, reference, written, textual)
        if edit is not None:
            yield TextEdit(edit[0], edit[1], edit[2], path)


def _exists(workspace: Workspace, path: str, folders: bool) -> bool:
    """Whether a reference names something there now (text may also name a folder)."""
    if workspace.files.has_overlay(path) or os.path.isfile(path):
        return True
    return folders and os.path.isdir(path)


def _modelled(summary, text: str) -> list[_Reference]:
    """The file references of a template or an environment, from its summary."""
    base = os.path.dirname(os.path.abspath(summary.path))
    found = []
    if summary.template is not None:
        for resource in summary.template.resources:
            for one in (resource, resource.member):
                if one is not None and isinstance(one.type, str) \
                        and one.type.endswith(FILE_SUFFIXES) and one.type_span is not None:
                    found.append(_Reference(*one.type_span, one.type, base))
        found.extend(_Reference(*f.span, f.reference, base)
                     for f in summary.template.files if f.kind == 'get_file' and f.span)
    elif summary.environment is not None:
        for leaf in leaves(summary.environment.loaded.registry):
            if leaf.base != base:
                continue  # relative to a `base_url`, not to the file
            if leaf.target is not None and leaf.origin.value is not None \
                    and isinstance(leaf.value, str):
                found.append(_Reference(*leaf.origin.value, leaf.value, base))
            for candidate in leaf.candidates or ():
                if candidate.span is not None and isinstance(candidate.value, str):
                    found.append(_Reference(*candidate.span, candidate.value, base))
    return found


#: a run of characters a path is written with (no quote, space, brace or Jinja markup)
_PATH_RUN = re.compile(r'[\w.~+@%/-]+')


def _textual(text: str, base: str) -> list[_Reference]:
    """Runs of path characters that may name a file: with a folder or a suffix in them."""
    found = []
    for match in _PATH_RUN.finditer(text):
        value = match.group()
        if ('/' in value or '.' in value.strip('.')) and value.strip('./'):
            found.append(_Reference(match.start(), match.end(), value, base))
    return found


#: a TOML table header: `[name]` or `[[name]]`
_TABLE = re.compile(r'^[ \t]*\[\[?[ \t]*([^\]]+?)[ \t]*\]\]?', re.M)


def _hot_ls_tables(text: str) -> list[tuple[int, int]]:
    """The spans of a pyproject.toml's `[tool.hot-ls]` table and its subtables."""
    headers = list(_TABLE.finditer(text))
    spans = []
    for number, header in enumerate(headers):
        name = header.group(1).replace('"', '').replace("'", '')
        if name == 'tool.hot-ls' or name.startswith('tool.hot-ls.'):
            end = headers[number + 1].start() if number + 1 < len(headers) else len(text)
            spans.append((header.end(), end))
    return spans


def _rewritten(value: str, old_target: str, new_target: str, new_base: str,
               locator: Locator) -> str | None:
    """`value` rewritten to name `new_target` from a file of `new_base` (None: it cannot
    be, keep it)."""
    parsed = urlparse(value)
    if parsed.scheme == 'file' or os.path.isabs(value):
        prefix = 'file://' if parsed.scheme == 'file' else ''
        name = parsed.path if parsed.scheme == 'file' else value
        if os.path.normpath(name) != old_target:  # written through path_map
            for mapped, folder in locator.path_map:
                if old_target == folder or old_target.startswith(folder + os.sep):
                    if new_target == folder or new_target.startswith(folder + os.sep):
                        return prefix + mapped + new_target[len(folder):]
                    return None
            return None
        return prefix + new_target
    relative = os.path.relpath(new_target, new_base).replace(os.sep, '/')
    if value.startswith('./') and not relative.startswith('../'):
        relative = './' + relative
    if value.endswith('/') and not relative.endswith('/'):
        relative += '/'
    return relative


def _replacement(text: str, reference: _Reference, written: str,
                 textual: bool) -> tuple[int, int, str] | None:
    """The edit writing `written` for the reference, quoted as it is (None: its text is
    not the path as is)."""
    if textual:
        return reference.start, reference.end, written
    start, end = token_span(text, _Span(reference.start, reference.end))
    token = text[start:end]
    if token == reference.value:
        return start, end, written if _plain_path(written) else json.dumps(written)
    if len(token) >= 2 and token[0] == token[-1] and token[0] in '\'"' \
            and token[1:-1] == reference.value:
        if token[0] == "'":
            return start + 1, end - 1, written.replace("'", "''")
        return start + 1, end - 1, json.dumps(written, ensure_ascii=False)[1:-1]
    return None


#: a path written plain: no indicator first, no `: ` or ` #` (a YAML plain scalar)
_PLAIN_PATH = re.compile(r'[\w./~][\w./~+@%-]*\Z')


def _plain_path(path: str) -> bool:
    try:
        return bool(_PLAIN_PATH.match(path)) and resolve_plain(path) == path
    except ScalarError:
        return False


@dataclass(frozen=True)
class _Span:
    """What `token_span` reads of a node."""

    start: int
    end: int
