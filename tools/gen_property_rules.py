"""Generate hot_ls/data/property_rules.json: how Heat treats properties, per type.

Two things the schemas alone do not say:

* translations: 

a resource type may accept a deprecated property in place of a
  required one (OS::Neutron::Port's
`network_id` fills `network`); Heat does it with TranslationRule REPLACE
rules built at run time by each resource's `translation_rules()`.  This asks
each registered type for its rules, through a resource instantiated offline,
and records REPLACE and DELETE rules (RESOLVE only looks up IDs, ADD
appends values; neither changes which keys satisfy a required property).
* any_property: the types Heat builds on OS::Heat::None (NoneResource and
  its subclasses: the 32 retired types, LBaaS, Sahara, Senlin,
  OS::Glance::Image...), which never resolve their properties.  The list is
  read from Heat's registry and checked against Heat's answer on a template
  giving each type a made-up property.

Run with the Heat virtual environment's Python.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_runtime  # noqa: E402
import heat_validate  # noqa: E402

from heat.common import context  # noqa: E402
from heat.engine import environment, resources, stack as parser, template  # noqa: E402
from heat.engine.resources.openstack.heat import none_resource  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), '..', 'hot_ls', 'data', 'property_rules.json')
# Types whose translation_rules() reads a property that must hold a value.
PROPERTIES = {'OS::Neutron::RBACPolicy': {'object_type': 'network', 'object_id': 'x',
                                          'target_tenant': 'y', 'action': 'access_as_shared'}}


def main() -> None:
    heat_runtime.heat_version()
    env = resources.global_env()
    ctx = context.RequestContext(user_id='u', project_id='p')
    out = {}
    any_property = []
    stubbed = sorted(name for name, info in env.registry._registry.items()
                     if isinstance(info, environment.ClassResourceInfo)
                     and issubclass(info.get_class(), none_resource.NoneResource))
    for name, info in sorted(env.registry._registry.items()):
        if not isinstance(info, environment.ClassResourceInfo):
            continue
        tmpl = template.Template({'heat_template_version': '2021-04-16', 'resources': {
            'r': {'type': name, 'properties': PROPERTIES.get(name, {})}}})
        stack = parser.Stack(ctx, 's', tmpl)  # resources hold only a weak reference to it
        res = stack['r']
        rules = []
        for rule in res.translation_rules(res.properties) or []:
            if rule.rule not in ('Replace', 'Delete'):
                continue
            rules.append({'rule': rule.rule, 'path': list(rule.translation_path),
                          'value_path': list(rule.value_path) if rule.value_path else None,
                          'value_name': rule.value_name,
                          'custom_value_path': (list(rule.custom_value_path)
                                                if rule.custom_value_path else None)})
        if rules:
            out[name] = rules
        probe = ('heat_template_version: 2021-04-16\nresources:\n  r:\n    type: ' + name +
                 '\n    properties: {hot_ls_probe_property: 1}\n')
        if heat_validate.validate({'template': probe})['ok']:
            any_property.append(name)
    if sorted(any_property) != stubbed:
        raise SystemExit(f'types accepting any property {sorted(any_property)} are not '
                         f"Heat's NoneResource types {stubbed}")
    any_property = stubbed
    with open(OUT, 'w', encoding='utf-8') as fh:
        json.dump({'generated_by': 'tools/gen_property_rules.py',
                   'heat_version': heat_runtime.HEAT_VERSION, 'translations': out,
                   'any_property': any_property}, fh, indent=1, sort_keys=True)
        fh.write('\n')
    print(f'{len(out)} types with REPLACE/DELETE translation rules, '
          f'{len(any_property)} accepting any property')


if __name__ == '__main__':
    main()
