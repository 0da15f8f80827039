from hot_ls.model import event_sinks
from hot_ls.model.document import Kind
from hot_ls.model.environment import EVENT_SINKS, SectionShapeError
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean
from hot_ls.rules.workspace._common import loaded_environment
from hot_ls.rules.workspace.capabilities_section import BLUEPRINT_HINT
from hot_ls.syntax import Node, Sequence
from hot_ls.workspace.environments import MissingFile


class EnvironmentRefused(Rule):
    """`openstack stack create -e` refuses this environment file.

    ## What it checks
    What python-heatclient and Heat check when they read an environment,
    beyond its sections: every `resource_registry` value that is not a
    type name (one without `::`) is read as a file, relative to the
    environment, and must exist; a value must be a string (null, a
    number or a list stops python-heatclient: a list of candidate
    templates is the resource-capabilities blueprint's, which the
    setting `capabilities = true` has hot-ls understand, and then HOT609
    and HOT610 check); `hooks` and
    `restricted_actions` under `resources:` must name Heat's hook types
    (`pre-create`...) and actions (`update`, `replace`); each of the
    `event_sinks` must be one Heat can build (a mapping whose `type` is
    `zaqar-queue`, with a `target` and optionally a `ttl`: Heat builds them
    when it reads the environment, `template validate` too); and
    `resource_registry`, `parameters` and `parameter_defaults` must be
    mappings (an empty `parameters` or `parameter_defaults` is skipped), as
    must each entry under `resources`; a `base_url` must be a URL
    (python-heatclient joins each file name to it and opens the result).
    The messages are python-heatclient's and Heat's.  A missing file is a warning here (an
    environment may be meant for another folder; a template created with
    it gets HOT605), and a file outside the workspace (an absolute path of
    the deploying machine, a URL) is not read and not checked.

    ## Why it matters
    The stack is never created: "Could not fetch contents for
    file:///.../nested/servr.yaml", "argument of type 'NoneType' is not
    iterable", 'Invalid hook type "pre-crate" for resource breakpoint...',
    or, for an event sink, a bare Python error ("'zaqar'", "'type'").
    (Heat's engine would take `null` as a deletion, but python-heatclient
    never gets that far.)

    ## Example
    ```yaml
    resource_registry:
      My::Server: nested/servr.yaml
      resources:
        db:
          hooks: pre-crate
    ```

    ## Fix
    Fix the path or the hook name; remove an entry instead of setting it
    to null.
    ```yaml
    resource_registry:
      My::Server: nested/server.yaml
      resources:
        db:
          hooks: pre-create
    ```
    ```yaml
    # nested/server.yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT603'
    name = 'environment-refused'
    severity = Severity.ERROR
    kinds = frozenset({Kind.ENVIRONMENT})

    def check(self, analysis):
        loaded = analysis.derived(loaded_environment)
        for problem in loaded.client_problems:
            node = problem.node
            start, end = (node.start, node.end) if node is not None else (0, 0)
            if problem.why:
                yield Finding(start, end, f'python-heatclient stops: {problem.explained}')
            elif isinstance(problem, MissingFile):
                yield Finding(start, end, problem.message + ' (python-heatclient reads a '
                              "resource_registry value without '::' as a file, relative to this "
                              'environment, when a stack is created with it)',
                              severity=Severity.WARNING)
            elif isinstance(node, Sequence):
                yield Finding(start, end, f'python-heatclient stops: {problem.message} (a list '
                              f'of candidate templates is {BLUEPRINT_HINT})')
            else:
                yield Finding(start, end, f'python-heatclient stops: {problem.message} (a '
                              'resource_registry value must be a type name or a file; to undo '
                              'a mapping, remove the entry)')
        for start, end, message in loaded.registry_problems():
            yield Finding(start, end, message)
        for problem in loaded.environment.problems:
            if isinstance(problem, SectionShapeError) and problem.node is not None:
                yield Finding(problem.node.start, problem.node.end, problem.explained)
        yield from _event_sinks(loaded.environment.sections.get(EVENT_SINKS))


def _event_sinks(section: Node | None):
    """Heat's refusal of the file's event sinks, on the item (its key or value) it fails on."""
    if section is None:
        return
    refused = event_sinks.refusal(section.to_python())
    if refused is None:
        return
    node = event_sinks.refused_node(section, refused)
    matches = did_you_mean(refused.unknown_type, event_sinks.SINK_TYPES) \
        if refused.unknown_type else []
    yield Finding(node.start, node.end, refused.text,
                  data={'replacements': matches} if matches else None)
