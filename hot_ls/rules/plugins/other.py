"""validate() of the less used services (Zun, Zaqar, Glance, Barbican, Trove) and of the quotas."""
from __future__ import annotations

import base64

from hot_ls.rules.plugins.errors import (ValidationFailed, conflict, dependency, unspecified,
                                         value_dependency)
from hot_ls.rules.plugins.subject import Subject


def zun_container(r: Subject) -> None:
    props = r.properties
    policy = props['restart_policy']
    if policy and not _restart_policy(policy):
        raise ValidationFailed('restart_policy "%s" is invalid. Valid values are "no", '
                               '"on-failure[:max-retry]", "always", and "unless-stopped".'
                               % policy, at=('restart_policy',))
    for index, mount in enumerate(props['mounts'] or []):
        volume_id = mount.get('volume_id')
        volume_size = mount.get('volume_size')
        if volume_id is None and volume_size is None:
            raise ValidationFailed('One of the properties "volume_id" or "volume_size" should be '
                                   'set for the specified mount of container "%s".' % r.name,
                                   at=('mounts', index))
        if volume_id and volume_size:
            raise conflict('networks/volume_id', 'networks/volume_size', at=('mounts', index))
    for index, network in enumerate(props['networks'] or []):
        net_id = network.get('network')
        port = network.get('port')
        if net_id is None and port is None:
            raise unspecified('network', 'port', at=('networks', index))
        if network.get('fixed_ip') and port is not None:
            raise conflict('networks.fixed_ip', 'networks.port', at=('networks', index))


def _restart_policy(policy: str):
    """Container._parse_restart_policy (a ValueError for more than one ':', as in Heat)."""
    if ':' in policy:
        policy, count = policy.split(':')
        if policy in ['on-failure']:
            return {'Name': policy, 'MaximumRetryCount': count or '0'}
        return None
    if policy in ['always', 'unless-stopped', 'on-failure', 'no']:
        return {'Name': policy, 'MaximumRetryCount': '0'}
    return None


def trove_instance(r: Subject) -> None:
    """Instance.validate after its datastore check (the cloud's): users need the databases
    they name, and each of `networks` names a network or a port."""
    props = r.properties
    users = props['users']
    if users:
        databases = props['databases']
        if not databases:
            raise ValidationFailed('Databases property is required if users property is '
                                   'provided for resource %s.' % r.name, at=('users',))
        names = {database['name'] for database in databases}
        for index, user in enumerate(users):
            missing = [name for name in user['databases'] if name not in names]
            if missing:
                raise ValidationFailed('Database %s specified for user does not exist in '
                                       'databases for resource %s.' % (missing, r.name),
                                       at=('users', index))
    for index, nic in enumerate(props['networks']):
        if (nic.get('network') is None) == (nic.get('port') is None):
            raise ValidationFailed('Either network or port must be provided.',
                                   at=('networks', index))


def trove_cluster(r: Subject) -> None:
    """TroveCluster.validate after its datastore check: each instance's networks name a
    network or a port, not both."""
    for index, instance in enumerate(r.properties['instances']):
        for nic_index, nic in enumerate(instance['networks']):
            network, port = nic.get('network'), nic.get('port')
            if network is None and port is None:
                raise ValidationFailed('Either network or port must be provided.',
                                       at=('instances', index, 'networks', nic_index))
            if network is not None and port is not None:
                raise conflict('network', 'port', at=('instances', index, 'networks', nic_index))


SUBSCRIBER_TYPES = ['http', 'https', 'mailto', 'trust+http', 'trust+https']


def zaqar_subscription(r: Subject) -> None:
    if r.properties['subscriber'].split(':', 1)[0] not in SUBSCRIBER_TYPES:
        raise ValidationFailed('The subscriber type of must be one of: %s.'
                               % ', '.join(SUBSCRIBER_TYPES), at=('subscriber',))


def glance_web_image(r: Subject) -> None:
    props = r.properties
    container_format = props['container_format']
    if container_format in ['ami', 'ari', 'aki'] and props['disk_format'] != container_format:
        raise ValidationFailed("Invalid mix of disk and container formats. When setting a disk "
                               "or container format to one of 'aki', 'ari', or 'ami', the "
                               'container and disk formats must match.',
                               at=('container_format',))
    if props['members'] and props['visibility'] != 'shared':
        raise value_dependency('members', 'visibility', 'shared', at=('members',))


def barbican_secret(r: Subject) -> None:
    props = r.properties
    content_type = props['payload_content_type']
    if content_type:
        if not props['payload']:
            raise dependency('payload_content_type', 'payload', at=('payload_content_type',))
        if content_type == 'application/octet-stream':
            if not props['payload_content_encoding']:
                raise ValidationFailed("Property unspecified. For 'application/octet-stream' "
                                       "value of 'payload_content_type' property, "
                                       "'payload_content_encoding' property must be specified.",
                                       at=('payload_content_type',))
            try:
                base64.b64decode(props['payload'])
            except Exception:
                raise ValidationFailed("Invalid payload for specified '%s' value of "
                                       "'payload_content_encoding' property."
                                       % props['payload_content_encoding'],
                                       at=('payload',)) from None
    if props['payload_content_encoding'] and (
            not content_type or content_type == 'text/plain'):
        raise value_dependency('payload_content_encoding', 'payload_content_type',
                               'application/octet-stream', at=('payload_content_encoding',))


def barbican_generic_container(r: Subject) -> None:
    """GenericContainer.validate: its secrets' refs are distinct."""
    secrets = r.properties['secrets'] or []
    _distinct_refs([secret['ref'] for secret in secrets], [('secrets', index)
                                                           for index in range(len(secrets))])


def barbican_ref_container(r: Subject) -> None:
    """CertificateContainer's and RSAContainer's validate (GenericContainer's, with get_refs
    every property but `name` that has a value): the refs are distinct.  A `get_resource` of
    the same secret twice is the same ref (the secret's name, before Heat creates it)."""
    props = r.properties
    keys = [key for key in props if key != 'name' and props[key] is not None]
    _distinct_refs([props[key] for key in keys], [(key,) for key in keys])


def _distinct_refs(refs: list, places: list[tuple]) -> None:
    seen = set()
    for ref, at in zip(refs, places):
        if ref in seen:
            raise ValidationFailed('Duplicate refs are not allowed.', at=at)
        seen.add(ref)


def quota(r: Subject, names: tuple[str, ...] | None = None) -> None:
    """The quota types (Neutron's, Nova's, Octavia's, Cinder's): some quota besides `project`.

    The message names the quotas sorted, or in the order `names` gives."""
    if sum(1 for value in r.properties.values() if value is not None) <= 1:
        raise unspecified(*(names or sorted(set(r.properties) - {'project'})))
