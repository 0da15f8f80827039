"""What the workspace keeps of each file: a small summary, never its whole tree.

A template's summary is its interface (parameters, outputs: what a parent
sees of it as a provider), the types its resources use, the files it names
(`get_file`, `type: x.yaml`) and its `capabilities`; an environment's is
its registry (with where each entry was written) and the parameter names
it sets.  Summaries are what the index keeps for hundreds of files (TripleO
has ~600) in little memory; an editor that wants a file's tree parses it.
"""
from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hot_ls.language import parameters as params
from hot_ls.language.limits import MAX_DEPTH
from hot_ls.language.parameters import ParameterSchema
from hot_ls.language.versions import language
from hot_ls.model.document import Kind, classify
from hot_ls.model.environment import PARAMETER_DEFAULTS, PARAMETERS
from hot_ls.model.template import Template
from hot_ls.syntax import Mapping, Scalar, Sequence, SyntaxTree, parse
from hot_ls.syntax.skim import SIZE_LIMIT
from hot_ls.text.source import Source
from hot_ls.workspace.environments import LoadedEnvironment
from hot_ls.workspace.paths import Locator

Span = tuple[int, int]


@dataclass(frozen=True)
class ParameterInfo:
    name: Any
    span: Span                          # the declaration's key
    schema: ParameterSchema | None      # None: Heat refuses the declaration
    description: Any = None

    @cached_property
    def interface(self) -> str:
        """What a parent sees of it, as text (for TemplateSummary.interface_key)."""
        schema = self.schema
        return repr((self.name, None if schema is None else (
            schema.type, schema.default, tuple(c.key for c in schema.constraints),
            [repr(c.definition()) for c in schema.constraints])))


@dataclass(frozen=True)
class OutputInfo:
    name: Any
    span: Span
    description: Any = None


@dataclass(frozen=True)
class ResourceInfo:
    name: Any
    span: Span            # the resource's key
    type: Any             # as written
    type_span: Span | None
    #: its top-level property keys as written (a provider's parameters, to a parent)
    properties: tuple[tuple[Any, Span], ...] = ()
    #: for a group (ResourceGroup's resource_def, AutoScalingGroup's resource): its member
    member: 'ResourceInfo | None' = None
    #: it has a `condition` (the stack may not create it)
    conditional: bool = False
    #: its top-level property values where they are plain data or `{get_param: name}`
    #: (a ParamRef), else UNKNOWN: what sizes a group and what a nested stack is passed
    values: dict = field(default_factory=dict, compare=False, hash=False, repr=False)
    #: for an OS::Heat::ResourceChain: its `resource_properties`, as a member (no type)
    chain: 'ResourceInfo | None' = field(default=None, compare=False, hash=False, repr=False)
    #: its `condition` as plain data (a condition's name, a boolean, a definition), if any
    condition: Any = field(default=None, compare=False, hash=False, repr=False)
    #: it has an `external_id` (Heat does not validate its properties)
    external: bool = field(default=False, compare=False, hash=False, repr=False)

    @cached_property
    def flow(self) -> tuple | None:
        """What a parent reads of it when a property of it is `{get_param: p}`
        (TemplateSummary.parameter_flows), else None; kept with the resource, which an edit
        elsewhere in the template does not make again."""
        filled = tuple((key, value.name) for key, value in self.values.items()
                       if isinstance(value, ParamRef))
        if not filled:
            return None
        return (self.name, self.type, self.external,
                repr(self.condition) if self.conditional else None, filled, _passed(self.values))

    @cached_property
    def structure(self) -> tuple:
        """Its part of TemplateSummary.structure_key (kept as `flow` is)."""
        return (self.name, self.type, self.conditional, repr(self.condition),
                _passed(self.values),
                (self.member.type, _passed(self.member.values)) if self.member else None,
                _passed(self.chain.values) if self.chain else None)


class _Unknown:
    """A value a summary does not know (computed by a function other than get_param)."""

    def __repr__(self) -> str:
        return 'UNKNOWN'


UNKNOWN = _Unknown()


@dataclass(frozen=True, eq=True)
class Expression:
    """A property written as an `if` (plain data): the stack decides which branch it takes."""

    data: Any


@dataclass(frozen=True)
class ParamRef:
    """A property written `{get_param: name}`: the value of that parameter of its stack."""

    name: Any


@dataclass(frozen=True)
class FileReference:
    """A file a template names: `get_file: x` or `type: x.yaml`."""

    reference: str
    span: Span
    kind: str  # 'get_file' | 'type'


