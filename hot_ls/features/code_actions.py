"""Code actions: the quick fixes of the diagnostics in a range, then its refactorings.

A pure function of the analysis of the current text, a range and the
diagnostics the editor shows there.  Each fix is an exact, minimal edit
(`hot_ls/features/quick_fixes/`):

| diagnostic | quick fix |
|---|---|
| any with `replacements` in its data (HOT701, HOT702, HOT301-303, HOT706, HOT110, HOT112, HOT103, HOT118, HOT115, HOT713, HOT707, HOT705/HOT213 allowed values..., and HOT604 shown on an environment) | one action per replacement, the first preferred |
| HOT120 name read as a number, boolean or null | quote it as written |
| HOT301 undefined parameter | declare it, with a type inferred from its use |
| HOT301/HOT302 a resource named with get_param, a parameter with get_resource | call the other function |
| HOT304 a reference to a resource its condition leaves out | give the referring resource or output (without a condition) the target's condition |
| HOT401 removed function | its HOT equivalent, where the rewrite is mechanical |
| any whose data names the version it needs (HOT402 function of a later version, HOT202 parameter tags, HOT110 conditions, HOT112 condition, HOT119, HOT115, HOT118, HOT209/HOT211 modulo) | raise heat_template_version to what all the document's such diagnostics need, and to the diagnostic's own |
| HOT703 required property missing | add every missing required property of the resource |
| HOT703 required property missing that an unknown key looks like (or under a misspelt `properties`), HOT113 a misspelt `type`, HOT117 a misspelt `value`, HOT203 a misspelt `type` | rename that key (fixes its HOT702, HOT112, HOT118 or HOT202 too) |
| HOT203 parameter without a type | add the type its default has, else the one its uses tell |
| HOT214 a default its parameter's type refuses | give the parameter the default's type |
| HOT010 unused suppression | remove the code from its comment, or the comment when it is the last |
| HOT001 a key left without its ':' | add the ':' |
| HOT001 a tab where YAML wants indentation | indent the line with spaces, as the line above tells |
| HOT001 a ':' libyaml refuses before a flow indicator (`{get_attr:[...]}`) | write a space after it |
| HOT112 a property of the resource's type beside `properties` | move it under `properties` |
| HOT113 a "resource" named after a resource key (`properties:` too far left) | indent it under the resource above |
| HOT704 a single value where the property takes a list (HOT205 tags, HOT206 constraints, HOT215 parameter_groups: where a list goes) | make it the list's one item |
| HOT730 a deployment on a server whose user_data_format is not SOFTWARE_CONFIG | set the server's |
| HOT701/HOT731 a type no known environment maps, which environments of the workspace map | a `[[stacks]]` entry in the settings file creating the template with one of them (a new `.hot-ls.toml` when there is none) |
| any (not YAML syntax errors, not in JSON) | suppress on this line; suppress in this file |

Refactorings (not tied to a diagnostic): extract a property's literal value
into a new parameter.
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Iterable

from hot_ls.analysis import Analysis
from hot_ls.features.quick_fixes.colon import add_colon, space_after_colon
from hot_ls.features.quick_fixes.context import FixContext
from hot_ls.features.quick_fixes.declare import (add_parameter_type, declare_parameter,
                                                 type_of_default)
from hot_ls.features.quick_fixes.extract import extract_parameter
from hot_ls.features.quick_fixes.make_list import make_list
from hot_ls.features.quick_fixes.move_property import (indent_under_resource_above,
                                                      move_under_properties)
from hot_ls.features.quick_fixes.replace import (call_instead, quote_name, raise_version,
                                                 removed_function, replacements)
from hot_ls.features.quick_fixes.rename_key import rename_misspelt
from hot_ls.features.quick_fixes.required import add_required
from hot_ls.features.quick_fixes.same_condition import same_condition
from hot_ls.features.quick_fixes.set_property import set_property
from hot_ls.features.quick_fixes.tabs import indent_with_spaces
from hot_ls.features.quick_fixes.suppress import suppressions
from hot_ls.features.quick_fixes.unused import remove_unused_suppression
from hot_ls.features.quick_fixes.use_environment import use_environment
from hot_ls.features.quick_fixes.yaml_edit import Doc
from hot_ls.features.types import CodeAction

_log = logging.getLogger(__name__)

Fixer = Callable[[FixContext, Any], list[CodeAction]]

FIXERS: dict[str, list[Fixer]] = {
    'HOT001': [add_colon, space_after_colon, indent_with_spaces],
    'HOT010': [remove_unused_suppression],
    'HOT112': [replacements, move_under_properties],
    'HOT113': [rename_misspelt, indent_under_resource_above],
    'HOT117': [rename_misspelt],
    'HOT203': [rename_misspelt, add_parameter_type],
    'HOT205': [make_list],
    'HOT206': [make_list],
    'HOT214': [type_of_default],
    'HOT215': [make_list],
    'HOT120': [quote_name],
    'HOT301': [replacements, call_instead, declare_parameter],
    'HOT302': [replacements, call_instead],
    'HOT304': [same_condition],
    'HOT401': [removed_function],
    'HOT701': [replacements, use_environment],
    'HOT703': [rename_misspelt, add_required],
    'HOT704': [make_list],
    'HOT730': [set_property],
    'HOT731': [replacements, use_environment],
}
DEFAULT_FIXERS: list[Fixer] = [replacements]


def code_actions(analysis: Analysis, start: int, end: int,
                 diagnostics: Iterable[Any]) -> list[CodeAction]:
    """Quick fixes for `diagnostics` (hot-ls Diagnostics of `analysis`), then refactorings
    of start..end.  `analysis` must be of the document's current text."""
    if analysis is None or analysis.tree is None:
        return []
    ctx = FixContext(analysis, Doc(analysis.tree))
    diagnostics = list(diagnostics)
    fixes: list[CodeAction] = []
    for diagnostic in diagnostics:
        for fixer in fixers_of(diagnostic.code):
            if fixer is not raise_version:  # (after every diagnostic's own)
                fixes += _run(fixer, ctx, diagnostic)
    for diagnostic in diagnostics:
        fixes += _run(raise_version, ctx, diagnostic)
    suppress: list[CodeAction] = []
    for diagnostic in diagnostics:
        suppress += _run(suppressions, ctx, diagnostic)
    refactors = _run(extract_parameter, ctx, (start, end))
    return _unique(fixes + suppress + refactors)


