"""Which documents the server speaks about: Heat's, never the rest of the YAML it is sent.

Editors send the server every YAML file (an Ansible playbook, a Kubernetes
manifest, a Helm chart).  A document gets diagnostics, completion, hover,
values, code actions, links and semantic tokens only when it is a Heat
document, decided by its content exactly as `hot-ls check DIR` decides
(`Kind.is_heat_document`: a template, an environment, or text that shows it is
meant as one), or when the `include` setting names it; never when `exclude`
names it.  The decision is made on every analysis, so a new file becomes a
template as soon as `heat_template_version:` is typed in it.

Completion reads the current text, while its analysis may be an edit old: it
is served when that analysis is a Heat document or the current text already
shows it is meant as one (`has_heat_hints`: the `heat_template_version:` just
typed).  A document being started (empty, or one word being typed) is offered
only `heat_template_version`, the way in; anything else gets no completion.

Plain Python: no pygls or lsprotocol types cross into this module.
"""
from __future__ import annotations

from hot_ls.analysis import Analysis
from hot_ls.config import matches
from hot_ls.features.types import CompletionResult
from hot_ls.model.document import has_heat_hints

FIRST_KEY = 'heat_template_version'


def serves(analysis: Analysis) -> bool:
    """Whether the server reports on and completes in this document."""
    return analysis.kind.is_heat_document and not _excluded(analysis)


def being_started(text: str) -> bool:
    """Nothing in the document yet but, perhaps, the first word being typed."""
    stripped = text.strip()
    return not any(c in stripped for c in ':\n \t#{[-"\'')


def completion(analysis: Analysis, text: str, result: CompletionResult) -> CompletionResult:
    """The completion a document gets: all of it for a Heat document, the first key of a
    template for one being started, nothing for others."""
    if being_started(text) and not _excluded(analysis):
        return CompletionResult([item for item in result.items if item.label == FIRST_KEY],
                                result.incomplete)
    if serves(analysis) or (not _excluded(analysis) and has_heat_hints(text)):
        return result
    return CompletionResult([], True)


def _excluded(analysis: Analysis) -> bool:
    path, settings = analysis.path, analysis.settings
    return path is not None and matches(path, settings.exclude, settings.base_dir)
