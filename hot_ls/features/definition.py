"""Go to definition: from a reference to the parameter, resource or condition it names,
and from a provider template path (`type: x.yaml`) or `get_file: path` to that file.

References come from the model (`get_param`, list-path `get_param`, `get_resource`,
the first element of `get_attr`, `depends_on`, `condition`, `if`, not/and/or,
parameter_groups, `Ref` in 2013-05-23 templates).  Pseudo parameters and names
nothing defines have no definition.  A definition's own name goes to itself.
"""
from __future__ import annotations

import os
from urllib.parse import unquote, urlparse

from hot_ls.analysis import Analysis
from hot_ls.features.index import symbol_index
from hot_ls.features.types import Location


def definition(analysis: Analysis, offset: int) -> list[Location]:
    """Where what stands at `offset` is defined; empty when nothing is."""
    if analysis is None or analysis.template is None:
        return []
    index = symbol_index(analysis)
    found = index.at(offset)
    if found is not None:
        if found.is_definition:
            return [Location(found.start, found.end)]
        return [Location(o.start, o.end) for o in index.definitions_of(found.kind, found.name)]
    for start, end, value in index.files:
        if start <= offset <= end:
            path = file_path(value, analysis.path)
            return [Location(0, 0, path)] if path is not None else []
    return []


def file_path(value: str, document_path: str | None) -> str | None:
    """The file a template names (relative to the template's own path), if it exists."""
    if not value:
        return None
    if value.startswith('file://'):
        path = unquote(urlparse(value).path)
    elif '://' in value:
        return None  # http(s) and other remote locations
    elif os.path.isabs(value):
        path = value
    elif document_path:
        path = os.path.join(os.path.dirname(os.path.abspath(document_path)), value)
    else:
        return None
    path = os.path.normpath(path)
    return path if os.path.isfile(path) else None
