"""Ask Heat itself whether it accepts a template: the validation oracle.

Run with the Heat virtual environment's Python.  Reads JSON Lines on stdin,
one case per line: {"id": ..., "template": TEXT, "environments": [TEXT...],
"files": {name: TEXT}, "strict": bool}, and writes one JSON line per case:
{"id": ..., "ok": bool, "error": MESSAGE-or-null}.

It reproduces `openstack orchestration template validate` (EngineService
.validate_template) offline: the template is parsed with Heat's own loader,
validated as a Template, then as a Stack with validate_res_tmpl_only=True.
Service availability checks and custom constraints that need a cloud client
(nova.flavor, glance.image, ...) are stubbed to succeed, exactly the cases
hot-ls promises never to flag offline.  With "strict": true, property values
are validated too (what a stack create does before it touches a cloud), and
parameters without a value get a placeholder that meets their constraints.
With "create": true as well, each resource plugin's own validate() runs too,
as `openstack stack create` does before creating anything (with every
cloud client stubbed).

Users run both commands, so "Heat rejects" means either refuses.  With
"paths": "both" a case is asked both questions and the answer says which
refused: {"id", "ok", "error", "refused_by": ["validate"?, "create"?],
"validate": {"ok", "error", "stage"}, "create": {"ok", "error", "stage",
"artifact"}}.  "validate" is `openstack orchestration template validate`
(strict_validate=False, validate_res_tmpl_only=True); "create" is what
`openstack stack create` checks before it touches a cloud service (the
engine's _parse_template_and_validate_stack: parse, environment merge,
Template.validate(), Stack.validate() with every plugin's validate() and
the property values).  A create refusal that comes from the stubbed cloud
rather than from the template (a client lookup the stub cannot answer) is
marked "artifact": true and not counted as a refusal.
"""
from __future__ import annotations

import json
import sys

import heat_runtime  # noqa: F401  (bootstraps Heat)

from heat.common import context, exception, template_format, environment_format
from heat.common import environment_util as env_util
from heat.engine import constraints, environment, resource, stack as parser
from heat.engine import template as templatem
from oslo_config import cfg

resource.Resource._validate_service_availability = classmethod(lambda cls, c, t: None)
constraints.BaseCustomConstraint.validate_with_client = lambda self, client, value: None


class _OfflineObject:
    """What the offline cloud returns for a lookup: an active object that fits any check.

    Plugins' validate() look images, flavors, networks... up and compare
    them with the template (an image's status and minimum RAM against a
    flavor's); offline, every object exists, is active and is big enough,
    so what a check reports is about the template, never about the stub.
    """

    _VALUES = {'status': 'active', 'min_ram': 0, 'min_disk': 0, 'size': 0, 'ram': 2 ** 31,
               'disk': 2 ** 31, 'vcpus': 2 ** 10, 'ephemeral': 2 ** 31, 'swap': 0,
               'is_public': True, 'shared': True, 'admin_state_up': True, 'extra_specs': {},
               'properties': {}, 'metadata': {}, 'tags': [], 'subnets': [], 'fixed_ips': []}

    def __init__(self, ident: str = 'offline-id'):
        self.id = self.name = ident

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        if name in self._VALUES:
            return self._VALUES[name]
        return _OfflineCall(name, self.id)

    def __iter__(self):
        return iter(())

    def __getitem__(self, key):
        if isinstance(key, str) and key.startswith('max'):
            return 2 ** 31  # absolute limits: the cloud allows anything
        return self._VALUES.get(key, _OfflineObject(f'{self.id}[{key}]'))

    def __str__(self):
        return self.id

    def get(self, key, default=None):
        return self._VALUES.get(key, default)

    def to_dict(self):
        return {'id': self.id, 'name': self.name}


class _OfflineCall:
    """A client method (or a manager holding methods): calling it looks something up."""

    def __init__(self, name: str, ident: str):
        self._name, self._ident = name, ident

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return _OfflineCall(name, self._ident)

    def __call__(self, *args, **kwargs):
        return _lookup(self._name, args)


_ANSWERS = {'is_version_supported': True, 'has_extension': True, 'does_endpoint_exist': True,
            'is_not_found': False, 'is_conflict': False, 'is_over_limit': False,
            'is_bad_request': False, 'is_client_exception': False,
            'is_unprocessable_entity': False, 'ignore_not_found': None, 'ignore_conflict_and_not_found': None}


