import functools
import os
import weakref

from hot_ls.rules.base import UNMAPPED, Finding, Rule, Severity
from hot_ls.workspace.registry import TEMPLATE_SUFFIXES
from hot_ls.workspace.stacks import LOOP, NOT_FOUND
from hot_ls.rules.suggestions import did_you_mean, near_misses, suggestion_text
from hot_ls.syntax import Scalar

#: names like a file that Heat does not make a provider template of (only names ending in
#: TEMPLATE_SUFFIXES: environment.py's `endswith(('.yaml', '.template'))`): type names to Heat
FILE_LIKE_SUFFIXES = ('.yml', '.json', '.hot', '.yaml.j2')
NOT_A_TEMPLATE_NAME = ('Heat makes a provider template only of a file whose name ends in .yaml '
                       'or .template')


def is_template_type(name: str) -> bool:
    """A provider template named as a type (a path or a URL), not a registered type."""
    return name.endswith(TEMPLATE_SUFFIXES)


def names_a_file(name: str) -> bool:
    """A type name that looks like a file or a URL Heat does not make a template of (no
    registry maps such a name on purpose)."""
    return name.endswith(FILE_LIKE_SUFFIXES) or '://' in name


class ResourceTypeUnknown(Rule):
    """A resource type that nothing implements.

    ## What it checks
    Each resource's `type` as Heat resolves it: the `resource_registry` of
    the environments the stack is created with (see the `environments` and
    `stacks` settings, or `hot-ls check -e`), then the resource catalog:
    Heat's 201 types (hidden ones included), the global aliases
    (`OS::Quantum::*`, Ceilometer alarms), cloud schema dumps and custom
    plugins from the settings.  A type that none of them implements is an
    error.  When no environment is known for the template, a type outside
    the namespaces Heat owns (`OS::TripleO::...`, `Magnum::...`) may come
    from an environment hot-ls was not told about: then it is a warning
    that says so, unless it is one or two edits away from a type of the
    catalog (`OS::Nuetron::Port`, `OS::Heta::StructuredConfig`), which no
    registry maps on purpose: that is an error.  Provider templates
    (`type: server.yaml`, or a type an environment maps to a file) are
    checked by HOT605; Heat makes one only of a name ending in `.yaml` or
    `.template`: `type: server.yml` is a type nothing implements (an
    error, as no registry maps such a name on purpose).

    ## Why it matters
    Heat refuses the stack: "The Resource Type (OS::Nova::Sever) could not
    be found."

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::Nne
    ```

    ## Fix
    Fix the spelling (the message suggests close names), or map the type in
    an environment's resource_registry.  When no environment is known for the
    template and environments of the workspace map the type, name one for its
    stack (`-e`, or the settings' `stacks`: the editor's quick fix writes the
    entry).
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: OS::Heat::None
    ```
    """

    code = 'HOT701'
    name = 'resource-type-unknown'
    severity = Severity.ERROR
    per_entry = True
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        catalog = analysis.catalog
        stack = analysis.stack
        for res in analysis.checking.resources:
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str) or not node.value:
                continue
            name = node.value
            resolved = analysis.type_resolution(res)
            if resolved.problem not in (NOT_FOUND, LOOP) or is_template_type(name):
                continue
            if resolved.problem == LOOP:
                yield Finding(node.start, node.end, resolved.message)
                continue
            message = f'The Resource Type ({name}) could not be found'
            if not surely_unknown(catalog, stack, name):
                # Another namespace: a registry type, nothing to suggest from Heat's names.
                yield Finding(node.start, node.end,
                              message + " in Heat's catalog; it must be mapped by an environment's "
                              'resource_registry, and no environment is known for this template '
                              '(name them in the settings, `environments` or `stacks`, or with '
                              'hot-ls check -e)', severity=Severity.WARNING,
                              data={UNMAPPED: name})
                continue
            stripped = name.strip()
            if stripped != name and stripped and (catalog.heat_owns(stripped)
                                                  or catalog.lookup(stripped) is not None):
                # Heat matches the type exactly: the spaces are part of the name
                yield Finding(node.start, node.end,
                              message + f': the spaces around it are part of the name; '
                              f'did you mean "{stripped}"?', data={'replacements': [stripped]})
            elif names_a_file(name):
                yield Finding(node.start, node.end, f'{message}: {NOT_A_TEMPLATE_NAME}')
            elif catalog.heat_owns(name):
                matches = did_you_mean(name, catalog.names(include_hidden=True), cutoff=0.75)
                yield Finding(node.start, node.end, message + suggestion_text(matches),
                              data={'replacements': matches} if matches else None)
            elif near := _near_misses(name, _candidates(catalog)):
                # A misspelt namespace (OS::Nuetron::Port): the catalog type it misses.
                yield Finding(node.start, node.end, message + suggestion_text(near),
                              data={'replacements': near})
            else:  # (the stack's environments are known)
                used = ', '.join(os.path.basename(p) for p in stack.environment.paths)
                yield Finding(node.start, node.end,
                              f'{message}.  No environment of this stack maps it ({used}), and '
                              "it is not in Heat's catalog")


_CANDIDATES: 'weakref.WeakKeyDictionary' = weakref.WeakKeyDictionary()


def surely_unknown(catalog, stack, name: str) -> bool:
    """Whether HOT701 calls a type nothing implements an error in `stack`, not the warning
    that an environment hot-ls was not told about may map it (also what HOT605 follows
    below a provider template)."""
    stripped = name.strip()
    return bool(stack.environments_known or names_a_file(name) or catalog.heat_owns(name)
                or (stripped != name and stripped and (catalog.heat_owns(stripped)
                                                       or catalog.lookup(stripped) is not None))
                or _near_misses(name, _candidates(catalog)))


def _candidates(catalog) -> tuple[str, ...]:
    """The catalog's type names, hidden ones and the global aliases included (once per catalog)."""
    found = _CANDIDATES.get(catalog)
    if found is None:
        found = _CANDIDATES[catalog] = tuple(catalog.names(include_hidden=True)) + \
            tuple(catalog.aliases.types)
    return found


@functools.lru_cache(maxsize=4096)
def _near_misses(name: str, candidates: tuple[str, ...]) -> list[str]:
    """near_misses, remembered: a template names the same registry types again and again."""
    return near_misses(name, candidates)
