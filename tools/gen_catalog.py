"""Generate hot_ls/data/catalog.json.gz, the resource catalog, from openstack-heat itself.

Run with the Heat virtual environment's Python (see docs/catalog.md):

    /work/.venv-heat/bin/python tools/gen_catalog.py [--check] [--full-json PATH]
    /work/.venv-heat/bin/python tools/gen_catalog.py --cloud-dumps DIR TYPE...

It records, for every type in Heat's resource registry (the ClassResourceInfo
entries of the global environment's registry), the description, the
support_status chain, the properties (nested schemas included), the
attributes, the update_policy schema and whether `get_attr` accepts any
attribute name (asked of Heat: a made-up attribute name is validated for
every type through tools/heat_validate.py).  It also records the global
environment's aliases, Heat's registered custom constraints, the Heat
release table and, for plugins analysed statically, the schemas of the heat
base classes that registered types derive from.

The output is deterministic: keys are sorted, nothing carries an address,
and the gzip header has no name and no timestamp.  `--check` compares
instead of writing (exit status 1 when the committed file differs).

`--cloud-dumps DIR TYPE...` writes what `openstack orchestration resource
type show -f json TYPE` prints (Heat's EngineService.resource_schema with
with_description=True), one file per type, into DIR.
"""
from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heat_runtime  # noqa: E402  (bootstraps Heat, loads the global environment)

from heat.engine import attributes, environment, properties, resource, resources, support  # noqa: E402

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
OUT = os.path.join(ROOT, 'hot_ls', 'data', 'catalog.json.gz')

# Heat's release numbers, series names and the newest HOT version each one
# understands.  Sources: openstack/releases (data/series_status.yaml for the
# names and release ids, deliverables/<series>/heat.yaml for the numbers) and
# openstack/heat's setup.cfg `heat.templates` entry points at each series'
# end-of-life tag (havana and icehouse had only 2013-05-23, before the entry
# points existed).  Support statuses in Heat use 2013.1 and 2013.2 too.
# 27.0.0 (hibiscus, 2026.2): the releases snapshot lists hibiscus as the
# series in development with no heat release yet; Heat's master uses
# version='27.0.0' in support statuses, and openstack-heat 27.0.1 is the
# release this catalog is generated from.
RELEASES = [
    # (number, name, release id, newest HOT template version)
    ('2013.1', 'grizzly', None, None),  # no HOT yet (CFN templates only)
    ('2013.2', 'havana', None, '2013-05-23'),  # HOT's first release
    ('2014.1', 'icehouse', None, '2013-05-23'),
    ('2014.2', 'juno', None, '2014-10-16'),
    ('2015.1', 'kilo', None, '2015-04-30'),
    ('5.0.0', 'liberty', None, '2015-10-15'),
    ('6.0.0', 'mitaka', None, '2016-04-08'),
    ('7.0.0', 'newton', None, '2016-10-14'),
    ('8.0.0', 'ocata', None, '2017-02-24'),
    ('9.0.0', 'pike', None, '2017-09-01'),
    ('10.0.0', 'queens', None, '2018-03-02'),
    ('11.0.0', 'rocky', None, '2018-08-31'),
    ('12.0.0', 'stein', None, '2018-08-31'),
    ('13.0.0', 'train', None, '2018-08-31'),
    ('14.0.0', 'ussuri', None, '2018-08-31'),
    ('15.0.0', 'victoria', None, '2018-08-31'),
    ('16.0.0', 'wallaby', None, '2021-04-16'),
    ('17.0.0', 'xena', None, '2021-04-16'),
    ('18.0.0', 'yoga', None, '2021-04-16'),
    ('19.0.0', 'zed', None, '2021-04-16'),
    ('20.0.0', 'antelope', '2023.1', '2021-04-16'),
    ('21.0.0', 'bobcat', '2023.2', '2021-04-16'),
    ('22.0.0', 'caracal', '2024.1', '2021-04-16'),
    ('23.0.0', 'dalmatian', '2024.2', '2021-04-16'),
    ('24.0.0', 'epoxy', '2025.1', '2021-04-16'),
    ('25.0.0', 'flamingo', '2025.2', '2021-04-16'),
    ('26.0.0', 'gazpacho', '2026.1', '2021-04-16'),
    ('27.0.0', 'hibiscus', '2026.2', '2021-04-16'),
]

