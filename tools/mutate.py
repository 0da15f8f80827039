"""Single mutations of real templates, each at a known line: the differential harness's generator.

Every mutant is a seed template (one that Heat accepts) with one change:
a misspelling, a deletion, a value of the wrong type, a dangling
reference, a cycle, an emptied field... or a change that keeps the
meaning (reordered resources, a quoted string, an unused parameter).  Each
carries its kind and the lines where an error belongs (1-based; the
harness checks that hot-ls puts its error on one of them).  Whether the
mutant is really broken is Heat's to say, not this module's: a misspelled
property of OS::Heat::None is no error, and the harness counts hot-ls's
error there as a false positive.

This module imports neither Heat nor hot-ls (only PyYAML, for node
positions), so neither side's model shapes what is generated.  Mutants are
deterministic: the same seed text gives the same mutants.
"""
from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field
from typing import Callable, Iterator

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

VERSIONS = ['2013-05-23', '2014-10-16', '2015-04-30', '2015-10-15', '2016-04-08', '2016-10-14',
            '2017-02-24', '2017-09-01', '2018-03-02', '2018-08-31', '2021-04-16']
ALIASES = {'newton': '2016-10-14', 'ocata': '2017-02-24', 'pike': '2017-09-01',
           'queens': '2018-03-02', 'rocky': '2018-08-31', 'wallaby': '2021-04-16'}
#: the first HOT version with each function (heat-facts §3)
FUNCTION_SINCE = {
    'get_param': '2013-05-23', 'get_resource': '2013-05-23', 'get_attr': '2013-05-23',
    'list_join': '2013-05-23', 'str_replace': '2013-05-23', 'resource_facade': '2013-05-23',
    'get_file': '2013-05-23', 'repeat': '2015-04-30', 'digest': '2015-04-30',
    'str_split': '2015-10-15', 'map_merge': '2016-04-08', 'yaql': '2016-10-14',
    'map_replace': '2016-10-14', 'if': '2016-10-14', 'filter': '2017-02-24',
    'str_replace_strict': '2017-02-24', 'make_url': '2017-09-01', 'list_concat': '2017-09-01',
    'list_concat_unique': '2017-09-01', 'str_replace_vstrict': '2017-09-01',
    'contains': '2017-09-01',
}
CONDITION_FUNCTIONS = {'equals', 'not', 'and', 'or'}
FUNCTIONS = set(FUNCTION_SINCE) | CONDITION_FUNCTIONS
RESOURCE_FIELDS = ('properties', 'depends_on', 'metadata', 'deletion_policy', 'update_policy',
                   'condition', 'description', 'external_id')
GROUP_TYPES = {'OS::Heat::ResourceGroup': 'resource_def', 'OS::Heat::AutoScalingGroup': 'resource'}


@dataclass
class Mutant:
    seed: str
    kind: str
    text: str
    #: 1-based lines where an error belongs; empty when any line will do
    lines: tuple[int, ...]
    note: str
    #: a change that keeps the template's meaning: Heat should answer as for the seed
    preserving: bool = False
    id: str = field(default='')
    #: an environment file the stack is created with (`-e`), for the environment kinds
    environment: str | None = None

    def __post_init__(self):
        if not self.id:
            key = f'{self.seed}\0{self.kind}\0{self.text}'
            if self.environment is not None:
                key += f'\0{self.environment}'
            digest = hashlib.sha1(key.encode()).hexdigest()
            self.id = f'{self.kind}:{digest[:12]}'


def version_key(version: str) -> str:
    return ALIASES.get(version, version)


# -- the seed: its text, its nodes and their lines -----------------------------------------
class Seed:
    """One template's text and PyYAML node tree, with the helpers edits need."""

    def __init__(self, name: str, text: str):
        self.name = name
        self.text = text
        self.root = yaml.compose(text, Loader=yaml.SafeLoader)
        if not isinstance(self.root, MappingNode):
            raise ValueError('not a mapping')
        self.lines = text.split('\n')
        version = self.get(self.root, 'heat_template_version')
        self.version = version_key(str(version.value)) if isinstance(version, ScalarNode) else None
        if self.version not in VERSIONS:
            raise ValueError('not a HOT template of a known version')

    # navigation
    @staticmethod
    def entries(node: Node | None) -> list[tuple[ScalarNode, Node]]:
        if not isinstance(node, MappingNode):
            return []
        return [(k, v) for k, v in node.value if isinstance(k, ScalarNode)]

    def get(self, node: Node | None, key: str) -> Node | None:
        for k, v in self.entries(node):
            if k.value == key:
                return v
        return None

    def entry(self, node: Node | None, key: str) -> tuple[ScalarNode, Node] | None:
        for k, v in self.entries(node):
            if k.value == key:
                return k, v
        return None

    def resources(self) -> list[tuple[ScalarNode, MappingNode]]:
        return [(k, v) for k, v in self.entries(self.get(self.root, 'resources'))
                if isinstance(v, MappingNode)]

    def section(self, name: str) -> list[tuple[ScalarNode, Node]]:
        return self.entries(self.get(self.root, name))

    def resource_type(self, body: MappingNode) -> str | None:
        node = self.get(body, 'type')
        return node.value if isinstance(node, ScalarNode) and isinstance(node.value, str) else None

    _SECTIONS = object()

    def calls(self, node: Node | None | object = _SECTIONS) -> Iterator[tuple[MappingNode, ScalarNode, Node]]:
        """Every one-key mapping whose key is a HOT function name, outermost first
        (in the resources, outputs and conditions unless a node is given)."""
        if node is Seed._SECTIONS:
            for section in ('resources', 'outputs', 'conditions'):
                yield from self.calls(self.get(self.root, section))
            return
        if isinstance(node, MappingNode):
            if len(node.value) == 1 and isinstance(node.value[0][0], ScalarNode) \
                    and node.value[0][0].value in FUNCTIONS:
                yield node, node.value[0][0], node.value[0][1]
            for _, value in node.value:
                yield from self.calls(value)
        elif isinstance(node, SequenceNode):
            for item in node.value:
                yield from self.calls(item)

    # positions
    @staticmethod
    def line(node: Node) -> int:
        """1-based line of a node's start."""
        return node.start_mark.line + 1

    def last_line(self, node: Node) -> int:
        """0-based last line holding the node's content."""
        if isinstance(node, ScalarNode):
            if node.style in ('|', '>'):
                line = node.end_mark.line - (1 if node.end_mark.column == 0 else 0)
                while line > node.start_mark.line and not self.lines[line].strip():
                    line -= 1
                return line
            return node.end_mark.line
        if node.flow_style or not node.value:
            return node.end_mark.line
        last = node.value[-1]
        return self.last_line(last[1] if isinstance(node, MappingNode) else last)

    def content_end(self, node: Node) -> int:
        """Offset just after the node's content (block collections end at their last item)."""
        if isinstance(node, ScalarNode) or node.flow_style or not node.value:
            if isinstance(node, ScalarNode) and node.style in ('|', '>'):
                line = self.last_line(node)
                return self.offset(line, len(self.lines[line]))
            return node.end_mark.index
        last = node.value[-1]
        return self.content_end(last[1] if isinstance(node, MappingNode) else last)

    def offset(self, line: int, column: int) -> int:
        return sum(len(text) + 1 for text in self.lines[:line]) + column

    def starts_line(self, node: Node) -> bool:
        """The node is the first thing on its line (so whole lines can be edited around it)."""
        text = self.lines[node.start_mark.line]
        return not text[:node.start_mark.column].strip()

    def is_block(self, node: Node) -> bool:
        return isinstance(node, (MappingNode, SequenceNode)) and not node.flow_style

    # edits (each returns the new text)
    def replace(self, start: int, end: int, new: str) -> str:
        return self.text[:start] + new + self.text[end:]

    def replace_node(self, node: Node, new: str) -> str:
        return self.replace(node.start_mark.index, self.content_end(node), new)

    def delete_lines(self, first: int, last: int) -> str:
        """Delete 0-based lines first..last inclusive."""
        return '\n'.join(self.lines[:first] + self.lines[last + 1:])

    def insert_lines(self, before: int, new: list[str]) -> str:
        """Insert lines before 0-based line `before`."""
        return '\n'.join(self.lines[:before] + new + self.lines[before:])

    def comment_lines(self, first: int, last: int) -> str:
        out = list(self.lines)
        for i in range(first, last + 1):
            text = out[i]
            indent = len(text) - len(text.lstrip())
            if text.strip():
                out[i] = text[:indent] + '# ' + text[indent:]
        return '\n'.join(out)

    def block_entry(self, body: Node, key: ScalarNode) -> bool:
        """The entry `key: ...` of a block mapping, starting its own line."""
        return self.is_block(body) and self.starts_line(key)

    def key_indent(self, body: MappingNode) -> int | None:
        entries = self.entries(body)
        if not self.is_block(body) or not entries:
            return None
        return entries[0][0].start_mark.column


# -- words -----------------------------------------------------------------------------
def typo(word: str, rng: random.Random) -> str:
    """A plausible misspelling of `word` (one edit), different from it."""
    letters = [i for i, c in enumerate(word) if c.isalpha()]
    for _ in range(20):
        op = rng.choice(('swap', 'drop', 'double', 'vowel'))
        if not letters:
            break
        i = rng.choice(letters)
        if op == 'swap' and i + 1 < len(word) and word[i + 1].isalpha() and word[i] != word[i + 1]:
            new = word[:i] + word[i + 1] + word[i] + word[i + 2:]
        elif op == 'drop' and len(word) > 3:
            new = word[:i] + word[i + 1:]
        elif op == 'double':
            new = word[:i] + word[i] + word[i:]
        elif op == 'vowel' and word[i].lower() in 'aeiou':
            new = word[:i] + rng.choice([v for v in 'aeiou' if v != word[i].lower()]) + word[i + 1:]
        else:
            continue
        if new != word:
            return new
    return word + 'x'


