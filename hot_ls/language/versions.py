"""Typed access to the generated language facts.

The JSON is written by tools/gen_language_facts.py from openstack-heat; this
module only gives it names and a few derived lookups.  Loaded once, lazily.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources


@dataclass(frozen=True)
class FunctionInfo:
    name: str
    impl: str  # Heat's implementing class, e.g. 'GetAttAllAttributes'
    removed: bool


@dataclass(frozen=True)
class HotVersion:
    version: str
    aliases: tuple[str, ...]
    impl: str
    sections: frozenset[str]
    section_order: tuple[str, ...]
    resource_keys: tuple[str, ...]
    resource_keys_section_check: frozenset[str]
    output_keys: tuple[str, ...]
    deletion_policies: tuple[str, ...]
    parameter_keys: tuple[str, ...]
    parameter_types: tuple[str, ...]
    constraint_keys: tuple[str, ...]
    effective_constraint_keys: tuple[str, ...]
    range_keys: tuple[str, ...]
    modulo_keys: tuple[str, ...]
    functions: dict[str, FunctionInfo]
    condition_functions: dict[str, FunctionInfo] | None
    condition_context: dict[str, str]
    pseudo_parameters: tuple[str, ...]

    @property
    def has_conditions(self) -> bool:
        return self.condition_functions is not None

    @property
    def label(self) -> str:
        """'2021-04-16 (wallaby)' or just the date."""
        return f'{self.version} ({self.aliases[0]})' if self.aliases else self.version

    def __ge__(self, other: 'HotVersion | str') -> bool:
        return self.version >= (other if isinstance(other, str) else other.version)

    def __lt__(self, other: 'HotVersion | str') -> bool:
        return self.version < (other if isinstance(other, str) else other.version)

    def function(self, name: str) -> FunctionInfo | None:
        return self.functions.get(name)

    def condition_impl(self, name: str) -> str | None:
        """What `name` means inside a condition: a class name, 'Invalid' or 'Removed'."""
        return self.condition_context.get(name)


@dataclass(frozen=True)
class CfnVersion:
    key: str
    version: str
    impl: str
    sections: frozenset[str]
    resource_keys: tuple[str, ...]
    output_keys: tuple[str, ...]
    functions: dict[str, FunctionInfo]
    condition_functions: dict[str, FunctionInfo]


def _functions(table: dict | None) -> dict[str, FunctionInfo] | None:
    if table is None:
        return None
    return {name: FunctionInfo(name, info['class'], info['removed']) for name, info in table.items()}


class Language:
    """All template versions Heat knows, and the limits it enforces."""

    def __init__(self, data: dict):
        self.heat_version: str = data['heat_version']
        self.hot_versions: list[HotVersion] = [self._hot(entry) for entry in data['hot_versions']]
        self.cfn_versions: list[CfnVersion] = [self._cfn(entry) for entry in data['cfn_versions']]
        self.function_arrivals: dict[str, str] = data['function_arrivals']
        self.function_removals: dict[str, str] = data['function_removals']
        self.max_template_size: int = data['max_template_size']
        self.max_resources_per_stack: int = data['max_resources_per_stack']
        self.yaql_limit_iterators: int = data['yaql_limit_iterators']
        self.yaql_memory_quota: int = data['yaql_memory_quota']
        self._by_name: dict[str, HotVersion] = {}
        for version in self.hot_versions:
            self._by_name[version.version] = version
            for alias in version.aliases:
                self._by_name[alias] = version
        self.all_function_names = frozenset(
            name for version in self.hot_versions for name in version.functions)
        self.all_condition_function_names = frozenset(
            name for version in self.hot_versions for name in (version.condition_functions or {}))

    @staticmethod
    def _hot(entry: dict) -> HotVersion:
        return HotVersion(
            version=entry['version'], aliases=tuple(entry['aliases']), impl=entry['class'],
            sections=frozenset(entry['sections']), section_order=tuple(entry['sections']),
            resource_keys=tuple(entry['resource_keys']),
            resource_keys_section_check=frozenset(entry['resource_keys_section_check']),
            output_keys=tuple(entry['output_keys']),
            deletion_policies=tuple(entry['deletion_policies']),
            parameter_keys=tuple(entry['parameter_keys']),
            parameter_types=tuple(entry['parameter_types']),
            constraint_keys=tuple(entry['constraint_keys']),
            effective_constraint_keys=tuple(entry['effective_constraint_keys']),
            range_keys=tuple(entry['range_keys']), modulo_keys=tuple(entry['modulo_keys']),
            functions=_functions(entry['functions']),
            condition_functions=_functions(entry['condition_functions']),
            condition_context=dict(entry['condition_context']),
            pseudo_parameters=tuple(entry['pseudo_parameters']),
        )

    @staticmethod
    def _cfn(entry: dict) -> CfnVersion:
        return CfnVersion(
            key=entry['key'], version=entry['version'], impl=entry['class'],
            sections=frozenset(entry['sections']), resource_keys=tuple(entry['resource_keys']),
            output_keys=tuple(entry['output_keys']), functions=_functions(entry['functions']),
            condition_functions=_functions(entry['condition_functions']) or {},
        )

    def hot(self, name: str) -> HotVersion | None:
        """The version a `heat_template_version` value names (a date or an alias)."""
        return self._by_name.get(name)

    @property
    def latest(self) -> HotVersion:
        return self.hot_versions[-1]

    def version_names(self) -> list[str]:
        """All accepted values, dates first then aliases, as Heat lists them."""
        dates = [v.version for v in self.hot_versions]
        aliases = sorted(alias for v in self.hot_versions for alias in v.aliases)
        return dates + aliases

    def cfn(self, key: str) -> CfnVersion | None:
        for version in self.cfn_versions:
            if version.key == key:
                return version
        return None

    def first_version_with(self, function: str) -> str | None:
        return self.function_arrivals.get(function)


@functools.lru_cache(maxsize=1)
def language() -> Language:
    text = resources.files('hot_ls.data').joinpath('language.json').read_text(encoding='utf-8')
    return Language(json.loads(text))
