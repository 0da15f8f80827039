"""The things a template defines and the places that refer to them."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hot_ls.syntax import Mapping, Node, Pair, Scalar

# Reference kinds
PARAMETER = 'parameter'
RESOURCE = 'resource'
CONDITION = 'condition'
OUTPUT = 'output'

# Function-call contexts
VALUE = 'value'
CONDITION_CONTEXT = 'condition'


@dataclass(eq=False)
class Definition:
    """A named entry of `parameters`, `resources`, `outputs` or `conditions`."""

    section: str
    name: Any
    pair: Pair
    #: what the model's walk found in it (model.template.EntryWalk; None: not walked)
    walk: Any = field(default=None, compare=False, repr=False)
    #: what was built of it, by builder (model.template.Template.memo)
    built: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def key(self) -> Node:
        return self.pair.key

    @property
    def body(self) -> Node:
        return self.pair.value

    @property
    def mapping(self) -> Mapping | None:
        """The body, when it is a mapping (a resource, output or parameter schema)."""
        body = self.pair.value
        return body if isinstance(body, Mapping) else None

    def get(self, key: str) -> Node | None:
        body = self.pair.value
        return body.get(key) if isinstance(body, Mapping) else None

    def field_pair(self, key: str) -> Pair | None:
        body = self.pair.value
        return body.pair(key) if isinstance(body, Mapping) else None

    @cached_property
    def type_name(self) -> str | None:
        """A resource's `type` (or a parameter's), when it is a string (read once: the rules
        ask for it thousands of times; a definition's pair never changes)."""
        node = self.get('type') if self.section != 'cfn-resources' else self.get('Type')
        if isinstance(node, Scalar) and isinstance(node.value, str):
            return node.value
        return None


#: The `if` calls around a call or reference, outermost first, each with the branch it
#: lies in: True for the branch taken when the condition holds, False for the other,
#: None when the `if` is malformed (Heat takes no branch of it).
Guards = tuple[tuple['FunctionCall', 'bool | None'], ...]


@dataclass(eq=False)
class FunctionCall:
    """An intrinsic function as Heat's parser would see it: `{name: args}`."""

    name: str
    node: Mapping
    key: Scalar
    args: Node
    context: str  # VALUE or CONDITION_CONTEXT
    impl: str  # Heat's class for this name here: e.g. 'GetAtt', 'Invalid', 'Removed'
    owner: tuple[str, Any] | None  # ('resources', 'server'), ('outputs', 'ip'), ...
    field: str | None  # 'properties', 'value', 'condition', ...
    guarded: bool  # inside a branch of `if`: Heat only parses the branch it takes
    guards: Guards = ()


@dataclass(eq=False)
class Reference:
    """A place that names a parameter, resource, condition or output."""

    kind: str
    name: Any
    node: Scalar  # the scalar holding the name: its span is the reference's range
    via: str  # 'get_param', 'get_resource', 'get_attr', 'depends_on', 'condition', 'if', ...
    owner: tuple[str, Any] | None
    field: str | None
    guarded: bool
    call: FunctionCall | None = None
    path: list[Node] = field(default_factory=list)  # get_attr's attribute and path; get_param's path
    guards: Guards = ()

    @property
    def start(self) -> int:
        return self.node.start

    @property
    def end(self) -> int:
        return self.node.end

    @property
    def attribute(self) -> Node | None:
        """For get_attr: the attribute-name argument."""
        return self.path[0] if self.via in ('get_attr', 'Fn::GetAtt') and self.path else None
