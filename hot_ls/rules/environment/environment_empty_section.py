from hot_ls.model.document import Kind
from hot_ls.model.environment import REQUIRES
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Scalar


class EnvironmentEmptySection(Rule):
    """An environment section is present but empty.

    ## What it checks
    Sections such as `parameter_defaults:` with nothing under them (not
    the resource-capabilities blueprint's `requires:`, which HOT601 or
    HOT610 report).

    ## Why it matters
    python-heatclient (and so `openstack stack create -e` and TripleO)
    accepts them, but Heat's own parser refuses an environment file passed
    through the API's environment_files: 'environment has empty section
    "parameter_defaults"'.

    ## Example
    ```yaml
    resource_registry:
      OS::TripleO::Services::Foo: OS::Heat::None
    parameter_defaults:
    ```

    ## Fix
    Remove the empty section, or write `{}`.
    ```yaml
    resource_registry:
      OS::TripleO::Services::Foo: OS::Heat::None
    ```
    """

    code = 'HOT602'
    name = 'environment-empty-section'
    severity = Severity.WARNING
    kinds = frozenset({Kind.ENVIRONMENT})

    def check(self, analysis):
        for key, pair in analysis.tree.root.index.items():
            if isinstance(pair.value, Scalar) and pair.value.value is None and key != REQUIRES:
                yield Finding(pair.key.start, pair.key.end,
                              f'environment has empty section "{key}"; python-heatclient accepts '
                              'it, Heat\'s environment_files parser does not')
