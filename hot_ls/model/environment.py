"""Environment files (`-e`) as Heat reads and merges them.

Two jobs, both Heat's:

* **Reading one file** (heat/common/environment_format.py `parse`): the
  document must be a mapping (or empty); every key must be one of the six
  sections; no section may be null.  `Environment` keeps each section's
  node so problems point into the file.
* **Merging several files in order** (heat/common/environment_util.py
  `merge_environments`, what the engine does with a stack create's
  `environment_files`): `parameters` and `parameter_defaults` are merged
  per parameter with the strategy each file declares in
  `parameter_merge_strategies` (overwrite by default; merge and deep_merge;
  a `default` key), the other sections with `merge_map`.  The user's `-P`
  values are the starting point, so an environment file overrides them, as
  in Heat.  Parameters the template does not declare are not merged.

Messages are Heat's; the evaluator's golden cases check them.
"""
from __future__ import annotations

import collections.abc
import copy
import json
from dataclasses import dataclass, field
from typing import Any, Iterable

from hot_ls.syntax import Mapping, Node, Pair, Scalar, Sequence, SyntaxTree, parse
from hot_ls.syntax.skim import SIZE_LIMIT

SECTIONS = (PARAMETERS, RESOURCE_REGISTRY, PARAMETER_DEFAULTS, ENCRYPTED_PARAM_NAMES, EVENT_SINKS,
            PARAMETER_MERGE_STRATEGIES) = (
    'parameters', 'resource_registry', 'parameter_defaults', 'encrypted_param_names',
    'event_sinks', 'parameter_merge_strategies')

#: the resource-capabilities blueprint's section, which stock Heat refuses; read only when the
#: `capabilities` setting is on (hot_ls.workspace.capabilities)
REQUIRES = 'requires'

STRATEGIES = (OVERWRITE, MERGE, DEEP_MERGE) = ('overwrite', 'merge', 'deep_merge')

# HOT parameter type names, as the merge sees them (Heat's Schema.MAP / LIST / ...)
_MAP, _LIST, _STRING, _NUMBER = 'json', 'comma_delimited_list', 'string', 'number'


class EnvironmentError_(ValueError):
    """A problem Heat reports for an environment file; `node` is where, when known."""

    def __init__(self, message: str, node: Node | None = None, path: str | None = None,
                 why: str | None = None):
        super().__init__(message)
        self.message = message  # Heat's own
        self.node = node
        self.path = path
        self.why = why  # what Heat's message means, where it does not say (a bare KeyError)

    @property
    def explained(self) -> str:
        return f'{self.message} ({self.why})' if self.why else self.message

    def __str__(self) -> str:
        return self.message


class SectionShapeError(EnvironmentError_):
    """A section Heat's engine cannot merge: `parameters` or `parameter_defaults` that is not
    a mapping (its merge calls `.items()` on it)."""


def invalid_merge_strategy(strategy: str, param: Any) -> str:
    return "Invalid merge strategy '%(strategy)s' for parameter '%(param)s'." % {
        'strategy': strategy, 'param': param}


def conflicting_merge_strategy(strategy: str, param: Any, env_file: str) -> str:
    return ("Conflicting merge strategy '%(strategy)s' for parameter '%(param)s' in file "
            "'%(env_file)s'." % {'strategy': strategy, 'param': param, 'env_file': env_file})


def too_large(size: int) -> str:
    """Why an environment larger than Heat's request body limit is not read."""
    return (f'The environment is {size} characters long: larger than any request Heat reads '
            f'({SIZE_LIMIT} bytes, max_json_body_size), so hot-ls did not read it.')


