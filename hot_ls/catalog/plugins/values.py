"""The values a plugin's module and class bodies are folded into, and what stays unknown.

Python values stand for themselves (str, int, dict, list, tuple...): the
dicts are real dicts, so `properties_schema.update(...)`, item assignment
and `del` change them as they change Heat's.  The classes below stand for
what is not a plain value: a module, a class, a Schema that was built, a
name that cannot be known without running code.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ast

    from hot_ls.catalog.schema import ResourceType

MISSING = object()
MAX_STEPS = 200_000  # evaluation steps per plugin module
MAX_SIZE = 100_000  # elements of a built list / characters of a built string
MAX_FILE = 2_000_000  # bytes of a plugin file read


class TooMuch(Exception):
    """A module's evaluation went over MAX_STEPS or built something over MAX_SIZE."""


class Unresolved:
    """A value that cannot be known without running code: where, and what it was."""

    __slots__ = ('path', 'line', 'what', 'dotted')

    def __init__(self, path: str, line: int | None, what: str, dotted: str | None = None):
        self.path = path
        self.line = line
        self.what = what
        self.dotted = dotted  # for a name from an outside module: its dotted path

    def __repr__(self) -> str:
        return f'Unresolved({self.what!r} at {self.path}:{self.line})'


class PluginModule:
    """A module of the plugin directories, and the namespace its body built."""

    def __init__(self, path: str, name: str, is_package: bool):
        self.path = path
        self.name = name  # dotted, relative to its plugin directory
        self.is_package = is_package
        self.globals: dict[str, Any] = {}
        self.state = 'new'  # 'running', 'done'
        self.steps = 0

    def __repr__(self) -> str:
        return self.name


class ModuleRef:
    """A module hot-ls knows without reading it: one of Heat's ('heat'), or stdlib 'copy'."""

    __slots__ = ('kind', 'name')

    def __init__(self, kind: str, name: str):
        self.kind = kind
        self.name = name

    def __repr__(self) -> str:
        return self.name


class HeatSymbol:
    """A name from Heat the reader knows: properties.Schema, constraints.Range, _..."""

    __slots__ = ('path',)

    def __init__(self, path: str):
        self.path = path


class HeatClass:
    """A Heat resource class, read from the bundled catalog."""

    __slots__ = ('path', 'rtype', 'name')

    def __init__(self, path: str, rtype: ResourceType, name: str | None):
        self.path = path
        self.rtype = rtype
        self.name = name  # its registered type name, if registered


class PluginClass:
    """A class defined in a plugin module, and the namespace its body built."""

    def __init__(self, name: str, line: int, qualname: str, module: PluginModule, bases: list,
                 doc: str | None, methods: set[str]):
        self.name = name
        self.line = line
        self.qualname = qualname
        self.module = module
        self.bases = bases  # as the reader evaluated them, unresolved ones included
        self.doc = doc
        self.methods = methods
        self.ns: dict[str, Any] = {}
        self.issues: list[Unresolved] = []  # statements of its body that were skipped
        self.mro: list | None = None  # set by the interpreter on first lookup

    @property
    def path(self) -> str:
        return f'{self.module.name}.{self.qualname}'


class Function:
    """A function of a plugin module; only the resource mapping functions are evaluated."""

    __slots__ = ('name', 'node', 'module')

    def __init__(self, name: str, node: ast.FunctionDef | ast.AsyncFunctionDef,
                 module: PluginModule):
        self.name = name
        self.node = node
        self.module = module


class Obj:
    """What a Schema/constraint/SupportStatus constructor built: its kind and bound arguments."""

    __slots__ = ('kind', 'args', 'line', 'path', 'json')

    def __init__(self, kind: str, args: dict, line: int | None, path: str,
                 json: dict | None = None):
        self.kind = kind  # 'property', 'attribute', 'constraint:<key>', 'support'
        self.args = args
        self.line = line
        self.path = path
        self.json = json  # already in the catalog's form (from a Heat class)


class BoundMethod:
    __slots__ = ('target', 'name')

    def __init__(self, target: Any, name: str):
        self.target = target
        self.name = name


class Message(str):
    """What Heat's `_()` returns: oslo.i18n's lazy Message (Heat enables lazy translation).

    Like the real one it refuses `+` (TypeError at import, so Heat fails to
    load the plugin) and keeps being a Message through `%`.
    """


class Builtin:
    __slots__ = ('name',)

    def __init__(self, name: str):
        self.name = name


def plain(value: Any) -> bool:
    """A value made only of Python literals (safe to compute with)."""
    if value is None or isinstance(value, (str, int, float, bool, bytes)):
        return True
    if isinstance(value, (list, tuple, set, frozenset, range)):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(plain(k) and plain(v) for k, v in value.items())
    return False


def formattable(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(plain(v) for v in value)
    return plain(value)


def hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def limit(value: Any, path: str, line: int | None) -> Any:
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_SIZE:
        return Unresolved(path, line, 'a value too large to build')
    return value


def bind(signature: tuple[str, ...], args: list, kwargs: dict) -> dict | str:
    """Arguments bound to a Heat constructor's parameters, or why Heat would refuse them."""
    if len(args) > len(signature):
        return f'takes at most {len(signature)} positional arguments'
    bound = dict(zip(signature, args))
    for key, value in kwargs.items():
        if key not in signature:
            return f'got an unexpected keyword argument "{key}"'
        if key in bound:
            return f'got multiple values for "{key}"'
        bound[key] = value
    return bound
