"""OS::Cinder::* validate() (heat/engine/resources/openstack/cinder/), without a cloud."""
from __future__ import annotations

import itertools

from hot_ls.rules.plugins.errors import ValidationFailed, conflict
from hot_ls.rules.plugins.subject import Subject
from hot_ls.rules.plugins.values import Unknowable


#: the properties a volume is copied from, in Heat's order, and whether one alone needs no size
_SOURCES = (('snapshot_id', True), ('source_volid', True), ('image', False), ('imageRef', False))


def volume(r: Subject) -> None:
    """A size, or exactly one source to copy (a snapshot or a volume; an image needs a size).

    A source given by a parameter without a value is given or empty at deploy time: the
    check refuses when every way those go refuses (an image and no size), with the message
    of the sources all given."""
    props = r.properties
    given = {key: _given(props, key) for key in ('backup_id', *(k for k, _ in _SOURCES))}
    unknown = [key for key, value in given.items() if value is None]
    size = props.get('size')  # (Unknowable: the cloud decides, as before)
    failures = []
    for values in itertools.product((True, False), repeat=len(unknown)):
        failure = _volume_failure({**given, **dict(zip(unknown, values))}, size)
        if failure is None:
            if unknown:
                raise Unknowable()
            return
        failures.append(failure)
    raise failures[0]  # (the first: every unknown source given)


def _given(props, key: str) -> bool | None:
    """Whether the property is given a value Heat takes as true (None: known at deploy time)."""
    try:
        return bool(props.get(key))
    except Unknowable:
        return None


def _volume_failure(given: dict[str, bool], size) -> Exception | None:
    """CinderVolume.validate's refusal with these sources given, or None."""
    if given['image'] and given['imageRef']:
        return conflict('image', 'imageRef', at=('imageRef',))
    if given['backup_id']:
        return None
    exclusive = [key for key, _ in _SOURCES if given[key]]
    allow_no_size = [key for key, without_size in _SOURCES if without_size and given[key]]
    if size is None and (len(allow_no_size) != 1 or len(exclusive) != 1):
        return ValidationFailed('If neither "backup_id" nor "size" is provided, one and only one '
                                'of "source_volid", "snapshot_id" must be specified, but '
                                'currently specified options: %s.' % exclusive)
    if size and len(exclusive) > 1:
        return ValidationFailed('If "size" is provided, only one of "image", "imageRef", '
                                '"source_volid", "snapshot_id" can be specified, but currently '
                                'specified options: %s.' % exclusive, at=('size',))
    return None


def volume_type(r: Subject) -> None:
    if r.properties['projects'] and r.properties['is_public']:
        raise ValidationFailed('Can not specify property "projects" if the volume type is '
                               'public.', at=('projects',))
