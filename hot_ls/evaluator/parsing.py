"""Heat's parse phase (heat/engine/template.py `parse`), over syntax nodes.

A mapping with exactly one key that names a function in the context's
table becomes a call; any other mapping or list is walked.  The arguments
are parsed first, then the function's constructor checks their shape; a
ValueError, TypeError or KeyError it raises is wrapped, as Heat wraps it,
in StackValidationFailed with the path of the call ('.list_join: ...' at the
top of a snippet, 'outputs.o.value.if: ...' in a template).  Macros (`if`)
get their raw argument node and decide themselves what to parse.

The result is plain Python with Function objects in it; nodes are kept only
on the functions (their `site`).
"""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from hot_ls.evaluator.errors import StackValidationFailed, tag
from hot_ls.evaluator.functions.base import Broken, Macro, Site
from hot_ls.syntax import Mapping, Node, Scalar, Sequence

if TYPE_CHECKING:
    from hot_ls.evaluator.scope import Scope


class Path:
    """Heat's parse path ('.a.b[0].fn'), built only when a message needs it.

    Heat builds the string at every step; most steps never need it, so here
    each step only links to its parent and `str()` assembles the text
    exactly as Heat would ('.'.join for keys and functions, '' for indexes).
    """

    __slots__ = ('parent', 'sep', 'item')

    def __init__(self, parent: Any, sep: str, item: str):
        self.parent = parent
        self.sep = sep
        self.item = item

    def __str__(self) -> str:
        parts = []
        node: Any = self
        while isinstance(node, Path):
            parts.append((node.sep, node.item))
            node = node.parent
        text = str(node)
        for sep, item in reversed(parts):
            text = sep.join([text, '[%d]' % item if sep == '' else str(item)])
        return text


def parse(table: dict, scope: 'Scope', snippet: Any, path: Any = '') -> Any:
    """Parse a node (or, inside macros, Ellipsis) into plain values and Function objects."""
    kind = type(snippet)
    if kind is Scalar:
        return snippet.value
    if kind is Mapping:
        index = snippet.index
        if len(index) == 1:
            fn_name, pair = next(iter(index.items()))
            try:
                factory = table.get(fn_name)
            except TypeError:  # an unhashable key never names a function
                factory = None
            if factory is not None:
                return _call(table, scope, snippet, fn_name, pair, factory, Path(path, '.', fn_name))
        out = {}
        for key, pair in index.items():
            value = pair.value
            out[key] = value.value if type(value) is Scalar \
                else parse(table, scope, value, Path(path, '.', key))
        return out
    if kind is Sequence:
        items = []
        for i, item in enumerate(snippet.items):
            items.append(item.value if type(item) is Scalar
                         else parse(table, scope, item, Path(path, '', i)))
        return items
    if isinstance(snippet, Node):  # pragma: no cover - every node kind is handled above
        return snippet.to_python()
    return snippet


def parse_call(table: dict, scope: 'Scope', snippet: Mapping, fn_name: str, pair, factory,
               path: Any) -> Any:
    """Parse the call `snippet` (`{fn_name: ...}`, `factory` its implementation) at `path`.

    What `parse` does when it reaches the call, for checks that parse only
    some of a value's calls (hot_ls.evaluator.calls).
    """
    return _call(table, scope, snippet, fn_name, pair, factory, Path(path, '.', fn_name))


def _call(table: dict, scope: 'Scope', snippet: Mapping, fn_name: str, pair, factory,
          fn_path: Path) -> Any:
    site = Site(snippet, pair.key, pair.value)
    try:
        if factory in _MACROS or (factory not in _FUNCTIONS and _is_macro(factory)):
            made = factory(scope, fn_name, pair.value, site,
                           functools.partial(parse, table, scope, path=fn_path))
        else:
            made = factory(scope, fn_name, parse(table, scope, pair.value, fn_path), site)
    except (ValueError, TypeError, KeyError) as exc:
        wrapped = StackValidationFailed(path=str(fn_path), message=str(exc))
        tag(wrapped, getattr(exc, '_hot_ls_node', None) or snippet)
        wrapped._hot_ls_parse = True  # type: ignore[attr-defined]
        if scope.explore is None:
            raise wrapped from exc
        # static checks: note the failure and carry on, to find the others
        scope.explore.append((wrapped, scope.guard_depth > 0, exc))
        return Broken(scope, fn_name, None, site)
    if scope.guard_depth > 0:
        made.guarded = True  # (False is the class's default)
    return made


_MACROS: set = set()
_FUNCTIONS: set = set()


def _is_macro(factory: Any) -> bool:
    """Whether a function's implementation is a Macro (remembered: asked for every call)."""
    macro = isinstance(factory, type) and issubclass(factory, Macro)
    try:
        (_MACROS if macro else _FUNCTIONS).add(factory)
    except TypeError:  # pragma: no cover - unhashable factory
        pass
    return macro
