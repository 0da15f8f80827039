"""OS::Cinder::* validate() (heat/engine/resources/openstack/cinder/), without a cloud."""
from __future__ import annotations

from hot_ls.rules.plugins.errors import ValidationFailed, conflict
from hot_ls.rules.plugins.subject import Subject


def volume(r: Subject) -> None:
    """A size, or exactly one source to copy (a snapshot or a volume; an image needs a size)."""
    props = r.properties
    image = props.get('image')
    image_ref = props.get('imageRef')
    if image and image_ref:
        raise conflict('image', 'imageRef', at=('imageRef',))
    if props.get('backup_id'):
        return
    exclusive, allow_no_size = [], []
    for key, without_size in (('snapshot_id', True), ('source_volid', True), ('image', False),
                              ('imageRef', False)):
        if props.get(key):
            exclusive.append(key)
            if without_size:
                allow_no_size.append(key)
    size = props.get('size')
    if size is None and (len(allow_no_size) != 1 or len(exclusive) != 1):
        raise ValidationFailed('If neither "backup_id" nor "size" is provided, one and only one of '
                               '"source_volid", "snapshot_id" must be specified, but currently '
                               'specified options: %s.' % exclusive)
    if size and len(exclusive) > 1:
        raise ValidationFailed('If "size" is provided, only one of "image", "imageRef", '
                               '"source_volid", "snapshot_id" can be specified, but currently '
                               'specified options: %s.' % exclusive, at=('size',))


def volume_type(r: Subject) -> None:
    if r.properties['projects'] and r.properties['is_public']:
        raise ValidationFailed('Can not specify property "projects" if the volume type is '
                               'public.', at=('projects',))
