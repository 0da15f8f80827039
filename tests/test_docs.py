"""The generated documentation is never stale, and every setting is documented."""
import dataclasses
import os

from helpers import ROOT
from hot_ls.cli.rules import catalogue_markdown
from hot_ls.config import Settings


def test_rules_catalogue_is_current():
    with open(os.path.join(ROOT, 'docs', 'rules.md'), encoding='utf-8') as fh:
        assert fh.read() == catalogue_markdown(), (
            'docs/rules.md is stale: run `hot-ls rules --format markdown > docs/rules.md`')


def test_every_setting_is_documented():
    with open(os.path.join(ROOT, 'docs', 'settings.md'), encoding='utf-8') as fh:
        text = fh.read()
    for field in dataclasses.fields(Settings):
        if field.name not in ('problems', 'base_dir', 'origins'):  # internal, not settings
            assert f'`{field.name}`' in text, field.name


def test_every_rule_documents_the_four_headings():
    from hot_ls.rules.registry import RULE_CLASSES
    for rule in RULE_CLASSES:
        doc = rule.documentation()
        for heading in ('## What it checks', '## Why it matters', '## Example', '## Fix'):
            assert heading in doc, f'{rule.code} lacks "{heading}"'
