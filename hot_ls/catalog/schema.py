"""Resource types, property and attribute schemas, built from JSON.

One reader serves every source: the bundled catalog (a compact form where
default values are left out), cloud dumps (Heat's `dict(Schema)` as
`openstack orchestration resource type show -f json` prints it) and the
plugin analyser (which emits the compact form).  Constraints become the
classes of `hot_ls.language.constraints`, so checks validate catalog values
with the same code as parameters.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from hot_ls.catalog.support import DEFAULT_SUPPORT, HIDDEN, SupportStatus
from hot_ls.language import constraints as constr

#: Property types as Heat's dict(Schema) spells them, and their abstract type keys.
PROPERTY_TYPES = {
    'string': constr.STRING, 'integer': constr.INTEGER, 'number': constr.NUMBER,
    'boolean': constr.BOOLEAN, 'map': constr.MAP, 'list': constr.LIST, 'any': constr.ANY,
}

_CONSTRAINT_KEYS = ('range', 'length', 'modulo', 'allowed_values', 'allowed_pattern',
                    'custom_constraint')

#: Receives (message) for a constraint or schema entry that could not be used.
ProblemSink = Callable[[str], None]


def _ignore(message: str) -> None:
    pass


def constraint_from_dict(data: Any, on_problem: ProblemSink = _ignore) -> constr.Constraint | None:
    """A constraint from Heat's dict form ({'range': {'min': 1}, 'description': ...})."""
    if not isinstance(data, dict):
        on_problem(f'constraint {data!r} is not a mapping, ignored')
        return None
    description = data.get('description')
    try:
        for key in _CONSTRAINT_KEYS:
            if key not in data:
                continue
            value = data[key]
            if key in ('range', 'length'):
                value = value if isinstance(value, dict) else {}
                cls = constr.Range if key == 'range' else constr.Length
                return cls(value.get('min'), value.get('max'), description)
            if key == 'modulo':
                value = value if isinstance(value, dict) else {}
                return constr.Modulo(value.get('step'), value.get('offset'), description)
            if key == 'allowed_values':
                return constr.AllowedValues(value, description)
            if key == 'allowed_pattern':
                return constr.AllowedPattern(value, description)
            return constr.CustomConstraint(value, description)
    except constr.InvalidSchemaError as exc:
        on_problem(f'constraint {data!r} is invalid ({exc}), ignored')
        return None
    on_problem(f'constraint {data!r} has no known kind, ignored')
    return None


def constraint_to_dict(constraint: constr.Constraint) -> dict:
    out: dict[str, Any] = {constraint.key: constraint.definition()}
    if constraint.description is not None:
        out['description'] = constraint.description
    return out