def plain(value: str) -> bool:
    """A string YAML writes plainly and reads back as that same string."""
    if not re.fullmatch(r'[A-Za-z_][A-Za-z0-9_.:/-]*', value) or value.endswith(':'):
        return False
    return isinstance(yaml.safe_load(value), str)


# -- the kinds -----------------------------------------------------------------------------
Generator = Callable[[Seed, random.Random], Iterator[Mutant]]
KINDS: dict[str, Generator] = {}
PRESERVING: set[str] = set()


def kind(name: str, preserving: bool = False):
    def register(fn: Generator) -> Generator:
        KINDS[name] = fn
        if preserving:
            PRESERVING.add(name)
        return fn
    return register


def _mutant(seed: Seed, name: str, text: str, lines, note: str) -> Mutant:
    return Mutant(seed.name, name, text, tuple(sorted(set(lines))), note, name in PRESERVING)


def _pick(rng: random.Random, items: list, count: int = 2) -> list:
    items = list(items)
    rng.shuffle(items)
    return items[:count]


@kind('type-typo')
def type_typo(seed, rng):
    for key, body in _pick(rng, seed.resources()):
        node = seed.get(body, 'type')
        name = seed.resource_type(body)
        if name is None or not name.startswith(('OS::', 'AWS::')) or node.style not in (None, "'", '"'):
            continue
        parts = name.split('::')
        parts[-1] = typo(parts[-1], rng)
        new = '::'.join(parts)
        yield _mutant(seed, 'type-typo', seed.replace_node(node, new), [seed.line(node)],
                      f'{name} -> {new}')


@kind('namespace-typo')
def namespace_typo(seed, rng):
    for key, body in _pick(rng, seed.resources()):
        node = seed.get(body, 'type')
        name = seed.resource_type(body)
        if name is None or not name.startswith(('OS::', 'AWS::')) or name.count('::') < 2 \
                or node.style not in (None, "'", '"'):
            continue
        parts = name.split('::')
        parts[1] = typo(parts[1], rng)
        new = '::'.join(parts)
        yield _mutant(seed, 'namespace-typo', seed.replace_node(node, new), [seed.line(node)],
                      f'{name} -> {new}')


def _properties(seed: Seed) -> list[tuple[ScalarNode, MappingNode, MappingNode]]:
    """(resource key, resource body, properties mapping) of every resource with literal properties."""
    found = []
    for key, body in seed.resources():
        props = seed.get(body, 'properties')
        if isinstance(props, MappingNode) and seed.entries(props) and not (
                len(props.value) == 1 and props.value[0][0].value in FUNCTIONS):
            found.append((key, body, props))
    return found


@kind('property-typo')
def property_typo(seed, rng):
    for key, body, props in _pick(rng, _properties(seed)):
        pkey, _ = rng.choice(seed.entries(props))
        if not isinstance(pkey.value, str) or pkey.style not in (None, "'", '"'):
            continue
        new = typo(pkey.value, rng)
        yield _mutant(seed, 'property-typo', seed.replace_node(pkey, new), [seed.line(pkey)],
                      f'{key.value}.properties.{pkey.value} -> {new}')


def _nested_maps(seed: Seed, node: Node, depth: int = 0) -> Iterator[MappingNode]:
    """Literal mappings inside a property value (not function calls)."""
    if isinstance(node, MappingNode):
        keys = [k.value for k, _ in seed.entries(node)]
        if len(keys) == 1 and keys[0] in FUNCTIONS:
            return
        if depth > 0 and keys:
            yield node
        for _, value in node.value:
            yield from _nested_maps(seed, value, depth + 1)
    elif isinstance(node, SequenceNode):
        for item in node.value:
            yield from _nested_maps(seed, item, depth + 1)


@kind('nested-property-typo')
def nested_property_typo(seed, rng):
    candidates = []
    for key, body, props in _properties(seed):
        if seed.resource_type(body) in GROUP_TYPES:
            continue  # nested-member's business
        for _, value in seed.entries(props):
            for mapping in _nested_maps(seed, value, 1):
                candidates.append((key, mapping))
    for key, mapping in _pick(rng, candidates):
        nkey, _ = rng.choice(seed.entries(mapping))
        if not isinstance(nkey.value, str) or nkey.style not in (None, "'", '"'):
            continue
        new = typo(nkey.value, rng)
        yield _mutant(seed, 'nested-property-typo', seed.replace_node(nkey, new), [seed.line(nkey)],
                      f'{key.value}: ...{nkey.value} -> {new}')


@kind('resource-key-typo')
def resource_key_typo(seed, rng):
    for key, body in _pick(rng, seed.resources()):
        fkey, _ = rng.choice(seed.entries(body))
        if fkey.style not in (None, "'", '"'):
            continue
        new = typo(fkey.value, rng)
        yield _mutant(seed, 'resource-key-typo', seed.replace_node(fkey, new), [seed.line(fkey)],
                      f'{key.value}.{fkey.value} -> {new}')


@kind('section-typo')
def section_typo(seed, rng):
    keys = [k for k, _ in seed.entries(seed.root) if k.value != 'heat_template_version']
    for skey in _pick(rng, keys, 1):
        new = typo(skey.value, rng)
        yield _mutant(seed, 'section-typo', seed.replace_node(skey, new), [seed.line(skey)],
                      f'{skey.value} -> {new}')


@kind('function-typo')
def function_typo(seed, rng):
    for call, fkey, _ in _pick(rng, list(seed.calls()), 2):
        if fkey.style not in (None, "'", '"'):
            continue
        new = typo(fkey.value, rng)
        yield _mutant(seed, 'function-typo', seed.replace_node(fkey, new), [seed.line(fkey)],
                      f'{fkey.value} -> {new}')


def _calls_of(seed: Seed, *names: str):
    return [(call, fkey, args) for call, fkey, args in seed.calls() if fkey.value in names]


@kind('attribute-typo')
def attribute_typo(seed, rng):
    candidates = [(fkey, args.value[1]) for _, fkey, args in _calls_of(seed, 'get_attr')
                  if isinstance(args, SequenceNode) and len(args.value) >= 2
                  and isinstance(args.value[1], ScalarNode) and plain(str(args.value[1].value))]
    for fkey, attr in _pick(rng, candidates):
        new = typo(attr.value, rng)
        yield _mutant(seed, 'attribute-typo', seed.replace_node(attr, new), [seed.line(attr)],
                      f'get_attr ...{attr.value} -> {new}')


def _resource_references(seed: Seed) -> list[tuple[str, ScalarNode, str]]:
    """(owner resource, node naming a resource, how) for get_resource, get_attr and depends_on."""
    found = []
    for key, body in seed.resources():
        for _, fkey, args in seed.calls(body):
            if fkey.value == 'get_resource' and isinstance(args, ScalarNode):
                found.append((key.value, args, 'get_resource'))
            elif fkey.value == 'get_attr' and isinstance(args, SequenceNode) and args.value \
                    and isinstance(args.value[0], ScalarNode):
                found.append((key.value, args.value[0], 'get_attr'))
        deps = seed.get(body, 'depends_on')
        if isinstance(deps, ScalarNode) and deps.value:
            found.append((key.value, deps, 'depends_on'))
        elif isinstance(deps, SequenceNode):
            found.extend((key.value, item, 'depends_on') for item in deps.value
                         if isinstance(item, ScalarNode))
    for key, body in seed.section('outputs'):
        for _, fkey, args in seed.calls(body):
            if fkey.value == 'get_attr' and isinstance(args, SequenceNode) and args.value \
                    and isinstance(args.value[0], ScalarNode):
                found.append((None, args.value[0], 'get_attr'))
    return [(owner, node, how) for owner, node, how in found
            if isinstance(node.value, str) and plain(node.value)]


@kind('dangling-resource')
def dangling_resource(seed, rng):
    for owner, node, how in _pick(rng, _resource_references(seed)):
        new = typo(node.value, rng)
        yield _mutant(seed, 'dangling-resource', seed.replace_node(node, new), [seed.line(node)],
                      f'{how} {node.value} -> {new}')


@kind('dangling-parameter')
def dangling_parameter(seed, rng):
    candidates = []
    for _, fkey, args in _calls_of(seed, 'get_param'):
        node = args.value[0] if isinstance(args, SequenceNode) and args.value else args
        if isinstance(node, ScalarNode) and isinstance(node.value, str) and plain(node.value) \
                and not node.value.startswith('OS::'):
            candidates.append(node)
    for node in _pick(rng, candidates):
        new = typo(node.value, rng)
        yield _mutant(seed, 'dangling-parameter', seed.replace_node(node, new), [seed.line(node)],
                      f'get_param {node.value} -> {new}')


@kind('dangling-condition')
def dangling_condition(seed, rng):
    candidates = []
    for section in ('resources', 'outputs'):
        for _, body in seed.section(section):
            node = seed.get(body, 'condition')
            if isinstance(node, ScalarNode) and isinstance(node.value, str) and plain(node.value):
                candidates.append(node)
    for _, fkey, args in _calls_of(seed, 'if'):
        if isinstance(args, SequenceNode) and args.value and isinstance(args.value[0], ScalarNode) \
                and isinstance(args.value[0].value, str) and plain(args.value[0].value):
            candidates.append(args.value[0])
    for node in _pick(rng, candidates):
        new = typo(node.value, rng)
        yield _mutant(seed, 'dangling-condition', seed.replace_node(node, new), [seed.line(node)],
                      f'condition {node.value} -> {new}')


@kind('delete-property')
def delete_property(seed, rng):
    for key, body, props in _pick(rng, _properties(seed), 3):
        if not seed.is_block(props) or len(props.value) < 2:
            continue
        pkey, value = rng.choice(seed.entries(props))
        if not seed.starts_line(pkey):
            continue
        first, last = pkey.start_mark.line, seed.last_line(value)
        text = seed.delete_lines(first, last)
        removed = last - first + 1
        end = seed.last_line(body) - removed
        lines = range(key.start_mark.line + 1, end + 2)
        yield _mutant(seed, 'delete-property', text, lines, f'{key.value}.properties.{pkey.value} deleted')


