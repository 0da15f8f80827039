"""`hot-ls check --format sarif`: SARIF 2.1.0, for GitHub code scanning and other viewers.

One run whose driver lists every rule with its metadata (id, name, short
and full description, help in text and Markdown, a help URI to the rule's
section of docs/rules.md, default level), and one result per diagnostic
with its exact region.  Columns are UTF-16 code units (`columnKind`), what
SARIF consumers assume; file URIs are relative to the current directory
(`%SRCROOT%`, given in `originalUriBaseIds`) when the file lies under it,
as code scanning wants them.  Each result carries its baseline fingerprint
(hot_ls.cli.baseline), which survives moved lines.  The log validates
against the OASIS SARIF 2.1.0 schema (tests/cli/sarif-schema-2.1.0.json).
"""
from __future__ import annotations

import json
import os
import re
import urllib.parse
from pathlib import Path

from hot_ls import __version__
from hot_ls.analysis import Diagnostic, Severity
from hot_ls.cli.formats import FileReport, ReportOptions
from hot_ls.rules.registry import RULE_CLASSES
from hot_ls.text import Encoding

SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json'
#: where docs/rules.md is published; a rule's help URI is this plus `#<code>`
RULES_DOC_URL = 'https://github.com/hot-ls/hot-ls/blob/main/docs/rules.md'
FINGERPRINT = 'hot-ls/v1'
_LEVEL = {Severity.ERROR: 'error', Severity.WARNING: 'warning',
          Severity.INFORMATION: 'note', Severity.HINT: 'note'}
_SECTION = re.compile(r'^## (.+)$', re.MULTILINE)


def _sections(documentation: str) -> dict[str, str]:
    parts = _SECTION.split(documentation)
    return {parts[i].strip(): parts[i + 1].strip() for i in range(1, len(parts) - 1, 2)}


def rule_descriptor(rule) -> dict:
    documentation = rule.documentation()
    body = documentation.split('\n', 1)[1].strip() if '\n' in documentation else ''
    what = _sections(documentation).get('What it checks') or rule.summary()
    return {
        'id': rule.code,
        'name': rule.name,
        'shortDescription': {'text': rule.summary()},
        'fullDescription': {'text': ' '.join(what.split())},
        'help': {'text': body or rule.summary(), 'markdown': body or rule.summary()},
        'helpUri': f'{RULES_DOC_URL}#{rule.code.lower()}',
        'defaultConfiguration': {'level': _LEVEL[rule.severity]},
        'properties': {'severity': rule.severity.label},
    }


def artifact_location(path: str, root: str) -> dict:
    absolute = os.path.abspath(path)
    try:
        relative = os.path.relpath(absolute, root)
    except ValueError:  # another drive (Windows)
        relative = os.pardir
    if relative == os.pardir or relative.startswith(os.pardir + os.sep):
        return {'uri': Path(absolute).as_uri()}
    return {'uri': urllib.parse.quote(relative.replace(os.sep, '/')), 'uriBaseId': '%SRCROOT%'}


def _region(report: FileReport, start: int, end: int, lines=None) -> dict:
    lines = lines if lines is not None else report.lines
    first = lines.position(start, Encoding.UTF16)
    last = lines.position(end, Encoding.UTF16)
    return {'startLine': first.line + 1, 'startColumn': first.character + 1,
            'endLine': last.line + 1, 'endColumn': last.character + 1}


def _result(report: FileReport, diagnostic: Diagnostic, index: int, location: dict,
            identity, options: ReportOptions, root: str) -> dict:
    result = {
        'ruleId': diagnostic.code,
        'ruleIndex': index,
        'level': _LEVEL[diagnostic.severity],
        'message': {'text': diagnostic.message},
        'locations': [{'physicalLocation': {
            'artifactLocation': location,
            'region': _region(report, diagnostic.start, diagnostic.end)}}],
    }
    related_places = [r for r in diagnostic.related if r.path is None or r.lines is not None]
    if related_places:
        result['relatedLocations'] = [
            {'id': number, 'message': {'text': related.message},
             'physicalLocation': {
                 'artifactLocation': location if related.path is None
                 else artifact_location(related.path, root),
                 'region': _region(report, related.start, related.end, related.lines)}}
            for number, related in enumerate(related_places, 1)]
    if identity is not None:
        result['fingerprints'] = {FINGERPRINT: identity.fingerprint}
    if options.baseline is not None:  # what --baseline let through is new
        result['baselineState'] = 'new'
    return result


def sarif_log(reports: list[FileReport], options: ReportOptions, root: str | None = None) -> dict:
    root = os.path.abspath(root or os.getcwd())
    index = {rule.code: number for number, rule in enumerate(RULE_CLASSES)}
    results = []
    for report in reports:
        if report.lines is None:
            continue
        location = artifact_location(report.path, root)
        identities = report.identities or [None] * len(report.diagnostics)
        for diagnostic, identity in zip(report.diagnostics, identities):
            results.append(_result(report, diagnostic, index[diagnostic.code], location, identity,
                                   options, root))
    run = {
        'tool': {'driver': {
            'name': 'hot-ls',
            'version': __version__,
            'semanticVersion': __version__,
            'informationUri': RULES_DOC_URL,
            'rules': [rule_descriptor(rule) for rule in RULE_CLASSES],
        }},
        'originalUriBaseIds': {'%SRCROOT%': {'uri': Path(root).as_uri().rstrip('/') + '/'}},
        'columnKind': 'utf16CodeUnits',
        'invocations': [{'executionSuccessful': True}],
        'results': results,
    }
    return {'$schema': SCHEMA, 'version': '2.1.0', 'runs': [run]}


def format_sarif(reports: list[FileReport], options: ReportOptions) -> str:
    return json.dumps(sarif_log(reports, options), indent=2, ensure_ascii=False) + '\n'
