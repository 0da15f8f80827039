"""The preview of a whole template: what `hot-ls preview` prints and editors show.

    {"parameters": {name: value}, "conditions": {name: bool},
     "resources": {name: {"type", "enabled", "properties"}},
     "outputs": {name: value}}

Any item that fails shows {"error": {"message": ...}} in its place (a
resource property that fails shows it in place of that property's value).
A disabled resource has "enabled": false and "properties": null; an
output whose condition is false is null and listed in "disabled_outputs".
Hidden parameters print as '******', as Heat prints them.  Problems that
concern the whole stack (an environment Heat refuses) are listed under
"errors".  Deploy-time values print as placeholders (values.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hot_ls.evaluator.errors import EvalError
from hot_ls.evaluator.snippet import Outcome
from hot_ls.evaluator.values import to_json


def _item(outcome: Outcome) -> Any:
    return outcome.to_json().get('value') if outcome.ok else outcome.to_json()


@dataclass
class Preview:
    parameters: dict = field(default_factory=dict)
    conditions: dict = field(default_factory=dict)
    resources: dict = field(default_factory=dict)
    outputs: dict = field(default_factory=dict)
    disabled_outputs: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    @classmethod
    def build(cls, evaluation, raw: bool = False) -> 'Preview':
        out = cls()
        template = evaluation.template
        for name in template.parameters:
            outcome = evaluation.parameter(name)
            schema = evaluation.parameters.schema(name)
            if outcome.ok and schema is not None and schema.hidden:
                outcome = Outcome('******')
            out.parameters[name] = _item(outcome)
        if template.facts.has_conditions:
            for name in template.conditions:
                out.conditions[name] = _item(evaluation.condition(name))
        catalog = None if raw else evaluation.catalog
        for name in template.resources:
            res = evaluation.resource(name)
            if res.properties.ok and isinstance(res.properties.value, dict):
                given = _given(evaluation, catalog, template, name, res)
                if given is not None:
                    props = given
                else:
                    props = {}
                    for key in res.order or list(res.properties.value):
                        if key in res.property_errors:
                            props[key] = {'error': res.property_errors[key].to_json()}
                        elif key in res.properties.value:
                            props[key] = to_json(res.properties.value[key])
            else:
                props = _item(res.properties)
            out.resources[name] = {'type': res.type, 'enabled': _item(res.enabled),
                                   'properties': props}
        for name in template.outputs:
            output = evaluation.output(name)
            out.outputs[name] = _item(output.value) if output.enabled.ok else _item(output.enabled)
            if output.enabled.ok and output.enabled.value is False:
                out.disabled_outputs.append(name)
        out.errors = [error.to_json() for error in evaluation.problems]
        return out

    def to_json(self) -> dict:
        data = {'parameters': _keys(self.parameters), 'conditions': _keys(self.conditions),
                'resources': _keys(self.resources), 'outputs': _keys(self.outputs)}
        if self.disabled_outputs:
            data['disabled_outputs'] = [str(n) for n in self.disabled_outputs]
        if self.errors:
            data['errors'] = self.errors
        return data


def _given(evaluation, catalog, template, name, res) -> dict | None:
    """The properties Heat gives the resource (every schema key, defaults, conversions,
    translations), or None when its type's schema is not known here (raw values then)."""
    from hot_ls.catalog.property_rules import accepts_any_property, translations
    from hot_ls.evaluator.properties import Failed, heat_properties
    if catalog is None or not isinstance(res.type, str):
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
    from hot_ls.evaluator.properties import provider_schemas
    from hot_ls.syntax import Mapping, parse
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


def _keys(mapping: dict) -> dict:
    return {name if isinstance(name, str) else str(name): value for name, value in mapping.items()}


def preview(template, environments=(), parameter_values=None, raw: bool = False,
            **kwargs) -> Preview:
    """The preview of `template` (a model Template) with -e environments and -P values.

    With `catalog=` (a resource catalog), each resource's properties are what Heat
    gives the resource (unless `raw`), and get_attr checks attribute names."""
    from hot_ls.evaluator.template import TemplateEvaluation
    return TemplateEvaluation(template, environments, parameter_values, **kwargs).preview(raw)
