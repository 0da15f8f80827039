from typing import Any

from hot_ls.language import constraints as constr
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import UNKNOWN, resource_state
from hot_ls.rules.resources.property_walk import coerce, contains, resource_walk
from hot_ls.syntax import Mapping, Node, Scalar, Sequence


class PropertyValue(Rule):
    """A property value, computed by a function, that Heat refuses when it creates the stack.

    ## What it checks
    The properties given by an intrinsic function (`{get_param: size}`, a
    `str_replace`, an `if`...), as a stack create without -P computes them:
    with the parameters' default values (and the configured ones).  Each is
    converted to the property's type and checked against its constraints,
    down the nested schemas, as Heat's Properties do when the stack is
    created: a number parameter whose default is above the property's range,
    a json parameter that is no map where a map goes, a string that is no
    IP address where one goes, a key a map's schema does not have.

    A value is checked only when it is known: a parameter without a value
    (given at deploy time), the stack's name, a file not read leave it
    alone; but a property that is such a parameter (`{get_param: enabled}`)
    whose type no value of fits the property is an error too: a number is
    never a Boolean, a list or a map, a comma_delimited_list never a map.  So does a property that refers to another resource (Heat does not
    check it before that resource exists), a group's member (checked when
    Heat creates it) and an external resource.  A provider template's
    properties are its parameters, checked the same way.  Literal values
    are property-type's and property-constraint's business (HOT704, HOT705).

    ## Why it matters
    `openstack stack create` refuses the template before it creates
    anything: "Property error: resources.key.properties.length: 600 is out of
    range (min: 1, max: 512)".  `template validate` does not look at values.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      password_length: {type: number, default: 600}
    resources:
      password:
        type: OS::Heat::RandomString
        properties:
          length: {get_param: password_length}
    ```

    ## Fix
    Change the default (or the value the environment gives) to one the
    property takes, or constrain the parameter as the property is.
    ```yaml
    heat_template_version: 2021-04-16
    parameters:
      password_length:
        type: number
        default: 32
        constraints:
          - range: {min: 1, max: 512}
    resources:
      password:
        type: OS::Heat::RandomString
        properties:
          length: {get_param: password_length}
    ```
    """

    code = 'HOT714'
    name = 'property-value'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        inputs = ('with the configured parameter values' if analysis.inputs.given
                  else 'with the default parameter values')
        for res in analysis.checking.resources:
            computed = resource_walk(analysis, res).computed
            if not computed:
                continue  # literals only, or values Heat does not check at create
            state = resource_state(analysis, res.name)
            if state.enabled is not True or not isinstance(state.data, dict):
                continue
            parameters = analysis.checked_evaluation.scope.parameters
            for key, schema, node in computed:
                if key not in state.data:
                    continue
                if state.data[key] is UNKNOWN:
                    message = _never_taken(schema, node, parameters, str(key))
                    if message is not None:
                        yield Finding(node.start, node.end, message)
                    continue
                found = _check(schema, node, state.data[key], str(key),
                               template.entry_walk(res).call_nodes, parameters)
                if found is not None:
                    where, message, whatever = found
                    yield Finding(where.start, where.end,
                                  message if whatever else f'{message} ({inputs})')


#: The property types no value of a parameter type converts to (Property.get_value): a
#: number is never a Boolean, a list or a map; a comma_delimited_list only ever a list...
#: (a json parameter may hold anything; a number may be a float, which no String takes).
_NEVER = {'number': {constr.BOOLEAN, constr.LIST, constr.MAP},
          'boolean': {constr.LIST, constr.MAP},
          'string': {constr.LIST, constr.MAP},
          'comma_delimited_list': {constr.STRING, constr.INTEGER, constr.NUMBER, constr.BOOLEAN,
                                   constr.MAP}}


