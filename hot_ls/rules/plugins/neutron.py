"""OS::Neutron::* validate() (heat/engine/resources/openstack/neutron/), without a cloud.

Left out: SecurityGroup's `stateful: false` (whether Neutron has the
stateful-security-group extension is the cloud's answer).
"""
from __future__ import annotations

from hot_ls.language.glibc_inet_pton import inet_aton4, inet_pton6
from hot_ls.rules.plugins.errors import (Returned, ValidationFailed, conflict, dependency,
                                         unspecified)
from hot_ls.rules.plugins.subject import Subject


def value_specs(r: Subject) -> None:
    """NeutronResource.validate_properties, for the types that keep the base validate()
    (Net, Firewall): value_specs may not redefine a property, `shared` or `tenant_id`.

    The message lists the keys in the order of a Python set, as Heat's does."""
    props = r.properties
    if 'value_specs' in props:
        banned = {'shared', 'tenant_id'}.union(set(props))
        found = banned.intersection(set(props['value_specs']))
        if found:
            raise Returned('%s not allowed in value_specs' % ', '.join(found), at=('value_specs',))


def subnet(r: Subject) -> None:
    props = r.properties

    def pool_and_cidr() -> None:
        subnetpool = props['subnetpool']
        cidr = props['cidr']
        if subnetpool is not None and cidr:
            raise conflict('subnetpool', 'cidr', at=('cidr',))
        if subnetpool is None and not cidr:
            raise unspecified('subnetpool', 'cidr')

    def prefix() -> None:
        if props['prefixlen'] and props['cidr']:
            raise conflict('prefixlen', 'cidr', at=('prefixlen',))

    def ipv6_modes() -> None:
        ra_mode = props['ipv6_ra_mode']
        address_mode = props['ipv6_address_mode']
        if props['ip_version'] == 4 and (ra_mode or address_mode):
            raise ValidationFailed('ipv6_ra_mode and ipv6_address_mode are not supported for '
                                   'ipv4.', at=('ip_version',))
        if ra_mode and address_mode and ra_mode != address_mode:
            raise ValidationFailed('When both ipv6_ra_mode and ipv6_address_mode are set, they '
                                   'must be equal.', at=('ipv6_address_mode',))

    def gateway() -> None:
        gateway_ip = props.get('gateway_ip')
        if gateway_ip and gateway_ip not in ['~', '', 'auto'] and not _is_valid_ip(gateway_ip):
            # Heat passes a (format, value) tuple as the message, and prints the tuple
            message = ('Gateway IP address "%(gateway)s" is in invalid format.', gateway_ip)
            raise ValidationFailed(str(message), at=('gateway_ip',))

    # (Heat's order; a part whose values come at deploy time leaves the others to decide)
    r.parts(pool_and_cidr, prefix, ipv6_modes, gateway)


def _is_valid_ip(address: str) -> bool:
    """oslo_utils.netutils.is_valid_ip: netaddr's lenient IPv4 (inet_aton: "10.1" is one),
    else IPv6 (inet_pton, with an optional %scope of 1 to 15 characters)."""
    if ':' not in address and inet_aton4(address) is not None:
        return True
    parts = address.rsplit('%', 1)
    scope = parts[1] if len(parts) > 1 else None
    if scope is not None and not 1 <= len(scope) <= 15:
        return False
    return inet_pton6(parts[0]) is not None


def security_group(r: Subject) -> None:
    if r.properties['name'] == 'default':
        raise ValidationFailed('Security groups cannot be assigned the name "default".',
                               at=('name',))


def security_group_rule(r: Subject) -> None:
    props = r.properties
    if props['remote_group'] is not None and props['remote_ip_prefix'] is not None:
        raise conflict('remote_group', 'remote_ip_prefix', at=('remote_ip_prefix',))
    port_max = props['port_range_max']
    port_min = props['port_range_min']
    protocol = props['protocol']
    if (port_max is not None and port_min is not None
            and protocol not in ('icmp', 'icmpv6', 'ipv6-icmp') and port_max < port_min):
        raise ValidationFailed('The minimum port number must be less than or equal to the '
                               'maximum port number.', at=('port_range_min',))


def port(r: Subject) -> None:
    fixed_ips = r.properties.get('fixed_ips')
    no_fixed_ips = r.properties.get('no_fixed_ips', False)
    if fixed_ips and no_fixed_ips:
        raise conflict('fixed_ips', 'no_fixed_ips', at=('no_fixed_ips',))


def floating_ip(r: Subject) -> None:
    if r.properties['port_id'] is None and r.properties['fixed_ip_address'] is not None:
        raise dependency('fixed_ip_address', 'port_id', at=('fixed_ip_address',))


def router(r: Subject) -> None:
    props = r.properties
    is_distributed = props['distributed']
    l3_agent_id = props['l3_agent_id']
    l3_agent_ids = props['l3_agent_ids']
    is_ha = props['ha']
    if l3_agent_id and l3_agent_ids:
        raise conflict('l3_agent_id', 'l3_agent_ids', at=('l3_agent_ids',))
    if is_distributed and (l3_agent_id or l3_agent_ids):
        raise conflict('distributed', 'l3_agent_id/l3_agent_ids', at=('distributed',))
    if is_ha and is_distributed:
        raise conflict('distributed', 'ha', at=('ha',))
    if not is_ha and l3_agent_ids and len(l3_agent_ids) > 1:
        raise ValidationFailed('Non HA routers can only have one L3 agent.',
                               at=('l3_agent_ids',))