_MISSING = object()


# -- serialisation -------------------------------------------------------

def class_path(cls) -> str:
    return f'{cls.__module__}.{cls.__qualname__}'


class Namer:
    """Registered type names of classes (for substitute_class)."""

    def __init__(self, registry: dict):
        self.by_class: dict[type, list[str]] = {}
        for name, info in registry.items():
            if isinstance(info, environment.ClassResourceInfo):
                self.by_class.setdefault(info.get_class(), []).append(name)

    def name(self, cls) -> str:
        names = sorted(self.by_class.get(cls, []))
        if not names:
            return class_path(cls)
        visible = [n for n in names if cls.support_status.status != support.HIDDEN]
        return (visible or names)[0]


def support_chain(status, namer: Namer) -> list[dict]:
    """The support_status chain, newest first; None keys left out."""
    chain = []
    while status is not None:
        step = {'status': status.status}
        if status.version is not None:
            step['version'] = str(status.version)
        if status.message is not None:
            step['message'] = str(status.message)
        if status.substitute_class is not None:
            step['substitute'] = namer.name(status.substitute_class)
        chain.append(step)
        status = status.previous_status
    return chain


def is_default_support(chain: list[dict]) -> bool:
    return chain == [{'status': 'SUPPORTED'}]


def json_value(value):
    """A default value as JSON; anything else is a generator bug, not repr()'d."""
    json.dumps(value, sort_keys=True)
    return value


def constraint_dict(constraint) -> dict:
    out = dict(constraint)
    if 'description' in out and out['description'] is not None:
        out['description'] = str(out['description'])
    return json_value(out)


def prop(schema, namer: Namer) -> dict:
    """One property schema in the compact form (defaults left out)."""
    s = properties.Schema.from_legacy(schema)
    out: dict = {'type': s.type.lower()}
    if s.description is not None:
        out['description'] = str(s.description)
    if s.default is not None:
        out['default'] = json_value(s.default)
    if s.required:
        out['required'] = True
    if s.update_allowed:
        out['update_allowed'] = True
    if s.immutable:
        out['immutable'] = True
    if not s.implemented:
        out['implemented'] = False
    if s.constraints:
        out['constraints'] = [constraint_dict(c) for c in s.constraints]
    if s.schema is not None:
        out['schema'] = {str(k): prop(v, namer) for k, v in sorted(s.schema.items())}
    chain = support_chain(s.support_status, namer)
    if not is_default_support(chain):
        out['support_status'] = chain
    return out


def attr(schema, namer: Namer) -> dict:
    s = attributes.Schema.from_attribute(schema)
    out: dict = {}
    if s.description is not None:
        out['description'] = str(s.description)
    if s.type is not None:
        out['type'] = s.type.lower()
    chain = support_chain(s.support_status, namer)
    if not is_default_support(chain):
        out['support_status'] = chain
    return out


def class_schema(cls, namer: Namer) -> dict:
    attrs = dict(cls.attributes_schema)
    attrs.update(cls.base_attributes_schema)
    out = {
        'class': class_path(cls),
        'description': str(cls.getdoc()),
        'support_status': support_chain(cls.support_status, namer),
        'properties': {k: prop(v, namer)
                       for k, v in sorted(getattr(cls, 'properties_schema', {}).items())},
        'attributes': {k: attr(v, namer) for k, v in sorted(attrs.items())},
    }
    if cls.update_policy_schema:
        out['update_policy'] = {k: prop(v, namer)
                                for k, v in sorted(cls.update_policy_schema.items())}
    constants = class_constants(cls, namer)
    if constants:
        out['constants'] = constants
    # Resource.validate_deletion_policy: only these accept `deletion_policy: Snapshot`
    out['snapshot_delete'] = callable(getattr(cls, 'handle_snapshot_delete', None))
    return out