@dataclass
class Environment:
    """One environment document: its sections (nodes) and the problems Heat would report."""

    tree: SyntaxTree | None
    path: str | None = None
    sections: dict[str, Node] = field(default_factory=dict)
    problems: list[EnvironmentError_] = field(default_factory=list)

    @classmethod
    def from_text(cls, text: str, path: str | None = None,
                  extra_sections: tuple[str, ...] = ()) -> 'Environment':
        """`extra_sections`: top-level keys beyond Heat's that this reader passes over (the
        resource-capabilities blueprint's `requires`, when hot-ls is told to understand it);
        they are neither problems nor sections."""
        return cls.from_tree(parse(text), path, extra_sections)

    @classmethod
    def from_tree(cls, tree: SyntaxTree, path: str | None = None,
                  extra_sections: tuple[str, ...] = ()) -> 'Environment':
        """`from_text`, from the text's tree (an analysis has it already)."""
        env = cls(tree, path)
        if tree.skimmed:
            env.problems.append(EnvironmentError_(too_large(len(tree.text)), None, path))
            return env
        if tree.syntax_errors:
            issue = tree.syntax_errors[0]
            env.problems.append(EnvironmentError_(issue.message, None, path))
            return env
        env._read(tree.root, extra_sections)
        return env

    @classmethod
    def from_python(cls, data: Any, path: str | None = None) -> 'Environment':
        env = cls(None, path)
        env._read(_node_of(data) if data is not None else None)
        return env

    def _read(self, root: Node | None, extra_sections: tuple[str, ...] = ()) -> None:
        if root is None or (isinstance(root, Scalar) and root.value is None):
            return  # an empty document is an empty environment
        if not isinstance(root, Mapping):
            self.problems.append(EnvironmentError_(
                'The environment is not a valid YAML mapping data type.', root, self.path))
            return
        for key, pair in root.index.items():
            if key in extra_sections:
                continue
            if key not in SECTIONS:
                self.problems.append(EnvironmentError_(
                    'environment has wrong section "%s"' % (key,), pair.key, self.path))
                return
            if isinstance(pair.value, Scalar) and pair.value.value is None:
                self.problems.append(EnvironmentError_(
                    'environment has empty section "%s"' % (key,), pair.key, self.path))
                return
        for key, pair in root.index.items():
            if key not in extra_sections:
                self.sections[key] = pair.value
                if key in (PARAMETERS, PARAMETER_DEFAULTS) and not isinstance(pair.value, Mapping):
                    value = pair.value.to_python()
                    if value:  # (Heat's merge skips an empty section)
                        self.problems.append(SectionShapeError(
                            f"'{type(value).__name__}' object has no attribute 'items'",
                            pair.value, self.path, f'{key} maps parameter names to values'))

    def section(self, name: str) -> Any:
        """A section's plain value ({} / [] when absent, as Heat's default_for_missing)."""
        node = self.sections.get(name)
        if node is None:
            return [] if name in (ENCRYPTED_PARAM_NAMES, EVENT_SINKS) else {}
        return node.to_python()

    def as_dict(self) -> dict:
        """The sections present, as plain values (what environment_format.parse returns)."""
        return {name: node.to_python() for name, node in self.sections.items()}

    @property
    def parameters(self) -> dict:
        value = self.section(PARAMETERS)
        return value if isinstance(value, dict) else {}  # (else a SectionShapeError)

    @property
    def parameter_defaults(self) -> dict:
        value = self.section(PARAMETER_DEFAULTS)
        return value if isinstance(value, dict) else {}


@dataclass
class MergedEnvironment:
    """The result of merging `-e` files: what the stack's Environment is built from."""

    parameters: dict = field(default_factory=dict)
    parameter_defaults: dict = field(default_factory=dict)
    resource_registry: dict = field(default_factory=dict)
    event_sinks: Any = field(default_factory=list)
    encrypted_param_names: Any = field(default_factory=list)


# -- Heat's merge_environments ----------------------------------------------------------

def get_param_merge_strategy(merge_strategies: dict | None, param_key: Any,
                             available_strategies: dict | None = None) -> str:
    if not available_strategies:
        available_strategies = {}
    if merge_strategies is None:
        return OVERWRITE
    env_default = merge_strategies.get('default', OVERWRITE)
    merge_strategy = merge_strategies.get(param_key,
                                          available_strategies.get(param_key, env_default))
    if merge_strategy in STRATEGIES:
        return merge_strategy
    return env_default


def merge_list(old: Any, new: Any) -> Any:
    """Lists extend; comma-delimited strings join with ','."""
    if not old:
        return new
    if isinstance(new, list):
        old.extend(new)
        return old
    return ','.join([old, new])


def merge_map(old: Any, new: Any, deep_merge: bool = False) -> Any:
    """Nested dictionaries: shallow update, or deep merge (strings concatenate, lists extend)."""
    if not old:
        return new
    for k, v in new.items():
        if v is not None:
            if not deep_merge:
                old[k] = v
            elif isinstance(v, collections.abc.Mapping):
                old_v = old.get(k)
                old[k] = merge_map(old_v, v, deep_merge) if old_v else v
            elif isinstance(v, collections.abc.Sequence) and not isinstance(v, str):
                old_v = old.get(k)
                old[k] = merge_list(old_v, v) if old_v else v
            elif isinstance(v, str):
                old[k] = ''.join([old.get(k, ''), v])
            else:
                old[k] = v
    return old