def router_interface(r: Subject) -> None:
    subnet_given = r.properties.get('subnet') is not None
    port_given = r.properties.get('port') is not None
    if subnet_given and port_given:
        raise conflict('subnet', 'port', at=('port',))
    if not subnet_given and not port_given:
        raise unspecified('subnet', 'port')


def provider_net(r: Subject) -> None:
    props = r.properties
    if props['segmentation_id'] and props['network_type'] in ('local', 'flat'):
        raise ValidationFailed('segmentation_id not allowed for network types: local, flat',
                               at=('segmentation_id',))
    if props['physical_network'] and props['network_type'] in ('vxlan', 'gre', 'geneve', 'local'):
        raise ValidationFailed('physical_network not allowed for network types: vxlan, gre, '
                               'geneve, flat', at=('physical_network',))


def segment(r: Subject) -> None:
    props = r.properties
    phys_network = props['physical_network']
    network_type = props['network_type']
    seg_id = props['segmentation_id']
    required = '%(prop)s is required for %(type)s provider network.'
    if network_type in ['flat', 'vlan'] and phys_network is None:
        raise ValidationFailed(required % {'prop': 'physical_network', 'type': network_type},
                               at=('network_type',))
    if network_type == 'vlan' and seg_id is None:
        raise ValidationFailed(required % {'prop': 'segmentation_id', 'type': network_type},
                               at=('network_type',))
    prohibited = '%(prop)s is prohibited for %(type)s provider network.'
    if network_type in ['local', 'flat'] and seg_id is not None:
        raise ValidationFailed(prohibited % {'prop': 'segmentation_id', 'type': network_type},
                               at=('segmentation_id',))
    if network_type in ['vxlan', 'gre', 'geneve'] and phys_network is not None:
        raise ValidationFailed(prohibited % {'prop': 'physical_network', 'type': network_type},
                               at=('physical_network',))
    if network_type == 'vlan' and seg_id > 4094:
        raise ValidationFailed('Up to 4094 VLAN network segments can exist on each '
                               'physical_network.', at=('segmentation_id',))


def subnet_pool(r: Subject) -> None:
    props = r.properties
    min_prefixlen = props['min_prefixlen']
    default_prefixlen = props['default_prefixlen']
    max_prefixlen = props['max_prefixlen']
    illegal = 'Illegal prefix bounds: %(key1)s=%(value1)s, %(key2)s=%(value2)s.'
    if min_prefixlen and max_prefixlen and min_prefixlen > max_prefixlen:
        raise ValidationFailed(illegal % dict(key1='max_prefixlen', value1=max_prefixlen,
                                              key2='min_prefixlen', value2=min_prefixlen),
                               at=('min_prefixlen',))
    if default_prefixlen:
        if max_prefixlen and default_prefixlen > max_prefixlen:
            raise ValidationFailed(illegal % dict(key1='max_prefixlen', value1=max_prefixlen,
                                                  key2='default_prefixlen',
                                                  value2=default_prefixlen),
                                   at=('default_prefixlen',))
        if min_prefixlen and min_prefixlen > default_prefixlen:
            raise ValidationFailed(illegal % dict(key1='min_prefixlen', value1=min_prefixlen,
                                                  key2='default_prefixlen',
                                                  value2=default_prefixlen),
                                   at=('min_prefixlen',))


def network_gateway(r: Subject) -> None:
    for index, connection in enumerate(r.properties['connections']):
        segmentation_type = connection['segmentation_type']
        segmentation_id = connection.get('segmentation_id')
        if segmentation_type == 'vlan' and segmentation_id is None:
            raise ValidationFailed('segmentation_id must be specified for using vlan',
                                   at=('connections', index))
        if segmentation_type == 'flat' and segmentation_id:
            raise ValidationFailed('segmentation_id cannot be specified except 0 for using flat',
                                   at=('connections', index))


#: RBACPolicy.SUPPORTED_TYPES_ACTIONS
RBAC_ACTIONS = {
    'network': ['access_as_shared', 'access_as_external'],
    'qos_policy': ['access_as_shared'],
    'security_group': ['access_as_shared'],
    'address_scope': ['access_as_shared'],
    'subnetpool': ['access_as_shared'],
}


def rbac_policy(r: Subject) -> None:
    action = r.properties['action']
    obj_type = r.properties['object_type']
    if action not in RBAC_ACTIONS[obj_type]:
        valid = ', '.join(RBAC_ACTIONS[obj_type])
        raise ValidationFailed('Invalid action "%(action)s" for object type %(obj_type)s. '
                               'Valid actions: %(valid_actions)s'
                               % {'action': action, 'obj_type': obj_type, 'valid_actions': valid},
                               at=('action',), error='Property error',
                               path=('resources', r.name, 'properties', 'action'))