_SCHEMA_ATTRIBUTES = ('properties_schema', 'attributes_schema', 'base_attributes_schema',
                      'update_policy_schema', 'support_status')


def encode_value(value, namer: 'Namer', depth: int = 0):
    """A class or module constant as JSON for the plugin reader; _MISSING if it is not data.

    Plain values stay as they are (tuples become lists); Heat's schema objects
    are tagged: {"$property": ...}, {"$attribute": ...}, {"$constraint": ...},
    {"$support": [chain]}.
    """
    from heat.engine import constraints
    if depth > 8:
        return _MISSING
    if value is None or isinstance(value, (bool, int, float, str)):
        if isinstance(value, float) and value != value:
            return _MISSING
        return str(value) if isinstance(value, str) else value
    if isinstance(value, properties.Schema):
        return {'$property': prop(value, namer)}
    if isinstance(value, attributes.Schema):
        return {'$attribute': attr(value, namer)}
    if isinstance(value, constraints.Constraint):
        return {'$constraint': constraint_dict(value)}
    if isinstance(value, support.SupportStatus):
        return {'$support': support_chain(value, namer)}
    if isinstance(value, (list, tuple)):
        items = [encode_value(v, namer, depth + 1) for v in value]
        return _MISSING if any(i is _MISSING for i in items) else items
    if type(value) is dict:
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                return _MISSING
            encoded = encode_value(item, namer, depth + 1)
            if encoded is _MISSING:
                return _MISSING
            out[key] = encoded
        return dict(sorted(out.items()))
    return _MISSING


def class_constants(cls, namer: 'Namer') -> dict:
    """Class attributes that are data (property names, tuples of them, schema dicts...).

    Plugins refer to them (`server.Server.FLAVOR`, `sc.SoftwareConfig.INPUTS`,
    `port.Port.extra_properties_schema`) when they reuse or extend a Heat
    class's schema.  What equals resource.Resource's own is recorded once, there.
    """
    out = {}
    for name in sorted(dir(cls)):
        if name.startswith('__') or name in _SCHEMA_ATTRIBUTES:
            continue
        try:
            value = getattr(cls, name)
        except AttributeError:
            continue
        if callable(value) or isinstance(value, property):
            continue
        if cls is not resource.Resource and getattr(resource.Resource, name, _MISSING) is value:
            continue
        encoded = encode_value(value, namer)
        if encoded is not _MISSING:
            out[name] = encoded
    return out


def _module_namespaces(registry: dict) -> dict[str, dict]:
    """Every Heat module reachable from sys.modules and from the registered classes.

    Heat's plugin loader executes resource modules without putting them in
    sys.modules, so they are found through their classes' functions'
    globals, and then through the modules those import.
    """
    import types as pytypes
    found: dict[str, dict] = {}
    queue: list[dict] = []
    for name, module in list(sys.modules.items()):
        if isinstance(module, pytypes.ModuleType):
            queue.append(vars(module))
    for info in registry.values():
        if isinstance(info, environment.ClassResourceInfo):
            for cls in info.get_class().__mro__:
                for member in vars(cls).values():
                    function = getattr(member, '__func__', member)
                    if isinstance(function, pytypes.FunctionType):
                        queue.append(function.__globals__)
                        break
    while queue:
        namespace = queue.pop()
        name = namespace.get('__name__')
        if not isinstance(name, str) or not name.startswith('heat.') or name in found \
                or '.tests' in name:
            continue
        found[name] = namespace
        for value in list(namespace.values()):
            if isinstance(value, pytypes.ModuleType):
                queue.append(vars(value))
    return found


