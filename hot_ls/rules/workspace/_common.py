"""What the workspace rules share about the document they check."""
import posixpath

from hot_ls.rules.suggestions import did_you_mean
from hot_ls.workspace.environments import LoadedEnvironment


def loaded_environment(analysis) -> LoadedEnvironment:
    """The environment document as `openstack stack create -e` reads it (as the
    resource-capabilities blueprint reads it with the `capabilities` setting); use it through
    `analysis.derived(loaded_environment)`, so it is read once for every rule."""
    return LoadedEnvironment.load(analysis.text, analysis.path, analysis.workspace.locator,
                                  analysis.settings.capabilities, tree=analysis.tree)


def files_like(analysis, target, written: str) -> list[str]:
    """Paths, written as `written` is (its directory part kept), of the files beside a missing
    target whose names look much like its name, with its extension: `nested_sever.yaml` ->
    `nested_server.yaml`, `instal.sh` -> `install.sh` (never `install.yaml`: a script a
    checkout leaves out is not the template beside it)."""
    head, name = posixpath.split(written)
    if not name:
        return []
    extension = posixpath.splitext(name)[1]
    names = [n for n in analysis.workspace.files.names_beside(target)
             if posixpath.splitext(n)[1] == extension]
    matches = did_you_mean(name, names, cutoff=0.8)
    return [posixpath.join(head, match) if head else match for match in matches]
