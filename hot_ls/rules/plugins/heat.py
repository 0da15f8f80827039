"""OS::Heat::* validate() (heat/engine/resources/openstack/heat/), without a cloud.

OS::Heat::Value has no validate(), but its `type` retypes `value`
(Value.reparse), so a create validates `value` as that type.  The groups'
own size checks are here; their members are validated in
hot_ls.rules.resources.members and the rules that read it.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from hot_ls.catalog import PropertySchema
from hot_ls.rules.plugins.errors import HeatError, PythonError, ValidationFailed, value_dependency
from hot_ls.rules.plugins.properties import PropertyProblem
from hot_ls.rules.plugins.subject import Subject
from hot_ls.rules.resources.property_walk import coerce


def random_string(r: Subject) -> None:
    props = r.properties
    sequences = props['character_sequences']
    classes = props['character_classes']

    def char_min(char_dicts, min_prop):
        if char_dicts:
            return sum(char_dict[min_prop] for char_dict in char_dicts)
        return 0

    length = props['length']
    min_length = char_min(sequences, 'min') + char_min(classes, 'min')
    if min_length > length:
        raise ValidationFailed('Length property cannot be smaller than combined character class '
                               'and character sequence minimums', at=('length',))


#: Value.reparse: the `type` of OS::Heat::Value, as a property type for `value`.
VALUE_TYPES = {'string': 'string', 'number': 'number', 'comma_delimited_list': 'list',
               'json': 'map', 'boolean': 'boolean'}


def value(r: Subject) -> None:
    """`value` coerced to `type`, as the strict validation of a create does (not in a member,
    which Heat does not validate strictly).  Building the resource reads `type` (reparse),
    in a nested stack too, where that read is what fails."""
    value_type = r.properties['type']
    if not r.strict:
        return
    if value_type not in VALUE_TYPES:
        return  # no type, or one its constraint refuses (HOT705)
    given = r.given('value')
    schema = PropertySchema('value', VALUE_TYPES[value_type], required=True)
    try:
        coerce(schema, given)
    except (TypeError, ValueError) as exc:
        raise ValidationFailed(str(exc), at=('value',), error='Property error',
                               path=('resources', r.name, 'properties', 'value'))


def software_deployment(r: Subject) -> None:
    """The server of a deployment must take software configs (its user_data_format)."""
    server = r.properties['server']
    if server:
        target = r.stack.resource_by_refid(server)
        if target is not None:
            user_data_format = target.properties.get('user_data_format')
            if user_data_format and not user_data_format == 'SOFTWARE_CONFIG':
                where = target.node(('user_data_format',))
                raise ValidationFailed("Resource %s's property user_data_format should be set "
                                       'to SOFTWARE_CONFIG since there are software deployments '
                                       'on it.' % server, at=('server',),
                                       related=((where.start, where.end,
                                                 f"{server}'s user_data_format"),),
                                       data={'set_property': [target.name, 'user_data_format',
                                                              'SOFTWARE_CONFIG']})


def scaling_policy(r: Subject) -> None:
    _min_adjustment_step(r, 'adjustment_type', 'min_adjustment_step',
                         'percent_change_in_capacity')


def aws_scaling_policy(r: Subject) -> None:
    _min_adjustment_step(r, 'AdjustmentType', 'MinAdjustmentStep', 'PercentChangeInCapacity')


def _min_adjustment_step(r: Subject, type_key: str, step_key: str, percent: str) -> None:
    adjustment_type = r.properties.get(type_key)
    adjustment_step = r.properties.get(step_key)
    if adjustment_type != percent and adjustment_step is not None:
        raise value_dependency(step_key, type_key, percent, at=(step_key,))


def resource_group(r: Subject) -> None:
    """Validating its nested stack (validate_nested_stack) reads `count`, and, when it is
    not 0, `removal_policies`, `resource_def` and `index_var` (the member's properties being
    written with it); it takes the first `count` member names (itertools.islice), which a
    negative count makes fail.  A strict validation refuses a missing or failing value
    first, and a negative count by the property's range (HOT705); a nested stack's is not
    strict: the reads are what fail there."""
    count = r.properties['count']
    if not count:
        return
    r.touch('removal_policies')
    if not r.strict and isinstance(count, int) and count < 0:
        raise PythonError('ValueError', 'Stop argument for islice() must be None or an '
                          'integer: 0 <= x <= sys.maxsize.', at=('count',))
    try:
        definition = r.properties['resource_def']
    except PropertyProblem as problem:
        if not _PARAMETER_MISSING.fullmatch(problem.message):
            raise
        return  # (read with a resolver that gives None for a parameter without a value)
    if isinstance(definition, Mapping) and definition.get('properties'):
        r.touch('index_var')


#: UserParameterMissing, which ResourceGroup.get_resource_def's resolver ignores
_PARAMETER_MISSING = re.compile(r'.*The Parameter \(.+\) was not provided\.')


def autoscaling_group(r: Subject) -> None:
    _group_size(r, 'min_size', 'max_size', 'desired_capacity')
    _member_definition(r)


#: The fields of a resource definition as HOTInterpreter (2015-04-30) reads them from
#: OS::Heat::AutoScalingGroup's `resource`, in its order: (key, accepted types, Heat's name).
_MEMBER_FIELDS = (('type', str, 'string'), ('properties', Mapping, 'object'),
                  ('metadata', Mapping, 'object'), ('depends_on', Sequence, 'list or string'),
                  ('deletion_policy', str, 'string'), ('update_policy', Mapping, 'object'),
                  ('description', str, 'string'))
_MEMBER_DELETION_POLICIES = ('Delete', 'Retain', 'Snapshot')


def _member_definition(r: Subject) -> None:
    """The group's `resource` read as a resource definition named 'member'
    (HOTInterpreter._rsrc_defn_args), which validating its nested stack does whatever the
    group's size: "TypeError: resources.g<nested_stack>: Resource member type type must be
    string".  The property's own schema is a map of anything."""
    data = r.properties['resource']
    if not isinstance(data, Mapping):
        return  # not a map: the property rules say so
    outer = ('resources', f'{r.name}<nested_stack>')
    keys = set(data)
    if 'type' not in keys:
        raise ValidationFailed(str(KeyError('Resource member is missing "type"')),
                               at=('resource',), error='KeyError', path=outer)
    for key, kind, typename in _MEMBER_FIELDS:
        if key not in keys:
            continue
        value = data[key]
        if not isinstance(value, kind):
            raise ValidationFailed(f'Resource member {key} type must be {typename}',
                                   at=('resource', key), error='TypeError', path=outer)
        if key == 'depends_on' and not isinstance(value, str) and \
                not all(isinstance(item, str) for item in value):
            raise ValidationFailed('Resource member depends_on must be a list of strings',
                                   at=('resource', key), path=outer)
        if key == 'deletion_policy' and value not in _MEMBER_DELETION_POLICIES:
            raise ValidationFailed(f'Invalid deletion policy "{value}"',
                                   at=('resource', key), path=outer)


