"""A resource's properties as Heat hands them to the resource: what `stack preview` shows.

(In the analysis layer: it needs both the evaluator's values and the catalog's schemas,
and the evaluator is independent of the catalog.)

Heat never gives a resource the values as written: its Properties
(heat/engine/properties.py) give every property of the type's schema, a
missing one its default (or None), each value converted to the
property's type (an integer from "8", a boolean from "true"), the keys of
nested schemas completed the same way (each item of a list of maps, each
key of a map), and translation rules applied (a deprecated property's
value moved to its replacement, heat/engine/translation.py; the rules come
from hot_ls.catalog.property_rules, generated from Heat).  This ports that
walk over the values the evaluator resolved: deploy-time values
(placeholders) pass through unconverted, as Heat converts the real value
only once it exists.  A property Heat cannot give (a value of the wrong
type, a required one missing, two properties a translation merges both
set) is an EvalError with Heat's message.
"""
from __future__ import annotations

import collections.abc
import json
from typing import Any

from hot_ls.catalog import PropertySchema
from hot_ls.catalog.property_rules import Translation
from hot_ls.evaluator.errors import RESOLVE, EvalError
from hot_ls.evaluator.values import Symbolic, find_symbolic, to_json
from hot_ls.language import constraints as constr
from hot_ls.syntax import Mapping, parse


class PropertyError(Exception):
    """A property Heat cannot give: the message it raises."""


class Failed(Symbolic):
    """A property value that failed to resolve: carried through the walk (a translation may
    move it) so that where it lands shows its error rather than a missing value."""

    __slots__ = ('error',)

    def __init__(self, error: EvalError):
        self.error = error

    def placeholder(self) -> str:
        return self.error.message


def heat_properties(schemas: dict[str, PropertySchema], values: dict, *,
                    translations: tuple[Translation, ...] = (),
                    description: Any = None, node: Any = None,
                    convertible: frozenset = frozenset()) -> dict:
    """Every property of the schema, as Heat's Properties gives it (or an EvalError).

    `convertible`: the properties of a provider template's json and
    comma_delimited_list parameters, which Heat lets take a string or a list
    (Schema.allow_conversion)."""
    translation = _Translation(translations)
    top = _Properties(schemas, values, (), translation, description, convertible)
    translation.top = top
    out = {}
    try:
        for key in schemas:
            try:
                out[key] = top.get(key)
            except PropertyError as exc:
                out[key] = EvalError(str(exc), RESOLVE, node, 'ValueError')
    finally:
        translation.top = None  # (they refer to each other: no cycle left behind)
    return out


class _Properties:
    def __init__(self, schemas: dict[str, PropertySchema], data: dict, path: tuple,
                 translation: '_Translation', description: Any = None,
                 convertible: frozenset = frozenset()):
        self.schemas = schemas
        self.data = data
        self.path = path
        self.translation = translation
        self.description = description
        self.convertible = convertible

    def get(self, key: str) -> Any:
        schema = self.schemas[key]
        path = self.path + (key,)
        found, value = self._user_value(key, schema, path)
        if found:
            return value
        translation = self.translation
        if translation.has(path):
            value = translation.translate(path, None, self.data)
            if value is not None or schema.default is not None:
                return self._convert(schema, value, path)
        if schema.default is not None:
            return self._convert(schema, None, path)
        if schema.required:
            raise PropertyError('Property %s not assigned' % key)
        if key == 'description' and schema.update_allowed:
            return self.description
        return None

    def _user_value(self, key: str, schema: PropertySchema, path: tuple) -> tuple[bool, Any]:
        if key not in self.data:
            return False, None
        translation = self.translation
        if translation.is_deleted(path) or translation.is_replaced(path):
            return False, None
        value = self.data[key]
        if translation.has(path):
            value = translation.translate(path, value, self.data)
        return True, self._convert(schema, value, path)

    # -- Property.get_value --------------------------------------------------------
    def _convert(self, schema: PropertySchema, value: Any, path: tuple) -> Any:
        if isinstance(value, Symbolic):
            return value  # Heat converts the value once it exists
        kind = schema.type_key
        default = schema.default
        if kind == constr.STRING:
            if value is None:
                value = default or ''
            if not isinstance(value, str):
                if isinstance(value, (bool, int)):
                    return str(value)
                raise PropertyError('Value must be a string; got %r' % (value,))
            return value
        if kind == constr.INTEGER:
            if value is None:
                value = default or 0
            try:
                return int(value)
            except (TypeError, ValueError):
                raise PropertyError("Value '%s' is not an integer" % (value,)) from None
            except OverflowError as exc:  # .inf: Heat lets int()'s own message through
                raise PropertyError(str(exc)) from None
        if kind == constr.NUMBER:
            if value is None:
                value = default or 0
            try:
                return constr.str_to_num(value)
            except (TypeError, ValueError) as exc:
                raise PropertyError(str(exc)) from None
        if kind == constr.BOOLEAN:
            if value is None:
                value = default or False
            if isinstance(value, bool):
                return value
            if isinstance(value, str):
                normalised = value.lower()
                if normalised not in ('true', 'false'):
                    raise PropertyError('"%s" is not a valid boolean' % normalised)
                return normalised == 'true'
            raise PropertyError('"%s" is not a valid boolean' % (value,))
        convertible = path[-1] in self.convertible and len(path) == 1
        if kind == constr.MAP:
            if value is None:
                value = default if default is not None else {}
            if not isinstance(value, collections.abc.Mapping):
                if convertible and isinstance(value, str):
                    return value
                if convertible and isinstance(value, collections.abc.Sequence):
                    if find_symbolic(value) is not None:
                        return value  # Heat converts it once its deploy-time parts exist
                    return json.dumps(value)
                raise PropertyError('"%s" is not a map' % (value,))
            return dict(self._children(schema, list(value.items()), path))
        if kind == constr.LIST:
            if value is None:
                value = default or []
            if convertible and isinstance(value, str):
                value = value.split(',') if value else []
            if not isinstance(value, collections.abc.Sequence) or isinstance(value, str):
                raise PropertyError('"%s" is not a list' % repr(value))
            return [child for _, child in self._children(schema, list(enumerate(value)), path,
                                                         keys=list(range(len(value))))]
        return value

    def _children(self, schema: PropertySchema, items: list, path: tuple, keys=None):
        """Property._get_children: the nested schema's Properties, or the items as they are."""
        nested = schema.schema
        if nested is None:
            return items
        if keys is None:
            keys = list(nested)
        if keys and isinstance(keys[0], int):
            item = nested.get('*')
            if item is None:
                return items
            schemas = {index: item for index in keys}
        else:
            schemas = {key: nested[key] for key in keys}
        child = _Properties(schemas, dict(items), path, self.translation)
        return [(key, child.get(key)) for key in keys]