class PropertySchema:
    """One property (or nested key, or list item '*') of a resource type."""

    __slots__ = ('name', 'type', 'description', 'default', 'required', 'update_allowed',
                 'immutable', 'implemented', 'constraints', 'schema', 'support_status',
                 'allow_conversion')

    def __init__(self, name: str, type: str, description: str | None = None,
                 default: Any = None, required: bool = False, update_allowed: bool = False,
                 immutable: bool = False, implemented: bool = True,
                 constraints: tuple[constr.Constraint, ...] = (),
                 schema: 'dict[str, PropertySchema] | None' = None,
                 support_status: SupportStatus = DEFAULT_SUPPORT,
                 allow_conversion: bool = False):
        self.name = name
        self.type = type  # 'string', 'integer', 'number', 'boolean', 'map', 'list', 'any'
        self.description = description
        self.default = default
        self.required = required
        self.update_allowed = update_allowed
        self.immutable = immutable
        self.implemented = implemented
        self.constraints = constraints
        self.schema = schema  # a list's item under '*', a map's keys; None when free-form
        self.support_status = support_status
        #: a provider template's json or comma_delimited_list parameter: a map also takes a
        #: string or a list, a list also takes a comma-delimited string (Heat's Schema)
        self.allow_conversion = allow_conversion

    @classmethod
    def from_dict(cls, name: str, data: Any, on_problem: ProblemSink = _ignore) -> 'PropertySchema':
        if not isinstance(data, dict):
            on_problem(f'property "{name}": schema is not a mapping, treated as "any"')
            return cls(name, 'any')
        ptype = str(data.get('type', 'any')).lower()
        if ptype not in PROPERTY_TYPES:
            on_problem(f'property "{name}": unknown type "{data.get("type")}", treated as "any"')
            ptype = 'any'
        constraints = []
        for item in data.get('constraints') or ():
            made = constraint_from_dict(item, lambda m: on_problem(f'property "{name}": {m}'))
            if made is not None:
                constraints.append(made)
        nested = data.get('schema')
        schema = None
        if isinstance(nested, dict):
            schema = {str(key): cls.from_dict(str(key), value, on_problem)
                      for key, value in nested.items()}
        description = data.get('description')
        return cls(name, ptype,
                   description=None if description is None else str(description),
                   default=data.get('default'),
                   required=bool(data.get('required', False)),
                   update_allowed=bool(data.get('update_allowed', False)),
                   immutable=bool(data.get('immutable', False)),
                   implemented=bool(data.get('implemented', True)),
                   constraints=tuple(constraints), schema=schema,
                   support_status=SupportStatus.parse(data.get('support_status')))

    @property
    def type_key(self) -> str:
        """The abstract type of hot_ls.language.constraints (STRING, INTEGER, ..., ANY)."""
        return PROPERTY_TYPES[self.type]

    @property
    def type_name(self) -> str:
        """Heat's spelling in messages: 'String', 'Integer', 'Map'..."""
        return self.type.capitalize()

    @property
    def item(self) -> 'PropertySchema | None':
        """A list's item schema ('*'), if the list has one."""
        if self.type == 'list' and self.schema is not None:
            return self.schema.get('*')
        return None

    def value_schema(self) -> constr.Schema:
        """The type and constraints as a constraints.Schema, to coerce and check values."""
        return constr.Schema(self.type_key, self.constraints, type_name=self.type_name)

    def walk(self, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], 'PropertySchema']]:
        """This schema and every nested one, with its path ('fixed_ips', '*', 'subnet')."""
        path = path + (self.name,)
        yield path, self
        for child in (self.schema or {}).values():
            yield from child.walk(path)

    def to_dict(self) -> dict:
        """Heat's dict(Schema) keys, plus implemented and support_status (Heat's form)."""
        out: dict[str, Any] = {'type': self.type}
        if self.description is not None:
            out['description'] = self.description
        if self.default is not None:
            out['default'] = self.default
        if self.schema is not None:
            out['schema'] = {k: v.to_dict() for k, v in self.schema.items()}
        out['required'] = self.required
        if self.constraints:
            out['constraints'] = [constraint_to_dict(c) for c in self.constraints]
        out['update_allowed'] = self.update_allowed
        out['immutable'] = self.immutable
        out['implemented'] = self.implemented
        out['support_status'] = self.support_status.to_heat()
        return out

    def __repr__(self) -> str:
        return f'PropertySchema({self.name!r}, {self.type!r}, required={self.required})'


class AttributeSchema:
    """One attribute of a resource type."""

    __slots__ = ('name', 'type', 'description', 'support_status')

    def __init__(self, name: str, type: str | None = None, description: str | None = None,
                 support_status: SupportStatus = DEFAULT_SUPPORT):
        self.name = name
        self.type = type  # 'string', 'map', 'list', 'integer', 'boolean' or None (unknown)
        self.description = description
        self.support_status = support_status

    @classmethod
    def from_dict(cls, name: str, data: Any) -> 'AttributeSchema':
        if not isinstance(data, dict):
            return cls(name)
        atype = data.get('type')
        description = data.get('description')
        return cls(name, None if atype is None else str(atype).lower(),
                   None if description is None else str(description),
                   SupportStatus.parse(data.get('support_status')))

    def to_dict(self) -> dict:
        out: dict[str, Any] = {}
        if self.description is not None:
            out['description'] = self.description
        if self.type is not None:
            out['type'] = self.type
        out['support_status'] = self.support_status.to_heat()
        return out

    def __repr__(self) -> str:
        return f'AttributeSchema({self.name!r}, {self.type!r})'