def module_constants(namer: 'Namer', registry: dict) -> dict:
    """Public module-level data of Heat's modules (neutron.ALLOWED_SECURITY_GROUP_PROTOCOLS...)."""
    import types as pytypes
    out = {}
    for name, namespace in sorted(_module_namespaces(registry).items()):
        found = {}
        for key, value in sorted(namespace.items()):
            if key.startswith('_') or callable(value) or isinstance(value, pytypes.ModuleType):
                continue
            encoded = encode_value(value, namer)
            if encoded is not _MISSING:
                found[key] = encoded
        if found:
            out[name] = found
    # Classes that are not resources: the mixins registered types derive from (all their
    # data: KeystoneRoleAssignmentMixin.mixin_properties_schema...), and the constants of
    # the other classes Heat's modules define (HOTParamSchema.TYPES...).
    mixins = set()
    for info in registry.values():
        if isinstance(info, environment.ClassResourceInfo):
            for cls in info.get_class().__mro__:
                if cls.__module__.startswith('heat.') and not issubclass(cls, resource.Resource):
                    mixins.add(cls)
    for cls in sorted(mixins, key=class_path):
        found = {}
        for key, value in sorted(vars(cls).items()):
            if key.startswith('__') or callable(value) or isinstance(value, property):
                continue
            encoded = encode_value(value, namer)
            if encoded is not _MISSING:
                found[key] = encoded
        if found:
            out[class_path(cls)] = found
    for name, namespace in sorted(_module_namespaces(registry).items()):
        for key, value in sorted(namespace.items()):
            if not isinstance(value, type) or value.__module__ != name or value in mixins or \
                    issubclass(value, resource.Resource) or class_path(value) in out:
                continue
            found = {}
            for attr in sorted(vars(value)):
                if attr.isupper() and not attr.startswith('_'):
                    encoded = encode_value(vars(value)[attr], namer)
                    if encoded is not _MISSING:
                        found[attr] = encoded
            if found:
                out[class_path(value)] = found
    # The schema classes' constants (properties.Schema.STRING, attributes.Schema.TYPES...).
    from heat.engine import constraints
    for cls in (properties.Schema, attributes.Schema, constraints.Schema):
        found = {}
        for key in sorted(dir(cls)):
            if key.isupper():
                encoded = encode_value(getattr(cls, key), namer)
                if encoded is not _MISSING:
                    found[key] = encoded
        out[class_path(cls)] = found
    return dict(sorted(out.items()))


def overrides_get_attribute(cls) -> bool:
    """Heat's test in Resource.node_data for resources that answer any attribute name."""
    return (cls.get_attribute is not resource.Resource.get_attribute
            or cls.FnGetAtt is not resource.Resource.FnGetAtt)


# -- which types accept any attribute name in get_attr ---------------------

def _placeholder(schema) -> object:
    s = properties.Schema.from_legacy(schema)
    for c in s.constraints:
        allowed = dict(c).get('allowed_values')
        if allowed:
            return allowed[0]
    return {'string': 'x', 'integer': 1, 'number': 1, 'boolean': True,
            'list': [], 'map': {}}.get(s.type.lower(), 'x')


