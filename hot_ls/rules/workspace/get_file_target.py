from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.rules.suggestions import suggestion_text
from hot_ls.rules.workspace._common import files_like
from hot_ls.syntax import Scalar
from hot_ls.workspace.paths import OUTSIDE, SYMLINK_OUT, UNSAVED, URL

# What a target is that hot-ls does not read, and why, as the message says it.
_REFUSALS = {URL: 'a URL: hot-ls never fetches anything',
             OUTSIDE: 'outside the workspace folders and search paths: hot-ls does not read it',
             SYMLINK_OUT: 'a symbolic link leading outside the workspace: hot-ls does not read '
                          'it'}


class GetFileTarget(Rule):
    """A `get_file` target that does not exist, or that hot-ls does not read.

    ## What it checks
    Each `get_file` whose argument is a literal path: python-heatclient
    reads the file, relative to the template, when it sends the stack, and
    `get_file` returns its content.  A missing file is a warning (checkouts
    often leave scripts out, and the file may be generated before the
    deploy).  A URL, or a path leaving the workspace folders and search
    paths (an absolute path, `..`, a symbolic link pointing out), is never
    read: that is information saying which and why (its content is
    unknown to the evaluator).

    ## Why it matters
    `openstack stack create` stops when the file is missing: "Could not
    fetch contents for file:///.../scripts/boot.sh".

    ## Example
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      config:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: scripts/boot.sh}
    ```

    ## Fix
    Fix the path, relative to the template; for files only the deploying
    machine has, set `path_map` or `search_paths`.  A file beside the
    missing one whose name looks like it is offered, and the quick fix
    writes it.
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      config:
        type: OS::Heat::SoftwareConfig
        properties:
          config: {get_file: scripts/boot.sh}
    ```
    ```yaml
    # scripts/boot.sh
    echo hello
    ```
    """

    code = 'HOT608'
    name = 'get-file-target'
    severity = Severity.WARNING
    per_entry = True

    def check(self, analysis):
        template = analysis.template
        if template.version is None:
            return
        workspace = analysis.workspace
        stack = analysis.stack
        for call in analysis.checking.calls():
            if call.name != 'get_file' or call.impl in ('Removed', 'Invalid'):
                continue
            node = call.args
            if not isinstance(node, Scalar) or not isinstance(node.value, str):
                continue
            target = stack.locate(node.value)
            if target.refusal == UNSAVED:
                continue
            if target.refusal is not None:
                why = _REFUSALS.get(target.refusal, f'{target.refusal}: hot-ls does not read it')
                yield Finding(node.start, node.end,
                              f'{node.value} is {why}, so its content is unknown here',
                              severity=Severity.INFORMATION)
            elif not workspace.files.exists(target):
                matches = files_like(analysis, target, node.value)
                yield Finding(node.start, node.end,
                              f'Could not fetch contents for {node.value}: the file does not '
                              f'exist{suggestion_text(matches)} (python-heatclient reads it when '
                              'the stack is created)',
                              data={'replacements': matches} if matches else None)
