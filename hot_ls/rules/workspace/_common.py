"""What the workspace rules share about the document they check."""
from hot_ls.workspace.environments import LoadedEnvironment


def loaded_environment(analysis) -> LoadedEnvironment:
    """The environment document as `openstack stack create -e` reads it (as the
    resource-capabilities blueprint reads it with the `capabilities` setting); use it through
    `analysis.derived(loaded_environment)`, so it is read once for every rule."""
    return LoadedEnvironment.load(analysis.text, analysis.path, analysis.workspace.locator,
                                  analysis.settings.capabilities, tree=analysis.tree)