def aws_autoscaling_group(r: Subject) -> None:
    _group_size(r, 'MinSize', 'MaxSize', 'DesiredCapacity')
    props = r.properties
    if props.get('VPCZoneIdentifier') and len(props['VPCZoneIdentifier']) != 1:
        raise HeatError('NotSupported', 'Anything other than one VPCZoneIdentifier is not '
                        'supported.', at=('VPCZoneIdentifier',))
    if bool(props.get('InstanceId')) == bool(props.get('LaunchConfigurationName')):
        raise ValidationFailed("Either 'InstanceId' or 'LaunchConfigurationName' must be "
                               'provided.')


def _group_size(r: Subject, min_key: str, max_key: str, desired_key: str) -> None:
    """AWS::AutoScaling::AutoScalingGroup.validate's sizes, which OS::Heat::AutoScalingGroup
    inherits with the AWS names in its messages."""
    props = r.properties
    min_size = props[min_key]
    max_size = props[max_key]
    if max_size < min_size:
        raise ValidationFailed('MinSize can not be greater than MaxSize', at=(min_key,))
    if min_size < 0:
        raise ValidationFailed('The size of AutoScalingGroup can not be less than zero',
                               at=(min_key,))
    if props[desired_key] is not None:
        desired = props[desired_key]
        if desired < min_size or desired > max_size:
            raise ValidationFailed('DesiredCapacity must be between MinSize and MaxSize',
                                   at=(desired_key,))
