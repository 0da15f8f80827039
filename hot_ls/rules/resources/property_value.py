from typing import Any

from hot_ls.language import constraints as constr
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.plugins.values import UNKNOWN, resource_state
from hot_ls.rules.resources.member_issues import nested_value
from hot_ls.rules.resources.property_walk import coerce, contains, resource_walk
from hot_ls.rules.structure.resolved_field import missing_parameter
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
    alone, and so do a group's member (checked when Heat creates it) and an
    external resource.  Except where no value could pass: a whole
    `{get_param: enabled}` whose type no value of fits the property (a
    number is never a Boolean, a list or a map, a comma_delimited_list only
    ever a list), or a function whose result is always a string (a
    `str_replace`, a `get_file`...), a list or a map where the property
    takes none.  Two unknown values are a warning: the `type` of an
    OS::Heat::Value and the `user_data_format` of an OS::Nova::Server from a
    parameter without a value, which Heat resolves when it loads the
    resource, so `template validate` fails too ("The Parameter (kind) was
    not provided.").

    A property that refers to another resource is not checked against its
    constraints (Heat does not before that resource exists), but Heat still
    converts it to the property's type, with `get_resource` giving the
    resource's name (for most types; Neutron's give None): a `{get_resource:
    queue}` where a list goes fails, and so does a `str_replace` where a map
    goes.  A provider template's properties are its parameters, checked the
    same way.  Literal values are property-type's and property-constraint's
    business (HOT704, HOT705).  In a nested stack (a provider template a
    configured stack creates), whose property values Heat checks only when
    it creates that stack, a refused value is a warning, unless the type's
    own validation reads the property.

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
        inputs = analysis.inputs.described
        for res in analysis.checking.resources:
            for key, finding in self._findings(analysis, res, inputs):
                yield finding if analysis.strict or finding.severity is not None \
                    else nested_value(analysis, res, key, finding)

    @staticmethod
    def _findings(analysis, res, inputs):
        """(the property, the finding) of each of one resource's values Heat refuses."""
        template = analysis.template
        walk = resource_walk(analysis, res)
        computed = walk.computed
        if not computed and not walk.referring:
            return  # literals only, or values Heat does not check at create
        state = resource_state(analysis, res.name)
        if state.enabled is not True or not isinstance(state.data, dict):
            return
        parameters = analysis.checked_evaluation.scope.parameters
        call_nodes = template.entry_walk(res).call_nodes
        for key, schema, node in walk.referring:
            # converted, not validated: get_resource is the name (or None), get_attr None
            if key not in state.data or schema.type_key == constr.STRING:
                continue  # (a name, None or 'None' is always a string)
            if state.data[key] is UNKNOWN:
                message = _never_taken(schema, node, parameters, str(key), call_nodes)
                if message is not None:
                    yield key, Finding(node.start, node.end, message)
                continue
            found = _check(schema, node, state.data[key], str(key), call_nodes, parameters,
                           validate=False)
            if found is not None:
                where, message, whatever = found
                yield key, Finding(where.start, where.end, message if whatever else
                                   f'{message} (when Heat checks the stack before creating '
                                   'it: get_resource gives the name of most resources, '
                                   'get_attr None)')
        for key, schema, node in computed:
            if key not in state.data:
                continue
            if state.data[key] is UNKNOWN:
                missing = _missing_at_load(analysis, res, key, node)
                if missing is not None:
                    yield key, Finding(node.start, node.end, missing, severity=Severity.WARNING)
                    continue
                message = _never_taken(schema, node, parameters, str(key), call_nodes)
                if message is not None:
                    yield key, Finding(node.start, node.end, message)
                continue
            found = _check(schema, node, state.data[key], str(key), call_nodes, parameters)
            if found is not None:
                where, message, whatever = found
                yield key, Finding(where.start, where.end,
                                   message if whatever else f'{message} ({inputs})')


