"""Run the project's evaluation cases through Heat itself: the golden answers.

Run with the Heat virtual environment's Python:

    /work/.venv-heat/bin/python tools/gen_eval_golden.py

Reads tools/eval_cases.yaml (cases written by the project; see its header
for the format), expands each case over the template versions it names,
and evaluates it with openstack-heat 27.0.1 offline, the way heat-facts §4
describes: a Template holding the case's parameters, conditions and
resources, a Stack (context user 'u', project 'p', stack name 'name'), then
`tmpl.parse(stack.defn, snippet)` (or `parse_condition`), `function.validate`
and `function.resolve`; as a condition, the resolved value is then looked up
with `conditions.is_enabled`, as for a resource's `condition:`.

Writes fixtures/golden/eval.jsonl, one line per expanded case.  Each line is
also a valid `hot-ls eval --batch` input line: {"id", "version", "snippet",
"condition", "parameters", "conditions", "values", "resources", "files",
"environments", "stack"} plus Heat's answers:

* "expect": {"value": JSON, "repr": repr(value)} or {"error": {"message",
  "phase", "type"}} -- Heat before deploy (get_resource gives the resource
  name, get_attr None);
* "deployed" (only when the case has resources): the same with every
  resource created and holding placeholder data: get_resource gives
  "<<get_resource NAME>>", get_attr gives "<<get_attr NAME ATTR PATH...>>".
  This is what hot-ls's symbolic values must match once printed.
* "yaml": present when a field does not survive JSON (an integer map key,
  say): the case's fields as YAML, which the tests parse instead.

Offline stubs, all in this file: resources get resource data (so get_attr
can be validated and resolved); attribute names are not checked (any name
is accepted, as hot-ls does without a resource catalog); environments are
merged with Heat's own merge_environments.
"""
from __future__ import annotations

import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import heat_runtime  # noqa: E402,F401  (bootstraps Heat)

import yaml  # noqa: E402
from heat.common import context, environment_util as env_util, template_format  # noqa: E402
from heat.engine import environment, function, node_data, stk_defn  # noqa: E402
from heat.engine import stack as stk, template as templatem  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), '..'))
CASES = os.path.join(ROOT, 'tools', 'eval_cases.yaml')
OUT = os.path.join(ROOT, 'fixtures', 'golden', 'eval.jsonl')

VERSIONS = ['2013-05-23', '2014-10-16', '2015-04-30', '2015-10-15', '2016-04-08',
            '2016-10-14', '2017-02-24', '2017-09-01', '2018-03-02', '2018-08-31', '2021-04-16']
STACK = {'name': 'name', 'id': 'None', 'project_id': 'p'}
FIELDS = ('snippet', 'condition', 'parameters', 'conditions', 'values', 'parameter_defaults',
          'resources', 'files', 'environments')


# -- offline stubs -------------------------------------------------------------------

class _AnyName:
    """An attributes schema that holds every name."""

    def __contains__(self, item):
        return True


stk_defn.ResourceProxy.attributes_schema = property(lambda self: _AnyName())


def word(value) -> str:
    """How hot-ls prints a path element inside a placeholder."""
    return value if isinstance(value, str) else json.dumps(value)


class Placeholder(str):
    """A deploy-time attribute value: a string that stays a placeholder when indexed.

    HOT 2013-05-23's get_attr selects its path from the attribute value;
    indexing the placeholder extends it instead of picking a character.
    """

    def __new__(cls, resource, names):
        obj = super().__new__(cls, '<<get_attr ' + ' '.join(word(n) for n in
                                                            (resource,) + tuple(names)) + '>>')
        obj.resource = resource
        obj.names = tuple(names)
        return obj

    def __getitem__(self, key):
        return Placeholder(self.resource, self.names + (key,))


class PlaceholderAttributes(dict):
    """NodeData attributes: any attribute (or attribute path) is a placeholder."""

    def __init__(self, resource):
        super().__init__()
        self.resource = resource

    def __getitem__(self, key):
        names = key if isinstance(key, tuple) else (key,)
        return Placeholder(self.resource, names)


_real_fngetatts = stk_defn.ResourceProxy.FnGetAtts


def _fngetatts(self):
    data = self._resource_data
    if data is not None and isinstance(data._attributes, PlaceholderAttributes):
        return '<<get_attr %s>>' % self.name
    return _real_fngetatts(self)


stk_defn.ResourceProxy.FnGetAtts = _fngetatts


def resource_data(name: str, deployed: bool):
    if deployed:
        return node_data.NodeData(1, name, 'uuid', '<<get_resource %s>>' % name,
                                  PlaceholderAttributes(name), 'CREATE', 'COMPLETE')
    return node_data.NodeData(1, name, 'uuid', name, PlaceholderAttributes(name), 'INIT',
                              'COMPLETE')


# -- evaluation ----------------------------------------------------------------------

