"""OS::Mistral::* validate() (heat/engine/resources/openstack/mistral/), without a cloud."""
from __future__ import annotations

from hot_ls.rules.plugins.errors import ValidationFailed, conflict, dependency, unspecified
from hot_ls.rules.plugins.subject import Subject

VALIDATION_ERROR = 'Mistral resource validation error'


def workflow(r: Subject) -> None:
    props = r.properties
    if props.get('type') == 'reverse':
        params = props.get('params')
        if params is None or not params.get('task_name'):
            raise ValidationFailed("'task_name' is not assigned in 'params' in case of reverse "
                                   'type workflow.', at=('params',), error=VALIDATION_ERROR,
                                   path=(r.name, 'properties', 'params'))
    for index, task in enumerate(props.get('tasks')):
        at = ('tasks', index)
        wf_value = task.get('workflow')
        action_value = task.get('action')
        if wf_value and action_value:
            raise conflict('workflow', 'action', at=at)
        if not wf_value and not action_value:
            raise unspecified('workflow', 'action', at=at)
        if (task.get('requires') is not None and props.get('type')) == 'direct':
            raise ValidationFailed("task %(task)s contains property 'requires' in case of direct "
                                   'workflow. Only reverse workflows can contain property '
                                   "'requires'." % {'task': task.get('name')},
                                   at=at, error=VALIDATION_ERROR,
                                   path=(r.name, 'properties', 'tasks', task.get('name'),
                                         'requires'))
        if task.get('policies') is not None:
            for item in task.get('policies'):
                if task.get(item) is not None:
                    raise ValidationFailed('Property policies and %s cannot be used both at one '
                                           'time.' % item, at=at)
        if task.get('with_items') is None and task.get('concurrency') is not None:
            raise dependency('concurrency', 'with_items', at=at)


def cron_trigger(r: Subject) -> None:
    if not (r.properties['pattern'] or r.properties['first_time']):
        raise unspecified('pattern', 'first_time')
