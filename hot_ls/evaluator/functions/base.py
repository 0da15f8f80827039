"""The function machinery of heat/engine/function.py, over syntax nodes.

A parsed snippet is plain Python (dict, list, scalars) with `Function`
objects where Heat's parser found a call.  Each Function keeps its `site`
(the call's mapping, its key and its argument node) so that an error can
point at the place it arose and an editor can ask for a call's value.

`resolve` and `validate` are Heat's, line for line: the same walk, the same
Ellipsis filtering for the 2-argument `if`, the same wrapping of validation
errors with a path.  The only addition is bookkeeping: each result is
recorded in the scope's trace, and an escaping exception is tagged with the
innermost call it came from.
"""
from __future__ import annotations

import collections.abc
import weakref
from typing import TYPE_CHECKING, Any, Callable

from hot_ls.evaluator.errors import StackValidationFailed, tag
from hot_ls.syntax import Node

if TYPE_CHECKING:
    from hot_ls.evaluator.scope import Scope


class Site:
    """Where a call is written: `{key: args}` in `node`.  (Made for every call: kept light.)"""

    __slots__ = ('node', 'key', 'args')

    def __init__(self, node: Node, key: Node, args: Node):
        self.node = node
        self.key = key
        self.args = args

    def __eq__(self, other: Any) -> bool:
        return (isinstance(other, Site) and self.node is other.node and self.key is other.key
                and self.args is other.args)

    def __hash__(self) -> int:
        return hash((id(self.node), id(self.key), id(self.args)))

    def __repr__(self) -> str:
        return f'Site(node={self.node!r}, key={self.key!r}, args={self.args!r})'


class Function:
    """heat.engine.function.Function."""

    #: Heat's class name (what the language facts call the implementation)
    heat_class = 'Function'
    #: inside a branch of `if` (static checks only: Heat parses only the branch it takes)
    guarded = False
    #: static checks: this call's own failure is already reported; validate only its arguments
    neutral = False

    def __init__(self, scope: 'Scope', fn_name: str, args: Any, site: Site | None = None):
        # A weak reference, as Heat's Function keeps its stack: the scope holds parsed
        # functions (its conditions), so a strong one would make every scope a reference
        # cycle, and everything it reaches (the whole syntax tree) garbage only the cyclic
        # collector can free.  Whoever holds a parsed function holds its scope too.
        self._scope = weakref.ref(scope) if scope is not None else None
        self.fn_name = fn_name
        self.args = args
        self.site = site

    @property
    def scope(self) -> 'Scope':
        ref = self._scope
        return ref() if ref is not None else None

    stack = scope

    def validate(self) -> None:
        validate(self.args)

    def result(self) -> Any:
        return {self.fn_name: self.args}

    def evaluate(self) -> Any:
        """result(), with the value recorded and errors tagged with this call."""
        try:
            value = self.result()
        except Exception as exc:
            tag(exc, self.site.node if self.site else None)
            raise
        if self.site is not None:
            self.scope.record(self.site.node, value)
        return value

    def __repr__(self) -> str:
        return f'<{type(self).__name__} {{{self.fn_name}: {self.args!r}}}>'


class Macro(Function):
    """heat.engine.function.Macro: controls how its own arguments are parsed.

    `args` is the raw argument *node*; `raw` is its plain value, which the
    shape checks look at, as Heat's look at the unparsed arguments.
    """

    def __init__(self, scope: 'Scope', fn_name: str, args: Node, site: Site | None,
                 parse_func: Callable[[Any], Any]):
        super().__init__(scope, fn_name, args, site)
        self.parsed = self.parse_args(parse_func)

    def parse_args(self, parse_func: Callable[[Any], Any]) -> Any:  # pragma: no cover
        return parse_func(self.args)

    def validate(self) -> None:
        validate(self.parsed)

    def result(self) -> Any:
        return resolve(self.parsed, nullable=True)


_PLAIN = frozenset({str, int, float, bool, type(None)})