def fixers_of(code: str) -> list[Fixer]:
    """The quick fixes a diagnostic of `code` may have (raise_version: any whose data says
    the version it needs)."""
    return [*FIXERS.get(code, DEFAULT_FIXERS), raise_version]


def run_fixer(fixer: Fixer, ctx: FixContext, argument: Any) -> list[CodeAction]:
    """`fixer`'s actions; none when it fails (logged: a bug in one fix must not cost the
    others)."""
    return _run(fixer, ctx, argument)


def _run(fixer: Fixer, ctx: FixContext, argument: Any) -> list[CodeAction]:
    try:
        return fixer(ctx, argument)
    except Exception:  # a bug in one fix must not cost the others
        _log.exception('code action %s failed', getattr(fixer, '__name__', fixer))
        return []


def _unique(actions: list[CodeAction]) -> list[CodeAction]:
    """One action per title and edit; the diagnostics of duplicates are merged into it."""
    kept: dict[tuple, CodeAction] = {}
    for action in actions:
        key = (action.title, action.kind,
               tuple((e.start, e.end, e.new_text, e.path) for e in action.edits))
        first = kept.get(key)
        if first is None:
            kept[key] = action
            continue
        for diagnostic in action.diagnostics:
            if not any(diagnostic is d for d in first.diagnostics):
                first.diagnostics.append(diagnostic)
    return list(kept.values())
