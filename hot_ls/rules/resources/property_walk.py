"""One walk of each resource's properties against its type's schema, shared by the rules.

It mirrors what Heat's Properties do when a stack is created
(heat/engine/properties.py): unknown keys, required properties that are not
assigned (unless a translation rule fills them from a deprecated one), the
`implemented` flag, each literal value coerced as Property.get_value
coerces it, then the schema's constraints.  Nested schemas are followed
down to the leaves: lists through their item schema, maps through their
keys.

Anything an intrinsic function produces is unknown here and never checked:
a function call stops the walk below it.  The evaluator may later make such
values known.

The members of group resources (hot_ls.rules.resources.members) are walked
too, against the member type's schema: their issues carry the member, since
Heat checks less of a member before the stack create starts (only unknown
properties; the values when it creates the member).

A property whose value refers to another resource (get_resource, get_attr)
is not validated when the stack is created: that resource does not exist
yet (Heat's Properties._find_deps_any_in_init), so Heat converts the value
but drops unknown keys inside it and checks no constraint.  Those issues
carry `postponed`, the reason, and the rules report them as warnings.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from hot_ls.catalog import PropertySchema
from hot_ls.catalog.property_rules import accepts_any_property, translations
from hot_ls.language import constraints as constr
from hot_ls.model.symbols import RESOURCE, Definition
from hot_ls.model.template import Template
from hot_ls.rules.resources.members import Member, group_members, member_type
from hot_ls.rules.suggestions import allowed_matches, did_you_mean, misspelt_key, suggestion_text
from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence

UNKNOWN = 'unknown'
#: the functions whose resource makes a property refer to it (HOT 2013-05-23's `Ref` of a
#: resource is get_resource: cfn Ref)
_REFERRING = frozenset({'get_resource', 'get_attr', 'Ref'})
REQUIRED = 'required'
TYPE = 'type'
CONSTRAINT = 'constraint'
NOT_IMPLEMENTED = 'not-implemented'


@dataclass
class PropertyIssue:
    kind: str
    start: int
    end: int
    message: str
    resource: Any
    schema: PropertySchema | None = None
    data: dict | None = None
    # For UNKNOWN/REQUIRED: the mapping the key belongs (or should belong) to.
    container: Mapping | None = None
    section: str = 'properties'  # or 'update_policy'
    #: the group member whose properties these are (None: the resource's own)
    member: Member | None = None
    #: the top-level property the issue is about (None: the properties as a whole)
    top: str | None = None
    #: why Heat does not make this check before it creates the stack, or None
    postponed: str | None = None


@dataclass
class UsedProperty:
    """A property written in the template, with its schema: for the support-status rules."""

    resource: Any
    pair: Pair
    schema: PropertySchema
    path: str


@dataclass
class Walk:
    issues: list[PropertyIssue] = field(default_factory=list)
    used: list[UsedProperty] = field(default_factory=list)
    #: (key, schema, value node) of the resource's own properties a function computes, all or
    #: in part, that Heat checks when it creates the stack (none refers to a resource)
    computed: list[tuple[str, PropertySchema, Node]] = field(default_factory=list)
    #: the same for the properties that refer to another resource: Heat converts their
    #: values to the property's type when it creates the stack (get_resource giving the
    #: resource's name, get_attr None), but checks no constraint
    referring: list[tuple[str, PropertySchema, Node]] = field(default_factory=list)


def resource_walk(analysis, definition: Definition) -> Walk:
    """The walk of one resource's properties (and its members'), once per analysis for all
    the rules."""
    return analysis.derived_for(_walk_resource, definition)


def _walk_resource(analysis, res: Definition) -> Walk:
    walk = Walk()
    if res.mapping is None:
        return walk
    entry = analysis.template.entry_walk(res)
    _walk_own(analysis, walk, res, entry)
    for member in group_members(analysis, res):
        _walk_member(analysis, walk, res.name, member, entry.call_nodes)
    return walk


def _walk_own(analysis, walk: Walk, res: Definition, entry) -> None:
    template: Template = analysis.template
    name, body = res.name, res.mapping
    call_nodes = entry.call_nodes
    rtype = analysis.resource_type(res)
    if rtype is None:
        return
    if body.get('external_id') is not None and template.facts.has_conditions:
        return  # Heat validates an external resource against the cloud, not its properties
    impls = {id(call.node): call.impl for call in entry.calls}
    # the resources its properties refer to: [(start, name)]
    targets = [(ref.start, ref.name) for ref in entry.references
               if ref.kind == RESOURCE and ref.via in _REFERRING
               and ref.field == 'properties' and ref.name in template.resources]
    # OS::Heat::None and the types it stands in for take any properties, but Heat
    # still checks their update_policy against the (empty) schema.
    any_property = accepts_any_property(rtype.name)
    props = None if any_property else body.get('properties')
    walker = _Walker(walk, name, call_nodes, translations(rtype.name), targets=targets)
    policy = body.get('update_policy')
    for section, node in (('properties', props), ('update_policy', policy)):
        if node is not None and id(node) in call_nodes and impls[id(node)] not in ('If', 'IfNullable'):
            walk.issues.append(PropertyIssue(
                TYPE, node.start, node.end,
                f"'{impls[id(node)]}' object is not iterable: Heat cannot take the whole "
                f'{section} from a function; write a mapping and use functions for its values',
                name, section=section))
    if props is not None and id(props) in call_nodes:
        return
    if any_property:
        pass
    elif isinstance(props, Mapping):
        walker.mapping(rtype.properties, props, (), '')
    elif props is None or (isinstance(props, Scalar) and props.value is None):
        typo = misspelt_properties(template, res) if props is None else None
        walker.missing_required(rtype.properties, set(), (), res.key, '', None,
                                misspelt_section=typo)
    if (rtype.update_policy is not None and isinstance(policy, Mapping)
            and id(policy) not in call_nodes):
        _Walker(walk, name, call_nodes, (), 'update_policy').mapping(
            rtype.update_policy, policy, (), '')


def misspelt_properties(template: Template, res: Definition) -> str | None:
    """The key of a resource without `properties` that looks like it (`propertise:`)."""
    return misspelt_key(res.mapping, 'properties', template.facts.resource_keys)


def _walk_member(analysis, walk: Walk, name, member: Member, call_nodes: frozenset[int]) -> None:
    mtype = member_type(analysis, member)
    if mtype is None or accepts_any_property(mtype.name):
        return
    node = member.properties_node
    walker = _Walker(walk, name, call_nodes, translations(mtype.name), member=member)
    if node is not None and id(node) not in call_nodes:
        walker.mapping(mtype.properties, node, (), '')
    elif node is None:
        walker.missing_required(mtype.properties, set(), (), member.anchor, '', None)


class _Walker:
    def __init__(self, walk: Walk, resource: Any, call_nodes: frozenset[int], rules,
                 section: str = 'properties', member: Member | None = None,
                 targets: list | None = None):
        self.walk = walk
        self.section = section
        self.resource = resource
        self.call_nodes = call_nodes
        self.rules = rules
        self.member = member
        # a ResourceGroup member's strings holding the index variable change per member
        self.index_var = member.index_var if member is not None else None
        self.top: str | None = None
        self.targets = targets or []
        self.postponed: str | None = None  # inside a property that depends on a resource
        self.saw_call = False  # a call met since the walk of the current property began

    def issue(self, kind, node: Node, message: str, schema=None, data=None, container=None,
              top: str | None = None):
        postponed = self.postponed if kind in (UNKNOWN, CONSTRAINT) else None
        self.walk.issues.append(PropertyIssue(kind, node.start, node.end, message, self.resource,
                                              schema, data, container, self.section, self.member,
                                              top if top is not None else self.top, postponed))

    def depends(self, node: Node) -> str | None:
        """Why a top-level property's value is not validated at create: the resources it refers to."""
        names = []
        low, high = node.start, node.end
        for start, name in self.targets:
            if low <= start < high and name not in names:
                names.append(name)
        if not names:
            return None
        said = ', '.join(f'"{name}"' for name in names[:3])
        return (f'Heat does not check this property before it creates the stack: it refers to '
                f'resource{"s" if len(names) > 1 else ""} {said}, which does not exist yet')

    def is_call(self, node: Node) -> bool:
        if id(node) in self.call_nodes:
            return True
        index_var = self.index_var
        return (index_var is not None and isinstance(node, Scalar)
                and isinstance(node.value, str) and index_var in node.value)

    def has_call(self, node: Node) -> bool:
        return contains(node, self.is_call)

    # -- a mapping of properties (the top level, or a map's sub-schema) ----------
    def mapping(self, schemas: dict[str, PropertySchema], node: Mapping, names: tuple, path: str):
        present: set = set()
        misspelt: dict[str, str] = {}  # a schema's name -> the unknown key most like it
        for key, pair in node.index.items():
            present.add(key)
            schema = schemas.get(key) if isinstance(key, str) else None
            child_path = f'{path}.{key}' if path else str(key)
            if not names:
                self.top = key if isinstance(key, str) else None
            if schema is None:
                matches = did_you_mean(key, schemas)
                self.issue(UNKNOWN, pair.key, f'Unknown Property {key}',
                           data={'replacements': matches, 'property': key} if matches else None,
                           container=node)
                if matches and isinstance(key, str):
                    misspelt.setdefault(matches[0], key)
                continue
            if self.section == 'properties' and self.member is None:
                self.walk.used.append(UsedProperty(self.resource, pair, schema, child_path))
            if not schema.implemented:
                self.issue(NOT_IMPLEMENTED, pair.key, f'Property {key} not implemented yet', schema)
            if not names and self.section == 'properties' and self.targets:
                self.postponed = self.depends(pair.value)
            if not names:  # (a nested map's keys are walked within the top-level property's)
                self.saw_call = False
            self.value(schema, pair.value, names + (key,), child_path)
            if not names:
                # (the walk does not go into a map or list without a schema for its content)
                computed = self.saw_call or (schema.type_key in (constr.MAP, constr.LIST)
                                             and self.has_call(pair.value))
                if computed and self.member is None and self.section == 'properties' \
                        and schema.type_key != constr.ANY:
                    found = self.walk.computed if self.postponed is None else self.walk.referring
                    found.append((key, schema, pair.value))
                self.postponed = None
        if not names:
            self.top = None
        self.missing_required(schemas, present, names, node, path, node, misspelt)

    def missing_required(self, schemas, present, names, anchor: Node, path: str, container,
                         misspelt: dict[str, str] | None = None,
                         misspelt_section: str | None = None):
        """REQUIRED issues; one whose name an unknown key of the mapping looks like says so
        (its data's `misspelt`: renaming that key fixes both), as does each of a resource whose
        `properties` key is misspelt (`misspelt_section`, data's `misspelt` and `meant`)."""
        for key, schema in _required(schemas):
            if key in present:
                continue
            if self.translated(names + (key,), present):
                continue
            data = {'property': key, 'path': path}
            hint = ''
            typo = misspelt.get(key) if misspelt else None
            if typo is not None:
                data['misspelt'] = typo
                hint = f' ("{typo}" may be it, misspelt)'
            elif misspelt_section is not None:
                data.update(misspelt=misspelt_section, meant='properties')
                hint = f' ("{misspelt_section}" may be "properties", misspelt)'
            self.issue(REQUIRED, anchor, f'Property {key} not assigned' +
                       (f' (in {path})' if path else '') + hint, schema,
                       data=data, container=container, top=None if names else key)

    def translated(self, target: tuple, present: set) -> bool:
        """Whether a translation rule fills `target` from a key the template gives."""
        for rule in self.rules:
            if rule.path != target:
                continue
            source = rule.source_key()
            if source is None:
                continue
            holder, key = source
            if holder == target[:-1] and key in present:
                return True
            if holder != target[:-1]:
                return True  # a source elsewhere in the properties: do not guess
        return False

    # -- one value -----------------------------------------------------------------
    def value(self, schema: PropertySchema, node: Node, names: tuple, path: str):
        if id(node) in self.call_nodes or (self.index_var is not None and self.is_call(node)):
            self.saw_call = True
            return
        kind = schema.type_key
        if kind == constr.MAP and isinstance(node, Mapping):
            if schema.schema:
                self.mapping(schema.schema, node, names, path)
            self.constraints(schema, node, path)
            return
        if kind == constr.LIST and isinstance(node, Sequence):
            item = schema.item
            if item is not None:
                for index, child in enumerate(node.items):
                    self.value(item, child, names, f'{path}[{index}]')
            self.constraints(schema, node, path)
            return
        message = coercion_error(schema, node)
        if message is not None:
            # (a single value where a list is wanted, of a kind its items can be: the quick
            # fix makes it the one item)
            data = {'make_list': True} if kind == constr.LIST and not isinstance(node, Sequence) \
                and (schema.item is None or coercion_error(schema.item, node) is None) else None
            self.issue(TYPE, node, f'{path}: {message}', schema, data=data)
            return
        self.constraints(schema, node, path)

    def constraints(self, schema: PropertySchema, node: Node, path: str):
        if not schema.constraints or self.has_call(node):
            return
        try:
            value = coerce(schema, node.to_python())
            failing = schema.value_schema().failing_constraint(value)
        except (TypeError, ValueError, AttributeError):
            return  # Heat would fail elsewhere first; nothing certain to say
        if failing is not None:
            _, constraint, message = failing
            matches = allowed_matches(constraint, value)
            self.issue(CONSTRAINT, node, f'{path}: {message}' + suggestion_text(matches), schema,
                       data={'replacements': matches} if matches else None)


