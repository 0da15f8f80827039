"""When a broken reference is certain to fail in Heat, and when it only might."""
from __future__ import annotations

from hot_ls.model.symbols import Reference
from hot_ls.model.template import Template
from hot_ls.rules.base import Severity


def leniency(template: Template, ref: Reference, used_conditions: set) -> str | None:
    """Why Heat may never evaluate this reference (so it is a warning), or None.

    - inside a branch of `if`: Heat parses only the branch it takes;
    - inside a condition no resource, output or `if` uses: never resolved;
    - get_param in the properties of OS::Heat::None: None ignores them;
    - get_param / get_resource in an output: Heat accepts the template and
      only the output's value fails.
    """
    if ref.guarded:
        return 'it is inside an "if" branch, which Heat checks only when the branch is taken'
    owner = ref.owner
    if owner is None:
        return None
    if owner[0] == 'conditions' and owner[1] not in used_conditions:
        return f'condition "{owner[1]}" is never used, so Heat never evaluates it'
    if ref.via in ('get_param', 'Ref') and owner[0] == 'resources' and ref.field == 'properties':
        res = template.resources.get(owner[1])
        if res is not None and res.type_name == 'OS::Heat::None':
            return 'OS::Heat::None ignores its properties, so Heat never resolves it'
    if owner[0] == 'outputs' and ref.via in ('get_param', 'get_resource'):
        return 'Heat accepts the template; only this output fails to resolve'
    return None


def severity_for(reason: str | None) -> Severity | None:
    return Severity.WARNING if reason else None


def with_reason(message: str, reason: str | None) -> str:
    return f'{message} ({reason})' if reason else message
