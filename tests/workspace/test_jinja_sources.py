"""A tree whose templates are partly Jinja2 sources, rendered before a stack is created.

TripleO's checkout holds `apache-baremetal-puppet.j2.yaml`; its services name
`apache-baremetal-puppet.yaml`, which tools/process-templates.py writes when
the plan is made.  In the tree as it is checked out, that file is missing:
python-heatclient could not read it, but nobody creates a stack from that
tree.  hot-ls says so as a warning (found checking the retired
openstack/tripleo-heat-templates master as a TripleO developer has it: 12
such errors before), and never offers a Jinja2 source as what a misspelt
path meant (no `type:` can name one).
"""
from __future__ import annotations

from hot_ls.cli.check import check_paths
from hot_ls.config import Settings

SERVICE = '''heat_template_version: wallaby
resources:
  ApacheServiceBase:
    type: ../apache/apache-baremetal-puppet.yaml
  Members:
    type: OS::Heat::ResourceGroup
    properties:
      count: 0
      resource_def: {type: ../apache/apache-baremetal-puppet.yaml}
  Misspelt:
    type: ../apache/apache-baremetal-puppett.yaml
'''
RENDERED = ('; it is rendered from the Jinja2 source ../apache/apache-baremetal-puppet.j2.yaml '
            "(as TripleO's tools/process-templates.py renders its *.j2.yaml files before a "
            'stack is created); render the templates to have it checked')


def test_a_template_rendered_from_a_jinja2_source_is_a_warning(tmp_path):
    (tmp_path / 'apache').mkdir()
    (tmp_path / 'aodh').mkdir()
    (tmp_path / 'apache' / 'apache-baremetal-puppet.j2.yaml').write_text(
        'heat_template_version: wallaby\n{% for role in roles %}\n{% endfor %}\n')
    (tmp_path / 'aodh' / 'aodh-api.yaml').write_text(SERVICE)
    [report] = [r for r in check_paths([str(tmp_path)], Settings())
                if r.path.endswith('aodh-api.yaml')]
    found = [(d.code, d.severity.label, report.lines.position(d.start).line + 1, d.message)
             for d in report.diagnostics]
    assert found == [
        ('HOT605', 'warning', 4, 'Could not fetch contents for '
                                 '../apache/apache-baremetal-puppet.yaml: the file does not '
                                 'exist' + RENDERED),
        ('HOT605', 'warning', 9, 'Could not fetch contents for '
                                 '../apache/apache-baremetal-puppet.yaml: the file does not '
                                 'exist' + RENDERED),
        ('HOT605', 'error', 11, 'Could not fetch contents for '
                                '../apache/apache-baremetal-puppett.yaml: the file does not '
                                'exist')]