class ResourceType:
    """One resource type; the schemas are built from JSON on first use."""

    @classmethod
    def from_schemas(cls, name: str, properties: dict[str, PropertySchema],
                     attributes: dict[str, AttributeSchema], *, source: str,
                     description: str = '', update_policy: dict | None = None,
                     accepts_any_attribute: bool = False) -> 'ResourceType':
        """A type whose schemas are already built (a provider template's)."""
        rtype = cls(name, {'description': description, 'update_policy_known': True},
                    source=source, accepts_any_attribute=accepts_any_attribute)
        rtype._properties = dict(properties)
        rtype._attributes = dict(attributes)
        rtype._update_policy = dict(update_policy or {})
        return rtype

    def __init__(self, name: str, body: 'dict | Callable[[], dict]', *,
                 source: str = 'bundled', support_status: SupportStatus | None = None,
                 support_data: Any = None, accepts_any_attribute: bool | None = None,
                 on_problem: ProblemSink = _ignore):
        self.name = name
        #: 'bundled', or the path of the cloud dump or plugin file it came from
        self.source = source
        self._body = body
        self._support_status = support_status
        self._support_data = support_data  # the raw chain, parsed on first use
        self._accepts_any = accepts_any_attribute
        self._on_problem = on_problem
        self._properties: dict[str, PropertySchema] | None = None
        self._attributes: dict[str, AttributeSchema] | None = None
        self._update_policy: dict[str, PropertySchema] | None | bool = False

    # -- raw data ------------------------------------------------------------
    @property
    def body(self) -> dict:
        if callable(self._body):
            self._body = self._body()
        return self._body

    @property
    def description(self) -> str:
        return str(self.body.get('description') or '')

    @property
    def class_path(self) -> str | None:
        """Heat's implementing class ('heat.engine.resources.openstack.nova.server.Server')."""
        return self.body.get('class')

    @property
    def namespace(self) -> str:
        """'OS::Nova' for OS::Nova::Server."""
        return self.name.rpartition('::')[0]

    # -- lifecycle -------------------------------------------------------------
    @property
    def support_status(self) -> SupportStatus:
        if self._support_status is None:
            data = self._support_data
            if data is None:
                data = self.body.get('support_status')
            self._support_status = SupportStatus.parse(data)
        return self._support_status

    @property
    def hidden(self) -> bool:
        data = self._support_data
        if self._support_status is None and isinstance(data, list) and data:
            return data[0].get('status') == HIDDEN  # the bundled index: newest step first
        return self.support_status.is_hidden

    @property
    def substitute(self) -> str | None:
        return self.support_status.substitute

    # -- schemas ---------------------------------------------------------------
    @property
    def properties(self) -> dict[str, PropertySchema]:
        if self._properties is None:
            sink = self._problem_sink()
            self._properties = {name: PropertySchema.from_dict(name, data, sink)
                                for name, data in (self.body.get('properties') or {}).items()}
        return self._properties

    @property
    def attributes(self) -> dict[str, AttributeSchema]:
        if self._attributes is None:
            self._attributes = {name: AttributeSchema.from_dict(name, data)
                                for name, data in (self.body.get('attributes') or {}).items()}
        return self._attributes

    @property
    def update_policy(self) -> dict[str, PropertySchema] | None:
        """The update_policy schema Heat validates against ({} accepts no key); None if unknown."""
        if self._update_policy is False:
            body = self.body
            if 'update_policy' in body and body['update_policy'] is not None:
                sink = self._problem_sink()
                self._update_policy = {name: PropertySchema.from_dict(name, data, sink)
                                       for name, data in body['update_policy'].items()}
            elif self.source == 'bundled' or body.get('update_policy_known'):
                self._update_policy = {}
            else:
                self._update_policy = None
        return self._update_policy  # type: ignore[return-value]

    @property
    def accepts_any_attribute(self) -> bool:
        """Whether get_attr accepts any attribute name (Heat asked, per type)."""
        if self._accepts_any is None:
            self._accepts_any = bool(self.body.get('any_attribute'))
        return self._accepts_any

    @property
    def supports_snapshot(self) -> bool | None:
        """Whether `deletion_policy: Snapshot` is allowed (the class has handle_snapshot_delete).

        None when nobody knows: a cloud dump of a type hot-ls does not bundle.
        """
        body = self.body
        if 'snapshot_delete' in body:
            return bool(body['snapshot_delete'])
        return False if self.source == 'bundled' else None

    def property(self, name: str) -> PropertySchema | None:
        return self.properties.get(name)

    def attribute(self, name: str) -> AttributeSchema | None:
        return self.attributes.get(name)

    def walk_properties(self) -> Iterator[tuple[tuple[str, ...], PropertySchema]]:
        """Every property schema, nested ones included, with its path."""
        for schema in self.properties.values():
            yield from schema.walk()

    def _problem_sink(self) -> ProblemSink:
        return lambda message: self._on_problem(f'{self.name}: {message}')

    def to_dict(self) -> dict:
        """The type as JSON: Heat's resource_schema keys plus what hot-ls adds."""
        out: dict[str, Any] = {
            'resource_type': self.name,
            'description': self.description,
            'support_status': self.support_status.to_heat(),
            'support_lifecycle': [step.to_dict() for step in self.support_status.steps],
            'properties': {k: v.to_dict() for k, v in self.properties.items()},
            'attributes': {k: v.to_dict() for k, v in self.attributes.items()},
            'update_policy': (None if self.update_policy is None
                              else {k: v.to_dict() for k, v in self.update_policy.items()}),
            'accepts_any_attribute': self.accepts_any_attribute,
            'source': self.source,
        }
        if self.class_path:
            out['class'] = self.class_path
        return out

    def __repr__(self) -> str:
        return f'ResourceType({self.name!r}, source={self.source!r})'
