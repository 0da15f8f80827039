"""tools/heat_unit_templates.py finds the templates written into a test suite's source."""
from __future__ import annotations

import os
import sys

from helpers import ROOT

sys.path.insert(0, os.path.join(ROOT, 'tools'))
import heat_unit_templates  # noqa: E402

SOURCE = '''
HOT = """
heat_template_version: 2021-04-16
resources:
  r: {type: OS::Heat::None}
"""
AGAIN = """
heat_template_version: 2021-04-16
resources:
  r: {type: OS::Heat::None}
"""
def test():
    check("heat_template_version is a key")           # not YAML that is a template
    check("""heat_template_version: [unclosed""")     # not YAML
    check("""
heat_template_version: 2013-05-23
outputs: {o: {value: 1}}
""")
'''


def test_every_distinct_template_literal_once_with_where_it_is(tmp_path):
    (tmp_path / 'unit').mkdir()
    (tmp_path / 'unit' / 'test_a.py').write_text(SOURCE, encoding='utf-8')
    (tmp_path / 'broken.py').write_text('def (:\n  "heat_template_version: 1"\n', encoding='utf-8')
    found = heat_unit_templates.templates_in(str(tmp_path))
    assert [(where, text.split('\n')[1]) for where, text in found] == [
        ('unit/test_a.py:2', 'heat_template_version: 2021-04-16'),
        ('unit/test_a.py:15', 'heat_template_version: 2013-05-23'),
    ]
