import functools
import weakref

from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, near_misses, suggestion_text
from hot_ls.syntax import Scalar

TEMPLATE_SUFFIXES = ('.yaml', '.yml', '.template', '.json')


def is_template_type(name: str) -> bool:
    """A provider template named as a type (a path or a URL), not a registered type."""
    return name.endswith(TEMPLATE_SUFFIXES) or '://' in name


class ResourceTypeUnknown(Rule):
    """A resource type that is not in the catalog.

    ## What it checks
    Each resource's `type` against the resource catalog: Heat's 201 types
    (hidden ones included), the global aliases (`OS::Quantum::*`,
    Ceilometer alarms), cloud schema dumps and custom plugins from the
    settings.  A type in a namespace Heat owns (`OS::Nova::`,
    `OS::Heat::`, `AWS::EC2::`...) that is not there is an error, and so
    is a type one or two edits away from a type of the catalog
    (`OS::Nuetron::Port`, `OS::Heta::StructuredConfig`): no registry maps a
    near miss of a built-in type on purpose.  Any other type in another
    namespace (`OS::TripleO::...`, `Magnum::...`) must come from an
    environment's resource_registry, which this file alone does not show:
    that is a warning.  Provider templates (`type: server.yaml`) are not
    checked here.

    ## Why it matters
    Heat refuses the stack: "The Resource Type (OS::Nova::Sever) could not
    be found."

    ## Example
    ```yaml
    server:
      type: OS::Nova::Sever
    ```

    ## Fix
    Fix the spelling (the message suggests close names), or map the type in
    an environment's resource_registry.
    """

    code = 'HOT701'
    name = 'resource-type-unknown'
    severity = Severity.ERROR
    checked_when_created = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        catalog = analysis.catalog
        for res in template.resources.values():
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str) or not node.value:
                continue
            name = node.value
            if is_template_type(name) or catalog.lookup(name) is not None:
                continue
            message = f'The Resource Type ({name}) could not be found'
            stripped = name.strip()
            if stripped != name and stripped and (catalog.heat_owns(stripped)
                                                  or catalog.lookup(stripped) is not None):
                # Heat matches the type exactly: the spaces are part of the name
                yield Finding(node.start, node.end,
                              message + f': the spaces around it are part of the name; '
                              f'did you mean "{stripped}"?', data={'replacements': [stripped]})
            elif catalog.heat_owns(name):
                matches = did_you_mean(name, catalog.names(include_hidden=True), cutoff=0.75)
                yield Finding(node.start, node.end, message + suggestion_text(matches),
                              data={'replacements': matches} if matches else None)
            elif near := _near_misses(name, _candidates(catalog)):
                # A misspelt namespace (OS::Nuetron::Port): the catalog type it misses.
                yield Finding(node.start, node.end, message + suggestion_text(near),
                              data={'replacements': near})
            else:
                # Another namespace: a registry type, nothing to suggest from Heat's names.
                yield Finding(node.start, node.end,
                              message + " in Heat's catalog; it must be mapped by an environment's "
                              'resource_registry', severity=Severity.WARNING)


_CANDIDATES: 'weakref.WeakKeyDictionary' = weakref.WeakKeyDictionary()


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