@dataclass
class TemplateSummary:
    path: str
    version: str | None
    description: Any
    capabilities: dict | None = None  # the blueprint's section, as plain data
    capabilities_span: Span | None = None
    #: the `conditions` section as plain data (None: none, or not a mapping)
    conditions: dict | None = None
    _interface: str | None = field(default=None, compare=False, repr=False)
    #: each parameter's and output's info and where it was placed: ((its info, where its key
    #: was when the info was made), where it is now); `parameters` and `outputs` are made of
    #: them when read (an edit above them moves them all: the workspace mostly asks for the
    #: interface alone, which does not depend on where they are)
    _placed_parameters: list = field(default_factory=list, compare=False, repr=False)
    _placed_outputs: list = field(default_factory=list, compare=False, repr=False)
    _parameters: dict | None = field(default=None, compare=False, repr=False)
    _outputs: dict | None = field(default=None, compare=False, repr=False)
    #: each resource's part and where it was placed: (its part, where its key was when the
    #: part was made, where it is now); `resources` and `files` are made of them when read
    _placed: list = field(default_factory=list, compare=False, repr=False)
    #: each entry's get_file references, placed alike
    _get_files: list = field(default_factory=list, compare=False, repr=False)
    _resources: list | None = field(default=None, compare=False, repr=False)
    _files: list | None = field(default=None, compare=False, repr=False)

    @property
    def parameters(self) -> dict[Any, ParameterInfo]:
        if self._parameters is None:
            self._parameters = {info.name: _move_parameter(info, now - made) if now != made
                                else info for (info, made), now in self._placed_parameters}
        return self._parameters

    @property
    def outputs(self) -> dict[Any, OutputInfo]:
        if self._outputs is None:
            self._outputs = {info.name: _move_output(info, now - made) if now != made
                             else info for (info, made), now in self._placed_outputs}
        return self._outputs

    @property
    def resources(self) -> list[ResourceInfo]:
        if self._resources is None:
            self._place()
        return self._resources

    @property
    def files(self) -> list[FileReference]:
        """The files it names: its resources' template types, then its get_file calls."""
        if self._files is None:
            self._place()
        return self._files

    def _place(self) -> None:
        resources, files = [], []
        for (resource, file), made, now in self._placed:
            delta = now - made
            resources.append(_move_resource(resource, delta) if delta else resource)
            if file is not None:
                files.append(_move_file(file, delta) if delta else file)
        for found, made, now in self._get_files:
            files.extend(_move_files(found, now - made) if now != made else found)
        self._resources, self._files = resources, files

    def structure_key(self) -> tuple:
        """What the stacks through it read of its resources: each one's type, its group
        member's, its condition (and the conditions it names), and the values it passes (a
        nested stack is evaluated with them: Workspace._provider_parents)."""
        return (tuple(r.structure for r in self._unplaced()), repr(self.conditions))

    def _unplaced(self) -> list[ResourceInfo]:
        """Its resources as they were summarised, before an edit above them moved their spans
        (`resources` moves them): for what does not depend on where they are."""
        return [resource for (resource, _), _, _ in self._placed]

    def interface_key(self) -> str:
        """Equal for two versions that look the same from a parent (parameters, outputs)."""
        if self._interface is None:
            parts = [info.interface for (info, _), _ in self._placed_parameters]
            parts += [repr(('output', info.name)) for (info, _), _ in self._placed_outputs]
            parts.append(repr(self.capabilities))
            parts.append(repr(self.parameter_flows()))
            self._interface = hashlib.sha1(''.join(parts).encode()).hexdigest()
        return self._interface

    def parameter_flows(self) -> tuple:
        """What a parent that has it as a provider resource's type or a group's member reads of
        its resources (Heat validates the nested stack: a validate() that reads a parameter
        without a value, or one the parent passes that it refuses, fails there): each
        resource a property of which is `{get_param: p}`, with its type, external id and
        condition, which properties which parameters fill, and its values; and the
        conditions, when such a resource has one."""
        # (each with its other values, which its validate() reads alongside)
        flows = [flow for flow in (resource.flow for resource in self._unplaced())
                 if flow is not None]
        if any(flow[3] is not None for flow in flows):
            flows.append(repr(self.conditions))
        return tuple(flows)


