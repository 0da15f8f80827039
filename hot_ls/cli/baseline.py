"""Baselines: accept today's findings, report only new ones (`--write-baseline`, `--baseline`).

A finding is known by its file, relative to the baseline file's directory
(so a baseline committed in a repository works from any checkout), and by
a fingerprint that survives unrelated edits and moved lines: a hash of the
rule code, the entry's path of keys from the document's root down to the
deepest node at the finding's start (`resources.server.properties.flavor`)
and the offending text with its blanks collapsed (re-indenting a block
changes no fingerprint).  No line number and no message is part of it.

Two findings with the same file and fingerprint are counted: a baseline
that holds one hides one, and a second one is new.  An entry is stale when
its file was checked and the finding is gone, or its file no longer
exists; entries of files a run did not check (pre-commit passes only the
changed files) are neither matched nor stale.
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from dataclasses import dataclass
from typing import Any

from hot_ls.analysis import Analysis, Diagnostic
from hot_ls.features.at import chain, path_of

VERSION = 1


class BaselineError(Exception):
    """The baseline file cannot be read or written (a usage error: exit status 2)."""


def entry_path(analysis: Analysis, offset: int) -> list:
    """The keys (and list indexes) from the root to the deepest node covering `offset`."""
    return path_of(chain(analysis.tree.root, offset))


def dotted(path: list) -> str:
    """`resources.server.properties.networks[0].port`: for people to read."""
    out = ''
    for key in path:
        if isinstance(key, int) and not isinstance(key, bool):
            out += f'[{key}]'
        else:
            text = str(key)
            if not text or any(c in text for c in '.[]') or text != text.strip():
                text = json.dumps(text, ensure_ascii=False)
            out += ('.' if out else '') + text
    return out


def fingerprint(code: str, path: list, text: str) -> str:
    """The finding's identity within its file: rule, entry and offending text, no line."""
    material = json.dumps([code, [k if isinstance(k, (int, str)) else repr(k) for k in path],
                           ' '.join(text.split())], ensure_ascii=False)
    return hashlib.sha256(material.encode('utf-8')).hexdigest()[:32]


@dataclass(frozen=True)
class Identity:
    """What a baseline records of one finding."""

    entry: str
    fingerprint: str


def identify(analysis: Analysis, diagnostic: Diagnostic) -> Identity:
    path = entry_path(analysis, diagnostic.start)
    text = analysis.text[diagnostic.start:diagnostic.end]
    return Identity(dotted(path), fingerprint(diagnostic.code, path, text))


def relative(path: str, base_dir: str) -> str:
    """`path` relative to the baseline's directory, with forward slashes."""
    return os.path.relpath(os.path.abspath(path), base_dir).replace(os.sep, '/')


@dataclass
class Outcome:
    """What applying a baseline did: findings hidden, and entries that no longer occur."""

    matched: int = 0
    stale: int = 0


class Baseline:
    def __init__(self, path: str, entries: list[dict[str, Any]]):
        self.path = path
        self.base_dir = os.path.dirname(os.path.abspath(path))
        self.counts: Counter = Counter((e['path'], e['fingerprint']) for e in entries)

    @classmethod
    def load(cls, path: str) -> 'Baseline':
        try:
            with open(path, encoding='utf-8') as fh:
                data = json.load(fh)
        except OSError as exc:
            raise BaselineError(f'cannot read baseline {path}: {exc.strerror}') from exc
        except ValueError as exc:
            raise BaselineError(f'baseline {path} is not JSON: {exc}') from exc
        findings = data.get('findings') if isinstance(data, dict) else None
        if (not isinstance(findings, list) or data.get('version') != VERSION or not all(
                isinstance(e, dict) and isinstance(e.get('path'), str)
                and isinstance(e.get('fingerprint'), str) for e in findings)):
            raise BaselineError(f'{path} is not a hot-ls baseline (version {VERSION})')
        return cls(path, findings)

    def apply(self, reports: list) -> Outcome:
        """Drop the findings the baseline holds from `reports` (FileReports with identities)."""
        outcome = Outcome()
        remaining = Counter(self.counts)
        checked = set()
        for report in reports:
            rel = relative(report.path, self.base_dir)
            checked.add(rel)
            kept, identities = [], []
            for diagnostic, identity in zip(report.diagnostics, report.identities):
                key = (rel, identity.fingerprint)
                if remaining[key] > 0:
                    remaining[key] -= 1
                    outcome.matched += 1
                    continue
                kept.append(diagnostic)
                identities.append(identity)
            report.diagnostics, report.identities = kept, identities
        for (rel, _), count in remaining.items():
            if count > 0 and (rel in checked or
                              not os.path.exists(os.path.join(self.base_dir, rel))):
                outcome.stale += count
        return outcome


def write(path: str, reports: list) -> int:
    """Write every finding of `reports` as the baseline at `path`; the number written."""
    base_dir = os.path.dirname(os.path.abspath(path))
    findings = []
    for report in reports:
        rel = relative(report.path, base_dir)
        for diagnostic, identity in zip(report.diagnostics, report.identities):
            findings.append({'path': rel, 'code': diagnostic.code, 'entry': identity.entry,
                             'fingerprint': identity.fingerprint, 'message': diagnostic.message})
    findings.sort(key=lambda e: (e['path'], e['code'], e['entry'], e['fingerprint']))
    data = {'version': VERSION, 'tool': 'hot-ls', 'findings': findings}
    try:
        with open(path, 'w', encoding='utf-8') as fh:
            fh.write(json.dumps(data, indent=2, ensure_ascii=False) + '\n')
    except OSError as exc:
        raise BaselineError(f'cannot write baseline {path}: {exc.strerror}') from exc
    return len(findings)
