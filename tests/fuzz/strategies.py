"""Hypothesis strategies: Heat-flavoured text, and grammar-aware mutations of real templates.

`heat_text` strings together the tokens templates are made of (sections,
function names, anchors, aliases, tags, flow and block punctuation,
indentation, odd scalars) so that the parser and the rules meet almost-
templates rather than noise.  `mutated_template` takes a corpus template,
finds its nodes with hot-ls's own parser (every node knows its span) and
rewrites the text at them: swap two nodes, delete or duplicate an entry,
retype a value, break an indentation, add anchors, aliases and tags,
insert awkward unicode.
"""
from __future__ import annotations

import functools
import os

from hypothesis import strategies as st

from helpers import CORPUS
from hot_ls.syntax import Mapping, Scalar, Sequence, parse

TOKENS = [
    'heat_template_version: 2021-04-16\n', 'heat_template_version: 2013-05-23\n',
    'heat_template_version: wallaby\n', 'HeatTemplateFormatVersion: 2012-12-12\n',
    'AWSTemplateFormatVersion: 2010-09-09\n', 'parameters:\n', 'resources:\n', 'outputs:\n',
    'conditions:\n', 'parameter_groups:\n', 'resource_registry:\n', 'parameter_defaults:\n',
    'description: ', 'type: ', 'properties:\n', 'value: ', 'default: ', 'condition: ',
    'depends_on: ', 'OS::Heat::None', 'OS::Nova::Server', 'OS::Heat::RandomString',
    'OS::Nova::Flavor', 'OS::Heat::ResourceGroup', 'nested.yaml', 'string', 'number', 'json',
    'comma_delimited_list', 'boolean', '{get_param: ', '{get_resource: ', '{get_attr: [',
    '{get_file: ', '{str_replace: {template: ', '{list_join: [', '{repeat: {for_each: ',
    '{if: [', '{equals: [', '{not: ', '{and: [', '{or: [', '{yaql: {expression: ',
    '{map_merge: [', '{list_concat: [', '{str_split: [', '{digest: [', '{contains: [',
    '{filter: [', '{make_url: {', '{Fn::Select: [', '{Ref: ', 'params: ', 'template: ',
    'length: ', 'disk: ', 'ram: ', 'constraints:\n', '- range: {min: ', '- length: {max: ',
    '- allowed_values: [', '- allowed_pattern: ', '- custom_constraint: ',
    '&a ', '&b ', '*a', '*b', '<<: ', '!!str ', '!!int ', '!!binary ', '!!python/object ',
    '! ', '? ', '%YAML 1.1\n', '---\n', '...\n', '# hot-ls: disable=HOT104\n', '# c\n',
    '{', '}', '[', ']', ', ', ': ', '- ', '\n', '\n  ', '\n    ', '\n      ', '\t', ' ',
    '|\n  ', '>-\n  ', '"', "'", '\\', '.inf', '-.inf', '.nan', '~', 'null', 'yes', 'no',
    '0x1F', '0o17', '1e400', '-0', '1_000', '2021-04-16', '12:30:00', 'r', 'p', 'x', 'name',
    '"%index%"', '<%a%>', '$.data', '日本語', '😀', '\u2028', '\x85', '\ufeff', '\x00', '\r\n',
]

heat_text = st.lists(st.sampled_from(TOKENS), max_size=60).map(''.join)

#: any unicode, lone surrogates included (an editor's buffer may hold them)
any_text = st.text(st.one_of(st.characters(codec=None, exclude_categories=()),
                             st.sampled_from(['\ud800', '\udfff', '\x00', '\ufeff'])),
                   max_size=400)

REPLACEMENTS = ['[]', '{}', '~', '1', '-1', '.inf', '-.inf', '.nan', '1e400', '"x"', 'yes',
                '[1, {a: b}]', '{get_param: [p, 0]}', '{get_attr: []}', '{if: [c]}',
                '{repeat: 3}', '{str_replace: x}', '{yaql: {}}', '{list_join: [1]}',
                '{get_resource: [x]}', '!!binary aGk=', '*nope', '{Fn::Select: 1}',
                '{get_file: "https://example.invalid/x"}', '{get_file: /etc/passwd}',
                '{get_file: ../../../etc/passwd}', '!!str', '? [a]', '&x', '|\n', '"\\ud800"']
