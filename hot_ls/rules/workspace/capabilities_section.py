from hot_ls.model.document import Kind
from hot_ls.model.environment import REQUIRES
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.workspace._common import loaded_environment
from hot_ls.syntax import Mapping
from hot_ls.workspace.capabilities import SECTION, Capabilities, registry_lists
from hot_ls.workspace.environments import client_refusal

#: what HOT110, HOT601 and HOT603 add when they report the blueprint's constructs
BLUEPRINT_HINT = ("the resource-capabilities blueprint's, which Heat never implemented; the "
                  'setting `capabilities = true` has hot-ls understand it')
_RESOLVE = '`hot-ls capabilities resolve` writes'


class CapabilitiesSection(Rule):
    """Stock Heat refuses the resource-capabilities blueprint's sections.

    ## What it checks
    With the setting `capabilities = true`, hot-ls understands the
    resource-capabilities blueprint: a template's `capabilities:` section,
    an environment's `requires:` section and `resource_registry` values
    that are lists of candidate templates (`requires` chooses one; see
    `hot-ls capabilities`).  Heat never implemented it, so this rule
    points at each of them, as a warning: stock Heat refuses them.  A
    `capabilities` section that is not a mapping declares nothing, which
    this rule says too.  (With the setting off, HOT110, HOT601 and HOT603
    report these as the errors stock Heat makes of them.)

    ## Why it matters
    Stock Heat stops: "The template section is invalid: capabilities"
    (for a provider template too, at `openstack stack create`),
    'environment has wrong section "requires"', and python-heatclient's
    "Cannot mix str and non-str arguments" for a list.

    ## Example
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

    ## Fix
    For stock Heat, give it what `hot-ls capabilities resolve -e
    environment.yaml -o plain.yaml` writes: the environment with each list
    replaced by the template `requires` selects and without `requires`,
    and copies of the templates without their `capabilities` section (in
    `plain.templates/`).  For a Heat that implements the blueprint,
    disable this rule.
    ```yaml
    resource_registry:
      OS::TripleO::Controller: plain.templates/controller.yaml
    ```
    ```yaml
    # plain.templates/controller.yaml
    heat_template_version: 2015-10-15
    ```
    """

    code = 'HOT609'
    name = 'capabilities-section'
    severity = Severity.WARNING
    kinds = frozenset({Kind.HOT, Kind.ENVIRONMENT})

    def check(self, analysis):
        if not analysis.settings.capabilities:
            return
        root = analysis.tree.root
        if not isinstance(root, Mapping):
            return
        if analysis.kind is Kind.HOT:
            yield from self._template(root)
        else:
            yield from self._environment(analysis, root)

    def _template(self, root: Mapping):
        pair = root.index.get(SECTION)
        if pair is None:
            return
        yield Finding(pair.key.start, pair.key.end,
                      'Stock Heat refuses the capabilities section ("The template section is '
                      'invalid: capabilities"), in a provider template too: ' + _RESOLVE
                      + ' copies of the templates an environment maps without it')
        value = pair.value
        problem = Capabilities.of(value.to_python() if value is not None else None).problem
        if problem is not None:
            where = value if value is not None else pair.key
            yield Finding(where.start, where.end, problem)

    def _environment(self, analysis, root: Mapping):
        pair = root.index.get(REQUIRES)
        if pair is not None:
            yield Finding(pair.key.start, pair.key.end,
                          'Stock Heat refuses the requires section (environment has wrong '
                          'section "requires"): ' + _RESOLVE + ' the environment it accepts')
        loaded = analysis.derived(loaded_environment)
        for _, leaf in registry_lists(loaded.registry):
            span = leaf.origin.value or leaf.origin.key
            if span is None:
                continue
            refusal = client_refusal(None, leaf.value, leaf.base or '/')
            said = f' (python-heatclient: {refusal})' if refusal else ''
            yield Finding(span[0], span[1],
                          f'Stock Heat refuses a list of candidate templates{said}: ' + _RESOLVE
                          + ' the environment it accepts, with the template requires selects')
