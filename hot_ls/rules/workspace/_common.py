"""What the workspace rules share about the document they check."""
import posixpath

from hot_ls.model.document import is_jinja_path
from hot_ls.rules.suggestions import did_you_mean
from hot_ls.workspace.environments import LoadedEnvironment


def loaded_environment(analysis) -> LoadedEnvironment:
    """The environment document as `openstack stack create -e` reads it (as the
    resource-capabilities blueprint reads it with the `capabilities` setting); use it through
    `analysis.derived(loaded_environment)`, so it is read once for every rule."""
    return LoadedEnvironment.load(analysis.text, analysis.path, analysis.workspace.locator,
                                  analysis.settings.capabilities, tree=analysis.tree)


def jinja_source_of(analysis, target, written: str) -> str | None:
    """The Jinja2 source a missing file is rendered from, written as `written` is: the
    `name.j2.yaml` beside a missing `name.yaml` (TripleO's convention), else None."""
    head, name = posixpath.split(written)
    stem, extension = posixpath.splitext(name)
    if target is None or extension not in ('.yaml', '.yml') or not stem:
        return None
    source = f'{stem}.j2{extension}'
    if source not in analysis.workspace.files.names_beside(target):
        return None
    return posixpath.join(head, source) if head else source


def files_like(analysis, target, written: str) -> list[str]:
    """Paths, written as `written` is (its directory part kept), of the files beside a missing
    target whose names look much like its name, with its extension: `nested_sever.yaml` ->
    `nested_server.yaml`, `instal.sh` -> `install.sh` (never `install.yaml`: a script a
    checkout leaves out is not the template beside it; never a Jinja2 source, `x.j2.yaml`,
    which no `type:` can name)."""
    head, name = posixpath.split(written)
    if not name:
        return []
    extension = posixpath.splitext(name)[1]
    names = [n for n in analysis.workspace.files.names_beside(target)
             if posixpath.splitext(n)[1] == extension and not is_jinja_path(n)]
    matches = did_you_mean(name, names, cutoff=0.8)
    return [posixpath.join(head, match) if head else match for match in matches]
