"""What stock Heat accepts of a stack written for the resource-capabilities blueprint.

Stock Heat refuses an environment's `requires:`, a list of candidates in
`resource_registry`, and a template's `capabilities:` section, also in a
nested stack (at `openstack stack create`, when each provider template is
validated).  `plain_stack(files, out, workspace)` makes what it accepts
(`hot-ls capabilities resolve`):

- one environment, the given files merged as a stack create merges them
  (the registry as python-heatclient and the engine merge it;
  `parameters` and `parameter_defaults` per parameter, the last file's
  non-null value winning: Heat's default `overwrite` strategy; the other
  sections with `merge_map`), each list replaced by the candidate the
  merged `requires` selects, and `requires` gone.  Several files that
  declare `parameter_merge_strategies` cannot be merged without the
  template's parameter types: that is refused;
- file references relative to where the environment is written (python-
  heatclient reads them relative to the environment file), `base_url`
  applied and dropped; absolute paths and URLs stay as written;
- for each template the registry maps that declares `capabilities` (or
  that names such a template with `type:`), a copy without the section,
  written beside the environment in `<name>.templates/`, whose own
  relative references (`get_file`, `type:`) lead back to the originals.
"""
from __future__ import annotations

import copy
import os
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence
from urllib.parse import unquote, urljoin, urlparse

from hot_ls.model.environment import (ENCRYPTED_PARAM_NAMES, EVENT_SINKS, PARAMETER_DEFAULTS,
                                      PARAMETER_MERGE_STRATEGIES, PARAMETERS, RESOURCE_REGISTRY,
                                      EnvironmentError_, merge_environments)
from hot_ls.syntax import Mapping, parse
from hot_ls.workspace.capabilities import REQUIRES_NOT_A_MAPPING, SECTION, Choice, choose
from hot_ls.workspace.environments import (Leaf, LoadedEnvironment, MissingFile, leaves,
                                           merged_registry, merged_requires)

if TYPE_CHECKING:
    from hot_ls.workspace.workspace import Workspace

_PLAIN_PATH = re.compile(r'[A-Za-z0-9_./-]+\Z')


@dataclass
class PlainStack:
    """The environment (and template copies) stock Heat accepts, or why there is none."""

    environment: dict = field(default_factory=dict)
    #: copies of templates without their capabilities section: the original's path -> the
    #: copy's, and the copy's path -> its text
    copies: dict[str, str] = field(default_factory=dict)
    templates: dict[str, str] = field(default_factory=dict)
    #: each list of candidates: (the environment naming it, the registry path, the choice)
    choices: list[tuple[str | None, tuple, Choice]] = field(default_factory=list)
    #: why nothing can be written (files that cannot be read or that Heat refuses)
    problems: list[str] = field(default_factory=list)
    #: what python-heatclient will say, though the environment is written
    warnings: list[str] = field(default_factory=list)

    @property
    def unresolved(self) -> list[tuple[str | None, tuple, Choice]]:
        return [item for item in self.choices if item[2].chosen is None]


def plain_stack(files: Sequence[str], out: str, workspace: 'Workspace') -> PlainStack:
    """The environment files `files` (in `-e` order) as stock Heat accepts them, for an
    environment to be written at `out`.  The workspace reads them as the blueprint does."""
    result = PlainStack()
    loaded = _load(files, workspace, result)
    if result.problems:
        return result
    out_dir = os.path.dirname(os.path.abspath(out))
    registry = merged_registry(loaded)
    requires = merged_requires(loaded)
    _choose(registry, requires, workspace, result)
    if result.unresolved:
        return result
    references = [leaf for leaf in leaves(registry) if leaf.target is not None]
    copies = _copies(references, out, workspace)
    environment = _sections(loaded, dict(zip((env.path for env in loaded), files)), result)
    if result.problems:
        return result
    plain_registry = _plain(registry, out_dir, copies)
    if plain_registry:
        environment[RESOURCE_REGISTRY] = plain_registry
    order = (PARAMETERS, RESOURCE_REGISTRY, PARAMETER_DEFAULTS, ENCRYPTED_PARAM_NAMES,
             EVENT_SINKS, PARAMETER_MERGE_STRATEGIES)
    result.environment = {key: environment[key] for key in order if key in environment}
    result.copies = copies
    for original, target in copies.items():
        result.templates[target] = _copy_text(original, target, workspace, copies)
    return result