@kind('delete-parameter')
def delete_parameter(seed, rng):
    params = seed.get(seed.root, 'parameters')
    if not seed.is_block(params):
        return
    uses: dict[str, list[int]] = {}
    for _, fkey, args in _calls_of(seed, 'get_param'):
        node = args.value[0] if isinstance(args, SequenceNode) and args.value else args
        if isinstance(node, ScalarNode):
            uses.setdefault(node.value, []).append(node.start_mark.line)
    candidates = [(k, v) for k, v in seed.entries(params) if k.value in uses and seed.starts_line(k)]
    for pkey, value in _pick(rng, candidates, 1):
        first, last = pkey.start_mark.line, seed.last_line(value)
        text = seed.delete_lines(first, last)
        removed = last - first + 1
        groups = [n.start_mark.line for n in _group_names(seed) if n.value == pkey.value]
        lines = [(line - removed if line > last else line) + 1 for line in uses[pkey.value] + groups]
        yield _mutant(seed, 'delete-parameter', text, lines, f'parameter {pkey.value} deleted')


def _group_names(seed: Seed) -> list[ScalarNode]:
    found = []
    groups = seed.get(seed.root, 'parameter_groups')
    if isinstance(groups, SequenceNode):
        for group in groups.value:
            names = seed.get(group, 'parameters')
            if isinstance(names, SequenceNode):
                found.extend(n for n in names.value if isinstance(n, ScalarNode))
    return found


def _literal_values(seed: Seed, node: Node) -> Iterator[ScalarNode]:
    """Plain scalars in a property value, outside function calls."""
    if isinstance(node, ScalarNode):
        if node.style is None and node.value != '':
            yield node
    elif isinstance(node, MappingNode):
        keys = [k.value for k, _ in seed.entries(node)]
        if len(keys) == 1 and keys[0] in FUNCTIONS:
            return
        for _, value in node.value:
            yield from _literal_values(seed, value)
    elif isinstance(node, SequenceNode):
        for item in node.value:
            yield from _literal_values(seed, item)


def _typed(node: ScalarNode):
    try:
        return yaml.safe_load(node.value)
    except yaml.YAMLError:
        return node.value


@kind('wrong-type')
def wrong_type(seed, rng):
    candidates = []
    for key, body, props in _properties(seed):
        for _, value in seed.entries(props):
            candidates.extend((key, node) for node in _literal_values(seed, value))
    for key, node in _pick(rng, candidates):
        value = _typed(node)
        if isinstance(value, bool):
            new = 'maybe'
        elif isinstance(value, (int, float)):
            new = 'not-a-number'
        else:
            new = rng.choice(['[wrong, type]', '{wrong: type}'])
        yield _mutant(seed, 'wrong-type', seed.replace_node(node, new), [seed.line(node)],
                      f'{key.value}: {node.value} -> {new}')


@kind('out-of-range')
def out_of_range(seed, rng):
    candidates = []
    for key, body, props in _properties(seed):
        for _, value in seed.entries(props):
            candidates.extend((key, node) for node in _literal_values(seed, value)
                              if type(_typed(node)) is int)
    for key, node in _pick(rng, candidates):
        new = rng.choice(['-1', '0', '99999999'])
        if new == str(_typed(node)):
            continue
        yield _mutant(seed, 'out-of-range', seed.replace_node(node, new), [seed.line(node)],
                      f'{key.value}: {node.value} -> {new}')


#: malformed arguments per function (flow YAML replacing the arguments)
BAD_ARGUMENTS = {
    'get_param': ['[]', '{a: b}'],
    'get_attr': ['only_a_string', '[]'],
    'str_replace': ['{template: x}', '{template: x, params: [a]}', '[a, b]'],
    'list_join': ['[",", not_a_list]', '[[a], [b]]'],
    'get_file': ['[a]'],
    'digest': ['[md5]', 'md5'],
    'repeat': ['{for_each: {}}', '{template: x}'],
    'map_merge': ['[[1]]', 'not_a_list'],
    'str_split': ['[","]'],
    'yaql': ['{expression: 1, data: {}, extra: 1}', '{data: {}}'],
    'if': ['[c]'],
    'list_concat': ['[a, b]'],
    'map_replace': ['[{}, {key: {}}]'],
    'make_url': ['{scheme: http, bad: x}'],
    'filter': ['[a]'],
}


@kind('bad-function-args')
def bad_function_args(seed, rng):
    candidates = [(call, fkey, args) for call, fkey, args in seed.calls()
                  if fkey.value in BAD_ARGUMENTS]
    for call, fkey, args in _pick(rng, candidates):
        new = rng.choice(BAD_ARGUMENTS[fkey.value])
        yield _mutant(seed, 'bad-function-args', seed.replace_node(args, new), [seed.line(fkey)],
                      f'{fkey.value}: {new}')


@kind('malformed-call')
def malformed_call(seed, rng):
    candidates = _calls_of(seed, 'get_resource', 'get_attr')
    for call, fkey, args in _pick(rng, candidates):
        if fkey.value == 'get_resource' and isinstance(args, ScalarNode):
            new = f'[{args.value}, id]'
        elif fkey.value == 'get_attr' and isinstance(args, SequenceNode) and len(args.value) >= 2 \
                and all(isinstance(a, ScalarNode) for a in args.value):
            new = '[' + ', '.join(str(a.value) for a in args.value[:2]) + ', {a: b}]'
        else:
            continue
        yield _mutant(seed, 'malformed-call', seed.replace_node(args, new), [seed.line(fkey)],
                      f'{fkey.value}: {new}')


@kind('version-gated')
def version_gated(seed, rng):
    node = seed.get(seed.root, 'heat_template_version')
    calls = list(seed.calls())
    newest = max((FUNCTION_SINCE.get(fkey.value, VERSIONS[0]) for _, fkey, _ in calls), default=None)
    if newest is None or newest == VERSIONS[0] or node.style not in (None, "'", '"'):
        return
    older = VERSIONS[VERSIONS.index(newest) - 1]
    gated = [call for call, fkey, args in calls
             if FUNCTION_SINCE.get(fkey.value, VERSIONS[0]) > older
             or (fkey.value == 'if' and older < '2021-04-16' and isinstance(args, SequenceNode)
                 and len(args.value) == 2)]
    lines = [seed.line(call) for call in gated] + _enclosing_lines(seed, gated)
    if older < '2018-03-02':
        lines += [seed.line(entry[0]) for _, schema in seed.section('parameters')
                  if (entry := seed.entry(schema, 'tags'))]
    if older < '2016-10-14':
        for section in ('resources', 'outputs'):
            for _, body in seed.section(section):
                entry = seed.entry(body, 'condition') or seed.entry(body, 'external_id')
                if entry:
                    lines.append(seed.line(entry[0]))
        conditions = seed.entry(seed.root, 'conditions')
        if conditions:
            lines.append(seed.line(conditions[0]))
    yield _mutant(seed, 'version-gated', seed.replace_node(node, older), lines + [seed.line(node)],
                  f'heat_template_version {seed.version} -> {older}')


def _enclosing_lines(seed: Seed, calls: list) -> list[int]:
    """The lines of the properties and outputs holding these calls (where a value fails)."""
    holders = []
    for _, body in seed.resources():
        holders.extend(seed.entries(seed.get(body, 'properties')))
    for okey, body in seed.section('outputs'):
        entry = seed.entry(body, 'value')
        if entry:
            holders.append((okey, entry[1]))
    lines = []
    for call in calls:
        for key, value in holders:
            if value.start_mark.index <= call.start_mark.index < seed.content_end(value):
                lines += [seed.line(key), seed.line(value)]
    return lines


def _add_depends_on(seed: Seed, body: MappingNode, name: str) -> tuple[str, int] | None:
    """The seed with `depends_on: name` added to a resource after its type line, and where
    (0-based); None when the resource has one already or is not written in block style."""
    tkey = seed.entry(body, 'type')
    indent = seed.key_indent(body)
    if seed.get(body, 'depends_on') is not None or indent is None or tkey is None \
            or not seed.starts_line(tkey[0]):
        return None
    at = seed.last_line(tkey[1]) + 1
    return seed.insert_lines(at, [' ' * indent + f'depends_on: {name}']), at


@kind('cycle')
def cycle(seed, rng):
    names = {k.value for k, _ in seed.resources()}
    bodies = {k.value: (k, v) for k, v in seed.resources()}
    edges = [(owner, node) for owner, node, how in _resource_references(seed)
             if owner is not None and node.value in names and node.value != owner]
    for owner, node in _pick(rng, edges, 1):
        key, body = bodies[node.value]
        added = _add_depends_on(seed, body, owner)
        if added is None:
            continue
        text, at = added
        moved = [line + 1 if line >= at else line for line in
                 [n.start_mark.line for o, n, _ in _resource_references(seed)
                  if o == owner and n.value == node.value]]
        yield _mutant(seed, 'cycle', text, [at + 1] + [line + 1 for line in moved],
                      f'{node.value} depends_on {owner}, which refers to it')


#: the types whose plugins wait implicitly for resources of others (Heat's add_dependencies)
IMPLICIT_WAITS = {
    'OS::Neutron::Port': ('OS::Neutron::Subnet',),
    'OS::Nova::Server': ('OS::Neutron::Subnet',),
    'OS::Neutron::Router': ('OS::Neutron::Subnet',),
    'OS::Neutron::FloatingIP': ('OS::Neutron::Router', 'OS::Neutron::RouterInterface',
                                'OS::Neutron::RouterGateway'),
    'OS::Neutron::RouterGateway': ('OS::Neutron::RouterInterface', 'OS::Neutron::Subnet'),
    'OS::Neutron::ExtraRouteSet': ('OS::Neutron::RouterInterface',),
}


