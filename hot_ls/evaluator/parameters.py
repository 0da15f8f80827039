"""Parameter values as Heat's functions see them (heat/engine/parameters.py `Parameters`).

The schemas, coercion and constraint messages are hot_ls.language.parameters
(one implementation for the whole project); this module only assembles the
stack's table: the template's parameters with the user's values and the
environment's parameter_defaults, plus the pseudo parameters, and answers
`table[name]` exactly as Heat's `Parameters.__getitem__` does (KeyError for
a name the stack does not have, the parameter's value otherwise, or the
error its value gives).

Pseudo parameters whose value only a created stack has (OS::stack_id,
OS::project_id, and OS::stack_name when no stack name is given) are
symbolic: `<<get_param OS::stack_id>>`.  OS::region is listed by Heat but
never defined, so asking for it fails as in Heat.
"""
from __future__ import annotations

import collections.abc
from dataclasses import dataclass, field
from typing import Any, Mapping

from hot_ls.evaluator.values import PseudoRef
from hot_ls.evaluator.errors import detached, fresh
from hot_ls.language import HotVersion
from hot_ls.language import parameters as lang_params


@dataclass
class StackIdentity:
    """What only the stack knows: its name, id and project (None: not known before deploy)."""

    name: str | None = None
    id: str | None = None
    project_id: str | None = None

    def pseudo_values(self) -> dict[str, Any]:
        return {lang_params.STACK_ID: self.id if self.id is not None
                else PseudoRef(lang_params.STACK_ID),
                lang_params.PROJECT_ID: self.project_id if self.project_id is not None
                else PseudoRef(lang_params.PROJECT_ID),
                lang_params.STACK_NAME: self.name if self.name is not None
                else PseudoRef(lang_params.STACK_NAME)}

    @classmethod
    def from_json(cls, data: Any) -> 'StackIdentity':
        if not isinstance(data, dict):
            return cls()
        return cls(name=data.get('name'), id=data.get('id'), project_id=data.get('project_id'))


class Declarations(collections.abc.Mapping):
    """A template's parameter declarations (name -> plain value), each converted on first use."""

    def __init__(self, definitions: Mapping[Any, Any]):
        self._definitions = definitions  # name -> model Definition
        self._values: dict[Any, Any] = {}

    def __getitem__(self, name: Any) -> Any:
        try:
            return self._values[name]
        except KeyError:
            pass
        value = self._values[name] = self._definitions[name].body.to_python()
        return value

    def __iter__(self):
        return iter(self._definitions)

    def __len__(self) -> int:
        return len(self._definitions)

    def __contains__(self, name: Any) -> bool:
        return name in self._definitions


def declaration_error(exc: BaseException) -> BaseException:
    """Mark `exc` as coming from a parameter's declaration (its schema, or its default that
    its type refuses): Heat refuses the template there, before any function reads the
    parameter, and the parameter rules report it."""
    exc._hot_ls_declaration = True  # type: ignore[attr-defined]
    return exc


def from_declaration(exc: BaseException | None) -> bool:
    """Whether `exc`, or an exception it was raised from, is a `declaration_error`."""
    seen = 0
    while exc is not None and seen < 50:
        if getattr(exc, '_hot_ls_declaration', False):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


@dataclass
class ParameterTable:
    """The stack's parameters: `table[name]` is what get_param starts from."""

    version: HotVersion
    declarations: Mapping[Any, Any] = field(default_factory=dict)
    values: Mapping[Any, Any] = field(default_factory=dict)
    defaults: Mapping[Any, Any] = field(default_factory=dict)
    stack: StackIdentity = field(default_factory=StackIdentity)

    def __post_init__(self):
        # Each schema is parsed on first use (a template may declare hundreds of
        # parameters and use a few); `schemas` and `schema_errors` parse them all.
        self._parsed: dict[Any, Any] = {}  # name -> ParameterSchema, or the ParameterError
        self._pseudo = self.stack.pseudo_values()
        if not self.stack.name and self.stack.name is not None:
            self._pseudo.pop(lang_params.STACK_NAME)  # Heat defines it only for a named stack
        self._cache: dict[Any, Any] = {}
        self._fails: dict[Any, Any] = {}

    def _schema(self, name: Any) -> Any:
        """The parsed schema of a declared parameter, or the ParameterError it gives."""
        try:
            return self._parsed[name]
        except KeyError:
            pass
        try:
            found = lang_params.parse_schema(name, self.declarations[name], self.version)
        except lang_params.ParameterError as exc:
            found = detached(exc)
        self._parsed[name] = found
        return found

    def schema(self, name: Any) -> lang_params.ParameterSchema | None:
        """The schema of a declared parameter, or None (undeclared, or a bad schema)."""
        if name not in (self.declarations or {}):
            return None
        found = self._schema(name)
        return None if isinstance(found, lang_params.ParameterError) else found

    @property
    def schemas(self) -> dict[Any, lang_params.ParameterSchema]:
        return {name: found for name in self.declarations or {}
                if not isinstance(found := self._schema(name), lang_params.ParameterError)}

    def first_schema_error(self) -> lang_params.ParameterError | None:
        """The error Heat raises while creating the stack: the first bad schema, in order."""
        for name in self.declarations or {}:
            found = self._schema(name)
            if isinstance(found, lang_params.ParameterError):
                return found
        return None

    def names(self) -> list:
        return list(self._pseudo) + [n for n in self.declarations or {} if n not in self._pseudo]

    def __contains__(self, name: Any) -> bool:
        return name in (self.declarations or {}) or name in self._pseudo

    def __getitem__(self, name: Any) -> Any:
        if name in self._cache:
            return self._cache[name]
        if name not in (self.declarations or {}):
            if name in self._pseudo:
                return self._pseudo[name]
            raise KeyError(name)
        schema = self._schema(name)
        if isinstance(schema, lang_params.ParameterError):
            raise declaration_error(fresh(schema))
        try:
            value = schema.value(self.values.get(name), self.defaults.get(name))
        except Exception as exc:
            if schema.default is not None and self.values.get(name) is None \
                    and self.defaults.get(name) is None:
                declaration_error(exc)  # (the template's own default)
            raise
        self._cache[name] = value
        return value

    def missing(self, name: Any) -> bool:
        """A declared parameter with neither a value nor a default: given at deploy time."""
        if name not in (self.declarations or {}) or name in self._pseudo:
            return False
        schema = self._schema(name)
        if isinstance(schema, lang_params.ParameterError):
            return False
        return (self.values.get(name) is None and self.defaults.get(name) is None
                and schema.default is None)

    def lookup_fails(self, name: Any) -> Any:
        """Whether `table[name]` raises: False, or the exception's class (remembered)."""
        try:
            return self._fails[name]
        except KeyError:
            pass
        try:
            self[name]
        except Exception as exc:
            found = type(exc)
        else:
            found = False
        self._fails[name] = found
        return found

    def user_value(self, name: Any) -> Any:
        return self.values.get(name)

    def check(self, name: Any) -> Any:
        """Heat's Parameter.validate(validate_value=True), then the value: what a stack create checks."""
        schema = self._schema(name) if name in (self.declarations or {}) else None
        if isinstance(schema, lang_params.ParameterError):
            raise fresh(schema)
        if schema is None:
            raise KeyError(name)
        return schema.check(self.values.get(name), self.defaults.get(name))