def contains(node: Node, found: Callable[[Node], bool]) -> bool:
    """Whether `found` holds for `node` or a node inside it (a call, for the walk)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if found(current):
            return True
        if isinstance(current, Mapping):
            stack.extend(pair.value for pair in current.index.values())
        elif isinstance(current, Sequence):
            stack.extend(current.items)
    return False


#: id(schemas) -> (schemas, its required properties without a default): the catalog's
#: schemas live as long as the process, and each mapping of them is walked again and again
_REQUIRED: dict[int, tuple[dict, list]] = {}


def _required(schemas: dict[str, PropertySchema]) -> list[tuple[str, PropertySchema]]:
    """The (key, schema) of `schemas` a mapping must assign (required, and no default)."""
    found = _REQUIRED.get(id(schemas))
    if found is None or found[0] is not schemas:
        found = (schemas, [(key, schema) for key, schema in schemas.items()
                           if schema.required and schema.default is None])
        if len(_REQUIRED) > 50_000:  # (schemas of provider templates come and go)
            _REQUIRED.clear()
        _REQUIRED[id(schemas)] = found
    return found[1]


def coerce(schema: PropertySchema, value: Any) -> Any:
    """Property.get_value's conversion of a literal (Heat raises where we do)."""
    kind = schema.type_key
    default = schema.default
    if kind == constr.STRING:
        if value is None:
            value = default or ''
        if not isinstance(value, str):
            if isinstance(value, (bool, int)):
                return str(value)
            raise ValueError('Value must be a string; got %r' % (value,))
        return value
    if kind == constr.INTEGER:
        if value is None:
            value = default or 0
        try:
            return int(value)
        except ValueError:
            raise TypeError("Value '%s' is not an integer" % (value,)) from None
        except OverflowError as exc:  # .inf: Heat lets int()'s own message through
            raise TypeError(str(exc)) from None
    if kind == constr.NUMBER:
        if value is None:
            value = default or 0
        return constr.str_to_num(value)
    if kind == constr.BOOLEAN:
        if value is None:
            value = default or False
        if isinstance(value, bool):
            return value
        if isinstance(value, str):
            normalised = value.lower()
            if normalised not in ('true', 'false'):
                raise ValueError('"%s" is not a valid boolean' % normalised)
            return normalised == 'true'
        raise TypeError('"%s" is not a valid boolean' % (value,))
    if kind == constr.MAP:
        if value is None:
            value = default if default is not None else {}
        if not isinstance(value, dict):
            if schema.allow_conversion and isinstance(value, (str, list)):
                return value  # a provider's json parameter takes it (Heat dumps a list)
            raise TypeError('"%s" is not a map' % (value,))
        return value
    if kind == constr.LIST:
        if value is None:
            value = default or []
        if schema.allow_conversion and isinstance(value, str):
            value = value.split(',') if value else []  # param_utils.delim_string_to_list
        if not isinstance(value, list):
            raise TypeError('"%s" is not a list' % repr(value))
        return value
    return value


def coercion_error(schema: PropertySchema, node: Node) -> str | None:
    """Heat's message when a literal cannot be had in the property's type, else None."""
    try:
        coerce(schema, node.to_python())
    except (TypeError, ValueError) as exc:
        return str(exc)
    return None