@kind('implicit-cycle')
def implicit_cycle(seed, rng):
    """A resource that some plugin may wait for (a Subnet, a Router, a RouterInterface) made
    to depend on one that may wait for it (a Port, a Server, a FloatingIP...): a cycle when
    Heat's implicit dependency joins them (same network, both from get_resource...), and
    nothing otherwise."""
    typed = []
    for key, body in seed.resources():
        rtype = seed.get(body, 'type')
        if isinstance(rtype, ScalarNode):
            typed.append((key, body, rtype.value))
    pairs = [(source, key, body) for source, _, stype in typed
             for key, body, ttype in typed if ttype in IMPLICIT_WAITS.get(stype, ())
             and source.value != key.value]
    for source, key, body in _pick(rng, pairs, 4):
        added = _add_depends_on(seed, body, source.value)
        if added is None:
            continue
        text, at = added
        yield _mutant(seed, 'implicit-cycle', text, [at + 1],
                      f'{key.value} depends_on {source.value}, which may wait for it')


@kind('empty-field')
def empty_field(seed, rng):
    for key, body in _pick(rng, seed.resources(), 3):
        indent = seed.key_indent(body)
        if indent is None:
            continue
        name = rng.choice(RESOURCE_FIELDS)
        entry = seed.entry(body, name)
        if entry is None:
            tkey = seed.entry(body, 'type')
            if tkey is None or not seed.starts_line(tkey[0]):
                continue
            at = seed.last_line(tkey[1]) + 1
            text = seed.insert_lines(at, [' ' * indent + f'{name}:'])
            yield _mutant(seed, 'empty-field', text, [at + 1], f'{key.value}.{name} added empty')
            continue
        fkey, value = entry
        if not seed.starts_line(fkey):
            continue
        if seed.is_block(value) and value.start_mark.line > fkey.start_mark.line:
            text = seed.comment_lines(value.start_mark.line, seed.last_line(value))
        elif value.start_mark.line == fkey.start_mark.line and seed.last_line(value) == fkey.start_mark.line:
            text = seed.replace_node(value, '')
        else:
            continue
        yield _mutant(seed, 'empty-field', text, [seed.line(fkey)], f'{key.value}.{name} emptied')


@kind('nested-member')
def nested_member(seed, rng):
    for key, body in seed.resources():
        member_key = GROUP_TYPES.get(seed.resource_type(body))
        props = seed.get(body, 'properties')
        member = seed.get(props, member_key) if member_key else None
        if not isinstance(member, MappingNode):
            continue
        choice = rng.choice(('type', 'property'))
        mtype = seed.get(member, 'type')
        mprops = seed.get(member, 'properties')
        if choice == 'type' and isinstance(mtype, ScalarNode) and isinstance(mtype.value, str) \
                and mtype.value.startswith(('OS::', 'AWS::')):
            parts = mtype.value.split('::')
            parts[-1] = typo(parts[-1], rng)
            yield _mutant(seed, 'nested-member', seed.replace_node(mtype, '::'.join(parts)),
                          [seed.line(mtype)], f'{key.value} member type {mtype.value} -> {"::".join(parts)}')
        elif isinstance(mprops, MappingNode) and seed.entries(mprops):
            pkey, _ = rng.choice(seed.entries(mprops))
            if pkey.value in FUNCTIONS:
                continue
            new = typo(pkey.value, rng)
            yield _mutant(seed, 'nested-member', seed.replace_node(pkey, new), [seed.line(pkey)],
                          f'{key.value} member property {pkey.value} -> {new}')


@kind('deletion-policy')
def deletion_policy(seed, rng):
    for key, body in _pick(rng, seed.resources(), 2):
        entry = seed.entry(body, 'deletion_policy')
        indent = seed.key_indent(body)
        new = rng.choice(['Delet', 'Retian', 'Snapshot', 'snapshot', 'Keep'])
        if entry is not None:
            if isinstance(entry[1], ScalarNode) and entry[1].value != new:
                yield _mutant(seed, 'deletion-policy', seed.replace_node(entry[1], new),
                              [seed.line(entry[1])], f'{key.value}.deletion_policy -> {new}')
            continue
        tkey = seed.entry(body, 'type')
        if indent is None or tkey is None or not seed.starts_line(tkey[0]):
            continue
        at = seed.last_line(tkey[1]) + 1
        text = seed.insert_lines(at, [' ' * indent + f'deletion_policy: {new}'])
        yield _mutant(seed, 'deletion-policy', text, [at + 1], f'{key.value}.deletion_policy: {new} added')


@kind('parameter-schema')
def parameter_schema(seed, rng):
    for pkey, schema in _pick(rng, seed.section('parameters'), 2):
        if not isinstance(schema, MappingNode):
            continue
        choice = rng.choice(('type', 'key', 'default'))
        ptype = seed.entry(schema, 'type')
        if choice == 'type' and ptype and isinstance(ptype[1], ScalarNode):
            new = typo(str(ptype[1].value), rng)
            yield _mutant(seed, 'parameter-schema', seed.replace_node(ptype[1], new),
                          [seed.line(ptype[1])], f'{pkey.value}.type -> {new}')
        elif choice == 'key':
            skey, _ = rng.choice(seed.entries(schema))
            new = typo(skey.value, rng)
            yield _mutant(seed, 'parameter-schema', seed.replace_node(skey, new), [seed.line(skey)],
                          f'{pkey.value}.{skey.value} -> {new}')
        else:
            default = seed.get(schema, 'default')
            constraints = seed.get(schema, 'constraints')
            if not isinstance(default, ScalarNode) or not isinstance(constraints, SequenceNode):
                continue
            new = None
            for constraint in constraints.value:
                if seed.get(constraint, 'allowed_values') is not None:
                    new = 'not-an-allowed-value'
                bounds = seed.get(constraint, 'range')
                if isinstance(seed.get(bounds, 'max'), ScalarNode):
                    new = str(_typed(seed.get(bounds, 'max'))) + '1'
                if seed.get(constraint, 'allowed_pattern') is not None:
                    new = '"@@ no pattern @@"'
            if new is not None:
                yield _mutant(seed, 'parameter-schema', seed.replace_node(default, new),
                              [seed.line(default)], f'{pkey.value}.default -> {new}')


#: a default of the wrong kind for each parameter type
WRONG_DEFAULTS = {'number': ['not-a-number', '[1]'], 'boolean': ['maybe', '{a: b}'],
                  'json': ['"{not json"', '42'], 'comma_delimited_list': ['{a: b}'],
                  'string': ['{a: b}', '[a, b]']}


@kind('parameter-default-type')
def parameter_default_type(seed, rng):
    candidates = []
    for pkey, schema in seed.section('parameters'):
        ptype = seed.get(schema, 'type')
        default = seed.get(schema, 'default')
        if isinstance(ptype, ScalarNode) and ptype.value in WRONG_DEFAULTS and default is not None \
                and (isinstance(default, ScalarNode) or default.flow_style):
            candidates.append((pkey, ptype.value, default))
    for pkey, ptype, default in _pick(rng, candidates):
        new = rng.choice(WRONG_DEFAULTS[ptype])
        yield _mutant(seed, 'parameter-default-type', seed.replace_node(default, new),
                      [seed.line(default)], f'{pkey.value} ({ptype}).default -> {new}')


#: list arguments whose order matters: the mutant swaps the first two items
SWAPPABLE = ('list_join', 'str_split', 'equals', 'map_replace', 'filter', 'contains')


@kind('swap-arguments')
def swap_arguments(seed, rng):
    candidates = [(fkey, args) for _, fkey, args in seed.calls()
                  if fkey.value in SWAPPABLE and isinstance(args, SequenceNode)
                  and len(args.value) >= 2 and args.value[0].start_mark.line == args.value[1].end_mark.line
                  and args.flow_style]
    for fkey, args in _pick(rng, candidates):
        first, second = args.value[0], args.value[1]
        text = seed.text
        one = text[first.start_mark.index:seed.content_end(first)]
        two = text[second.start_mark.index:seed.content_end(second)]
        if one == two:
            continue
        rest = text[seed.content_end(second):seed.content_end(args)]
        new = '[' + two + ', ' + one + rest
        yield _mutant(seed, 'swap-arguments', seed.replace_node(args, new), [seed.line(fkey)],
                      f'{fkey.value}: {one} <-> {two}')


@kind('indent-line')
def indent_line(seed, rng):
    """A property's key moved two columns to the right (or the left): no longer in its map."""
    candidates = []
    for key, body, props in _properties(seed):
        if not seed.is_block(props):
            continue
        for pkey, _ in seed.entries(props)[1:]:
            if seed.starts_line(pkey):
                candidates.append(pkey)
    for pkey in _pick(rng, candidates):
        row = pkey.start_mark.line
        line = seed.lines[row]
        shift = rng.choice((2, -1))
        new_line = ('  ' + line) if shift > 0 else line[1:]
        out = list(seed.lines)
        out[row] = new_line
        yield _mutant(seed, 'indent-line', '\n'.join(out), [row + 1, row],
                      f'{pkey.value} indented by {shift}')


@kind('missing-provider')
def missing_provider(seed, rng):
    for key, body in _pick(rng, seed.resources(), 1):
        node = seed.get(body, 'type')
        if not isinstance(node, ScalarNode) or node.style not in (None, "'", '"'):
            continue
        yield _mutant(seed, 'missing-provider', seed.replace_node(node, 'no_such_template.yaml'),
                      [seed.line(node)], f'{node.value} -> no_such_template.yaml')


#: a malformed constraint for each constraint kind
BAD_CONSTRAINTS = {'allowed_values': ['just-a-string', '{a: b}'], 'range': ['{min: x}', '[1, 2]'],
                   'length': ['{min: -1, max: x}', '5'], 'allowed_pattern': ['[a]'],
                   'custom_constraint': ['[nova.flavor]']}


