"""OS::Nova::Server validate() (heat/engine/resources/openstack/nova/server.py), without a cloud.

Ported: software-config deployments in metadata, block_device_mapping and
block_device_mapping_v2 (one bootable source, volume or snapshot but not
both, one source per v2 mapping), each network's keys (server_network_mixin
._validate_network), allocate_network with other networks, security_groups
with explicit ports.  Left out, because the cloud answers them: the image's
status and the flavor's size, the API microversions (allocate_network, nic
tags, tags, volume_type, personality) and the absolute limits (metadata,
personality).  The properties those read are still read, since a read
fails where the value cannot be had in its type.
"""
from __future__ import annotations

from hot_ls.rules.plugins.errors import CloudDependent, ValidationFailed, conflict
from hot_ls.rules.plugins.subject import Subject
from hot_ls.rules.plugins.values import UNKNOWN, Unknowable, reveal


def server(r: Subject) -> None:
    props = r.properties

    def software_config() -> None:
        if props['user_data_format'] == 'SOFTWARE_CONFIG' and r.metadata_has('deployments'):
            raise ValidationFailed('deployments key not allowed in resource metadata with '
                                   'user_data_format of SOFTWARE_CONFIG', at=('user_data_format',))

    r.parts(software_config, lambda: _block_device_mapping(r), lambda: r.touch('image', 'flavor'),
            lambda: _networks(r))


def _networks(r: Subject) -> None:
    props = r.properties
    networks = props['networks'] or []
    for index, network in enumerate(networks):
        _network(r, network, index)
    if _str_network(networks) is not None and len(networks) != 1:
        raise ValidationFailed('Property "allocate_network" can not be specified if multiple '
                               'network interfaces set for server.', at=('networks',))
    has_port = any(network['port'] is not None for network in networks)
    if has_port and props['security_groups']:
        raise conflict('security_groups', 'networks/port', at=('security_groups',))
    r.touch('tags', 'metadata', 'personality')


def _block_device_mapping(r: Subject) -> None:
    props = r.properties
    bdm = props['block_device_mapping'] or []
    bdm_v2 = props['block_device_mapping_v2'] or []
    try:  # (an image given at deploy time decides only whether the server is bootable)
        image = props['image']
    except Unknowable:
        image = UNKNOWN
    if bdm and bdm_v2:
        raise conflict('block_device_mapping', 'block_device_mapping_v2',
                       at=('block_device_mapping_v2',))
    bootable = image is not None and image is not UNKNOWN
    for index, mapping in enumerate(bdm):
        device_name = mapping['device_name']
        if device_name == 'vda':
            bootable = True
        volume_id = mapping.get('volume_id')
        snapshot_id = mapping.get('snapshot_id')
        if volume_id is not None and snapshot_id is not None:
            raise conflict('volume_id', 'snapshot_id', at=('block_device_mapping', index))
        if volume_id is None and snapshot_id is None:
            raise ValidationFailed('Either volume_id or snapshot_id must be specified for device '
                                   'mapping %s' % device_name, at=('block_device_mapping', index))
    bootable_devs = [image]
    for index, mapping in enumerate(bdm_v2):
        volume_id = mapping.get('volume_id')
        snapshot_id = mapping.get('snapshot_id')
        image_id = mapping.get('image')
        boot_index = mapping.get('boot_index')
        swap_size = mapping.get('swap_size')
        ephemeral = mapping.get('ephemeral_size') or mapping.get('ephemeral_format')
        sources = (volume_id, snapshot_id, image_id, swap_size, ephemeral)
        if sources.count(None) < 4:
            raise conflict('volume_id', 'snapshot_id', 'image', 'swap_size', 'ephemeral_size',
                           'ephemeral_format', at=('block_device_mapping_v2', index))
        if sources.count(None) == 5:
            raise ValidationFailed('Either volume_id, snapshot_id, image_id, swap_size, '
                                   'ephemeral_size or ephemeral_format must be specified.',
                                   at=('block_device_mapping_v2', index))
        if any((volume_id is not None, snapshot_id is not None, image_id is not None)):
            if boot_index is None or boot_index == 0:
                bootable = True
                bootable_devs.extend((volume_id, snapshot_id, image_id))
    if not bootable:
        reveal(image)
        raise ValidationFailed('Neither image nor bootable volume is specified for instance %s'
                               % r.name)
    given = [dev for dev in bootable_devs if dev is not None and dev is not UNKNOWN]
    if bdm_v2 and image is UNKNOWN and len(given) < 2:
        raise Unknowable()  # (one source more or not: the image decides)
    if bdm_v2 and len([dev for dev in bootable_devs if dev is not None]) != 1:
        raise ValidationFailed('Multiple bootable sources for instance %s.' % r.name,
                               at=('block_device_mapping_v2',))


def _network(r: Subject, network, index: int) -> None:
    """server_network_mixin._validate_network."""
    at = ('networks', index)
    net_id = network.get('network')
    port = network.get('port')
    subnet = network.get('subnet')
    fixed_ip = network.get('fixed_ip')
    floating_ip = network.get('floating_ip')
    str_network = network.get('allocate_network')
    if net_id is None and port is None and subnet is None and not str_network:
        raise ValidationFailed('One of the properties "network", "port", "allocate_network" or '
                               '"subnet" should be set for the specified network of server '
                               '"%s".' % r.name, at=at)
    has_value_keys = [key for key, value in network.items() if value is not None]
    if str_network and len(has_value_keys) != 1:
        raise ValidationFailed('Can not specify "allocate_network" with other keys of networks '
                               'at the same time.', at=at)
    if fixed_ip and port is not None:
        raise conflict('networks/fixed_ip', 'networks/port', at=at)
    if floating_ip is not None:
        if (net_id is not None and port is None and subnet is None
                and not network.get('port_extra_properties')):
            raise ValidationFailed('Property "floating_ip" is not supported if only "network" is '
                                   'specified, because the corresponding port can not be '
                                   'retrieved.', at=at)


def _str_network(networks):
    for network in networks or []:
        str_net = network.get('allocate_network')
        if str_net:
            return str_net
    return None


def keypair(r: Subject) -> None:
    """KeyPair.validate.  `type` and `user` need microversions (2.2, 2.10) every Nova
    of Heat 27's time has; a `public_key` is required from 2.92 (Nova 26.0.0, Zed), which
    Heat uses where its cloud's Nova offers it: a warning that says so."""
    props = r.properties
    r.touch('type', 'user')
    if not props['public_key']:
        raise CloudDependent(
            'The public_key property is required by the nova API version currently used.',
            when="Heat requires it where the cloud's Nova API is 2.92 or later, as every Nova "
                 'since Zed (2022) is: Nova no longer generates key pairs',
            at=('public_key',))
