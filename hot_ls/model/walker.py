"""Find every function call and reference in a template, as Heat's parser would.

Heat turns a mapping with exactly one key that names a function into a call
(heat/engine/template.py `parse`); the table of names depends on the version
and on the context: inside `conditions:` and `condition:` only condition
functions are live, and every other function is `Invalid`.  `if` is a macro
whose branches Heat only parses when taken, so what is inside a branch is
marked `guarded`, with its `guards`: each enclosing `if` and which branch.
"""
from __future__ import annotations

from typing import Any, Callable

from hot_ls.language import HotVersion, language
from hot_ls.model.symbols import (
    CONDITION, CONDITION_CONTEXT, PARAMETER, RESOURCE, VALUE, FunctionCall, Guards, Reference,
)
from hot_ls.syntax import Mapping, Node, Scalar, Sequence


class Walker:
    """Collects calls and references for one template version."""

    def __init__(self, version: HotVersion, parameter_names: Callable[[], Any] | None = None,
                 shared: frozenset[int] = frozenset()):
        self.version = version
        # Nodes an alias points at (ids): met again, one that gave nothing is not walked again,
        # nor one walked already for the same owner, field and context (it would give the
        # very same calls and references again), so that a "billion laughs" of nested
        # aliases costs its size, not its expansion, even when its leaves are calls.
        self.shared = shared
        self._barren: set[tuple] = set()
        self._walked: set[tuple] = set()
        self.value_table = {name: info.impl for name, info in version.functions.items()}
        for name, info in version.functions.items():
            if info.removed:
                self.value_table[name] = 'Removed'
        self.condition_table = version.condition_context
        self.calls: list[FunctionCall] = []
        # One-key mappings named like a function of some other version (or
        # context): Heat treats them as plain maps here.
        self.lookalikes: list[tuple[Mapping, Scalar, str]] = []
        self.known_names = language().all_function_names | language().all_condition_function_names
        self.references: list[Reference] = []
        self.parameter_names = parameter_names or (lambda: ())
        self.owner: tuple[str, Any] | None = None
        self.field: str | None = None

    # -- entry points ---------------------------------------------------------
    def value(self, node: Node | None, owner, field: str, guards: Guards = ()) -> None:
        if node is None:
            return
        self.owner, self.field = owner, field
        self._walk(node, VALUE, guards)

    def condition(self, node: Node | None, owner, field: str, guards: Guards = ()) -> None:
        """A condition: a name, a boolean, or a condition function."""
        if node is None:
            return
        self.owner, self.field = owner, field
        self._condition_operand(node, guards, via=field)

    # -- the walk -----------------------------------------------------------------
    def _walk(self, node: Node, context: str, guards: Guards) -> None:
        if self.shared and id(node) in self.shared:
            key = (id(node), context, tuple((id(call), branch) for call, branch in guards))
            if key in self._barren:
                return
            here = (*key, self.owner, self.field)
            if here in self._walked:
                return
            self._walked.add(here)
            before = (len(self.calls), len(self.references), len(self.lookalikes))
            self._walk_node(node, context, guards)
            if (len(self.calls), len(self.references), len(self.lookalikes)) == before:
                self._barren.add(key)
            return
        self._walk_node(node, context, guards)

    def _walk_node(self, node: Node, context: str, guards: Guards) -> None:
        kind = type(node)
        if kind is Mapping:
            index = node.index
            if len(index) == 1:
                for name, pair in index.items():
                    if type(name) is str:
                        table = self.value_table if context == VALUE else self.condition_table
                        impl = table.get(name)
                        if impl is not None:
                            self._call(node, name, pair, impl, context, guards)
                            return
                        if name in self.known_names:
                            self.lookalikes.append((node, pair.key, context))
            for pair in index.values():
                value = pair.value
                if type(value) is not Scalar:  # (a scalar holds no call)
                    self._walk(value, context, guards)
        elif kind is Sequence:
            for item in node.items:
                if type(item) is not Scalar:
                    self._walk(item, context, guards)

    def _call(self, node: Mapping, name: str, pair, impl: str, context: str, guards: Guards) -> None:
        args = pair.value
        call = FunctionCall(name, node, pair.key, args, context, impl, self.owner, self.field,
                            bool(guards), guards)
        self.calls.append(call)
        handler = _HANDLERS.get(impl)
        if handler is not None:
            handler(self, call, guards)
        else:
            self._walk(args, context, guards)

    # -- references -----------------------------------------------------------------
    def _ref(self, kind: str, node: Node, via: str, guards: Guards, call=None, path=None) -> None:
        if isinstance(node, Scalar) and node.value is not None and not isinstance(node.value, bool):
            self.references.append(Reference(kind, node.value, node, via, self.owner, self.field,
                                             bool(guards), call, path or [], guards))

    def _condition_operand(self, node: Node, guards: Guards, via: str) -> None:
        """A place where a string names a condition (if's first argument, not/and/or)."""
        if isinstance(node, Scalar):
            if isinstance(node.value, str):
                self._ref(CONDITION, node, via, guards)
            return
        self._walk(node, CONDITION_CONTEXT, guards)

    def get_param(self, call: FunctionCall, guards: Guards) -> None:
        args = call.args
        if isinstance(args, Sequence):
            if args.items:
                self._ref(PARAMETER, args.items[0], 'get_param', guards, call, args.items[1:])
                for item in args.items:
                    if not isinstance(item, Scalar):
                        self._walk(item, call.context, guards)
            return
        if isinstance(args, Scalar):
            self._ref(PARAMETER, args, 'get_param', guards, call)
            return
        self._walk(args, call.context, guards)

    def get_resource(self, call: FunctionCall, guards: Guards) -> None:
        if isinstance(call.args, Scalar):
            self._ref(RESOURCE, call.args, 'get_resource', guards, call)
        else:
            self._walk(call.args, call.context, guards)

    def get_attr(self, call: FunctionCall, guards: Guards) -> None:
        args = call.args
        if isinstance(args, Sequence) and args.items:
            self._ref(RESOURCE, args.items[0], 'get_attr', guards, call, args.items[1:])
            for item in args.items[1:]:
                if not isinstance(item, Scalar):
                    self._walk(item, call.context, guards)
            return
        self._walk(args, call.context, guards)

    def if_macro(self, call: FunctionCall, guards: Guards) -> None:
        args = call.args
        if isinstance(args, Sequence) and args.items:
            self._condition_operand(args.items[0], guards, via='if')
            for index, branch in enumerate(args.items[1:]):
                # the second argument is taken when the condition holds, the third when not
                self._walk(branch, VALUE, guards + ((call, index == 0 if index < 2 else None),))
            return
        self._walk(args, VALUE, guards + ((call, None),))

    def condition_boolean(self, call: FunctionCall, guards: Guards) -> None:
        """not / and / or: their operands are conditions (names, booleans or functions)."""
        args = call.args
        if call.impl == 'Not':
            self._condition_operand(args, guards, via=call.name)
        elif isinstance(args, Sequence):
            for item in args.items:
                self._condition_operand(item, guards, via=call.name)
        else:
            self._walk(args, CONDITION_CONTEXT, guards)

    def cfn_ref(self, call: FunctionCall, guards: Guards) -> None:
        """HOT 2013-05-23's live `Ref`: a parameter if one has that name, else a resource."""
        args = call.args
        if isinstance(args, Scalar) and isinstance(args.value, str):
            names = self.parameter_names()
            kind = PARAMETER if (args.value in names or args.value in self.version.pseudo_parameters
                                 or args.value.startswith('AWS::')) else RESOURCE
            self._ref(kind, args, 'Ref', guards, call)
        else:
            self._walk(args, call.context, guards)


_HANDLERS: dict[str, Callable[[Walker, FunctionCall, bool], None]] = {
    'GetParam': Walker.get_param,
    'GetResource': Walker.get_resource,
    'GetAtt': Walker.get_attr,
    'GetAttThenSelect': Walker.get_attr,
    'GetAttAllAttributes': Walker.get_attr,
    'If': Walker.if_macro,
    'IfNullable': Walker.if_macro,
    'Not': Walker.condition_boolean,
    'And': Walker.condition_boolean,
    'Or': Walker.condition_boolean,
    'Ref': Walker.cfn_ref,
}
