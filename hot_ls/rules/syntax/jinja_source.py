from hot_ls.model.document import Kind
from hot_ls.rules.base import Finding, Rule, Severity


class JinjaSource(Rule):
    """The file is a Jinja2 source that renders into a template; it is not checked itself.

    ## What it checks
    Files named `*.j2.yaml` (and files that do not parse and hold Jinja2
    markup where YAML reads structure: `{% for %}` on a line, `{{ name }}`
    beginning a key or a value) are recognised as Jinja2 sources, such as
    TripleO's role templates.  This single note replaces every other
    diagnostic for them.  A `{{ item }}` inside a string (an Ansible task's
    `shell: ln -s {{ file }} ...`) is text: a template holding one that does
    not parse gets its syntax error.

    ## Why it matters
    Heat never sees these files; it sees what they render to.  Reporting
    YAML errors on Jinja2 markup would only be noise.

    ## Example
    The source `overcloud.j2.yaml`:
    ```yaml
    heat_template_version: 2021-04-16
    resources:
    {% for role in roles %}
      {{role.name}}Server:
        type: OS::Heat::None
    {% endfor %}
    ```

    ## Fix
    Render the sources (TripleO: `tools/process-templates.py`) and check the
    output, or exclude `*.j2.yaml` with the `exclude` setting.
    Check what it renders to (here with roles Controller and Compute):
    ```yaml
    heat_template_version: 2021-04-16
    resources:
      ControllerServer:
        type: OS::Heat::None
      ComputeServer:
        type: OS::Heat::None
    ```
    """

    code = 'HOT006'
    name = 'jinja-source'
    severity = Severity.INFORMATION
    survives_recovery = True
    kinds = frozenset({Kind.JINJA})

    def check(self, analysis):
        yield Finding(0, 0, 'Jinja2 source: hot-ls checks the templates it renders to, not the source')
