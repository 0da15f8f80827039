"""AWS::* validate() used in HOT templates, without a cloud."""
from __future__ import annotations

from hot_ls.rules.plugins.errors import ValidationFailed, unspecified
from hot_ls.rules.plugins.subject import Subject


def eip_association(r: Subject) -> None:
    props = r.properties
    eip = props['EIP']
    allocation_id = props['AllocationId']
    instance_id = props['InstanceId']
    interface_id = props['NetworkInterfaceId']
    if bool(eip) == bool(allocation_id):
        raise ValidationFailed("Either 'EIP' or 'AllocationId' must be provided.")
    if eip and not instance_id:
        raise ValidationFailed("Must specify 'InstanceId' if you specify 'EIP'.", at=('EIP',))
    if not instance_id and not interface_id:
        raise unspecified('InstanceId', 'NetworkInterfaceId')


def launch_configuration(r: Subject) -> None:
    props = r.properties
    mappings = props.get('BlockDeviceMappings')
    if mappings:
        for index, mapping in enumerate(mappings):
            ebs = mapping.get('Ebs')
            at = ('BlockDeviceMappings', index)
            if ebs:
                if not ebs.get('SnapshotId'):
                    raise ValidationFailed('SnapshotId is missing, this is required when '
                                           'specifying BlockDeviceMappings.', at=at)
            else:
                raise ValidationFailed('Ebs is missing, this is required when specifying '
                                       'BlockDeviceMappings.', at=at)
    if not props.get('InstanceId'):
        if not props.get('ImageId') or not props.get('InstanceType'):
            raise ValidationFailed('If without InstanceId, ImageId and InstanceType are required.')