def probe_any_attribute(registry: dict) -> dict[str, bool]:
    """Ask Heat, per type, whether get_attr accepts a made-up attribute name.

    A template with one resource of the type and an output reading
    `zz_no_such_attribute` is validated by heat_validate (Heat's own
    validate_template path); 'show' is validated as a control.  When the
    resource itself fails validation the required properties are filled with
    placeholders and the question is asked again.  An answer that is neither
    "accepted" nor Heat's InvalidTemplateAttribute stops the generator.
    """
    import heat_validate  # patches client look-ups; imported only here, after the dump

    def ask(name: str, attribute: str, props: dict) -> dict:
        tmpl = {'heat_template_version': '2021-04-16',
                'resources': {'r': {'type': name, 'properties': props}},
                'outputs': {'o': {'value': {'get_attr': ['r', attribute]}}}}
        return heat_validate.validate({'template': json.dumps(tmpl)})

    answers = {}
    for name, info in sorted(registry.items()):
        if not isinstance(info, environment.ClassResourceInfo):
            continue
        cls = info.get_class()
        props: dict = {}
        control = ask(name, 'show', props)
        if not control['ok']:
            props = {k: _placeholder(v) for k, v in cls.properties_schema.items()
                     if properties.Schema.from_legacy(v).required}
            control = ask(name, 'show', props)
        if not control['ok']:
            raise SystemExit(f'any-attribute probe: {name} fails even with get_attr show: '
                             f'{control["error"]}')
        made_up = ask(name, 'zz_no_such_attribute', props)
        if made_up['ok']:
            answers[name] = True
        elif 'The Referenced Attribute (r zz_no_such_attribute) is incorrect' in made_up['error']:
            answers[name] = False
        else:
            raise SystemExit(f'any-attribute probe: unexpected answer for {name}: '
                             f'{made_up["error"]}')
    return answers


# -- the rest of the catalog -----------------------------------------------

def aliases(registry: dict) -> dict:
    out: dict = {'types': {}, 'globs': {}, 'templates': {}}
    for name, info in sorted(registry.items()):
        if isinstance(info, environment.GlobResourceInfo):
            out['globs'][name] = info.value
        elif isinstance(info, environment.MapResourceInfo):
            out['types'][name] = info.value
        elif isinstance(info, environment.TemplateResourceInfo):
            out['templates'][name] = info.value
    return out


def custom_constraints(env) -> dict:
    out = {}
    for name, cls in sorted(env.constraints.items()):
        module = cls.__module__
        if module.startswith('heat.engine.clients.os.'):
            service = module[len('heat.engine.clients.os.'):].split('.')[0]
        else:
            service = None  # heat's own, checkable without a cloud
        entry = {'class': class_path(cls)}
        if service:
            entry['service'] = service
        out[name] = entry
    return out


def base_classes(registry: dict, namer: Namer) -> dict:
    """Schemas of heat's unregistered Resource classes that registered types derive from."""
    out = {}
    for info in registry.values():
        if not isinstance(info, environment.ClassResourceInfo):
            continue
        for base in info.get_class().__mro__:
            if (isinstance(base, type) and issubclass(base, resource.Resource)
                    and base not in namer.by_class and class_path(base) not in out):
                out[class_path(base)] = class_schema(base, namer)
                if overrides_get_attribute(base):
                    out[class_path(base)]['any_attribute'] = True
    return dict(sorted(out.items()))


def generate() -> dict:
    heat_runtime.heat_version()
    env = resources.global_env()
    registry = env.registry._registry
    namer = Namer(registry)
    types = {}
    for name, info in sorted(registry.items()):
        if isinstance(info, environment.ClassResourceInfo):
            types[name] = class_schema(info.get_class(), namer)
    classes = {}
    for cls, names in namer.by_class.items():
        classes[class_path(cls)] = sorted(names)[0]
    data = {
        'generated_by': 'tools/gen_catalog.py',
        'heat_version': heat_runtime.HEAT_VERSION,
        'releases': [{'number': n, 'name': name, 'release_id': rid, 'hot_version': hot}
                     for n, name, rid, hot in RELEASES],
        'aliases': aliases(registry),
        'custom_constraints': custom_constraints(env),
        'classes': dict(sorted(classes.items())),
        'base_classes': base_classes(registry, namer),
        'modules': module_constants(namer, registry),
        'types': types,
    }
    for name, accepts in probe_any_attribute(registry).items():
        # Heat's answer must agree with the rule the plugin analyser applies statically.
        if accepts != overrides_get_attribute(registry[name].get_class()):
            raise SystemExit(f'any-attribute probe disagrees with get_attribute override: {name}')
        if accepts:
            types[name]['any_attribute'] = True
    return data