@dataclass
class EnvironmentSummary:
    path: str
    loaded: LoadedEnvironment
    #: parameter names the file sets: (section, name) -> the key's span
    parameter_keys: dict[tuple[str, Any], Span] = field(default_factory=dict)
    requires: dict | None = None  # the blueprint's section

    def interface_key(self) -> str:
        """Equal for two versions its stacks read alike: the same registry (with the files
        located), values, and text: a stack's diagnostics place what they say of the file in
        its text (HOT604, HOT220), and its suppression comments are read there
        (hot_ls.rules.environment_suppressions)."""
        digest = hashlib.sha1()
        tree = self.loaded.environment.tree
        digest.update((tree.text if tree is not None else '').encode())
        digest.update(repr(sorted(map(repr, _flatten(self.loaded.registry)))).encode())
        digest.update(repr(self.loaded.environment.as_dict()).encode())
        digest.update(repr(self.requires).encode())
        return digest.hexdigest()


def _flatten(tree: dict, prefix: tuple = ()):
    for key, value in tree.items():
        if isinstance(value, dict):
            yield from _flatten(value, prefix + (key,))
        else:
            yield prefix + (key,), value.value


@dataclass
class Summary:
    """One file of the workspace: its kind and the summary of that kind (or None)."""

    path: str
    kind: Kind
    template: TemplateSummary | None = None
    environment: EnvironmentSummary | None = None
    problem: str | None = None  # why the file could not be read
    #: a HOT template's first YAML syntax error, where Heat's parser stops ("line 58, column
    #: 21: found unexpected ':' ..."); or (`dated`) where libyaml stops in a template that
    #: Heat then reads with PyYAML's pure-Python parser, which reads its unquoted
    #: heat_template_version as a date.  Either way Heat cannot use it as a provider
    #: template (its summary is of what hot-ls made of it, for the editor's features).
    syntax: str | None = None
    dated: bool = False

    def interface_key(self) -> str:
        if self.template is not None:
            key = self.template.interface_key()
            return key if self.syntax is None else f'{key}\nsyntax:{self.dated}:{self.syntax}'
        if self.environment is not None:
            return self.environment.interface_key()
        return f'{self.kind.value}:{self.problem}'


def summarize(path: str, source: Source, locator: Locator,
              tree: SyntaxTree | None = None, capabilities: bool = False) -> Summary:
    """The summary of the file at `path` with this text (`capabilities`: environments read as
    the resource-capabilities blueprint reads them)."""
    if source.problem is not None:
        return Summary(path, Kind.BROKEN, problem=source.problem.message)
    tree = tree if tree is not None else parse(source.text)
    kind = classify(tree, path)
    if kind in (Kind.HOT, Kind.ENVIRONMENT) and (tree.skimmed or tree.depth > MAX_DEPTH):
        return Summary(path, Kind.BROKEN, problem=unread_reason(tree))
    if kind is Kind.HOT:
        return Summary(path, kind, template=template_summary(Template(tree, path)),
                       **syntax_problem(tree))
    if kind is Kind.ENVIRONMENT:
        return Summary(path, kind, environment=environment_summary(path, source.text, tree,
                                                                   locator, capabilities))
    return Summary(path, kind)


def syntax_problem(tree: SyntaxTree) -> dict:
    """Summary's `syntax` and `dated` for a template: its first YAML syntax error, with its
    line and column (1-based), if any; or, where libyaml refuses the text and Heat reads it
    with PyYAML's pure-Python parser (`SyntaxTree.fallback`), where libyaml stops, when the
    version is unquoted: that parser reads it as a date.  (Heat parses a provider template's
    text itself; python-heatclient sends the root's as JSON, where the date is a string.)"""
    issue = next((issue for issue in tree.issues if issue.kind == 'syntax'), None)
    if issue is not None:
        at = tree.lines.position(issue.start)
        message = issue.message.removeprefix('YAML syntax error: ')
        return {'syntax': f'line {at.line + 1}, column {at.character + 1}: {message}'}
    if tree.fallback is None or not _date_version(tree):
        return {}
    offset, message = tree.fallback
    at = tree.lines.position(offset)
    return {'syntax': f'line {at.line + 1}, column {at.character + 1}: {message}', 'dated': True}


def _date_version(tree: SyntaxTree) -> bool:
    root = tree.root
    pair = root.index.get('heat_template_version') if isinstance(root, Mapping) else None
    value = pair.value if pair is not None else None
    return isinstance(value, Scalar) and not value.style and isinstance(value.value, str) \
        and _DATE.fullmatch(value.value) is not None


_DATE = re.compile(r'\d{4}-\d{1,2}-\d{1,2}')


