from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity
from hot_ls.syntax import Mapping, Sequence


class NotHeat(Rule):
    """The file is neither a Heat template nor an environment: what it is instead.

    ## What it checks
    A file named on the command line (`hot-ls check playbook.yml`) that is not
    a HOT or CloudFormation template, an environment or a Jinja2 source of
    one: empty, a mapping with none of their sections (a Kubernetes manifest, a
    `package.json`), a list (an Ansible playbook), or text that is not YAML and
    shows nothing of Heat (a Helm chart, notes).  This one diagnostic replaces
    every other: hot-ls does not report YAML errors in files that are not
    Heat's.  Files found in a directory, the editor's documents and files named
    with `--heat-only` are never reported on when they are not Heat documents;
    the `include` setting makes a file one whatever its content.

    ## Why it matters
    A file named for checking that is not a template is usually a mistake (the
    wrong path, a glob that caught too much); checking it as one would only
    list what Heat would refuse first: "Template format version not found."

    ## Example
    ```yaml
    apiVersion: v1
    kind: ConfigMap
    ```

    ## Fix
    Name the template instead, or declare the file's version if it is meant to
    be one:
    ```yaml
    heat_template_version: 2021-04-16
    description: A ConfigMap, one day
    ```
    """

    code = 'HOT011'
    name = 'not-heat'
    severity = Severity.ERROR
    survives_recovery = True
    kinds = frozenset({Kind.EMPTY, Kind.UNKNOWN, Kind.OTHER})

    def check(self, analysis):
        if analysis.read_problem is not None:
            return  # HOT000 says what is wrong with it
        text = analysis.text
        end = text.find('\n')
        yield Finding(0, len(text) if end == -1 else end, f'Not a Heat template or '
                      f'environment: {describe(analysis)}; hot-ls checks only Heat documents.')


def describe(analysis) -> str:
    """What a document that is not Heat's is, in a few words."""
    tree, kind = analysis.tree, analysis.kind
    several = tree.documents > 1 or any(issue.kind == 'multi-document' for issue in tree.issues)
    if kind is Kind.EMPTY:
        return 'the document is empty'
    if tree.skimmed:
        return (f'none of the top-level keys of its {len(tree.text)} characters is a section '
                'of one (hot-ls reads no further in a document over 1 MiB)')
    if tree.syntax_errors:
        error = tree.syntax_errors[0]
        line = tree.lines.position(error.start).line + 1
        reason = error.message.removeprefix('YAML syntax error: ')
        return f'the text is not YAML (line {line}: {reason})'
    what = 'JSON' if tree.format == 'json' else 'YAML'
    root = tree.root
    if isinstance(root, Mapping):
        keys = [str(key) for key in list(root.index)[:4]]
        more = ', ...' if len(root.index) > 4 else ''
        found = f'a {what} {"object" if what == "JSON" else "mapping"} with the ' \
                f'key{"s" if len(root.index) > 1 else ""} {", ".join(keys)}{more}'
    elif isinstance(root, Sequence):
        found = f'a {what} list'
    else:
        found = f'a single {what} value'
    return found + (', the first of several YAML documents' if several else '')