def encode(data: dict) -> bytes:
    """The committed form: gzip (mtime 0, no name) of JSON whose types are JSON strings.

    Each type (and each base class) is stored as its own JSON text so the
    loader parses only the index at start and a type's schema on first use.
    """
    stored = dict(data)
    stored['types'] = {name: json.dumps(body, sort_keys=True, separators=(',', ':'),
                                        ensure_ascii=False)
                       for name, body in data['types'].items()}
    stored['base_classes'] = {name: json.dumps(body, sort_keys=True, separators=(',', ':'),
                                               ensure_ascii=False)
                              for name, body in data['base_classes'].items()}
    stored['modules'] = json.dumps(data['modules'], sort_keys=True, separators=(',', ':'),
                                   ensure_ascii=False)
    # Support statuses and descriptions of the types, for listing without parsing each.
    stored['index'] = {name: {'support_status': body['support_status'],
                              'any_attribute': bool(body.get('any_attribute'))}
                       for name, body in data['types'].items()}
    text = json.dumps(stored, sort_keys=True, separators=(',', ':'), ensure_ascii=False)
    buf = io.BytesIO()
    with gzip.GzipFile(filename='', mode='wb', fileobj=buf, mtime=0, compresslevel=9) as fh:
        fh.write(text.encode('utf-8'))
    return buf.getvalue()


# -- cloud dumps -------------------------------------------------------------

def cloud_schema(type_name: str) -> dict:
    """`openstack orchestration resource type show -f json TYPE`, offline.

    Calls Heat's EngineService.resource_schema(with_description=True), with
    the policy check and the service-catalog check (which need a cloud)
    stubbed to succeed.
    """
    from heat.common import context
    from heat.engine import service

    class _Enforcer:
        def enforce(self, *args, **kwargs):
            return True

    engine = service.EngineService.__new__(service.EngineService)
    engine.resource_enforcer = _Enforcer()
    cls = resources.global_env().get_class(type_name)
    original = cls.is_service_available
    cls.is_service_available = classmethod(lambda c, ctx: (True, None))
    try:
        ctx = context.RequestContext(user_id='u', project_id='p')
        return engine.resource_schema(ctx, type_name, with_description=True)
    finally:
        cls.is_service_available = original


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--check', action='store_true',
                        help='compare with the committed file instead of writing it')
    parser.add_argument('--full-json', metavar='PATH',
                        help='also write the catalog as one indented JSON document')
    parser.add_argument('--cloud-dumps', metavar='DIR',
                        help='write `resource type show -f json` files for TYPE... into DIR')
    parser.add_argument('types', nargs='*', metavar='TYPE')
    args = parser.parse_args()
    if args.cloud_dumps:
        os.makedirs(args.cloud_dumps, exist_ok=True)
        for name in args.types:
            path = os.path.join(args.cloud_dumps, name.replace('::', '_') + '.json')
            with open(path, 'w', encoding='utf-8') as fh:
                json.dump(cloud_schema(name), fh, indent=2, sort_keys=True, ensure_ascii=False)
                fh.write('\n')
            print(path)
        return 0
    data = generate()
    blob = encode(data)
    if args.full_json:
        with open(args.full_json, 'w', encoding='utf-8') as fh:
            json.dump(data, fh, indent=1, sort_keys=True, ensure_ascii=False)
    if args.check:
        with open(OUT, 'rb') as fh:
            same = fh.read() == blob
        print('catalog is up to date' if same else 'catalog differs from the committed file')
        return 0 if same else 1
    with open(OUT, 'wb') as fh:
        fh.write(blob)
    print(f'{OUT}: {len(data["types"])} types, {len(blob)} bytes')
    return 0


if __name__ == '__main__':
    sys.exit(main())