#: The properties Heat resolves when it loads the resource (in `template validate` too): an
#: OS::Heat::Value's `type` (Value.reparse retypes `value`) and a Server's `user_data_format`
#: (Server.__init__ registers an access key for SOFTWARE_CONFIG).
RESOLVED_AT_LOAD = {'OS::Heat::Value': 'type', 'OS::Nova::Server': 'user_data_format'}


def _missing_at_load(analysis, res, key: Any, node: Node) -> str | None:
    """A `{get_param: p}` without a value where Heat resolves the property when it loads the
    resource: `template validate` fails, and so does a stack create without -P."""
    if not isinstance(node, Mapping) or key not in RESOLVED_AT_LOAD.values():
        return None
    rtype = analysis.resource_type(res)
    if rtype is None or RESOLVED_AT_LOAD.get(rtype.name) != key or rtype.source != 'bundled':
        return None
    name = missing_parameter(analysis.checked_evaluation.scope, node)
    if name is None:
        return None
    return (f'The Parameter ({name}) was not provided. (Heat resolves the `{key}` of an '
            f'{rtype.name} when it loads the resource, so `template validate`, and a stack '
            f'create without a value for {name}, fail)')


#: The property types no value of a parameter type converts to (Property.get_value): a
#: number is never a Boolean, a list or a map; a comma_delimited_list only ever a list...
#: (a json parameter may hold anything; a number may be a float, which no String takes).
_NEVER = {'number': {constr.BOOLEAN, constr.LIST, constr.MAP},
          'boolean': {constr.LIST, constr.MAP},
          'string': {constr.LIST, constr.MAP},
          'comma_delimited_list': {constr.STRING, constr.INTEGER, constr.NUMBER, constr.BOOLEAN,
                                   constr.MAP}}


#: what some functions always give, whatever their arguments: a string (list_join, str_replace...),
#: a list, a map; and the property types no such value converts to (a string may be '5', which
#: an Integer takes, or 'true', which a Boolean does)
_RESULTS = {'get_file': 'string', 'str_replace': 'string', 'str_replace_strict': 'string',
            'str_replace_vstrict': 'string', 'list_join': 'string', 'digest': 'string',
            'make_url': 'string', 'list_concat': 'list', 'list_concat_unique': 'list',
            'repeat': 'list', 'filter': 'list', 'map_merge': 'map', 'map_replace': 'map'}
_NEVER_RESULT = {'string': {constr.LIST, constr.MAP},
                 'list': {constr.STRING, constr.INTEGER, constr.NUMBER, constr.BOOLEAN, constr.MAP},
                 'map': {constr.STRING, constr.INTEGER, constr.NUMBER, constr.BOOLEAN, constr.LIST}}


def _never_taken(schema, node: Node, parameters, path: str,
                 call_nodes: frozenset[int]) -> str | None:
    """For a property whose value is not known here (a parameter given at deploy time, a file
    not read...): Heat's refusal when no value the call could give is one the property takes:
    a whole `{get_param: name}` of a type no value of fits, an item of a comma_delimited_list
    parameter (`{get_param: [name, index]}`: a string) where the property takes no string,
    or a function whose result is always a string, a list or a map where it takes none."""
    if not (isinstance(node, Mapping) and len(node.pairs) == 1 and id(node) in call_nodes):
        return None
    function = node.pairs[0].key.value
    if function != 'get_param':
        result = _RESULTS.get(function)
        if result is None or schema.allow_conversion \
                or schema.type_key not in _NEVER_RESULT[result]:
            return None
        return (f'{path}: {function} gives a {result}, which a {schema.type_name} property '
                'never takes: a stack create fails whatever it gives')
    name = node.pairs[0].value
    steps = 0  # (the path after the name)
    if isinstance(name, Sequence) and name.items:
        steps = len(name.items) - 1
        name = name.items[0]
    name = name.value if isinstance(name, Scalar) else None
    declared = parameters.schema(name) if isinstance(name, str) else None
    if declared is not None and steps == 1 and declared.type == 'comma_delimited_list':
        # (an item of a comma_delimited_list is a string: CommaDelimitedListParam.parse)
        if schema.allow_conversion or schema.type_key not in _NEVER_RESULT['string']:
            return None
        return (f'{path}: an item of parameter {name} (a comma_delimited_list) is a string, '
                f'which a {schema.type_name} property never takes: a stack create fails '
                'whatever value it is given')
    if declared is None or steps or schema.type_key not in _NEVER.get(declared.type, ()):
        return None
    if schema.allow_conversion and (schema.type_key == constr.MAP or declared.type == 'string'):
        return None  # a provider's json parameter takes a string or a list; its list, a string
    return (f'{path}: parameter {name} is a {declared.type}, which a {schema.type_name} '
            'property never takes: a stack create fails whatever value it is given')