UNICODE = ['😀', '\u200f', '\u202e', '\ufeff', '\u2028', '\x85', '\x00', '\t', '\r',
           'é', 'ǅ', '\U0010ffff', '\ud800']


@functools.lru_cache(maxsize=None)
def corpus_templates(limit_bytes: int = 60_000) -> tuple[str, ...]:
    """The corpus' HOT templates (not Jinja sources) up to `limit_bytes`, sorted."""
    found = []
    for dirpath, dirnames, filenames in os.walk(CORPUS):
        dirnames.sort()
        for name in sorted(filenames):
            path = os.path.join(dirpath, name)
            if name.endswith(('.yaml', '.yml')) and '.j2.' not in name \
                    and os.path.getsize(path) <= limit_bytes:
                found.append(path)
    return tuple(found)


@functools.lru_cache(maxsize=64)
def _read(path: str) -> tuple[str, tuple]:
    with open(path, encoding='utf-8', errors='surrogateescape') as fh:
        text = fh.read()
    return text, tuple(_nodes(parse(text).root))


def _nodes(root):
    """Every (node, parent kind, is a value) of the tree, iteratively, each shared node once."""
    out = []
    stack = [(root, None)] if root is not None else []
    seen = set()
    while stack:
        node, parent = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        out.append((node, parent))
        if isinstance(node, Mapping):
            for pair in node.pairs:
                stack.append((pair.value, 'mapping'))
        elif isinstance(node, Sequence):
            stack.extend((item, 'sequence') for item in node.items)
    return out


def _line_bounds(text: str, offset: int) -> tuple[int, int]:
    start = text.rfind('\n', 0, offset) + 1
    end = text.find('\n', offset)
    return start, (len(text) if end < 0 else end + 1)


@st.composite
def mutated_template(draw, paths: tuple[str, ...] | None = None) -> tuple[str, str]:
    """(path, text): a corpus template with 1 to 4 grammar-aware mutations."""
    paths = paths or corpus_templates()
    path = draw(st.sampled_from(paths))
    text, nodes = _read(path)
    for _ in range(draw(st.integers(1, 4))):
        if not nodes:
            break
        node, _parent = draw(st.sampled_from(nodes))
        start, end = min(node.start, len(text)), min(node.end, len(text))
        action = draw(st.sampled_from(['swap', 'delete', 'duplicate', 'retype', 'indent',
                                       'anchor', 'alias', 'tag', 'unicode']))
        if action == 'swap':
            other, _ = draw(st.sampled_from(nodes))
            a, b = sorted([(start, end), (min(other.start, len(text)), min(other.end, len(text)))])
            if a[1] <= b[0]:
                text = (text[:a[0]] + text[b[0]:b[1]] + text[a[1]:b[0]] + text[a[0]:a[1]]
                        + text[b[1]:])
        elif action == 'delete':
            line_start, line_end = _line_bounds(text, start)
            text = text[:line_start] + text[max(line_end, end):]
        elif action == 'duplicate':
            line_start, line_end = _line_bounds(text, start)
            block = text[line_start:max(line_end, end)]
            text = text[:line_start] + block + block + text[line_start:][len(block):]
        elif action == 'retype':
            text = text[:start] + draw(st.sampled_from(REPLACEMENTS)) + text[end:]
        elif action == 'indent':
            line_start, _ = _line_bounds(text, start)
            shift = draw(st.sampled_from([' ', '  ', '\t', '- ', '   - ', None]))
            rest = text[line_start:]
            text = text[:line_start] + (rest.lstrip(' ') if shift is None else shift + rest)
        elif action == 'anchor':
            name = draw(st.sampled_from(['a', 'b', 'x']))
            text = text[:start] + f'&{name} ' + text[start:]
        elif action == 'alias':
            name = draw(st.sampled_from(['a', 'b', 'x']))
            if isinstance(node, Scalar):
                text = text[:start] + f'*{name}' + text[end:]
            else:
                text = text[:start] + f'&{name} ' + text[start:end] + text[end:].replace(
                    '\n', f'\n# *{name}\n', 1)
        elif action == 'tag':
            tag = draw(st.sampled_from(['!!str ', '!!int ', '!!map ', '!!seq ', '!!binary ',
                                        '!custom ', '!!python/name:os.system ', '! ']))
            text = text[:start] + tag + text[start:]
        else:
            where = draw(st.integers(0, len(text)))
            text = text[:where] + draw(st.sampled_from(UNICODE)) + text[where:]
    return path, text