def unread_reason(tree: SyntaxTree) -> str:
    """Why a document is read no further than its syntax (too large, or too deep)."""
    if tree.skimmed:
        return (f'{len(tree.text)} characters: larger than any request Heat reads '
                f'({SIZE_LIMIT} bytes), so hot-ls did not read it')
    return (f'nested more than {MAX_DEPTH} levels deep: deeper than Heat can parse, so '
            'hot-ls did not read it')


def _span(node) -> Span:
    return (node.start, node.end)


def template_summary(template: Template) -> TemplateSummary:
    """The summary of a template.  What each entry contributes is made once per entry as
    long as its nodes live (`Template.memo`: the template of an edited text keeps the
    entries the edit did not touch), and moved where the entry now is."""
    summary = TemplateSummary(template.path or '', template.version_text,
                              _plain(template.section('description')))
    # (placed when read: a parent, a cross-file feature; `built.get` first: what Template.memo
    # would answer, without a call per entry)
    memo = template.memo
    summary._placed_parameters = [
        (definition.built.get(_parameter) or memo(definition, _parameter),
         definition.pair.key.start) for definition in template.parameters.values()]
    summary._placed_outputs = [
        (definition.built.get(_output) or memo(definition, _output), definition.pair.key.start)
        for definition in template.outputs.values()]
    summary._placed = [
        (*(definition.built.get(_resource_entry) or memo(definition, _resource_entry)),
         definition.pair.key.start) for definition in template.resources.values()]
    for definitions in (template.resources, template.outputs, template.conditions):
        for definition in definitions.values():
            found, made = definition.built.get(_get_files) or memo(definition, _get_files)
            if found:
                summary._get_files.append((found, made, definition.pair.key.start))
    conditions = _plain(template.section('conditions'))
    summary.conditions = conditions if isinstance(conditions, dict) else None
    pair = template.sections.get('capabilities')
    if pair is not None:
        summary.capabilities = pair.value.to_python() if pair.value is not None else None
        summary.capabilities_span = _span(pair.key)
    return summary


def _moved(span: Span | None, delta: int) -> Span | None:
    return (span[0] + delta, span[1] + delta) if span is not None else None


def _move_parameter(info: ParameterInfo, delta: int) -> ParameterInfo:
    moved = ParameterInfo(info.name, _moved(info.span, delta), info.schema, info.description)
    if 'interface' in info.__dict__:  # (made already: kept)
        moved.__dict__['interface'] = info.__dict__['interface']
    return moved


def _move_output(info: OutputInfo, delta: int) -> OutputInfo:
    return OutputInfo(info.name, _moved(info.span, delta), info.description)


def _move_file(file: FileReference, delta: int) -> FileReference:
    return FileReference(file.reference, _moved(file.span, delta), file.kind)


def _move_files(files: list[FileReference], delta: int) -> list[FileReference]:
    return [_move_file(file, delta) for file in files]


def _move_resource(info: ResourceInfo | None, delta: int) -> ResourceInfo | None:
    if info is None:
        return None
    return ResourceInfo(info.name, _moved(info.span, delta), info.type,
                        _moved(info.type_span, delta),
                        tuple((key, _moved(span, delta)) for key, span in info.properties),
                        _move_resource(info.member, delta), info.conditional, info.values,
                        _move_resource(info.chain, delta), info.condition, info.external)


def _parameter(template: Template, definition) -> tuple[ParameterInfo, int]:
    schema = None
    if template.version is not None:
        try:
            schema = params.parse_schema(definition.name, definition.body.to_python(),
                                         template.version)
        except (params.ParameterError, TypeError, ValueError):
            schema = None
    info = ParameterInfo(definition.name, _span(definition.key), schema,
                         _plain(definition.get('description')))
    return info, definition.key.start


def _output(template: Template, definition) -> tuple[OutputInfo, int]:
    return (OutputInfo(definition.name, _span(definition.key),
                       _plain(definition.get('description'))), definition.key.start)


def _resource_entry(template: Template, definition) -> tuple[tuple, int]:
    """(its ResourceInfo, the FileReference of its type when the type is a template file)."""
    resource = resource_info(definition.name, definition.key, definition.body)
    node = definition.get('type')
    file = None
    if isinstance(node, Scalar) and isinstance(node.value, str) \
            and node.value.endswith(('.yaml', '.template')):
        file = FileReference(node.value, _span(node), 'type')
    return (resource, file), definition.key.start


def _get_files(template: Template, definition) -> tuple[list, int]:
    found = [FileReference(call.args.value, _span(call.args), 'get_file')
             for call in template.calls_in(definition)
             if call.name == 'get_file' and isinstance(call.args, Scalar)
             and isinstance(call.args.value, str)]
    return found, definition.key.start