def encode(value):
    """A JSON form of a Heat result (lossy for odd keys; `repr` is the exact form)."""
    if isinstance(value, dict):
        return {k if isinstance(k, str) else json.dumps(k) if isinstance(k, (bool, type(None)))
                else k if isinstance(k, (int, float)) else str(k): encode(v)
                for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if isinstance(value, float) and value != value:
        return 'nan'
    if isinstance(value, (str, int, float, bool)) or value is None:
        return str.__str__(value) if isinstance(value, str) else value
    return str(value)


def plain(value):
    """Strip the Placeholder subclass so repr() is a plain str's."""
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, dict):
        return {plain(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    return value


def failure(exc, phase):
    return {'error': {'message': str(exc), 'phase': phase, 'type': type(exc).__name__}}


def evaluate(case: dict, version: str, deployed: bool) -> dict:
    tmpl_dict: dict = {'heat_template_version': version}
    if case.get('parameters') is not None:
        tmpl_dict['parameters'] = copy.deepcopy(case['parameters'])
    if 'conditions' in case:
        tmpl_dict['conditions'] = copy.deepcopy(case['conditions'])
    resources = case.get('resources') or {}
    if resources:
        tmpl_dict['resources'] = {
            name: (copy.deepcopy(spec) if isinstance(spec, dict) else {'type': spec})
            for name, spec in resources.items()}
    files = dict(case.get('files') or {})
    params = {'parameters': dict(case.get('values') or {}),
              'parameter_defaults': dict(case.get('parameter_defaults') or {}),
              'resource_registry': {}}
    try:
        tmpl = templatem.Template(tmpl_dict, files=files)
        env_names = []
        for index, text in enumerate(case.get('environments') or []):
            files['env%d.yaml' % index] = text
            env_names.append('env%d.yaml' % index)
        env_util.merge_environments(env_names or None, files, params,
                                    tmpl.all_param_schemata(files))
        tmpl.env = environment.Environment(params)
    except Exception as exc:
        return failure(exc, 'stack')
    ctx = context.RequestContext(user_id='u', project_id='p', is_admin=False)
    try:
        stack = stk.Stack(ctx, STACK['name'], tmpl)
    except Exception as exc:
        return failure(exc, 'stack')
    defn = stack.defn
    for name in resources:
        defn._resource_data[name] = resource_data(name, deployed)
    snippet = copy.deepcopy(case['snippet'])
    phase = 'parse'
    try:
        if case.get('condition'):
            parsed = tmpl.parse_condition(defn, snippet)
        else:
            parsed = tmpl.parse(defn, snippet)
        phase = 'validate'
        function.validate(parsed)
        phase = 'resolve'
        value = function.resolve(parsed)
        if case.get('condition'):
            value = tmpl.conditions(defn).is_enabled(value)
    except Exception as exc:
        return failure(exc, phase)
    value = plain(value)
    return {'value': encode(value), 'repr': repr(value)}


# -- the cases file --------------------------------------------------------------------

def versions_of(case: dict) -> list[str]:
    spec = case.get('versions')
    if spec is None:
        found = [v for v in VERSIONS if (case.get('since') or VERSIONS[0]) <= v
                 <= (case.get('until') or VERSIONS[-1])]
        return found if ('since' in case or 'until' in case) else [VERSIONS[-1]]
    if spec == 'all':
        return list(VERSIONS)
    if isinstance(spec, str):
        return [spec]
    return [str(v) for v in spec]


def faithful(value) -> bool:
    """Whether a value survives a trip through JSON unchanged."""
    try:
        return repr(json.loads(json.dumps(value))) == repr(value)
    except (TypeError, ValueError):
        return False


def load_cases() -> list[dict]:
    with open(CASES, encoding='utf-8') as fh:
        data = yaml.load(fh.read(), Loader=template_format.yaml_loader)
    cases = []
    for group in data['groups']:
        defaults = {k: v for k, v in group.items() if k not in ('group', 'cases')}
        for case in group['cases']:
            merged = dict(defaults)
            if any(key in case for key in ('versions', 'since', 'until')):
                for key in ('versions', 'since', 'until'):
                    merged.pop(key, None)
            merged.update(case)
            merged['id'] = '%s/%s' % (group['group'], case['id'])
            cases.append(merged)
    return cases


def main() -> None:
    heat_runtime.heat_version()
    lines = []
    seen = set()
    for case in load_cases():
        versions = versions_of(case)
        for version in versions:
            case_id = case['id'] if len(versions) == 1 else '%s@%s' % (case['id'], version)
            if case_id in seen:
                raise SystemExit('duplicate case id %s' % case_id)
            seen.add(case_id)
            line = {'id': case_id, 'version': version}
            for key in FIELDS:
                if key in case:
                    line[key] = case[key]
            line['stack'] = STACK
            line['expect'] = evaluate(case, version, deployed=False)
            if case.get('resources'):
                line['deployed'] = evaluate(case, version, deployed=True)
            fields = {k: case[k] for k in FIELDS if k in case}
            if not faithful(fields):
                line['yaml'] = yaml.safe_dump(fields, default_flow_style=False, sort_keys=False)
                for key in fields:
                    line[key] = encode(fields[key])
            if case.get('note'):
                line['note'] = case['note']
            lines.append(line)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, 'w', encoding='utf-8') as fh:
        for line in lines:
            fh.write(json.dumps(line, sort_keys=False) + '\n')
    print('%d cases recorded in %s' % (len(lines), os.path.relpath(OUT, ROOT)))


if __name__ == '__main__':
    main()