def resolve(snippet: Any, nullable: bool = False) -> Any:
    """heat.engine.function.resolve: compute every function in a parsed snippet."""
    kind = type(snippet)
    if kind in _PLAIN:
        return snippet
    if kind is dict:
        return dict((k, v) for k, v in ((k, resolve(v, True)) for k, v in snippet.items())
                    if v is not Ellipsis)
    if kind is list:
        return [v for v in (resolve(v, True) for v in snippet) if v is not Ellipsis]
    if isinstance(snippet, Function):
        result = snippet.evaluate()
        if not (nullable or result is not Ellipsis):
            result = None
        return result
    if isinstance(snippet, collections.abc.Mapping):
        return dict((k, v) for k, v in ((k, resolve(v, nullable=True))
                                        for k, v in snippet.items()) if v is not Ellipsis)
    if not isinstance(snippet, str) and isinstance(snippet, (list, tuple)):
        return [v for v in (resolve(v, nullable=True) for v in snippet) if v is not Ellipsis]
    return snippet


def validate(snippet: Any, path: Any = None) -> None:
    """heat.engine.function.validate: each function's validate(), errors wrapped with a path.

    The path is kept as a linked pair (parent, component) and turned into
    Heat's list only when an error needs it.
    """
    if path is None:
        linked: tuple = ()
    elif isinstance(path, str):
        linked = ((), path)
    else:
        linked = ()
        for item in path:
            linked = (linked, item)
    _validate(snippet, linked)


def validate_each(items) -> None:
    """validate() of some of a value's calls: (Function, a function giving the linked path
    validate reaches it by, asked for only if the call fails).

    For checks that validate only the calls of a value that can fail
    (hot_ls.evaluator.calls); plain values and the other calls validate
    without effect, so the first failure is the one validate(value) raises.
    """
    for snippet, linked in items:
        _validate_function(snippet, linked)


def _validate_function(snippet: 'Function', path: Any) -> None:
    """_validate of a Function; `path` is the linked path, or a function that gives it."""
    try:
        if snippet.neutral:
            Macro.validate(snippet) if isinstance(snippet, Macro) \
                else Function.validate(snippet)
        else:
            snippet.validate()
    except AssertionError:
        raise
    except Exception as exc:
        linked = path() if callable(path) else path
        wrapped = StackValidationFailed(path=_unlink(linked) + [snippet.fn_name],
                                        message=str(exc))
        tag(wrapped, getattr(exc, '_hot_ls_node', None)
            or (snippet.site.node if snippet.site else None))
        raise wrapped from exc


def _unlink(linked: tuple) -> list:
    items = []
    while linked:
        linked, item = linked
        items.append(item)
    items.reverse()
    return items


_LEAVES = (str, int, float, bool, type(None))


def _validate(snippet: Any, path: tuple) -> None:
    kind = type(snippet)
    if kind in _PLAIN:
        return
    if kind is dict:
        for k, v in snippet.items():
            if type(v) not in _PLAIN:
                _validate(v, (path, k))
        return
    if kind is list:
        if path:
            base, parent = path
        else:
            base, parent = (), ''
        for i, v in enumerate(snippet):
            if type(v) not in _PLAIN:
                _validate(v, (base, '%s[%d]' % (parent, i)))
        return
    if isinstance(snippet, _LEAVES):
        return
    if isinstance(snippet, Function):
        _validate_function(snippet, path)
    elif isinstance(snippet, collections.abc.Mapping):
        for k, v in snippet.items():
            _validate(v, (path, k))
    elif isinstance(snippet, (list, tuple)):
        if path:
            base, parent = path
        else:
            base, parent = (), ''
        for i, v in enumerate(snippet):
            _validate(v, (base, '%s[%d]' % (parent, i)))


def walk_functions(snippet: Any):
    """Every Function in a parsed snippet (for the editor's trace and the rules)."""
    if isinstance(snippet, Macro):
        yield snippet
        yield from walk_functions(snippet.parsed)
    elif isinstance(snippet, Function):
        yield snippet
        yield from walk_functions(snippet.args)
    elif isinstance(snippet, dict):
        for value in snippet.values():
            yield from walk_functions(value)
    elif isinstance(snippet, (list, tuple)):
        for value in snippet:
            yield from walk_functions(value)


class Broken(Function):
    """A call whose arguments Heat refuses (static checks go on past it)."""

    heat_class = 'Broken'

    def validate(self):
        pass

    def result(self):
        from hot_ls.evaluator.values import Unknown
        return Unknown(self.fn_name)


class Invalid(Function):
    """A function used where it is not allowed (any non-condition function in a condition)."""

    heat_class = 'Invalid'

    def __init__(self, scope, fn_name, args, site=None):
        raise ValueError('The function "%s" is invalid in this context' % fn_name)