@kind('constraint-shape')
def constraint_shape(seed, rng):
    candidates = []
    for pkey, schema in seed.section('parameters'):
        constraints = seed.get(schema, 'constraints')
        if isinstance(constraints, SequenceNode):
            for constraint in constraints.value:
                for ckey, value in seed.entries(constraint):
                    if ckey.value in BAD_CONSTRAINTS:
                        candidates.append((pkey, ckey, value))
    for pkey, ckey, value in _pick(rng, candidates):
        new = rng.choice(BAD_CONSTRAINTS[ckey.value])
        yield _mutant(seed, 'constraint-shape', seed.replace_node(value, new), [seed.line(ckey)],
                      f'{pkey.value}.{ckey.value} -> {new}')


@kind('str-replace-param')
def str_replace_param(seed, rng):
    candidates = []
    for _, fkey, args in _calls_of(seed, 'str_replace'):
        params = seed.get(args, 'params')
        for _, value in seed.entries(params):
            candidates.append((fkey, value))
    for fkey, value in _pick(rng, candidates):
        new = rng.choice(['[a, b]', '{a: b}', 'null'])
        yield _mutant(seed, 'str-replace-param', seed.replace_node(value, new),
                      [seed.line(fkey), seed.line(value)], f'str_replace param -> {new}')


@kind('container-to-scalar')
def container_to_scalar(seed, rng):
    """A property whose value is a literal list or map, given a plain string instead."""
    candidates = []
    for key, body, props in _properties(seed):
        for pkey, value in seed.entries(props):
            if isinstance(value, (SequenceNode, MappingNode)) and not any(
                    True for _ in seed.calls(value)):
                candidates.append((key, pkey, value))
    for key, pkey, value in _pick(rng, candidates):
        yield _mutant(seed, 'container-to-scalar', seed.replace_node(value, 'just-a-string'),
                      [seed.line(pkey), seed.line(value)],
                      f'{key.value}.{pkey.value} -> just-a-string')


@kind('condition-arity')
def condition_arity(seed, rng):
    """A condition function given the wrong number of arguments."""
    candidates = [(fkey, args) for _, fkey, args in seed.calls(seed.get(seed.root, 'conditions'))
                  if fkey.value in ('equals', 'and', 'or') and isinstance(args, SequenceNode)
                  and len(args.value) >= 2]
    for fkey, args in _pick(rng, candidates, 1):
        first = seed.text[args.value[0].start_mark.index:seed.content_end(args.value[0])]
        if '\n' in first:
            continue
        yield _mutant(seed, 'condition-arity', seed.replace_node(args, f'[{first}]'),
                      [seed.line(fkey)], f'{fkey.value}: one argument')


@kind('yaql-syntax')
def yaql_syntax(seed, rng):
    """A yaql expression that does not parse."""
    candidates = []
    for _, fkey, args in _calls_of(seed, 'yaql'):
        expression = seed.get(args, 'expression')
        if isinstance(expression, ScalarNode) and expression.style in (None, "'", '"'):
            candidates.append((fkey, expression))
    for fkey, expression in _pick(rng, candidates, 1):
        yield _mutant(seed, 'yaql-syntax', seed.replace_node(expression, "'$.data.('"),
                      [seed.line(fkey), seed.line(expression)], 'yaql expression -> $.data.(')


#: another parameter type for each
OTHER_TYPE = {'string': 'number', 'number': 'boolean', 'boolean': 'number',
              'json': 'comma_delimited_list', 'comma_delimited_list': 'number'}


@kind('parameter-type-swap')
def parameter_type_swap(seed, rng):
    candidates = []
    for pkey, schema in seed.section('parameters'):
        ptype = seed.get(schema, 'type')
        if isinstance(ptype, ScalarNode) and ptype.value in OTHER_TYPE:
            candidates.append((pkey, ptype))
    for pkey, ptype in _pick(rng, candidates):
        new = OTHER_TYPE[ptype.value]
        yield _mutant(seed, 'parameter-type-swap', seed.replace_node(ptype, new),
                      [seed.line(ptype)], f'{pkey.value}.type {ptype.value} -> {new}')


@kind('output-value')
def output_value(seed, rng):
    for okey, body in _pick(rng, seed.section('outputs'), 1):
        entry = seed.entry(body, 'value')
        if entry is None:
            continue
        new = typo('value', rng)
        # the output lacks a value: its name is as right a place as the misspelt key
        yield _mutant(seed, 'output-value', seed.replace_node(entry[0], new),
                      [seed.line(okey), seed.line(entry[0])],
                      f'outputs.{okey.value}.value -> {new}')


@kind('condition-function-typo')
def condition_function_typo(seed, rng):
    candidates = [fkey for _, fkey, _ in seed.calls(seed.get(seed.root, 'conditions'))
                  if fkey.value in CONDITION_FUNCTIONS | {'get_param'}]
    for fkey in _pick(rng, candidates, 1):
        new = typo(fkey.value, rng)
        yield _mutant(seed, 'condition-function-typo', seed.replace_node(fkey, new),
                      [seed.line(fkey)], f'conditions: {fkey.value} -> {new}')


def _add_switch(seed: Seed, default: bool):
    """The seed's lines with a boolean parameter `hotls_switch` and a condition `hotls_on`
    added, and a function from a seed line (0-based) to its line in them; None when the
    template cannot take them (too old a version, a section written in flow style)."""
    if seed.version < '2016-10-14':
        return None
    resources = seed.entry(seed.root, 'resources')
    inserts: list[tuple[int, int, list[str]]] = []  # (seed line, order, lines)
    for order, (section, entry) in enumerate((
            ('parameters', ['hotls_switch:', '  type: boolean', f'  default: {str(default).lower()}']),
            ('conditions', ['hotls_on: {get_param: hotls_switch}']))):
        found = seed.entry(seed.root, section)
        if found is None:
            inserts.append((resources[0].start_mark.line, order,
                            [f'{section}:'] + ['  ' + line for line in entry]))
            continue
        key, body = found
        if not seed.starts_line(key):
            return None
        indent = seed.key_indent(body)
        if indent is None:
            if not (isinstance(body, ScalarNode) and body.value in ('', None)
                    and body.start_mark.line == key.start_mark.line):
                return None
            indent = key.start_mark.column + 2
        inserts.append((key.start_mark.line + 1, order, [' ' * indent + line for line in entry]))
    lines = list(seed.lines)
    for at, _, block in sorted(inserts, reverse=True):
        lines[at:at] = block

    def moved(row: int) -> int:
        return row + sum(len(block) for at, _, block in inserts if at <= row)
    return lines, moved


def _switched(seed, rng, name, default, taken_is_error):
    """An `if` on hotls_on whose branch (taken or not under the defaults) is undefined."""
    candidates = []
    for key, body, props in _properties(seed):
        for pkey, value in seed.entries(props):
            if isinstance(value, ScalarNode) and value.style is None and \
                    value.start_mark.line == pkey.start_mark.line == value.end_mark.line:
                candidates.append((key, pkey, value))
    for key, pkey, value in _pick(rng, candidates, 1):
        added = _add_switch(seed, default)
        if added is None:
            return
        lines, moved = added
        bad = '{get_param: hotls_undefined}'
        branches = f'{bad}, {value.value}' if taken_is_error else f'{value.value}, {bad}'
        at = moved(value.start_mark.line)
        col, end = value.start_mark.column, value.end_mark.column
        lines[at] = lines[at][:col] + f'{{if: [hotls_on, {branches}]}}' + lines[at][end:]
        yield _mutant(seed, name, '\n'.join(lines), [at + 1],
                      f'{key.value}.properties.{pkey.value}: if hotls_on (default {default})')


@kind('if-branch-taken')
def if_branch_taken(seed, rng):
    yield from _switched(seed, rng, 'if-branch-taken', True, True)


@kind('if-branch-not-taken')
def if_branch_not_taken(seed, rng):
    yield from _switched(seed, rng, 'if-branch-not-taken', True, False)


def _conditioned(seed, rng, name, default):
    """A resource given `condition: hotls_on` and a misspelled property."""
    for key, body, props in _pick(rng, _properties(seed), 1):
        indent = seed.key_indent(body)
        tkey = seed.entry(body, 'type')
        if indent is None or tkey is None or seed.get(body, 'condition') is not None \
                or not seed.starts_line(tkey[0]) or not seed.is_block(props):
            continue
        pkey, _ = rng.choice(seed.entries(props))
        if pkey.style is not None or pkey.start_mark.line <= tkey[0].start_mark.line:
            continue
        added = _add_switch(seed, default)
        if added is None:
            return
        lines, moved = added
        new = typo(pkey.value, rng)
        prow = moved(pkey.start_mark.line)
        col, end = pkey.start_mark.column, pkey.end_mark.column
        lines[prow] = lines[prow][:col] + new + lines[prow][end:]
        at = moved(seed.last_line(tkey[1])) + 1
        lines[at:at] = [' ' * indent + 'condition: hotls_on']
        # where Heat fails when it does not build the resource: the references to it
        users = [moved(node.start_mark.line) for _, node, how in _resource_references(seed)
                 if node.value == key.value and how != 'depends_on']
        users = [row + 1 if row >= at else row for row in users]
        yield _mutant(seed, name, '\n'.join(lines), [prow + 2] + [row + 1 for row in users],
                      f'{key.value} condition hotls_on (default {default}), {pkey.value} -> {new}')


@kind('condition-false-default')
def condition_false_default(seed, rng):
    yield from _conditioned(seed, rng, 'condition-false-default', False)


@kind('condition-true-default')
def condition_true_default(seed, rng):
    yield from _conditioned(seed, rng, 'condition-true-default', True)


