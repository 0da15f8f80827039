from hot_ls.model.document import ENVIRONMENT_SECTIONS, Kind
from hot_ls.model.environment import REQUIRES
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import did_you_mean, suggestion_text
from hot_ls.rules.workspace.capabilities_section import BLUEPRINT_HINT


class EnvironmentSection(Rule):
    """An environment file has a section Heat does not know.

    ## What it checks
    Top-level keys of an environment against parameters, resource_registry,
    parameter_defaults, encrypted_param_names, event_sinks and
    parameter_merge_strategies.

    ## Why it matters
    Heat and python-heatclient refuse the environment: 'environment has
    wrong section "x"'.  The resource-capabilities blueprint's `requires:`
    section was never implemented (the message names the setting
    `capabilities = true`, with which hot-ls understands it: then HOT609
    reports it instead).

    ## Example
    ```yaml
    parameter_defaults:
      flavor: m1.small
    parameter_default:
      image: cirros
    ```

    ## Fix
    Fix the spelling.
    ```yaml
    parameter_defaults:
      flavor: m1.small
      image: cirros
    ```
    """

    code = 'HOT601'
    name = 'environment-section'
    severity = Severity.ERROR
    kinds = frozenset({Kind.ENVIRONMENT})

    def check(self, analysis):
        root = analysis.tree.root
        for key, pair in root.index.items():
            if key in ENVIRONMENT_SECTIONS:
                continue
            if key == REQUIRES:
                if not analysis.settings.capabilities:  # else HOT609 says it
                    yield Finding(pair.key.start, pair.key.end,
                                  f'environment has wrong section "{key}" (the section is '
                                  f'{BLUEPRINT_HINT})')
                continue
            matches = did_you_mean(key, ENVIRONMENT_SECTIONS)
            yield Finding(pair.key.start, pair.key.end,
                          f'environment has wrong section "{key}"' + suggestion_text(matches),
                          data={'replacements': matches} if matches else None)
