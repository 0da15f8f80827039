"""A resource's properties read as a plugin's validate() reads them (heat/engine/properties.py).

`HeatProperties[key]` is Heat's `self.properties[key]` without validation:
the user's value coerced to the property's type (Property.get_value), a
map with a schema filled with every key of it (defaults, None for the
others), a list's items each coerced; an absent property is its default,
None, or, when required, the error "Property X not assigned".  Constraints
are not checked (Heat checks them in Properties.validate, which the
property rules mirror).

Where Heat would raise while reading (a required property missing, a value
of the wrong type), reading raises `PropertyProblem` with Heat's message.
Heat's strict validation of a resource meets the same problem first, and
the property rules (HOT703, HOT704) report it; inside a group's member,
whose property values Heat does not validate before creating it, the
plugin's own read is what finds it.

A property a translation rule fills from a deprecated one (Port's
`network_id` → `network`) reads as unknown when the deprecated one is
given: what the translation makes of it is not modelled here.
"""
from __future__ import annotations

import collections.abc
from typing import Any, Iterator

from hot_ls.catalog import PropertySchema
from hot_ls.catalog.property_rules import Translation
from hot_ls.language import constraints as constr
from hot_ls.rules.plugins.values import UNKNOWN, KnownList, KnownMap, Unknowable, reveal
from hot_ls.rules.resources.property_walk import coerce


class PropertyProblem(Unknowable):
    """Heat's Properties raise here; `message` is Heat's text."""

    def __init__(self, message: str, key: str):
        super().__init__(message)
        self.message = message
        self.key = key  # the top-level property being read


def wrap(value: Any) -> Any:
    """Plain data as Known containers, so that touching an unknown part raises."""
    if isinstance(value, dict):
        return KnownMap({key: wrap(item) for key, item in value.items()})
    if isinstance(value, list):
        return KnownList([wrap(item) for item in value])
    return value


class _Reader:
    """Coerces one top-level property's value, Heat's way, down its nested schemas."""

    def __init__(self, top: str, rules: tuple[Translation, ...]):
        self.top = top
        self.rules = rules

    def fail(self, message: str):
        raise PropertyProblem(message, self.top)

    def value(self, schema: PropertySchema, value: Any, names: tuple) -> Any:
        if value is UNKNOWN:
            return UNKNOWN
        kind = schema.type_key
        if kind == constr.MAP:
            if value is None:
                value = schema.default if schema.default is not None else {}
            if not isinstance(value, collections.abc.Mapping):
                self.fail('"%s" is not a map' % (value,))
            if schema.schema is None:
                return wrap(dict(value))
            return self.mapping(schema.schema, dict(value), names)
        if kind == constr.LIST:
            if value is None:
                value = schema.default or []
            if not isinstance(value, collections.abc.Sequence) or isinstance(value, str):
                self.fail('"%s" is not a list' % repr(value))
            item = schema.item
            if item is None:
                return wrap(list(value))
            return KnownList([self.value(item, child, names) for child in value])
        if kind == constr.ANY:
            return wrap(value)
        try:
            return coerce(schema, value)
        except (TypeError, ValueError) as exc:
            self.fail(str(exc))

    def mapping(self, schemas: dict[str, PropertySchema], data: dict, names: tuple) -> KnownMap:
        data = self.translated(data, names)
        out = {}
        for key, schema in schemas.items():
            out[key] = self.child(schema, data, key, names + (key,))
        return KnownMap(out)

    def child(self, schema: PropertySchema, data: dict, key: str, names: tuple) -> Any:
        if key in data:
            return self.value(schema, data[key], names)
        if schema.default is not None:
            return self.value(schema, None, names)
        if schema.required:
            self.fail(f'Property {key} not assigned')
        return None

    def translated(self, data: dict, names: tuple) -> dict:
        """`data` with the keys a translation rule rewrites marked unknown."""
        changed = None
        for rule in self.rules:
            if rule.path[:-1] != names:
                continue
            target = rule.path[-1]
            source = rule.source_key()
            if rule.rule != 'Replace' or source is None:
                touched = (target,) if target in data else ()
            elif source[0] != names:
                touched = (target,)
            elif source[1] in data:
                touched = (target, source[1])
            else:
                touched = ()
            for key in touched:
                if changed is None:
                    changed = dict(data)
                changed[key] = UNKNOWN
        return data if changed is None else changed


_UNKNOWABLE = object()  # a read that met an unknown value


class HeatProperties(collections.abc.Mapping):
    """`self.properties` of a resource plugin, over the values at validation time.

    `data` is the user's properties (values as `values.at_validation` gives
    them), or UNKNOWN when even their keys are unknown.
    """

    def __init__(self, schemas: dict[str, PropertySchema], data: Any,
                 translations: tuple[Translation, ...] = ()):
        self._schemas = schemas
        self._data = data
        self._translations = translations
        self._read: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        schema = self._schemas[key]  # KeyError: not a property (Mapping.get answers its default)
        found = self._read.get(key)
        if found is None:
            found = self._read[key] = self._value(key, schema)
        value, problem = found
        if problem is _UNKNOWABLE:
            raise Unknowable()
        if problem is not None:
            raise PropertyProblem(problem, key)
        return value

    def _value(self, key: str, schema: PropertySchema) -> tuple[Any, Any]:
        """(the value, None), or (None, a problem): kept as data, never as exceptions."""
        data = self._data
        if data is UNKNOWN or not isinstance(data, dict):
            return None, _UNKNOWABLE
        reader = _Reader(key, self._translations)
        try:
            data = reader.translated(data, ())
            if key in data and data[key] is UNKNOWN:
                return None, _UNKNOWABLE
            return reader.child(schema, data, key, (key,)), None
        except PropertyProblem as exc:
            return None, exc.message
        except Unknowable:
            return None, _UNKNOWABLE

    def raw(self, key: str) -> Any:
        """The value the template gives the property, uncoerced (Unknowable when absent or
        unknown)."""
        data = self._data
        if data is UNKNOWN or not isinstance(data, dict) or key not in data:
            raise Unknowable()
        return reveal(data[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._schemas)

    def __len__(self) -> int:
        return len(self._schemas)
