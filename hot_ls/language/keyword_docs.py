"""What the keywords of a template mean: one line each, for completion and hover.

Sections, resource, output and parameter keys, constraint keys, deletion
policies, pseudo parameters and custom constraint names.  (Functions have
their own module: `function_docs`.)
"""
from __future__ import annotations

from typing import Any

from hot_ls.language.constraints import custom_check

RESOURCE_KEY_DOCS = {
    'type': 'The resource type, or the path of a provider template.',
    'properties': 'The properties of the resource, as its type defines them.',
    'metadata': 'Free-form data attached to the resource.',
    'depends_on': 'Resources that must be created first.',
    'deletion_policy': 'What happens to the physical resource when it is deleted.',
    'update_policy': 'How an update is rolled out (for group types).',
    'description': 'A description of the resource.',
    'external_id': 'Adopt an existing physical resource by its ID.',
    'condition': 'The condition that decides whether the resource exists.',
}
SECTION_DOCS = {
    'heat_template_version': 'The HOT version the template is written for.',
    'description': 'A description of the template.',
    'parameter_groups': 'How parameters are grouped and ordered in user interfaces.',
    'parameters': 'Inputs given when the stack is created or updated.',
    'resources': 'The resources of the stack.',
    'outputs': 'Values the stack exposes once created.',
    'conditions': 'Conditions, from parameters, deciding which resources and outputs exist.',
}
PARAMETER_KEY_DOCS = {
    'type': 'string, number, comma_delimited_list, json or boolean.',
    'description': 'What the parameter is for.',
    'default': 'The value when none is given.',
    'constraints': 'Rules a value must follow.',
    'hidden': 'Hide the value in the stack\'s details (passwords).',
    'label': 'A human-readable name.',
    'immutable': 'Refuse to change the value on stack update.',
    'tags': 'Tags grouping parameters (from 2018-03-02).',
    'schema': 'Accepted for compatibility; Heat ignores it.',
}
DELETION_POLICY_DOCS = {
    'delete': 'Heat deletes the physical resource with the stack (the default).',
    'retain': 'Heat leaves the physical resource in place when the resource or the stack is '
              'deleted; it is no longer managed.',
    'snapshot': 'Heat takes a snapshot, then deletes the resource.  Only types that can '
                'snapshot accept it (of Heat\'s own: OS::Cinder::Volume, AWS::EC2::Volume, '
                'OS::Nova::Server, OS::Heat::DeployedServer); others fail validation.',
}
OUTPUT_KEY_DOCS = {'description': 'What the output is.', 'value': 'The value of the output.',
                   'condition': 'The condition deciding whether the output has a value.'}


def custom_constraint_text(name: str, info: Any) -> str:
    """What a custom constraint checks, and whether hot-ls can check it offline."""
    if custom_check(name) is not None:
        return ('Checked by Heat itself, without a cloud; hot-ls checks literal values and '
                'parameter defaults against it too.')
    if info is not None and info.service:
        return (f'Checked by Heat against the cloud\'s {info.service} service; hot-ls, '
                f'working offline, never flags it.')
    return 'Not a custom constraint of Heat 27.0.1 (it may come from a plugin of the cloud).'

PSEUDO_PARAMETER_DOCS = {
    'OS::stack_name': 'The name of the stack.',
    'OS::stack_id': 'The ID of the stack.',
    'OS::project_id': 'The ID of the project (tenant) the stack belongs to.',
    'OS::region': 'Listed by Heat, but never defined: get_param fails on it.',
}

CONSTRAINT_KEY_DOCS = {
    'range': 'A number between `min` and `max` (either optional), inclusive.',
    'length': 'The length of a string, list or map between `min` and `max` (either optional).',
    'modulo': 'A number equal to `offset` modulo `step` (from 2017-02-24).',
    'allowed_values': 'The value must be one of these.',
    'allowed_pattern': 'The value must match this regular expression (from its start).',
    'custom_constraint': 'A check Heat makes against the cloud (an image, a flavor, a network...).',
    'description': 'The message shown when the value breaks the constraint.',
}
