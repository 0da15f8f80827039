"""What a plugin's `import heat...` gives, from hot-ls's own knowledge: Heat is never imported.

Users of hot-ls do not have Heat installed, and Heat's modules must not
be read from wherever a Python finds them: the bundled catalog (made by
tools/gen_catalog.py from a live Heat) records Heat's resource classes,
their schemas, and the constants of the modules plugins use
(heat.engine.properties, support, constraints...).  This module turns
that record into the reader's values.
"""
from __future__ import annotations

from typing import Any

from hot_ls.catalog.catalog import Catalog
from hot_ls.catalog.plugins.values import (MISSING, HeatClass, HeatSymbol, ModuleRef, Obj,
                                           Unresolved)

# Heat's callables a plugin's schema is built with: what they build, and their parameters.
CALLABLES = {
    'heat.engine.properties.Schema': ('property', ('data_type', 'description', 'default',
                                                   'schema', 'required', 'constraints',
                                                   'implemented', 'update_allowed',
                                                   'immutable', 'support_status',
                                                   'allow_conversion')),
    'heat.engine.attributes.Schema': ('attribute', ('description', 'support_status',
                                                    'cache_mode', 'type')),
    'heat.engine.constraints.Range': ('constraint:range', ('min', 'max', 'description')),
    'heat.engine.constraints.Length': ('constraint:length', ('min', 'max', 'description')),
    'heat.engine.constraints.Modulo': ('constraint:modulo', ('step', 'offset', 'description')),
    'heat.engine.constraints.AllowedValues': ('constraint:allowed_values',
                                              ('allowed', 'description')),
    'heat.engine.constraints.AllowedPattern': ('constraint:allowed_pattern',
                                               ('pattern', 'description')),
    'heat.engine.constraints.CustomConstraint': ('constraint:custom_constraint',
                                                 ('name', 'description', 'environment')),
    'heat.engine.support.SupportStatus': ('support', ('status', 'message', 'version',
                                                      'previous_status', 'substitute_class')),
}
IDENTITY = {'heat.common.i18n._'}
_SCHEMA_CLASSES = {'heat.engine.properties.Schema', 'heat.engine.attributes.Schema',
                   'heat.engine.constraints.Schema'}
_SYMBOL_MODULES = ('heat.engine.properties', 'heat.engine.attributes', 'heat.engine.constraints',
                   'heat.engine.support', 'heat.common.i18n')
# Where else Heat's code makes the same names available.
ALIASES = {'heat.engine.resources.properties': 'heat.engine.properties'}
_RESOURCE = 'heat.engine.resource.Resource'

# Fallbacks; the values of the catalog's data (generated from Heat) are used when present.
_PROPERTY_TYPES = ('Integer', 'String', 'Number', 'Boolean', 'Map', 'List', 'Any')
_ATTRIBUTE_TYPES = (None, 'String', 'Map', 'List', 'Integer', 'Boolean')
_STATUSES = ('UNKNOWN', 'SUPPORTED', 'DEPRECATED', 'UNSUPPORTED', 'HIDDEN')


class HeatKnowledge:
    """Heat's names, classes and constants as the catalog records them."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog

        def from_data(path: str, name: str, fallback: tuple) -> tuple:
            value = (catalog.heat_constants(path) or {}).get(name)
            return tuple(value) if isinstance(value, list) and value else fallback

        self.property_types = from_data('heat.engine.properties.Schema', 'TYPES', _PROPERTY_TYPES)
        self.attribute_types = from_data('heat.engine.attributes.Schema', 'TYPES',
                                         _ATTRIBUTE_TYPES)
        self.statuses = from_data('heat.engine.support', 'SUPPORT_STATUSES', _STATUSES)

    # -- names -------------------------------------------------------------------------
    def name(self, dotted: str, line: int | None, path: str, symbol_only: bool = False) -> Any:
        """What `dotted` (heat.engine.support.HIDDEN, ...resource.Resource...) is."""
        parent, _, name = dotted.rpartition('.')
        constants = self.catalog.heat_constants(parent)
        if constants is not None and name in constants:
            return self.decode(constants[name], line, path)
        if dotted in CALLABLES or dotted in IDENTITY or dotted in _SCHEMA_CLASSES:
            return HeatSymbol(dotted)
        found = self.catalog.heat_class(dotted)
        if found is not None:
            return HeatClass(dotted, found, found.name or None)
        if symbol_only or parent in _SYMBOL_MODULES:
            return Unresolved(path, line, f'{dotted}, which Heat does not define '
                              '(Heat would fail to load this plugin)')
        return ModuleRef('heat', dotted)

    def decode(self, value: Any, line: int | None, path: str, top: bool = True) -> Any:
        """A constant from the catalog's data as an interpreter value."""
        if isinstance(value, dict):
            if len(value) == 1:
                (tag, data), = value.items()
                if tag == '$property':
                    return Obj('property', {}, line, path, json=data)
                if tag == '$attribute':
                    return Obj('attribute', {}, line, path, json=data)
                if tag == '$constraint':
                    key = next(k for k in data if k != 'description')
                    return Obj(f'constraint:{key}', {}, line, path, json=data)
                if tag == '$support':
                    return Obj('support', {}, line, path, json={'chain': data})
            return {k: self.decode(v, line, path, False) for k, v in value.items()}
        if isinstance(value, list):
            items = [self.decode(v, line, path, False) for v in value]
            return tuple(items) if top else items
        return value

    # -- attributes of Heat's classes ------------------------------------------------------
    def class_attr(self, value: HeatClass, attr: str, line: int | None, path: str) -> Any:
        body = value.rtype.body
        if attr == 'properties_schema':
            return {k: Obj('property', {}, line, path, json=v)
                    for k, v in (body.get('properties') or {}).items()}
        if attr == 'attributes_schema':
            return {k: Obj('attribute', {}, line, path, json=v)
                    for k, v in (body.get('attributes') or {}).items() if k != 'show'}
        if attr == 'base_attributes_schema':
            return self.base_attributes(line, path)
        if attr == 'update_policy_schema':
            return {k: Obj('property', {}, line, path, json=v)
                    for k, v in (body.get('update_policy') or {}).items()}
        if attr == 'support_status':
            return Obj('support', {}, line, path, json={'chain': body.get('support_status')})
        constants = body.get('constants') or {}
        if attr in constants:
            return self.decode(constants[attr], line, path)
        base = self.catalog.heat_class(_RESOURCE)
        if base is not None and attr in (base.body.get('constants') or {}):
            return self.decode(base.body['constants'][attr], line, path)
        return Unresolved(path, line, f'{value.path}.{attr}, which hot-ls does not record '
                          'for Heat classes')

    def mixin_attr(self, value: ModuleRef, attr: str, line: int | None, path: str) -> Any:
        """A constant of a Heat class that is not a resource (a mixin), or MISSING."""
        constants = self.catalog.heat_constants(value.name)
        if constants is not None and attr in constants:
            return self.decode(constants[attr], line, path)
        return MISSING

    def base_attributes(self, line: int | None = None, path: str = '') -> dict:
        """resource.Resource.base_attributes_schema: the `show` attribute."""
        base = self.catalog.heat_class(_RESOURCE)
        attrs = base.body.get('attributes', {}) if base is not None else {}
        return {k: Obj('attribute', {}, line, path, json=v) for k, v in attrs.items()}