# -- meaning-preserving ----------------------------------------------------------------------
@kind('reorder-resources', preserving=True)
def reorder_resources(seed, rng):
    resources = seed.get(seed.root, 'resources')
    items = seed.entries(resources)
    if not seed.is_block(resources) or len(items) < 2:
        return
    i = rng.randrange(len(items) - 1)
    (k1, v1), (k2, v2) = items[i], items[i + 1]
    if not (seed.starts_line(k1) and seed.starts_line(k2)):
        return
    a = seed.lines[k1.start_mark.line:k2.start_mark.line]
    b = seed.lines[k2.start_mark.line:seed.last_line(v2) + 1]
    text = '\n'.join(seed.lines[:k1.start_mark.line] + b + a + seed.lines[seed.last_line(v2) + 1:])
    yield _mutant(seed, 'reorder-resources', text, [], f'{k1.value} <-> {k2.value}')


@kind('quote-scalar', preserving=True)
def quote_scalar(seed, rng):
    candidates = []
    for key, body, props in _properties(seed):
        for _, value in seed.entries(props):
            candidates.extend(node for node in _literal_values(seed, value)
                              if isinstance(_typed(node), str) and "'" not in node.value
                              and '\n' not in node.value and node.start_mark.line == node.end_mark.line)
    for node in _pick(rng, candidates):
        yield _mutant(seed, 'quote-scalar', seed.replace_node(node, f"'{node.value}'"), [],
                      f'{node.value} quoted')


@kind('unused-parameter', preserving=True)
def unused_parameter(seed, rng):
    params = seed.entry(seed.root, 'parameters')
    resources = seed.entry(seed.root, 'resources')
    if params is None:
        at = resources[0].start_mark.line
        block = ['parameters:', '  hotls_unused:', '    type: string', '    default: unused']
    else:
        indent = seed.key_indent(params[1])
        if indent is None or not seed.starts_line(params[0]):
            return
        at = params[0].start_mark.line + 1
        block = [' ' * indent + line for line in ['hotls_unused:', '  type: string', '  default: unused']]
    yield _mutant(seed, 'unused-parameter', seed.insert_lines(at, block), [], 'hotls_unused added')


@kind('add-comment', preserving=True)
def add_comment(seed, rng):
    for key, body in _pick(rng, seed.resources(), 1):
        if not seed.starts_line(key):
            continue
        row = key.start_mark.line
        indent = ' ' * key.start_mark.column
        yield _mutant(seed, 'add-comment', seed.insert_lines(row, [indent + '# a comment: {get_param: x}']),
                      [], f'comment before {key.value}')


@kind('parameter-reference-swap')
def parameter_reference_swap(seed, rng):
    """`get_param: a` made `get_param: b`, another parameter of the template with a default
    (of another type when there is one): a copy-paste slip whose value may or may not fit.
    (One without a default would be judged on the oracle's placeholder value, which a
    create without -P never has.)"""
    types, valued = {}, set()
    for pkey, schema in seed.section('parameters'):
        ptype = seed.get(schema, 'type')
        if isinstance(pkey.value, str) and plain(pkey.value) and isinstance(ptype, ScalarNode):
            types[pkey.value] = ptype.value
            if seed.get(schema, 'default') is not None:
                valued.add(pkey.value)
    candidates = []
    for call, fkey, args in _calls_of(seed, 'get_param'):
        node = args.value[0] if isinstance(args, SequenceNode) and args.value else args
        if isinstance(node, ScalarNode) and node.value in types:
            candidates.append((call, node))
    for call, node in _pick(rng, candidates):
        others = sorted(name for name in valued if name != node.value)
        if not others:
            continue
        different = [name for name in others if types[name] != types[node.value]]
        new = rng.choice(different or others)
        # the call, the functions it is an argument of (where a value fails), the property
        lines = [seed.line(node)] + _enclosing_lines(seed, [call]) + [
            seed.line(outer) for outer, _, _ in seed.calls()
            if outer.start_mark.index <= call.start_mark.index < seed.content_end(outer)]
        yield _mutant(seed, 'parameter-reference-swap', seed.replace_node(node, new), lines,
                      f'get_param {node.value} ({types[node.value]}) -> {new} ({types[new]})')


@kind('resource-reference-swap')
def resource_reference_swap(seed, rng):
    """A reference to one resource made a reference to another resource of the template."""
    names = sorted(key.value for key, _ in seed.resources()
                   if isinstance(key.value, str) and plain(key.value))
    for owner, node, how in _pick(rng, _resource_references(seed)):
        others = [name for name in names if name not in (node.value, owner)]
        if not others:
            continue
        new = rng.choice(others)
        yield _mutant(seed, 'resource-reference-swap', seed.replace_node(node, new),
                      [seed.line(node)], f'{how} {node.value} -> {new}')


@kind('parameter-group-typo')
def parameter_group_typo(seed, rng):
    groups = seed.get(seed.root, 'parameter_groups')
    names = []
    for group in groups.value if isinstance(groups, SequenceNode) else []:
        members = seed.get(group, 'parameters')
        if isinstance(members, SequenceNode):
            names.extend(item for item in members.value
                         if isinstance(item, ScalarNode) and isinstance(item.value, str)
                         and plain(item.value))
    for node in _pick(rng, names, 1):
        new = typo(node.value, rng)
        yield _mutant(seed, 'parameter-group-typo', seed.replace_node(node, new),
                      [seed.line(node)], f'parameter_groups: {node.value} -> {new}')


#: common resource types, for a resource's type swapped for another that exists
COMMON_TYPES = ['OS::Nova::Server', 'OS::Neutron::Port', 'OS::Neutron::Net', 'OS::Neutron::Subnet',
                'OS::Cinder::Volume', 'OS::Heat::SoftwareConfig', 'OS::Heat::SoftwareDeployment',
                'OS::Heat::RandomString', 'OS::Heat::Value', 'OS::Heat::WaitCondition',
                'OS::Neutron::SecurityGroup', 'OS::Heat::ResourceGroup', 'OS::Heat::CloudConfig',
                'OS::Heat::StructuredConfig', 'OS::Neutron::FloatingIP', 'OS::Heat::MultipartMime']


@kind('resource-type-swap')
def resource_type_swap(seed, rng):
    """A resource's type replaced by another type Heat has: its properties, its attributes
    and what other resources and outputs read of it may no longer fit."""
    candidates = [(key, seed.get(body, 'type')) for key, body in seed.resources()
                  if seed.resource_type(body) in COMMON_TYPES]
    for key, tnode in _pick(rng, candidates, 1):
        new = rng.choice([t for t in COMMON_TYPES if t != tnode.value])
        yield _mutant(seed, 'resource-type-swap', seed.replace_node(tnode, new),
                      [seed.line(key), seed.line(tnode)] + [
                          seed.line(node) for owner, node, how in _resource_references(seed)
                          if node.value == key.value] + [
                          seed.line(k) for k, _ in seed.entries(
                              seed.get(dict(seed.resources())[key], 'properties'))],
                      f'{key.value}: {tnode.value} -> {new}')


@kind('version-upgrade')
def version_upgrade(seed, rng):
    """heat_template_version raised to the newest: what the newer versions change (removed
    functions, a 2-argument `if`, list_join and str_replace of maps...)."""
    node = seed.get(seed.root, 'heat_template_version')
    if seed.version == VERSIONS[-1] or node.style not in (None, "'", '"'):
        return
    yield _mutant(seed, 'version-upgrade', seed.replace_node(node, VERSIONS[-1]), [],
                  f'heat_template_version {seed.version} -> {VERSIONS[-1]}')


@kind('list-to-item')
def list_to_item(seed, rng):
    """A property's list written as its first item alone (`networks: {port: p}`)."""
    candidates = []
    for key, body, props in _properties(seed):
        for pkey, value in seed.entries(props):
            if isinstance(value, SequenceNode) and value.value and value.flow_style is False \
                    and isinstance(value.value[0], MappingNode) and value.value[0].flow_style:
                candidates.append((pkey, value))
            elif isinstance(value, SequenceNode) and value.flow_style and len(value.value) >= 1:
                candidates.append((pkey, value))
    for pkey, value in _pick(rng, candidates):
        first = value.value[0]
        text = seed.text[first.start_mark.index:seed.content_end(first)]
        if '\n' in text:
            continue
        yield _mutant(seed, 'list-to-item', seed.replace_node(value, text),
                      [seed.line(pkey), seed.line(value)], f'{pkey.value}: [{text}] -> {text}')


@kind('rename-resource', preserving=True)
def rename_resource(seed, rng):
    """A resource renamed, with every reference to it (get_resource, get_attr, depends_on)."""
    references = _resource_references(seed)
    names = {key.value for key, _ in seed.resources()}
    candidates = [key for key, _ in seed.resources()
                  if isinstance(key.value, str) and plain(key.value) and seed.starts_line(key)]
    for key in _pick(rng, candidates, 1):
        new = key.value + '_renamed'
        if new in names or new in {k.value for k, _ in seed.section('parameters')}:
            continue
        nodes = [key] + [node for _, node, _ in references if node.value == key.value]
        if len(nodes) == 1 and any(key.value in line for line in seed.lines[:key.start_mark.line]
                                   + seed.lines[key.start_mark.line + 1:]):
            continue  # named where the references above do not see (a list of depends_on...)
        text = seed.text
        for node in sorted(nodes, key=lambda n: n.start_mark.index, reverse=True):
            text = text[:node.start_mark.index] + new + text[node.end_mark.index:]
        yield _mutant(seed, 'rename-resource', text, [], f'{key.value} -> {new}')