def parse_param(p_val: Any, p_type: str) -> Any:
    try:
        if p_type == _MAP:
            if not isinstance(p_val, str):
                p_val = json.dumps(p_val)
            if p_val:
                return json.loads(p_val)
        elif not isinstance(p_val, collections.abc.Sequence):
            raise ValueError()
    except (ValueError, TypeError) as err:
        raise ValueError('Invalid parameter in environment %s.' % str(err))
    return p_val


def merge_parameters(old: dict, new: dict, param_types: dict, strategies_in_file: dict,
                     available_strategies: dict, env_file: str) -> dict:
    def param_merge(p_key, p_value, p_type, deep_merge=False):
        p_value = parse_param(p_value, p_type)
        if p_type == _MAP:
            old[p_key] = merge_map(old.get(p_key, {}), p_value, deep_merge)
        elif p_type == _LIST:
            old[p_key] = merge_list(old.get(p_key), p_value)
        elif p_type == _STRING:
            old[p_key] = ''.join([old.get(p_key, ''), p_value])
        elif p_type == _NUMBER:
            old[p_key] = old.get(p_key, 0) + p_value
        else:
            raise EnvironmentError_(invalid_merge_strategy(MERGE, p_key), None, env_file)

    for key, value in new.items():
        if key in param_types and value is not None:
            strategy = get_param_merge_strategy(strategies_in_file, key, available_strategies)
            if key not in available_strategies:
                available_strategies[key] = strategy
            elif strategy != available_strategies[key]:
                raise EnvironmentError_(conflicting_merge_strategy(strategy, key, env_file),
                                        None, env_file)
    if not old:
        return new
    for key, value in new.items():
        if key in param_types and value is not None:
            strategy = available_strategies[key]
            if strategy == DEEP_MERGE:
                param_merge(key, value, param_types[key], deep_merge=True)
            elif strategy == MERGE:
                param_merge(key, value, param_types[key])
            else:
                old[key] = value
    return old


def merge_environments(environments: Iterable[Environment], param_types: dict[Any, str],
                       parameters: dict | None = None,
                       parameter_defaults: dict | None = None) -> MergedEnvironment:
    """Heat's merge_environments over `environments`, in order.

    `param_types` maps each parameter the template (and its nested
    templates) declares to its HOT type; `parameters` are the user's values
    (-P), which the files merge into.  Raises EnvironmentError_ with Heat's
    message for the first problem (a file Heat refuses to read included).
    """
    params: dict = {PARAMETERS: copy.deepcopy(dict(parameters or {})),
                    PARAMETER_DEFAULTS: copy.deepcopy(dict(parameter_defaults or {})),
                    RESOURCE_REGISTRY: {}}
    available_strategies: dict = {}
    for index, env in enumerate(environments):
        if env.problems:
            raise env.problems[0]
        name = env.path or 'env%d.yaml' % index
        parsed = env.as_dict()  # (made anew by each call: the merge may change it)
        strategies_in_file = parsed.pop(PARAMETER_MERGE_STRATEGIES, {})
        for section_key, section_value in parsed.items():
            if section_value:
                try:
                    if section_key in (PARAMETERS, PARAMETER_DEFAULTS):
                        params[section_key] = merge_parameters(
                            params[section_key], section_value, param_types,
                            strategies_in_file, available_strategies, name)
                    else:
                        params[section_key] = merge_map(params.get(section_key), section_value)
                except EnvironmentError_:
                    raise
                except ValueError as exc:
                    raise EnvironmentError_(str(exc), env.sections.get(section_key), name)
                except (TypeError, AttributeError) as exc:
                    raise EnvironmentError_(str(exc), env.sections.get(section_key), name)
    return MergedEnvironment(parameters=params[PARAMETERS],
                             parameter_defaults=params[PARAMETER_DEFAULTS],
                             resource_registry=params.get(RESOURCE_REGISTRY) or {},
                             event_sinks=params.get(EVENT_SINKS, []),
                             encrypted_param_names=params.get(ENCRYPTED_PARAM_NAMES, []))


def _node_of(value: Any) -> Node:
    """A plain value as an unspanned syntax node (for `Environment.from_python`)."""
    if isinstance(value, dict):
        node = Mapping(0, 0)
        for key, item in value.items():
            pair = Pair(Scalar(key, 0, 0), _node_of(item))
            node.pairs.append(pair)
            node.index[key] = pair
        return node
    if isinstance(value, list):
        seq = Sequence(0, 0)
        seq.items = [_node_of(v) for v in value]
        return seq
    return Scalar(value, 0, 0)
