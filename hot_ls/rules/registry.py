"""The rules, in one explicit list (no discovery by name).

Order is the order of the rule catalogue in docs/rules.md.
"""
from __future__ import annotations

from hot_ls.rules.base import Rule
from hot_ls.rules.syntax.duplicate_key import DuplicateKey
from hot_ls.rules.syntax.jinja_source import JinjaSource
from hot_ls.rules.syntax.multiple_documents import MultipleDocuments
from hot_ls.rules.syntax.not_a_mapping import NotAMapping
from hot_ls.rules.syntax.template_too_large import TemplateTooLarge
from hot_ls.rules.syntax.yaml_construct import YamlConstruct
from hot_ls.rules.syntax.yaml_syntax import YamlSyntax
from hot_ls.rules.version.version_ambiguous import VersionAmbiguous
from hot_ls.rules.version.version_missing import VersionMissing
from hot_ls.rules.version.version_not_string import VersionNotString
from hot_ls.rules.version.version_unknown import VersionUnknown

RULE_CLASSES: list[type[Rule]] = [
    # syntax
    YamlSyntax, DuplicateKey, NotAMapping, YamlConstruct, MultipleDocuments, JinjaSource,
    TemplateTooLarge,
    # version
    VersionMissing, VersionNotString, VersionUnknown, VersionAmbiguous,
]

RULES: list[Rule] = [cls() for cls in RULE_CLASSES]


def _check_unique() -> None:
    codes = [cls.code for cls in RULE_CLASSES]
    names = [cls.name for cls in RULE_CLASSES]
    assert len(set(codes)) == len(codes), 'duplicate rule code'
    assert len(set(names)) == len(names), 'duplicate rule name'


_check_unique()