def _load(files: Sequence[str], workspace: 'Workspace', result: PlainStack
          ) -> list[LoadedEnvironment]:
    loaded = []
    for path in files:
        env = workspace.environment(path)
        if env is None:
            target = workspace.locator.locate(os.path.abspath(path), os.getcwd())
            result.problems.append(f'{path}: cannot read file: {target.refusal or "file not found"}')
            continue
        for problem in env.client_problems:
            if isinstance(problem, MissingFile):
                result.warnings.append(f'{path}: {problem.message}')
            else:
                result.problems.append(f'{path}: python-heatclient stops: {problem.message}')
        for problem in env.environment.problems:
            result.problems.append(f'{path}: Heat refuses it: {problem.message}')
        if env.requires_node is not None and not isinstance(env.requires, dict):
            result.problems.append(f'{path}: {REQUIRES_NOT_A_MAPPING}')
        loaded.append(env)
        if len(files) > 1 and env.environment.sections.get(PARAMETER_MERGE_STRATEGIES) is not None:
            result.problems.append(
                f'{path}: its parameter_merge_strategies need the template\'s parameter types to '
                'merge it with the other files into one environment: resolve it on its own, or '
                'give it to openstack stack create separately')
    return loaded


def _choose(registry: dict, requires: dict, workspace: 'Workspace', result: PlainStack,
            path: tuple = ()) -> None:
    """Replace each list of candidates in the merged registry by the one `requires` selects."""
    for key, value in list(registry.items()):
        here = path + (key,)
        if isinstance(value, dict):
            _choose(value, requires, workspace, result, here)
            continue
        if value.candidates is None:
            continue
        choice = choose(str(key), value.candidates, requires, workspace)
        result.choices.append((value.origin.path, here, choice))
        chosen = choice.chosen
        if chosen is not None:
            target = chosen.ref.target if chosen.path is not None or \
                chosen.ref.target.refusal is not None else None
            registry[key] = Leaf(chosen.ref.value, value.origin, target,
                                 value.base if target is not None else None)


def _sections(loaded: list[LoadedEnvironment], names: dict, result: PlainStack) -> dict:
    """Every section but the registry, merged as a stack create merges them (`names`: each
    file's path as given)."""
    if len(loaded) == 1:
        sections = copy.deepcopy(loaded[0].environment.as_dict())
        sections.pop(RESOURCE_REGISTRY, None)
        return sections
    environments = [env.environment for env in loaded]
    types = {name: 'string' for env in environments
             for name in (*env.parameters, *env.parameter_defaults)}
    try:  # every strategy is `overwrite` (the types matter only to the others)
        merged = merge_environments(environments, types)
    except EnvironmentError_ as exc:
        result.problems.append(f'{names.get(exc.path, exc.path)}: Heat refuses it: {exc.message}')
        return {}
    present = {key for env in environments for key in env.sections}
    sections: dict = {}
    for key, value in ((PARAMETERS, merged.parameters),
                       (PARAMETER_DEFAULTS, merged.parameter_defaults),
                       (ENCRYPTED_PARAM_NAMES, merged.encrypted_param_names),
                       (EVENT_SINKS, merged.event_sinks)):
        if key in present:
            sections[key] = value
    return sections


# -- references -------------------------------------------------------------------------------
def rebase(reference: str, base: str, out_dir: str) -> str:
    """`reference`, written in a file whose references are relative to `base` (a folder or a
    URL), as written in a file of `out_dir`: relative paths are re-expressed, absolute paths
    and URLs stay as they are, a URL base makes a URL."""
    parsed = urlparse(reference)
    if (parsed.scheme and len(parsed.scheme) > 1) or os.path.isabs(reference):
        return reference
    base_url = urlparse(base)
    if base_url.scheme and base_url.scheme != 'file' and len(base_url.scheme) > 1:
        return urljoin(base if base.endswith('/') else base + '/', reference)
    folder = unquote(base_url.path) if base_url.scheme == 'file' else base
    return os.path.relpath(os.path.normpath(os.path.join(folder, reference)), out_dir)