#: where a group type keeps its member's definition (a mapping with type and properties)
GROUP_MEMBERS = {'OS::Heat::ResourceGroup': 'resource_def',
                 'OS::Heat::AutoScalingGroup': 'resource'}
RESOURCE_CHAIN = 'OS::Heat::ResourceChain'


def resource_info(name: Any, key, body, member: bool = False) -> ResourceInfo:
    """What a parent reads of a resource (`body`, its definition; `key`, its name's node)."""
    node = body.get('type') if isinstance(body, Mapping) else None
    props = body.get('properties') if isinstance(body, Mapping) else None
    type_name = node.value if isinstance(node, Scalar) else None
    found = chain = None
    if not member and isinstance(props, Mapping) and type_name in GROUP_MEMBERS:
        inner = props.get(GROUP_MEMBERS[type_name])
        if isinstance(inner, Mapping):
            found = resource_info(name, key, inner, member=True)
    if not member and isinstance(props, Mapping) and type_name == RESOURCE_CHAIN:
        inner = props.get('resource_properties')
        if inner is None or isinstance(inner, Mapping):
            chain = ResourceInfo(name, _span(key), None, None, _keys(inner),
                                 values=_values(inner))
    conditional = not member and isinstance(body, Mapping) and 'condition' in body.index
    external = not member and isinstance(body, Mapping) and 'external_id' in body.index
    return ResourceInfo(name, _span(key), type_name, _span(node) if node is not None else None,
                        _keys(props), found, conditional, _values(props), chain,
                        _plain(body.get('condition')) if conditional else None, external)


def _keys(props) -> tuple:
    return tuple((k, _span(pair.key)) for k, pair in props.index.items()) \
        if isinstance(props, Mapping) else ()


def _values(props) -> dict:
    return {k: _simple(pair.value) for k, pair in props.index.items()} \
        if isinstance(props, Mapping) else {}


def _passed(values: dict) -> str:
    """The values a resource passes, as text to compare."""
    return repr(sorted(values.items(), key=lambda item: repr(item[0])))


def _simple(node) -> Any:
    """A property value as plain data, `{get_param: name}` as a ParamRef; UNKNOWN for
    anything another function computes (a mapping of one key that names a function of any
    version, or CloudFormation's, is taken for a call; `{port: p}` is data)."""
    if isinstance(node, Scalar):
        return node.value
    if isinstance(node, Sequence):
        items = [_simple(item) for item in node.items]
        return UNKNOWN if any(item is UNKNOWN or isinstance(item, (ParamRef, Expression))
                              for item in items) else items
    if isinstance(node, Mapping):
        if len(node.index) == 1 and 'if' in node.index:
            return Expression(node.to_python())
        if len(node.index) == 1:
            argument = node.get('get_param')
            if isinstance(argument, Sequence) and len(argument.items) == 1:
                argument = argument.items[0]
            if isinstance(argument, Scalar) and isinstance(argument.value, str):
                return ParamRef(argument.value)
            if _is_call(next(iter(node.index))):
                return UNKNOWN
        found = {key: _simple(pair.value) for key, pair in node.index.items()}
        return UNKNOWN if any(v is UNKNOWN or isinstance(v, (ParamRef, Expression))
                              for v in found.values()) else found
    return UNKNOWN


def _is_call(key: Any) -> bool:
    """Whether a mapping of this one key may be a function call, in any template version."""
    if not isinstance(key, str):
        return False
    if key.startswith('Fn::') or key == 'Ref':
        return True
    found = language()
    return key in found.all_function_names or key in found.all_condition_function_names


def environment_summary(path: str, text: str, tree: SyntaxTree,
                        locator: Locator, capabilities: bool = False) -> EnvironmentSummary:
    loaded = LoadedEnvironment.load(text, path, locator, capabilities)
    summary = EnvironmentSummary(path, loaded)
    root = tree.root
    if isinstance(root, Mapping):
        for section in (PARAMETERS, PARAMETER_DEFAULTS):
            node = root.get(section)
            if isinstance(node, Mapping):
                for name, pair in node.index.items():
                    summary.parameter_keys[(section, name)] = _span(pair.key)
        requires = root.get('requires')
        if requires is not None:
            summary.requires = requires.to_python()
    return summary


def _plain(node) -> Any:
    if node is None:
        return None
    if isinstance(node, (Mapping, Sequence)):
        return node.to_python()
    return node.value if isinstance(node, Scalar) else None


def directory(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))
