from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.rules.workspace._common import files_like
from hot_ls.syntax import Scalar
from hot_ls.workspace.paths import UNSAVED
from hot_ls.workspace.stacks import PROVIDER_BROKEN, PROVIDER_MISSING, PROVIDER_UNREAD


class ProviderTemplate(Rule):
    """A resource's type is a provider template that cannot be used.

    ## What it checks
    A type that names a template (`type: nested.yaml`) or that an
    environment's resource_registry maps to one: the file must exist and be
    a HOT template.  python-heatclient reads it (relative to the file that
    names it) and sends it with the stack; Heat makes a resource type of it
    (its parameters are the properties, its outputs the attributes; HOT702
    to HOT706 check those).  A template outside the workspace folders and
    search paths (an absolute path of the deploying machine without a
    `path_map`, a URL) is not read: that is information, nothing is
    checked of the resource.  So is a CloudFormation template: Heat makes
    a resource type of it too, but hot-ls does not read its Parameters
    and Outputs.

    python-heatclient reads every such file before it sends the stack, so
    a resource Heat would never create (its condition false) counts too.

    ## Why it matters
    `openstack stack create` stops: "Could not fetch contents for
    file:///.../nested.yaml"; Heat refuses a provider that is not a
    template.

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: nested/servr.yaml
    ```

    ## Fix
    Fix the path (relative to the template, or to the environment that
    maps the type); for files only the deploying machine has, set
    `path_map` or `search_paths`.  A template beside the missing one whose
    name looks like it is offered, and the quick fix writes it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      server:
        type: nested/server.yaml
    ```
    ```yaml
    # nested/server.yaml
    heat_template_version: 2021-04-16
    ```
    """

    code = 'HOT605'
    name = 'provider-template'
    severity = Severity.ERROR
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        for res in analysis.checking.resources:
            node = res.get('type')
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            resolved = analysis.type_resolution(res)
            if resolved.problem == PROVIDER_MISSING:
                # (a path written here, not one an environment maps the type to)
                matches = files_like(analysis, resolved.provider, node.value) \
                    if resolved.provider is not None and node.value == resolved.provider.reference \
                    else []
                yield Finding(node.start, node.end, resolved.message + suggestion_text(matches),
                              data={'replacements': matches} if matches else None)
            elif resolved.problem == PROVIDER_BROKEN:
                yield Finding(node.start, node.end, resolved.message)
            elif resolved.problem == PROVIDER_UNREAD and resolved.provider is not None and \
                    resolved.provider.refusal != UNSAVED:
                yield Finding(node.start, node.end,
                              f'{resolved.message}; hot-ls checks nothing of this resource',
                              severity=Severity.INFORMATION)