def _plain(tree: dict, out_dir: str, copies: dict[str, str]) -> dict:
    """A merged registry as plain data, its file references re-expressed for `out_dir`."""
    out: dict = {}
    for key, value in tree.items():
        if key == 'base_url':
            continue  # applied to every reference below
        if isinstance(value, dict):
            out[key] = _plain(value, out_dir, copies)
        elif value.target is not None and value.base is not None and isinstance(value.value, str):
            path = value.target.path
            if path is not None and path in copies:
                out[key] = os.path.relpath(copies[path], out_dir)
            else:
                out[key] = rebase(value.value, value.base, out_dir)
        else:
            out[key] = copy.deepcopy(value.value)
    return out


# -- template copies --------------------------------------------------------------------------
def _copies(references: list[Leaf], out: str, workspace: 'Workspace') -> dict[str, str]:
    """The templates that need a copy without `capabilities` (original -> copy's path): those
    the registry maps that declare the section, or that name such a template with `type:`."""
    memo: dict[str, bool] = {}
    for leaf in references:
        if leaf.target.readable:
            _needs_copy(leaf.target.path, frozenset(), workspace, memo)
    originals = sorted(path for path, needed in memo.items() if needed)
    if not originals:
        return {}
    common = os.path.commonpath([os.path.dirname(p) for p in originals])
    stem = os.path.splitext(os.path.abspath(out))[0] + '.templates'
    return {path: os.path.join(stem, os.path.relpath(path, common)) for path in originals}


def _needs_copy(path: str, above: frozenset, workspace: 'Workspace',
                memo: dict[str, bool]) -> bool:
    """Whether the template at `path` needs a copy (memoised in `memo`); a module function,
    not a closure calling itself (a reference cycle)."""
    if path in memo:
        return memo[path]
    if path in above:
        return False
    summary = workspace.summary(path)
    template = summary.template if summary is not None else None
    if template is None:
        memo[path] = False
        return False
    found = template.capabilities_span is not None
    for ref in template.files:
        if ref.kind != 'type':
            continue
        target = workspace.locator.locate(ref.reference, os.path.dirname(path))
        if target.readable and _needs_copy(target.path, above | {path}, workspace, memo):
            found = True
    memo[path] = found
    return found


def _copy_text(original: str, target: str, workspace: 'Workspace',
               copies: dict[str, str]) -> str:
    """The template at `original` without its capabilities section, for `target`: its
    relative references re-expressed (to the other copies, or back to the originals)."""
    text = workspace.files.read(original).text
    summary = workspace.summary(original)
    tree = parse(text)
    edits: list[tuple[int, int, str]] = []
    root = tree.root
    removed = None
    if isinstance(root, Mapping):
        pair = root.index.get(SECTION)
        if pair is not None:
            removed = _section_range(text, pair, root.flow)
            edits.append((removed[0], removed[1], ''))
    folder, out_dir = os.path.dirname(original), os.path.dirname(target)
    for ref in summary.template.files if summary is not None and summary.template else ():
        start, end = ref.span
        if removed is not None and removed[0] <= start < removed[1]:
            continue
        located = workspace.locator.locate(ref.reference, folder)
        if located.path is not None and located.path in copies and ref.kind == 'type':
            new = os.path.relpath(copies[located.path], out_dir)
        else:
            new = rebase(ref.reference, folder, out_dir)
        if new != ref.reference:
            edits.append((start, end, _scalar(new, text[start:end])))
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def _section_range(text: str, pair, flow: bool) -> tuple[int, int]:
    """The text of a top-level pair to delete: its whole lines in block style; the pair and
    one comma beside it in flow style (and JSON)."""
    start, end = pair.key.start, (pair.value.end if pair.value is not None else pair.key.end)
    if not flow:
        start = text.rfind('\n', 0, start) + 1
        if end > 0 and text[end - 1] != '\n':
            newline = text.find('\n', end)
            end = len(text) if newline < 0 else newline + 1
        return start, end
    after = re.compile(r'\s*,\s*').match(text, end)
    if after is not None:
        return start, after.end()
    before = re.compile(r',\s*\Z').search(text, 0, start)
    return (before.start() if before is not None else start), end


def _scalar(value: str, original: str) -> str:
    """A reference written in place of `original`: plain if it was plain and can be."""
    if original[:1] not in '"\'' and _PLAIN_PATH.match(value):
        return value
    return '"' + value.replace('\\', '\\\\').replace('"', '\\"') + '"'