def _has_call(node: Node, call_nodes: frozenset[int]) -> bool:
    return contains(node, lambda current: id(current) in call_nodes)


def _check(schema, node: Node, value: Any, path: str, call_nodes: frozenset[int],
           parameters, validate: bool = True) -> tuple[Node, str, bool] | None:
    """The first problem Heat meets in `value` where the template computes it: (the node that
    computes it, the message, whether it fails whatever the parameter values); literals on
    the way are the literal rules'.  Without `validate`, only the conversion to the type
    (Property.get_value(validate=False): no constraint, no unknown key of a nested map)."""
    if id(node) in call_nodes:
        if value is UNKNOWN:  # a nested call whose value is known only at deploy time
            message = _never_taken(schema, node, parameters, path, call_nodes)
            return (node, message, True) if message is not None else None
        message = _problem(schema, value, path, validate)
        return (node, message, False) if message is not None else None
    if not _has_call(node, call_nodes):
        return None
    kind = schema.type_key
    if kind == constr.MAP and isinstance(node, Mapping) and isinstance(value, dict):
        for key, pair in node.index.items():
            sub = schema.schema.get(key) if schema.schema and isinstance(key, str) else None
            if sub is not None and key in value:
                found = _check(sub, pair.value, value[key], f'{path}.{key}', call_nodes,
                               parameters, validate)
                if found is not None:
                    return found
    elif kind == constr.LIST and isinstance(node, Sequence) and isinstance(value, list) \
            and len(value) == len(node.items):
        if schema.item is not None:
            for index, (child, item) in enumerate(zip(node.items, value)):
                found = _check(schema.item, child, item, f'{path}[{index}]', call_nodes,
                               parameters, validate)
                if found is not None:
                    return found
    else:
        return None  # a literal of another kind: property-type's
    message = _constraints(schema, value, path) if validate else None
    return (node, message, False) if message is not None else None


def _problem(schema, value: Any, path: str, validate: bool = True) -> str | None:
    """Property.get_value(value, validate) on a computed value: Heat's first message, after
    the property's path; None when it passes or cannot be known."""
    if not _known(value):
        return None
    try:
        coerced = coerce(schema, value)
    except (TypeError, ValueError) as exc:
        return f'{path}: {exc}'
    kind = schema.type_key
    if kind == constr.MAP and schema.schema and isinstance(coerced, dict):
        if validate:
            for key in coerced:
                if key not in schema.schema:
                    return f'{path}: Unknown Property {key}'
        for key, sub in schema.schema.items():
            if key in coerced:
                message = _problem(sub, coerced[key], f'{path}.{key}', validate)
                if message is not None:
                    return message
    elif kind == constr.LIST and schema.item is not None and isinstance(coerced, list):
        for index, item in enumerate(coerced):
            message = _problem(schema.item, item, f'{path}[{index}]', validate)
            if message is not None:
                return message
    return _constraints(schema, coerced, path) if validate else None


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
