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

from hot_ls.evaluator.snippet import Outcome
from hot_ls.evaluator.values import to_json


# Heat resolves a get_resource/get_attr of a missing resource without knowing where it is
# written, and says "(in unknown)"; the preview knows which item it evaluates, and says that.
_UNKNOWN_PLACE = '(in unknown)'


def _item(outcome: Outcome, place: str) -> Any:
    if outcome.ok:
        return outcome.to_json().get('value')
    return _placed(outcome.to_json(), place)


def _placed(error: dict, place: str) -> dict:
    found = error.get('error')
    message = found.get('message') if isinstance(found, dict) else None
    if isinstance(message, str) and _UNKNOWN_PLACE in message:
        error = {**error, 'error': {**error['error'],
                                    'message': message.replace(_UNKNOWN_PLACE, f'(in {place})')}}
    return error


@dataclass
class Preview:
    parameters: dict = field(default_factory=dict)
    conditions: dict = field(default_factory=dict)
    resources: dict = field(default_factory=dict)
    outputs: dict = field(default_factory=dict)
    disabled_outputs: list = field(default_factory=list)
    errors: list = field(default_factory=list)

    @classmethod
    def build(cls, evaluation, properties_of=None) -> 'Preview':
        """`properties_of(name, resource_preview)`, when given, shows a resource's properties
        as some other view has them (hot_ls.analysis.properties: as Heat gives them), or
        None for the values as resolved."""
        out = cls()
        template = evaluation.template
        for name in template.parameters:
            outcome = evaluation.parameter(name)
            schema = evaluation.parameters.schema(name)
            if outcome.ok and schema is not None and schema.hidden:
                outcome = Outcome('******')
            out.parameters[name] = _item(outcome, f'parameters.{name}')
        if template.facts.has_conditions:
            for name in template.conditions:
                out.conditions[name] = _item(evaluation.condition(name), f'conditions.{name}')
        for name in template.resources:
            res = evaluation.resource(name)
            if res.properties.ok and isinstance(res.properties.value, dict):
                given = properties_of(name, res) if properties_of is not None else None
                if given is not None:
                    props = {key: _placed(value, f'resources.{name}.properties.{key}')
                             if isinstance(value, dict) else value
                             for key, value in given.items()}
                else:
                    props = {}
                    for key in res.order or list(res.properties.value):
                        if key in res.property_errors:
                            props[key] = _placed({'error': res.property_errors[key].to_json()},
                                                 f'resources.{name}.properties.{key}')
                        elif key in res.properties.value:
                            props[key] = to_json(res.properties.value[key])
            else:
                props = _item(res.properties, f'resources.{name}.properties')
            out.resources[name] = {'type': res.type,
                                   'enabled': _item(res.enabled, f'resources.{name}.condition'),
                                   'properties': props}
        for name in template.outputs:
            output = evaluation.output(name)
            out.outputs[name] = _item(output.value, f'outputs.{name}.value') if output.enabled.ok \
                else _item(output.enabled, f'outputs.{name}.condition')
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


def _keys(mapping: dict) -> dict:
    return {name if isinstance(name, str) else str(name): value for name, value in mapping.items()}


def preview(template, environments=(), parameter_values=None, **kwargs) -> Preview:
    """The preview of `template` (a model Template) with -e environments and -P values."""
    from hot_ls.evaluator.template import TemplateEvaluation
    return TemplateEvaluation(template, environments, parameter_values, **kwargs).preview()
