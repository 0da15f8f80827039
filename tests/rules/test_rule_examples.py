"""Every rule's documented Example triggers exactly that rule; its Fix does not trigger it.

docs/rules.md is generated from the rules' docstrings, so what a reader
copies from it is what is tested here: the YAML block of `## Example`
must produce diagnostics of that rule's code and of no other code, and the
YAML block of `## Fix` none of that code (none at all, in fact).  The
rules whose example cannot be written as YAML text are built here, each
with its reason (BUILT); an example that needs a setting says so in its
docstring and has it in SETTINGS.

Rules about a template among other files show those files too: a block
whose first line is `# <file name>` is that file, and `# env: <file
name>` an environment the template is created with (`-e`).  The first
block is the document analysed (`example.yaml` unless it is named).
"""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from hot_ls.config import Settings
from hot_ls.rules import analyze
from hot_ls.rules.registry import RULE_CLASSES, RULES
from hot_ls.text.source import read_source

_BLOCK = re.compile(r'```yaml\n(.*?)```', re.S)
_FILE = re.compile(r'# (env: )?(\S+)\n')
SETTINGS = {'HOT710': Settings(target_release='train'),  # "With target_release = train"
            'HOT604': Settings(environments=('envs/prod.yaml',)),  # "a configuration names"
            'HOT609': Settings(capabilities=True),  # "With the setting `capabilities = true`"
            # "needs `capabilities = true` and HOT609 disabled"
            'HOT610': Settings(capabilities=True, disable=('HOT609',))}


def _analyse(blocks: list[str], root, settings: Settings | None):
    """Write the blocks as files under `root`, and analyse the first."""
    settings = settings or Settings()
    document = None
    environments = []
    for block in blocks:
        named = _FILE.match(block)
        name = named.group(2) if named else 'example.yaml'
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(block[named.end():] if named else block, encoding='utf-8')
        if named and named.group(1):
            environments.append(str(path))
        elif document is None:
            document = path
    settings = replace(settings, environments=settings.environments + tuple(environments))
    return analyze(document.read_text(encoding='utf-8'), str(document), settings)


def _section(documentation: str, heading: str) -> str:
    found = re.search(rf'^## {heading}\n(.*?)(?=^## |\Z)', documentation, re.S | re.M)
    return found.group(1) if found else ''


def _resources(count: int) -> str:
    return 'heat_template_version: 2021-04-16\nresources:\n' + ''.join(
        f'  r{i}: {{type: OS::Heat::None}}\n' for i in range(count))


def _nested(depth: int) -> str:
    return ('heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::Value\n'
            '    properties:\n      value: ' + '[' * depth + ']' * depth + '\n')


def _sized(size: int) -> str:
    head = 'heat_template_version: 2021-04-16\ndescription: '
    return head + 'x' * (size - len(head) - 1) + '\n'


def _unreadable(tmp_path, text: str, encoding: str):
    path = tmp_path / 'latin1.yaml'
    path.write_bytes(text.encode(encoding))
    source = read_source(str(path))
    return analyze(source.text, str(path), read_problem=source.problem)


def _internal_error(monkeypatch):
    """HOT706 failing with an internal error, then the same document with the rule mended."""
    rule = next(r for r in RULES if r.code == 'HOT706')

    def broken(analysis):
        raise KeyError('x')
    text = 'heat_template_version: 2021-04-16\nresources: {}\n'
    with monkeypatch.context() as patch:
        patch.setattr(rule, 'check', broken)
        example = analyze(text, 'example.yaml')
    return example, analyze(text, 'example.yaml')


# Examples that YAML text cannot hold, built here: (example, fix), given tmp_path and monkeypatch.
BUILT = {
    # bytes that are not UTF-8 cannot stand in a docstring
    'HOT000': lambda tmp, mp: (
        _unreadable(tmp, 'heat_template_version: 2021-04-16\ndescription: Café\n', 'latin-1'),
        _unreadable(tmp, 'heat_template_version: 2021-04-16\ndescription: Café\n', 'utf-8')),
    # 512 KiB of template in the documentation would be absurd
    'HOT007': lambda tmp, mp: (analyze(_sized(600_000), 'example.yaml'),
                               analyze(_sized(500_000), 'example.yaml')),
    # 400 levels of brackets, likewise
    'HOT008': lambda tmp, mp: (analyze(_nested(400), 'example.yaml'),
                               analyze(_nested(20), 'example.yaml')),
    # an internal error of hot-ls: no template causes one on purpose
    'HOT009': lambda tmp, mp: _internal_error(mp),
    # 1,200 resources
    'HOT503': lambda tmp, mp: (analyze(_resources(1200), 'example.yaml'),
                               analyze(_resources(1000), 'example.yaml')),
}


def _examples(rule):
    doc = rule.documentation()
    return _BLOCK.findall(_section(doc, 'Example')), _BLOCK.findall(_section(doc, 'Fix'))


@pytest.mark.parametrize('rule', RULE_CLASSES, ids=lambda rule: rule.code)
def test_example_triggers_exactly_its_rule_and_the_fix_does_not(rule, tmp_path, monkeypatch):
    if rule.code in BUILT:
        examples, fixes = _examples(rule)
        assert not examples and not fixes, f'{rule.code} now has YAML examples: drop it from BUILT'
        example, fix = BUILT[rule.code](tmp_path, monkeypatch)
    else:
        examples, fixes = _examples(rule)
        assert examples, f'{rule.code}: ## Example needs a ```yaml block'
        assert fixes, f'{rule.code}: ## Fix needs a ```yaml block (the corrected one)'
        settings = SETTINGS.get(rule.code)
        example = _analyse(examples, tmp_path / 'example', settings)
        fix = _analyse(fixes, tmp_path / 'fix', settings)
    assert {d.code for d in example.diagnostics} == {rule.code}, [
        (d.code, d.message) for d in example.diagnostics]
    assert [(d.code, d.message) for d in fix.diagnostics] == []


def test_every_rule_is_covered_by_a_yaml_example_or_a_built_one():
    missing = [rule.code for rule in RULE_CLASSES
               if rule.code not in BUILT and not _examples(rule)[0]]
    assert missing == []
