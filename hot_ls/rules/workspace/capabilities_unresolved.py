import os

from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.workspace._common import loaded_environment
from hot_ls.workspace.capabilities import (MISSING, REQUIRES_NOT_A_MAPPING, ListChoice,
                                           list_choices)


class CapabilitiesUnresolved(Rule):
    """`requires` selects no candidate, or several, of a list in the resource_registry.

    ## What it checks
    With the setting `capabilities = true`: each `resource_registry` value
    that is a list of candidate templates, against the `requires` the
    stack is created with (this file's, merged with those of the other
    environment files the settings name with it: `environments`,
    `stacks`, `hot-ls check -e`).  Exactly one candidate must match: it
    declares every key `requires` gives, with every value required (a tag
    declared as a list offers each of its values), and, when it declares
    `resource_type`, the type being mapped.  The message names each
    candidate and what does not match.  `requires` must be a mapping.  A
    candidate file that does not exist is a warning (it never matches).
    When no `requires` is known for the file (none in it, and the
    settings name it with no other file), several matches are a warning:
    another file may bring it.  A candidate hot-ls may not read (a URL, a
    file outside the workspace) could match or not: that is information.

    ## Why it matters
    The blueprint makes zero or several matches a validation error: the
    stack is never created, and `hot-ls capabilities resolve` refuses to
    write an environment.  Templates created with this environment get
    HOT604, and their resources of the mapped type are not checked.

    The example needs `capabilities = true` and HOT609 disabled (as in a
    project that always deploys through `hot-ls capabilities resolve`).

    ## Example
    ```yaml
    requires:
      deployment: ansible
    resource_registry:
      OS::TripleO::Controller: [puppet/controller.yaml, docker/controller.yaml]
    ```
    ```yaml
    # puppet/controller.yaml
    heat_template_version: 2015-10-15
    capabilities:
      deployment: puppet
    ```
    ```yaml
    # docker/controller.yaml
    heat_template_version: 2015-10-15
    capabilities:
      deployment: docker
    ```

    ## Fix
    Require what one candidate declares (`hot-ls capabilities summary`
    lists the choices).
    ```yaml
    requires:
      deployment: puppet
    resource_registry:
      OS::TripleO::Controller: [puppet/controller.yaml, docker/controller.yaml]
    ```
    ```yaml
    # puppet/controller.yaml
    heat_template_version: 2015-10-15
    capabilities:
      deployment: puppet
    ```
    ```yaml
    # docker/controller.yaml
    heat_template_version: 2015-10-15
    capabilities:
      deployment: docker
    ```
    """

    code = 'HOT610'
    name = 'capabilities-unresolved'
    severity = Severity.ERROR
    kinds = frozenset({Kind.ENVIRONMENT})

    def check(self, analysis):
        if not analysis.settings.capabilities:
            return
        loaded = analysis.derived(loaded_environment)
        if loaded.requires_node is not None and not isinstance(loaded.requires, dict):
            node = loaded.requires_node
            yield Finding(node.start, node.end, REQUIRES_NOT_A_MAPPING)
        said, missing = set(), set()  # a choice failing alike in several stacks: once
        for item in list_choices(analysis.workspace, loaded):
            choice = item.choice
            for candidate in choice.candidates:
                span = candidate.ref.span
                if candidate.status == MISSING and span is not None and span not in missing:
                    missing.add(span)
                    yield Finding(span[0], span[1], f'Could not fetch contents for '
                                  f'{candidate.name}: a candidate that does not exist never '
                                  'matches', severity=Severity.WARNING)
            if choice.chosen is not None or (item.path, choice.verdict()) in said:
                continue
            said.add((item.path, choice.verdict()))
            span = item.leaf.origin.value or item.leaf.origin.key
            message, severity = _message(item, analysis.path)
            yield Finding(span[0], span[1], message, severity=severity)


def _message(item: ListChoice, path: str | None) -> tuple[str, Severity | None]:
    """What to say of a choice not made, and how severely (None: the rule's severity)."""
    choice = item.choice
    if not choice.failed:
        return choice.verdict(), Severity.INFORMATION  # a candidate was not read
    message = choice.error or ''
    others = [f for f in item.files if path is None or os.path.abspath(path) != f]
    if others:
        message += ' (requires merged with ' + ', '.join(os.path.basename(f) for f in others) + ')'
    if not item.requires_known and choice.matching:
        return (message + '; no requires is known for this environment: give one, or name the '
                'environment files it is used with in the settings (`stacks`, `environments`)',
                Severity.WARNING)
    return message, None
