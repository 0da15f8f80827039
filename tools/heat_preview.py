"""Heat's own pre-create view of a template's resources: the properties each would be given.

Run with the Heat virtual environment's Python.  Reads JSON Lines on stdin,
{"id", "template": TEXT, "files": {name: TEXT}, "parameters": {name: value}}
(parameters without a default nor a given value get tools/placeholders.py's),
and writes one line per case: {"id", "resources": {name: {"type", "properties"}}}
or {"id", "error": MESSAGE}.

It builds the stack as `openstack stack create` (and `stack preview`) do
(tools/heat_validate.py's offline cloud: every lookup finds what it looks
for, a name is its own ID), validates it, and formats each enabled
resource's properties as the engine's api.format_resource_properties does
for `stack preview`: every property of the type's schema, with defaults,
type conversions and translation rules applied.  Values known only after
deploy are Heat's before-deploy ones: get_resource gives the resource's
name, get_attr gives None (converted as the property's type converts None).
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_validate  # noqa: E402  (bootstraps Heat, stubs the cloud)

from heat.common import context, template_format  # noqa: E402
from heat.engine import api, environment, stack as parser, template as templatem  # noqa: E402


def preview(case: dict) -> dict:
    try:
        tmpl_dict = template_format.parse(case['template'])
        tmpl = templatem.Template(tmpl_dict, files=dict(case.get('files') or {}))
        values = dict(case.get('parameters') or {})
        if isinstance(tmpl_dict, dict):
            values.update(heat_validate.placeholder_values(tmpl_dict, values))
        tmpl.env = environment.Environment({'parameters': values})
        ctx = context.RequestContext(user_id='u', project_id='p', is_admin=False)
        stk = parser.Stack(ctx, 'name', tmpl)
        stk.validate()
        resources = {}
        for name, res in stk.resources.items():
            resources[name] = {'type': res.type(),
                               'properties': json.loads(json.dumps(
                                   api.format_resource_properties(res), default=repr))}
        return {'resources': resources}
    except Exception as exc:
        return {'error': f'{type(exc).__name__}: {exc}'}


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        result = preview(case)
        result['id'] = case.get('id')
        sys.stdout.write(json.dumps(result) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