def _lookup(method: str, args: tuple):
    """A lookup's offline answer: an ID is the name it was given, an object is a stub."""
    if method in _ANSWERS:
        return _ANSWERS[method]
    given = next((arg for arg in args if isinstance(arg, str)), 'offline-id')
    if method.endswith(('_id', '_ids')) or 'resourceid' in method or method.endswith('by_name_or_id'):
        return given
    if method.startswith(('list', 'get_all')):
        return []
    return _OfflineObject(given)


class _OfflineClientPlugin:
    """Stands in for every OpenStack client plugin: lookups find what they look for.

    Translation rules resolve names to IDs through client plugins (for
    example a network name to its ID); offline, the name is its own ID.
    The plugins' validate() methods look objects up (see _OfflineObject).
    """

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        if name == 'client':
            return lambda *args, **kwargs: _OfflineObject('client')
        return lambda *args, **kwargs: _lookup(name, args)


class _OfflineRpcClient:
    """The engine's RPC client, which group resources ask about existing members: a new stack has none."""

    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return lambda *args, **kwargs: []


from heat.engine import clients as _clients  # noqa: E402
from placeholders import placeholder_values  # noqa: E402,F401  (the create path's -P)

_clients.OpenStackClients.client_plugin = lambda self, name: _OfflineClientPlugin()
resource.Resource.rpc_client = lambda self: _OfflineRpcClient()


def validate(case: dict) -> dict:
    try:
        tmpl_dict = template_format.parse(case['template'])
    except Exception as ex:  # parse errors are ValueError/RequestLimitExceeded
        return {'ok': False, 'error': str(ex), 'stage': 'parse'}
    files = dict(case.get('files') or {})
    # what Heat's API hands the engine with environment files (InstantiationData.environment):
    # every section present, event_sinks and encrypted_param_names as lists
    params: dict = {}
    environment_format.default_for_missing(params)
    env_names = []
    for index, text in enumerate(case.get('environments') or []):
        name = f'env{index}.yaml'
        files[name] = text
        env_names.append(name)
    try:
        tmpl = templatem.Template(tmpl_dict, files=files)
        env_util.merge_environments(env_names or None, files, params,
                                    tmpl.all_param_schemata(files))
        if (case.get('strict') or case.get('create')) and isinstance(tmpl_dict, dict):
            given = dict(params.get('parameter_defaults') or {})
            given.update(params.get('parameters') or {})
            params['parameters'].update(placeholder_values(tmpl_dict, given))
        tmpl.env = environment.Environment(params)
    except Exception as ex:
        return {'ok': False, 'error': str(ex), 'stage': 'environment'}
    try:
        try:
            tmpl.validate()
        except Exception as ex:
            raise exception.StackValidationFailed(message=str(ex))
        max_resources = cfg.CONF.max_resources_per_stack
        if max_resources != -1 and len(tmpl[tmpl.RESOURCES]) > max_resources:
            raise exception.RequestLimitExceeded(
                message=exception.StackResourceLimitExceeded.msg_fmt)
    except Exception as ex:
        return {'ok': False, 'error': str(ex), 'stage': 'template'}
    ctx = context.RequestContext(user_id='u', project_id='p', is_admin=False)
    try:
        stk = parser.Stack(ctx, 'dummy', tmpl, strict_validate=bool(case.get('strict')))
        stk.validate(validate_res_tmpl_only=not case.get('create'))
    except Exception as ex:
        return {'ok': False, 'error': str(ex), 'stage': 'stack'}
    return {'ok': True, 'error': None, 'stage': None}


_STUB_ARTIFACTS = ('AttributeError', 'can not be found', 'offline-id', '_Offline')


def stub_artifact(message: str | None) -> bool:
    """Whether a create-path refusal comes from the stubbed clients, not from the template."""
    return bool(message) and (message.startswith(_STUB_ARTIFACTS[0]) or
                              any(marker in message for marker in _STUB_ARTIFACTS[1:]))


def judge(case: dict) -> dict:
    """Both questions a user asks Heat: template validate, and stack create's own checks."""
    answers = {
        'validate': validate({**case, 'strict': False, 'create': False}),
        'create': validate({**case, 'strict': True, 'create': True}),
    }
    answers['create']['artifact'] = (not answers['create']['ok']
                                     and stub_artifact(answers['create']['error']))
    refused_by = [path for path, answer in answers.items()
                  if not answer['ok'] and not answer.get('artifact')]
    first = answers[refused_by[0]]['error'] if refused_by else None
    return {'ok': not refused_by, 'error': first, 'refused_by': refused_by, **answers}


def answer(case: dict) -> dict:
    """The answer main() writes for one case: both paths, or the one its flags name."""
    return judge(case) if case.get('paths') == 'both' else validate(case)


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        result = answer(case)
        result['id'] = case.get('id')
        sys.stdout.write(json.dumps(result) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
