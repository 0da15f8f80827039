"""What kind of document a file is: HOT template, CFN template, environment, or something else."""
from __future__ import annotations

import enum
import re

from hot_ls.syntax import Mapping, SyntaxTree

ENVIRONMENT_SECTIONS = ('parameters', 'resource_registry', 'parameter_defaults',
                        'encrypted_param_names', 'event_sinks', 'parameter_merge_strategies')
_ENV_ONLY_SECTIONS = frozenset(ENVIRONMENT_SECTIONS) - {'parameters'}
_HOT_HINT_SECTIONS = frozenset(('resources', 'outputs', 'parameter_groups', 'conditions'))
#: HOT's top-level sections: a `description` shows a HOT template only among these (a
#: package.json, a chart's or a playbook's metadata has a description too)
_HOT_SECTIONS = frozenset(('heat_template_version', 'description', 'parameter_groups',
                           'parameters', 'resources', 'outputs', 'conditions'))
CFN_VERSION_KEYS = ('AWSTemplateFormatVersion', 'HeatTemplateFormatVersion')
_JINJA = re.compile(r'\{%|\{\{|\{#')
# What shows a text is meant as Heat even when it does not parse as a template: a version
# key or an environment-only section written as a key, or a Heat resource type.
_HEAT_HINTS = re.compile(
    r'^[ \t{-]*["\']?(?:heat_template_version|HeatTemplateFormatVersion|AWSTemplateFormatVersion'
    r'|resource_registry|parameter_defaults)["\']?[ \t]*:'
    r'|\b(?:OS|AWS)::[A-Za-z0-9]+::[A-Za-z0-9]', re.MULTILINE)


class Kind(str, enum.Enum):
    HOT = 'hot'
    CFN = 'cfn'
    ENVIRONMENT = 'environment'
    JINJA = 'jinja'
    NOT_MAPPING = 'not-mapping'
    EMPTY = 'empty'
    UNKNOWN = 'unknown'
    BROKEN = 'broken'  # YAML so broken that nothing of it can be read
    OTHER = 'other'    # not YAML, or not a mapping, and nothing in it looks like Heat

    @property
    def is_heat_document(self) -> bool:
        """Whether the file is reported on when `hot-ls check DIR` finds it, and gets
        diagnostics and completion in the editor."""
        return self in (Kind.HOT, Kind.CFN, Kind.ENVIRONMENT, Kind.JINJA, Kind.BROKEN,
                        Kind.NOT_MAPPING)


# What shows a YAML list or scalar (text that parses) is meant as Heat: a version key or an
# environment-only section, or a resource's `type:` naming a Heat type.  A type named
# elsewhere is not enough: TripleO's roles_data.yaml lists its roles' services
# (`ServicesDefault: [OS::TripleO::Services::Kernel, ...]`) and is no Heat document.
_STRUCTURE_HINTS = re.compile(
    r'^[ \t{-]*["\']?(?:heat_template_version|HeatTemplateFormatVersion|AWSTemplateFormatVersion'
    r'|resource_registry|parameter_defaults)["\']?[ \t]*:'
    r'|\b["\']?[Tt]ype["\']?[ \t]*:[ \t]*["\']?(?:OS|AWS)::[A-Za-z0-9]+::[A-Za-z0-9]',
    re.MULTILINE)


#: top-level keys of other formats that have `resources` or `parameters` sections too: a
#: Kubernetes object or a Kustomization (apiVersion and kind), an Azure Resource Manager
#: template ($schema, contentVersion)
_FOREIGN_PAIRS = (frozenset(('apiVersion', 'kind')),)
_FOREIGN_KEYS = frozenset(('$schema', 'contentVersion'))


def _foreign(keys) -> bool:
    """Whether a mapping without a version key is a document of another format."""
    return any(key in keys for key in _FOREIGN_KEYS) or \
        any(all(key in keys for key in pair) for pair in _FOREIGN_PAIRS)


def has_heat_hints(text: str) -> bool:
    """Whether a text that is no template as it stands shows it is meant as one."""
    return _HEAT_HINTS.search(text) is not None


def is_jinja_path(path: str | None) -> bool:
    return bool(path) and ('.j2.' in path.rsplit('/', 1)[-1] or path.endswith('.j2'))


def _jinja_markup(text: str) -> bool:
    """Whether Jinja2 markup stands where YAML reads structure: a delimiter that begins a
    node (a line's first text, a value after `: ` or `- `, an item of a flow collection),
    outside quoted strings and block scalars.

    Text in a scalar is text to YAML: a template whose Ansible tasks say
    `ln -s {{ file }} /lib/...` in a plain or block scalar, and that does
    not parse, is a broken template, not a Jinja2 source; `{% for %}` on a
    line of its own, `{{ role.name }}Server:` or `type: {{ role.type }}` are
    what only a Jinja2 renderer reads.  (Only the delimiters are looked at,
    each with the lines above it: this runs on every keystroke that leaves a
    syntax error.)
    """
    for match in _JINJA.finditer(text):
        line_start = text.rfind('\n', 0, match.start()) + 1
        before = text[line_start:match.start()]
        if before.count('"') % 2 or before.count("'") % 2:
            continue  # inside a quoted string
        if _NODE_START.search(before) and not _in_block_scalar(text, line_start):
            return True
    return False