class _Translation:
    """heat.engine.translation.Translation for REPLACE and DELETE rules (RESOLVE, which looks
    names up in the cloud, gives the name itself offline)."""

    def __init__(self, rules: tuple[Translation, ...]):
        self.rules: dict[tuple, list[Translation]] = {}
        self.deleted: set[tuple] = set()
        self.replaced: set[tuple] = set()
        self.resolved: dict[tuple, Any] = {}
        self.active = True
        self.top: _Properties | None = None
        for rule in rules:
            self.rules.setdefault(tuple(rule.path), []).append(rule)
            if rule.rule == 'Delete':
                self.deleted.add(tuple(rule.path))
            elif rule.rule == 'Replace':
                self.replaced.add(self._source_path(rule))

    @staticmethod
    def _key(path: tuple) -> tuple:
        """Heat's cast_key_to_rule: list indexes left out."""
        return tuple(item for item in path if not isinstance(item, int))

    @staticmethod
    def _source_path(rule: Translation) -> tuple:
        if rule.value_name:
            return tuple(rule.path[:-1]) + (rule.value_name,)
        return tuple(rule.value_path or ())

    def is_deleted(self, path: tuple) -> bool:
        return self.active and self._key(path) in self.deleted

    def is_replaced(self, path: tuple) -> bool:
        return self.active and self._key(path) in self.replaced

    def has(self, path: tuple) -> bool:
        return self.active and (self._key(path) in self.rules or path in self.resolved)

    def translate(self, path: tuple, value: Any, data: dict) -> Any:
        if path in self.resolved:
            return self.resolved[path]
        result = value
        for rule in self.rules.get(self._key(path), ()):
            if rule.rule == 'Delete':
                self.resolved[path] = None
                result = None
            elif rule.rule == 'Replace':
                result = self._replace(path, rule, result, data)
        return result

    def _replace(self, path: tuple, rule: Translation, value: Any, data: dict) -> Any:
        source = None
        if rule.value_name:
            source_path = path[:-1] + (rule.value_name,)
            self.active = False
            source = data.get(rule.value_name) if isinstance(data, dict) else None
            self.active = True
        elif rule.value_path:
            source_path = tuple(rule.value_path)
            self.active = False
            try:
                source = _get(list(rule.value_path), self.top)
            finally:
                self.active = True
        else:
            return value
        if source and value:
            raise PropertyError('Cannot define the following properties at the same time: %s'
                                % ', '.join(['.'.join(map(str, self._key(path))),
                                             '.'.join(map(str, self._source_path(rule)))]))
        result = source if source is not None else value
        self.resolved[path] = result
        self.resolved[source_path] = None
        return result