@kind('get-attr-path')
def get_attr_path(seed, rng):
    """A path element appended to a get_attr ([r, attr] -> [r, attr, 0]): Heat selects in the
    attribute's value, which it does not know before the resource exists."""
    candidates = [(fkey, args) for _, fkey, args in _calls_of(seed, 'get_attr')
                  if isinstance(args, SequenceNode) and args.flow_style and len(args.value) == 2
                  and all(isinstance(a, ScalarNode) for a in args.value)]
    for fkey, args in _pick(rng, candidates):
        step = rng.choice(('0', 'name'))
        text = seed.text[args.start_mark.index:seed.content_end(args)]
        if not text.endswith(']'):
            continue
        new = text[:-1].rstrip() + f', {step}]'
        yield _mutant(seed, 'get-attr-path', seed.replace_node(args, new), [seed.line(fkey)],
                      f'get_attr {text} -> {new}')


def _literal_properties(seed: Seed) -> list[tuple[ScalarNode, ScalarNode, ScalarNode]]:
    """(resource key, property key, value) of each top-level property written as a plain
    scalar (not a block scalar), in resources of a type written as a name."""
    found = []
    for key, body, props in _properties(seed):
        for pkey, value in seed.entries(props):
            if isinstance(value, ScalarNode) and value.style not in ('|', '>') \
                    and isinstance(pkey.value, str):
                found.append((key, pkey, value))
    return found


def _other_resource(seed: Seed, rng: random.Random, name: str) -> str | None:
    names = [k.value for k, _ in seed.resources() if isinstance(k.value, str)
             and k.value != name and plain(k.value)]
    return rng.choice(names) if names else None


def _literal_to_reference(seed: Seed, rng: random.Random, name: str, form: str):
    """Each picked literal property value made `form` of another resource (`{other}` in it)."""
    for key, pkey, value in _pick(rng, _literal_properties(seed)):
        other = _other_resource(seed, rng, key.value)
        if other is None:
            continue
        new = form.format(other=other)
        yield _mutant(seed, name, seed.replace_node(value, new), [seed.line(pkey)],
                      f'{key.value}.{pkey.value}: {value.value!r} -> {new}')


#: the parameter type a literal of each Python type is declared as
_LITERAL_TYPES = {int: 'number', float: 'number', bool: 'boolean', str: 'string'}


@kind('literal-to-parameter', preserving=True)
def literal_to_parameter(seed, rng):
    """A literal property value moved into a new parameter of its type, as its default
    (number, boolean, string; a flow list of plain strings as a comma_delimited_list),
    the property given `get_param` of it: the same stack, the value now converted by the
    parameter's type first."""
    return _literal_to_parameter(seed, rng, 'literal-to-parameter', as_string=False)


@kind('literal-to-string-parameter')
def literal_to_string_parameter(seed, rng):
    """A number or boolean literal property value moved into a new string parameter (its
    text, quoted, as the default): Heat converts the string to the property's type, as it
    converts '5' to an integer and 'true' to a boolean."""
    return _literal_to_parameter(seed, rng, 'literal-to-string-parameter', as_string=True)


def _literal_to_parameter(seed, rng, kind_name: str, as_string: bool):
    candidates = []
    for key, body, props in _properties(seed):
        if not isinstance(key.value, str) or not plain(key.value):
            continue
        for pkey, value in seed.entries(props):
            if not isinstance(pkey.value, str) or not plain(pkey.value):
                continue
            if isinstance(value, ScalarNode) and value.style not in ('|', '>') \
                    and value.start_mark.line == value.end_mark.line:
                ptype = _LITERAL_TYPES.get(type(_typed(value)))
            elif isinstance(value, SequenceNode) and value.flow_style and value.value \
                    and all(isinstance(item, ScalarNode) and isinstance(_typed(item), str)
                            and plain(item.value) for item in value.value):
                ptype = 'comma_delimited_list'
            else:
                continue
            if as_string:
                if ptype not in ('number', 'boolean'):
                    continue
                ptype = 'string'
            if ptype is not None:
                candidates.append((key, pkey, value, ptype))
    resources = seed.entry(seed.root, 'resources')
    params = seed.entry(seed.root, 'parameters')
    for key, pkey, value, ptype in _pick(rng, candidates):
        name = f'hotls_{key.value}_{pkey.value}'.replace('-', '_')
        default = seed.text[value.start_mark.index:seed.content_end(value)]
        if as_string and value.style not in ('"', "'"):
            default = f"'{default}'"
        entry = [f'{name}:', f'  type: {ptype}', f'  default: {default}']
        if params is None:
            at, block = resources[0].start_mark.line, ['parameters:'] + ['  ' + e for e in entry]
        else:
            indent = seed.key_indent(params[1])
            if indent is None or not seed.starts_line(params[0]):
                return
            at, block = params[0].start_mark.line + 1, [' ' * indent + e for e in entry]
        if value.start_mark.line < at:
            continue
        replaced = seed.replace_node(value, f'{{get_param: {name}}}').split('\n')
        text = '\n'.join(replaced[:at] + block + replaced[at:])
        yield _mutant(seed, kind_name, text, [seed.line(pkey) + len(block)],
                      f'{key.value}.{pkey.value}: {default} -> parameter {name} ({ptype})')


@kind('literal-to-get-attr')
def literal_to_get_attr(seed, rng):
    """A literal property value made an attribute of another resource (`show`, which every
    type has): None when Heat validates, so its checks skip it; only a cycle it makes, or
    a property that takes no value of its kind, is refused before anything is created."""
    return _literal_to_reference(seed, rng, 'literal-to-get-attr', '{{get_attr: [{other}, show]}}')


@kind('literal-to-get-resource')
def literal_to_get_resource(seed, rng):
    """A literal property value made `get_resource` of another resource: its name (None for
    Neutron's types) when Heat validates, checked against the property's type and
    constraints."""
    return _literal_to_reference(seed, rng, 'literal-to-get-resource',
                                 '{{get_resource: {other}}}')


#: each type's properties that Heat translates from a deprecated one at the top level
#: (the Replace rules of hot_ls/data/property_rules.json): {type: {property: deprecated}}
TRANSLATED = {
    'OS::Neutron::Port': {'network': 'network_id'},
    'OS::Neutron::Subnet': {'network': 'network_id'},
    'OS::Neutron::FloatingIP': {'floating_network': 'floating_network_id'},
    'OS::Neutron::RouterInterface': {'router': 'router_id', 'subnet': 'subnet_id',
                                     'port': 'port_id'},
    'OS::Neutron::RouterGateway': {'network': 'network_id'},
    'OS::Neutron::VPNService': {'subnet': 'subnet_id', 'router': 'router_id'},
    'OS::Cinder::Volume': {'image': 'imageRef'},
}


@kind('translated-property-name', preserving=True)
def translated_property_name(seed, rng):
    """A property written under the deprecated name Heat translates it from (Port's
    `network` as `network_id`), or the other way round: the same stack."""
    candidates = []
    for key, body, props in _properties(seed):
        rtype = seed.get(body, 'type')
        names = TRANSLATED.get(rtype.value if isinstance(rtype, ScalarNode) else None, {})
        written = {k.value for k, _ in seed.entries(props)}
        for pkey, _ in seed.entries(props):
            other = names.get(pkey.value) or next(
                (new for new, old in names.items() if old == pkey.value), None)
            if other is not None and other not in written and pkey.style in (None, ''):
                candidates.append((key, pkey, other))
    for key, pkey, other in _pick(rng, candidates):
        yield _mutant(seed, 'translated-property-name', seed.replace_node(pkey, other), [],
                      f'{key.value}.properties.{pkey.value} -> {other}')


@kind('get-attr-all')
def get_attr_all(seed, rng):
    """`get_attr: [r, attr]` made `get_attr: [r]`: every attribute (from 2015-10-15; an
    error before)."""
    candidates = [(fkey, args) for _, fkey, args in _calls_of(seed, 'get_attr')
                  if isinstance(args, SequenceNode) and args.flow_style and len(args.value) == 2
                  and isinstance(args.value[0], ScalarNode)]
    for fkey, args in _pick(rng, candidates, 1):
        first = seed.text[args.value[0].start_mark.index:args.value[0].end_mark.index]
        yield _mutant(seed, 'get-attr-all', seed.replace_node(args, f'[{first}]'),
                      [seed.line(fkey)], f'get_attr [{first}, ...] -> [{first}]')


@kind('flow-properties', preserving=True)
def flow_properties(seed, rng):
    """A resource's block properties written as one flow mapping (the same data)."""
    candidates = []
    for key, body, props in _properties(seed):
        if seed.is_block(props) and all(isinstance(v, ScalarNode) and v.style is None
                                        and '\n' not in str(v.value) and
                                        v.start_mark.line == v.end_mark.line
                                        and isinstance(k.value, str)
                                        for k, v in props.value):
            candidates.append(props)
    for props in _pick(rng, candidates, 1):
        pairs = []
        for k, v in props.value:
            value = seed.text[v.start_mark.index:v.end_mark.index]
            if any(c in value for c in ',{}[]#') or value.startswith(('&', '*', '!', "'", '"')):
                break
            pairs.append(f'{k.value}: {value}')
        else:
            start = props.start_mark.index
            line_start = seed.text.rfind('\n', 0, start) + 1
            before = seed.text[line_start:start]
            if before.strip():
                continue
            prev_end = seed.text.rfind('\n', 0, line_start - 1)
            text = seed.text[:line_start - 1] + ' {' + ', '.join(pairs) + '}' + \
                seed.text[seed.content_end(props):]
            if not seed.text[prev_end + 1:line_start - 1].rstrip().endswith('properties:'):
                continue
            yield _mutant(seed, 'flow-properties', text, [], 'properties in flow style')


@kind('move-section', preserving=True)
def move_section(seed, rng):
    """The template's last top-level section moved to the top (after the version)."""
    entries = seed.entries(seed.root)
    if len(entries) < 3 or not seed.is_block(seed.root):
        return
    key, value = entries[-1]
    if key.value == 'heat_template_version' or not seed.starts_line(key) or key.start_mark.column:
        return
    block = seed.lines[key.start_mark.line:seed.last_line(value) + 1]
    rest = seed.lines[:key.start_mark.line] + seed.lines[seed.last_line(value) + 1:]
    version = next((i for i, line in enumerate(rest)
                    if line.lstrip('\ufeff').startswith('heat_template_version')), None)
    if version is None:  # (written inside a flow mapping, say)
        return
    text = '\n'.join(rest[:version + 1] + block + rest[version + 1:])
    yield _mutant(seed, 'move-section', text, [], f'{key.value} moved up')