def _in_block_scalar(text: str, line_start: int) -> bool:
    """Whether the line at `line_start` is the content of a block scalar: a line above it,
    less indented than every line between, opens one (`key: |`)."""
    line_end = text.find('\n', line_start)
    line = text[line_start:line_end if line_end >= 0 else len(text)]
    indent = len(line) - len(line.lstrip(' '))
    end = line_start - 1  # the newline ending the line above
    while end >= 0 and indent > 0:
        start = text.rfind('\n', 0, end) + 1
        above = text[start:end]
        stripped = above.lstrip(' ')
        if stripped.strip():
            above_indent = len(above) - len(stripped)
            if above_indent < indent:
                if _BLOCK_SCALAR.search(above) and above.count('"') % 2 == 0 \
                        and above.count("'") % 2 == 0:
                    return True
                indent = above_indent
        end = start - 1
    return False


#: What may precede a delimiter that begins a node: nothing but indentation and sequence
#: dashes, or a key's `: `, or a flow collection's `[`, `{` or `,`.
_NODE_START = re.compile(r'(?:^[ \t]*(?:-[ \t]+)*|:[ \t]+|[\[{,][ \t]*)$')
#: A line that opens a block scalar (`key: |`, `- >-`, `run: |2  # comment`).
_BLOCK_SCALAR = re.compile(r'(?:^|[:\-][ \t]+|^[ \t]*)[|>][0-9+\-]*[ \t]*(?:#.*)?$')


def classify(tree: SyntaxTree, path: str | None = None, heat: bool = False) -> Kind:
    """Decide what a parsed document is.

    A mapping with `heat_template_version` (or HOT-only sections) is a HOT
    template; one with a CFN version key is a CFN template; one whose keys
    are all environment sections is an environment.  What is none of those
    is a Heat document only when its text shows it is meant as one
    (`has_heat_hints`): a file that does not parse and holds Jinja2
    markup where YAML reads structure is then a Jinja2 source (a broken
    template whose Ansible strings say "{{ item }}", quoted or not, is
    still a broken template: `_jinja_markup`), one that does not parse at all
    BROKEN, one that is not a mapping NOT_MAPPING; without such hints it is
    OTHER (a Helm chart, an Ansible playbook, notes).  A `*.j2.yaml` file is
    a Jinja2 source whatever it holds (TripleO's convention; its content may
    be a bare `{% include %}`).  `heat`: the
    settings say the file is a Heat document whatever its content (`include`):
    it is read as if it showed the hints, and a mapping of unknown keys is a
    HOT template.
    """
    if is_jinja_path(path):
        return Kind.JINJA
    hinted = heat or has_heat_hints(tree.text)
    if tree.syntax_errors and _jinja_markup(tree.text):
        return Kind.JINJA if hinted else Kind.OTHER
    root = tree.root
    if root is None or (hasattr(root, 'value') and root.value is None and not tree.syntax_errors):
        if not tree.syntax_errors:
            return Kind.EMPTY
        return Kind.BROKEN if hinted else Kind.OTHER
    if not isinstance(root, Mapping):
        shows = heat or (hinted and (bool(tree.syntax_errors)
                                     or _STRUCTURE_HINTS.search(tree.text) is not None))
        return Kind.NOT_MAPPING if shows else Kind.OTHER
    keys = root.index
    if not keys:
        if tree.skimmed:  # too large to parse, and no top-level key of Heat's in it
            return Kind.HOT if heat else Kind.OTHER
        return Kind.EMPTY
    kind = _mapping_kind(keys)
    if kind is Kind.UNKNOWN and tree.syntax_errors and not hinted:
        return Kind.OTHER  # text that does not parse, of which only odd keys were read
    if kind is Kind.UNKNOWN and (heat or (hinted and tree.syntax_errors)):
        return Kind.HOT
    return kind


def _mapping_kind(keys) -> Kind:
    if 'heat_template_version' in keys:
        return Kind.HOT
    if any(key in keys for key in CFN_VERSION_KEYS):
        return Kind.CFN
    if _foreign(keys):
        return Kind.UNKNOWN
    string_keys = [key for key in keys if isinstance(key, str)]
    if string_keys and len(string_keys) == len(keys):
        if all(key in ENVIRONMENT_SECTIONS for key in string_keys):
            return Kind.ENVIRONMENT
        if any(key in _HOT_HINT_SECTIONS for key in string_keys) or (
                'description' in keys and all(key in _HOT_SECTIONS for key in string_keys)):
            return Kind.HOT
        if any(key in _ENV_ONLY_SECTIONS for key in string_keys):
            return Kind.ENVIRONMENT
        if 'Resources' in keys or 'Parameters' in keys:
            return Kind.CFN
    return Kind.UNKNOWN
