"""What kind of document a file is: HOT template, CFN template, environment, or something else."""
from __future__ import annotations

import enum
import re

from hot_ls.syntax import Mapping, SyntaxTree

ENVIRONMENT_SECTIONS = ('parameters', 'resource_registry', 'parameter_defaults',
                        'encrypted_param_names', 'event_sinks', 'parameter_merge_strategies')
_ENV_ONLY_SECTIONS = frozenset(ENVIRONMENT_SECTIONS) - {'parameters'}
_HOT_HINT_SECTIONS = frozenset(('resources', 'outputs', 'parameter_groups', 'conditions',
                                'description'))
CFN_VERSION_KEYS = ('AWSTemplateFormatVersion', 'HeatTemplateFormatVersion')
_JINJA = re.compile(r'\{%|\{\{|\{#')


class Kind(str, enum.Enum):
    HOT = 'hot'
    CFN = 'cfn'
    ENVIRONMENT = 'environment'
    JINJA = 'jinja'
    NOT_MAPPING = 'not-mapping'
    EMPTY = 'empty'
    UNKNOWN = 'unknown'
    BROKEN = 'broken'  # YAML so broken that nothing of it can be read

    @property
    def is_heat_document(self) -> bool:
        """Whether `hot-ls check DIR` should report on files of this kind."""
        return self in (Kind.HOT, Kind.CFN, Kind.ENVIRONMENT, Kind.JINJA, Kind.BROKEN)


def is_jinja_path(path: str | None) -> bool:
    return bool(path) and ('.j2.' in path.rsplit('/', 1)[-1] or path.endswith('.j2'))


def _jinja_outside_quotes(text: str) -> bool:
    """A Jinja2 delimiter that is not inside a quoted string of its line."""
    for match in _JINJA.finditer(text):
        line = text[text.rfind('\n', 0, match.start()) + 1:match.start()]
        if line.count('"') % 2 == 0 and line.count("'") % 2 == 0:
            return True
    return False


def classify(tree: SyntaxTree, path: str | None = None) -> Kind:
    """Decide what a parsed document is.

    A `*.j2.yaml` file, or a file that does not parse and holds Jinja2
    delimiters outside quoted strings, is a Jinja2 source (a broken template
    whose Ansible strings say "{{ item }}" is still a broken template).  A mapping with `heat_template_version`
    (or HOT-only sections) is a HOT template; one with a CFN version key is a
    CFN template; one whose keys are all environment sections is an
    environment.
    """
    if is_jinja_path(path) or (tree.syntax_errors and _jinja_outside_quotes(tree.text)):
        return Kind.JINJA
    root = tree.root
    if root is None or (hasattr(root, 'value') and root.value is None and not tree.syntax_errors):
        return Kind.EMPTY if not tree.syntax_errors else Kind.BROKEN
    if not isinstance(root, Mapping):
        return Kind.NOT_MAPPING
    keys = root.index
    if not keys:
        return Kind.EMPTY
    if 'heat_template_version' in keys:
        return Kind.HOT
    if any(key in keys for key in CFN_VERSION_KEYS):
        return Kind.CFN
    string_keys = [key for key in keys if isinstance(key, str)]
    if string_keys and len(string_keys) == len(keys):
        if all(key in ENVIRONMENT_SECTIONS for key in string_keys):
            return Kind.ENVIRONMENT
        if any(key in _HOT_HINT_SECTIONS for key in string_keys):
            return Kind.HOT
        if any(key in _ENV_ONLY_SECTIONS for key in string_keys):
            return Kind.ENVIRONMENT
        if 'Resources' in keys or 'Parameters' in keys:
            return Kind.CFN
    return Kind.UNKNOWN