def _never_taken(schema, node: Node, parameters, path: str) -> str | None:
    """For a property that is a whole `{get_param: name}` without a value here (given at deploy
    time): Heat's refusal when no value of the parameter's type is one the property takes."""
    if not (isinstance(node, Mapping) and len(node.pairs) == 1
            and node.pairs[0].key.value == 'get_param'):
        return None
    name = node.pairs[0].value
    name = name.value if isinstance(name, Scalar) else None
    declared = parameters.schema(name) if isinstance(name, str) else None
    if declared is None or schema.type_key not in _NEVER.get(declared.type, ()):
        return None
    if schema.allow_conversion and (schema.type_key == constr.MAP or declared.type == 'string'):
        return None  # a provider's json parameter takes a string or a list; its list, a string
    return (f'{path}: parameter {name} is a {declared.type}, which a {schema.type_name} '
            'property never takes: a stack create fails whatever value it is given')


def _has_call(node: Node, call_nodes: frozenset[int]) -> bool:
    return contains(node, lambda current: id(current) in call_nodes)


def _check(schema, node: Node, value: Any, path: str, call_nodes: frozenset[int],
           parameters) -> tuple[Node, str, bool] | None:
    """The first problem Heat meets in `value` where the template computes it: (the node that
    computes it, the message, whether it fails whatever the parameter values); literals on
    the way are the literal rules'."""
    if id(node) in call_nodes:
        if value is UNKNOWN:  # a nested {get_param: p} given at deploy time
            message = _never_taken(schema, node, parameters, path)
            return (node, message, True) if message is not None else None
        message = _problem(schema, value, path)
        return (node, message, False) if message is not None else None
    if not _has_call(node, call_nodes):
        return None
    kind = schema.type_key
    if kind == constr.MAP and isinstance(node, Mapping) and isinstance(value, dict):
        for key, pair in node.index.items():
            sub = schema.schema.get(key) if schema.schema and isinstance(key, str) else None
            if sub is not None and key in value:
                found = _check(sub, pair.value, value[key], f'{path}.{key}', call_nodes,
                               parameters)
                if found is not None:
                    return found
    elif kind == constr.LIST and isinstance(node, Sequence) and isinstance(value, list) \
            and len(value) == len(node.items):
        if schema.item is not None:
            for index, (child, item) in enumerate(zip(node.items, value)):
                found = _check(schema.item, child, item, f'{path}[{index}]', call_nodes,
                               parameters)
                if found is not None:
                    return found
    else:
        return None  # a literal of another kind: property-type's
    message = _constraints(schema, value, path)
    return (node, message, False) if message is not None else None


def _problem(schema, value: Any, path: str) -> str | None:
    """Property.get_value(value, validate=True) on a computed value: Heat's first message,
    after the property's path; None when it passes or cannot be known."""
    if not _known(value):
        return None
    try:
        coerced = coerce(schema, value)
    except (TypeError, ValueError) as exc:
        return f'{path}: {exc}'
    kind = schema.type_key
    if kind == constr.MAP and schema.schema and isinstance(coerced, dict):
        for key in coerced:
            if key not in schema.schema:
                return f'{path}: Unknown Property {key}'
        for key, sub in schema.schema.items():
            if key in coerced:
                message = _problem(sub, coerced[key], f'{path}.{key}')
                if message is not None:
                    return message
    elif kind == constr.LIST and schema.item is not None and isinstance(coerced, list):
        for index, item in enumerate(coerced):
            message = _problem(schema.item, item, f'{path}[{index}]')
            if message is not None:
                return message
    return _constraints(schema, coerced, path)


def _constraints(schema, value: Any, path: str) -> str | None:
    if not schema.constraints or not _known(value):
        return None
    try:
        message = schema.value_schema().validate_constraints(coerce(schema, value))
    except (TypeError, ValueError, AttributeError):
        return None  # Heat would fail elsewhere first
    return f'{path}: {message}' if message is not None else None


def _known(value: Any) -> bool:
    """Nothing in `value` is UNKNOWN (a deploy-time value, a file not read)."""
    stack = [value]
    while stack:
        current = stack.pop()
        if current is UNKNOWN:
            return False
        if isinstance(current, dict):
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return True
