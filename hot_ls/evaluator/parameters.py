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

from dataclasses import dataclass, field
from typing import Any, Mapping

from hot_ls.evaluator.values import PseudoRef
from hot_ls.language import HotVersion
from hot_ls.language import parameters as lang_params

#: the pseudo parameters a HOT stack defines (OS::region is listed by Heat but never defined)
PSEUDO = (lang_params.STACK_ID, lang_params.STACK_NAME, lang_params.PROJECT_ID)


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


@dataclass
class ParameterTable:
    """The stack's parameters: `table[name]` is what get_param starts from."""

    version: HotVersion
    declarations: Mapping[Any, Any] = field(default_factory=dict)
    values: Mapping[Any, Any] = field(default_factory=dict)
    defaults: Mapping[Any, Any] = field(default_factory=dict)
    stack: StackIdentity = field(default_factory=StackIdentity)

    def __post_init__(self):
        self.schemas: dict[Any, lang_params.ParameterSchema] = {}
        self.schema_errors: dict[Any, lang_params.ParameterError] = {}
        for name, raw in (self.declarations or {}).items():
            try:
                self.schemas[name] = lang_params.parse_schema(name, raw, self.version)
            except lang_params.ParameterError as exc:
                self.schema_errors[name] = exc
        self._pseudo = self.stack.pseudo_values()
        if not self.stack.name and self.stack.name is not None:
            self._pseudo.pop(lang_params.STACK_NAME)  # Heat defines it only for a named stack
        self._cache: dict[Any, Any] = {}

    def first_schema_error(self) -> lang_params.ParameterError | None:
        """The error Heat raises while creating the stack: the first bad schema, in order."""
        for name in self.declarations or {}:
            if name in self.schema_errors:
                return self.schema_errors[name]
        return None

    def names(self) -> list:
        return list(self._pseudo) + [n for n in self.declarations or {} if n not in self._pseudo]

    def __contains__(self, name: Any) -> bool:
        return name in self.schemas or name in self.schema_errors or name in self._pseudo

    def __getitem__(self, name: Any) -> Any:
        if name in self._cache:
            return self._cache[name]
        if name in self.schema_errors:
            raise self.schema_errors[name]
        schema = self.schemas.get(name)
        if schema is None:
            if name in self._pseudo:
                return self._pseudo[name]
            raise KeyError(name)
        value = schema.value(self.values.get(name), self.defaults.get(name))
        self._cache[name] = value
        return value

    def user_value(self, name: Any) -> Any:
        return self.values.get(name)

    def check(self, name: Any) -> Any:
        """Heat's Parameter.validate(validate_value=True), then the value: what a stack create checks."""
        if name in self.schema_errors:
            raise self.schema_errors[name]
        schema = self.schemas[name]
        return schema.check(self.values.get(name), self.defaults.get(name))

    def unknown_values(self) -> list:
        """User values for parameters the template does not declare (Heat: UnknownUserParameter)."""
        return [name for name in self.values if name not in self.declarations]
