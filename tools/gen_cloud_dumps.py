"""Write fixtures/catalogs/: cloud schema dumps made by Heat itself.

Run with the Heat virtual environment's Python:

    /work/.venv-heat/bin/python tools/gen_cloud_dumps.py

Each file is what `openstack orchestration resource type show -f json TYPE`
prints: python-heatclient's ResourceTypeShow returns the columns and values
of Heat's EngineService.resource_schema (with `--long`, the description
too), and cliff's JSON formatter prints them as one object with an indent of
2.  tools/gen_catalog.py's cloud_schema() calls resource_schema offline.

* OS_Nova_KeyPair.json: one type, with `--long`;
* list.json: a JSON list of three types, without `--long` (no description);
* vendor/: a vendor-patched cloud: OS::Nova::Server with an extra property
  and attribute, and a vendor-only type, both made by patching Heat's real
  classes before asking resource_schema.
"""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_catalog  # noqa: E402  (bootstraps Heat)

from heat.engine import attributes, constraints, properties, resource, resources  # noqa: E402
from heat.engine import support  # noqa: E402

OUT = os.path.join(gen_catalog.ROOT, 'fixtures', 'catalogs')


def show(type_name: str, long: bool = True) -> dict:
    """The object `openstack orchestration resource type show -f json [--long]` prints."""
    data = gen_catalog.cloud_schema(type_name)
    if not long:
        data.pop('description', None)
    return data


def write(path: str, data) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w', encoding='utf-8') as fh:
        json.dump(data, fh, indent=2)  # cliff's JSON formatter: insertion order, indent 2
        fh.write('\n')
    print(path)


class VendorVolume(resource.Resource):
    """A vendor's storage volume (only on the vendor's cloud)."""

    support_status = support.SupportStatus(version='24.0.0')

    properties_schema = {
        'size': properties.Schema(
            properties.Schema.INTEGER, 'Size in GB.', required=True,
            constraints=[constraints.Range(min=1, max=16384)]),
        'tier': properties.Schema(
            properties.Schema.STRING, 'Storage tier.', default='standard',
            constraints=[constraints.AllowedValues(['standard', 'premium'])],
            update_allowed=True),
    }
    attributes_schema = {
        'wwn': attributes.Schema('World wide name.', type=attributes.Schema.STRING),
    }


def main() -> int:
    write(os.path.join(OUT, 'OS_Nova_KeyPair.json'), show('OS::Nova::KeyPair'))
    write(os.path.join(OUT, 'list.json'),
          [show(name, long=False)
           for name in ('OS::Heat::RandomString', 'OS::Neutron::Net', 'OS::Octavia::Quota')])

    env = resources.global_env()
    server = env.get_class('OS::Nova::Server')
    saved = (server.properties_schema, server.attributes_schema)
    server.properties_schema = dict(server.properties_schema)
    server.properties_schema['vendor_tier'] = properties.Schema(
        properties.Schema.STRING, 'The vendor\'s placement tier for the server.',
        default='gold', constraints=[constraints.AllowedValues(['gold', 'silver'])],
        update_allowed=True)
    server.attributes_schema = dict(server.attributes_schema)
    server.attributes_schema['vendor_host_group'] = attributes.Schema(
        'The vendor host group the server runs in.', type=attributes.Schema.STRING)
    try:
        write(os.path.join(OUT, 'vendor', 'OS_Nova_Server.json'), show('OS::Nova::Server'))
    finally:
        server.properties_schema, server.attributes_schema = saved
    env.register_class('Vendor::Storage::Volume', VendorVolume)
    write(os.path.join(OUT, 'vendor', 'Vendor_Storage_Volume.json'),
          show('Vendor::Storage::Volume'))
    return 0


if __name__ == '__main__':
    sys.exit(main())