def _get(path: list, props: Any) -> Any:
    """translation.get_value: a value by path, through Properties at the top."""
    if not props:
        return None
    key = path[0]
    prop = props.get(key) if isinstance(props, _Properties) and key in props.schemas else (
        props.get(key) if isinstance(props, dict) else None)
    if len(path) == 1:
        return prop
    if prop is None:
        return None
    if isinstance(prop, list):
        return [_get(path[1:], item) for item in prop]
    if isinstance(prop, dict):
        return _get(path[1:], prop)
    return None


#: a provider template's parameter types, as the property types Heat makes of them
_PARAMETER_TYPES = {'string': 'string', 'number': 'number', 'comma_delimited_list': 'list',
                    'json': 'map', 'boolean': 'boolean'}


def provider_schemas(parameters: dict) -> tuple[dict[str, PropertySchema], frozenset]:
    """The properties Heat makes of a provider template's parameters (Schema.from_parameter:
    no default, since the nested stack applies its own; json and lists convertible), and
    which of them are convertible.  `parameters` maps names to declarations (plain data)."""
    schemas = {}
    convertible = set()
    for name, declaration in parameters.items():
        ptype = declaration.get('type') if isinstance(declaration, dict) else None
        kind = _PARAMETER_TYPES.get(ptype, 'map')
        schemas[str(name)] = PropertySchema(str(name), kind, update_allowed=True)
        if ptype in ('json', 'comma_delimited_list'):
            convertible.add(str(name))
    return schemas, frozenset(convertible)


# -- the preview ----------------------------------------------------------------------------
def catalog_attribute_names(catalog: Any):
    """An evaluation's `attribute_names` from a resource catalog, so get_attr of an attribute
    the type does not have fails as in Heat: 'The Referenced Attribute (server x) is
    incorrect.'  None (any name) for a type that takes any, a provider template, a type
    the catalog does not know."""
    def names(entry):
        rtype = catalog.resolve(entry.type) if isinstance(entry.type, str) else None
        if rtype is None or rtype.accepts_any_attribute:
            return None
        return rtype.attributes
    return names


def preview(evaluation, catalog: Any = None, raw: bool = False):
    """The evaluation's preview; with a catalog and not `raw`, each resource's properties as
    Heat gives them to it (every schema key, defaults, conversions, translations)."""
    if catalog is None or raw:
        return evaluation.preview()
    return evaluation.preview(properties_of=lambda name, res: _given(evaluation, catalog, name, res))


def _given(evaluation, catalog, name, res) -> dict | None:
    """The properties Heat gives the resource, or None when its type's schema is not known
    here (the raw values are shown then)."""
    from hot_ls.catalog.property_rules import accepts_any_property, translations
    template = evaluation.template
    if not isinstance(res.type, str):
        return None
    rtype = catalog.resolve(res.type)
    convertible: frozenset = frozenset()
    if rtype is not None:
        if accepts_any_property(rtype.name):
            return {}  # OS::Heat::None and the types built on it take no property at all
        schemas, rules = rtype.properties, translations(rtype.name)
    else:
        found = _provider(evaluation, res.type)
        if found is None:
            return None
        (schemas, convertible), rules = found, ()
    values = dict(res.properties.value)
    values.update((key, Failed(error)) for key, error in res.property_errors.items())
    description = template.resources[name].get('description')
    given = heat_properties(schemas, values, translations=rules, convertible=convertible,
                            description=description.to_python() if description is not None
                            else None, node=template.resources[name].key)
    if rtype is None or template.resources[name].get('external_id') is not None:
        # a provider template's parameters (and an external resource's properties) that are
        # not given are None: the nested stack (or nothing) takes care of them
        given = {key: None if isinstance(value, EvalError) and key not in values else value
                 for key, value in given.items()}
    props = {}
    for key, value in given.items():
        if isinstance(value, Failed):
            props[key] = {'error': value.error.to_json()}
        elif isinstance(value, EvalError):
            prefix = 'Property error: resources.%s.properties.%s: ' % (name, key)
            props[key] = {'error': {'message': prefix + value.message}}
        else:
            props[key] = to_json(value)
    for key in res.property_errors:
        if key not in props:  # a property the type does not have, failing to resolve
            props[key] = {'error': res.property_errors[key].to_json()}
    return props


def _provider(evaluation, type_name: str):
    """A provider template's property schemas, from the template the client sends along
    (files, or the file beside the template); None when it is not a template or not found."""
    if not type_name.endswith(('.yaml', '.yml', '.template')):
        return None
    text = evaluation.scope.files.get(type_name)
    if not isinstance(text, str):
        return None
    tree = parse(text)
    root = tree.root
    parameters = root.get('parameters') if isinstance(root, Mapping) else None
    if tree.syntax_errors or not isinstance(parameters, (Mapping, type(None))):
        return None
    return provider_schemas(parameters.to_python() if parameters is not None else {})
