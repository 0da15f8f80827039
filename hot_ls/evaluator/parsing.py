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


def parse(table: dict, scope: 'Scope', snippet: Any, path: str = '') -> Any:
    """Parse a node (or, inside macros, Ellipsis) into plain values and Function objects."""
    if isinstance(snippet, Mapping):
        index = snippet.index
        if len(index) == 1:
            fn_name, pair = next(iter(index.items()))
            try:
                factory = table.get(fn_name)
            except TypeError:  # an unhashable key never names a function
                factory = None
            if factory is not None:
                site = Site(snippet, pair.key, pair.value)
                fn_path = '.'.join([path, fn_name])
                try:
                    if isinstance(factory, type) and issubclass(factory, Macro):
                        made = factory(scope, fn_name, pair.value, site,
                                       functools.partial(parse, table, scope, path=fn_path))
                    else:
                        made = factory(scope, fn_name, parse(table, scope, pair.value, fn_path),
                                       site)
                except (ValueError, TypeError, KeyError) as exc:
                    wrapped = StackValidationFailed(path=fn_path, message=str(exc))
                    tag(wrapped, getattr(exc, '_hot_ls_node', None) or snippet)
                    if scope.explore is None:
                        raise wrapped from exc
                    # static checks: note the failure and carry on, to find the others
                    scope.explore.append((wrapped, scope.guard_depth > 0, exc))
                    return Broken(scope, fn_name, None, site)
                made.guarded = scope.guard_depth > 0
                return made
        return dict((key, parse(table, scope, pair.value, '.'.join([path, str(key)])))
                    for key, pair in index.items())
    if isinstance(snippet, Sequence):
        return [parse(table, scope, item, ''.join([path, '[%d]' % i]))
                for i, item in enumerate(snippet.items)]
    if isinstance(snippet, Scalar):
        return snippet.value
    if isinstance(snippet, Node):  # pragma: no cover - every node kind is handled above
        return snippet.to_python()
    return snippet
