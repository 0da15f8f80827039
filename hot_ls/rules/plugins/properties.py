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

Translation rules rewrite the values first, as in Heat: a deprecated
sibling fills its replacement (Server networks' `uuid` → `network`, Port's
`network_id` → `network`), a Mistral task's `policies` become its keys; a
property filled from deeper elsewhere reads as unknown when that is given.
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
        self.key = key  # the top-level property being read (a conflict's: its target's)


class TranslationConflict(PropertyProblem):
    """A translation rule meets both its source and its target (Heat's Translation.replace):
    `where` is the path of the target, list indexes included."""

    def __init__(self, message: str, key: str, where: tuple):
        super().__init__(message, key)
        self.where = where


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

    def value(self, schema: PropertySchema, value: Any, names: tuple, where: tuple) -> Any:
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
            return self.mapping(schema.schema, dict(value), names, where)
        if kind == constr.LIST:
            if value is None:
                value = schema.default or []
            if not isinstance(value, collections.abc.Sequence) or isinstance(value, str):
                self.fail('"%s" is not a list' % repr(value))
            item = schema.item
            if item is None:
                return wrap(list(value))
            return KnownList([self.value(item, child, names, where + (index,))
                              for index, child in enumerate(value)])
        if kind == constr.ANY:
            return wrap(value)
        try:
            return coerce(schema, value)
        except (TypeError, ValueError) as exc:
            self.fail(str(exc))

    def mapping(self, schemas: dict[str, PropertySchema], data: dict, names: tuple,
                where: tuple) -> KnownMap:
        data = self.translated(data, names, where)
        out = {}
        for key, schema in schemas.items():
            out[key] = self.child(schema, data, key, names + (key,), where + (key,))
        return KnownMap(out)

    def child(self, schema: PropertySchema, data: dict, key: str, names: tuple,
              where: tuple) -> Any:
        if key in data:
            return self.value(schema, data[key], names, where)
        if schema.default is not None:
            return self.value(schema, None, names, where)
        if schema.required:
            self.fail(f'Property {key} not assigned')
        return None

    def translated(self, data: dict, names: tuple, where: tuple) -> dict:
        """`data` as Heat's translation rules leave it (heat/engine/translation.py).

        A Replace from a sibling (`value_name`, and inside it `custom_value_path`:
        Server's networks `uuid` → `network`, a Mistral task's `policies.retry` →
        `retry`) moves the sibling's value to the target; both given is Heat's
        "Cannot define the following properties at the same time".  A Delete
        drops the key.  A Replace from a top-level path (Port's `network_id` →
        `network`) moves a string value as Heat does (_replace_from_top); from
        anywhere else, the target reads as unknown.  A Replace's source reads as
        absent, given or not (Heat's Properties skip what Translation.is_replaced
        says): a RouterInterface's `subnet_id` is None, its `subnet` '' when both
        come from get_resource of a Neutron resource.
        """
        if not self.rules:  # (most types have no translation rule)
            return data
        changed = dict(data)
        for rule in sorted((r for r in self.rules if r.path[:-1] == names),
                           key=lambda r: r.rule != 'Replace'):  # Heat deletes last
            target = rule.path[-1]
            if rule.rule == 'Delete':
                changed.pop(target, None)
            elif rule.value_name is None:
                source = rule.source_key()
                if source is None or source[0] != names:
                    changed[target] = UNKNOWN  # from elsewhere in the properties
                elif source[1] in data:
                    self._replace_from_top(changed, rule, names, where)
            else:
                self._replace(changed, rule, names, where)
        return changed

    def _replace_from_top(self, data: dict, rule: Translation, names: tuple,
                          where: tuple) -> None:
        """A Replace from a given top-level property (Port's `network_id` → `network`;
        every such source in Heat is a string without a default).  Heat reads the source
        as a property, so None (a Neutron resource's get_resource) is '', and the target
        is that; a target given too conflicts when both are non-empty.  Values that are
        not strings, and sources deeper down, read as unknown."""
        target, key = rule.path[-1], rule.value_path[-1]
        value, given = data.pop(key), data.get(target)
        if names or not all(item is None or isinstance(item, str) for item in (value, given)):
            data[target] = UNKNOWN
            return
        value = '' if value is None else value
        if value and given:
            raise TranslationConflict(
                'Cannot define the following properties at the same time: %s'
                % ', '.join(['.'.join(rule.path), '.'.join(rule.value_path)]), target,
                where + (target,))  # (whatever key is read: Heat's validation reads each)
        data[target] = value

    def _replace(self, data: dict, rule: Translation, names: tuple, where: tuple) -> None:
        target = rule.path[-1]
        value = data.get(rule.value_name)
        if not rule.custom_value_path:
            data.pop(rule.value_name, None)  # (read as absent: Translation.is_replaced)
        for step in rule.custom_value_path or ():
            if value is UNKNOWN:
                break
            value = value.get(step) if isinstance(value, dict) else None
        if value is UNKNOWN:
            data[target] = UNKNOWN
            return
        if value is None:
            return
        given = data.get(target)
        if given is UNKNOWN:
            return
        if value and given:
            source = names + (rule.value_name,) + tuple(rule.custom_value_path or ())
            raise TranslationConflict(
                'Cannot define the following properties at the same time: %s'
                % ', '.join(['.'.join(rule.path), '.'.join(source)]), self.top, where + (target,))
        data[target] = value


_UNKNOWABLE = object()  # a read that met an unknown value


class HeatProperties(collections.abc.Mapping):
    """`self.properties` of a resource plugin, over the values at validation time.

    `data` is the user's properties (values as `values.at_validation` gives
    them), or UNKNOWN when even their keys are unknown.
    """

    def __init__(self, schemas: dict[str, PropertySchema], data: Any,
                 translations: tuple[Translation, ...] = (), failed: dict | None = None):
        self._schemas = schemas
        self._data = data
        self._translations = translations
        #: key -> the message of the failure that resolving its value raises (read: raised)
        self._failed = failed or {}
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
            message, where, at = problem
            if where is not None:
                raise TranslationConflict(message, at, where)
            raise PropertyProblem(message, at)
        return value

    def _value(self, key: str, schema: PropertySchema) -> tuple[Any, Any]:
        """(the value, None), or (None, a problem): kept as data, never as exceptions."""
        data = self._data
        if data is UNKNOWN or not isinstance(data, dict):
            return None, _UNKNOWABLE
        if key in self._failed:
            return None, (self._failed[key], None, key)
        reader = _Reader(key, self._translations)
        try:
            data = reader.translated(data, (), ())
            if key in data and data[key] is UNKNOWN:
                return None, _UNKNOWABLE
            return reader.child(schema, data, key, (key,), (key,)), None
        except TranslationConflict as exc:
            return None, (exc.message, exc.where, exc.key)
        except PropertyProblem as exc:
            return None, (exc.message, None, exc.key)
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
