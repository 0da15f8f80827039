"""A provider template seen as a resource type (heat/engine/resources/template_resource.py).

A resource whose type is a template (`type: nested.yaml`, or a type the
registry maps to one) is a nested stack: its properties are the template's
parameters and its attributes the template's outputs.  Heat builds that
schema with `Properties.schema_from_params(tmpl.param_schemata(param_defaults))`
and `Attributes.schema_from_outputs`, so:

- each parameter is a property of the matching type (string, number,
  comma_delimited_list -> list, json -> map, boolean), with the
  parameter's constraints, updatable, and `allow_conversion` for json and
  comma_delimited_list ones;
- a parameter is required when it has no default, where the environment's
  `parameter_defaults` count as defaults (they flow into nested stacks);
- each output is an attribute, plus Heat's base attribute `show`.

The result is an ordinary `ResourceType`, so every property and attribute
check, completion and hover treats a provider like Heat's own types.
"""
from __future__ import annotations

from typing import Any

from hot_ls.catalog import AttributeSchema, PropertySchema, ResourceType
from hot_ls.workspace.summaries import TemplateSummary

_PROPERTY_TYPES = {'string': 'string', 'number': 'number', 'comma_delimited_list': 'list',
                   'json': 'map', 'boolean': 'boolean'}
_CONVERTED = frozenset(('json', 'comma_delimited_list'))
SHOW = AttributeSchema('show', 'map', 'Detailed information about resource.')


def provider_type(name: str, summary: TemplateSummary,
                  parameter_defaults: dict | None = None) -> ResourceType:
    """The resource type `name` when it is implemented by the template `summary`."""
    defaults = parameter_defaults or {}
    properties: dict[str, PropertySchema] = {}
    for pname, info in summary.parameters.items():
        if not isinstance(pname, str):
            continue
        schema = info.schema
        if schema is None:  # Heat refuses the declaration: the template's own diagnostic says
            properties[pname] = PropertySchema(pname, 'any', _text(info.description))
            continue
        default: Any = defaults[pname] if pname in defaults else schema.default
        properties[pname] = PropertySchema(
            pname, _PROPERTY_TYPES.get(schema.type, 'map'), _text(schema.description),
            required=default is None, update_allowed=True, constraints=schema.constraints,
            allow_conversion=schema.type in _CONVERTED)
    attributes = {oname: AttributeSchema(oname, None, _text(info.description))
                  for oname, info in summary.outputs.items() if isinstance(oname, str)}
    attributes.setdefault('show', SHOW)
    return ResourceType.from_schemas(name, properties, attributes, source=summary.path,
                                     description=_text(summary.description) or '')


def _text(value: Any) -> str | None:
    return None if value is None else str(value)
