"""Values that exist only after deploy, and how they print.

Before a stack exists, `get_resource` and `get_attr` have no value (Heat
itself answers the resource's name and None).  The evaluator carries them as
symbolic values instead, so a preview can say where they end up:

* `ResourceRef('server')` prints `<<get_resource server>>`;
* `AttributeRef('server', 'networks', ('private', 0))` prints
  `<<get_attr server networks private 0>>`;
* `PseudoRef('OS::stack_id')` prints `<<get_param OS::stack_id>>` (the stack's
  id, name and project are not known before it is created, unless given);
* `Text` is a string with symbolic parts, made by the string functions:
  `http://<<get_attr my_instance first_address>>/app`;
* `Unknown` is what a function returns when it cannot be computed over a
  symbolic input (`str_split` of an attribute, `yaql` over one...): the
  evaluator never guesses.

The rest of the value world is Heat's own: dict, list, str, int, float,
bool and None, exactly as Heat's functions produce them.
"""
from __future__ import annotations

import collections.abc
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable


class Symbolic:
    """A value known only after deploy."""

    __slots__ = ()

    def placeholder(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def heat_text(self) -> str:
        """The text Heat would produce if the placeholder were the real value.

        Only `Text` with encoded parts differs from `placeholder()`; the
        conformance tests use it to compare with Heat run on placeholder data.
        """
        return self.placeholder()

    def __str__(self) -> str:
        return self.placeholder()


def _word(value: Any) -> str:
    if isinstance(value, Symbolic):
        return value.placeholder()
    if isinstance(value, str):
        return value
    return json.dumps(display(value), sort_keys=False, default=str)


@dataclass(frozen=True, eq=True)
class ResourceRef(Symbolic):
    """`get_resource NAME`: the resource's reference id (usually its physical id)."""

    name: Any

    def placeholder(self) -> str:
        return f'<<get_resource {_word(self.name)}>>'


@dataclass(frozen=True, eq=True)
class AttributeRef(Symbolic):
    """`get_attr [NAME, ATTR, PATH...]`; ATTR None means all attributes."""

    resource: Any
    attribute: Any = None
    path: tuple = ()

    def placeholder(self) -> str:
        words = [_word(self.resource)]
        if self.attribute is not None:
            words.append(_word(self.attribute))
        words.extend(_word(p) for p in self.path)
        return '<<get_attr ' + ' '.join(words) + '>>'


@dataclass(frozen=True, eq=True)
class PseudoRef(Symbolic):
    """A pseudo parameter whose value only the created stack has (OS::stack_id...)."""

    name: str

    def placeholder(self) -> str:
        return f'<<get_param {self.name}>>'


@dataclass(frozen=True, eq=True)
class Unknown(Symbolic):
    """The result of `function` over symbolic input: not computed, never guessed."""

    function: str
    sources: tuple = ()

    def placeholder(self) -> str:
        if not self.sources:
            return f'<<{self.function}>>'
        return f'<<{self.function} of ' + ', '.join(_word(s) for s in self.sources) + '>>'


@dataclass(frozen=True, eq=True)
class DeployValue(Unknown):
    """A parameter's value given at deploy time (the checks' evaluation), of a type that fixes
    its Python type: a number, boolean, string or comma_delimited_list parameter (a json one
    may hold anything).  What no value of that type can pass through fails whatever it is
    (`list_join` of a number, `map_replace` of a string); anywhere else it is Unknown."""

    parameter: str = ''
    type: str = ''

    #: the Python type each parameter type's value has, as Heat's messages name it
    PYTHON_TYPES = {'number': 'int', 'boolean': 'bool', 'string': 'str',
                    'comma_delimited_list': 'list'}

    @property
    def never_map(self) -> bool:
        """No value of its type is a map (nor None)."""
        return self.type in self.PYTHON_TYPES

    @property
    def never_string(self) -> bool:
        return self.type in ('number', 'boolean', 'comma_delimited_list')

    @property
    def never_list(self) -> bool:
        """No value of its type is a list (a string is none either)."""
        return self.type in ('number', 'boolean', 'string')

    @property
    def never_string_or_collection(self) -> bool:
        return self.type in ('number', 'boolean')


def deploy_value_text(value: DeployValue) -> str:
    """What stands for a deploy-time value in a message that would print the value."""
    return (f'a {value.type} (parameter {value.parameter} is one, whatever value it is given '
            'at deploy time)')


@dataclass(frozen=True, eq=True)
class Encoded(Symbolic):
    """A symbolic value passed through a text encoding (make_url's quoting).

    It prints as the bare placeholder, because the encoding of the real
    value is not known; `heat_text` applies the encoding to the placeholder.
    """

    source: Symbolic
    encode: Callable[[str], str]

    def placeholder(self) -> str:
        return self.source.placeholder()

    def heat_text(self) -> str:
        return self.encode(self.source.heat_text())


@dataclass(frozen=True, eq=True)
class Text(Symbolic):
    """A string made of known text and symbolic parts."""

    parts: tuple

    def placeholder(self) -> str:
        return ''.join(p if isinstance(p, str) else p.placeholder() for p in self.parts)

    def heat_text(self) -> str:
        return ''.join(p if isinstance(p, str) else p.heat_text() for p in self.parts)

    def map_text(self, func: Callable[[str], Any]) -> 'Text | str':
        """Apply `func` to each known part (each part as a whole, never across a symbol)."""
        return text(func(p) if isinstance(p, str) else p for p in self.parts)


def text(parts: Iterable[Any]) -> Any:
    """Concatenate strings and symbolic values: a str when nothing is symbolic."""
    flat: list = []
    for part in parts:
        if isinstance(part, Text):
            pieces: Iterable = part.parts
        else:
            pieces = (part,)
        for piece in pieces:
            if isinstance(piece, str):
                if not piece:
                    continue
                if flat and isinstance(flat[-1], str):
                    flat[-1] += piece
                    continue
            flat.append(piece)
    if not flat:
        return ''
    if len(flat) == 1 and isinstance(flat[0], str):
        return flat[0]
    if len(flat) == 1 and isinstance(flat[0], Symbolic) and not isinstance(flat[0], Encoded):
        return flat[0]
    return Text(tuple(flat))


def is_stringish(value: Any) -> bool:
    """A str, or a symbolic value that string functions may treat as one."""
    return isinstance(value, (str, ResourceRef, AttributeRef, PseudoRef, Text))


def find_symbolic(value: Any) -> Symbolic | None:
    """The first symbolic value inside `value` (keys included), or None."""
    if isinstance(value, Symbolic):
        return value
    if isinstance(value, dict):
        for key, item in value.items():
            found = find_symbolic(key)
            if found is None:
                found = find_symbolic(item)
            if found is not None:
                return found
    elif isinstance(value, (list, tuple)):
        for item in value:
            found = find_symbolic(item)
            if found is not None:
                return found
    return None


def symbolic_sources(value: Any, limit: int = 3) -> tuple:
    """The distinct deploy-time values `value` depends on (at most `limit`)."""
    found: list = []
    _visit_sources(value, found, limit)
    return tuple(found)


def _visit_sources(item: Any, found: list, limit: int) -> None:
    # (a module function, not a closure calling itself: that would be a reference cycle)
    if len(found) >= limit:
        return
    if isinstance(item, Unknown):
        for source in item.sources:
            _visit_sources(source, found, limit)
    elif isinstance(item, Text):
        for part in item.parts:
            _visit_sources(part, found, limit)
    elif isinstance(item, Encoded):
        _visit_sources(item.source, found, limit)
    elif isinstance(item, Symbolic):
        if item not in found:
            found.append(item)
    elif isinstance(item, dict):
        for key, sub in item.items():
            _visit_sources(key, found, limit)
            _visit_sources(sub, found, limit)
    elif isinstance(item, (list, tuple)):
        for sub in item:
            _visit_sources(sub, found, limit)


def unknown(function: str, *inputs: Any) -> Unknown:
    """An Unknown result of `function`, remembering the symbolic inputs it came from."""
    return Unknown(function, symbolic_sources(list(inputs)))


def display(value: Any) -> Any:
    """The value with every symbolic part printed as its placeholder (JSON-ready)."""
    return _render(value, lambda s: s.placeholder())


def heat_view(value: Any) -> Any:
    """The value as Heat computes it when each placeholder is the real value."""
    return _render(value, lambda s: s.heat_text())


def _render(value: Any, show: Callable[[Symbolic], str]) -> Any:
    if isinstance(value, Symbolic):
        return show(value)
    if isinstance(value, dict):
        return {(_render(k, show) if isinstance(k, Symbolic) else k): _render(v, show)
                for k, v in value.items()}
    if isinstance(value, list):
        return [_render(v, show) for v in value]
    if isinstance(value, tuple):
        return tuple(_render(v, show) for v in value)
    return value


def to_json(value: Any) -> Any:
    """A JSON-serialisable form: placeholders for symbolic parts, str() for odd keys."""
    if isinstance(value, Symbolic):
        return value.placeholder()
    if isinstance(value, dict):
        return {_json_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if value is Ellipsis:
        return None
    if isinstance(value, float) and value != value:  # NaN has no JSON form
        return 'nan'
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, collections.abc.Mapping):  # yaql's frozen dicts
        return {_json_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, collections.abc.Iterable):  # sets and other collections yaql returns
        return [to_json(v) for v in value]
    return str(value)


def _json_key(key: Any) -> Any:
    if isinstance(key, Symbolic):
        return key.placeholder()
    if isinstance(key, str):
        return key
    if isinstance(key, bool) or key is None:
        return json.dumps(key)
    if isinstance(key, (int, float)):
        return key
    return str(key)