# -- the environment kinds: the seed unchanged, created with one environment file ----------
def _env_mutant(seed: Seed, name: str, environment: dict | str, lines, note: str) -> Mutant:
    text = environment if isinstance(environment, str) else \
        yaml.safe_dump(environment, default_flow_style=False, sort_keys=False)
    return Mutant(seed.name, name, seed.text, tuple(sorted(set(lines))), note,
                  name in PRESERVING, environment=text)


def _declared(seed: Seed) -> list[tuple[ScalarNode, MappingNode, str, Node | None]]:
    """(name, schema, type, default) of each parameter with a type."""
    found = []
    for pkey, schema in seed.section('parameters'):
        ptype = seed.get(schema, 'type')
        if isinstance(pkey.value, str) and isinstance(ptype, ScalarNode) \
                and ptype.value in WRONG_DEFAULTS:
            found.append((pkey, schema, ptype.value, seed.get(schema, 'default')))
    return found


def _plain_value(node: Node | None):
    return yaml.safe_load(yaml.serialize(node)) if node is not None else None


#: a value no conversion to the type accepts (strings, as `-e` files often hold them)
WRONG_VALUES = {'number': ['not-a-number', [1]], 'boolean': ['maybe', {'a': 'b'}],
                'json': ['{not json', '[1, 2'], 'comma_delimited_list': [{'a': 'b'}, 5]}


def _env_typo(seed: Seed, rng: random.Random, name: str, section: str) -> Iterator[Mutant]:
    """A value for a misspelt parameter name under an environment's `section`."""
    declared = {pkey.value for pkey, *_ in _declared(seed)}
    for pkey, _, _, default in _pick(rng, _declared(seed), 1):
        typo_name = typo(pkey.value, rng)
        if typo_name in declared:
            continue
        value = _plain_value(default) if default is not None else 'x'
        yield _env_mutant(seed, name, {section: {typo_name: value}}, [],
                          f'-e {section}: {typo_name}')


@kind('env-parameter-typo')
def env_parameter_typo(seed, rng):
    yield from _env_typo(seed, rng, 'env-parameter-typo', 'parameters')


@kind('env-defaults-typo')
def env_defaults_typo(seed, rng):
    """(Heat accepts any name under parameter_defaults: nested stacks may read it.)"""
    yield from _env_typo(seed, rng, 'env-defaults-typo', 'parameter_defaults')


@kind('env-section-typo')
def env_section_typo(seed, rng):
    params = _declared(seed)
    if not params:
        return
    pkey, _, _, default = rng.choice(params)
    section = rng.choice(('parameters', 'parameter_defaults', 'resource_registry'))
    new = typo(section, rng)
    body = {pkey.value: _plain_value(default) if default is not None else 'x'} \
        if section != 'resource_registry' else {'OS::HotLs::Nothing': 'OS::Heat::None'}
    yield _env_mutant(seed, 'env-section-typo', {new: body}, [], f'-e {section} -> {new}')


@kind('env-value-type')
def env_value_type(seed, rng):
    candidates = [p for p in _declared(seed) if p[2] in WRONG_VALUES]
    for pkey, _, ptype, _ in _pick(rng, candidates):
        value = rng.choice(WRONG_VALUES[ptype])
        section = rng.choice(('parameters', 'parameter_defaults'))
        yield _env_mutant(seed, 'env-value-type', {section: {pkey.value: value}},
                          [seed.line(pkey)], f'-e {section}: {pkey.value} ({ptype}) = {value!r}')


def _breaking_value(seed: Seed, ptype: str, constraint: Node):
    """A value of the type that breaks this constraint, or None."""
    allowed = seed.get(constraint, 'allowed_values')
    if isinstance(allowed, SequenceNode):
        return 12345 if ptype == 'number' else 'not-an-allowed-value'
    bounds = seed.get(constraint, 'range')
    high = seed.get(bounds, 'max') if bounds is not None else None
    if ptype == 'number' and isinstance(high, ScalarNode):
        value = _typed(high)
        return value + 1 if isinstance(value, (int, float)) and not isinstance(value, bool) else None
    length = seed.get(constraint, 'length')
    longest = seed.get(length, 'max') if length is not None else None
    if isinstance(longest, ScalarNode) and ptype in ('string', 'comma_delimited_list'):
        size = _typed(longest)
        if isinstance(size, int) and not isinstance(size, bool) and size < 300:
            return 'x' * (size + 1) if ptype == 'string' else ['x'] * (size + 1)
    if seed.get(constraint, 'allowed_pattern') is not None and ptype == 'string':
        return '@@ no pattern @@'
    return None


@kind('env-value-constraint')
def env_value_constraint(seed, rng):
    candidates = []
    for pkey, schema, ptype, _ in _declared(seed):
        constraints = seed.get(schema, 'constraints')
        if isinstance(constraints, SequenceNode):
            for constraint in constraints.value:
                value = _breaking_value(seed, ptype, constraint)
                if value is not None:
                    candidates.append((pkey, value))
    for pkey, value in _pick(rng, candidates):
        section = rng.choice(('parameters', 'parameter_defaults'))
        shown = value if not isinstance(value, (str, list)) or len(value) < 20 else f'{len(value)} long'
        yield _env_mutant(seed, 'env-value-constraint', {section: {pkey.value: value}},
                          [seed.line(pkey)], f'-e {section}: {pkey.value} = {shown!r}')


def _other_value(seed: Seed, schema: Node, ptype: str, default: Node | None):
    """A different value the parameter's constraints allow (the template evaluated under
    another input), or None."""
    current = _plain_value(default)
    constraints = seed.get(schema, 'constraints')
    for constraint in constraints.value if isinstance(constraints, SequenceNode) else []:
        allowed = seed.get(constraint, 'allowed_values')
        if isinstance(allowed, SequenceNode):
            others = [_plain_value(item) for item in allowed.value
                      if _plain_value(item) != current and isinstance(item, ScalarNode)]
            return others[0] if others else None
        bounds = seed.get(constraint, 'range')
        if ptype == 'number' and bounds is not None:
            low = seed.get(bounds, 'min')
            value = _typed(low) if isinstance(low, ScalarNode) else None
            return value if value != current else None
    if ptype == 'boolean':
        return not bool(current) if isinstance(current, bool) else True
    if ptype == 'number' and current is None:
        return 3
    if ptype == 'comma_delimited_list' and current is None:
        return 'a,b'
    return None


@kind('env-value-other')
def env_value_other(seed, rng):
    candidates = []
    for pkey, schema, ptype, default in _declared(seed):
        value = _other_value(seed, schema, ptype, default)
        if value is not None:
            candidates.append((pkey, value))
    for pkey, value in _pick(rng, candidates):
        section = rng.choice(('parameters', 'parameter_defaults'))
        yield _env_mutant(seed, 'env-value-other', {section: {pkey.value: value}}, [],
                          f'-e {section}: {pkey.value} = {value!r}')


@kind('env-fill-parameters')
def env_fill_parameters(seed, rng):
    """Every parameter without a default given the value the oracle's create path gives it
    (placeholders.py): what hot-ls left unknown, evaluated with the values Heat was judged
    with."""
    from placeholders import placeholder_values
    tmpl = yaml.safe_load(seed.text)
    values = placeholder_values(tmpl, {}) if isinstance(tmpl, dict) else {}
    values = {name: value for name, value in values.items() if isinstance(name, str)}
    if values:
        section = rng.choice(('parameters', 'parameter_defaults'))
        yield _env_mutant(seed, 'env-fill-parameters', {section: values}, [],
                          f'-e {section}: {len(values)} parameters without a default')


@kind('env-registry-none')
def env_registry_none(seed, rng):
    candidates = [(key, seed.resource_type(body)) for key, body in seed.resources()
                  if isinstance(key.value, str) and seed.resource_type(body)
                  and '::' in seed.resource_type(body)]
    for key, rtype in _pick(rng, candidates, 1):
        if rng.random() < 0.5:
            registry = {'resources': {key.value: {rtype: 'OS::Heat::None'}}}
            note = f'-e resource_registry: {key.value} is OS::Heat::None'
        else:
            registry = {rtype: 'OS::Heat::None'}
            note = f'-e resource_registry: {rtype} is OS::Heat::None'
        yield _env_mutant(seed, 'env-registry-none', {'resource_registry': registry}, [], note)


@kind('env-registry-typo')
def env_registry_typo(seed, rng):
    candidates = [(key, seed.resource_type(body)) for key, body in seed.resources()
                  if seed.resource_type(body) and seed.resource_type(body).startswith('OS::')]
    for key, rtype in _pick(rng, candidates, 1):
        new = typo(rtype, rng)
        body = dict(seed.resources())[key]
        yield _env_mutant(seed, 'env-registry-typo', {'resource_registry': {rtype: new}},
                          [seed.line(key), seed.line(seed.get(body, 'type'))],
                          f'-e resource_registry: {rtype}: {new}')


def mutants(name: str, text: str, kinds: list[str] | None = None) -> list[Mutant]:
    """Every mutant of one seed (deterministic), of the given kinds (all by default)."""
    seed = Seed(name, text)
    found = []
    seen = {(text, None)}
    for kind_name, generate in KINDS.items():
        if kinds and kind_name not in kinds:
            continue
        rng = random.Random(f'{name}:{kind_name}')
        for mutant in generate(seed, rng):
            if (mutant.text, mutant.environment) in seen:
                continue
            seen.add((mutant.text, mutant.environment))
            found.append(mutant)
    return found
